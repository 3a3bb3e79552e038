package raiders

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Action kinds, with their Args. Cards are card ids (see KindOf), buildings
// and spaces their indices in BuildingNames and Spaces, seats seat numbers.
const (
	KindReturn  = "return"  // [card]: set-up, return one of the five dealt to the deck (twice)
	KindPlace   = "place"   // [building]: work, put your worker there and do its action
	KindTake    = "take"    // [building]: work, take the worker there and do its action
	KindRaid    = "raid"    // [space]: raid it
	KindSkip    = "skip"    // []: do nothing more here
	KindTown    = "town"    // [card]: Town Hall, discard it for its ability
	KindSell    = "sell"    // [card]: Treasury, discard it for 2 silver
	KindSell2   = "sell2"   // [a, b]: Treasury, discard both for 1 gold
	KindHire    = "hire"    // [card]: Barracks (or a Recruiter), hire it as crew
	KindDismiss = "dismiss" // [card]: discard this crew member to make room
	KindArm     = "arm"     // [0 iron | 1 silver]: Armoury, pay for armour
	KindMill    = "mill"    // [0 provisions | 1 gold]: Mill with a white worker
	KindTrade   = "trade"   // []: Long House, pay 1 livestock for 2 provisions
	KindOffer   = "offer"   // [slot] or [slot, kind paid less]: make an offering
	KindReroll  = "reroll"  // [die]: a Brawler rerolls it
	KindLose    = "lose"    // [card]: this crew member is lost
	KindAvenge  = "avenge"  // [seat]: an Avenger makes that opponent lose a crew member
	KindDiscard = "discard" // [card]: hand limit, discard it
	KindSwap    = "swap"    // [seat, building]: Archer, swap that opponent's worker with the one there
	KindSteal   = "steal"   // [seat, plunder]: Barbarian, take it from them
	KindStrip   = "strip"   // [seat]: Berserker, that opponent loses 1 armour
	KindBrawl   = "brawl"   // [card, plunder]: Brawler, lose that crew member for the plunder
	KindExhume  = "exhume"  // [crew card, hand card]: Gravedigger, swap them
	KindUse     = "use"     // [building]: Merchant, do its action
	KindGive    = "give"    // [0 silver | 1 provision]: Mercenary, what you give
	KindScout   = "scout"   // [seat]: Scout, swap cards with that opponent
	KindTrade1  = "trade1"  // [card]: Scout, give it and take one of theirs at random
	KindRob     = "rob"     // [seat]: Warlord (2 silver) or Warmonger (1 provision) from them
)

// Step kinds: the decision the game waits for.
const (
	StepKeep     = "keep"     // set-up: every seat returns two of five cards, all at once
	StepTurn     = "turn"     // work or raid
	StepTake     = "take"     // work: take a worker from another building
	StepBuilding = "building" // a building's action (Building says which)
	StepAbility  = "ability"  // a Town Hall ability's choice (Card says whose)
	StepReroll   = "reroll"   // raid: Brawler rerolls
	StepLose     = "lose"     // raid: choose the crew the Valkyries kill
	StepAvenge   = "avenge"   // raid: the Avenger's owner chooses an opponent
	StepYield    = "yield"    // that opponent chooses the crew member to lose
	StepTribute  = "tribute"  // Mercenary: an opponent chooses silver or provision
	StepScout    = "scoutSwap"
	StepDiscard  = "discard" // end of turn: down to 8 cards
	StepOver     = "over"
)

// Error is every error this package returns: its text is safe to show a
// player, and Err is the rules sentinel callers may test with errors.Is.
type Error struct {
	Msg string
	Err error
}

func (e *Error) Error() string { return "raiders: " + e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Player is one seat's belongings.
type Player struct {
	Silver     int   `json:"silver"`
	Provisions int   `json:"provisions"`
	Gold       int   `json:"gold"`
	Iron       int   `json:"iron"`
	Livestock  int   `json:"livestock"`
	Armour     int   `json:"armour"`
	Valkyrie   int   `json:"valkyrie"` // position on the Valkyrie track
	VP         int   `json:"vp"`       // raid points so far
	Worker     int   `json:"worker"`   // the colour in hand, NoWorker mid-turn
	Hand       []int `json:"hand"`
	Crew       []int `json:"crew"`
	Offerings  []int `json:"offerings"`
	Dealt      []int `json:"dealt,omitempty"` // set-up: the five to keep three of
}

// plunder returns the player's count of a plunder kind.
func (p *Player) plunder(k int) *int {
	switch k {
	case Gold:
		return &p.Gold
	case Iron:
		return &p.Iron
	default:
		return &p.Livestock
	}
}

// crewOf counts the player's crew of a kind.
func (p *Player) crewOf(kind int) int {
	return rules.CountBy(p.Crew, func(c int) bool { return KindOf(c) == kind })
}

// Step is the decision the game waits for.
type Step struct {
	Kind     string `json:"kind"`
	Seat     int    `json:"seat"`
	Building int    `json:"building"`        // StepBuilding: which
	Colour   int    `json:"colour"`          // the worker colour doing the action
	Card     int    `json:"card"`            // StepAbility: the card whose ability it is
	Left     int    `json:"left,omitempty"`  // more of the same allowed (Long House, rerolls, losses)
	Other    int    `json:"other,omitempty"` // an opponent (yield, tribute, scout)
	Queue    []int  `json:"queue,omitempty"` // seats still to pay tribute
}

// Raid is the raid in progress, or the last one, for the log and boards.
type Raid struct {
	Seat     int      `json:"seat"`
	Space    int      `json:"space"`
	Dice     []int    `json:"dice"`
	Terms    [][2]int `json:"terms"` // [term id, value]: see Term*
	Strength int      `json:"strength"`
	VP       int      `json:"vp"`    // by threshold
	Bonus    int      `json:"bonus"` // crew VP for this settlement
	Killed   int      `json:"killed"`
}

// Strength terms of a raid, in Raid.Terms.
const (
	TermDice = iota
	TermArmour
	TermCrew
	TermArmourer
	TermBarbarian
	TermBrynjar
	TermFolke
	TermRagnhildr
)

// State is a game of Raiders of the North Sea. Every field is exported
// for the JSON encoding that replays compare; read it through View, which
// hides what a seat may not see.
type State struct {
	Players int        `json:"players"`
	Names   []string   `json:"names,omitempty"`
	RNG     *rules.RNG `json:"rng"`
	Seats   []Player   `json:"seats"`

	Deck    []int `json:"deck"` // top first
	Discard []int `json:"discard"`

	Buildings    [NumBuildings]int `json:"buildings"`    // worker colour at each, NoWorker for none
	SpaceWorkers []int             `json:"spaceWorkers"` // worker colour on each raid space
	Plunder      [][4]int          `json:"plunder"`      // each raid space's pieces by kind
	Supply       [4]int            `json:"supply"`       // plunder and Valkyries beside the board
	Silver       int               `json:"silver"`       // silver in the supply
	Provisions   int               `json:"provisions"`   // provisions in the supply

	Row      [OfferingRow]int `json:"row"`      // face-up offerings, -1 for an empty slot
	Offering []int            `json:"offering"` // the face-down stack, top first

	Start     int    `json:"start"` // the start player
	Turn      int    `json:"turn"`
	Placed    int    `json:"placed"`    // work: the building the worker was put at
	Taking    bool   `json:"taking"`    // work: the second half, after taking a worker
	FinalLeft int    `json:"finalLeft"` // turns left in the final round; -1 before it
	EndCause  string `json:"endCause,omitempty"`
	Step      Step   `json:"step"`
	Raid      *Raid  `json:"raid,omitempty"`

	Outcome *rules.Result `json:"outcome,omitempty"`
}

var _ rules.State = (*State)(nil)

func (s *State) name(p int) string {
	if p >= 0 && p < len(s.Names) && s.Names[p] != "" {
		return s.Names[p]
	}
	return fmt.Sprintf("Player %d", p+1)
}

func (s *State) seatOK(p int) bool { return p >= 0 && p < s.Players }

// Pending implements rules.State.
func (s *State) Pending() []rules.Prompt {
	switch s.Step.Kind {
	case StepOver:
		return nil
	case StepKeep:
		var out []rules.Prompt
		for p := range s.Seats {
			if len(s.Seats[p].Dealt) > 0 {
				out = append(out, rules.Prompt{Seat: rules.Seat(p), Text: fmt.Sprintf("Keep %d of your %d townsfolk: return %d to the deck", Kept, Dealt, len(s.Seats[p].Dealt)-Kept)})
			}
		}
		return out
	}
	return []rules.Prompt{{Seat: rules.Seat(s.Step.Seat), Text: s.prompt()}}
}

func (s *State) prompt() string {
	st := &s.Step
	switch st.Kind {
	case StepTurn:
		return "Work (place your worker in the village) or raid"
	case StepTake:
		return "Take a worker from another building"
	case StepBuilding:
		return BuildingNames[st.Building] + ": choose its action"
	case StepAbility:
		return Kinds[KindOf(st.Card)].Name + ": " + KindText[KindOf(st.Card)][1]
	case StepReroll:
		return "Brawler: reroll a die, or keep the dice"
	case StepLose:
		return fmt.Sprintf("Valkyries: choose a crew member lost in battle (%d to go)", st.Left)
	case StepAvenge:
		return "Avenger: choose an opponent to lose a crew member"
	case StepYield:
		return "An Avenger fell: choose a crew member to lose"
	case StepTribute:
		return "Mercenary: give 1 silver or 1 provision"
	case StepScout:
		return fmt.Sprintf("Scout: give a card for one of theirs (%d more at most), or stop", st.Left)
	case StepDiscard:
		return fmt.Sprintf("Discard down to %d cards", MaxHand)
	}
	return ""
}

// Result implements rules.State.
func (s *State) Result() *rules.Result { return s.Outcome }

// Clone implements rules.State.
func (s *State) Clone() rules.State {
	c := *s
	c.Names = slices.Clone(s.Names)
	r := *s.RNG
	c.RNG = &r
	c.Seats = make([]Player, len(s.Seats))
	for i, p := range s.Seats {
		p.Hand, p.Crew, p.Offerings, p.Dealt = slices.Clone(p.Hand), slices.Clone(p.Crew), slices.Clone(p.Offerings), slices.Clone(p.Dealt)
		c.Seats[i] = p
	}
	c.Deck, c.Discard = slices.Clone(s.Deck), slices.Clone(s.Discard)
	c.SpaceWorkers, c.Plunder = slices.Clone(s.SpaceWorkers), slices.Clone(s.Plunder)
	c.Offering = slices.Clone(s.Offering)
	c.Step.Queue = slices.Clone(s.Step.Queue)
	if s.Raid != nil {
		r := *s.Raid
		r.Dice, r.Terms = slices.Clone(r.Dice), slices.Clone(r.Terms)
		c.Raid = &r
	}
	if s.Outcome != nil {
		o := *s.Outcome
		c.Outcome = &o
	}
	return &c
}

func act(kind, label string, args ...int) rules.Action {
	return rules.Action{Kind: kind, Args: args, Label: label}
}

// Apply implements rules.State: it accepts exactly what Legal offers.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	a, err := rules.FindLegal(s, seat, a)
	if err != nil {
		return nil, err
	}
	p := int(seat)
	var ev events
	s.apply(p, a, &ev)
	return ev, nil
}

// events collects what happened, for the log.
type events []rules.Event

func (e *events) add(seat int, kind, format string, args ...any) {
	*e = append(*e, rules.Event{Kind: kind, Seat: rules.Seat(seat), Text: fmt.Sprintf(format, args...)})
}

// secret adds an event whose full wording only seat may read.
func (e *events) secret(seat int, kind, public, private string) {
	*e = append(*e, rules.Event{Kind: kind, Seat: rules.Seat(seat), Text: public, Secret: private, SecretTo: []rules.Seat{rules.Seat(seat)}})
}
