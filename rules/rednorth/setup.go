package rednorth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"longhall/rules"
)

// Setup fixes the set-up instead of leaving it to the seed (Config.Setup).
// Every field is optional; what is left out is drawn from the seed, in this
// order: Outposts, deck, first player, God pile. README.md has an example.
type Setup struct {
	// Outposts lists the colours in play: players + 1, green among them.
	Outposts []string `json:"outposts,omitempty"`
	// Deck is the draw deck after the starting Jarls are handed out, top
	// first: a colour names a Raider of that colour, "jarl" a Jarl. It must
	// hold exactly the 11 Raiders of each colour in play and the Jarls left
	// (10 less 4 at two players, 2 at three, less one per player). Seat 0 is
	// dealt the first 6 cards, seat 1 the next 6, and so on; then each Spring
	// Muster Group takes 2, in the order of the Outposts' colours.
	Deck []string `json:"deck,omitempty"`
	// FirstPlayer is the seat holding the First Player token at the start.
	FirstPlayer *int `json:"firstPlayer,omitempty"`
	// Gods is the God pile, top first: the first players + 1 become the
	// Summer Muster Groups; Gods not listed are out of the game.
	Gods []string `json:"gods,omitempty"`
	// Names are the players' names for the log, one per seat. Without them
	// the log says "Player 1", "Player 2", ...
	Names []string `json:"names,omitempty"`
}

// MaxNameLength bounds a player's name in a Setup, in characters.
const MaxNameLength = 32

func badSetup(format string, args ...any) error {
	return &rules.Error{Game: ID, Msg: "setup: " + fmt.Sprintf(format, args...), Err: rules.ErrBadConfig}
}

// parseSetup decodes a Setup strictly: unknown fields and trailing data are
// refused, so a typo is reported instead of silently ignored.
func parseSetup(raw json.RawMessage) (Setup, error) {
	var su Setup
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return su, nil
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return su, badSetup("not a valid setup record: %v", err)
	}
	if dec.More() {
		return su, badSetup("trailing data after the setup record")
	}
	return su, nil
}

// newState builds the opening position: set-up steps 1 to 4 of the book.
func newState(players int, seed uint64, su Setup) (*State, error) {
	s := &State{
		Base:        rules.NewBase(players, nil, seed),
		Round:       Spring,
		Phase:       PhaseDeploy,
		TieBreaker:  -1,
		Champion:    -1,
		Turn:        -1,
		Seats:       make([]Player, players),
		Discard:     []int{},
		SetAside:    []int{},
		GodsRemoved: []int{},
		GodsUsed:    []int{},
	}
	for c := range s.Owner {
		s.Owner[c] = -1
	}
	if err := s.setNames(su.Names); err != nil {
		return nil, err
	}

	// 1. Select Outposts: green and players + ExtraOutposts - 1 others.
	want := players + ExtraOutposts
	if su.Outposts != nil {
		seen := map[Colour]bool{}
		for _, name := range su.Outposts {
			c, ok := parseColour(name)
			if !ok {
				return nil, badSetup("%q is not a colour (green, red, yellow, blue, purple)", name)
			}
			if seen[c] {
				return nil, badSetup("the %s Outpost is listed twice", c)
			}
			seen[c] = true
			s.InPlay = append(s.InPlay, c)
		}
		if !seen[Green] {
			return nil, badSetup("the green Outpost is always in play")
		}
		if len(s.InPlay) != want {
			return nil, badSetup("%d players need %d Outposts, the setup lists %d", players, want, len(s.InPlay))
		}
	} else {
		others := []Colour{Red, Yellow, Blue, Purple}
		rules.Shuffle(s.RNG, others)
		s.InPlay = append([]Colour{Green}, others[:want-1]...)
	}
	slices.Sort(s.InPlay)

	// 2. Remove unused components.
	s.Removed = make([]int, 0, NumCards)
	for c := Colour(0); c < numColours; c++ {
		if s.inPlay(c) {
			continue
		}
		for k := range RaidersPerColour {
			s.Removed = append(s.Removed, raiderID(c, k))
		}
		s.Removed = append(s.Removed, heroID(c))
	}
	jarlsInGame := NumJarls - jarlsRemoved(players)
	for k := jarlsInGame; k < NumJarls; k++ {
		s.Removed = append(s.Removed, jarlID(k))
	}

	// 3. Distribute: a Jarl and a Glory each; the other Jarls and the Raiders
	// form the deck; 6 cards each.
	for i := range s.Seats {
		hand := make([]int, 1, 1+DealtCards)
		hand[0] = jarlID(i)
		s.Seats[i] = Player{Glory: StartingGlory, Hand: hand, God: -1}
	}
	pool := make([]int, 0, NumCards)
	for _, c := range s.InPlay {
		for k := range RaidersPerColour {
			pool = append(pool, raiderID(c, k))
		}
	}
	for k := players; k < jarlsInGame; k++ {
		pool = append(pool, jarlID(k))
	}
	if su.Deck != nil {
		deck, err := orderDeck(pool, su.Deck)
		if err != nil {
			return nil, err
		}
		s.Deck = deck
	} else {
		rules.Shuffle(s.RNG, pool)
		s.Deck = pool
	}
	for i := range s.Seats {
		s.Seats[i].Hand = append(s.Seats[i].Hand, s.draw(DealtCards)...)
		slices.Sort(s.Seats[i].Hand)
	}
	if su.FirstPlayer != nil {
		if *su.FirstPlayer < 0 || *su.FirstPlayer >= players {
			return nil, badSetup("first player %d is not a seat (0 to %d)", *su.FirstPlayer, players-1)
		}
		s.FirstPlayer = *su.FirstPlayer
	} else {
		s.FirstPlayer = s.RNG.Intn(players)
	}

	// 4. Spring Muster Groups: a Hero per colour in play, 2 cards under each.
	for _, c := range s.InPlay {
		s.Groups = append(s.Groups, Group{N: len(s.Groups) + 1, Hero: heroID(c), God: -1, Cards: s.draw(SpringGroupCards)})
	}

	// The God pile, drawn from at the end of Spring.
	if su.Gods != nil {
		seen := map[God]bool{}
		for _, name := range su.Gods {
			g, ok := parseGod(name)
			if !ok {
				return nil, badSetup("%q is not a God (%s)", name, strings.Join(godNames[:], ", "))
			}
			if seen[g] {
				return nil, badSetup("%s is listed twice in the God pile", g)
			}
			seen[g] = true
			s.GodPile = append(s.GodPile, int(g))
		}
		if len(s.GodPile) < players+1 {
			return nil, badSetup("the God pile needs at least %d Gods for the Summer Muster Groups, the setup lists %d", players+1, len(s.GodPile))
		}
		for g := range NumGods {
			if !seen[God(g)] {
				s.GodsRemoved = append(s.GodsRemoved, g)
			}
		}
	} else {
		s.GodPile = make([]int, NumGods)
		for g := range s.GodPile {
			s.GodPile[g] = g
		}
		rules.Shuffle(s.RNG, s.GodPile)
	}
	if err := s.check(); err != nil {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "set-up is inconsistent: %v", err)
	}
	return s, nil
}

// validNames reports whether the seats' names can stand in the log; when
// they cannot (a record from elsewhere), the log says "Player N" instead of
// refusing the game.
func validNames(names []string, players int) bool {
	if len(names) != players {
		return false
	}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" || !utf8.ValidString(n) || utf8.RuneCountInString(n) > MaxNameLength {
			return false
		}
	}
	return true
}

func (s *State) setNames(names []string) error {
	if names == nil {
		return nil
	}
	if len(names) != s.Players {
		return badSetup("%d names for %d players", len(names), s.Players)
	}
	for i, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			return badSetup("the name of seat %d is empty", i)
		}
		if !utf8.ValidString(n) || utf8.RuneCountInString(n) > MaxNameLength {
			return badSetup("the name of seat %d is not text of at most %d characters", i, MaxNameLength)
		}
		s.Names = append(s.Names, n)
	}
	return nil
}

// orderDeck turns the Setup's list of card names into card ids, checking
// that it is exactly the cards of pool in some order.
func orderDeck(pool []int, specs []string) ([]int, error) {
	byFace := map[string][]int{}
	var faces []string
	for _, id := range pool {
		f := cardSpec(id)
		if byFace[f] == nil {
			faces = append(faces, f)
		}
		byFace[f] = append(byFace[f], id)
	}
	need := map[string]int{}
	for f, ids := range byFace {
		need[f] = len(ids)
	}
	deck := make([]int, 0, len(specs))
	for i, raw := range specs {
		f := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(raw)), " raider")
		ids := byFace[f]
		if len(ids) == 0 {
			if _, known := need[f]; known {
				return nil, badSetup("the deck lists more than %d %s cards (card %d)", need[f], f, i)
			}
			return nil, badSetup("deck card %d, %q, is not a card of this deck (a colour in play or \"jarl\")", i, raw)
		}
		deck = append(deck, ids[0])
		byFace[f] = ids[1:]
	}
	for _, f := range faces {
		if left := len(byFace[f]); left > 0 {
			return nil, badSetup("the deck needs %d %s cards, it lists %d", need[f], f, need[f]-left)
		}
	}
	return deck, nil
}
