//go:build !js

package room

import (
	"context"
	"fmt"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/peer"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
	_ "longhall/rules/rednorth"
)

// play answers for a guest until the game ends, choosing the first legal
// action of each new state, and returns the result it saw.
func play(t *testing.T, g *session.Guest) <-chan error {
	done := make(chan error, 1)
	go func() {
		acted := -1
		for u := range g.Updates() {
			if u.Error != nil {
				// A refusal (a stale choice, or the host's flood limit at
				// machine speed): wait a moment and choose again.
				t.Logf("seat %d: %s", g.Seat(), u.Error.Text)
				time.Sleep(150 * time.Millisecond)
				if l := g.Latest(); l.State != nil && l.State.Result == nil && len(l.State.Legal) > 0 {
					if _, err := g.Intent(l.State.Legal[0]); err != nil {
						done <- err
						return
					}
				}
				continue
			}
			s := u.State
			if s == nil {
				continue
			}
			if s.Result != nil {
				if len(s.Result.Winners) != 1 {
					done <- fmt.Errorf("result names %d winners", len(s.Result.Winners))
					return
				}
				done <- nil
				return
			}
			if len(s.Legal) > 0 && s.Version > acted {
				acted = s.Version
				if _, err := g.Intent(s.Legal[0]); err != nil {
					done <- err
					return
				}
			}
		}
		done <- fmt.Errorf("guest stopped before the end: %v", g.Err())
	}()
	return done
}

// TestAFullGameOverRealWebRTC: a host and two guests, each guest reaching
// the host through signaling and a real pion data channel on loopback,
// play Red North to the end with a bot in the fourth seat.
func TestAFullGameOverRealWebRTC(t *testing.T) {
	leaktest.Check(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	host, err := session.NewHost(ctx, "rednorth", rules.Config{Players: 4}, 7, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	rm, err := signal.NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	cfg := peer.Config{SettingEngine: peer.LoopbackOnly}
	srv, err := ServeWith(ctx, host, signal.Broadcast{}, rm, cfg, ServeOptions{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()

	me, err := host.Local("Gordon", "")
	if err != nil {
		t.Fatal(err)
	}
	defer me.Close()
	guests := []*session.Guest{me}
	for _, name := range []string{"Rikki", "Hakka"} {
		j, err := JoinWith(ctx, signal.Broadcast{}, rm, cfg, session.Hello{Name: name}, JoinOptions{Fallback: DirectOnly})
		if err != nil {
			t.Fatalf("%s cannot join: %v", name, err)
		}
		g := j.Guest
		defer g.Close()
		guests = append(guests, g)
	}
	for _, g := range guests[1:] {
		waitSeated(t, g)
		if err := g.Ready(true); err != nil {
			t.Fatal(err)
		}
	}
	if err := host.SetBot(3, true); err != nil {
		t.Fatal(err)
	}
	var results []<-chan error
	for _, g := range guests {
		results = append(results, play(t, g))
	}
	startWhenReady(t, host)
	for i, r := range results {
		select {
		case err := <-r:
			if err != nil {
				t.Fatalf("player %d: %v", i, err)
			}
		case <-ctx.Done():
			t.Fatalf("player %d: the game did not end in time", i)
		}
	}
	save, err := host.Save()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := rules.Replay(save.Record); err != nil {
		t.Fatalf("the host's record does not replay: %v", err)
	}
}

func waitSeated(t *testing.T, g *session.Guest) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if l := g.Latest(); l.Joined && l.Seat >= 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("a guest was never seated")
}

func startWhenReady(t *testing.T, h *session.Host) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var err error
	for time.Now().Before(deadline) {
		if err = h.Start(); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the game never started: %v", err)
}
