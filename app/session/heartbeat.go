package session

import "time"

// Heartbeat keeps a room's links checked, so that a link that died without
// a word (a phone that lost its signal, a home router that went down) is
// noticed in seconds rather than when the transport gives up on it, which
// a WebRTC data channel does only after about 15 seconds. A zero field
// takes its default; tests shorten them.
//
// A guest that keeps the heartbeat (Guest.KeepAlive) pings when it has sent
// nothing for Every, so that an idle link carries about one small message
// a second each way, and closes its link when the host has said nothing
// for Silent although a message has been out for most of that time. The
// host answers every ping (any guest may ping; one that never does is
// served as before), and shows a guest that has pinged as away (not
// connected, in the lobby) once it has said nothing for Away; after Drop
// it closes that guest's link.
type Heartbeat struct {
	Every  time.Duration // a guest pings after sending nothing this long (1 s)
	Silent time.Duration // a guest drops a link on which the host said nothing this long (3 s)
	Away   time.Duration // the host shows a pinging guest silent this long as away (4 s)
	Drop   time.Duration // and closes its link after this long (30 s)
}

// Heartbeat defaults.
const (
	DefaultBeatEvery  = time.Second
	DefaultBeatSilent = 3 * time.Second
	DefaultBeatAway   = 4 * time.Second
	DefaultBeatDrop   = 30 * time.Second
)

func (b Heartbeat) withDefaults() Heartbeat {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&b.Every, DefaultBeatEvery)
	def(&b.Silent, DefaultBeatSilent)
	def(&b.Away, DefaultBeatAway)
	def(&b.Drop, DefaultBeatDrop)
	return b
}

// ErrSilent is why a guest that keeps the heartbeat closed its link: the
// host said nothing for Heartbeat.Silent although the guest was waiting
// for an answer. It matches errors.Is(err, ErrClosed).
var ErrSilent error = silentError{}

type silentError struct{}

func (e silentError) Error() string      { return "session: " + e.Reason() }
func (silentError) Reason() string       { return "the host stopped answering" }
func (silentError) Is(target error) bool { return target == ErrClosed }

// pingOut is a ping the guest sent and the host has not answered yet, with
// the last intent number sent before it: the host handles a guest's
// messages in order, so its pong says that it has dealt with that intent.
type pingOut struct {
	n, seq int64
	beat   bool // the heartbeat's own, not asked for by Ping
}

// maxPingsOut bounds the pings a guest remembers; the host answers each,
// so only a dead link lets them pile up, and a heartbeat drops that.
const maxPingsOut = 64

// KeepAlive starts the heartbeat on this guest's link (see Heartbeat): it
// pings at once, so that the host judges the guest by its silence from
// now on, then whenever the guest has sent nothing for hb.Every, and it
// closes the link, with Err then ErrSilent, when the host stops answering.
// The host's own player, on an in-memory pipe, needs none. Call it once,
// early; the heartbeat stops with the guest.
func (g *Guest) KeepAlive(hb Heartbeat) {
	hb = hb.withDefaults()
	g.mu.Lock()
	if g.beatDone != nil {
		g.mu.Unlock()
		return
	}
	g.beatDone = make(chan struct{})
	if g.err == nil {
		g.pingLocked(true)
	}
	g.mu.Unlock()
	go g.beat(hb)
}

func (g *Guest) beat(hb Heartbeat) {
	defer close(g.beatDone)
	t := time.NewTicker(max(hb.Every/4, time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-g.done:
			return
		case <-t.C:
			if g.pulse(time.Now(), hb) {
				g.conn.Close()
				return
			}
		}
	}
}

// pulse is one beat: it reports a dead link, or pings when the guest has
// been quiet. A link is dead when the host has said nothing for Silent and
// the guest has been waiting for an answer for all but Every of it (a
// guest whose timers were held back, in a background tab, gets its answer
// before it judges).
func (g *Guest) pulse(now time.Time, hb Heartbeat) (dead bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err != nil {
		return false
	}
	if !g.waiting.IsZero() && now.Sub(g.waiting) >= hb.Silent-hb.Every && now.Sub(g.heard) >= hb.Silent {
		g.err = ErrSilent
		return true
	}
	// A ping when the guest has been quiet, and one when it has been
	// waiting for an answer that may never come (not every message has
	// one: a second "ready", say), so that the host always has something
	// to answer.
	quiet := now.Sub(g.lastSent) >= hb.Every
	unanswered := !g.waiting.IsZero() && now.Sub(g.waiting) >= hb.Every && g.lastPing.Before(g.waiting)
	if quiet || unanswered {
		g.pingLocked(true)
	}
	return false
}

// pingLocked sends a ping and remembers it.
func (g *Guest) pingLocked(beat bool) (int64, error) {
	g.ping++
	if len(g.pings) >= maxPingsOut {
		g.pings = g.pings[1:]
	}
	g.pings = append(g.pings, pingOut{n: g.ping, seq: g.seq, beat: beat})
	g.lastPing = time.Now()
	return g.ping, g.sendLocked(KindPing, Ping{N: g.ping})
}

// ponged takes the host's answer to ping n: what it says was taken, and
// whether the UI should hear of it (an answer to Ping, or a heartbeat's
// that says an intent was dealt with).
func (g *Guest) ponged(n int64) (deliver bool) {
	deliver = true
	for len(g.pings) > 0 && g.pings[0].n <= n {
		p := g.pings[0]
		g.pings = g.pings[1:]
		if p.n == n {
			deliver = !p.beat || p.seq > g.taken
			g.taken = max(g.taken, p.seq)
		}
	}
	return deliver
}
