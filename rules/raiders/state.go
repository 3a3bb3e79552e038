package raiders

import (
	"fmt"

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
	// The modules' choices.
	KindDraft  = "draft"  // [card]: draft start, hire it, then pass one left, then one right
	KindMead   = "mead"   // [n]: raid, drink n mead before the roll (+1 strength each)
	KindCharm  = "charm"  // [slot]: Mead Hall, Charm the Crowd: take that face-up townsfolk
	KindQuest  = "quest"  // [space]: Mead Hall, Complete a Quest: the quest tile on that space
	KindClaim  = "claim"  // [reputation]: Mead Hall, claim that reputation tile
	KindSpend  = "spend"  // [card]: a quest, discard it for its strength
	KindKill   = "kill"   // []: a Jarl encounter, kill the Jarl
	KindSubdue = "subdue" // []: subdue the Jarl into the crew
	KindFlee   = "flee"   // [0 fame | 1 VP]: flee, losing that
	KindWound  = "wound"  // [crew card]: it takes a wound
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
	// The modules' steps.
	StepDraft = "draft" // set-up with a module: every seat hires one and passes two, all at once
	StepMead  = "mead"  // raid: drink mead before the roll
	StepQuest = "quest" // Mead Hall: discard hand cards for the quest (Card: the quest, Left: strength still needed, Other: its space)
	StepJarl  = "jarl"  // raid: kill, subdue or flee each Jarl met
	StepWound = "wound" // place the wounds of a kill or a subdue (Left: how many)
)

// Player is one seat's belongings.
type Player struct {
	Silver     int   `json:"silver"`
	Provisions int   `json:"provisions"`
	Gold       int   `json:"gold"`
	Iron       int   `json:"iron"`
	Livestock  int   `json:"livestock"`
	Armour     int   `json:"armour"`
	Valkyrie   int   `json:"valkyrie"`        // position on the Valkyrie track
	Taken      int   `json:"taken,omitempty"` // Valkyries taken in raids, the excess discarded included (Ragnhildr)
	VP         int   `json:"vp"`              // raid points so far
	Worker     int   `json:"worker"`          // the colour in hand, NoWorker mid-turn
	Hand       []int `json:"hand"`
	Crew       []int `json:"crew"`
	Offerings  []int `json:"offerings"`
	Dealt      []int `json:"dealt,omitempty"`      // set-up: the five to keep three of
	Fortresses int   `json:"fortresses,omitempty"` // fortresses raided
	// The modules.
	Draft  []int       `json:"draft,omitempty"`  // draft start: hired, passed left, passed right
	Mead   int         `json:"mead,omitempty"`   // Hall of Heroes
	Tiles  []int       `json:"tiles,omitempty"`  // quest and reputation tiles, in the order taken (see TileVP)
	Fame   int         `json:"fame,omitempty"`   // Fields of Fame: the fame track
	Jarls  int         `json:"jarls,omitempty"`  // Jarl tokens on the encounter board
	Wounds map[int]int `json:"wounds,omitempty"` // wounds on crew members, by card
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

// strengthOf is crew member c's strength now: printed, less its wounds.
func (p *Player) strengthOf(c int) int { return Kinds[KindOf(c)].Strength - p.Wounds[c] }

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
	Mead     int      `json:"mead,omitempty"` // mead drunk before the roll
	Loot     Pieces   `json:"loot"`           // what the raid took
}

// Encounter is a raid's meeting with Jarls (Fields of Fame): the Jarl
// cards revealed, one per token, the raider's choice for each (-1 until
// made; Kill, Subdue, FleeFame or FleeVP), and how many of them, in the
// book's order (all kills, then subdues, then flights), are resolved.
type Encounter struct {
	Jarls  []int `json:"jarls"`
	Choice []int `json:"choice"`
	Done   int   `json:"done"`
}

// An encounter's choices, in the order they resolve.
const (
	Kill     = 0
	Subdue   = 1
	FleeFame = 2
	FleeVP   = 3
)

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
	TermWounds // negative: the crew's wounds
	TermMead
	TermReveller
	TermSigrun
)

// State is a game of Raiders of the North Sea. Every field is exported
// for the JSON encoding that replays compare; read it through View, which
// hides what a seat may not see.
type State struct {
	rules.Base          // players, names, the generator, quiet (Hush)
	Seats      []Player `json:"seats"`

	Deck    []int `json:"deck"` // top first
	Discard []int `json:"discard"`

	Buildings    [NumBuildings]int `json:"buildings"`    // worker colour at each, NoWorker for none
	SpaceWorkers []int             `json:"spaceWorkers"` // worker colour on each raid space in play
	Plunder      []Pieces          `json:"plunder"`      // each raid space's pieces by kind
	Supply       Pieces            `json:"supply"`       // plunder and Valkyries beside the board
	Silver       int               `json:"silver"`       // silver in the supply
	Provisions   int               `json:"provisions"`   // provisions in the supply

	// The modules: which are on, and their pieces.
	Heroes      bool       `json:"heroes,omitempty"`
	Fame        bool       `json:"fame,omitempty"`
	Mead        int        `json:"mead,omitempty"`        // mead in the supply
	Hall        []int      `json:"hall,omitempty"`        // the Mead Hall's face-up townsfolk, -1 for none
	QuestStack  []int      `json:"questStack,omitempty"`  // face down, top first
	SpaceQuest  []int      `json:"spaceQuest,omitempty"`  // the quest tile on each raid space, -1 for none
	RepRow      []int      `json:"repRow,omitempty"`      // reputation tiles not yet claimed
	JarlDeck    []int      `json:"jarlDeck,omitempty"`    // face down, top first
	JarlDiscard []int      `json:"jarlDiscard,omitempty"` // Jarls fled from, killed, or lost from a crew
	Encounter   *Encounter `json:"encounter,omitempty"`
	Subdued     []int      `json:"subdued,omitempty"` // Jarls subdued this turn: no wound nor death for them yet

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

// Pending implements rules.State. A quiet state's prompts have no text.
func (s *State) Pending() []rules.Prompt {
	switch s.Step.Kind {
	case StepOver:
		return nil
	case StepKeep:
		var out []rules.Prompt
		for p := range s.Seats {
			if len(s.Seats[p].Dealt) > 0 {
				out = append(out, rules.Prompt{Seat: rules.Seat(p)})
				if s.Loud() {
					out[len(out)-1].Text = fmt.Sprintf("Keep %d of your %d townsfolk: return %d to the deck", Kept, Dealt, len(s.Seats[p].Dealt)-Kept)
				}
			}
		}
		return out
	case StepDraft:
		var out []rules.Prompt
		for p := range s.Seats {
			if d := len(s.Seats[p].Draft); d < DraftPasses {
				out = append(out, rules.Prompt{Seat: rules.Seat(p)})
				if s.Loud() {
					out[len(out)-1].Text = s.draftPrompt(p, d)
				}
			}
		}
		return out
	}
	return s.Prompt(s.Step.Seat, s.prompt)
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
	case StepMead:
		return "Drink mead before the roll? Each is +1 strength"
	case StepQuest:
		return fmt.Sprintf("Quest: discard townsfolk from your hand with %d more strength", st.Left)
	case StepJarl:
		return "A Jarl! Kill, subdue or flee"
	case StepWound:
		return fmt.Sprintf("Place %s on your crew", rules.Count(st.Left, "wound"))
	}
	return ""
}

// draftPrompt says what seat p drafts next, having chosen d cards.
func (s *State) draftPrompt(p, d int) string {
	switch d {
	case 0:
		return "Draft: hire one of your five townsfolk for free"
	case 1:
		return "Draft: pass one to the left, to " + s.Name(s.left(p))
	}
	return "Draft: pass one to the right, to " + s.Name(s.right(p))
}

// left and right are the neighbours of p: the next in turn order sits on
// the left, as play goes clockwise.
func (s *State) left(p int) int  { return (p + 1) % s.Players }
func (s *State) right(p int) int { return (p + s.Players - 1) % s.Players }

// Result implements rules.State.
func (s *State) Result() *rules.Result { return s.Outcome }
