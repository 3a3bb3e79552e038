//go:build !js

package online

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/peer"
	"longhall/app/signal"
	"longhall/rules"
	_ "longhall/rules/rednorth"
)

// testNet meets over the in-process BroadcastChannel twin and opens real
// pion data channels on loopback.
func testNet() Net {
	return Net{
		Signaler: signal.Race{Signalers: []signal.Signaler{signal.Broadcast{}}},
		Peer:     peer.Config{SettingEngine: peer.LoopbackOnly},
		Retry:    200 * time.Millisecond,
	}
}

// watcher turns onChange calls into a channel a test can wait on.
type watcher chan struct{}

func newWatcher() watcher { return make(watcher, 1) }

func (w watcher) notify() {
	select {
	case w <- struct{}{}:
	default:
	}
}

type player interface {
	View() View
	Act(rules.Action) error
}

// until waits for cond to hold on p's view.
func until(t *testing.T, w watcher, p player, what string, cond func(View) bool) View {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		if v := p.View(); cond(v) {
			return v
		}
		select {
		case <-w:
		case <-time.After(100 * time.Millisecond):
		case <-deadline:
			v := p.View()
			t.Fatalf("waiting for %s: link %s (%s), notice %q", what, v.Link, v.Problem, v.Notice)
		}
	}
}

func seated(v View) bool {
	return v.Link == Connected && v.Snap.Joined && v.Snap.Seat >= 0 && v.Snap.Lobby != nil
}

// step plays p's first legal action if it has one now, once per version.
func step(p player, acted map[player]int) {
	v := p.View()
	s := v.Snap.State
	if s == nil || s.Result != nil || len(s.Legal) == 0 || acted[p] >= s.Version+1 {
		return
	}
	if p.Act(s.Legal[0]) == nil {
		acted[p] = s.Version + 1
	}
}

// playUntil drives every player until stop holds for all of them.
func playUntil(t *testing.T, w watcher, players []player, what string, stop func(View) bool) {
	t.Helper()
	acted := map[player]int{}
	deadline := time.After(2 * time.Minute)
	for {
		done := true
		for _, p := range players {
			if !stop(p.View()) {
				done = false
				step(p, acted)
			}
		}
		if done {
			return
		}
		select {
		case <-w:
		case <-time.After(50 * time.Millisecond):
			// A refused or lost intent: let each player choose again.
			for _, p := range players {
				if v := p.View(); v.Notice != "" {
					delete(acted, p)
				}
			}
		case <-deadline:
			for i, p := range players {
				v := p.View()
				if s := v.Snap.State; s != nil {
					t.Logf("player %d: link %s, version %d, prompts %+v, legal %d, acted %d, notice %q", i, v.Link, s.Version, s.Prompts, len(s.Legal), acted[p], v.Notice)
				}
			}
			t.Fatalf("the players did not reach %s in time", what)
		}
	}
}

func over(v View) bool { return v.Snap.State != nil && v.Snap.State.Result != nil }

func newHosted(t *testing.T, players int) *Saved {
	t.Helper()
	return newHostedGame(t, "rednorth", players)
}

func newHostedGame(t *testing.T, game string, players int) *Saved {
	t.Helper()
	h, err := NewHosted(game, rules.Config{Players: players}, 11, "Gordon", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func startHost(t *testing.T, st Store, rec *Saved, w watcher) *Table {
	t.Helper()
	h, err := Host(context.Background(), st, rec, testNet(), TableOptions{}, w.notify)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

func startGuest(t *testing.T, device, tab Store, h *Table, name string, w watcher) *Joining {
	t.Helper()
	rm, err := signal.ParseLink(h.Link("https://example.org/room/"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	j := Join(context.Background(), device, tab, rm, testNet(), name, w.notify)
	t.Cleanup(func() { j.Close() })
	return j
}

// TestARoomPlaysAWholeGame: the host creates a room, a friend opens the
// link, both are seated, the host starts, and the game ends with the same
// result on both sides; the host's device has saved every action.
func TestARoomPlaysAWholeGame(t *testing.T) {
	leaktest.Check(t)
	w := newWatcher()
	st := &MemStore{}
	h := startHost(t, st, newHosted(t, 2), w)
	until(t, w, h, "the host seated", seated)
	g := startGuest(t, &MemStore{}, &MemStore{}, h, "Rikki", w)
	v := until(t, w, g, "the guest seated", seated)
	if v.Snap.Seat != 1 || v.Snap.Lobby.Seats[1].Name != "Rikki" {
		t.Fatalf("guest in seat %d, lobby %+v", v.Snap.Seat, v.Snap.Lobby.Seats)
	}
	if err := g.Ready(true); err != nil {
		t.Fatal(err)
	}
	until(t, w, h, "the guest ready", func(v View) bool { return v.Snap.Lobby != nil && v.Snap.Lobby.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	playUntil(t, w, []player{h, g}, "the end", over)
	hr, gr := h.View().Snap.State.Result, g.View().Snap.State.Result
	if fmt.Sprint(hr.Scores) != fmt.Sprint(gr.Scores) || hr.Reason != gr.Reason {
		t.Fatalf("host saw %+v, guest saw %+v", hr, gr)
	}
	gv := g.View()
	if len(gv.Log) == 0 {
		t.Error("the guest's log is empty")
	}
	if tr := gv.Traffic; len(tr.RTTs) == 0 || len(tr.RTTs) > tr.Intents || tr.States == 0 || tr.StateBytes == 0 || tr.SentBytes == 0 || tr.InBytes < tr.StateBytes {
		t.Errorf("the guest's traffic figures are off: %d round trips, %d intents, %d states of %d bytes, %d bytes in, %d out",
			len(tr.RTTs), tr.Intents, tr.States, tr.StateBytes, tr.InBytes, tr.SentBytes)
	}
	// The host marks the room over once its own player has seen the result:
	// in its save, then in the list of rooms (two writes, so wait for both).
	var saved *Saved
	eventually(t, "the room saved as over", func() bool {
		var err error
		if saved, err = LoadHosted(st, h.Key()); err != nil {
			t.Fatal(err)
		}
		list := Rooms(st)
		return saved.Over && len(list) == 1 && list[0].Over
	})
	if saved.Save == nil || !saved.Over || saved.Token == "" {
		t.Fatalf("saved room: save %v, over %v, token %q", saved.Save != nil, saved.Over, saved.Token)
	}
	final, _, err := rules.Replay(saved.Save.Record)
	if err != nil || final.Result() == nil {
		t.Fatalf("the saved record does not replay to the end: %v", err)
	}
	if list := Rooms(st); len(list) != 1 || !list[0].Over || list[0].Names[1] != "Rikki" {
		t.Fatalf("rooms list %+v", list)
	}

	// A rematch means what it means on one device: the room plays on
	// under its link with the new game, and the finished game stays in
	// the "continue" list, a game of this device now, which no room hosts.
	if err := h.Rematch(99); err != nil {
		t.Fatal(err)
	}
	var done Entry
	eventually(t, "the rematch saved beside the finished game", func() bool {
		list := Saves(st)
		if len(list) != 2 || !list[0].Room || list[0].Key != h.Key() || list[0].Over || list[1].Room || !list[1].Over {
			return false
		}
		done = list[1]
		return true
	})
	if rm, err := LoadHosted(st, h.Key()); err != nil || rm.Seed != 99 || rm.Save.Record.Seed != 99 || rm.Token == "" {
		t.Fatalf("the room after the rematch: %+v (%v)", rm, err)
	}
	kept := gameOn(t, st, done.Key)
	if kept.Seed != saved.Seed || len(kept.Save.Record.Actions) != len(saved.Save.Record.Actions) || kept.RoomPart != nil || kept.Save.Tokens != nil ||
		!slices.Equal(kept.Away, []rules.Seat{1}) {
		t.Fatalf("the finished game is kept as %+v", kept)
	}

	// Opened, it is the host's own person's: Rikki played on his own
	// device, so nothing asks to pass this one to him, and its rematch is
	// a room's to deal.
	tb, err := OpenTable(context.Background(), st, done.Key, TableOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if seat, hand := tb.Screen(); seat != 0 || hand || tb.Humans() != 1 {
		t.Errorf("the kept game opens on seat %d (hand-over asked: %v) with %d people at the device, want seat 0, none, 1", seat, hand, tb.Humans())
	}
	eventually(t, "the kept game shows its end", func() bool { s := tb.View().Snap.State; return s != nil && s.Result != nil })
	if err := tb.Rematch(5); err == nil || !strings.Contains(Words(err), "room") {
		t.Errorf("a rematch of a room's game kept here: %v; want it refused, saying a room deals it", err)
	}
}

// TestAReloadedGuestRetakesItsSeat: a guest's tab reloads mid-game (its
// room closes and opens again with the same storage) and comes back to the
// same seat, with the game where it was.
func TestAReloadedGuestRetakesItsSeat(t *testing.T) {
	leaktest.Check(t)
	w := newWatcher()
	h := startHost(t, &MemStore{}, newHosted(t, 2), w)
	until(t, w, h, "the host seated", seated)
	device, tab := &MemStore{}, &MemStore{}
	g := startGuest(t, device, tab, h, "Rikki", w)
	until(t, w, g, "the guest seated", seated)
	g.Ready(true)
	until(t, w, h, "the guest ready", func(v View) bool { return v.Snap.Lobby != nil && v.Snap.Lobby.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	playUntil(t, w, []player{h, g}, "a few moves", func(v View) bool { return v.Snap.State != nil && v.Snap.State.Version >= 6 })
	before := h.View().Snap.State.Version
	g.Close()
	until(t, w, h, "the guest shown away", func(v View) bool { return !v.Snap.Lobby.Seats[1].Connected })

	g2 := startGuest(t, device, tab, h, "Rikki", w)
	v := until(t, w, g2, "the guest back", func(v View) bool { return seated(v) && v.Snap.State != nil })
	if v.Snap.Seat != 1 || v.Snap.State.Version != before {
		t.Fatalf("back in seat %d at version %d, want seat 1 at version %d", v.Snap.Seat, v.Snap.State.Version, before)
	}
	if h.View().Snap.Lobby.Spectators != 0 {
		t.Fatal("the returning guest became a spectator")
	}
	playUntil(t, w, []player{h, g2}, "the end", over)
}

// TestAReloadedHostResumesTheRoom: the host's tab reloads mid-game. The
// guest sees the link drop and waits; the host opens the room again from
// storage, the guest comes back by itself to the same seat, and no accepted
// action is lost.
func TestAReloadedHostResumesTheRoom(t *testing.T) {
	w := newWatcher()
	st := &MemStore{}
	h, err := Host(context.Background(), st, newHosted(t, 2), testNet(), TableOptions{}, w.notify)
	if err != nil {
		t.Fatal(err)
	}
	until(t, w, h, "the host seated", seated)
	g := startGuest(t, &MemStore{}, &MemStore{}, h, "Rikki", w)
	until(t, w, g, "the guest seated", seated)
	g.Ready(true)
	until(t, w, h, "the guest ready", func(v View) bool { return v.Snap.Lobby != nil && v.Snap.Lobby.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	playUntil(t, w, []player{h, g}, "a few moves", func(v View) bool { return v.Snap.State != nil && v.Snap.State.Version >= 5 })
	// The host's tab goes: nothing is applied after Close. A guest's
	// intent may still have landed after the last state either player
	// drew, so what they saw is a lower bound of what the host applied,
	// and the host saves each action in the same step of its loop as it
	// tells the players of it, a step Close waits for.
	key := h.Key()
	h.Close()
	seen := max(h.View().Snap.State.Version, g.View().Snap.State.Version)
	until(t, w, g, "the guest reconnecting", func(v View) bool { return v.Link == Reconnecting })

	rec, err := LoadHosted(st, key)
	if err != nil {
		t.Fatal(err)
	}
	version := len(rec.Save.Record.Actions)
	if version < seen {
		t.Fatalf("the save holds %d actions, but the players had seen version %d", version, seen)
	}
	h2 := startHost(t, st, rec, w)
	v := until(t, w, h2, "the host back in its seat", func(v View) bool { return seated(v) && v.Snap.State != nil })
	if v.Snap.Seat != 0 || v.Snap.State.Version != version {
		t.Fatalf("host back in seat %d at version %d, want 0 at %d", v.Snap.Seat, v.Snap.State.Version, version)
	}
	gv := until(t, w, g, "the guest back", func(v View) bool {
		return seated(v) && v.Snap.State != nil && v.Snap.State.Version == version
	})
	if gv.Snap.Seat != 1 {
		t.Fatalf("guest back in seat %d", gv.Snap.Seat)
	}
	playUntil(t, w, []player{h2, g}, "the end", over)
}

// TestConnectionCodesWithNoRelay: no relay at all can be reached, and a
// guest still joins by swapping an offer code and an answer code.
func TestConnectionCodesWithNoRelay(t *testing.T) {
	w := newWatcher()
	n := testNet()
	n.Signaler = signal.Race{} // nothing to listen or call on
	h, err := Host(context.Background(), &MemStore{}, newHosted(t, 2), n, TableOptions{}, w.notify)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	v := until(t, w, h, "the host told no relay works", func(v View) bool { return v.Relays != "" && seated(v) })
	if !strings.Contains(v.Relays, "No relay could be reached") {
		t.Errorf("the host is told %q", v.Relays)
	}
	rm, _ := signal.ParseLink(h.Link("https://example.org/"), time.Now())
	g := Join(context.Background(), &MemStore{}, &MemStore{}, rm, n, "Rikki", w.notify)
	defer g.Close()
	until(t, w, g, "the guest's first attempt to fail", func(v View) bool { return v.Attempts > 0 && v.Problem != "" })

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	offer, err := g.OfferCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	linked := make(chan error, 1)
	answer, err := h.AnswerCode(ctx, offer, func(err error) { linked <- err })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.AnswerCode(ctx, "not a code", nil); !errors.Is(err, signal.ErrNotCode) {
		t.Errorf("a wrong offer code: %v", err)
	}
	if err := g.AcceptCode(ctx, answer); err != nil {
		t.Fatal(err)
	}
	if err := <-linked; err != nil {
		t.Fatal(err)
	}
	v = until(t, w, g, "the guest seated", seated)
	if v.Snap.Seat != 1 {
		t.Fatalf("guest in seat %d", v.Snap.Seat)
	}
}

// TestAKickedGuestStaysOut: the host removes a guest; the guest is told
// why and does not reconnect.
func TestAKickedGuestStaysOut(t *testing.T) {
	w := newWatcher()
	h := startHost(t, &MemStore{}, newHosted(t, 2), w)
	until(t, w, h, "the host seated", seated)
	g := startGuest(t, &MemStore{}, &MemStore{}, h, "Loki", w)
	v := until(t, w, g, "the guest seated", seated)
	if err := h.Kick(v.Snap.You, "no tricksters tonight"); err != nil {
		t.Fatal(err)
	}
	v = until(t, w, g, "the guest removed", func(v View) bool { return v.Link == Removed })
	if !strings.Contains(v.Problem, "no tricksters tonight") {
		t.Errorf("the guest was told %q", v.Problem)
	}
	if err := g.Act(rules.Action{Kind: "pass"}); !errors.Is(err, ErrOffline) {
		t.Errorf("acting after removal: %v", err)
	}
	// It stops trying for good: no rejoining with a banned token.
	select {
	case <-g.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("the removed guest is still trying to rejoin")
	}
	if v := g.View(); v.Link != Removed {
		t.Errorf("the removed guest went back to %s", v.Link)
	}
}

// Issue 23, "A clock": the seconds left, rounded up, for the state the
// clock was said for, and none once the state moved on or time is up.
func TestAClocksSecondsLeft(t *testing.T) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	c := &Clock{Version: 7, Seat: 1, Deadline: at.Add(15 * time.Second)}
	for _, tc := range []struct {
		name    string
		c       *Clock
		now     time.Time
		version int
		left    int
		runs    bool
	}{
		{"just said", c, at, 7, 15, true},
		{"a moment later: rounded up", c, at.Add(300 * time.Millisecond), 7, 15, true},
		{"the last second", c, at.Add(14500 * time.Millisecond), 7, 1, true},
		{"time is up", c, at.Add(15 * time.Second), 7, 0, false},
		{"the state moved on", c, at, 8, 0, false},
		{"no clock", nil, at, 7, 0, false},
	} {
		left, runs := tc.c.Left(tc.now, tc.version)
		if left != tc.left || runs != tc.runs {
			t.Errorf("%s: %d s, runs %v; want %d s, runs %v", tc.name, left, runs, tc.left, tc.runs)
		}
	}
}
