package ui

import (
	"bytes"
	"encoding/json"
	"sort"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// ActAction is the go-app action a board raises with a rules.Action value
// when its player chooses one. The table (local or a room) handles it.
const ActAction = "longhall/act"

// UndoAction is the go-app action the status bar raises to take back the
// viewer's last action (BoardProps.Undo).
const UndoAction = "longhall/undo"

// PassUntilAction is the go-app action the choice raises, with a string
// value ("turn", "round", or "off" to call it off), to ask the host to
// answer the viewer's prompts as a pass for a while (BoardProps.Passes).
const PassUntilAction = "longhall/pass-until"

// BoardProps is everything a game's board needs to draw one seat's table.
// The view arrives as JSON, exactly as a remote peer receives it, so local
// and networked play share one path. A board keeps the View it was given
// (to decode it again only when it changes): whoever gives it must not
// write into it afterwards, as a guest never writes into a view it has
// delivered.
type BoardProps struct {
	Game    string           `json:"game"`
	Seat    rules.Seat       `json:"seat"`
	Names   []string         `json:"names"`
	View    json.RawMessage  `json:"view"`
	Legal   []rules.Action   `json:"legal"`
	Refused []rules.Refusal  `json:"refused,omitempty"` // why some actions are not open now
	Pending []rules.Prompt   `json:"pending"`
	Result  *rules.Result    `json:"result"`
	Log     []rules.LogEntry `json:"log"`
	// Clock, when a time to answer runs, says whose and how long is left.
	Clock *Clock `json:"clock,omitempty"`
	// Undo names the viewer's last action when they may take it back now
	// (the status bar offers it; the page handles UndoAction).
	Undo string `json:"undo,omitempty"`
	// Passes lists the standing passes the viewer may ask for at the
	// prompt now ("turn": until my turn; "round": for the rest of this
	// round), and Passing the one they hold; the choice offers them
	// beside the game's own Pass (PassUntilAction).
	Passes  []string `json:"passes,omitempty"`
	Passing string   `json:"passing,omitempty"`
	// Side holds the page's own panels for the side column, under the
	// players (a room's seats and chat); they never travel.
	Side []app.UI `json:"-"`
	// Replay says the table is a replay being watched: nobody there is
	// asked anything, so the status bar names who decides instead of
	// putting the prompt to the viewer.
	Replay bool `json:"-"`
}

// Clock is a running time to answer: Seat's, Left whole seconds (rounded
// up) left.
type Clock struct {
	Seat rules.Seat `json:"seat"`
	Left int        `json:"left"`
}

// Props is what a board draws from: the table's props and the view,
// decoded into the game's own view type once per change of view, not on
// every render.
type Props[V any] struct {
	BoardProps
	V *V
}

// Name is a seat's player name ("Player 2" when the table has none).
func (p *BoardProps) Name(s rules.Seat) string { return nameOf(p.Names, s) }

// Game is how a game plugs into the app: its rules (in the rules
// registry, by the same id), its board and its stylesheet. A board
// package registers it from init with Register; that and one import in
// the app's main package are all a new game touches outside its own
// packages. The home page, the page paths and the pages' stylesheets all
// derive from the registered games, so a game with rules but no board is
// never listed.
type Game struct {
	Info  rules.Info
	Style string // the board's stylesheet, "/web/<file>.css", or ""
	draw  func(BoardProps) app.UI
}

var games struct {
	sync.RWMutex
	byID map[string]Game
}

// Register makes a game playable in the app. id names its rules in the
// rules registry (register those first, e.g. by importing the rules
// package); style is its stylesheet under web/ ("" for none); draw builds
// its board from props whose view is decoded into V. A second game with
// the same id, or one without rules, is a programming error: it panics at
// start-up.
func Register[V any](id, style string, draw func(*Props[V]) app.UI) {
	g, err := rules.Lookup(id)
	if err != nil {
		panic("ui: a board for a game with no rules: " + id)
	}
	var mu sync.Mutex
	var lastRaw []byte
	var last *V
	var lastErr error
	decode := func(raw json.RawMessage) (*V, error) {
		mu.Lock()
		defer mu.Unlock()
		if last != nil && (same(raw, lastRaw) || bytes.Equal(raw, lastRaw)) {
			return last, lastErr
		}
		v := new(V)
		lastErr = json.Unmarshal(raw, v)
		// Kept, not copied: a view handed to a board is never written
		// into (BoardProps), so the page holds one copy of it as bytes.
		last, lastRaw = v, raw
		return last, lastErr
	}
	games.Lock()
	defer games.Unlock()
	if games.byID == nil {
		games.byID = map[string]Game{}
	}
	if _, dup := games.byID[id]; dup {
		panic("ui: game registered twice: " + id)
	}
	games.byID[id] = Game{Info: g.Info(), Style: style, draw: func(p BoardProps) app.UI {
		v, err := decode(p.View)
		if err != nil {
			return app.P().Class("error").Text("The " + g.Info().Name + " table cannot be drawn: " + err.Error())
		}
		return draw(&Props[V]{BoardProps: p, V: v})
	}}
}

// same says whether a and b are the one slice: a redraw of the view a
// board has (the clock's, each second) is known to be no change without
// reading it.
func same(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// LookupGame finds a registered game.
func LookupGame(id string) (Game, bool) {
	games.RLock()
	defer games.RUnlock()
	g, ok := games.byID[id]
	return g, ok
}

// Games lists the playable games, by name.
func Games() []Game {
	games.RLock()
	defer games.RUnlock()
	out := make([]Game, 0, len(games.byID))
	for _, g := range games.byID {
		out = append(out, g)
	}
	// sort.Slice: see "Code size" in docs/ARCHITECTURE.md.
	sort.Slice(out, func(i, j int) bool { return out[i].Info.Name < out[j].Info.Name })
	return out
}

// Styles lists the stylesheets the pages load: the app's, then each
// game's.
func Styles() []string {
	out := []string{"/web/longhall.css"}
	for _, g := range Games() {
		if g.Style != "" {
			out = append(out, g.Style)
		}
	}
	return out
}

// Board draws a game's board for one seat.
func (g Game) Board(p BoardProps) app.UI { return g.draw(p) }

// Act raises the ActAction for a chosen action.
func Act(ctx app.Context, a rules.Action) {
	ctx.NewActionWithValue(ActAction, a)
}
