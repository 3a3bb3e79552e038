package northerners

// Roads: which squares a player's village reaches, where an explored tile
// may go, and the way an attack must take past watchtowers.

// Roads is the road mask of square i now (CellRoads).
func (s *State) Roads(i int) int {
	if Squares[i].Kind != Land {
		return AllRoads
	}
	if t := s.Cells[i].Tile; t >= 0 {
		return Turned(TileRoads(t), s.Cells[i].Rot)
	}
	return 0
}

// CellRoads is the road mask of square i holding c: every side for the
// printed squares, the turned tile for explored land, none for empty land.
func CellRoads(i int, c Cell) int {
	if Squares[i].Kind != Land {
		return AllRoads
	}
	if c.Tile < 0 {
		return 0
	}
	return Turned(TileRoads(c.Tile), c.Rot)
}

// joined says whether the road from a in direction d meets a road of the
// square beside it.
func (s *State) joined(a, d int) (int, bool) {
	b := neighbour(a, d)
	if b < 0 || s.Roads(a)&(1<<d) == 0 || s.Roads(b)&(1<<((d+2)%4)) == 0 {
		return b, false
	}
	return b, true
}

// passable says whether p's roads may run through square i: not through
// another player's village.
func passable(i, colour int) bool {
	sq := Squares[i]
	return sq.Kind != Village || sq.Colour == colour
}

// Reach is the set of squares p's village is connected to by roads.
func (s *State) Reach(p int) [Size * Size]bool {
	var seen [Size * Size]bool
	colour := s.Seats[p].Colour
	start := Villages[colour]
	seen[start] = true
	// Each square joins the queue once at most: an array holds it.
	var queue [Size * Size]int
	queue[0] = start
	for head, tail := 0, 1; head < tail; head++ {
		a := queue[head]
		roads := s.Roads(a)
		for d := range 4 {
			if roads&(1<<d) == 0 {
				continue
			}
			b := neighbour(a, d)
			if b >= 0 && !seen[b] && s.Roads(b)&(1<<((d+2)%4)) != 0 && passable(b, colour) {
				seen[b] = true
				queue[tail] = b
				tail++
			}
		}
	}
	return seen
}

// reachMemo is a player's reach, worked out when first asked for: several
// rules may ask while nothing moves the roads.
type reachMemo struct {
	done  bool
	reach [Size * Size]bool
}

// of is p's reach (Reach).
func (m *reachMemo) of(s *State, p int) *[Size * Size]bool {
	if !m.done {
		m.reach, m.done = s.Reach(p), true
	}
	return &m.reach
}

// TileSpot is a place for an explored tile: a square and a rotation.
type TileSpot struct{ Square, Rot int }

// TileSpots lists where p may place land tile t: on empty land beside a
// square p reaches, turned so that one of its roads meets that square's
// road. Rotations giving the same roads are listed once.
func (s *State) TileSpots(p, t int) []TileSpot {
	reach := s.Reach(p)
	var out []TileSpot
	for q := range Squares {
		sides := s.tileSides(&reach, q)
		for rot := range 4 {
			if turnFits(t, rot, sides) {
				out = append(out, TileSpot{q, rot})
			}
		}
	}
	return out
}

// tileSides is the mask of the sides of square q where a tile placed
// there would meet a road of a square p reaches (reach): 0 when q is no
// empty land.
func (s *State) tileSides(reach *[Size * Size]bool, q int) int {
	if Squares[q].Kind != Land || s.Cells[q].Tile >= 0 {
		return 0
	}
	sides := 0
	for d := range 4 {
		n := neighbour(q, d)
		if n >= 0 && reach[n] && s.Roads(n)&(1<<((d+2)%4)) != 0 {
			sides |= 1 << d
		}
	}
	return sides
}

// turnFits says whether land tile t turned rot meets a road on one of
// sides (tileSides): TileSpots lists only the first rotation giving each
// set of roads.
func turnFits(t, rot, sides int) bool {
	roads := TileRoads(t)
	m := Turned(roads, rot)
	if m&sides == 0 {
		return false
	}
	for r := range rot {
		if Turned(roads, r) == m {
			return false
		}
	}
	return true
}

// tileFitsAnywhere says whether TileSpots(p, t) lists a place.
func (s *State) tileFitsAnywhere(p, t int) bool {
	reach := s.Reach(p)
	for q := range Squares {
		if sides := s.tileSides(&reach, q); sides != 0 {
			for rot := range 4 {
				if turnFits(t, rot, sides) {
					return true
				}
			}
		}
	}
	return false
}

// BuildSpots lists the explored land tiles without a building that p's
// village reaches.
func (s *State) BuildSpots(p int) []int {
	reach := s.Reach(p)
	var out []int
	for q := range Squares {
		if s.buildable(&reach, q) {
			out = append(out, q)
		}
	}
	return out
}

// buildable says whether a building may go on square q, for a player
// whose village reaches reach (BuildSpots).
func (s *State) buildable(reach *[Size * Size]bool, q int) bool {
	return reach[q] && Squares[q].Kind == Land && s.Cells[q].Tile >= 0 && s.Cells[q].Building < 0
}

// buildSpots counts the squares BuildSpots lists.
func (s *State) buildSpots(reach *[Size * Size]bool) int {
	n := 0
	for q := range Squares {
		if s.buildable(reach, q) {
			n++
		}
	}
	return n
}

// AttackWay is the way from p's village to square target passing the
// fewest of defender's watchtowers: the towers in the order met, and
// whether there is a way at all. "If a player is attacking a tile behind
// a watchtower, they must first defeat the watchtower before moving on to
// the tile, unless there is another way to reach the tile."
func (s *State) AttackWay(p, defender, target int) ([]int, bool) {
	const none = 1 << 30
	var cost [Size * Size]int
	var from [Size * Size]int
	for i := range cost {
		cost[i], from[i] = none, -1
	}
	colour := s.Seats[p].Colour
	start := Villages[colour]
	cost[start] = 0
	tower := func(i int) int {
		c := &s.Cells[i]
		if i != target && c.Building == Watchtower && c.Owner == defender {
			return 1
		}
		return 0
	}
	// A 0-1 breadth-first search: squares behind no more towers first.
	deque := []int{start}
	for len(deque) > 0 {
		a := deque[0]
		deque = deque[1:]
		for d := range 4 {
			b, ok := s.joined(a, d)
			if !ok || !passable(b, colour) {
				continue
			}
			w := tower(b)
			if cost[a]+w < cost[b] {
				cost[b], from[b] = cost[a]+w, a
				if w == 0 {
					deque = append([]int{b}, deque...)
				} else {
					deque = append(deque, b)
				}
			}
		}
	}
	if cost[target] == none {
		return nil, false
	}
	var towers []int
	for i := from[target]; i >= 0; i = from[i] {
		if tower(i) == 1 {
			towers = append(towers, i)
		}
	}
	// Met from the village outward: reverse the walk back.
	for i, j := 0, len(towers)-1; i < j; i, j = i+1, j-1 {
		towers[i], towers[j] = towers[j], towers[i]
	}
	return towers, true
}
