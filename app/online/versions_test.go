//go:build !js

package online

import (
	"encoding/json"
	"testing"

	"longhall/app/session"
	"longhall/rules"
)

// versionRoom is a room's view with the host Gordon (build host) and the
// guests given, each with a build; playing says a game is in play, over
// that it has ended.
func versionRoom(asHost bool, host session.Build, guests map[string]session.Build, playing, over bool) View {
	l := &Lobby{Seats: []SeatStatus{{Seat: 0, Kind: SeatHuman, Name: "Gordon", Host: true, Build: host}}}
	for _, name := range []string{"Rikki", "Hakka", "Astrid"} {
		if b, ok := guests[name]; ok {
			l.Seats = append(l.Seats, SeatStatus{Seat: rules.Seat(len(l.Seats)), Kind: SeatHuman, Name: name, Build: b})
		}
	}
	l.Seats = append(l.Seats, SeatStatus{Seat: rules.Seat(len(l.Seats)), Kind: SeatBot, Name: "Bot"})
	v := View{Host: asHost, Link: Connected}
	v.Snap.Joined, v.Snap.Lobby, v.Snap.HostBuild = true, l, host
	if playing || over {
		v.Snap.State = &session.StateMsg{Version: 12}
		if over {
			v.Snap.State.Result = &rules.Result{}
		}
	}
	return v
}

func TestVersionWords(t *testing.T) {
	old, mid, now := session.Build{Version: "old", Built: 100}, session.Build{Version: "mid", Built: 200}, session.Build{Version: "now", Built: 300}
	unordered := session.Build{Version: "elsewhere"}
	notJoined := versionRoom(false, old, nil, false, false)
	notJoined.Snap.Joined = false
	for _, c := range []struct {
		name  string
		me    session.Build
		v     View
		want  string
		older bool
	}{
		{"everyone on one build", now, versionRoom(true, now, map[string]session.Build{"Rikki": now, "Hakka": now}, true, false), "", false},
		{"this device's build unknown", session.Build{}, versionRoom(true, session.Build{}, map[string]session.Build{"Rikki": now}, true, false), "", false},
		{"a guest before the welcome", now, notJoined, "", false},

		{"the host, a guest older, in play", now, versionRoom(true, now, map[string]session.Build{"Rikki": old, "Hakka": now}, true, false),
			"Rikki’s app is older than yours: they should reload after this game.", false},
		{"the host, two guests older, in the lobby", now, versionRoom(true, now, map[string]session.Build{"Rikki": old, "Hakka": mid}, false, false),
			"Rikki’s and Hakka’s apps are older than yours: they should reload now; they keep their seats.", false},
		{"the host, a guest from before builds", now, versionRoom(true, now, map[string]session.Build{"Rikki": {}}, true, false),
			"Rikki’s app is older than yours: they should reload after this game.", false},
		{"the host older, in play", old, versionRoom(true, old, map[string]session.Build{"Rikki": now}, true, false),
			"Your app is older than Rikki’s: reload after this game to update; the room is saved and reopens.", true},
		{"the host older, the game over", old, versionRoom(true, old, map[string]session.Build{"Rikki": now}, false, true),
			"Your app is older than Rikki’s: reload now to update; the room is saved and reopens.", true},
		{"the host between an older and a newer guest", mid, versionRoom(true, mid, map[string]session.Build{"Rikki": old, "Hakka": now}, true, false),
			"Rikki’s app is older than yours: they should reload after this game. Your app is older than Hakka’s: reload after this game to update; the room is saved and reopens.", true},
		{"the host, a build of unknown order", now, versionRoom(true, now, map[string]session.Build{"Astrid": unordered}, true, false),
			"Astrid’s app is a different build from yours: whichever is older should reload after this game.", false},

		{"a guest older, in play", old, versionRoom(false, now, map[string]session.Build{"Rikki": old}, true, false),
			"Your app is older than the host’s: reload after this game to update.", true},
		{"a guest older, in the lobby", old, versionRoom(false, now, map[string]session.Build{"Rikki": old}, false, false),
			"Your app is older than the host’s: reload now to update; you keep your seat.", true},
		{"a guest older, the game over", old, versionRoom(false, now, map[string]session.Build{"Rikki": old}, false, true),
			"Your app is older than the host’s: reload now to update; you keep your seat.", true},
		{"a guest newer, in play", now, versionRoom(false, old, map[string]session.Build{"Rikki": now}, true, false),
			"Gordon’s app (the host’s) is older than yours: they should reload after this game.", false},
		{"a guest newer, in the lobby", now, versionRoom(false, old, map[string]session.Build{"Rikki": now}, false, false),
			"Gordon’s app (the host’s) is older than yours: they should reload now; their room is saved.", false},
		{"a guest and a host from before builds", now, versionRoom(false, session.Build{}, map[string]session.Build{"Rikki": now}, true, false),
			"Gordon’s app (the host’s) is older than yours: they should reload after this game.", false},
		{"a guest, a build of unknown order", unordered, versionRoom(false, now, map[string]session.Build{"Rikki": unordered}, true, false),
			"Your app and Gordon’s (the host’s) are different builds: whichever is older should reload after this game.", false},
		{"a guest beside an older guest says nothing of them", now, versionRoom(false, now, map[string]session.Build{"Rikki": now, "Hakka": old}, true, false), "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, older := versionNote(c.me, c.v)
			if got != c.want || older != c.older {
				t.Errorf("versionNote says %q (older %v),\nwant %q (older %v)", got, older, c.want, c.older)
			}
		})
	}
}

func TestProtocolWordsSayWhoReloads(t *testing.T) {
	later, earlier := session.ProtocolVersion+1, session.ProtocolVersion-1
	for _, c := range []struct{ got, want string }{
		{protocolWords(later), "Your app is older than the host’s and cannot play in their room: reload to update, and you join again by yourself."},
		{protocolWords(earlier), "The host’s app is older than yours and cannot take you into this room: ask the host to reload Longhall to update (their room is saved), and you join again by yourself."},
		{refusedWords("Rikki", earlier), "Rikki could not join: their app is older than yours. They should reload Longhall to update, then open the link again."},
		{refusedWords("", later), "A player could not join: your app is older than theirs. Reload to update (the room is saved and reopens), and they can join."},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	// A guest refused for its protocol is told so, and looks for an update.
	var c client
	c.apply(session.Update{Kind: session.KindError, Error: &session.ErrorMsg{Code: session.CodeVersion, Text: "session: the host sent a message this version cannot read", Protocol: later}})
	if c.view.Notice != protocolWords(later) || !c.view.OlderProtocol || !ThisDeviceIsOlder(c.view) {
		t.Errorf("the guest's notice reads %q (older protocol: %v)", c.view.Notice, c.view.OlderProtocol)
	}
}

// TestARoomSavedByAnOlderBuildResumes: a host reloads into a newer build
// and its saved room opens there, at the move it was at, whether the
// record names the build that saved it, names none (from before builds
// were said), names one that reads as nonsense, or holds fields a later
// build added; and the record then names the build that saved it last.
func TestARoomSavedByAnOlderBuildResumes(t *testing.T) {
	older, newer := session.Build{Version: "older", Built: 100}, session.Build{Version: "newer", Built: 200}
	session.SetBuild(older)
	t.Cleanup(func() { session.SetBuild(session.Build{}) })
	w := newWatcher()
	st := &MemStore{}
	h := startHost(t, st, newHosted(t, 2), w)
	until(t, w, h, "the host seated", seated)
	g := startGuest(t, &MemStore{}, &MemStore{}, h, "Rikki", w)
	until(t, w, g, "the guest seated", seated)
	g.Ready(true)
	until(t, w, h, "the guest ready", func(v View) bool { return v.Snap.Lobby != nil && v.Snap.Lobby.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	playUntil(t, w, []player{h, g}, "a few moves", func(v View) bool { return v.Snap.State != nil && v.Snap.State.Version >= 4 })
	key := h.Key()
	h.Close()
	g.Close()

	var saved map[string]json.RawMessage
	if err := st.Get(hostedKey+key, &saved); err != nil {
		t.Fatal(err)
	}
	var said session.Build
	if err := json.Unmarshal(saved["build"], &said); err != nil || said != older {
		t.Fatalf("the record names build %s, want %+v", saved["build"], older)
	}
	var rec Saved
	if err := st.Get(hostedKey+key, &rec); err != nil {
		t.Fatal(err)
	}
	version := len(rec.Save.Record.Actions)

	session.SetBuild(newer)
	for _, c := range []struct {
		name  string
		build json.RawMessage // nil: left out
		extra bool
	}{
		{name: "the build that saved it", build: saved["build"]},
		{name: "no build"},
		{name: "a build that reads as nonsense", build: json.RawMessage(`"not an object"`)},
		{name: "a build of the wrong shape", build: json.RawMessage(`{"version":12,"built":"yesterday"}`)},
		{name: "fields of a later build", build: saved["build"], extra: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			fields := map[string]json.RawMessage{}
			for k, v := range saved {
				fields[k] = v
			}
			delete(fields, "build")
			if c.build != nil {
				fields["build"] = c.build
			}
			if c.extra {
				fields["seatsOfLaterBuilds"] = json.RawMessage(`{"deep":[1,2,3]}`)
			}
			data, err := json.Marshal(fields)
			if err != nil {
				t.Fatal(err)
			}
			st.SetRaw(hostedKey+key, data)
			rec, err := LoadHosted(st, key)
			if err != nil {
				t.Fatalf("the record cannot be read: %v", err)
			}
			h := startHost(t, st, rec, w)
			v := until(t, w, h, "the host back in its seat", func(v View) bool { return seated(v) && v.Snap.State != nil })
			if v.Snap.Seat != 0 || v.Snap.State.Version != version {
				t.Errorf("the host is back in seat %d at version %d, want seat 0 at %d", v.Snap.Seat, v.Snap.State.Version, version)
			}
			h.Close()
			again, err := LoadHosted(st, key)
			if err != nil || again.Build != newer {
				t.Errorf("the record now names build %+v (%v), want %+v", again.Build, err, newer)
			}
		})
	}
}

// TestPagesOrderBuildsByTheTimeTheirServerSaid: a page knows its build by
// its variables, go-app's version and the time the server says the build
// was made (app/commands sets LONGHALL_BUILT). Without that time two
// builds cannot be ordered, and both players read that whichever is older
// should reload: what a room showed when its pages came from a server
// binary older than LONGHALL_BUILT.
func TestPagesOrderBuildsByTheTimeTheirServerSaid(t *testing.T) {
	t.Cleanup(func() { session.SetBuild(session.Build{}) })
	page := func(version, built string) map[string]string {
		env := map[string]string{EnvVersion: version}
		if built != "-" {
			env[EnvBuilt] = built
		}
		return env
	}
	const (
		hostOlder    = "Your app is older than Rikki’s: reload now to update; the room is saved and reopens."
		guestNewer   = "Gordon’s app (the host’s) is older than yours: they should reload now; their room is saved."
		hostUnknown  = "Rikki’s app is a different build from yours: whichever is older should reload now."
		guestUnknown = "Your app and Gordon’s (the host’s) are different builds: whichever is older should reload now."
	)
	for _, c := range []struct {
		name        string
		host, guest map[string]string // each page's variables ("-": no time said)
		hostReads   string
		guestReads  string
	}{
		{"both servers said when, the host's build the older", page("aaa", "1795952786"), page("bbb", "1795952846"), hostOlder, guestNewer},
		{"a time among spaces", page("aaa", " 1795952786\n"), page("bbb", "1795952846"), hostOlder, guestNewer},
		{"the same build from two servers started at other times", page("aaa", "1795952786"), page("aaa", "1795952846"), "", ""},
		{"no server said when", page("aaa", "-"), page("bbb", "-"), hostUnknown, guestUnknown},
		{"the host's server said nothing", page("aaa", "-"), page("bbb", "1795952846"), hostUnknown, guestUnknown},
		{"the guest's server said nothing", page("aaa", "1795952786"), page("bbb", "-"), hostUnknown, guestUnknown},
		{"a time that is no number", page("aaa", "yesterday"), page("bbb", "1795952846"), hostUnknown, guestUnknown},
		{"two builds made in the same second", page("aaa", "1795952786"), page("bbb", "1795952786"), hostUnknown, guestUnknown},
	} {
		t.Run(c.name, func(t *testing.T) {
			UseBuild(func(k string) string { return c.host[k] })
			host := session.ThisBuild()
			UseBuild(func(k string) string { return c.guest[k] })
			guest := session.ThisBuild()
			if got, _ := versionNote(host, versionRoom(true, host, map[string]session.Build{"Rikki": guest}, false, false)); got != c.hostReads {
				t.Errorf("the host (build %+v) reads %q,\nwant %q", host, got, c.hostReads)
			}
			if got, _ := versionNote(guest, versionRoom(false, host, map[string]session.Build{"Rikki": guest}, false, false)); got != c.guestReads {
				t.Errorf("the guest (build %+v) reads %q,\nwant %q", guest, got, c.guestReads)
			}
		})
	}
}
