package raiders

import (
	"slices"

	"longhall/rules"
)

// Undo (rules.Undoable). What the table hides is each player's hand (and,
// at the start, the cards dealt and drafted), the townsfolk deck, and the
// order of the face-down offering, quest and Jarl stacks (Setup: "stack
// them facedown"; README.md, View). Workers, crews, resources, the tracks,
// the raid spaces, the face-up offerings and the Mead Hall's row are in
// plain sight. So a decision may be taken back unless it, or what the game
// does at once because of it:
//
//   - takes a card out of a hand (played face up at the Town Hall, sold,
//     hired, spent on a quest, discarded, given away, returned or drafted
//     at the set-up);
//   - draws from the deck or turns up the top of a face-down stack (the
//     Gate House, a Gatekeeper, Charm the Crowd's refill, an offering
//     replaced, a quest tile placed after a raid, a Jarl met);
//   - rolls dice (a raid, a Brawler's reroll, the roll after mead);
//   - or shows, by what the game offers or does next, something about a
//     hand the others cannot see (whether anything in it can be played at
//     the Town Hall, hired at the Barracks, or spent on a quest).
//
// The generator and secret events for other seats are checked again by
// rules.Reversibly whatever this file says, and the session takes nothing
// back across another seat's decision.

var _ rules.Undoable = (*State)(nil)

// Rand is rules.Base's: every shuffle, die and random pick of the game
// comes from s.RNG.

// Reveals implements rules.Undoable: whether seat's action a, about to be
// applied, shows anyone something hidden from them until now.
func (s *State) Reveals(seat rules.Seat, a rules.Action) bool {
	p := int(seat)
	if !s.allows(p, a) {
		return true // not a legal action: Apply refuses it anyway
	}
	if s.revealsByRule(p, a) {
		return true
	}
	return s.drawsHidden(seat, a)
}

// revealsByRule is the rule for each kind of decision, as apply.go,
// townhall.go, raid.go, hall.go and jarls.go carry it out. A kind it lets
// be taken back may still be final by what follows it (drawsHidden).
func (s *State) revealsByRule(p int, a rules.Action) bool {
	pl := &s.Seats[p]
	switch a.Kind {
	case KindReturn:
		// Setup, Townfolk: "keeps 3 of their 5 townfolk cards and returns
		// the other 2 facedown to the bottom of the deck": a choice among
		// cards only its holder has seen, into the face-down deck.
		return true
	case KindDraft:
		// Comprehensive book, Setup 5 (draft): the card hired face down
		// and the cards passed are chosen from a hidden hand; the last
		// choice reveals every hired card and hands the passed ones over.
		return true
	case KindPlace, KindTake:
		// Work: "Put your worker at any building that is available ...
		// Take a worker from any other building": the worker moves in
		// plain sight; the building's action then happens (activation).
		return s.activationReveals(p, a.Args[0])
	case KindUse:
		// The Merchant's Town Hall ability: "use any building's action",
		// as if the worker were there.
		return s.activationReveals(p, a.Args[0])
	case KindRaid:
		// Raid: "Roll the dice shown" (none at a harbour: "gain 1 point").
		// With Hall of Heroes and mead to drink the roll waits for the
		// mead (Raid 4; FAQ: "Must declare before rolling"), so choosing
		// the space and paying for it is only the raid's first step.
		dice := Spaces[a.Args[0]].Dice > 0
		return dice && !(s.Heroes && pl.Mead > 0)
	case KindMead:
		// Raid 4, mead: declared, then the dice are rolled at once.
		return true
	case KindReroll:
		// The Brawler: "reroll 1 die".
		return true
	case KindTown:
		// Work, Town Hall: "Discard 1 card from your hand for the action
		// at its bottom right": a hidden card played face up.
		return true
	case KindSell, KindSell2:
		// Work, Treasury: "Discard 1 card from your hand to gain 2 silver
		// or 2 cards to gain 1 gold": the cards leave the hand face up.
		return true
	case KindHire:
		// Work, Barracks (and the Recruiter): "play it face-up in front
		// of you".
		return true
	case KindSpend:
		// Mead Hall, Complete a Quest: "Discard cards from hand".
		return true
	case KindDiscard:
		// General: "no more than ... 8 in-hand cards at the end of their
		// turn. Discard excess": the card leaves the hand face up.
		return true
	case KindExhume:
		// The Gravedigger: the hand card chosen goes face up into the crew.
		return true
	case KindTrade1:
		// The Scout: a hidden card given, one of theirs taken at random.
		return true
	case KindDismiss:
		// General: "A player may discard any crew before hiring another":
		// the crew member is in plain sight, but dismissing is offered only
		// when the hand holds a card the player can pay for, which it
		// shows unless every card they might hold is affordable.
		cost := func(c int) int { return s.hireCost(p, c) }
		if s.Step.Kind == StepAbility {
			cost = func(int) int { return 2 } // the Recruiter's price
		}
		return s.handMayDiffer(p, func(c int) bool { return cost(c) <= pl.Silver })
	case KindQuest:
		// Mead Hall, Complete a Quest: offered only when the hand has the
		// strength ("Only cards from hand count"), so taking one on shows
		// it unless any hand of its size would.
		lo, _ := s.handStrengthRange(p)
		return lo < Quests[s.SpaceQuest[a.Args[0]]].Need
	case KindOffer:
		// Long House (and the Trader): "Deal a new offering to the emptied
		// space": the stack's top is turned face up, if any is left.
		return len(s.Offering) > 0
	case KindCharm:
		// Mead Hall, Charm the Crowd: "Take 1 face-up Townsfolk card ...
		// refill leftmost" from the deck (reshuffling the discards if it
		// ran out). The card taken was face up for all to see.
		return len(s.Deck)+len(s.Discard) > 0
	}
	// Everything else chooses among what everyone sees and pays from an
	// open supply: declining an action (skip), the Armoury, the Mill, the
	// Long House's trade, claiming a reputation tile, the Town Hall's
	// choices against opponents (Archer, Barbarian, Berserker, Brawler,
	// Warlord, Warmonger, whom to Scout), a Mercenary's tribute, keeping
	// the dice, the crew the Valkyries kill (Raid: "Discard a crew card of
	// your choice") or an Avenger takes, and a Jarl's kill, subdue or
	// flight and its wounds (Raid 8, Wounds). drawsHidden looks at what
	// follows.
	return false
}

// activationReveals says whether carrying out building b's action for p
// (Work, and the comprehensive book's table in 5.A) shows anything
// hidden. The game does an action at once when it has no choice, and
// otherwise waits for one; at three buildings whether there is a choice
// depends on the hidden hand.
func (s *State) activationReveals(p, b int) bool {
	pl := &s.Seats[p]
	switch b {
	case GateHouse:
		// "Draw 2 townsfolk cards" (more with a Gatekeeper), unless none
		// are left in the deck or the discards.
		return len(s.Deck)+len(s.Discard) > 0
	case TownHall:
		// Only a card whose ability can do something is offered, so
		// waiting for a choice, or passing on at once, says whether the
		// hand holds such a card.
		return s.handMayDiffer(p, func(c int) bool { return s.abilityPossible(p, c) })
	case Barracks:
		// Likewise whether the hand holds a card the player can pay for.
		return s.handMayDiffer(p, func(c int) bool { return s.hireCost(p, c) <= pl.Silver })
	case MeadHall:
		// Charm the Crowd and the reputation tiles are open choices; with
		// neither, whether the hand is strong enough for a quest on the
		// board decides.
		if slices.ContainsFunc(s.Hall, func(c int) bool { return c >= 0 }) ||
			slices.ContainsFunc(s.RepRow, func(t int) bool { return s.meetsRep(p, t-len(Quests)) }) {
			return false
		}
		need := -1
		for _, q := range s.SpaceQuest {
			if q >= 0 && (need < 0 || Quests[q].Need < need) {
				need = Quests[q].Need
			}
		}
		if need < 0 {
			return false
		}
		lo, hi := s.handStrengthRange(p)
		return lo < need && hi >= need
	}
	// The Treasury (a choice exactly when the hand, whose size all see, is
	// not empty), the Armoury, the Mill, the Silversmith and the Long
	// House: what they give or offer depends on open things only.
	return false
}

// hiddenCards are the townsfolk hidden from a spectator: the deck and
// every hand, dealt and drafted card. A hand seen by another seat, or by
// nobody, could be any of them (Redeal deals them again).
func (s *State) hiddenCards() []int {
	var out []int
	for _, pile := range s.hiddenPiles(-1, nil) {
		out = append(out, pile...)
	}
	return out
}

// handMayDiffer says whether "p's hand holds a card ok accepts" has a
// different answer for some hand of its size dealt from the hidden cards:
// yes when some of them are accepted and at least as many as the hand
// holds are not. Otherwise the answer follows from the hand's size alone,
// which everyone sees.
func (s *State) handMayDiffer(p int, ok func(c int) bool) bool {
	n := len(s.Seats[p].Hand)
	yes, no := 0, 0
	for _, c := range s.hiddenCards() {
		if ok(c) {
			yes++
		} else {
			no++
		}
	}
	return n > 0 && yes > 0 && no >= n
}

// handStrengthRange is the least and the most printed strength a hand of
// p's size dealt from the hidden cards can have (what a quest counts).
func (s *State) handStrengthRange(p int) (lo, hi int) {
	n := len(s.Seats[p].Hand)
	var str []int
	for _, c := range s.hiddenCards() {
		str = append(str, Kinds[KindOf(c)].Strength)
	}
	slices.Sort(str)
	for i := range min(n, len(str)) {
		lo += str[i]
		hi += str[len(str)-1-i]
	}
	return lo, hi
}

// drawsHidden applies seat's action a to a copy and reports whether what
// the game did, the action and all that followed at once up to the next
// decision, used the generator (dice, a shuffle, a random card), took
// from the deck or reshuffled the discards, turned up the top of the
// offering, quest or Jarl stack, or took a card out of a hand. It catches
// what a decision sets off: the end of a raid draws a quest tile onto the
// raided space (Raid 10), Jarl tokens taken reveal Jarl cards (Raid 8).
func (s *State) drawsHidden(seat rules.Seat, a rules.Action) bool {
	c := s.Clone().(*State)
	if _, err := c.Apply(seat, a); err != nil {
		return true // Apply refuses it anyway
	}
	if *c.RNG != *s.RNG || len(c.Discard) < len(s.Discard) {
		return true
	}
	if n := len(s.Deck); len(c.Deck) < n || !slices.Equal(c.Deck[:n], s.Deck) {
		return true
	}
	if !slices.Equal(c.Offering, s.Offering) || !slices.Equal(c.QuestStack, s.QuestStack) || !slices.Equal(c.JarlDeck, s.JarlDeck) {
		return true
	}
	for p := range s.Seats {
		for _, h := range s.Seats[p].Hand {
			if !slices.Contains(c.Seats[p].Hand, h) {
				return true
			}
		}
	}
	return false
}
