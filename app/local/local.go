// Package local runs a game on one device: hot-seat humans and bots around
// one rules.State, saved after every action so that a reload or a later
// visit continues where the table left off. It is pure Go; the browser's
// storage reaches it through the Store interface.
package local

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"longhall/rules"
)

// Table is a local game in progress.
type Table struct {
	ID     string        // the save slot
	Record *rules.Record // every accepted action, the save file
	State  rules.State
	Log    []rules.LogEntry // every action so far, oldest first (see addLog)
	// Viewer is the seat whose hidden cards the screen shows. In hot-seat
	// play it changes only through HandOver.
	Viewer rules.Seat

	game rules.Game
	bots map[rules.Seat]rules.Bot
	// handed says the device has been passed to Viewer since the table
	// was set up or resumed; until then hot-seat play shows nobody's cards.
	handed bool
}

// Seat describes who sits in a seat when a table is set up.
type Seat = rules.SeatInfo

// ErrNoHuman is returned for a table with no human seat: nobody would see it.
var ErrNoHuman = errors.New("local: at least one seat must be a person")

// New starts a table. seed fixes the game's randomness (and the bots').
func New(id, gameID string, cfg rules.Config, seed uint64, seats []Seat) (*Table, error) {
	if !slices.ContainsFunc(seats, func(s Seat) bool { return !s.Bot }) {
		return nil, ErrNoHuman
	}
	s, rec, err := rules.Play(gameID, cfg, seed, seats)
	if err != nil {
		return nil, err
	}
	return newTable(id, rec, s, nil)
}

// Resume rebuilds a table from its record.
func Resume(id string, rec rules.Record) (*Table, error) {
	s, events, err := rules.ReplayByAction(rec)
	if err != nil {
		return nil, err
	}
	return newTable(id, &rec, s, events)
}

func newTable(id string, rec *rules.Record, s rules.State, events [][]rules.Event) (*Table, error) {
	g, err := rules.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	t := &Table{ID: id, Record: rec, State: s, game: g, bots: map[rules.Seat]rules.Bot{}}
	for i, seat := range rec.Seats {
		if seat.Bot {
			t.bots[rules.Seat(i)] = rules.NewBot(g, rec.Seed^uint64(i+1)*0x9e3779b97f4a7c15)
		}
	}
	for i, ev := range events {
		t.addLog(i+1, rec.Actions[i].Seat, ev)
	}
	t.Viewer = t.firstHuman()
	if next, ok := t.NextHuman(); ok {
		t.Viewer = next
	}
	return t, nil
}

// Game describes the game on the table.
func (t *Table) Game() rules.Info { return t.game.Info() }

// Names lists the seated players' names in seat order.
func (t *Table) Names() []string {
	out := make([]string, len(t.Record.Seats))
	for i, s := range t.Record.Seats {
		out[i] = s.Name
	}
	return out
}

// IsBot reports whether a bot plays seat.
func (t *Table) IsBot(seat rules.Seat) bool { _, ok := t.bots[seat]; return ok }

// Humans counts the human seats.
func (t *Table) Humans() int { return len(t.Record.Seats) - len(t.bots) }

// Act applies a human's action for the viewing seat.
func (t *Table) Act(a rules.Action) error {
	if t.IsBot(t.Viewer) {
		return fmt.Errorf("local: seat %d is played by a bot", t.Viewer)
	}
	ev, err := t.Record.Append(t.State, t.Viewer, a)
	if err != nil {
		return err
	}
	t.addLog(len(t.Record.Actions), t.Viewer, ev)
	return nil
}

// BotsToMove lists the pending seats that bots play.
func (t *Table) BotsToMove() []rules.Seat {
	var out []rules.Seat
	for _, p := range t.State.Pending() {
		if t.IsBot(p.Seat) && !slices.Contains(out, p.Seat) {
			out = append(out, p.Seat)
		}
	}
	return out
}

// StepBot lets one pending bot take one action. It reports false when no
// bot is pending.
func (t *Table) StepBot() (bool, error) {
	seats := t.BotsToMove()
	if len(seats) == 0 {
		return false, nil
	}
	seat := seats[0]
	a, err := t.bots[seat].Choose(t.State, seat)
	if err != nil {
		return false, fmt.Errorf("local: bot for seat %d: %w", seat, err)
	}
	ev, err := t.Record.Append(t.State, seat, a)
	if err != nil {
		return false, fmt.Errorf("local: bot for seat %d chose %s: %w", seat, a, err)
	}
	t.addLog(len(t.Record.Actions), seat, ev)
	return true, nil
}

// NextHuman returns the human seat the screen should show now: the viewer
// while it still has to decide, else the next pending human in turn order
// after the viewer. It reports false when no human has to decide.
func (t *Table) NextHuman() (rules.Seat, bool) {
	pending := map[rules.Seat]bool{}
	for _, p := range t.State.Pending() {
		if !t.IsBot(p.Seat) {
			pending[p.Seat] = true
		}
	}
	if pending[t.Viewer] {
		return t.Viewer, true
	}
	n := rules.Seat(len(t.Record.Seats))
	for i := rules.Seat(1); i <= n; i++ {
		if s := (t.Viewer + i) % n; pending[s] {
			return s, true
		}
	}
	return t.Viewer, false
}

// NeedsHandOver reports whether the device must pass to another person
// before anything hidden is shown: more than one human shares the screen,
// and either the next human to decide is not the one looking, or nobody
// has taken the device since the table was set up or resumed (whoever
// holds it then may not be the player whose cards would show).
func (t *Table) NeedsHandOver() (rules.Seat, bool) {
	if t.Humans() < 2 {
		return t.Viewer, false
	}
	next, ok := t.NextHuman()
	if !ok {
		// Nobody decides (bots are moving, or the game is over): the
		// table shows the viewer's cards only once they hold the device.
		return t.Viewer, !t.handed
	}
	return next, !t.handed || next != t.Viewer
}

// HandOver makes seat the viewer, once the device has been passed.
func (t *Table) HandOver(seat rules.Seat) error {
	if seat < 0 || int(seat) >= len(t.Record.Seats) || t.IsBot(seat) {
		return fmt.Errorf("local: seat %d is not a person at this table", seat)
	}
	t.Viewer, t.handed = seat, true
	return nil
}

func (t *Table) firstHuman() rules.Seat {
	for i, s := range t.Record.Seats {
		if !s.Bot {
			return rules.Seat(i)
		}
	}
	return 0
}

// addLog adds the n-th action's entry. With one person at the table (the
// rest bots) it is worded for that person, who reads what only they may
// know (the card a thief took from them); a screen that several people
// share gets public wording, so no seat's secrets go into it. A step that
// says nothing yet (the first half of a two-step action) adds no entry.
func (t *Table) addLog(n int, seat rules.Seat, events []rules.Event) {
	if len(events) > 0 {
		t.Log = append(t.Log, rules.EntryFor(n, seat, events, t.logReader()))
	}
}

// logReader is whom the log is worded for (see LonePerson).
func (t *Table) logReader() rules.Seat { return LonePerson(t.Record.Seats) }

// LonePerson is the one person at a table of bots, who may read what
// that seat sees without handing the device over; rules.Spectator when
// several people share the screen (each sees their own only after a
// hand-over) or nobody does.
func LonePerson(seats []rules.SeatInfo) rules.Seat {
	reader := rules.Spectator
	for i, s := range seats {
		if !s.Bot {
			if reader != rules.Spectator {
				return rules.Spectator
			}
			reader = rules.Seat(i)
		}
	}
	return reader
}

// ViewJSON encodes the viewer's view, as a remote peer would receive it.
func (t *Table) ViewJSON() (json.RawMessage, error) {
	return json.Marshal(t.State.View(t.Viewer))
}
