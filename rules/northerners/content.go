package northerners

// The content the rulebook leaves out, as data in one place: the map, the
// land-tile bag, the action bars with their costs, and the blessing,
// quest, raid and Kaupang cards. README.md says why each is what it is;
// swapping in the printed board or cards is an edit of these tables.

// Goods a warehouse holds. Treasure tiles are kept beside it, without a
// cap.
const (
	Wood     = 0
	Fish     = 1
	Iron     = 2
	Stone    = 3
	Treasure = 4
	NumGoods = 5
	// Resources are the four goods the warehouse caps at ResourceCap.
	Resources = 4
)

// GoodNames name the goods.
var GoodNames = [NumGoods]string{"wood", "fish", "iron", "stone", "treasure"}

// Goods is an amount of each good.
type Goods [NumGoods]int

// The warehouse: "Anything beyond 5 of a resource is lost"; set-up puts
// each marker at 3.
const (
	ResourceCap   = 5
	StartResource = 3
)

// Figures: each player's workers and vikings, and how many start in the
// village; the village holds 3 workers and 2 vikings until the workers
// house (7) and the weapon house (5) are built.
const (
	Workers        = 7
	Vikings        = 5
	StartWorkers   = 3
	StartVikings   = 2
	VillageWorkers = 3
	VillageVikings = 2
)

// Figure kinds.
const (
	Worker = 0
	Viking = 1
)

// Directions on the map's grid, clockwise from the top; a tile's roads
// are a mask of them (1<<North | ...).
const (
	North = 0
	East  = 1
	South = 2
	West  = 3
)

// AllRoads is the mask of a square with roads on every side.
const AllRoads = 1<<North | 1<<East | 1<<South | 1<<West

var dirStep = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

// The map is Size×Size squares; a square's id is row*Size+column.
const Size = 9

// What a square of the printed board holds.
const (
	Land    = 0 // empty until a land tile is explored onto it
	Village = 1 // a starting village (Squares[i].Seat says whose colour)
	Kaupang = 2
	Shaman  = 3 // the Spirit Shaman's lair
)

// Square is one square of the printed board.
type Square struct {
	Kind    int  `json:"kind"`
	Colour  int  `json:"colour"`  // a village's colour, else -1
	Circle  bool `json:"circle"`  // a blessing circle: the tile placed here brings a blessing
	Quarter int  `json:"quarter"` // which colour's quarter it lies in
}

// The top-left (first colour's) quarter: its village, its Kaupang square
// on the top edge and its two blessing circles. The other quarters are it
// turned a quarter clockwise, once per colour, so every village has the
// same board around it: Kaupang squares 4 steps away (each shared with the
// next village), the Shaman 6 steps away in the centre.
var (
	firstVillage = [2]int{1, 1}
	firstKaupang = [2]int{0, 4}
	firstCircles = [][2]int{{2, 3}, {3, 2}}
	centre       = [2]int{Size / 2, Size / 2}
)

// Colours, clockwise from the top left.
const Colours = 4

// ColourNames name the players' colours.
var ColourNames = [Colours]string{"red", "blue", "yellow", "green"}

// SeatColours are the villages the players take by player count: at two,
// opposite corners.
var SeatColours = [5][]int{2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}

// Squares is the printed board, and Villages each colour's village square.
var (
	Squares  [Size * Size]Square
	Villages [Colours]int
)

// turn turns a [row, column] a quarter clockwise about the centre, k times.
func turn(rc [2]int, k int) [2]int {
	for range k {
		rc = [2]int{rc[1], Size - 1 - rc[0]}
	}
	return rc
}

func id(rc [2]int) int { return rc[0]*Size + rc[1] }

func init() {
	for i := range Squares {
		Squares[i] = Square{Kind: Land, Colour: -1}
		r, c := i/Size, i%Size
		switch {
		case r < centre[0] && c <= centre[1]:
			Squares[i].Quarter = 0
		case r <= centre[0] && c > centre[1]:
			Squares[i].Quarter = 1
		case r > centre[0] && c >= centre[1]:
			Squares[i].Quarter = 2
		default:
			Squares[i].Quarter = 3
		}
	}
	for k := range Colours {
		Villages[k] = id(turn(firstVillage, k))
		Squares[Villages[k]] = Square{Kind: Village, Colour: k, Quarter: k}
		Squares[id(turn(firstKaupang, k))] = Square{Kind: Kaupang, Colour: -1, Quarter: k}
		for _, rc := range firstCircles {
			Squares[id(turn(rc, k))].Circle = true
		}
	}
	Squares[id(centre)] = Square{Kind: Shaman, Colour: -1, Quarter: -1}
}

// neighbour is the square beside i in direction d, or -1 off the board.
func neighbour(i, d int) int { return neighbours[i][d] }

// neighbours is neighbour as a table, worked out once: the roads are
// walked all the time.
var neighbours = func() (n [Size * Size][4]int) {
	for i := range n {
		for d := range 4 {
			r, c := i/Size+dirStep[d][0], i%Size+dirStep[d][1]
			n[i][d] = -1
			if r >= 0 && r < Size && c >= 0 && c < Size {
				n[i][d] = r*Size + c
			}
		}
	}
	return n
}()

// Land tiles: the bag's 80 tiles, each a road shape. A tile's mask is its
// roads turned by its rotation when placed.
var tileShapes = []struct {
	Name  string
	Roads int
	Count int
}{
	{"straight road", 1<<North | 1<<South, 20},
	{"bend", 1<<North | 1<<East, 24},
	{"fork", 1<<North | 1<<East | 1<<South, 24},
	{"crossroads", AllRoads, 12},
}

// NumTiles is the number of land tiles in the bag.
const NumTiles = 80

// TileRoads is the roads of land tile t before it is turned.
func TileRoads(t int) int {
	if t >= 0 && t < NumTiles {
		return tileRoads[t]
	}
	return shapeRoads(t)
}

// tileRoads is TileRoads as a table, worked out once.
var tileRoads = func() (r [NumTiles]int) {
	for t := range r {
		r[t] = shapeRoads(t)
	}
	return r
}()

// shapeRoads is the roads of land tile t's shape (0 for no tile).
func shapeRoads(t int) int {
	for _, sh := range tileShapes {
		if t < sh.Count {
			return sh.Roads
		}
		t -= sh.Count
	}
	return 0
}

// TileName names land tile t's shape.
func TileName(t int) string {
	for _, sh := range tileShapes {
		if t < sh.Count {
			return sh.Name
		}
		t -= sh.Count
	}
	return "tile"
}

// Turned is a road mask turned rot quarters clockwise.
func Turned(roads, rot int) int {
	rot &= 3
	return (roads<<rot | roads>>(4-rot)) & AllRoads
}

// Buildings: the tiles a player builds on the map, from their supply.
const (
	Woodcutter = 0
	IronMine   = 1
	Quarry     = 2
	House      = 3
	Watchtower = 4
	NumBuilds  = 5
)

// BuildingNames name the buildings.
var BuildingNames = [NumBuilds]string{"woodcutter", "iron mine", "stone quarry", "house", "watchtower"}

// BuildingSupply is how many of each a player has (set-up, step 2).
var BuildingSupply = [NumBuilds]int{2, 2, 2, 3, 3}

// BuildingGood is what a worker on the building yields: a good, or -1 for
// victory points (houses); watchtowers take no figures.
var BuildingGood = [NumBuilds]int{Wood, Iron, Stone, -1, -1}

// Special houses, built in the village (a player marker on the board).
const (
	WorkersHouse = 0
	WeaponHouse  = 1
	ShipBuilder  = 2
	NumHouses    = 3
)

// HouseNames name the special houses.
var HouseNames = [NumHouses]string{"workers house", "weapon house", "ships builder"}

// The action bars.
const (
	BarMundane  = 0
	BarBuild    = 1
	BarRaid     = 2
	BarBlessing = 3
)

// BarNames name the bars.
var BarNames = [4]string{"Mundane actions", "Build actions", "Raid actions", "Blessing action"}

// What an action does in the harvest.
const (
	DoFish = iota
	DoExplore
	DoRecruit
	DoCapture
	DoAttack
	DoHouse    // build Arg, a special house
	DoBuilding // build Arg, a building tile on the map
	DoShip
	DoRaid
	DoBlessing
)

// BarAction is one space of an action bar: who must stand on it, what it
// costs, and what it does in the harvest.
type BarAction struct {
	Name    string
	Bar     int
	Workers int  // workers placed
	Vikings int  // vikings placed (Attack and Raid: at least this many, chosen)
	Jarl    bool // the Jarl placed
	// JarlOrViking: either the Jarl or one viking (Recruit).
	JarlOrViking bool
	// Sacrifice: the workers placed go to the supply in the harvest
	// (a red, crossed-out icon); for the Blessing action at once.
	Sacrifice bool
	Cost      Goods
	Do        int
	Arg       int // the house or building built
	Needs     int // NeedShipBuilder or NeedShip, else 0
}

// What unlocks a raid action.
const (
	NeedShipBuilder = 1
	NeedShip        = 2
)

// Actions are the bars' spaces, in the order the board shows them.
var Actions = []BarAction{
	{Name: "Fishing", Bar: BarMundane, Workers: 1, Do: DoFish},
	{Name: "Explore", Bar: BarMundane, Vikings: 1, Cost: Goods{Fish: 1}, Do: DoExplore},
	{Name: "Recruit", Bar: BarMundane, JarlOrViking: true, Cost: Goods{Fish: 2, Iron: 1}, Do: DoRecruit},
	{Name: "Recruit with treasure", Bar: BarMundane, JarlOrViking: true, Cost: Goods{Treasure: 1}, Do: DoRecruit},
	{Name: "Capture", Bar: BarMundane, Vikings: 1, Cost: Goods{Fish: 1}, Do: DoCapture},
	{Name: "Attack", Bar: BarMundane, Vikings: 1, Do: DoAttack},
	{Name: "Workers house", Bar: BarBuild, Workers: 1, Sacrifice: true, Cost: Goods{Wood: 3, Stone: 2}, Do: DoHouse, Arg: WorkersHouse},
	{Name: "Weapon house", Bar: BarBuild, Workers: 1, Sacrifice: true, Cost: Goods{Wood: 2, Iron: 2, Stone: 1}, Do: DoHouse, Arg: WeaponHouse},
	{Name: "Ships builder", Bar: BarBuild, Workers: 1, Sacrifice: true, Cost: Goods{Wood: 3, Iron: 1, Stone: 1}, Do: DoHouse, Arg: ShipBuilder},
	{Name: "Small house", Bar: BarBuild, Workers: 1, Cost: Goods{Wood: 2, Stone: 2}, Do: DoBuilding, Arg: House},
	{Name: "Woodcutter", Bar: BarBuild, Workers: 1, Cost: Goods{Wood: 1, Stone: 1}, Do: DoBuilding, Arg: Woodcutter},
	{Name: "Blacksmith", Bar: BarBuild, Workers: 1, Cost: Goods{Wood: 2, Stone: 1}, Do: DoBuilding, Arg: IronMine},
	{Name: "Stone quarry", Bar: BarBuild, Workers: 1, Cost: Goods{Wood: 2, Iron: 1}, Do: DoBuilding, Arg: Quarry},
	{Name: "Watchtower", Bar: BarBuild, Workers: 1, Cost: Goods{Wood: 1, Stone: 2}, Do: DoBuilding, Arg: Watchtower},
	{Name: "Build ship", Bar: BarRaid, Workers: 1, Cost: Goods{Wood: 2, Iron: 1}, Do: DoShip, Needs: NeedShipBuilder},
	{Name: "Raid", Bar: BarRaid, Jarl: true, Vikings: 1, Cost: Goods{Fish: 2}, Do: DoRaid, Needs: NeedShip},
	{Name: "Blessing", Bar: BarBlessing, Jarl: true, Workers: 1, Sacrifice: true, Do: DoBlessing},
}

// Points.
const (
	ShipPoints        = 2  // building a ship
	AttackPoints      = 3  // winning an attack
	ShamanFirst       = 10 // the first to reach the Spirit Shaman
	ShamanSecond      = 5
	EndPerTile        = 2 // final scoring: each building tile built
	EndPerHouse       = 2 // each special house
	EndPerTreasure    = 2
	EndPerResource    = 1
	MaxAttackVikings  = 3 // a third viking is the last that adds dice
	BlessingDrawCards = 2 // the Blessing action draws 2 and keeps 1
)

// The Loki bar: Loki starts at 0; the game ends when it reaches the
// agreed Ragnarok field.
const (
	RagnarokFirst = 9
	RagnarokLast  = 12
)

// Blessing cards.
const (
	CardLoki     = iota // resolved when drawn: Loki advances one step
	CardThor            // combat: 2 more dice for this roll, even past 5
	CardTyr             // combat: 1 more on your result for this roll
	CardFrigg           // combat: cancel the last card the opponent played this roll
	CardValkyrie        // combat: withdraw now, even before the first roll
	CardNjord           // raid: 2 more dice on a row after the first
	CardFreyr           // your turn: gain 2 of a resource
	CardBragi           // your turn: gain 2 victory points
	CardHoard           // your turn: gain a treasure tile
	CardIdun            // your turn: a worker from your supply joins your village
	NumCardKinds
)

// CardKinds name each kind and say how many of the 60 there are.
var CardKinds = [NumCardKinds]struct {
	Name  string
	Text  string
	Count int
}{
	CardLoki:     {"Loki's Mischief", "Resolved when drawn: Loki advances one step on the Loki bar.", 8},
	CardThor:     {"Thor's Strength", "In combat: roll 2 more dice this roll, even past 5.", 7},
	CardTyr:      {"Tyr's Resolve", "In combat: add 1 to your result this roll.", 6},
	CardFrigg:    {"Frigg's Veil", "In combat: cancel the last card your opponent played this roll.", 5},
	CardValkyrie: {"Valkyrie's Mercy", "In combat: withdraw now, even before the first roll.", 3},
	CardNjord:    {"Njord's Wind", "In a raid: roll 2 more dice on any row but the first.", 7},
	CardFreyr:    {"Freyr's Bounty", "On your turn: gain 2 of one resource.", 10},
	CardBragi:    {"Bragi's Song", "On your turn: gain 2 victory points.", 6},
	CardHoard:    {"Hidden Hoard", "On your turn: gain a treasure tile.", 4},
	CardIdun:     {"Idun's Apples", "On your turn: a worker from your supply joins your village, if there is room.", 4},
}

// NumBlessings is the number of blessing cards.
const NumBlessings = 60

// CardKind is blessing card c's kind.
func CardKind(c int) int {
	if c >= 0 && c < NumBlessings {
		return int(cardKinds[c])
	}
	return kindOf(c)
}

// cardKinds is CardKind as a table, worked out once.
var cardKinds = func() (k [NumBlessings]int8) {
	for c := range k {
		k[c] = int8(kindOf(c))
	}
	return k
}()

// kindOf counts blessing card c's kind out of CardKinds.
func kindOf(c int) int {
	for k, ck := range CardKinds {
		if c < ck.Count {
			return k
		}
		c -= ck.Count
	}
	return -1
}

// CardName names blessing card c.
func CardName(c int) string {
	if k := CardKind(c); k >= 0 {
		return CardKinds[k].Name
	}
	return "a blessing"
}

// Card bonuses.
const (
	ThorDice  = 2
	TyrBonus  = 1
	NjordDice = 2
	FreyrGain = 2
	BragiGain = 2
)

// Quest conditions: what a quest asks a player to have.
const (
	QHave      = iota // N of good Arg in the warehouse
	QEvery            // N of every resource
	QBuilt            // N building tiles of kind Arg on the map (Arg -1: any kind)
	QKinds            // a woodcutter, an iron mine and a stone quarry
	QHouse            // the special house Arg
	QShip             // a ship
	QWorkers          // N workers not in the supply
	QVikings          // N vikings not in the supply
	QKaupangs         // connected to N Kaupang squares
	QShaman           // connected to the Spirit Shaman
	QAttacks          // won N attacks
	QRaidRow          // reached row N of a raid
	QBlessings        // N blessing cards in hand
)

// Quest is a quest card: a condition and the points it scores.
type Quest struct {
	Name   string
	Cond   int
	Arg    int
	N      int
	Points int
}

// Quests are the 30 quest cards.
var Quests = []Quest{
	{"The Woodpile", QHave, Wood, 5, 3},
	{"The Full Nets", QHave, Fish, 5, 3},
	{"The Iron Hoard", QHave, Iron, 5, 3},
	{"The Stone Heap", QHave, Stone, 5, 3},
	{"The Treasure Chest", QHave, Treasure, 3, 4},
	{"The Dragon's Gold", QHave, Treasure, 5, 6},
	{"The Full Warehouse", QEvery, 0, 3, 4},
	{"The Rich Warehouse", QEvery, 0, 4, 6},
	{"The Forest Folk", QBuilt, Woodcutter, 2, 3},
	{"The Smiths", QBuilt, IronMine, 2, 3},
	{"The Stonecutters", QBuilt, Quarry, 2, 3},
	{"The Hamlet", QBuilt, House, 2, 4},
	{"The Watchful Clan", QBuilt, Watchtower, 2, 4},
	{"The Settled Land", QBuilt, -1, 5, 5},
	{"The Three Crafts", QKinds, 0, 1, 4},
	{"The Longhouse", QHouse, WorkersHouse, 1, 3},
	{"The Armoury", QHouse, WeaponHouse, 1, 3},
	{"The Shipwrights", QHouse, ShipBuilder, 1, 3},
	{"The Longship", QShip, 0, 1, 3},
	{"The Growing Clan", QWorkers, 0, 6, 4},
	{"The War Band", QVikings, 0, 4, 4},
	{"The Trader", QKaupangs, 0, 1, 2},
	{"The Merchant Roads", QKaupangs, 0, 2, 5},
	{"The Pilgrim", QShaman, 0, 1, 4},
	{"The Champion", QAttacks, 0, 1, 3},
	{"The Warlord", QAttacks, 0, 2, 5},
	{"The Sea Wolf", QRaidRow, 0, 2, 3},
	{"The Far Voyage", QRaidRow, 0, 4, 6},
	{"The Favoured", QBlessings, 0, 3, 3},
	{"The God-Touched", QBlessings, 0, 5, 5},
}

// StartQuests is how many quest cards each player draws at set-up.
const StartQuests = 2

// Raid-card icons: what a rolled face on a row does. A face a row does
// not list ends the raid.
type Icons struct {
	Fish       int  `json:"fish,omitempty"`
	Workers    int  `json:"workers,omitempty"`
	Treasure   int  `json:"treasure,omitempty"`
	Points     int  `json:"points,omitempty"`
	LoseViking bool `json:"loseViking,omitempty"` // lose one viking brought to the raid
	LoseShip   bool `json:"loseShip,omitempty"`   // lose the ship: the raid is over
	Loki       bool `json:"loki,omitempty"`       // Loki advances one step
	Something  bool `json:"-"`                    // the face is on the row (set by the table)
}

// RaidRows is the number of rows above a raid card's ship.
const RaidRows = 5

// Raid is a raid card: for each row (the first just above the ship) and
// each face (1..5, Hammer), its icons.
type Raid struct {
	Name string
	Rows [RaidRows][Hammer + 1]Icons
}

// Raids are the 6 raid cards, written row by row in a small notation
// (see raidRow): faces 1..5 then the hammer, "-" for a face not on the row.
var Raids = []Raid{
	raid("Lindisfarne",
		"- f1 f2 p2 t1 p3",
		"v f2 - t1 p3 w1p1",
		"- v t1 p3 - t2L",
		"s - p4 - t2 p5L",
		"- v - t2 p6 t3L"),
	raid("The Frankish Coast",
		"- f2 p1 t1 p2 p3",
		"- v f2 p2 t1 t1p2",
		"v - p2 - t2 p4",
		"- s t1 p3 - t2p2L",
		"s - - p5 t2 t3L"),
	raid("The Isle of Mann",
		"f1 - f2 w1 p2 t1",
		"- v w1 - p3 t1p1",
		"v p2 - t1 - p4L",
		"- - s t2 p4 -",
		"- v - p5 - t3p2L"),
	raid("The Irish Sea",
		"- f1 p1 f2 t1 p3",
		"v - f2 p2 - t1p2",
		"- v p3 - t1 t2",
		"L - s p4 - t2p1",
		"- s - - p6 t3L"),
	raid("The Hebrides",
		"- w1 f2 p2 - t1p1",
		"v - w1 - t1 p3",
		"- v - p3 t1 t2L",
		"s - t1 - p4 p5",
		"- - v t2 - t2p4L"),
	raid("Miklagard",
		"- - f2 p2 t1 t1p1",
		"v f2 - t1 p3 p4",
		"- v p2 - t2 t2L",
		"s - - p4 t2 p6L",
		"- s v - p5 t4L"),
}

// raid builds a raid card from its rows, first row first.
func raid(name string, rows ...string) Raid {
	r := Raid{Name: name}
	for i, row := range rows {
		r.Rows[i] = raidRow(row)
	}
	return r
}

// raidRow reads one row: six fields for faces 1..5 and the hammer. A field
// is "-" (not on the row) or icons run together: fN fish, wN workers, tN
// treasure, pN points, v lose a viking, s lose the ship, L Loki.
func raidRow(row string) [Hammer + 1]Icons {
	var out [Hammer + 1]Icons
	face := 1
	for i := 0; i < len(row) && face <= Hammer; {
		if row[i] == ' ' {
			i++
			continue
		}
		ic := &out[face]
		for i < len(row) && row[i] != ' ' {
			ch := row[i]
			i++
			n := 0
			for i < len(row) && row[i] >= '0' && row[i] <= '9' {
				n = n*10 + int(row[i]-'0')
				i++
			}
			switch ch {
			case 'f':
				ic.Fish += n
			case 'w':
				ic.Workers += n
			case 't':
				ic.Treasure += n
			case 'p':
				ic.Points += n
			case 'v':
				ic.LoseViking = true
			case 's':
				ic.LoseShip = true
			case 'L':
				ic.Loki = true
			}
			if ch != '-' {
				ic.Something = true
			}
		}
		face++
	}
	return out
}

// Trade is one trade option of a Kaupang tile: give, then get.
type Trade struct {
	Give   Goods `json:"give"`
	Get    Goods `json:"get"`
	Points int   `json:"points,omitempty"`
}

// KaupangTiles are the 10 Kaupang tiles, two trade options each.
var KaupangTiles = [][2]Trade{
	{{Give: Goods{Fish: 2}, Get: Goods{Treasure: 1}}, {Give: Goods{Wood: 3}, Points: 4}},
	{{Give: Goods{Iron: 2}, Get: Goods{Treasure: 1}}, {Give: Goods{Stone: 3}, Points: 4}},
	{{Give: Goods{Wood: 2}, Get: Goods{Treasure: 1}}, {Give: Goods{Fish: 3}, Points: 4}},
	{{Give: Goods{Stone: 2}, Get: Goods{Treasure: 1}}, {Give: Goods{Iron: 3}, Points: 4}},
	{{Give: Goods{Treasure: 1}, Get: Goods{Wood: 2, Stone: 2}}, {Give: Goods{Fish: 2}, Get: Goods{Iron: 2}}},
	{{Give: Goods{Treasure: 1}, Get: Goods{Iron: 2, Fish: 2}}, {Give: Goods{Wood: 2}, Get: Goods{Stone: 2}}},
	{{Give: Goods{Fish: 1, Wood: 1}, Get: Goods{Iron: 1, Stone: 1}}, {Give: Goods{Treasure: 1}, Points: 4}},
	{{Give: Goods{Iron: 1, Stone: 1}, Get: Goods{Wood: 1, Fish: 1}}, {Give: Goods{Treasure: 1}, Points: 4}},
	{{Give: Goods{Wood: 1, Fish: 1, Iron: 1, Stone: 1}, Get: Goods{Treasure: 1}, Points: 2}, {Give: Goods{Fish: 2}, Get: Goods{Wood: 2}}},
	{{Give: Goods{Wood: 1, Fish: 1, Iron: 1, Stone: 1}, Get: Goods{Treasure: 1}, Points: 2}, {Give: Goods{Stone: 2}, Get: Goods{Fish: 2}}},
}

// KaupangRow is how many Kaupang tiles lie face up.
const KaupangRow = 3
