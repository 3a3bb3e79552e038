package raiders

import (
	"maps"

	"longhall/rules"
)

// Copying states. Searches and the bot copy states by the thousand, so a
// copy allocates little: Clone puts every []int of the state into one
// array, and copyTo reuses the room a state already has (the bot's
// scratch states).

// Clone implements rules.State: an independent deep copy, RNG included;
// a quiet state's clones are quiet.
func (s *State) Clone() rules.State {
	c := &State{}
	s.copyTo(c)
	return c
}

// Hush implements rules.Quiet: a copy that plays the same game without
// words (see quiet).
func (s *State) Hush() rules.State {
	c := s.Clone().(*State)
	c.Quieten()
	return c
}

// maxIntFields bounds intFields at four players, for buffers on the stack.
const maxIntFields = 6*4 + 16

// intFields appends a pointer to each of the state's []int fields, in a
// fixed order (a seat's, then the table's, then the encounter's and the
// raid's when there is one). copyTo walks two states' lists side by side.
func (s *State) intFields(out []*[]int) []*[]int {
	for i := range s.Seats {
		p := &s.Seats[i]
		out = append(out, &p.Hand, &p.Crew, &p.Offerings, &p.Dealt, &p.Draft, &p.Tiles)
	}
	out = append(out, &s.Deck, &s.Discard, &s.SpaceWorkers, &s.Hall, &s.QuestStack, &s.SpaceQuest, &s.RepRow,
		&s.JarlDeck, &s.JarlDiscard, &s.Subdued, &s.Offering, &s.Step.Queue)
	if s.Encounter != nil {
		out = append(out, &s.Encounter.Jarls, &s.Encounter.Choice)
	}
	if s.Raid != nil {
		out = append(out, &s.Raid.Dice)
	}
	return out
}

// copyTo makes c a deep copy of s, reusing c's slices, maps and pointed-to
// values where they have room: a state that held a similar position
// before is refilled without allocating. What needs new room gets it from
// one array. Every slice keeps its nil-ness, so c encodes as s does. c
// must be the caller's own (a new state, or scratch nobody else reads):
// what it held is overwritten.
func (s *State) copyTo(c *State) {
	// Keep c's room before the plain copy overwrites it.
	old := c.intFields(make([]*[]int, 0, maxIntFields))
	room := make([][]int, len(old), maxIntFields)
	for i, f := range old {
		room[i] = *f
	}
	wounds := make([]map[int]int, 0, 4)
	for i := range c.Seats {
		wounds = append(wounds, c.Seats[i].Wounds)
	}
	seats, names, plunder := c.Seats, c.Names, c.Plunder
	rng, raid, enc := c.RNG, c.Raid, c.Encounter

	*c = *s
	c.Names = cloneInto(names, s.Names)
	c.Seats = cloneInto(seats, s.Seats)
	c.Plunder = cloneInto(plunder, s.Plunder)
	if rng == nil {
		rng = &rules.RNG{}
	}
	*rng = *s.RNG
	c.RNG = rng
	for i := range c.Seats {
		var w map[int]int
		if i < len(wounds) {
			w = wounds[i]
		}
		c.Seats[i].Wounds = copyMap(w, s.Seats[i].Wounds)
	}
	if s.Encounter != nil {
		if enc == nil {
			enc = &Encounter{}
		}
		*enc = *s.Encounter
		c.Encounter = enc
	}
	if s.Raid != nil {
		terms := [][2]int(nil)
		if raid == nil {
			raid = &Raid{}
		} else {
			terms = raid.Terms
		}
		*raid = *s.Raid
		raid.Terms = cloneInto(terms, s.Raid.Terms)
		c.Raid = raid
	}
	if s.Outcome != nil {
		o := *s.Outcome
		c.Outcome = &o
	}

	// Every []int of c is still s's: copy each into c's old room when it
	// fits, else into one new array shared by those that do not.
	fields := c.intFields(make([]*[]int, 0, maxIntFields))
	need := 0
	for i, f := range fields {
		if i >= len(room) || !fits(room[i], *f) {
			need += len(*f)
		}
	}
	spare := make([]int, need)
	for i, f := range fields {
		src := *f
		switch {
		case src == nil:
		case i < len(room) && fits(room[i], src):
			*f = append(room[i][:0], src...)
		default:
			// Capped at its length, so that appending to it never
			// writes into its neighbour's part of the array.
			*f = spare[:len(src):len(src)]
			copy(*f, src)
			spare = spare[len(src):]
		}
	}
}

// fits says whether dst, a slice to reuse, has room for a copy of src
// (and is not nil, which would make an empty copy nil).
func fits(dst, src []int) bool { return dst != nil && cap(dst) >= len(src) }

// cloneInto copies src into dst's room when it has enough, else into a new
// slice; nil stays nil.
func cloneInto[T any](dst, src []T) []T {
	if src == nil {
		return nil
	}
	if dst == nil || cap(dst) < len(src) {
		dst = make([]T, len(src))
	}
	dst = dst[:len(src)]
	copy(dst, src)
	return dst
}

// copyMap copies src into dst (cleared) when dst exists, else into a new
// map; nil stays nil.
func copyMap(dst, src map[int]int) map[int]int {
	if src == nil {
		return nil
	}
	if dst == nil {
		return maps.Clone(src)
	}
	clear(dst)
	maps.Copy(dst, src)
	return dst
}
