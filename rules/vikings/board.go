package vikings

import "sync"

// The map built from content.go's red quarter, turned for each colour.

// A Space is one sea space: where it lies, what it holds, and the
// directions a longship may leave it in.
type Space struct {
	Row, Col int
	Kind     int     // Sea, Harbour, Village or Centre
	Colour   int     // a harbour's or a village's colour, else -1
	Dirs     [4]bool // North, East, South, West
}

// Spaces is the map; a space's id is its index. Camps are the corners'
// cells, one per colour: Camps[colour] is [row, column].
var (
	Spaces []Space
	Camps  [Colours][2]int
	// HarbourOf and VillageOf give each colour's space id.
	HarbourOf, VillageOf [Colours]int
	// CentreSpace is where the sea monster starts.
	CentreSpace int
	cellID      [Size][Size]int
)

// turn turns a cell a quarter clockwise about the board's centre.
func turn(rc [2]int) [2]int { return [2]int{rc[1], Size - 1 - rc[0]} }

// turned turns a cell k quarters clockwise.
func turned(rc [2]int, k int) [2]int {
	for range k {
		rc = turn(rc)
	}
	return rc
}

func isCorner(r, c int) bool { return (r == 0 || r == Size-1) && (c == 0 || c == Size-1) }

func init() {
	blocked := map[[3]int]bool{}
	for k := range Colours {
		for _, reef := range redReefs {
			rc := turned([2]int{reef[0], reef[1]}, k)
			blocked[[3]int{rc[0], rc[1], (reef[2] + k) % 4}] = true
		}
		Camps[k] = turned([2]int{0, 0}, k)
	}
	for r := range Size {
		for c := range Size {
			cellID[r][c] = -1
			if isCorner(r, c) {
				continue
			}
			cellID[r][c] = len(Spaces)
			Spaces = append(Spaces, Space{Row: r, Col: c, Colour: -1})
		}
	}
	for k := range Colours {
		h, v := turned(redHarbour, k), turned(redVillage, k)
		HarbourOf[k], VillageOf[k] = cellID[h[0]][h[1]], cellID[v[0]][v[1]]
		Spaces[HarbourOf[k]].Kind, Spaces[HarbourOf[k]].Colour = Harbour, k
		Spaces[VillageOf[k]].Kind, Spaces[VillageOf[k]].Colour = Village, k
	}
	CentreSpace = cellID[centre[0]][centre[1]]
	Spaces[CentreSpace].Kind = Centre
	for i := range Spaces {
		sp := &Spaces[i]
		for d := range 4 {
			r, c := sp.Row+dirStep[d][0], sp.Col+dirStep[d][1]
			sp.Dirs[d] = r >= 0 && r < Size && c >= 0 && c < Size && !isCorner(r, c) && !blocked[[3]int{sp.Row, sp.Col, d}]
		}
	}
}

// paths holds every Distances(from, avoid)[to] for the bot, which asks
// often (see distance). It is worked out on the first question, not at
// init: 1.6 MB and 37 ms of the app's 85 ms of init under node (four
// times that on a phone), which every page load paid, Vikings played or
// not.
var paths = sync.OnceValue(func() []int8 {
	n := len(Spaces)
	p := make([]int8, n*n*n)
	for avoid := range n {
		for from := range n {
			for to, d := range Distances(from, avoid) {
				p[(avoid*n+from)*n+to] = int8(d)
			}
		}
	}
	return p
})

// distance is the fewest moves from space from to space to, avoiding
// the space avoid (the sea monster's), -1 when unreachable: Distances,
// looked up.
func distance(from, to, avoid int) int {
	n := len(Spaces)
	return int(paths()[(avoid*n+from)*n+to])
}

// Neighbour returns the space one step from space i in direction d, or
// -1 when the space does not allow it.
func Neighbour(i, d int) int {
	if i < 0 || i >= len(Spaces) || d < 0 || d > 3 || !Spaces[i].Dirs[d] {
		return -1
	}
	sp := Spaces[i]
	return cellID[sp.Row+dirStep[d][0]][sp.Col+dirStep[d][1]]
}

// Distances returns the fewest moves from space from to every space,
// avoiding the space avoid (the sea monster's), -1 where unreachable.
func Distances(from, avoid int) []int {
	dist := make([]int, len(Spaces))
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	queue := []int{from}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for d := range 4 {
			if j := Neighbour(i, d); j >= 0 && j != avoid && dist[j] < 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	return dist
}
