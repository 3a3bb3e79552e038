//go:build !js

package room

import (
	"context"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// Issue 22, "Recovery: an ICE restart on a dropped link before falling
// back to leave-and-rejoin". The guest's path to the host dies mid-game
// (ICE would fail only after half a minute, as browsers' does); the
// guest's heartbeat notices the silent host and mends the link with an ICE
// restart through the relays, and when the path is back the same session
// goes on: no new hello, the host hears of the mend, and the game is
// played to the end.
func TestADeadPathIsMendedInPlace(t *testing.T) {
	leaktest.Check(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	host, err := session.NewHost(ctx, "rednorth", rules.Config{Players: 2}, 11, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	rm, err := signal.NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	n := &blockedNet{failAfter: 30 * time.Second}
	n.open.Store(true)
	hostCfg, guestCfg := n.configs(t)
	served := &events{}
	srv, err := ServeWith(ctx, host, signal.Broadcast{}, rm, hostCfg, ServeOptions{Logf: t.Logf, OnEvent: served.add})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	me, err := host.Local("Gordon", "")
	if err != nil {
		t.Fatal(err)
	}
	defer me.Close()

	j, err := JoinWith(ctx, signal.Broadcast{}, rm, guestCfg, "Rikki", "", JoinOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if j.Path != Direct {
		t.Fatalf("joined %s", j.Path)
	}
	g := j.Guest
	defer g.Close()
	g.KeepAlive(session.Heartbeat{})
	waitSeated(t, g)
	if err := g.Ready(true); err != nil {
		t.Fatal(err)
	}
	hostDone := play(t, me)
	startWhenReady(t, host)

	// The path dies until the guest has asked to mend it, and comes back.
	n.open.Store(false)
	cut := time.Now()
	if !waitUntil(20*time.Second, func() bool { return g.Mends() > 0 }) {
		t.Fatal("the guest never asked its link to mend")
	}
	t.Logf("the guest asked to mend %v after the cut", time.Since(cut).Round(time.Millisecond))
	n.open.Store(true)
	if !waitUntil(20*time.Second, func() bool { return served.has(GuestMended, Direct) != nil }) {
		t.Fatalf("the host never answered a restart: %+v", served.list())
	}
	guestDone := play(t, g)
	for i, res := range []<-chan error{hostDone, guestDone} {
		select {
		case err := <-res:
			if err != nil {
				t.Fatalf("player %d: %v (guest: %v)", i, err, g.Err())
			}
		case <-ctx.Done():
			t.Fatalf("player %d: the game did not end in time (guest: %v)", i, g.Err())
		}
	}
	if g.Mends() != 1 {
		t.Errorf("the link mended %d times", g.Mends())
	}
	if n := countKind(served.list(), GuestConnected); n != 1 {
		t.Errorf("the host saw %d guests connect: the mended link should be the first one", n)
	}
}

func countKind(es []Event, k EventKind) int {
	n := 0
	for _, e := range es {
		if e.Kind == k {
			n++
		}
	}
	return n
}
