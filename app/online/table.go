package online

import (
	"context"
	"crypto/rand"
	"math"
	"slices"
	"sync"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// TableOptions tune a game on one device.
type TableOptions struct {
	// BotDelay is how long bots seem to think.
	BotDelay time.Duration
	// Now is the clock for the saved times (time.Now when nil).
	Now func() time.Time
	// Logf hears about problems no player is told of (nil discards).
	Logf func(string, ...any)
}

// Table is a game on one device: people who take turns at one screen, and
// bots. It is a room whose seats are all on this device, run by the same
// session.Host as a room with guests and no network, and saved the same
// way (a Saved, without its room part, kept by the same keeper), so
// saves, bots, names, log, refusals, rematches and every feature of the
// runtime are the room's. Each person is a local player of that host and
// reads the table from their own seat; the device shows one of them at a
// time, and is handed over before it shows another (Screen). The host
// sends the table to that one only (session's Show): an action builds one
// view for the device, however many people share it.
type Table struct {
	game     string
	keep     keeper
	host     *session.Host
	seats    []rules.SeatInfo
	tokens   []string               // each person's, by seat
	players  map[rules.Seat]*client // one for each person, by seat
	onChange func()
	wg       sync.WaitGroup
	// everyone sends every person their table, shown or not: the table
	// before one stream, kept for BenchmarkHotSeatAction's "before".
	everyone bool
	// away says people played this game elsewhere (Saved.Away): a
	// room's, kept here for this device's person.
	away    bool
	persons int // the people at this device

	mu     sync.Mutex
	viewer rules.Seat
	// handed says the device has been passed to viewer since the table
	// opened; until then a table several people share shows nobody's.
	handed bool
	// shownAt is the host's step when the device was handed to viewer:
	// until viewer's table has caught up with it, it is not shown.
	shownAt int
	// caught hears each change while a hand-over waits for the table.
	caught  chan struct{}
	problem string // why the last save failed, in words
}

// OpenTable opens the game saved on this device under id, where it was
// left. A save that cannot be read or replayed gives an error in words and
// stays where it is.
func OpenTable(ctx context.Context, st Store, id string, opts TableOptions, onChange func()) (*Table, error) {
	s, err := LoadGame(st, id)
	if err != nil {
		return nil, err
	}
	return StartTable(ctx, st, s, opts, onChange)
}

// StartTable runs the game s keeps (a new one, or one under way) and
// saves it after every action. onChange is called, on any goroutine,
// whenever what the screen shows may have changed.
func StartTable(ctx context.Context, st Store, s *Saved, opts TableOptions, onChange func()) (*Table, error) {
	return startTable(ctx, st, s, opts, onChange, false)
}

func startTable(ctx context.Context, st Store, s *Saved, opts TableOptions, onChange func(), everyone bool) (*Table, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if s.RoomPart != nil || s.Save == nil {
		return nil, errorf("the saved game %q is not a game on this device", s.Key())
	}
	rec := s.Save.Record
	here := func(i int) bool { return !rec.Seats[i].Bot && !slices.Contains(s.Away, rules.Seat(i)) }
	if !slices.ContainsFunc(rec.Seats, func(seat rules.SeatInfo) bool { return !seat.Bot }) {
		return nil, ErrNoHuman
	}
	persons, first := 0, rules.Spectator
	for i := range rec.Seats {
		if here(i) {
			if persons == 0 {
				first = rules.Seat(i)
			}
			persons++
		}
	}
	if persons == 0 {
		return nil, errorf("this game was played in a room, and this device only watched it: watch its replay")
	}
	t := &Table{game: rec.Game, keep: keeper{st: st, now: opts.Now, rec: s.clone()}, seats: slices.Clone(rec.Seats), away: len(s.Away) > 0, persons: persons, viewer: first, players: map[rules.Seat]*client{}, onChange: onChange, everyone: everyone, caught: make(chan struct{}, 1)}
	// Each person's token lives as long as the table: nobody else can
	// reach this host to use one.
	tokens := make([]string, len(rec.Seats))
	for i, s := range rec.Seats {
		if !s.Bot {
			tokens[i] = rand.Text()
		}
	}
	h, err := session.Resume(ctx, session.Save{Record: rec, Tokens: tokens, Log: s.Save.Log},
		session.Options{BotDelay: opts.BotDelay, AnswerTime: time.Duration(s.AnswerSeconds) * time.Second, BotPause: newBreather(), OnSave: t.saved, Logf: opts.Logf})
	if err != nil {
		return nil, errorf("the saved game %q cannot be resumed: %w", s.Key(), err)
	}
	t.host, t.tokens = h, tokens
	t.said(t.keep.store(func(*Saved) {})) // first in the "continue" list from now
	if t.oneStream() {
		// The first person's table only, until the device is handed on.
		if t.shownAt, err = h.Show(tokens[t.viewer]); err != nil {
			h.Close()
			return nil, err
		}
	}
	for i, s := range rec.Seats {
		if !here(i) {
			continue // a bot, or a person who played elsewhere (Saved.Away)
		}
		seat := rules.Seat(i)
		g, err := h.Local(s.Name, tokens[i])
		if err != nil {
			t.Close()
			return nil, err
		}
		c := &client{onChange: t.changed, onResult: t.ended}
		t.players[seat] = c
		t.wg.Add(1)
		go func() {
			defer t.wg.Done()
			c.follow(g)
		}()
	}
	return t, nil
}

func (t *Table) changed() {
	select {
	case t.caught <- struct{}{}:
	default:
	}
	if t.onChange != nil {
		t.onChange()
	}
}

// oneStream says the host sends the device the table of the person it
// shows only: two or more people share it (and the benchmark's "before"
// is not asked for).
func (t *Table) oneStream() bool { return t.persons > 1 && !t.everyone }

// saved keeps the game after every action. It runs on the host's loop.
func (t *Table) saved(s session.Save) { t.said(t.keep.saved(s)) }

// ended marks the save as a finished game (keeper.ended).
func (t *Table) ended() { t.said(t.keep.ended(t.host)) }

// said shows why the last save failed, until one succeeds.
func (t *Table) said(err error) {
	t.mu.Lock()
	t.problem = ""
	if err != nil {
		t.problem = "The game could not be saved on this device: " + Words(err)
	}
	t.mu.Unlock()
	if err != nil {
		t.changed()
	}
}

// ID names the save of the game at the table: a rematch plays on under
// it, the finished game kept under a new one.
func (t *Table) ID() string { return t.keep.get().Key() }

// Rematch deals a new game at the table once this one is over, as a
// room's host does (keeper.rematch): the same seats, names, bots, options
// and settings, a new seed, saved under the table's ID; the finished game
// stays in the "continue" list under an ID of its own.
func (t *Table) Rematch(seed uint64) error {
	if t.away {
		return errorf("this game was played in a room, its other players on their own devices: open a room for a rematch")
	}
	return t.keep.rematch(t.host, seed)
}

// Close stops the table. Its save stays.
func (t *Table) Close() error {
	t.host.Close()
	t.wg.Wait()
	return nil
}

// Game is the game's id.
func (t *Table) Game() string { return t.game }

// Seats lists who sits where.
func (t *Table) Seats() []rules.SeatInfo { return slices.Clone(t.seats) }

// Humans counts the people at the table.
func (t *Table) Humans() int { return len(t.players) }

// Screen says whose table the device shows now, and whether it must first
// be handed to that person: more than one person shares the screen, and
// either the next person to decide is not the one looking, or nobody has
// taken the device since the table opened (whoever holds it then may not
// be the player whose cards would show), or the table of the person just
// handed the device has not come yet (HandOver waits for it, but not
// forever).
func (t *Table) Screen() (seat rules.Seat, handOver bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.players) < 2 {
		return t.viewer, false
	}
	if !t.caughtUp() {
		return t.viewer, true
	}
	next, ok := t.nextPerson()
	if !ok {
		// Nobody decides (bots are moving, or the game is over): the
		// table shows the viewer's cards only once they hold the device.
		return t.viewer, !t.handed
	}
	return next, !t.handed || next != t.viewer
}

// viewerState is the state the viewer's table shows (nil before the
// first); t.mu is held.
func (t *Table) viewerState() *session.StateMsg {
	c := t.players[t.viewer]
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.view.Snap.State
}

// caughtUp says the viewer's table is as new as the host's when the
// device was handed to them; t.mu is held.
func (t *Table) caughtUp() bool {
	s := t.viewerState()
	return s != nil && s.Step >= t.shownAt
}

// nextPerson is the person the screen should show: the viewer while they
// still have to decide, else the next person to decide in turn order after
// the viewer, as the viewer's table says (it lists everyone's prompts).
// t.mu is held.
func (t *Table) nextPerson() (rules.Seat, bool) {
	s := t.viewerState()
	deciding := func(seat rules.Seat) bool {
		return s != nil && s.Result == nil && t.players[seat] != nil &&
			slices.ContainsFunc(s.Prompts, func(p rules.Prompt) bool { return p.Seat == seat })
	}
	if deciding(t.viewer) {
		return t.viewer, true
	}
	n := rules.Seat(len(t.seats))
	for i := rules.Seat(1); i <= n; i++ {
		if s := (t.viewer + i) % n; deciding(s) {
			return s, true
		}
	}
	return t.viewer, false
}

// showWait bounds how long HandOver waits for the table of the person
// the device is handed to: it comes through the host's loop in a moment;
// on a machine too busy for that, Screen asks for the device again until
// it has come.
const showWait = 2 * time.Second

// HandOver makes seat the one the screen shows, once the device has been
// passed to them: the host sends that person's table, and HandOver
// returns once it has come (or after showWait).
func (t *Table) HandOver(seat rules.Seat) error {
	t.mu.Lock()
	if t.players[seat] == nil {
		t.mu.Unlock()
		return errorf("seat %d is not a person at this table", seat)
	}
	t.viewer, t.handed = seat, true
	if t.oneStream() {
		t.shownAt = math.MaxInt // not shown until the host has said from when
	}
	t.mu.Unlock()
	if !t.oneStream() {
		return nil
	}
	step, err := t.host.Show(t.tokens[seat])
	if err != nil {
		t.mu.Lock()
		t.shownAt = 0
		t.mu.Unlock()
		return err
	}
	t.mu.Lock()
	t.shownAt = step
	t.mu.Unlock()
	for deadline := time.After(showWait); ; {
		t.mu.Lock()
		ok := t.viewer != seat || t.caughtUp()
		t.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-t.caught:
		case <-deadline:
			return nil
		}
	}
}

// View is the table as the person the screen shows sees it.
func (t *Table) View() View {
	t.mu.Lock()
	c, problem := t.players[t.viewer], t.problem
	t.mu.Unlock()
	v := c.View()
	if problem != "" {
		v.Notice = problem
	}
	return v
}

// Act plays an action for the person the screen shows.
func (t *Table) Act(a rules.Action) error {
	t.mu.Lock()
	c := t.players[t.viewer]
	t.mu.Unlock()
	return c.Act(a)
}

// Undoer names the person the screen showed last when they may still take
// back their last move; "" when not.
func (t *Table) Undoer() string {
	t.mu.Lock()
	c, seat := t.players[t.viewer], t.viewer
	t.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.view.Snap.State; s != nil && s.Undo != "" {
		return t.seats[seat].Name
	}
	return ""
}

// Shared reports whether several people play at this table, on this one
// device: the host never answers for them only when they have nothing to
// answer with, since the others would see it (session's automatic passes).
func (t *Table) Shared() bool { return len(t.players) > 1 }

// SetAutoPass tells the host when to answer for the people at the table
// (session.Prefs.AutoPass): the device's setting, for all of them.
func (t *Table) SetAutoPass(mode string) error {
	for _, c := range t.players {
		if err := c.SetAutoPass(mode); err != nil {
			return err
		}
	}
	return nil
}

// PassUntil asks the host for a standing pass for the person the screen
// shows (session.Prefs.PassUntil).
func (t *Table) PassUntil(until string) error {
	t.mu.Lock()
	c := t.players[t.viewer]
	t.mu.Unlock()
	return c.PassUntil(until)
}

// Undo takes back the last action of the person the screen shows, when
// they may (see session's Taking back).
func (t *Table) Undo() error {
	t.mu.Lock()
	c := t.players[t.viewer]
	t.mu.Unlock()
	return c.Undo()
}

// Record is the game so far.
func (t *Table) Record() (rules.Record, error) {
	s, err := t.host.Save()
	return s.Record, err
}

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
