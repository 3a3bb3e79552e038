package online

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// The page's side of the room speaks only to this package: it reads links,
// names seat kinds and turns errors into words through what follows, and
// never handles signal or session types itself.

// Lobby types as the page reads them from View.Snap.
type (
	Lobby      = session.Lobby
	SeatStatus = session.SeatStatus
	ChatLine   = session.Chat
)

// Seat kinds in a SeatStatus.
const (
	SeatEmpty = session.SeatEmpty
	SeatHuman = session.SeatHuman
	SeatBot   = session.SeatBot
)

// Errors a link can give (see ReadLink).
var (
	ErrNotLink   = signal.ErrNotLink
	ErrStaleLink = signal.ErrStaleLink
)

// Invite is a room link as a guest opened it: the room, and what the link
// says about the table.
type Invite struct {
	room       signal.Room
	Invitation Invitation
}

// ReadLink reads a room link's fragment, judged against now (a link
// expires). A fragment with no room at all is ErrNotLink.
func ReadLink(fragment string, now time.Time) (Invite, error) {
	if strings.TrimSpace(fragment) == "" {
		return Invite{}, ErrNotLink
	}
	rm, err := signal.ParseLink(fragment, now)
	if err != nil {
		return Invite{}, err
	}
	return Invite{room: rm, Invitation: ReadInvitation(fragment)}, nil
}

// JoinInvite is Join for a link read with ReadLink.
func JoinInvite(ctx context.Context, device, tab Store, in Invite, n Net, name string, onChange func()) *Joining {
	return Join(ctx, device, tab, in.room, n, name, onChange)
}

// QR draws text as a QR code, in SVG.
func QR(text string) (string, error) {
	q, err := signal.NewQR(text)
	if err != nil {
		return "", err
	}
	return q.SVG(), nil
}

// Words for a browser without WebRTC (some embedded browsers, locked-down
// phones): what it cannot do, and what to try. A room's guest still plays
// through the relays; codes made by hand need WebRTC.
const (
	NoWebRTCWords        = "This browser cannot make direct connections to other players (it has no WebRTC). Open the link in Safari, Chrome or Firefox."
	noWebRTCNoRelayWords = "This browser cannot make direct connections to other players (it has no WebRTC), and the relays could not carry the game either. Open the link in Safari, Chrome or Firefox."
	noWebRTCRelayedWords = "This browser cannot make direct connections to other players (it has no WebRTC), so the game goes through the relays, which is slower. If it does not start, open the link in Safari, Chrome or Firefox."
)

// Words turns an error from a room into the sentence a player reads: the
// package prefixes go, the first letter is capital and a full stop ends
// it. Expired and broken links get a sentence of their own.
func Words(err error) string {
	if err == nil {
		return ""
	}
	var se *session.Error
	var re *rules.ReplayError
	var np *room.NoPathError
	switch {
	case errors.As(err, &re):
		// A save from before a rules change (its record no longer replays).
		return fmt.Sprintf("This game was saved under an earlier version of the rules: its move %d no longer applies, so it cannot be resumed.", re.Index+1)
	case errors.Is(err, signal.ErrStaleLink):
		return "This room link is more than 30 days old. Ask the host for a fresh one."
	case errors.Is(err, signal.ErrNotLink):
		return "This address names no room. Open the link the host sent you, or start a room from a game's page."
	case errors.As(err, &np) && errors.Is(np.Direct, peer.ErrNoWebRTC):
		return noWebRTCNoRelayWords
	case errors.Is(err, peer.ErrNoWebRTC):
		return NoWebRTCWords
	case errors.As(err, &se):
		return say(se.Text)
	}
	return say(err.Error())
}

// HostSilent is a guest's View.Problem when its link to the host dropped
// because the host fell silent (its heartbeat), most often a host's page
// frozen in the background on a phone, or the host's network gone.
const HostSilent = "The host stopped answering."

// kickWords says why the host sent this player away, for the banner.
func kickWords(e *session.Error) string {
	if e.Why == session.KickHostSeat {
		return "This browser holds the host's own seat in this room, and that seat is played only on the host's device. To join as another player, open the link in a private window."
	}
	return say(e.Text)
}

// codePrefixes are the packages' prefixes of error texts ("room: the host
// answered but the link did not open: peer: …"), which a player need not
// read.
var codePrefixes = strings.NewReplacer(": online: ", ": ", ": session: ", ": ", ": signal: ", ": ", ": peer: ", ": ", ": room: ", ": ")

// say is Words for a message that arrived as text (a refusal or a reason
// from the host): no package prefix, a capital and a full stop.
func say(text string) string {
	// A package's own prefix ("session: ", "rules: ", "rednorth: "): a
	// lowercase word before a colon. A second one may follow.
	for range 2 {
		i := strings.Index(text, ": ")
		if i <= 0 || strings.IndexFunc(text[:i], func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
			break
		}
		text = text[i+2:]
	}
	return sentence(codePrefixes.Replace(text))
}

// sentence capitalises a message and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}
