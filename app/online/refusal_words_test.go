package online

import (
	"strings"
	"testing"

	"longhall/app/session"
	"longhall/rules"
)

// Each refusal is worded here, once, from its code and particulars: the
// host's English text is never what the player reads.
func TestEachRefusalIsWordedFromItsCode(t *testing.T) {
	for _, c := range []struct {
		name string
		code string
		args *session.Args
		want string
	}{
		{"a game's reason", session.CodeIllegal, &session.Args{Game: "rednorth", Reason: "deploy a card from your hand during Deployment"}, "Deploy a card from your hand during Deployment."},
		{"the rules' own reason", session.CodeIllegal, &session.Args{Reason: "raid 3 is not allowed now"}, "Raid 3 is not allowed now."},
		{"illegal, no reason", session.CodeIllegal, &session.Args{}, "That move is not allowed now."},
		{"not your turn", session.CodeNotYourTurn, &session.Args{}, "It is not your turn."},
		{"seat taken", session.CodeSeatTaken, &session.Args{Seat: 1, Name: "Bob"}, "Seat 2 is taken by Bob."},
		{"no seat", session.CodeNoSeat, &session.Args{Seat: 4}, "There is no seat 5."},
		{"no bot level", session.CodeNoSeat, &session.Args{Why: session.WhyNoLevel, Level: "godlike"}, "There is no bot level “godlike”."},
		{"wrong seat", session.CodeWrongSeat, &session.Args{Seat: 0, Held: 1}, "You sit in seat 2, not seat 1."},
		{"watching", session.CodeWrongSeat, &session.Args{Why: session.WhyWatching, Held: rules.Spectator}, "You are watching, not playing."},
		{"long chat", session.CodeTooLong, &session.Args{Limit: 200}, "A chat line is at most 200 characters."},
		{"claim: present", session.CodeNoClaim, &session.Args{Why: session.WhyPresent, Seat: 2, Name: "Astrid"}, "Astrid is at the table."},
		{"claim: seated", session.CodeNoClaim, &session.Args{Why: session.WhySeated, Seat: 0, Held: 2}, "You already play seat 3."},
		{"claim: a bot", session.CodeNoClaim, &session.Args{Why: session.WhyBot, Seat: 1}, "A bot plays seat 2 now."},
		{"not ready", session.CodeNotReady, &session.Args{Seat: 1, Name: "Rob"}, "Rob is not ready."},
		{"empty seat at the start", session.CodeNotReady, &session.Args{Why: session.WhyEmpty, Seat: 2}, "Seat 3 is empty; seat a player or a bot there."},
		{"hand-over too big", session.CodeTooBig, &session.Args{Why: session.WhyHandOver, Size: 5 << 20, Limit: 4608 << 10}, "The table's save is 5120 KB: too big to hand over (at most 4608 KB)."},
		{"pass with nothing to pass", session.CodeBadPrefs, &session.Args{Why: session.WhyNoPrompt}, "There is nothing of yours to pass now."},
		{"an older host: the code alone", session.CodeSeatTaken, nil, "That seat is taken."},
		{"an older host, a seat", session.CodeNoSeat, nil, "There is no such seat."},
		{"a code from a newer host", "teleported", &session.Args{}, "The host refused that."},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := &session.Error{Code: c.code, Args: c.args, Text: "session: the host's English, not shown"}
			if got := Words(e); got != c.want {
				t.Errorf("Words(%s %+v) = %q, want %q", c.code, c.args, got, c.want)
			}
		})
	}
}

// Every code a host or a guest can refuse with has words of its own.
func TestEveryRefusalCodeHasWords(t *testing.T) {
	codes := []string{
		session.CodeBadJSON, session.CodeTooBig, session.CodeBadKind, session.CodeVersion, session.CodeHelloFirst,
		session.CodeAlreadyJoined, session.CodeFlood, session.CodeReplayed, session.CodeOutOfOrder, session.CodeWrongSeat,
		session.CodeNotStarted, session.CodePaused, session.CodeIllegal, session.CodeNotYourTurn, session.CodeGameOver,
		session.CodeStarted, session.CodeNoSeat, session.CodeSeatTaken, session.CodeNotSeated, session.CodeBadChat,
		session.CodeTooLong, session.CodeChatRate, session.CodeFull, session.CodeInternal, session.CodeOutOfStep,
		session.CodeHostSeat, session.CodeBadPrefs, session.CodeNoUndo, session.CodeTakenBack, session.CodeNoClaim,
		session.CodeMovedOn, session.CodeNotReady, session.CodeNoMember, session.CodeNotOver,
	}
	generic := Words(&session.Error{Code: "no such code", Args: &session.Args{}})
	seen := map[string]string{}
	for _, code := range codes {
		for _, args := range []*session.Args{{}, nil} {
			got := Words(&session.Error{Code: code, Args: args, Text: "session: English"})
			if got == generic || got == "" || strings.Contains(got, "session") || !strings.HasSuffix(got, ".") {
				t.Errorf("%s (args %v): %q", code, args, got)
			}
			if other, ok := seen[got]; ok && other != code {
				t.Errorf("%s and %s read alike: %q", code, other, got)
			}
			seen[got] = code
		}
	}
}

// A kick reads from its code and particulars too.
func TestEachKickIsWordedFromItsCode(t *testing.T) {
	for _, c := range []struct {
		name string
		why  string
		args *session.Args
		want string
	}{
		{"cut off", session.KickCutOff, &session.Args{Why: session.WhyFlood, Limit: 30}, "You were cut off for too many messages too fast; you may come back in 30 seconds."},
		{"seat given", session.KickRemoved, &session.Args{Why: session.WhySeatGiven, Name: "Astrid"}, "The host gave your seat to Astrid."},
		{"the host's words", session.KickRemoved, &session.Args{Reason: "rude"}, "The host removed you from this room: “rude”."},
		{"removed by the limits", session.KickRemoved, &session.Args{Why: session.WhyStrikes}, "The host's device removed you from this room: too many bad messages."},
		{"handed over", session.KickHandedOver, &session.Args{Reason: "Bob hosts from now on."}, "Bob hosts from now on."},
		{"an older host", session.KickRemoved, nil, "The host removed you from this room."},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := &session.Error{Code: session.CodeKicked, Why: c.why, Args: c.args, Text: "session: English"}
			if got := Words(e); got != c.want {
				t.Errorf("Words(kicked %s %+v) = %q, want %q", c.why, c.args, got, c.want)
			}
		})
	}
}
