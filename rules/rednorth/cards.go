package rednorth

import "strings"

// Colour is a faction colour. Each colour has one Outpost, eleven Raiders
// and one Hero; Jarls have no colour.
type Colour int

// The five colours, in the order the package lists them everywhere.
const (
	Green Colour = iota
	Red
	Yellow
	Blue
	Purple
)

// NoColour is the colour of a Jarl.
const NoColour Colour = -1

const numColours = 5

var colourNames = [numColours]string{"green", "red", "yellow", "blue", "purple"}

func (c Colour) String() string {
	if c < 0 || c >= numColours {
		return "none"
	}
	return colourNames[c]
}

func parseColour(name string) (Colour, bool) {
	for c, n := range colourNames {
		if strings.EqualFold(strings.TrimSpace(name), n) {
			return Colour(c), true
		}
	}
	return NoColour, false
}

// The components of the box and the numbers the book gives.
const (
	RaidersPerColour = 11 // Raider cards per colour
	NumJarls         = 10 // Jarl cards in the box
	NumGods          = 8  // God cards in the box
	RaiderPoints     = 2  // raid points of a Raider
	HeroPoints       = 4  // raid points of a Hero
	JarlBonus        = 1  // a Jarl adds this to each adjacent Raider or Hero
	ChampionBonus    = 2  // a Jarl with the Champion token adds this instead
	GloryPoints      = 1  // a Glory token adds this to its card's colour
	StartingGlory    = 1  // Glory tokens each player starts with
	DealtCards       = 6  // cards dealt to each player besides their Jarl
	PartySize        = 3  // cards deployed face-down each round
	SpringGroupCards = 2  // drawn cards under each Hero in Spring
	SummerGroupCards = 3  // drawn cards under each God in Summer
	PurpleDraw       = 2  // cards Frankenland draws
	OdinVP           = 2  // VP Odin gives
	LokiGlory        = 2  // Glory tokens Loki places
	TyrDraw          = 4  // cards Tyr draws

	firstHero = numColours * RaidersPerColour
	firstJarl = firstHero + numColours
	// NumCards is every card of the box: 55 Raiders, 5 Heroes, 10 Jarls.
	NumCards = firstJarl + NumJarls
)

// The three rounds; a round's number is also the VP each Outpost scores in it.
const (
	Spring   = 1
	Summer   = 2
	Ragnarok = 3
)

var roundNames = [4]string{"", "Spring", "Summer", "Ragnarok"}

func roundName(r int) string {
	if r < Spring || r > Ragnarok {
		return ""
	}
	return roundNames[r]
}

// jarlsRemoved is how many Jarl cards leave the box at set-up.
func jarlsRemoved(players int) int {
	switch players {
	case 2:
		return 4
	case 3:
		return 2
	}
	return 0
}

// CardKind tells Raiders, Heroes and Jarls apart.
type CardKind int

// The three kinds of card.
const (
	Raider CardKind = iota
	Hero
	Jarl
)

func (k CardKind) String() string {
	switch k {
	case Raider:
		return "raider"
	case Hero:
		return "hero"
	}
	return "jarl"
}

// Card ids: Raiders 0-54 (eleven per colour, in colour order), Heroes 55-59
// (one per colour), Jarls 60-69. Raiders of one colour are interchangeable,
// and so are Jarls; the id only keeps each physical card accounted for.
func validCard(id int) bool { return id >= 0 && id < NumCards }

func kindOf(id int) CardKind {
	switch {
	case id < firstHero:
		return Raider
	case id < firstJarl:
		return Hero
	}
	return Jarl
}

func colourOf(id int) Colour {
	switch kindOf(id) {
	case Raider:
		return Colour(id / RaidersPerColour)
	case Hero:
		return Colour(id - firstHero)
	}
	return NoColour
}

func raiderID(c Colour, k int) int { return int(c)*RaidersPerColour + k }
func heroID(c Colour) int          { return firstHero + int(c) }
func jarlID(k int) int             { return firstJarl + k }

// basePoints is what a card adds to its own colour.
func basePoints(id int) int {
	switch kindOf(id) {
	case Raider:
		return RaiderPoints
	case Hero:
		return HeroPoints
	}
	return 0
}

// sameFace reports whether two cards look alike (same kind and colour).
func sameFace(a, b int) bool { return kindOf(a) == kindOf(b) && colourOf(a) == colourOf(b) }

// Card names, worked out once: labels are built for every legal action.
var cardNames, cardArticles [NumCards]string

// cardFaces is each card as counting a Party needs it, worked out once:
// bots count Parties very often.
var cardFaces [NumCards]face

func init() {
	for id := range NumCards {
		cardFaces[id] = face{known: true, jarl: kindOf(id) == Jarl, colour: colourOf(id), points: basePoints(id)}
		switch kindOf(id) {
		case Raider:
			cardNames[id] = colourOf(id).String() + " Raider"
			cardArticles[id] = "a " + cardNames[id]
		case Hero:
			cardNames[id] = colourOf(id).String() + " Hero"
			// Each Hero is unique.
			cardArticles[id] = "the " + cardNames[id]
		default:
			cardNames[id] = "Jarl"
			cardArticles[id] = "a Jarl"
		}
	}
}

// cardName is "red Raider", "blue Hero" or "Jarl".
func cardName(id int) string {
	if !validCard(id) {
		return "unknown card"
	}
	return cardNames[id]
}

// aCard is cardName with its article.
func aCard(id int) string {
	if !validCard(id) {
		return "an unknown card"
	}
	return cardArticles[id]
}

// cardSpec is how a Setup names a card: the colour of a Raider, "jarl", or
// "<colour> hero".
func cardSpec(id int) string {
	switch kindOf(id) {
	case Raider:
		return colourOf(id).String()
	case Hero:
		return colourOf(id).String() + " hero"
	}
	return "jarl"
}

// Outpost holds what is printed on one Outpost tile.
type outpostInfo struct {
	Name  string
	Power string
}

var outpostInfos = [numColours]outpostInfo{
	Green:  {"Vinland", "After Outposts are awarded, take the Tie Breaker token: you win every tie you are part of, the final one included."},
	Red:    {"Angleland", "After Outposts are awarded, take the First Player token. After Deployment, give it to a player of your choice or keep it."},
	Yellow: {"Sax", "After Deployment, you may add 1 Raider from the discard pile face-up to either end of your Raiding Party."},
	Blue:   {"Rus", "After Outposts are awarded, take the Champion token. Next round, Promote puts it on a face-up Jarl, which then adds +2 to each adjacent Raider or Hero."},
	Purple: {"Frankenland", "After Outposts are awarded, draw 2 cards from the deck."},
}

// God is one of the eight God cards.
type God int

// The eight Gods.
const (
	Thor God = iota
	Loki
	Odin
	Freya
	Nornir
	Tyr
	Saga
	Hel
)

var godNames = [NumGods]string{"Thor", "Loki", "Odin", "Freya", "Nornir", "Tyr", "Saga", "Hel"}

var godPowers = [NumGods]string{
	Thor:   "Take the Hero set aside at the end of Spring into your hand.",
	Loki:   "Place 2 Glory tokens from the supply on any Raiders or Heroes of your Party, face-up or face-down.",
	Odin:   "Gain 2 VP.",
	Freya:  "Draw 1 card, look at it and add it face-down to either end of your Party.",
	Nornir: "Take back every Glory token from your Party; you may Inspire with them again this round.",
	Tyr:    "Draw 4 cards into your hand.",
	Saga:   "Turn 1 face-down card of each opponent's Party face-up.",
	Hel:    "Take 1 Jarl or Raider from the discard pile and put it face-up anywhere in your Party.",
}

func (g God) String() string {
	if g < 0 || int(g) >= NumGods {
		return "none"
	}
	return godNames[g]
}

func parseGod(name string) (God, bool) {
	for g, n := range godNames {
		if strings.EqualFold(strings.TrimSpace(name), n) {
			return God(g), true
		}
	}
	return -1, false
}
