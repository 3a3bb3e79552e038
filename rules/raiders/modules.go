package raiders

// The content of the Hall of Heroes and Fields of Fame modules, as data in
// one place. The comprehensive book names these things but prints none of
// them, so every number here is our design; README.md (Modules) says why
// each is what it is, and swapping in the printed content is an edit of
// these tables. The Hall of Heroes townsfolk and the Jarls' names,
// strengths and costs are rows of Kinds in content.go, so that a card id
// means the same thing everywhere.

import "longhall/rules"

// The game's options: each module on or off, in any combination.
var (
	HeroesOption = optionOnOff("heroes", "Hall of Heroes (Mead Hall, mead, quests)")
	FameOption   = optionOnOff("fame", "Fields of Fame (Township, Jarls, wounds, fame)")
)

// HandOption chooses the starting hands when a module is on. The
// comprehensive book's Setup 5 is "Starting Hands (Draft Option –
// Recommended for 4+ Players)": the draft is an option, and what it is an
// option to is the base book's start, "Each player keeps 3 of their 5
// townfolk cards and returns the other 2 facedown to the bottom of the
// deck". The draft is the default with a module; with none the base game
// always keeps 3 of 5, whatever this says (its label says so), so every
// combination of options is a game.
var HandOption = rules.Option{Key: "hand", Label: "Starting hands with a module", Choices: []string{HandDraft, HandKeep}}

// The choices of HandOption.
const (
	HandDraft = "the draft: hire 1 of 5 free, pass 1 left and 1 right, keep 4 (recommended for 4+ players)"
	HandKeep  = "keep 3 of 5, return 2 to the deck (the base game's start)"
)

// The choices of HeroesOption and FameOption.
const (
	Off = "off"
	On  = "on"
)

// Limits and supplies of the modules (comprehensive book, Limits at End
// of Turn: "Max 8 Mead").
const (
	MaxMead    = 8
	MeadSupply = 30
	// ExtraGold is the comprehensive book's "Place 5 Gold in Main Supply",
	// on top of the bag's leftovers, with either module.
	ExtraGold = 5
	// JarlTokens join the bag with Fields of Fame.
	JarlTokens = 8
	// KillFame is the fame a killed Jarl brings ("Gain 2 Fame").
	KillFame = 2
	// TownshipFame is the fame every Township raid brings.
	TownshipFame = 1
	// MeadRow is how many townsfolk lie face up in the Mead Hall.
	MeadRow = 4
	// DraftPasses: of the five dealt, one is hired, one passed left and
	// one passed right (Setup 5).
	DraftPasses = 3
)

// MeadRowBonus is what each Mead Hall slot gives with its card, leftmost
// (the newest card) first: silver and mead. Cards slide right as the ones
// to their right are taken, so the longer a card waits, the more it brings.
var MeadRowBonus = [MeadRow][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}}

// Track VP with a module on: the comprehensive book's anchors ("7 = 15 VP"
// on the Valkyrie track, "10 = 15 VP" on the armoury track, "6 = 12 VP"
// on the fame track), the steps between ours.
var (
	ModuleValkyrieVP = []int{0, 0, 2, 4, 6, 8, 11, 15}
	ModuleArmourVP   = []int{0, 0, 1, 2, 3, 4, 6, 8, 10, 12, 15}
	FameVP           = []int{0, 1, 3, 5, 7, 9, 12, 14, 16}
)

// Reward is what a quest or a killed Jarl gives.
type Reward struct {
	Silver, Provisions, Gold, Iron, Livestock, Mead, Armour, VP int
}

// A Quest tile: the strength of hand cards to discard for it at the Mead
// Hall, its reward, and the VP per tile it scores when it is a player's
// rightmost tile.
type Quest struct {
	Need    int
	Reward  Reward
	PerTile int
}

// Quests are the 16 quest tiles, easiest first.
var Quests = []Quest{
	{3, Reward{Silver: 2}, 1},
	{3, Reward{Provisions: 2}, 1},
	{4, Reward{Mead: 2}, 1},
	{4, Reward{Livestock: 2}, 1},
	{5, Reward{Iron: 1, Silver: 1}, 2},
	{5, Reward{Gold: 1, Mead: 1}, 2},
	{5, Reward{Armour: 1, Provisions: 1}, 2},
	{6, Reward{Gold: 1, Livestock: 1}, 2},
	{6, Reward{Iron: 2}, 2},
	{6, Reward{VP: 2}, 2},
	{7, Reward{Armour: 2}, 2},
	{7, Reward{Gold: 2}, 3},
	{8, Reward{VP: 3}, 3},
	{8, Reward{Gold: 1, Iron: 1, Mead: 1}, 3},
	{9, Reward{VP: 4}, 3},
	{9, Reward{Armour: 2, Gold: 1}, 3},
}

// What a reputation tile asks of the player who claims it.
const (
	RepFortress  = iota // raided a fortress
	RepOfferings        // made 3 offerings
	RepArmour           // 6 armour
	RepValkyrie         // 3 on the Valkyrie track
)

// A Reputation tile: what it asks (Rep*, at least N) and its VP per tile.
// Its tile id, in a player's tiles, is len(Quests) + its index.
type Reputation struct {
	Need, N, PerTile int
}

// Reputations are the 4 reputation tiles, all face up beside the Mead Hall.
var Reputations = []Reputation{
	{RepFortress, 1, 3},
	{RepOfferings, 3, 3},
	{RepArmour, 6, 3},
	{RepValkyrie, 3, 3},
}

// RepText says what each reputation tile asks.
var RepText = [...]string{
	RepFortress:  "raided a fortress",
	RepOfferings: "made 3 offerings",
	RepArmour:    "6 armour",
	RepValkyrie:  "3 on the Valkyrie track",
}

// TileVP is the VP per tile that tile id (a quest, or a reputation after
// the quests) scores as a player's rightmost tile.
func TileVP(tile int) int {
	if tile < len(Quests) {
		return Quests[tile].PerTile
	}
	return Reputations[tile-len(Quests)].PerTile
}

// A Jarl's card beyond its Kinds row: what killing it brings (on top of
// KillFame) and the VP it scores at the end while in a crew.
type Jarl struct {
	Kill  Reward
	EndVP int
}

// Jarls are the Jarl deck, in kind order from FirstJarl.
var Jarls = [NumKinds - FirstJarl]Jarl{
	{Reward{Silver: 2}, 1},
	{Reward{Iron: 1, Provisions: 1}, 2},
	{Reward{Gold: 1}, 2},
	{Reward{Livestock: 2}, 2},
	{Reward{Gold: 1, Silver: 1}, 3},
	{Reward{Armour: 2}, 3},
	{Reward{Gold: 1, Iron: 1}, 3},
	{Reward{VP: 2}, 4},
	{Reward{Gold: 2}, 4},
	{Reward{VP: 3}, 5},
}

// TownshipSpaces are the Township's raid spaces (Fields of Fame): harder
// than an outpost, easier than a fortress, and each raid brings
// TownshipFame.
var TownshipSpaces = []Space{
	{Township, 3, Grey, 0, 2, [3]bool{false, true, true}, 3, 1, [][2]int{{9, 2}, {15, 4}}},
	{Township, 3, White, 1, 3, [3]bool{false, true, true}, 4, 2, [][2]int{{14, 3}, {21, 6}}},
	{Township, 4, White, 1, 3, [3]bool{false, false, true}, 4, 2, [][2]int{{16, 4}, {24, 7}}},
}
