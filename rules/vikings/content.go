package vikings

// The content the rulebook leaves out, as data in one place: the map and
// the 94 action cards. README.md says why each is what it is; swapping in
// the printed board or cards is an edit of these tables.

// Directions a longship moves in: the four winds.
const (
	North = 0
	East  = 1
	South = 2
	West  = 3
	// AnyWind marks a universal wind card: any allowed direction.
	AnyWind = 4
	// NoWind marks an event card without a wind.
	NoWind = -1
)

// DirNames name the directions.
var DirNames = [4]string{"north", "east", "south", "west"}

// dirStep is each direction's move on the grid: row, column.
var dirStep = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

// Colours of the players, the harbours, the villages and the thanes'
// daughters, clockwise around the board from the top.
const (
	Red     = 0
	Blue    = 1
	Yellow  = 2
	Green   = 3
	Colours = 4
)

// ColourNames name the colours.
var ColourNames = [Colours]string{"red", "blue", "yellow", "green"}

// SeatColours are the colours the players take by player count: at two,
// opposite harbours.
var SeatColours = [5][]int{2: {Red, Yellow}, 3: {Red, Blue, Yellow}, 4: {Red, Blue, Yellow, Green}}

// The map is a square of Size×Size cells: the four corners are the war
// camps (not sea), the rest are sea spaces. Space ids number the sea cells
// row by row, skipping the corners.
const Size = 7

// What a sea space holds, besides the sea.
const (
	Sea     = 0
	Harbour = 1
	Village = 2
	Centre  = 3 // where the sea monster starts
)

// The red quarter: its harbour and village, and the moves blocked there
// (reefs: [row, column, direction]). The other quarters are this one
// turned a quarter clockwise, once per colour, so the map is the same for
// every colour.
var (
	redHarbour = [2]int{0, 1}
	redVillage = [2]int{0, 4}
	redReefs   = [][3]int{
		{1, 2, East}, {1, 3, West}, // a reef between (1,2) and (1,3)
		{2, 1, South}, {3, 1, North}, // and between (2,1) and (3,1)
		{0, 3, South}, // a current: from (0,3) no way south
	}
	centre = [2]int{Size / 2, Size / 2}
)

// A kind of action card.
type Kind struct {
	Name     string
	Type     int    // Wind, Event or Hero
	Winds    string // each copy's wind, one letter per copy: N E S W, * for any, - for none
	Reaction bool   // an event played in answer to a stack (see Text)
	Once     bool   // a hero used once per round (else continuous, or none)
	Text     string
}

// Card types.
const (
	Wind  = 0
	Event = 1
	Hero  = 2
)

// The kinds of action card, and the thanes' daughters after them.
const (
	WindNorth = iota
	WindEast
	WindSouth
	WindWest
	WindAny
	Loki
	Thor
	Calm
	ShieldWall
	Seasick
	Mutiny
	Command
	Current
	Stirs
	Ravens
	Thief
	Berserker
	Shieldmaiden
	Helmsman
	Skald
	Seeress
	NumKinds
)

// Kinds holds the 94 action cards: 49 wind, 33 event and 12 hero cards.
var Kinds = [NumKinds]Kind{
	WindNorth: {"North wind", Wind, "NNNNNNNNNNN", false, false, "Sail one space north"},
	WindEast:  {"East wind", Wind, "EEEEEEEEEEE", false, false, "Sail one space east"},
	WindSouth: {"South wind", Wind, "SSSSSSSSSSS", false, false, "Sail one space south"},
	WindWest:  {"West wind", Wind, "WWWWWWWWWWW", false, false, "Sail one space west"},
	WindAny:   {"Fair wind", Wind, "*****", false, false, "Sail one space in any direction your space allows"},

	Loki:       {"Loki the Trickster", Event, "-----", true, false, "Reaction: cancel the card or action just below this one"},
	Thor:       {"Power of Thor", Event, "-----", true, false, "Reaction: +1 or −1 to the die roll of the attack in the stack"},
	Calm:       {"Dead Calm", Event, "NES", true, false, "Reaction: cancel the wind card just below this one"},
	ShieldWall: {"Shield Wall", Event, "WNE", true, false, "Reaction: cancel an attack on your longship"},
	Seasick:    {"Seasickness", Event, "SWN", true, false, "Reaction to a feast: a thane's daughter of the feasting crew is seasick and stays aboard"},
	Mutiny:     {"Mutiny", Event, "ESW", false, false, "A player of your choice throws a crew member of their choice overboard"},
	Command:    {"I'm taking Command!", Event, "NES", false, false, "Move another player's longship one space"},
	Current:    {"Favourable Current", Event, "WNE", false, false, "Move your longship one space"},
	Stirs:      {"Jörmungandr Stirs", Event, "SW", false, false, "Move the sea monster to any space without longships that is not a harbour"},
	Ravens:     {"Ravens of Odin", Event, "NS", false, false, "Draw 2 cards"},
	Thief:      {"Thief in the Night", Event, "E", false, false, "Take a random card from another player's hand"},

	Berserker:    {"Berserker", Hero, "---", false, false, "+1 to your attack rolls"},
	Shieldmaiden: {"Shieldmaiden", Hero, "---", false, false, "−1 to attack rolls against your longship"},
	Helmsman:     {"Helmsman", Hero, "--", false, true, "Once a round: move your longship one space"},
	Skald:        {"Skald", Hero, "--", false, true, "Once a round, as a reaction: +1 or −1 to the die roll of an attack"},
	Seeress:      {"Seeress", Hero, "--", false, true, "Once a round: draw 1 card"},
}

// Daughters: each colour's pile of thanes' daughters.
const DaughtersPerColour = 3

// Limits of the book.
const (
	StartHand   = 6 // "a starting hand of 6 cards"
	HandLimit   = 6 // "discard until they have 6 cards"
	CrewLimit   = 3 // "never more than 3 crew members"
	DrawPerTurn = 2
	Success     = 4 // "a modified die roll of 4 or more"
	Decisive    = 6 // an attack of 6 or more takes a crew member too
)

// MaxReshuffles ends a game that nobody wins: when the deck would be
// formed from the discards a fourth time, the game ends (README.md, The
// long game).
const MaxReshuffles = 3
