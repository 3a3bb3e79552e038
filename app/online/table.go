package online

import (
	"context"
	"crypto/rand"
	"errors"
	"math"
	"slices"
	"sync"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// TableOptions tune a table: a game on one device, or a room this device
// hosts.
type TableOptions struct {
	// BotDelay is how long bots seem to think.
	BotDelay time.Duration
	// Now is the clock for the saved times (time.Now when nil).
	Now func() time.Time
	// Logf hears about problems no player is told of (nil discards).
	Logf func(string, ...any)
	// Limits bound what each guest may do once the table is served
	// (session.Limits; its defaults when zero).
	Limits session.Limits
	// Claim is this tab's claim on the room (see ClaimHost). When another
	// tab takes the room over, the table closes here and View says Moved.
	// Nil hosts without asking the other tabs.
	Claim *Claim
}

// Table is a game this device runs: its session.Host, its save, the people
// at this device's screen, the time to answer, the end of the game and the
// rematch. A game on one device is a table with every person here; a room
// is a table served to a network (Serve) whose other seats are guests,
// the way an http.Server serves a listener. Either way it is saved as a
// Saved (a room's with its room part) by one keeper, so saves, bots,
// names, log, refusals, rematches and every feature of the runtime are
// the same.
//
// Each person is a local player of the host, known by their token, and
// reads the table from their own seat. When several share the screen,
// the device shows one of them at a time, and is handed over before it
// shows another (Screen, HandOver); the host sends the table to the one
// shown only (session's Show), so an action builds one view for the
// device however many people share it.
type Table struct {
	keep   keeper
	host   *session.Host
	opts   TableOptions
	people []*person
	// seats is who sat where when the table opened (a dealt game's).
	seats    []rules.SeatInfo
	onChange func()
	wg       sync.WaitGroup
	// everyone sends every person their table, shown or not: the table
	// before one stream, kept for BenchmarkHotSeatAction's "before".
	everyone bool
	// away says people played this game elsewhere (Saved.Away): a
	// room's, kept here for this device's person.
	away bool
	// net is the network the table is served to (Serve); nil for a game
	// on one device.
	net *served

	mu     sync.Mutex
	viewer int // the person the screen shows, by index in people
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

// A person is someone at this device's screen: a local player of the
// table's host.
type person struct {
	// seat is where they sit in a game on one device; a room's person
	// sits where the room says (View's Snap.Seat), rules.Spectator here.
	seat  rules.Seat
	token string
	*client
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
// whenever what the screen shows may have changed. A room's save opens
// with its host's person only, its lobby as it was, and is served to its
// guests by Serve (Host does both).
func StartTable(ctx context.Context, st Store, s *Saved, opts TableOptions, onChange func()) (*Table, error) {
	return startTable(ctx, st, s, opts, onChange, false)
}

func startTable(ctx context.Context, st Store, s *Saved, opts TableOptions, onChange func(), everyone bool) (*Table, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	t := &Table{keep: keeper{st: st, now: opts.Now, rec: s.clone()}, opts: opts, onChange: onChange, everyone: everyone, away: len(s.Away) > 0, caught: make(chan struct{}, 1)}
	people, err := t.open(ctx, s)
	if err != nil {
		return nil, err
	}
	// The table is first in the "continue" list from now.
	if err := t.keep.store(func(*Saved) {}); err != nil {
		if s.RoomPart != nil {
			t.host.Close()
			return nil, err
		}
		t.said(err) // a game on one device plays on, and says it
	}
	if t.oneStream() {
		// The first person's table only, until the device is handed on.
		if t.shownAt, err = t.host.Show(people[0].token); err != nil {
			t.host.Close()
			return nil, err
		}
	}
	for i, a := range people {
		g, err := t.host.Local(a.name, a.token)
		if err != nil {
			t.Close()
			return nil, err
		}
		c := t.people[i].client
		t.wg.Add(1)
		go func() {
			defer t.wg.Done()
			c.follow(g)
			c.set(func(v *View) { v.Link = Stopped })
		}()
	}
	return t, nil
}

// arrival is a person about to sit down at the table.
type arrival struct {
	name, token string
	seat        rules.Seat
}

// sitDown makes a person at this device of each arrival. It runs before
// the host starts: the host's loop reads the people from then on (set,
// timed), and they never change after.
func (t *Table) sitDown(here []arrival, room bool) {
	for _, a := range here {
		c := &client{onChange: t.changed, onResult: t.ended}
		c.view.Link = Connecting
		if room {
			c.onWelcome = func(w session.Welcome) { t.keep.store(func(r *Saved) { r.Token = w.Token }) }
		}
		t.people = append(t.people, &person{seat: a.seat, token: a.token, client: c})
	}
}

// open starts the table's host for s and says who sits at this device.
func (t *Table) open(ctx context.Context, s *Saved) ([]arrival, error) {
	sopts := session.Options{BotDelay: t.opts.BotDelay, AnswerTime: time.Duration(s.AnswerSeconds) * time.Second, BotPause: newBreather(),
		OnSave: t.saved, Logf: t.opts.Logf, Limits: t.opts.Limits}
	if s.RoomPart != nil {
		// A room: its host's person, in the seat its token holds (or
		// none yet), the lobby kept across a reload.
		t.net = &served{standbyPoke: make(chan struct{}, 1)}
		sopts.OnLobby, sopts.OnOptions, sopts.Timing, sopts.OnProtocol = t.savedLobby, t.savedOptions, t.timed, t.otherProtocol
		here := []arrival{{name: s.Name, token: s.Token, seat: rules.Spectator}}
		t.sitDown(here, true)
		var err error
		if s.Save != nil {
			t.host, err = session.Resume(ctx, *s.Save, sopts)
		} else {
			t.host, err = session.NewHost(ctx, s.Game, s.Config, s.Seed, sopts)
		}
		if err != nil {
			return nil, errorf("the room cannot be opened: %w", err)
		}
		if s.Save == nil && len(s.Lobby) > 0 {
			// A reload before the start: the seats and ready marks as they were.
			if err := t.host.RestoreLobby(s.Lobby); err != nil {
				t.opts.Logf("online: the lobby could not be restored: %v", err)
			}
		}
		return here, nil
	}
	if s.Save == nil {
		return nil, errorf("the saved game %q is not a game on this device", s.Key())
	}
	rec := s.Save.Record
	t.seats = slices.Clone(rec.Seats)
	if !slices.ContainsFunc(rec.Seats, func(seat rules.SeatInfo) bool { return !seat.Bot }) {
		return nil, ErrNoHuman
	}
	// Each person's token lives as long as the table: nobody else can
	// reach this host to use one.
	tokens := make([]string, len(rec.Seats))
	var here []arrival
	for i, seat := range rec.Seats {
		if seat.Bot {
			continue
		}
		tokens[i] = rand.Text()
		if !slices.Contains(s.Away, rules.Seat(i)) { // Saved.Away played elsewhere
			here = append(here, arrival{name: seat.Name, token: tokens[i], seat: rules.Seat(i)})
		}
	}
	if len(here) == 0 {
		return nil, errorf("this game was played in a room, and this device only watched it: watch its replay")
	}
	t.sitDown(here, false)
	var err error
	t.host, err = session.Resume(ctx, session.Save{Record: rec, Tokens: tokens, Log: s.Save.Log}, sopts)
	if err != nil {
		return nil, errorf("the saved game %q cannot be resumed: %w", s.Key(), err)
	}
	return here, nil
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

// set changes what every person at the device reads of the table itself
// (a room's links, its relays, a save that failed).
func (t *Table) set(f func(v *View)) {
	for _, p := range t.people {
		p.set(f)
	}
}

// oneStream says the host sends the device the table of the person it
// shows only: two or more people share it (and the benchmark's "before"
// is not asked for).
func (t *Table) oneStream() bool { return len(t.people) > 1 && !t.everyone }

// saved keeps the game after every action. It runs on the host's loop.
func (t *Table) saved(s session.Save) {
	t.said(t.keep.saved(s))
	t.net.poke()
}

// savedLobby keeps a room's lobby before the start. It runs on the host's
// loop.
func (t *Table) savedLobby(seats []session.LobbySeat) {
	t.said(t.keep.store(func(r *Saved) { r.Lobby = seats }))
}

// savedOptions keeps the game's options as the host changed them in the
// lobby, so that a reload before the start opens the same game. It runs
// on the host's loop.
func (t *Table) savedOptions(options map[string]string) {
	t.said(t.keep.store(func(r *Saved) { r.Config.Options = options }))
}

// ended marks the save as a finished game (keeper.ended).
func (t *Table) ended() { t.said(t.keep.ended(t.host)) }

// said shows why the last save failed, until one succeeds.
func (t *Table) said(err error) {
	t.mu.Lock()
	was := t.problem
	t.problem = ""
	if err != nil {
		t.problem = "The game could not be saved on this device: " + Words(err)
	}
	now := t.problem
	t.mu.Unlock()
	if now != was {
		t.changed()
	}
}

// Key names the table's save: a game's id on this device, or its room's
// key. A rematch plays on under it, the finished game kept under a new
// one.
func (t *Table) Key() string { return t.keep.get().Key() }

// Rematch deals a new game at the table once this one is over
// (keeper.rematch): the same seats, names, bots, options and settings, a
// new seed, saved under the table's Key (a room's link stays); the
// finished game stays in the "continue" list under an ID of its own, as
// a game of this device.
func (t *Table) Rematch(seed uint64) error {
	if t.away {
		return errorf("this game was played in a room, its other players on their own devices: open a room for a rematch")
	}
	return t.keep.rematch(t.host, seed)
}

// Close stops the table, and its room if it is served. Its save stays:
// everything accepted is already saved.
func (t *Table) Close() error {
	err := t.stop()
	if t.opts.Claim != nil {
		t.opts.Claim.Release()
	}
	return err
}

// stop closes the host, the network it is served to and the people's
// players.
func (t *Table) stop() error {
	t.net.cancelServing()
	err := t.host.Close()
	t.net.wait()
	t.wg.Wait()
	if errors.Is(err, session.ErrClosed) {
		err = nil
	}
	return err
}

// Game is the game's id.
func (t *Table) Game() string { return t.keep.get().Game }

// Seats lists who sits where in a game on one device (a room's seats are
// its lobby's: View's Snap).
func (t *Table) Seats() []rules.SeatInfo { return slices.Clone(t.seats) }

// Humans counts the people at this device.
func (t *Table) Humans() int { return len(t.people) }

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
	me := t.people[t.viewer].seat
	if len(t.people) < 2 {
		return me, false
	}
	if !t.caughtUp() {
		return me, true
	}
	next, ok := t.nextPerson()
	if !ok {
		// Nobody decides (bots are moving, or the game is over): the
		// table shows the viewer's cards only once they hold the device.
		return me, !t.handed
	}
	return next, !t.handed || next != me
}

// viewerState is the state the viewer's table shows (nil before the
// first); t.mu is held.
func (t *Table) viewerState() *session.StateMsg {
	c := t.people[t.viewer].client
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

// at is the index of the person in seat, or -1.
func (t *Table) at(seat rules.Seat) int {
	return slices.IndexFunc(t.people, func(p *person) bool { return p.seat == seat && seat != rules.Spectator })
}

// nextPerson is the person the screen should show: the viewer while they
// still have to decide, else the next person to decide in turn order after
// the viewer, as the viewer's table says (it lists everyone's prompts).
// t.mu is held.
func (t *Table) nextPerson() (rules.Seat, bool) {
	s, me := t.viewerState(), t.people[t.viewer].seat
	deciding := func(seat rules.Seat) bool {
		return s != nil && s.Result == nil && t.at(seat) >= 0 &&
			slices.ContainsFunc(s.Prompts, func(p rules.Prompt) bool { return p.Seat == seat })
	}
	if deciding(me) {
		return me, true
	}
	n := rules.Seat(len(t.seats))
	for i := rules.Seat(1); i <= n; i++ {
		if s := (me + i) % n; deciding(s) {
			return s, true
		}
	}
	return me, false
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
	i := t.at(seat)
	if i < 0 {
		return errorf("seat %d is not a person at this table", seat)
	}
	t.mu.Lock()
	t.viewer, t.handed = i, true
	if t.oneStream() {
		t.shownAt = math.MaxInt // not shown until the host has said from when
	}
	t.mu.Unlock()
	if !t.oneStream() {
		return nil
	}
	step, err := t.host.Show(t.people[i].token)
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
		ok := t.viewer != i || t.caughtUp()
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

// shown is the person the screen shows.
func (t *Table) shown() *person {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.people[t.viewer]
}

// View is the table as the person the screen shows sees it.
func (t *Table) View() View {
	t.mu.Lock()
	p, problem := t.people[t.viewer], t.problem
	t.mu.Unlock()
	v := p.View()
	if problem != "" {
		v.Notice = problem
	}
	return v
}

// Act plays an action for the person the screen shows.
func (t *Table) Act(a rules.Action) error { return t.shown().Act(a) }

// Undo takes back the last action of the person the screen shows, when
// they may (see session's Taking back).
func (t *Table) Undo() error { return t.shown().Undo() }

// PassUntil asks the host for a standing pass for the person the screen
// shows (session.Prefs.PassUntil).
func (t *Table) PassUntil(until string) error { return t.shown().PassUntil(until) }

// Sit, Stand, Ready and Chat are the lobby's and the room's, for the
// person the screen shows (a room's host).
func (t *Table) Sit(seat rules.Seat) error { return t.shown().Sit(seat) }
func (t *Table) Stand() error              { return t.shown().Stand() }
func (t *Table) Ready(ready bool) error    { return t.shown().Ready(ready) }
func (t *Table) Chat(text string) error    { return t.shown().Chat(text) }

// Undoer names the person the screen showed last when they may still take
// back their last move; "" when not.
func (t *Table) Undoer() string {
	p := t.shown()
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.view.Snap.State; s != nil && s.Undo != "" && p.seat != rules.Spectator {
		return t.seats[p.seat].Name
	}
	return ""
}

// Shared reports whether several people play at this table, on this one
// device: the host never answers for them only when they have nothing to
// answer with, since the others would see it (session's automatic passes).
func (t *Table) Shared() bool { return len(t.people) > 1 }

// SetAutoPass tells the host when to answer for the people at the table
// (session.Prefs.AutoPass): the device's setting, for all of them.
func (t *Table) SetAutoPass(mode string) error {
	for _, p := range t.people {
		if err := p.SetAutoPass(mode); err != nil {
			return err
		}
	}
	return nil
}

// Record is the game so far.
func (t *Table) Record() (rules.Record, error) {
	s, err := t.host.Save()
	return s.Record, err
}

// The host's controls of the lobby and the room: a game on one device is
// dealt already, so they matter once the table is a room's.

// Start begins the game once every seat holds a bot or a ready player.
func (t *Table) Start() error { return t.host.Start() }

// SetOption changes a game option in the lobby, before the start.
func (t *Table) SetOption(key, value string) error { return t.host.SetOption(key, value) }

// SetAnswerTime sets the time to answer a prompt that may time out, in
// seconds (0 for no limit), and keeps it for a reload.
func (t *Table) SetAnswerTime(seconds int) error {
	if err := t.host.SetAnswerTime(time.Duration(seconds) * time.Second); err != nil {
		return err
	}
	return t.keep.store(func(r *Saved) { r.AnswerSeconds = seconds })
}

// GiveSeat gives an away player's seat to a watcher (member id), one who
// asked for it (SeatStatus.Claims) or not.
func (t *Table) GiveSeat(seat rules.Seat, member int) error { return t.host.GiveSeat(seat, member) }

// SetBot puts a bot in a seat or takes it out.
func (t *Table) SetBot(seat rules.Seat, on bool) error { return t.host.SetBot(seat, on) }

// SetBotLevel makes the bot in a seat easy or hard, before the start.
func (t *Table) SetBotLevel(seat rules.Seat, level string) error {
	return t.host.SetBotLevel(seat, level)
}

// Kick sends a member away and bans its token from the room.
func (t *Table) Kick(member int, reason string) error { return t.host.Kick(member, reason) }

// Members lists who is in the room.
func (t *Table) Members() ([]session.MemberInfo, error) { return t.host.Members() }

// SetPaused pauses or resumes the game for everyone.
func (t *Table) SetPaused(paused bool, reason string) error {
	return t.host.SetPaused(paused, reason)
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
