package online

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// Link says how this player's link to the room stands.
type Link string

const (
	Connecting   Link = "connecting"   // the first attempt to reach the host
	Connected    Link = "connected"    // in the room
	Reconnecting Link = "reconnecting" // the link dropped; trying again with the token
	Removed      Link = "removed"      // the host sent this player away
	Stopped      Link = "stopped"      // the page closed the room
)

const chatLines = 50 // chat lines kept for the page

// View is the room as this player sees it now, for the page to render.
type View struct {
	Host bool // this device hosts the room
	Link Link
	// Moved says the room closed here because another tab of this browser
	// took it over (see ClaimHost).
	Moved bool
	// Problem says why the link is not up (the last failure), or why the
	// host sent this player away, as a sentence for a banner.
	Problem string
	// Attempts counts failed attempts since the link was last up.
	Attempts int
	// Stuck says a guest stopped trying: its last attempts found no path
	// to the host at all. It tries again when the player asks
	// (Joining.TryAgain) or the device's network changes.
	Stuck bool
	// NoPath says the guest's last attempt found no path to the host at
	// all (signaling worked; the networks did not): connecting by codes
	// cannot help then.
	NoPath bool
	// Relays says, for the host, on which relays guests can find the room;
	// RelayStatus lists them by name.
	Relays      string
	RelayStatus signal.Status
	// Via says, in words, through which relay a guest last reached the
	// host ("the Nostr relay wss://…").
	Via string
	// Relayed says the guest's link goes through the relays: the two
	// networks allow no direct one.
	Relayed bool
	// Elsewhere says, for a guest sent away (Link Removed), that it was
	// the player's own other tab or device that took the seat: they may
	// take it back here (Joining.TakeBack).
	Elsewhere bool
	// HostsNow, on a guest, is the key of the room the host handed to
	// this device (Table.MoveHost): the page hosts it from now on.
	HostsNow string
	// HandedOver, on a guest, says who hosts the room now, while the guest
	// joins them after the last host handed the table over.
	HandedOver string
	// Standby, on a guest, says the host chose this device to host should
	// theirs go quiet, and it keeps a copy of the table; TookOver says it
	// did, the host's device having gone quiet (with HostsNow).
	Standby, TookOver bool
	// Successor, on the host, is the seat chosen to host should this
	// device go quiet (rules.Spectator for none, the default).
	Successor rules.Seat
	// Guests says, for the host, how guests' links fare (one that no
	// direct path reaches, one that could not connect), in words.
	Guests string
	Snap   session.Snapshot
	// Log is the whole game so far as this seat may read it, one entry an
	// action, oldest first; the host sends it again after every reconnect.
	Log  []rules.LogEntry
	Chat []session.Chat
	// Notice is the host's last refusal of this player's message, as a
	// sentence.
	Notice string
	// Waiting says that this player's move went out and the host has
	// said nothing since, for WaitAfter; or that the link is down and
	// moves wait to be sent again when it is back. The page says that it
	// waits for the host.
	Waiting bool
	// Traffic measures the link: what players feel and what it costs.
	Traffic Traffic
	// Clock is the running time to answer, as the host last said (nil
	// when none was said; see Clock.Left for whether it still runs).
	Clock *Clock
	// Record is the whole record of the game once it has ended, as the
	// host handed it, for its replay (nil before; a rematch's game has
	// its own, when it ends).
	Record *rules.Record
	// OlderProtocol says the host speaks a later protocol than this
	// device: it cannot join until it reloads into a newer build.
	OlderProtocol bool
}

// Traffic counts this player's messages. A round trip runs from sending an
// intent to the host's next answer (the new state, or the refusal).
type Traffic struct {
	RTTs       []time.Duration // the latest intent round trips, oldest first
	Intents    int             // intents sent
	SentBytes  int64           // bytes sent, intents and all
	States     int             // state messages received
	StateBytes int64           // their bytes
	InBytes    int64           // bytes received, every kind
	// HostTimes, on the host, are what each guest's applied action took
	// the host: apply, encode, send and save (the latest, oldest first).
	HostTimes []time.Duration
	// HostToActor, on the host, are the parts of those before the acting
	// guest was sent its new state: the host's share of its round trip.
	HostToActor []time.Duration
	// Decodes are the guest's own share of its round trips: from reading
	// the answer off the link to having it decoded.
	Decodes []time.Duration
}

// Clock is a seat's time to answer for the state of Version, running out
// at Deadline on this device's clock.
type Clock struct {
	Version  int
	Seat     rules.Seat
	Deadline time.Time
}

// Left is the whole seconds left at now, rounded up, and whether the clock
// still runs for the state of version: it stops when the state moves on,
// or when the time is up.
func (c *Clock) Left(now time.Time, version int) (int, bool) {
	if c == nil || c.Version != version {
		return 0, false
	}
	d := c.Deadline.Sub(now)
	if d <= 0 {
		return 0, false
	}
	return int((d + time.Second - 1) / time.Second), true
}

// samplesKept bounds the round trips and host times kept for the page.
const samplesKept = 1000

// keepLatest appends d to a list of samples that keeps the latest
// samplesKept. The oldest are sliced off, never moved: the list only
// grows at its end (see shared).
func keepLatest(list []time.Duration, d time.Duration) []time.Duration {
	list = append(list, d)
	if n := len(list) - samplesKept; n > 0 {
		list = list[n:]
	}
	return list
}

// shared is a list of the view as the page may keep it: capped at its
// length. The client's lists (the log, the chat, the samples) only grow
// at their end, and a line dropped from the start is sliced off, not
// moved, so what the client appends never reaches what a reader holds:
// an append past the cap takes a new array. The page gets them without a
// copy; a log that grows by one entry an action is not copied whole at
// every change.
func shared[T any](list []T) []T { return list[:len(list):len(list)] }

// ErrOffline is returned by the player's actions while the link is down.
var ErrOffline = newError("not connected to the room right now")

// WaitAfter is how long a move may go unanswered before the player reads
// that the table waits for the host (View.Waiting).
const WaitAfter = 1500 * time.Millisecond

// outboxSize bounds the moves a player keeps for sending again; the host
// answers each within a second, so only a long-dead link fills it.
const outboxSize = 64

// outgoing is a move sent to the host and not yet known to be dealt with:
// it is sent again after a reconnect unless the host's welcome says it was
// taken (see the session README, Nothing lost).
type outgoing struct {
	seq    int64 // its number on the link it last went out on
	action rules.Action
	sent   time.Time
	heard  int  // the updates heard when it went out: one more answers it
	again  bool // sent again after a reconnect
}

// client follows one player's session.Guest, which a reconnect replaces,
// and keeps what the page shows across guests.
type client struct {
	onChange func()

	mu        sync.Mutex
	g         *session.Guest
	view      View
	version   int                   // the last state version whose events are in the log
	sentAt    time.Time             // when the intent awaiting an answer went out
	sentBase  int64                 // bytes sent by guests before the current one
	onWelcome func(session.Welcome) // keeps the token (and a guest its link)
	onResult  func()
	// onHandOver hears the table the host hands to this device, with the
	// guest that brought it (Joining.takeTable).
	onHandOver func(table []byte, g *session.Guest)
	// onStandby hears a copy of the table, for a successor (or that the
	// host took its choice back).
	onStandby func(table []byte, standDown bool)

	// next is a whole log the host is sending (LogMsg.First, then More),
	// kept aside until the state it goes with arrives: the page shows the
	// table it has, with its log, until then, and never an old table
	// with a new game's log (a rematch's, empty) or half of a log.
	next *session.LogMsg

	// keep makes the player keep its moves until the host has dealt with
	// them, and send them again after a reconnect (a guest; the host's
	// own player cannot lose its link).
	keep     bool
	outbox   []outgoing
	heard    int              // updates heard from the host, for Waiting
	welcomed bool             // the current guest is welcomed and the outbox sent again
	now      func() time.Time // the clock for Waiting (time.Now when nil)
	autoPass string           // the player's session.Prefs.AutoPass, sent on every welcome ("": the host's default)
	nudge    *time.Timer      // redraws the page when a move has waited WaitAfter
}

func (c *client) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

func (c *client) changed() {
	if c.onChange != nil {
		c.onChange()
	}
}

// View returns the room as the player sees it now. The page may keep it,
// and only reads it: its lists are shared with the client, which never
// writes into what it has handed out (see shared).
func (c *client) View() View {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := c.view
	v.Log = shared(v.Log)
	v.Chat = shared(v.Chat)
	v.Traffic.RTTs = shared(v.Traffic.RTTs)
	v.Traffic.HostTimes = shared(v.Traffic.HostTimes)
	v.Traffic.HostToActor = shared(v.Traffic.HostToActor)
	v.Traffic.Decodes = shared(v.Traffic.Decodes)
	v.Waiting = c.waiting(c.clock())
	if c.g != nil {
		v.Traffic.SentBytes = c.sentBase + c.g.SentBytes()
	}
	return v
}

func (c *client) set(f func(v *View)) {
	c.mu.Lock()
	f(&c.view)
	c.mu.Unlock()
	c.changed()
}

// follow makes g the player's guest and relays its updates until it
// stops; it returns once g has stopped.
func (c *client) follow(g *session.Guest) {
	c.mu.Lock()
	if c.g != nil {
		c.sentBase += c.g.SentBytes()
	}
	c.g = g
	c.sentAt = time.Time{}
	c.next = nil
	c.welcomed = false
	c.view.Link, c.view.Problem, c.view.Attempts, c.view.NoPath, c.view.HandedOver = Connected, "", 0, false, ""
	c.mu.Unlock()
	c.changed()
	for u := range g.Updates() {
		// The end is kept before the player can see it: one who asks for
		// a rematch at once finds the finished game saved as over, and
		// the new one not (a table's onResult marks whatever game its host
		// holds when it runs).
		if u.State != nil && u.State.Result != nil && c.onResult != nil {
			c.onResult()
		}
		if u.HandOver != nil && c.onHandOver != nil {
			c.onHandOver(u.HandOver, g)
		}
		if (u.Standby != nil || u.StandDown) && c.onStandby != nil {
			c.onStandby(u.Standby, u.StandDown)
		}
		c.mu.Lock()
		c.apply(u)
		c.mu.Unlock()
		c.changed()
	}
}

// apply folds one update into the view. The guest has decoded it
// (session's one decode of a message kind) and taken what it says into
// the Snapshot; the client folds it by the one field that is set.
func (c *client) apply(u session.Update) {
	c.heard++
	c.view.Snap = u.Snap // as of this update, in step with the log
	c.view.Traffic.InBytes += int64(u.Size)
	switch {
	case u.Welcome != nil:
		if c.onWelcome != nil {
			c.onWelcome(*u.Welcome)
		}
		if c.autoPass != "" && c.g != nil {
			c.g.Prefs(session.Prefs{AutoPass: c.autoPass})
		}
		c.view.Notice = ""
		c.resend(u.Welcome.Seq)
	case u.Log != nil:
		switch {
		case u.Log.First:
			c.next = &session.LogMsg{Upto: u.Log.Upto, Entries: shared(u.Log.Entries)}
		case c.next != nil:
			c.next.Entries, c.next.Upto = append(c.next.Entries, u.Log.Entries...), u.Log.Upto
		default: // the rest of a log whose start this client never had
			c.view.Log, c.version = append(c.view.Log, u.Log.Entries...), u.Log.Upto
		}
	case u.State != nil:
		c.answered(u.Received)
		c.view.Traffic.States++
		c.view.Traffic.StateBytes += int64(u.Size)
		if c.next != nil {
			// The host sends a whole log just before the state it leads
			// to (session's sendTable): the two are shown together.
			c.view.Log, c.version, c.next = c.next.Entries, c.next.Upto, nil
		}
		s := u.State
		if s.Version > c.version {
			if len(s.Events) > 0 {
				c.view.Log = append(c.view.Log, rules.EntryFor(s.Version, s.Actor, s.Events, s.Seat))
			}
			c.version = s.Version
		}
		c.view.Notice = ""
	case u.Error != nil:
		c.answered(u.Received)
		c.view.Notice = refusalWords(u.Error.Err())
		if o, ok := c.outgoing(u.Error.Seq); ok && o.again {
			c.view.Notice = fmt.Sprintf("Your move “%s”, sent again when the link came back, was refused: %s", label(o.action), refusalWords(u.Error.Err()))
		}
		if u.Error.Code == session.CodeVersion {
			// The host speaks another protocol: say whose app is older.
			c.view.Notice = protocolWords(u.Error.Protocol)
			c.view.OlderProtocol = u.Error.Protocol > session.ProtocolVersion
		}
	case u.Chat != nil:
		c.view.Chat = append(c.view.Chat, *u.Chat)
		if n := len(c.view.Chat) - chatLines; n > 0 {
			c.view.Chat = c.view.Chat[n:] // sliced off, not moved (see shared)
		}
	case u.Kicked != nil:
		c.view.Problem = kickWords(u.Kicked.Err())
	case u.Clock != nil:
		c.view.Clock = &Clock{Version: u.Clock.Version, Seat: u.Clock.Seat, Deadline: u.Received.Add(time.Duration(u.Clock.Ms) * time.Millisecond)}
	case u.Record != nil:
		rec := u.Record.Record
		c.view.Record = &rec
	}
	if c.welcomed {
		c.taken(u.Taken)
	}
}

// answered times the round trip of the intent awaiting an answer, which
// an update read off the link at received (a state or a refusal) answers.
func (c *client) answered(received time.Time) {
	if c.sentAt.IsZero() {
		return
	}
	c.view.Traffic.RTTs = keepLatest(c.view.Traffic.RTTs, time.Since(c.sentAt))
	c.view.Traffic.Decodes = keepLatest(c.view.Traffic.Decodes, time.Since(received))
	c.sentAt = time.Time{}
}

// resend follows the host's welcome: the moves it took (numbered up to
// seq on the link before) are dropped, and the others go out again, in
// order, numbered on from seq on this link.
func (c *client) resend(seq int64) {
	c.welcomed = true
	c.taken(seq)
	if len(c.outbox) == 0 {
		return
	}
	now := c.clock()
	for i := range c.outbox {
		o := &c.outbox[i]
		n, err := c.g.Intent(o.action)
		if err != nil {
			c.view.Notice = fmt.Sprintf("Your moves made while the link was down could not be sent again: %s", Words(err))
			c.outbox = nil
			return
		}
		o.seq, o.sent, o.heard, o.again = n, now, c.heard, true
	}
	c.nudgeLater()
}

// taken drops the moves the host has dealt with, up to seq.
func (c *client) taken(seq int64) {
	n := 0
	for n < len(c.outbox) && c.outbox[n].seq <= seq {
		n++
	}
	c.outbox = slices.Delete(c.outbox, 0, n)
}

// outgoing finds the kept move numbered seq.
func (c *client) outgoing(seq int64) (outgoing, bool) {
	for _, o := range c.outbox {
		if o.seq == seq && seq > 0 {
			return o, true
		}
	}
	return outgoing{}, false
}

// waiting says whether the page should say that the table waits for the
// host: a move out and nothing heard since for WaitAfter, or moves to
// send again while the link is down.
func (c *client) waiting(now time.Time) bool {
	if len(c.outbox) == 0 {
		return false
	}
	switch c.view.Link {
	case Reconnecting:
		return true
	case Connected:
		if !c.welcomed {
			return true
		}
		for _, o := range c.outbox {
			if o.heard == c.heard && now.Sub(o.sent) >= WaitAfter {
				return true
			}
		}
	}
	return false
}

// nudgeLater redraws the page when the oldest move out that has not
// waited WaitAfter yet reaches it, for View.Waiting to show.
func (c *client) nudgeLater() {
	now := c.clock()
	var next time.Duration
	for _, o := range c.outbox {
		if left := WaitAfter - now.Sub(o.sent); left > 0 && o.heard == c.heard {
			next = left
			break
		}
	}
	if next == 0 {
		return
	}
	next += 10 * time.Millisecond
	if c.nudge == nil {
		c.nudge = time.AfterFunc(next, c.nudged)
	} else {
		c.nudge.Reset(next)
	}
}

// nudged redraws the page, and waits for the next move to show.
func (c *client) nudged() {
	c.changed()
	c.mu.Lock()
	c.nudgeLater()
	c.mu.Unlock()
}

// stopNudge stops the redraw timer when the room closes here, and the
// moves out with it: nothing will send them again.
func (c *client) stopNudge() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.outbox = nil
	if c.nudge != nil {
		c.nudge.Stop()
	}
}

// label names an action for the player.
func label(a rules.Action) string {
	if a.Label != "" {
		return a.Label
	}
	return a.Kind
}

func (c *client) guest() (*session.Guest, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.g == nil || c.view.Link != Connected {
		return nil, ErrOffline
	}
	return c.g, nil
}

// Act asks the host to apply an action for the player's seat.
func (c *client) Act(a rules.Action) error {
	g, err := c.guest()
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.keep && !c.welcomed {
		return ErrOffline // the moves kept from the last link go first
	}
	seq, err := g.Intent(a)
	if err == nil {
		now := c.clock()
		c.sentAt = time.Now()
		c.view.Traffic.Intents++
		if c.keep {
			if len(c.outbox) >= outboxSize {
				c.outbox = slices.Delete(c.outbox, 0, 1)
			}
			c.outbox = append(c.outbox, outgoing{seq: seq, action: a, sent: now, heard: c.heard})
			c.nudgeLater()
		}
	}
	return err
}

// SetAutoPass tells the host when to answer for the player
// (session.Prefs.AutoPass), now and after every reconnect.
func (c *client) SetAutoPass(mode string) error {
	c.mu.Lock()
	c.autoPass = mode
	g, welcomed := c.g, c.view.Snap.Joined
	c.mu.Unlock()
	if g == nil || !welcomed {
		return nil // sent with the welcome
	}
	return g.Prefs(session.Prefs{AutoPass: mode})
}

// PassUntil asks the host for a standing pass (session.Prefs.PassUntil:
// session.PassTurn, PassRound or PassOff); StateMsg.Passes says which the
// player may ask for now.
func (c *client) PassUntil(until string) error {
	g, err := c.guest()
	if err != nil {
		return err
	}
	return g.Prefs(session.Prefs{PassUntil: until})
}

// Undo asks the host to take back the player's own last action
// (session.StateMsg.Undo says when it may).
func (c *client) Undo() error { return c.Act(rules.Action{Kind: session.UndoKind}) }

// Sit asks for a seat in the lobby.
func (c *client) Sit(seat rules.Seat) error {
	g, err := c.guest()
	if err != nil {
		return err
	}
	return g.Sit(seat)
}

// Claim asks the host for an away player's seat, as this player's own
// (the browser lost its token); the host decides.
func (c *client) Claim(seat rules.Seat) error {
	g, err := c.guest()
	if err != nil {
		return err
	}
	return g.Claim(seat)
}

// Stand leaves the player's seat, to watch.
func (c *client) Stand() error {
	g, err := c.guest()
	if err != nil {
		return err
	}
	return g.Stand()
}

// Ready says whether the player is ready to start.
func (c *client) Ready(ready bool) error {
	g, err := c.guest()
	if err != nil {
		return err
	}
	return g.Ready(ready)
}

// Chat sends a line of chat to the room.
func (c *client) Chat(text string) error {
	g, err := c.guest()
	if err != nil {
		return err
	}
	return g.Chat(text)
}
