//go:build !js

package online

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/peer"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
	_ "longhall/rules/northerners"
	_ "longhall/rules/raiders"
	_ "longhall/rules/vikings"
)

// Issue 22, "A room that connects with no TURN at all": a relayed guest
// switches back to the data channel if one opens later. Its moves before
// and after the switch are each applied once, and the switch is no drop:
// the page never says the link was lost, nor that someone took the seat.
func TestARelayedGuestMovesToADirectLinkWhenOneOpens(t *testing.T) {
	leaktest.Check(t)
	r := newLostRoomWith(t, nil, true)
	if v := r.guest.View(); !v.Relayed {
		t.Fatalf("the guest's link is not relayed: %+v", v.Link)
	}
	legal := r.guestsTurn(t)
	from := len(r.record(t).Actions)
	first := legal[0]
	if err := r.guest.Act(first); err != nil {
		t.Fatal(err)
	}
	// A relayed guest pings no heartbeat, so its kept moves clear only
	// at the next welcome: wait for the host's record instead.
	until(t, r.w, r.host, "the relayed move taken", func(View) bool { return len(guestMoves(r.record(t), from)) == 1 })
	// It tries for a direct link, and fails while there is none, and
	// plays on through the relays.
	for tries, deadline := 0, time.Now().Add(30*time.Second); tries < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("the relayed guest made %d tries for a direct link in 30 s", tries)
		}
		time.Sleep(10 * time.Millisecond)
		r.wires.mu.Lock()
		tries = r.wires.directTries
		r.wires.mu.Unlock()
	}
	if v := r.guest.View(); !v.Relayed || v.Link != Connected {
		t.Fatalf("after a failed try for a direct link the guest reads relayed %v, link %s", v.Relayed, v.Link)
	}
	r.wires.mu.Lock()
	r.wires.noDirect = false // the networks allow a direct link now
	r.wires.mu.Unlock()
	v := until(t, r.w, r.guest, "the guest on a direct link", func(v View) bool { return !v.Relayed && v.Link == Connected })
	if v.Elsewhere {
		t.Error("the switch reads as another device taking the seat")
	}
	if drops := r.links.dropped(); len(drops) != 0 {
		t.Errorf("the switch showed as a dropped link: %q", drops)
	}
	r.settledGuest(t, "the guest welcomed on its direct link")
	legal = r.guestsTurn(t)
	if err := r.guest.Act(legal[0]); err != nil {
		t.Fatal(err)
	}
	r.settledGuest(t, "the direct move taken")
	if moves := guestMoves(r.record(t), from); len(moves) != 2 || !sameAction(moves[0], first) || !sameAction(moves[1], legal[0]) {
		t.Errorf("the host applied %v of the guest's two moves %v and %v", moves, first, legal[0])
	}
}

// Issue 22, "A host that holds": a player whose seat was taken from
// another device (here, a second tab of the same browser, which shares its
// storage) can take it back with one button, and the other one steps aside
// the same way.
func TestAPlayerWhoseSeatWasTakenElsewhereTakesItBack(t *testing.T) {
	leaktest.Check(t)
	r := newLostRoom(t, nil)
	w2 := newWatcher()
	// The second tab keeps the default heartbeat: with the tests' fast
	// one, a busy machine may drop its live link, and its rejoin would
	// take the seat back by itself (the newest link wins).
	net2 := r.net
	net2.Heartbeat = session.Heartbeat{}
	other := Join(context.Background(), r.device, &MemStore{}, r.rm, net2, "Rikki on the sofa", w2.notify)
	t.Cleanup(func() { other.Close() })
	until(t, w2, other, "the other tab in the seat", func(v View) bool { return seated(v) && v.Snap.Seat == 1 })
	v := until(t, r.w, r.guest, "the first tab told", func(v View) bool { return v.Link == Removed })
	if !v.Elsewhere {
		t.Fatalf("the first tab reads it was removed, not that its seat moved: %q", v.Problem)
	}
	select {
	case <-r.guest.Done():
		t.Fatal("the first tab left the room; it should wait to take the seat back")
	default:
	}
	r.guest.TakeBack()
	until(t, r.w, r.guest, "the first tab back in its seat", func(v View) bool { return seated(v) && v.Snap.Seat == 1 && !v.Elsewhere })
	until(t, w2, other, "the other tab told", func(v View) bool { return v.Link == Removed && v.Elsewhere })
	until(t, r.w, r.host, "the host's seat 1 Rikki's again", func(v View) bool {
		return v.Snap.Lobby != nil && v.Snap.Lobby.Seats[1].Name == "Rikki"
	})
}

// Issue 22, "Words": a guest that no path reaches at all (no direct link,
// and the relays cannot carry the game) reads so in words and what to
// try, is not offered connection codes (signaling works; they cannot
// help), and stops trying after a few attempts instead of retrying
// forever; it tries again when the player asks.
func TestAGuestThatNoPathReachesSaysSoAndStopsTrying(t *testing.T) {
	leaktest.Check(t)
	st, w := &MemStore{}, newWatcher()
	host := startHost(t, st, newHosted(t, 2), w)
	until(t, w, host, "the host seated", seated)
	wires := &wires{host: host, noPath: true}
	rm, err := signal.ParseLink(host.Link("https://example.org/room/"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	net := Net{Heartbeat: fastBeat, Retry: 50 * time.Millisecond, join: wires.join}
	gw := newWatcher()
	g := Join(context.Background(), &MemStore{}, &MemStore{}, rm, net, "Rikki", gw.notify)
	t.Cleanup(func() { g.Close() })
	v := until(t, gw, g, "the guest stopped trying", func(v View) bool { return v.Stuck })
	if v.Attempts != noPathTries || !v.NoPath {
		t.Errorf("stopped after %d attempts (no path: %v), want %d", v.Attempts, v.NoPath, noPathTries)
	}
	if !strings.Contains(v.Problem, "block a direct link") || strings.Contains(v.Problem, "room:") || strings.Contains(v.Problem, "peer:") {
		t.Errorf("the guest reads %q", v.Problem)
	}
	time.Sleep(500 * time.Millisecond) // ten times the retry wait
	wires.mu.Lock()
	joins := wires.joins
	wires.noPath = false
	wires.mu.Unlock()
	if joins != noPathTries {
		t.Errorf("the guest tried %d times before it stopped, want %d", joins, noPathTries)
	}
	g.TryAgain()
	v = until(t, gw, g, "the guest seated when it tried again", seated)
	if v.Stuck || v.NoPath {
		t.Errorf("seated, the guest still reads stuck %v, no path %v", v.Stuck, v.NoPath)
	}
}

// Issue 23: "a guest's log after a reload missing a line the host's has".
// After a reload (a new page with the same storage) the guest's log has
// as many entries as the host's, numbered the same.
func TestAGuestsLogAfterAReloadIsTheHosts(t *testing.T) {
	for _, game := range []string{"rednorth", "vikings", "raiders", "northerners"} {
		t.Run(game, func(t *testing.T) { guestsLogAfterAReload(t, game) })
	}
}

func guestsLogAfterAReload(t *testing.T, game string) {
	leaktest.Check(t)
	r := newLostRoomOf(t, game, nil, false)
	for range 6 {
		legal := r.guestsTurn(t)
		if err := r.guest.Act(legal[0]); err != nil {
			t.Fatal(err)
		}
		r.settledGuest(t, "the guest's move taken")
	}
	live := r.guest.View().Log
	r.guest.Close()
	w2 := newWatcher()
	again := Join(context.Background(), r.device, &MemStore{}, r.rm, r.net, "Rikki", w2.notify)
	t.Cleanup(func() { again.Close() })
	v := until(t, w2, again, "the reloaded guest's table", func(v View) bool { return v.Link == Connected && v.Snap.State != nil })
	hv := r.host.View()
	if v.Snap.State.Version != hv.Snap.State.Version {
		t.Fatalf("the guest is at version %d, the host at %d", v.Snap.State.Version, hv.Snap.State.Version)
	}
	for _, c := range []struct {
		what string
		log  []rules.LogEntry
	}{{"the host's", hv.Log}, {"the guest's before the reload", live}} {
		if len(v.Log) != len(c.log) {
			t.Errorf("after the reload the guest's log has %d entries, %s %d", len(v.Log), c.what, len(c.log))
			continue
		}
		for i := range v.Log {
			if v.Log[i].N != c.log[i].N || v.Log[i].Seat != c.log[i].Seat || len(v.Log[i].Lines) != len(c.log[i].Lines) {
				t.Errorf("entry %d: the reloaded guest's is action %d by seat %d (%d lines), %s action %d by seat %d (%d lines)", i,
					v.Log[i].N, v.Log[i].Seat, len(v.Log[i].Lines), c.what, c.log[i].N, c.log[i].Seat, len(c.log[i].Lines))
			}
		}
	}
}

// Issue 38, "Relay first, direct when it opens": a guest seated through
// the relays while its data channel was still opening moves to that data
// channel the moment it opens, with no try of its own (the tries wait an
// hour here), no drop, and each move applied once; its page names the
// relay that brought the data channel's answer. When the data channel
// fails instead, the guest plays on through the relays and its tries
// begin.
func TestARelayedGuestMovesToTheDataChannelOpenedBesideIt(t *testing.T) {
	for _, c := range []struct {
		name  string
		fails error // the data channel's end: nil, it opens
	}{
		{"it opens", nil},
		{"it fails", peer.ErrUnreachable},
	} {
		t.Run(c.name, func(t *testing.T) {
			leaktest.Check(t)
			every := time.Hour
			if c.fails != nil {
				every = 50 * time.Millisecond
			}
			r := newLostRoomTuned(t, "rednorth", nil, true, fastBeat, func(w *wires, n *Net) {
				w.beside = true
				n.DirectEvery, n.DirectEveryMax = every, every
			})
			if v := r.guest.View(); !v.Relayed {
				t.Fatalf("the guest's link is not relayed: %+v", v.Link)
			}
			r.wires.mu.Lock()
			besides := slices.Clone(r.wires.besides)
			r.wires.mu.Unlock()
			if len(besides) != 1 {
				t.Fatalf("%d data channels opening beside the relayed link, want 1", len(besides))
			}
			legal := r.guestsTurn(t)
			from := len(r.record(t).Actions)
			first := legal[0]
			if err := r.guest.Act(first); err != nil {
				t.Fatal(err)
			}
			until(t, r.w, r.host, "the relayed move taken", func(View) bool { return len(guestMoves(r.record(t), from)) == 1 })

			besides[0].open(c.fails)
			if c.fails != nil {
				for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
					r.wires.mu.Lock()
					tries := r.wires.directTries
					r.wires.mu.Unlock()
					if tries > 0 {
						break
					}
					if time.Now().After(deadline) {
						t.Fatal("no try for a direct link after the data channel failed")
					}
				}
				if v := r.guest.View(); !v.Relayed || v.Link != Connected {
					t.Fatalf("after its data channel failed the guest reads relayed %v, link %s", v.Relayed, v.Link)
				}
				return
			}
			v := until(t, r.w, r.guest, "the guest on its data channel", func(v View) bool { return !v.Relayed && v.Link == Connected })
			if v.Elsewhere {
				t.Error("the move reads as another device taking the seat")
			}
			if want := "the Nostr relay ws://relay.test"; v.Via != want {
				t.Errorf("the guest's page says its link came through %q, want %q", v.Via, want)
			}
			if drops := r.links.dropped(); len(drops) != 0 {
				t.Errorf("the move showed as a dropped link: %q", drops)
			}
			r.wires.mu.Lock()
			tries := r.wires.directTries
			r.wires.mu.Unlock()
			if tries != 0 {
				t.Errorf("the guest made %d tries of its own for a direct link", tries)
			}
			r.settledGuest(t, "the guest welcomed on its data channel")
			legal = r.guestsTurn(t)
			if err := r.guest.Act(legal[0]); err != nil {
				t.Fatal(err)
			}
			r.settledGuest(t, "the direct move taken")
			if moves := guestMoves(r.record(t), from); len(moves) != 2 || !sameAction(moves[0], first) || !sameAction(moves[1], legal[0]) {
				t.Errorf("the host applied %v of the guest's two moves %v and %v", moves, first, legal[0])
			}
		})
	}
}
