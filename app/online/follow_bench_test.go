package online

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"longhall/app/session"
	"longhall/rules"
	_ "longhall/rules/rednorth"
)

// recording is the host's end of a link that keeps a copy of every
// message the host sends through it.
type recording struct {
	session.Conn
	mu   sync.Mutex
	sent [][]byte
}

func (r *recording) Send(msg []byte) error {
	r.mu.Lock()
	r.sent = append(r.sent, append([]byte(nil), msg...))
	r.mu.Unlock()
	return r.Conn.Send(msg)
}

// replay is a guest's end of a link that reads a recorded game, then
// closes; what the guest sends goes nowhere.
type replay struct {
	msgs [][]byte
	done chan struct{}
	once sync.Once
}

func (r *replay) Send([]byte) error { return nil }

func (r *replay) Recv(ctx context.Context) ([]byte, error) {
	if len(r.msgs) == 0 {
		r.Close()
		return nil, session.ErrClosed
	}
	m := r.msgs[0]
	r.msgs = r.msgs[1:]
	return m, nil
}

func (r *replay) Close() error {
	r.once.Do(func() { close(r.done) })
	return nil
}

func (r *replay) Done() <-chan struct{} { return r.done }

// recordGame plays a 4-player game of Red North, one person against three
// bots at machine speed, and returns every message the host sent the
// person.
func recordGame(b *testing.B) [][]byte {
	b.Helper()
	h, err := session.NewHost(context.Background(), "rednorth", rules.Config{Players: 4}, 7, session.Options{
		OnSave: func(session.Save) {}, BotWait: func(string) time.Duration { return 0 },
		Limits: session.Limits{MsgBurst: 1 << 20, MsgRate: 1 << 20}})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	a, z := session.Pipe()
	rec := &recording{Conn: a}
	if err := h.Attach(rec); err != nil {
		b.Fatal(err)
	}
	g, err := session.NewGuest(context.Background(), z, session.Hello{Name: "Ann"})
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	for s := rules.Seat(1); s < 4; s++ {
		if err := h.SetBot(s, true); err != nil {
			b.Fatal(err)
		}
	}
	g.Ready(true)
	started := false
	rng := rules.NewRNG(3)
	acted := -1
	timeout := time.After(time.Minute)
	for {
		select {
		case u, ok := <-g.Updates():
			if !ok {
				b.Fatal("the link closed before the game ended")
			}
			if u.Lobby != nil && !started && u.Lobby.Seats[0].Ready {
				if err := h.Start(); err != nil {
					b.Fatal(err)
				}
				started = true
			}
			if u.Error != nil {
				acted = -1
			}
			st := g.Latest().State
			if st != nil && st.Result != nil {
				rec.mu.Lock()
				defer rec.mu.Unlock()
				return rec.sent
			}
			if st != nil && len(st.Legal) > 0 && st.Version > acted && len(g.Updates()) == 0 {
				acted = st.Version
				g.Intent(st.Legal[rng.Intn(len(st.Legal))])
			}
		case <-timeout:
			b.Fatal("the game did not end in a minute")
		}
	}
}

// BenchmarkGuestFollowsGame replays what a host sent one player through a
// whole game of Red North into a guest and the client that follows it,
// and asks for the player's View at every change, as the page does: the
// guest's share of the game (decode, fold, the view handed to the page).
func BenchmarkGuestFollowsGame(b *testing.B) {
	msgs := recordGame(b)
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		conn := &replay{msgs: msgs, done: make(chan struct{})}
		g, err := session.NewGuest(context.Background(), conn, session.Hello{Name: "Ann"})
		if err != nil {
			b.Fatal(err)
		}
		c := &client{}
		var last View
		c.onChange = func() { last = c.View() }
		c.follow(g)
		if s := last.Snap.State; s == nil || s.Result == nil || len(last.Log) == 0 {
			b.Fatal("the replayed game did not end")
		}
		g.Close()
	}
	runtime.ReadMemStats(&after)
	// The game recorded differs a little from run to run (the person's
	// moves race the bots'): compare by the message.
	n := float64(b.N * len(msgs))
	b.ReportMetric(float64(len(msgs)), "msgs/game")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/msg")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/msg")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/msg")
}
