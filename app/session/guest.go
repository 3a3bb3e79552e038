package session

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"longhall/rules"
)

// Update is one message from the host, decoded, for the UI. Kind is the
// message kind and exactly the matching field is set. A malformed message
// from the host arrives as an error update with code bad_json, too_big,
// version or bad_kind. Updates are read-only: they are shared with Latest.
type Update struct {
	Kind    string
	Welcome *Welcome
	Lobby   *Lobby
	State   *StateMsg
	Log     *LogMsg
	Error   *ErrorMsg
	Chat    *Chat
	Kicked  *Kicked
	Paused  *Paused
	Pong    *Pong
	Record  *RecordMsg
	Clock   *ClockMsg
	// HandOver is the whole table the host hands to this guest's device
	// (the app's save of the room, from every part of KindHandOver), once
	// its last part has come: the guest keeps it, says TookOver, and hosts
	// the room when the host's link closes with KickHandedOver.
	HandOver []byte
	// Standby is a copy of the table for this device, the successor the
	// host chose (Host.SendStandby), once its last part has come;
	// StandDown says the host took the choice back.
	Standby   []byte
	StandDown bool
	// Size is the message's size on the wire, in bytes.
	Size int
	// Received is when the message was read off the link, before decoding.
	Received time.Time
	// Snap is what the guest knows once this message is taken (Latest at
	// that moment): a UI that shows it with what the update itself brings
	// (a log entry, say) never shows a table ahead of its log, as Latest,
	// read later, may be, with messages still queued behind this one.
	Snap Snapshot
	// Taken is the last intent number the host is known to have dealt
	// with, applied or refused, on this guest's link: the welcome's seq,
	// an error's, or the last intent sent before a ping the host answered.
	Taken int64
}

// Snapshot is what a guest last heard: who it is, the lobby and the state.
type Snapshot struct {
	Joined bool
	You    int
	Token  string
	Seat   rules.Seat
	Lobby  *Lobby
	State  *StateMsg
	Paused *Paused // nil unless the host has paused
	// HostBuild is the host's build of the app, as its welcome said.
	HostBuild Build
}

// UpdateBuffer is how many updates a guest queues for the UI. When the UI
// falls further behind, the guest stops reading and the host ends up
// dropping it, so the UI should drain Updates promptly.
const UpdateBuffer = 64

// ErrNotJoined is returned by Intent before the host has welcomed the guest.
var ErrNotJoined = fail("not in the room yet")

// ErrWatching is returned by Intent while the guest is a spectator.
var ErrWatching = fail("you are watching, not playing")

// Guest is the client side of a room. Its methods are safe to call from any
// goroutine; the UI reads Updates (or Latest) and sends with the methods.
type Guest struct {
	conn    Conn
	ctx     context.Context
	cancel  context.CancelFunc
	updates chan Update
	done    chan struct{}

	mu     sync.Mutex // guards everything below, and orders intents on the wire
	snap   Snapshot
	fields map[string]json.RawMessage // the view held, by top-level field
	seq    int64
	ping   int64
	err    error
	sent   int64 // bytes sent, for traffic figures

	// For the heartbeat (heartbeat.go): when the host was last heard, when
	// the guest last sent, since when it has waited for an answer (zero
	// when it has heard one since its last message), its pings out, and
	// the last intent the host is known to have dealt with.
	heard, lastSent, lastPing, waiting time.Time
	pings                              []pingOut
	taken                              int64
	beatDone                           chan struct{} // closed when the heartbeat stops; nil without one

	// handOver gathers the parts of a table the host hands over.
	handOver        []byte
	handOverParts   int
	handOverNext    int
	handOverStandby bool
}

// NewGuest says hello over conn (a display name and, when reconnecting,
// the token and link from an earlier Welcome), then reads the host's
// messages until the connection closes, ctx ends or Close is called. The
// guest owns conn.
func NewGuest(ctx context.Context, conn Conn, hello Hello) (*Guest, error) {
	if hello.Build == (Build{}) {
		hello.Build = ThisBuild()
	}
	data, err := encode(KindHello, hello)
	if err == nil {
		err = conn.Send(data)
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	now := time.Now()
	g := &Guest{conn: conn, updates: make(chan Update, UpdateBuffer), done: make(chan struct{}), heard: now, lastSent: now, waiting: now}
	g.snap.Seat = rules.Spectator
	g.ctx, g.cancel = context.WithCancel(ctx)
	go g.read()
	return g, nil
}

func (g *Guest) read() {
	defer func() {
		g.conn.Close()
		g.mu.Lock()
		if g.err == nil {
			g.err = ErrClosed
		}
		g.mu.Unlock()
		close(g.updates)
		close(g.done)
	}()
	for {
		data, err := g.conn.Recv(g.ctx)
		if err != nil {
			return
		}
		received := time.Now()
		g.mu.Lock()
		g.heard, g.waiting = received, time.Time{}
		g.mu.Unlock()
		u, deliver := g.decode(data)
		if !deliver {
			continue
		}
		u.Size, u.Received, u.Snap = len(data), received, g.Latest()
		select {
		case g.updates <- u:
		case <-g.ctx.Done():
			return
		}
	}
}

// decode turns a host message into an update and remembers what it says.
// It reports whether the UI should hear of it: not of a pong to the
// heartbeat that says nothing new.
func (g *Guest) decode(data []byte) (Update, bool) {
	bad := func(e *Error) (Update, bool) {
		a := Args{Why: WhyUnreadable}
		if e.Args != nil {
			a = *e.Args
			a.Why = WhyUnreadable
		}
		return Update{Kind: KindError, Error: &ErrorMsg{Code: e.Code, Args: &a, Text: "session: the host sent a message this version cannot read: " + e.Text}}, true
	}
	kind, k, m := quick(data)
	if m == nil {
		env, e := decode(data)
		if e != nil {
			u, deliver := bad(e)
			if e.Code == CodeVersion {
				u.Error.Protocol = env.V // the host's, which says whose app is older
			}
			return u, deliver
		}
		var ok bool
		if k, ok = fromHost[env.Kind]; !ok {
			return bad(errorf(CodeBadKind, "unknown message kind"))
		}
		m = k.body()
		if e := body(env, m); e != nil {
			return bad(e)
		}
		kind = env.Kind
	}
	u := Update{Kind: kind}
	g.mu.Lock()
	defer g.mu.Unlock()
	deliver := k.take(g, m, &u)
	u.Taken = g.taken
	return u, deliver
}

// quick reads a message in the form a host writes it (envelope) with
// one scan, the body's decode: decode, then body, would read it three
// times (decode's check of the whole, the envelope, the body), and the
// first two, in wasm, cost a phone as much as the third. m is nil for
// anything else (another form, an unknown kind, a body that does not
// read), which decode reads in full and refuses as it always has; what
// quick reads, decode would have read the same.
func quick(data []byte) (kind string, k hostKind, m any) {
	env, ok := written(data)
	if !ok {
		return "", hostKind{}, nil
	}
	if k, ok = fromHost[env.Kind]; !ok {
		return "", hostKind{}, nil
	}
	m = k.body()
	if body(env, m) != nil {
		return "", hostKind{}, nil
	}
	return env.Kind, k, m
}

// hostKind is one kind of message a host sends, as a guest reads it: the
// type of its body, and what the guest takes from it into the Update and
// into what it knows.
type hostKind struct {
	body func() any // a new value of the body's type, to decode into
	// take puts the decoded body m in its field of u, remembers what it
	// says (under g.mu), and reports whether the UI should hear of it. It
	// may make u another update: a state the guest cannot apply becomes
	// an error.
	take func(g *Guest, m any, u *Update) bool
}

// hostMsg is the hostKind whose body is a T.
func hostMsg[T any](take func(g *Guest, m *T, u *Update) bool) hostKind {
	return hostKind{
		body: func() any { return new(T) },
		take: func(g *Guest, m any, u *Update) bool { return take(g, m.(*T), u) },
	}
}

// fromHost is the one decode of a message from the host: each kind the
// host sends, with the type of its body and what a guest takes from it,
// side by side. A kind not listed is refused (bad_kind). The Update it
// makes is typed: whoever follows a guest (app/online's client) folds it
// by the field that is set, and never reads a kind or a body again.
var fromHost = map[string]hostKind{
	KindWelcome: hostMsg((*Guest).welcomed),
	KindLobby:   hostMsg((*Guest).lobby),
	KindState:   hostMsg((*Guest).state),
	KindLog:     hostMsg(func(_ *Guest, m *LogMsg, u *Update) bool { u.Log = m; return true }),
	KindError:   hostMsg((*Guest).refused),
	KindChat:    hostMsg(func(_ *Guest, m *Chat, u *Update) bool { u.Chat = m; return true }),
	KindKicked:  hostMsg((*Guest).kicked),
	KindPaused:  hostMsg((*Guest).paused),
	KindResumed: hostMsg((*Guest).resumed),
	KindPong:    hostMsg(func(g *Guest, m *Pong, u *Update) bool { u.Pong = m; return g.ponged(m.N) }),
	KindRecord:  hostMsg(func(_ *Guest, m *RecordMsg, u *Update) bool { u.Record = m; return true }),
	KindClock:   hostMsg(func(_ *Guest, m *ClockMsg, u *Update) bool { u.Clock = m; return true }),
	// A hand-over comes in parts, and only the whole is delivered
	// (Update.HandOver, Update.Standby).
	KindHandOver: hostMsg((*Guest).handOverPart),
}

func (g *Guest) welcomed(w *Welcome, u *Update) bool {
	u.Welcome = w
	g.snap.Joined, g.snap.You, g.snap.Token, g.snap.Seat, g.snap.HostBuild = true, w.You, w.Token, w.Seat, w.Build
	g.seq, g.taken = w.Seq, w.Seq
	return true
}

func (g *Guest) lobby(l *Lobby, u *Update) bool {
	u.Lobby = l
	g.snap.Lobby = l
	if g.snap.Joined {
		g.snap.Seat = rules.Spectator
		for _, s := range l.Seats {
			if s.Kind == SeatHuman && s.Member == g.snap.You {
				g.snap.Seat = s.Seat
			}
		}
	}
	if !l.Paused {
		g.snap.Paused = nil
	}
	return true
}

func (g *Guest) state(s *StateMsg, u *Update) bool {
	if err := g.wholeView(s); err != nil {
		// Out of step with the host (it cannot happen on an ordered
		// link, but a guest must never draw a wrong table): ask for
		// the whole view and report it.
		g.sendLocked(KindResync, nil)
		*u = Update{Kind: KindError, Error: &ErrorMsg{Code: CodeOutOfStep, Args: &Args{}, Text: "session: " + err.Error() + "; asking the host for the whole table"}}
		return true
	}
	u.State = s
	g.snap.State, g.snap.Seat = s, s.Seat
	return true
}

func (g *Guest) refused(e *ErrorMsg, u *Update) bool {
	u.Error = e
	// The host handles a guest's messages in order: a refusal of intent
	// n says it has dealt with every intent up to n.
	g.taken = max(g.taken, e.Seq)
	return true
}

func (g *Guest) kicked(k *Kicked, u *Update) bool {
	u.Kicked = k
	g.err = k.Err()
	return true
}

func (g *Guest) paused(p *Paused, u *Update) bool {
	u.Paused = p
	g.snap.Paused = p
	return true
}

func (g *Guest) resumed(_ *struct{}, _ *Update) bool {
	g.snap.Paused = nil
	return true
}

// wholeView makes a state's View whole: a patch is applied to the view
// the guest holds, and the result (or a whole view) becomes what it holds.
// Views are kept with their fields in sorted order, so one view always has
// the same bytes. The guest holds a view once: its fields are slices of
// the view it last built, which the Snapshot's State holds too, and a
// patch's new fields are copied into the next view only.
func (g *Guest) wholeView(s *StateMsg) error {
	if s.Patch == nil && s.View == nil {
		return fmt.Errorf("a state with no view")
	}
	if s.Patch == nil {
		var fields map[string]json.RawMessage
		if json.Unmarshal(s.View, &fields) != nil {
			g.fields = nil // not an object: kept as it came
			return nil
		}
		g.fields = fields
	} else {
		if g.fields == nil || g.snap.State == nil || g.snap.State.Version != s.Base || g.snap.State.Seat != s.Seat {
			return fmt.Errorf("a change to a table this guest does not hold")
		}
		// The map is the guest's own: its values are only ever replaced,
		// never written into, so the view they are slices of stays as
		// it was for whoever holds it.
		maps.Copy(g.fields, s.Patch)
		for _, k := range s.Drop {
			delete(g.fields, k)
		}
	}
	if !plainKeys(g.fields) {
		view, err := json.Marshal(g.fields)
		if err != nil {
			return err
		}
		s.View, s.Patch, s.Drop = view, nil, nil
		return nil
	}
	// The fields came through json.Unmarshal, which checked them; plain
	// keys are written as they are, in quotes.
	keys := slices.Sorted(maps.Keys(g.fields))
	size := 2
	for _, k := range keys {
		size += len(k) + 4 + len(g.fields[k])
	}
	view := appendObject(make([]byte, 0, size), keys, g.fields, nil)
	at := 1 // past '{'
	for i, k := range keys {
		if i > 0 {
			at++ // ','
		}
		at += len(k) + 3 // the quoted key and ':'
		end := at + len(g.fields[k])
		g.fields[k] = view[at:end:end]
		at = end
	}
	s.View, s.Patch, s.Drop = view, nil, nil
	return nil
}

// Updates delivers every message from the host in order. It is closed when
// the guest stops; Err then says why.
func (g *Guest) Updates() <-chan Update { return g.updates }

// Latest returns what the guest last heard.
func (g *Guest) Latest() Snapshot {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.snap
}

// Token returns the reconnect token to store, or "" before the welcome.
func (g *Guest) Token() string { return g.Latest().Token }

// Seat returns the guest's seat, or rules.Spectator.
func (g *Guest) Seat() rules.Seat { return g.Latest().Seat }

// Intent asks the host to apply an action for the guest's seat and returns
// the intent's sequence number, which an error update about it will carry.
func (g *Guest) Intent(a rules.Action) (int64, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case !g.snap.Joined:
		return 0, ErrNotJoined
	case g.snap.Seat == rules.Spectator:
		return 0, ErrWatching
	}
	seq, step := g.seq+1, 0
	if g.snap.State != nil {
		step = g.snap.State.Step
	}
	if err := g.sendLocked(KindIntent, Intent{Seq: seq, Seat: g.snap.Seat, Action: rules.Action{Kind: a.Kind, Args: a.Args}, Step: step}); err != nil {
		return 0, err
	}
	g.seq = seq
	return seq, nil
}

// Undo asks the host to take back the guest's own last action (see
// StateMsg.Undo); it is an intent, numbered and answered as one.
func (g *Guest) Undo() (int64, error) { return g.Intent(rules.Action{Kind: UndoKind}) }

// Prefs tells the host the player's wishes (automatic answers); the host
// keeps them for the player's token.
func (g *Guest) Prefs(p Prefs) error { return g.send(KindPrefs, p) }

// Sit asks for a seat before the start.
func (g *Guest) Sit(seat rules.Seat) error { return g.send(KindSit, Sit{Seat: seat}) }

// Claim asks the host, once the game has started, for the seat of a
// player who is away: this player's own seat, whose token this browser
// lost. The host decides (Host.GiveSeat).
func (g *Guest) Claim(seat rules.Seat) error { return g.send(KindClaim, Claim{Seat: seat}) }

// TookOver tells the host that this device has kept the table it handed
// over (Update.HandOver), and is ready to host the room.
func (g *Guest) TookOver() error { return g.send(KindTookOver, nil) }

// Stand leaves the guest's seat before the start, to watch.
func (g *Guest) Stand() error { return g.send(KindStand, nil) }

// Ready says whether the guest is ready to start.
func (g *Guest) Ready(ready bool) error { return g.send(KindReady, Ready{Ready: ready}) }

// Chat sends a line of chat to everyone in the room.
func (g *Guest) Chat(text string) error { return g.send(KindChat, Chat{Text: text}) }

// Ping asks the host for a pong and returns the number it will carry.
func (g *Guest) Ping() (int64, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.pingLocked(false)
}

func (g *Guest) send(kind string, body any) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sendLocked(kind, body)
}

func (g *Guest) sendLocked(kind string, body any) error {
	data, err := encode(kind, body)
	if err != nil {
		return err
	}
	if len(data) > MaxMessageSize {
		return errorf(CodeTooBig, "that message is too big to send")
	}
	g.sent += int64(len(data))
	g.lastSent = time.Now()
	if g.waiting.IsZero() {
		g.waiting = g.lastSent
	}
	if err := g.conn.Send(data); err != nil {
		if _, ok := errors.AsType[*Error](err); ok || errors.Is(err, ErrClosed) || errors.Is(err, ErrBackedUp) {
			return err // this package's own, which says it already
		}
		return failf("sending failed: %w", err)
	}
	return nil
}

// SentBytes is how many bytes the guest has sent so far.
func (g *Guest) SentBytes() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sent
}

// Done is closed once the guest has stopped.
func (g *Guest) Done() <-chan struct{} { return g.done }

// Err says why the guest stopped: an *Error with code kicked when the host
// sent it away, ErrSilent when its heartbeat found the link dead (see
// KeepAlive), otherwise ErrClosed. It is nil while the guest runs.
func (g *Guest) Err() error {
	select {
	case <-g.done:
	default:
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// Close ends the guest's connection and waits for its reader to stop.
func (g *Guest) Close() error {
	g.cancel()
	g.conn.Close()
	<-g.done
	g.mu.Lock()
	beat := g.beatDone
	g.mu.Unlock()
	if beat != nil {
		<-beat
	}
	return nil
}

// handOverPart gathers one part of a table the host hands over, and
// delivers the whole once its last part has come. Parts come in order
// on the ordered link; a part out of order, or more than the limits
// allow, drops what was gathered.
func (g *Guest) handOverPart(p *HandOver, u *Update) bool {
	if p.Standby && p.Parts == 0 && p.Part == 0 {
		u.StandDown = true
		return true
	}
	if p.Part == 0 {
		g.handOver, g.handOverParts, g.handOverNext, g.handOverStandby = nil, p.Parts, 0, p.Standby
	}
	data, err := base64.StdEncoding.DecodeString(p.Data)
	if err != nil || p.Parts < 1 || p.Parts > MaxHandOverParts || p.Parts != g.handOverParts || p.Part != g.handOverNext || p.Standby != g.handOverStandby || len(data) > HandOverPart {
		g.handOver, g.handOverParts, g.handOverNext = nil, 0, 0
		*u = Update{Kind: KindError, Error: &ErrorMsg{Code: CodeBadJSON, Text: "session: a part of the table handed over came out of order or malformed"}}
		return true
	}
	g.handOver = append(g.handOver, data...)
	g.handOverNext++
	if g.handOverNext < g.handOverParts {
		return false
	}
	if g.handOverStandby {
		u.Standby = g.handOver
	} else {
		u.HandOver = g.handOver
	}
	g.handOver, g.handOverParts, g.handOverNext = nil, 0, 0
	return true
}
