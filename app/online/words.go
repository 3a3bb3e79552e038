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

// Words turns an error from a room into the sentence a player reads.
// Refusals from the host are worded from their codes; expired and broken
// links, a browser without WebRTC and a save from older rules get a
// sentence of their own; any other error is said by its Reason (every
// package of the room has one on its errors: the words without its
// prefix), with a capital and a full stop.
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
		if se.Code == session.CodeKicked {
			return kickWords(se)
		}
		return refusalWords(se)
	}
	var r interface{ Reason() string }
	if errors.As(err, &r) {
		return sentence(r.Reason())
	}
	return sentence(err.Error())
}

// HostSilent is a guest's View.Problem when its link to the host dropped
// because the host fell silent (its heartbeat), most often a host's page
// frozen in the background on a phone, or the host's network gone.
const HostSilent = "The host stopped answering."

// kickWords says why the host sent this player away, for the banner: from
// the kick's code (Why) and particulars (Args).
func kickWords(e *session.Error) string {
	var a session.Args
	if e.Args != nil {
		a = *e.Args
	}
	cause := map[string]string{session.WhyFlood: "too many messages too fast", session.WhyStrikes: "too many bad messages"}[a.Why]
	switch e.Why {
	case session.KickHostSeat:
		return "This browser holds the host's own seat in this room, and that seat is played only on the host's device. To join as another player, open the link in a private window."
	case session.KickElsewhere:
		return "You play this seat from another tab or device now."
	case session.KickNoHello:
		return "The host heard nothing from this device in time."
	case session.KickHandedOver:
		if a.Reason != "" {
			return a.Reason // the line HandOverWords made on the host
		}
		return "Another player's device hosts the room now."
	case session.KickCutOff:
		switch {
		case cause != "" && a.Limit > 0:
			return fmt.Sprintf("You were cut off for %s; you may come back in %s.", cause, rules.Count(a.Limit, "second"))
		case a.Limit > 0:
			return fmt.Sprintf("You were cut off; you may come back in %s.", rules.Count(a.Limit, "second"))
		}
		return "You were cut off for a while."
	case session.KickRemoved:
		switch {
		case a.Why == session.WhySeatGiven:
			return fmt.Sprintf("The host gave your seat to %s.", a.Name)
		case cause != "":
			return fmt.Sprintf("The host's device removed you from this room: %s.", cause)
		case a.Reason != "":
			return "The host removed you from this room: “" + a.Reason + "”."
		}
	}
	return "The host removed you from this room."
}

// refusalWords is the one place a refusal from the host (session.Error,
// from an ErrorMsg or a Host method) is put in words: from its code and
// particulars. A host of an older build sends no particulars; its
// refusals read from the code alone.
func refusalWords(e *session.Error) string {
	var a session.Args
	if e.Args != nil {
		a = *e.Args
	}
	known := e.Args != nil
	seat := func(s rules.Seat) string {
		if !known {
			return "that seat"
		}
		return fmt.Sprintf("seat %d", s+1)
	}
	who := func(name string) string {
		if name == "" {
			return "that player"
		}
		return name
	}
	if a.Why == session.WhyUnreadable {
		return "The host sent a message this version of Longhall cannot read. Reload the page to update it."
	}
	switch e.Code {
	case session.CodeBadJSON:
		return "The host could not read a message from this device."
	case session.CodeTooBig:
		switch {
		case a.Why == session.WhyHandOver:
			return fmt.Sprintf("The table's save is %s: too big to hand over (at most %s).", kb(a.Size), kb(a.Limit))
		case a.Why == session.WhyStandby:
			return fmt.Sprintf("The table's save is %s: too big to copy to another device (at most %s).", kb(a.Size), kb(a.Limit))
		}
		return "That message is too big to send."
	case session.CodeBadKind:
		return "The host does not know a message this device sent. Reload the page to update Longhall."
	case session.CodeVersion:
		return "The host runs another version of Longhall."
	case session.CodeHelloFirst:
		return "The host does not know this device yet."
	case session.CodeAlreadyJoined:
		return "This device has already joined."
	case session.CodeFlood:
		return "Too many messages too fast; slow down."
	case session.CodeReplayed:
		return "The host already had that move."
	case session.CodeOutOfOrder:
		return "A move reached the host before the one sent ahead of it."
	case session.CodeWrongSeat:
		if a.Why == session.WhyWatching {
			return "You are watching, not playing."
		}
		if known {
			return fmt.Sprintf("You sit in seat %d, not seat %d.", a.Held+1, a.Seat+1)
		}
		return "That is not your seat."
	case session.CodeNotStarted:
		return "The game has not started yet."
	case session.CodePaused:
		return "The game is paused."
	case session.CodeIllegal, session.CodeNotYourTurn, session.CodeGameOver:
		if a.Reason != "" {
			return sentence(a.Reason) // the game's own words
		}
		return map[string]string{
			session.CodeIllegal:     "That move is not allowed now.",
			session.CodeNotYourTurn: "It is not your turn.",
			session.CodeGameOver:    "The game is over.",
		}[e.Code]
	case session.CodeStarted:
		return map[string]string{
			session.WhyOptions:    "The game has started; its options are fixed.",
			session.WhyHasPlayers: "The lobby already has players.",
			session.WhyBotLevel:   "A bot keeps its level for the whole game.",
			session.WhyBotLeaves:  "A bot cannot leave a game in progress.",
			"":                    "The game has started; the seats are fixed.",
		}[a.Why]
	case session.CodeNoSeat:
		switch a.Why {
		case session.WhyNoBot:
			return sentence(fmt.Sprintf("%s has no bot", seat(a.Seat)))
		case session.WhyNoLevel:
			return fmt.Sprintf("There is no bot level “%s”.", a.Level)
		case session.WhyNotConnected:
			return "That player is not connected."
		case session.WhyOnDevice:
			return "That player plays on this device."
		case session.WhyNoTaker:
			return "No device has taken the table."
		}
		if !known {
			return "There is no such seat."
		}
		return fmt.Sprintf("There is no seat %d.", a.Seat+1)
	case session.CodeSeatTaken:
		if a.Name != "" {
			return sentence(fmt.Sprintf("%s is taken by %s", seat(a.Seat), a.Name))
		}
		return "That seat is taken."
	case session.CodeNotSeated:
		switch a.Why {
		case session.WhyHandOver:
			return fmt.Sprintf("%s is watching; hand the table to a player.", who(a.Name))
		case session.WhyStandby:
			return fmt.Sprintf("%s is watching; only a player can be chosen to host.", who(a.Name))
		}
		return "Take a seat first."
	case session.CodeBadChat:
		return "An empty line is not sent."
	case session.CodeTooLong:
		if a.Limit > 0 {
			return fmt.Sprintf("A chat line is at most %d characters.", a.Limit)
		}
		return "That chat line is too long."
	case session.CodeChatRate:
		return "You are chatting too fast."
	case session.CodeFull:
		return "The room is full."
	case session.CodeInternal:
		return "The host could not send you the game."
	case session.CodeOutOfStep:
		return "This table was out of step with the host's; it asks the host for the whole table."
	case session.CodeHostSeat:
		return "That player plays on the host's own device."
	case session.CodeBadPrefs:
		return map[string]string{
			session.WhyAutoPass:  "The host does not know that choice of automatic passes.",
			session.WhyPassUntil: "The host does not know that kind of standing pass.",
			session.WhyWatching:  "Only a seated player passes.",
			session.WhyNoPrompt:  "There is nothing of yours to pass now.",
			"":                   "The host does not know that choice.",
		}[a.Why]
	case session.CodeNoUndo:
		return "There is nothing of yours to take back now: only your own last moves may be (with the bots' answers to them), until another player decides or something hidden is shown."
	case session.CodeTakenBack:
		return "A move was taken back just before yours arrived; look at the table again."
	case session.CodeMovedOn:
		if a.Why == session.WhyAnswered {
			return "Your move came after the table had answered for you (your time ran out, or an automatic answer); look at the table again."
		}
		return "The table moved on before your move arrived; look at it again."
	case session.CodeNoClaim:
		switch a.Why {
		case session.WhyNotStarted:
			return "The game has not started: take a free seat instead."
		case session.WhySeated:
			return sentence(fmt.Sprintf("you already play %s", seat(a.Held)))
		case session.WhyBot:
			return sentence(fmt.Sprintf("a bot plays %s now", seat(a.Seat)))
		case session.WhyEmpty:
			return sentence(fmt.Sprintf("%s is empty", seat(a.Seat)))
		case session.WhyPresent:
			return fmt.Sprintf("%s is at the table.", who(a.Name))
		case session.WhyLeft:
			return "That watcher has left the room."
		case session.WhyHostPlayer:
			return "The host's own player keeps their seat."
		}
		return "That seat cannot be asked for now."
	case session.CodeNotReady:
		if a.Why == session.WhyEmpty {
			return sentence(fmt.Sprintf("%s is empty; seat a player or a bot there", seat(a.Seat)))
		}
		return fmt.Sprintf("%s is not ready.", who(a.Name))
	case session.CodeNoMember:
		if a.Why == session.WhyHostPlayer {
			return "The host's own player cannot be removed."
		}
		return "That player is no longer in the room."
	case session.CodeNotOver:
		return "The game is not over yet."
	}
	return "The host refused that."
}

// kb is a size in kilobytes, for a player.
func kb(n int) string {
	return fmt.Sprintf("%d KB", (n+1023)/1024)
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
