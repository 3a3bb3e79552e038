package raiders

import "strconv"

// The printed content the rulebook leaves out, as data in one place. The
// townsfolk, raid spaces, offerings and the plunder bag follow the reference
// data in testdata/ (a public, unofficial fan-made set of the printed base
// game's cards, raids and offerings); content_test.go checks these tables
// against it. The tracks' VP and the supplies of silver and provisions are
// our design (README.md says why).

// Worker colours.
const (
	Black = 0
	Grey  = 1
	White = 2
	// NoWorker marks an empty building or raid space.
	NoWorker = -1
)

// ColourNames name the worker colours.
var ColourNames = [3]string{"black", "grey", "white"}

// Settlements: the four kinds of raid space, and the Township of Fields
// of Fame.
const (
	Harbour   = 0
	Outpost   = 1
	Monastery = 2
	Fortress  = 3
	Township  = 4
)

// SettlementNames name the settlements.
var SettlementNames = [5]string{"harbour", "outpost", "monastery", "fortress", "township"}

// Plunder kinds, as the bag holds them. Valkyries (and, with Fields of
// Fame, Jarl tokens) are drawn with plunder but are not plunder a player
// keeps.
const (
	Gold      = 0
	Iron      = 1
	Livestock = 2
	Valkyrie  = 3
	JarlToken = 4
	NumPieces = 5
)

// Pieces counts the pieces on a raid space or in a supply, by plunder kind.
type Pieces [NumPieces]int

// PlunderNames name the plunder kinds.
var PlunderNames = [NumPieces]string{"gold", "iron", "livestock", "Valkyrie", "Jarl"}

// Bag is what the plunder bag holds at set-up, by plunder kind: 80 pieces,
// of which the raid spaces take 70. Fields of Fame adds JarlTokens.
var Bag = Pieces{18, 18, 26, 18, 0}

// Buildings of the village.
const (
	GateHouse    = 0
	TownHall     = 1
	Treasury     = 2
	Barracks     = 3
	Armoury      = 4
	Mill         = 5
	Silversmith  = 6
	LongHouse    = 7
	MeadHall     = 8 // Hall of Heroes only
	NumBuildings = 9
)

// BuildingNames name the buildings.
var BuildingNames = [NumBuildings]string{"Gate House", "Town Hall", "Treasury", "Barracks", "Armoury", "Mill", "Silversmith", "Long House", "Mead Hall"}

// Limits of the book (General).
const (
	MaxSilver     = 8 // at the end of a turn
	MaxProvisions = 8 // at the end of a turn
	MaxHand       = 8 // at the end of a turn
	MaxCrew       = 5 // at any time
	StartSilver   = 2
	Dealt         = 5 // townsfolk dealt at set-up, of which
	Kept          = 3 // each player keeps this many
)

// Supplies of silver and provisions: the book limits every resource to
// the supply but does not count the coins and provisions in the box. 40 of
// each is more than four players can hold at the end of their turns (8
// each), so the limit bites only in long hoards between turns.
const (
	SilverSupply     = 40
	ProvisionsSupply = 40
)

// ArmourVP is the armoury track: the VP scored at the end for each position.
// Its end is the most armour a player can hold.
var ArmourVP = []int{0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5}

// ValkyrieVP is the Valkyrie track: the VP scored at the end for each
// position (one per crew member lost in battle). Its end is position 6.
var ValkyrieVP = []int{0, 0, 2, 4, 6, 8, 10}

// MaxArmour is the armoury track's end, with or without the modules.
var MaxArmour = len(ArmourVP) - 1

// A townsfolk kind. Each card is one copy of a kind; a card's id is its
// index in the deck as Cards lays it out.
type Kind struct {
	Name     string
	Strength int // raid strength as crew
	Cost     int // silver to hire
	Copies   int
	Hero     bool // heroes have no Town Hall ability
}

// The base game's 26 townsfolk kinds, in the reference data's order; then
// the Hall of Heroes townsfolk and the Fields of Fame Jarls (designed, in
// modules.go).
const (
	Archer = iota
	Armourer
	Avenger
	Barbarian
	Berserker
	Brawler
	Brynjar
	Cartographer
	Champion
	Folke
	Forager
	Gatekeeper
	Gravedigger
	Huntsman
	Jeweller
	Marauder
	Merchant
	Mercenary
	Ragnhildr
	Recruiter
	Sage
	Scout
	Shieldmaiden
	Trader
	Warlord
	Warmonger
	// Hall of Heroes townsfolk, shuffled into the deck when it is on.
	Skald
	Brewer
	Reveller
	Sigrun
	Halfdan
	// Fields of Fame Jarls: the Jarl deck, crew only when subdued.
	Asgeir
	Bodvar
	Eyvind
	Gorm
	Hakon
	Ingvar
	Knut
	Orm
	Sweyn
	Thorkel
	NumKinds
)

// The kinds' ranges: base townsfolk, Hall of Heroes townsfolk, Jarls.
const (
	NumBaseKinds = Warmonger + 1
	FirstJarl    = Asgeir
)

// IsJarl says whether a card is a Jarl (never in a hand or the townsfolk
// deck).
func IsJarl(card int) bool { return KindOf(card) >= FirstJarl }

// Kinds holds each townsfolk kind's printed numbers. What each does as
// crew and at the Town Hall is in KindText and, as rules, in crew.go and
// townhall.go.
var Kinds = [NumKinds]Kind{
	Archer:       {"Archer", 3, 3, 2, false},
	Armourer:     {"Armourer", 3, 3, 3, false},
	Avenger:      {"Avenger", 3, 3, 2, false},
	Barbarian:    {"Barbarian", 3, 3, 3, false},
	Berserker:    {"Berserker", 4, 3, 4, false},
	Brawler:      {"Brawler", 2, 2, 3, false},
	Brynjar:      {"Brynjar", 4, 4, 1, true},
	Cartographer: {"Cartographer", 0, 1, 2, false},
	Champion:     {"Champion", 4, 4, 2, false},
	Folke:        {"Folke", 3, 4, 1, true},
	Forager:      {"Forager", 0, 1, 3, false},
	Gatekeeper:   {"Gatekeeper", 2, 3, 4, false},
	Gravedigger:  {"Gravedigger", 0, 1, 3, false},
	Huntsman:     {"Huntsman", 1, 1, 4, false},
	Jeweller:     {"Jeweller", 0, 1, 3, false},
	Marauder:     {"Marauder", 2, 2, 3, false},
	Merchant:     {"Merchant", 0, 2, 2, false},
	Mercenary:    {"Mercenary", 4, 4, 4, false},
	Ragnhildr:    {"Ragnhildr", 4, 4, 1, true},
	Recruiter:    {"Recruiter", 1, 2, 3, false},
	Sage:         {"Sage", 0, 2, 2, false},
	Scout:        {"Scout", 2, 2, 3, false},
	Shieldmaiden: {"Shieldmaiden", 3, 3, 4, false},
	Trader:       {"Trader", 0, 3, 2, false},
	Warlord:      {"Warlord", 3, 4, 3, false},
	Warmonger:    {"Warmonger", 3, 3, 4, false},
	// Hall of Heroes (modules.go says why).
	Skald:    {"Skald", 1, 2, 3, false},
	Brewer:   {"Brewer", 0, 1, 3, false},
	Reveller: {"Reveller", 2, 2, 3, false},
	Sigrun:   {"Sigrun", 4, 4, 1, true},
	Halfdan:  {"Halfdan", 3, 4, 1, true},
	// Jarls: strength, and the silver to subdue them (Jarls in modules.go).
	Asgeir:  {"Jarl Asgeir", 2, 1, 1, false},
	Bodvar:  {"Jarl Bodvar", 2, 2, 1, false},
	Eyvind:  {"Jarl Eyvind", 3, 2, 1, false},
	Gorm:    {"Jarl Gorm", 3, 2, 1, false},
	Hakon:   {"Jarl Hakon", 3, 3, 1, false},
	Ingvar:  {"Jarl Ingvar", 4, 3, 1, false},
	Knut:    {"Jarl Knut", 4, 3, 1, false},
	Orm:     {"Jarl Orm", 4, 4, 1, false},
	Sweyn:   {"Jarl Sweyn", 5, 4, 1, false},
	Thorkel: {"Jarl Thorkel", 5, 5, 1, false},
}

// KindText is each kind's two abilities in words, for boards and the rules
// summary: as crew, and at the Town Hall (empty for heroes).
var KindText = [NumKinds][2]string{
	Archer:       {"+2 VP when raiding an outpost", "Swap an opponent's worker with one in the village"},
	Armourer:     {"+2 strength when raiding a monastery", "Gain 1 armour"},
	Avenger:      {"If killed, an opponent of your choice loses a crew member too", "Every opponent loses 1 silver"},
	Barbarian:    {"+2 strength when raiding a fortress", "Take 1 plunder of your choice from an opponent"},
	Berserker:    {"If killed in a raid, back to your hand", "An opponent loses 1 armour"},
	Brawler:      {"Once per raid, reroll 1 die", "Lose 1 crew member to gain 1 plunder from the supply"},
	Brynjar:      {"+1 strength for every 3 armour", ""},
	Cartographer: {"Pay 1 gold less when raiding a fortress", "Pay 1 provision for 1 gold"},
	Champion:     {"3 VP at the end of the game", "Every opponent loses 1 provision"},
	Folke:        {"+1 strength for every other crew member", ""},
	Forager:      {"+1 provision at the Mill", "Gain 2 provisions"},
	Gatekeeper:   {"+1 card at the Gate House", "Draw 3 cards"},
	Gravedigger:  {"If killed in a raid, gain 1 gold", "Swap 1 crew member with a card from your hand"},
	Huntsman:     {"Pay 1 provision less when raiding an outpost", "Gain 1 provision and 1 silver"},
	Jeweller:     {"+1 silver at the Silversmith", "Pay 2 silver for 1 gold"},
	Marauder:     {"+1 VP when raiding an outpost", "Pay 1 livestock for 1 gold"},
	Merchant:     {"+1 VP for each livestock at the end of the game", "Do any other building's action"},
	Mercenary:    {"If killed in a raid, gain 1 VP", "Every opponent gives you 1 silver or 1 provision"},
	Ragnhildr:    {"+1 strength for every 2 Valkyries taken", ""},
	Recruiter:    {"Pay 1 silver less when hiring at the Barracks", "Hire a crew member for 2 silver"},
	Sage:         {"1 more action at the Long House", "Move the 3 offerings to the bottom of the stack"},
	Scout:        {"Pay 1 provision less when raiding a monastery", "Swap cards one for one with an opponent"},
	Shieldmaiden: {"+1 VP when raiding a monastery", "Pay 1 livestock for 1 iron"},
	Trader:       {"+1 VP for each offering at the end of the game", "Make an offering for 1 plunder or silver less"},
	Warlord:      {"2 VP at the end of the game", "Take up to 2 silver from an opponent"},
	Warmonger:    {"+1 VP when raiding a harbour", "Take 1 provision from an opponent"},
	Skald:        {"+1 VP whenever you complete a quest", "Gain 2 mead"},
	Brewer:       {"+1 mead at the Mead Hall", "Gain 1 mead and 1 provision"},
	Reveller:     {"+2 strength in a raid where you drink mead", "Pay 1 mead for 2 silver"},
	Sigrun:       {"+1 strength for each quest or reputation tile you hold", ""},
	Halfdan:      {"1 VP at the end of the game for each quest or reputation tile", ""},
}

// NumCards is the number of cards of every kind, Jarls included: card ids
// run from 0 to NumCards-1. The base game's 71 townsfolk are ids 0 to
// BaseCards-1.
var NumCards, BaseCards int

// cardKinds maps a card id to its kind: the copies of Kinds[0] first, and
// so on.
var cardKinds []int

func init() {
	for k, kind := range Kinds {
		for range kind.Copies {
			cardKinds = append(cardKinds, k)
		}
	}
	NumCards = len(cardKinds)
	BaseCards = cardsOf(0, NumBaseKinds)[1]
	for k := FirstJarl; k < NumKinds; k++ {
		KindText[k][0] = strconv.Itoa(Jarls[k-FirstJarl].EndVP) + " VP at the end of the game"
	}
}

// cardsOf returns the card ids of kinds from to to-1, as [first, end).
func cardsOf(from, to int) [2]int {
	r := [2]int{-1, -1}
	for id, k := range cardKinds {
		if k >= from && k < to {
			if r[0] < 0 {
				r[0] = id
			}
			r[1] = id + 1
		}
	}
	return r
}

// KindOf returns the kind of a card id, or -1 for no card.
func KindOf(card int) int {
	if card < 0 || card >= len(cardKinds) {
		return -1
	}
	return cardKinds[card]
}

// A raid space. Its plunder is drawn from the bag at set-up; its worker
// spot holds a worker of the given colour.
type Space struct {
	Settlement int
	Plunder    int     // pieces drawn from the bag at set-up
	Worker     int     // the colour seeded on its worker spot
	Gold       int     // gold to pay
	Provisions int     // provisions to pay
	Colours    [3]bool // which worker colours may raid it
	Crew       int     // crew needed
	Dice       int     // dice rolled
	// Thresholds are the strengths to reach, lowest first, and the VP
	// each gives. A harbour's one threshold is 0 for 1 VP: "gain 1 point".
	Thresholds [][2]int
}

// Spaces are the 23 raid spaces of the base game: 6 fortresses, 4
// monasteries, 4 outposts and 9 harbours, in the reference data's order;
// then the Township's spaces of Fields of Fame (modules.go), in play only
// with that module (BaseSpaces is the count without).
var Spaces = append([]Space{
	{Fortress, 2, White, 2, 3, [3]bool{false, false, true}, 5, 2, [][2]int{{22, 7}, {28, 9}, {36, 12}}},
	{Fortress, 3, White, 2, 3, [3]bool{false, false, true}, 5, 2, [][2]int{{22, 7}, {28, 9}, {36, 12}}},
	{Fortress, 2, White, 1, 2, [3]bool{false, false, true}, 4, 2, [][2]int{{18, 5}, {24, 7}, {32, 10}}},
	{Fortress, 2, White, 1, 2, [3]bool{false, false, true}, 4, 2, [][2]int{{18, 5}, {24, 7}, {32, 10}}},
	{Fortress, 2, White, 1, 4, [3]bool{false, false, true}, 5, 2, [][2]int{{20, 6}, {26, 8}, {34, 11}}},
	{Fortress, 3, White, 1, 4, [3]bool{false, false, true}, 5, 2, [][2]int{{20, 6}, {26, 8}, {34, 11}}},
	{Monastery, 3, White, 1, 3, [3]bool{false, true, true}, 4, 2, [][2]int{{12, 4}, {20, 6}}},
	{Monastery, 2, White, 1, 3, [3]bool{false, true, true}, 4, 2, [][2]int{{12, 4}, {20, 6}}},
	{Monastery, 2, White, 1, 2, [3]bool{false, true, true}, 3, 2, [][2]int{{14, 4}, {22, 6}}},
	{Monastery, 3, White, 1, 2, [3]bool{false, true, true}, 3, 2, [][2]int{{14, 4}, {22, 6}}},
	{Outpost, 3, White, 0, 3, [3]bool{false, true, false}, 3, 1, [][2]int{{10, 2}, {16, 4}}},
	{Outpost, 3, Grey, 0, 3, [3]bool{false, true, false}, 3, 1, [][2]int{{10, 2}, {16, 4}}},
	{Outpost, 4, Grey, 0, 4, [3]bool{false, true, false}, 3, 1, [][2]int{{8, 2}, {14, 4}}},
	{Outpost, 3, White, 0, 4, [3]bool{false, true, false}, 3, 1, [][2]int{{8, 2}, {14, 4}}},
	{Harbour, 4, Grey, 0, 2, [3]bool{true, true, false}, 2, 0, [][2]int{{0, 1}}},
	{Harbour, 3, Grey, 0, 2, [3]bool{true, true, false}, 2, 0, [][2]int{{0, 1}}},
	{Harbour, 4, Grey, 0, 2, [3]bool{true, true, false}, 2, 0, [][2]int{{0, 1}}},
	{Harbour, 3, Grey, 0, 1, [3]bool{true, true, false}, 3, 0, [][2]int{{0, 1}}},
	{Harbour, 4, Grey, 0, 1, [3]bool{true, true, false}, 3, 0, [][2]int{{0, 1}}},
	{Harbour, 4, Grey, 0, 1, [3]bool{true, true, false}, 3, 0, [][2]int{{0, 1}}},
	{Harbour, 4, Grey, 0, 3, [3]bool{true, true, false}, 2, 0, [][2]int{{0, 1}}},
	{Harbour, 3, Grey, 0, 3, [3]bool{true, true, false}, 2, 0, [][2]int{{0, 1}}},
	{Harbour, 4, Grey, 0, 3, [3]bool{true, true, false}, 2, 0, [][2]int{{0, 1}}},
}, TownshipSpaces...)

// BaseSpaces is the number of raid spaces of the base game.
const BaseSpaces = 23

// An offering to the Chieftain: what it costs and the VP it scores.
type Offering struct {
	Silver, Livestock, Iron, Gold int
	VP                            int
}

// Offerings are the 16 offering tiles, as the reference data lists them.
var Offerings = []Offering{
	{2, 0, 0, 1, 3}, {0, 1, 1, 1, 5}, {1, 3, 0, 0, 4}, {0, 2, 0, 1, 4},
	{0, 2, 1, 0, 4}, {0, 0, 0, 2, 4}, {0, 1, 0, 1, 3}, {2, 0, 1, 0, 3},
	{0, 2, 0, 2, 6}, {1, 2, 1, 0, 5}, {0, 0, 1, 1, 4}, {4, 0, 0, 0, 2},
	{1, 2, 0, 1, 5}, {0, 2, 2, 0, 6}, {0, 1, 1, 0, 3}, {0, 0, 2, 0, 4},
}

// OfferingRow is how many offerings lie face up.
const OfferingRow = 3

// FortressesToEnd is how many raided fortresses end the game.
const FortressesToEnd = 5

// SpaceName names raid space i by its settlement and its place among that
// settlement's spaces: "fortress 1" … "harbour 9".
func SpaceName(i int) string {
	n := 0
	for j := 0; j <= i; j++ {
		if Spaces[j].Settlement == Spaces[i].Settlement {
			n++
		}
	}
	return SettlementNames[Spaces[i].Settlement] + " " + strconv.Itoa(n)
}
