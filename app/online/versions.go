package online

import (
	"fmt"
	"strconv"
	"strings"

	"longhall/app/session"
	"longhall/rules"
)

// Friends on different builds of the app meet in one room: the protocol
// decides whether they can play together at all, and the builds say which
// device should reload, and when: between games, never in one.

// The page's variables that name its build: go-app's version (the name of
// the service worker's cache) and when the build was made, in Unix
// seconds (the server sets it: app/commands).
const (
	EnvVersion = "GOAPP_VERSION"
	EnvBuilt   = "LONGHALL_BUILT"
)

// UseBuild makes the build the page's variables name (getenv: go-app's
// app.Getenv) the one this device's rooms say: the page calls it once,
// as the app starts.
func UseBuild(getenv func(string) string) {
	built, _ := strconv.ParseInt(strings.TrimSpace(getenv(EnvBuilt)), 10, 64)
	session.SetBuild(session.Build{Version: strings.TrimSpace(getenv(EnvVersion)), Built: built})
}

// VersionWords says which device of the room runs the older build and
// should reload, and when (see versionNote); "" when there is nothing to
// say.
func VersionWords(v View) string {
	text, _ := versionNote(session.ThisBuild(), v)
	return text
}

// ThisDeviceIsOlder says this device runs an older app than the room's
// host (or, for the host, than a guest's), by build or by protocol: the
// page then looks for the new version at once, so that it is ready to
// install when the game ends.
func ThisDeviceIsOlder(v View) bool {
	_, older := versionNote(session.ThisBuild(), v)
	return older || v.OlderProtocol
}

// versionNote says, when this device (running me) and others in the room
// run different builds, which should reload: after the game in play, or
// now, between games; older says this device should. The host hears of
// each seated guest; a guest, of the host only (whose game every seat
// plays). Nothing when every build is the same, or when this device's own
// build is unknown.
func versionNote(me session.Build, v View) (text string, older bool) {
	if me == (session.Build{}) || !v.Snap.Joined || v.Snap.Lobby == nil {
		return "", false
	}
	playing := v.Snap.State != nil && v.Snap.State.Result == nil
	if v.Host {
		return hostVersionNote(me, v.Snap.Lobby, playing)
	}
	host := "the host"
	for _, s := range v.Snap.Lobby.Seats {
		if s.Host && s.Name != "" {
			host = s.Name
		}
	}
	switch session.CompareBuilds(me, v.Snap.HostBuild) {
	case session.OlderBuild:
		if playing {
			return "Your app is older than the host’s: reload after this game to update.", true
		}
		return "Your app is older than the host’s: reload now to update; you keep your seat.", true
	case session.NewerBuild:
		if playing {
			return host + "’s app (the host’s) is older than yours: they should reload after this game.", false
		}
		return host + "’s app (the host’s) is older than yours: they should reload now; their room is saved.", false
	case session.OtherBuild:
		return fmt.Sprintf("Your app and %s’s (the host’s) are different builds: whichever is older should reload %s.", host, between(playing)), false
	}
	return "", false
}

// hostVersionNote is versionNote for the host, about each seated guest.
func hostVersionNote(me session.Build, l *Lobby, playing bool) (text string, older bool) {
	var olderApps, newerApps, otherApps []string
	for _, s := range l.Seats {
		if s.Kind != SeatHuman || s.Host {
			continue
		}
		switch session.CompareBuilds(s.Build, me) {
		case session.OlderBuild:
			olderApps = append(olderApps, s.Name+"’s")
		case session.NewerBuild:
			newerApps = append(newerApps, s.Name+"’s")
		case session.OtherBuild:
			otherApps = append(otherApps, s.Name+"’s")
		}
	}
	var out []string
	if len(olderApps) > 0 {
		apps, seats := "app is", "seat"
		if len(olderApps) > 1 {
			apps, seats = "apps are", "seats"
		}
		when := "after this game"
		if !playing {
			when = "now; they keep their " + seats
		}
		out = append(out, fmt.Sprintf("%s %s older than yours: they should reload %s.", rules.And(olderApps), apps, when))
	}
	if len(newerApps) > 0 {
		out = append(out, fmt.Sprintf("Your app is older than %s: reload %s to update; the room is saved and reopens.", rules.And(newerApps), between(playing)))
	}
	if len(otherApps) > 0 {
		apps := "app is a different build"
		if len(otherApps) > 1 {
			apps = "apps are different builds"
		}
		out = append(out, fmt.Sprintf("%s %s from yours: whichever is older should reload %s.", rules.And(otherApps), apps, between(playing)))
	}
	return strings.Join(out, " "), len(newerApps) > 0
}

// between says when a device should reload: after the game in play, or
// now.
func between(playing bool) string {
	if playing {
		return "after this game"
	}
	return "now"
}

// protocolWords says why a guest could not join a host that speaks
// another protocol version (theirs), and which of the two should reload.
func protocolWords(theirs int) string {
	if theirs > session.ProtocolVersion {
		return "Your app is older than the host’s and cannot play in their room: reload to update, and you join again by yourself."
	}
	return "The host’s app is older than yours and cannot take you into this room: ask the host to reload Longhall to update (their room is saved), and you join again by yourself."
}

// refusedWords tells the host that a guest (name, "" when unknown) speaking
// another protocol version (theirs) could not join, and which of the two
// should reload.
func refusedWords(name string, theirs int) string {
	who := "A player"
	if name != "" {
		who = name
	}
	if theirs > session.ProtocolVersion {
		return who + " could not join: your app is older than theirs. Reload to update (the room is saved and reopens), and they can join."
	}
	return who + " could not join: their app is older than yours. They should reload Longhall to update, then open the link again."
}
