package session

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"longhall/rules"
)

// A host hands the table to a seated guest's device: the app's save
// crosses in parts, the guest keeps it and says so, every guest is sent to
// the new host with the reason, and a host resumed from that save on the
// guest's device takes everyone back to their seats, the game where it was.
func TestAHostHandsTheTableToAGuestsDevice(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 3, Options{})
		ann := local(t, h, "Ann", "")
		bob := join(t, h, "Bob", "")
		cid := join(t, h, "Cid", "")
		bob.Ready(true)
		cid.Ready(true)
		waitLobby(t, ann, "all ready", func(l *Lobby) bool { return l.Seats[1].Ready && l.Seats[2].Ready })
		if err := h.Start(); err != nil {
			t.Fatal(err)
		}
		st := waitVersion(t, bob, 0)
		if _, err := bob.Intent(st.Legal[0]); err != nil {
			t.Fatal(err)
		}
		waitVersion(t, bob, 1)
		h.SetPaused(true, "Ann is handing the table to Bob")
		save, err := h.Save()
		if err != nil {
			t.Fatal(err)
		}
		// The app's save of the room, padded past several parts.
		table, _ := json.Marshal(struct {
			Save Save   `json:"save"`
			Pad  string `json:"pad"`
		}{save, strings.Repeat("é", 2*HandOverPart)})

		for _, c := range []struct {
			name   string
			member int
			code   string
		}{
			{"to the host's own player", ann.Latest().You, CodeNoSeat},
			{"to nobody", 99, CodeNoSeat},
		} {
			var e *Error
			if _, err := h.HandOver(c.member, table); !errors.As(err, &e) || e.Code != c.code {
				t.Errorf("handing over %s: %v, want %s", c.name, err, c.code)
			}
		}
		took, err := h.HandOver(bob.Latest().You, table)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.HandOver(cid.Latest().You, table); !errors.Is(err, ErrHandingOver) {
			t.Errorf("a second hand-over under way: %v", err)
		}
		got := waitFor(t, bob, "the table handed over", func(u Update) bool { return u.HandOver != nil }).HandOver
		if !bytes.Equal(got, table) {
			t.Fatalf("Bob kept %d bytes, the host sent %d", len(got), len(table))
		}
		if err := cid.TookOver(); err != nil { // not his to take: ignored
			t.Fatal(err)
		}
		if err := bob.TookOver(); err != nil {
			t.Fatal(err)
		}
		<-took
		if err := h.EndHandedOver("Bob hosts from now on.", "session: Bob hosts from now on"); err != nil {
			t.Fatal(err)
		}
		for _, g := range []*Guest{bob, cid} {
			waitFor(t, g, "the line", func(u Update) bool { return u.Chat != nil && u.Chat.System && u.Chat.Text == "Bob hosts from now on." })
			<-g.Done()
			var e *Error
			if !errors.As(g.Err(), &e) || e.Code != CodeKicked || e.Why != KickHandedOver {
				t.Errorf("a guest's link ended with %v, want kicked as handed over", g.Err())
			}
		}

		// Bob's device hosts from the save; Ann, now a guest, and Cid come
		// back with their tokens.
		nh, err := Resume(context.Background(), save, Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { nh.Close() })
		bob2 := local(t, nh, "Bob", save.Tokens[1])
		ann2 := join(t, nh, "Ann", save.Tokens[0])
		cid2 := join(t, nh, "Cid", save.Tokens[2])
		for i, g := range []*Guest{ann2, bob2, cid2} {
			if g.Latest().Seat != rules.Seat(i) {
				t.Errorf("seat %d came back at %d", i, g.Latest().Seat)
			}
		}
		if v := hostVersion(t, nh); v != 1 {
			t.Errorf("the new host is at version %d, want 1", v)
		}
		st = waitVersion(t, ann2, 1)
		if len(st.Legal) == 0 {
			t.Fatalf("Ann has nothing to do at the new host")
		}
		if _, err := ann2.Intent(st.Legal[0]); err != nil {
			t.Fatal(err)
		}
		waitVersion(t, cid2, 2)
		mustCheckHost(t, nh)
	})
}

// Parts of a hand-over out of order, malformed or beyond the limits are
// refused, what was gathered dropped, and the next whole one is taken.
func TestAHandOverOutOfOrderIsDropped(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		a, b := Pipe()
		g, err := NewGuest(context.Background(), b, Hello{Name: "Bob"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { g.Close(); a.Close() })
		if _, err := a.Recv(context.Background()); err != nil { // the hello
			t.Fatal(err)
		}
		part := func(i, n int, data string) {
			t.Helper()
			msg, err := encode(KindHandOver, HandOver{Part: i, Parts: n, Data: data})
			if err != nil {
				t.Fatal(err)
			}
			a.Send(msg)
		}
		b64 := base64.StdEncoding.EncodeToString
		for _, c := range []struct {
			name string
			send func()
		}{
			{"a part skipped", func() { part(0, 3, b64([]byte("a"))); part(2, 3, b64([]byte("c"))) }},
			{"a part not in base64", func() { part(0, 2, "not base64!") }},
			{"too many parts", func() { part(0, MaxHandOverParts+1, b64([]byte("a"))) }},
			{"a part too large", func() { part(0, 1, b64(make([]byte, HandOverPart+1))) }},
		} {
			c.send()
			u := waitFor(t, g, c.name, func(u Update) bool { return u.Error != nil || u.HandOver != nil })
			if u.Error == nil {
				t.Errorf("%s: taken as %q", c.name, u.HandOver)
			}
		}
		part(0, 2, b64([]byte("whole ")))
		part(1, 2, b64([]byte("table")))
		if got := waitFor(t, g, "the whole table", func(u Update) bool { return u.HandOver != nil }).HandOver; string(got) != "whole table" {
			t.Errorf("the table reads %q", got)
		}
	})
}

// The host's chosen successor is sent a copy of the table (in parts, as a
// hand-over) and told when the choice is taken back; a watcher cannot be
// chosen.
func TestASuccessorIsSentACopyOfTheTable(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		local(t, h, "Ann", "")
		bob := join(t, h, "Bob", "")
		watcher := join(t, h, "Cid", "")
		table := []byte(strings.Repeat("a table ", HandOverPart/4))
		if err := h.SendStandby(bob.Latest().You, table); err != nil {
			t.Fatal(err)
		}
		if got := waitFor(t, bob, "the copy", func(u Update) bool { return u.Standby != nil }).Standby; !bytes.Equal(got, table) {
			t.Fatalf("Bob keeps %d bytes of %d", len(got), len(table))
		}
		if err := h.SendStandby(bob.Latest().You, nil); err != nil {
			t.Fatal(err)
		}
		waitFor(t, bob, "the choice taken back", func(u Update) bool { return u.StandDown })
		var e *Error
		if err := h.SendStandby(watcher.Latest().You, table); !errors.As(err, &e) || e.Code != CodeNotSeated {
			t.Errorf("a watcher chosen: %v", err)
		}
	})
}
