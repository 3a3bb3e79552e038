package pages

import (
	"testing"
	"time"

	"longhall/app/online"
	"longhall/app/session"
	"longhall/rules"
)

func lobbyOf(seats ...online.SeatStatus) *online.Lobby {
	for i := range seats {
		seats[i].Seat = rules.Seat(i)
	}
	return &online.Lobby{Game: "rednorth", Seats: seats}
}

var (
	hostSeat = online.SeatStatus{Kind: online.SeatHuman, Name: "Gordon", Host: true, Connected: true}
	empty    = online.SeatStatus{Kind: online.SeatEmpty}
	rikki    = online.SeatStatus{Kind: online.SeatHuman, Name: "Rikki", Connected: true}
	hakka    = online.SeatStatus{Kind: online.SeatHuman, Name: "Hakka", Connected: true}
	ragna    = online.SeatStatus{Kind: online.SeatBot, Name: "Ragna (bot)"}
)

func TestLobbyLine(t *testing.T) {
	ready := func(s online.SeatStatus) online.SeatStatus { s.Ready = true; return s }
	for _, tc := range []struct {
		name  string
		lobby *online.Lobby
		host  bool
		want  string
	}{
		{"one empty seat, for the host", lobbyOf(hostSeat, empty), true, "Waiting for a player for the empty seat. Send the link, or add bots."},
		{"two empty seats, for a guest", lobbyOf(hostSeat, empty, empty), false, "Waiting for players for 2 empty seats."},
		{"seats and readiness", lobbyOf(hostSeat, rikki, hakka, empty), false, "Waiting for a player for the empty seat, and for Rikki and Hakka to press ready."},
		{"all ready, the host", lobbyOf(hostSeat, ready(rikki), ragna), true, "Everyone is ready: start when you like."},
		{"all ready, a guest", lobbyOf(hostSeat, ready(rikki)), false, "Everyone is ready; the host starts the game."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lobbyLine(tc.lobby, tc.host); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestBannerWords(t *testing.T) {
	lobby := lobbyOf(hostSeat, rikki)
	for _, tc := range []struct {
		name      string
		v         online.View
		host      bool
		wantClass string
		want      string
	}{
		{"a guest finding the host", online.View{Link: online.Connecting}, false, "banner", "Finding the host…"},
		{"a guest's first attempt, with what it found already", online.View{Link: online.Connecting, Problem: online.NoWebRTCWords}, false, "banner", "Finding the host… " + online.NoWebRTCWords},
		{"a guest still looking", online.View{Link: online.Connecting, Attempts: 2, Problem: "The host did not answer."}, false, "banner", "Still looking for the host (attempt 3). The host did not answer."},
		{"the host opening", online.View{Link: online.Connecting}, true, "banner", "Opening the room…"},
		{"the link dropped", online.View{Link: online.Reconnecting}, false, "banner warn", "The link to the host dropped; the game waits for the host. Reconnecting…"},
		{"the table handed to another player", online.View{Link: online.Reconnecting, HandedOver: "Rikki hosts from now on: Rikki’s device keeps the game’s hidden cards now, as Gordon’s did."}, false, "banner warn",
			"Rikki hosts from now on: Rikki’s device keeps the game’s hidden cards now, as Gordon’s did. Joining them…"},
		{"the host fell silent", online.View{Link: online.Reconnecting, Problem: online.HostSilent}, false, "banner warn",
			"The host's device stopped answering: their phone may have put Longhall in the background. The game waits for the host and goes on when they are back. Reconnecting…"},
		{"the link dropped with a move out", online.View{Link: online.Reconnecting, Waiting: true, Attempts: 1, Problem: "The host did not answer."}, false, "banner warn",
			"The link to the host dropped; the game waits for the host. Reconnecting… Your move goes to the host again when the link is back. (attempt 2: The host did not answer.)"},
		{"a move unanswered", online.View{Link: online.Connected, Waiting: true, Snap: session.Snapshot{Lobby: &online.Lobby{Started: true}}}, false, "banner warn", "Waiting for the host to take your move…"},
		{"removed, with the host's reason", online.View{Link: online.Removed, Problem: "The host removed you from the room: too rude."}, false, "banner bad", "The host removed you from the room: too rude."},
		{"no path at all: stopped trying", online.View{Link: online.Connecting, Stuck: true, Attempts: 3, Problem: "Your network and the host's block a direct link."}, false, "banner bad",
			"No way to the host was found (3 tries). Your network and the host's block a direct link."},
		{"removed, no reason heard", online.View{Link: online.Removed}, false, "banner bad", "The host removed you from this room."},
		{"cut off for flooding", online.View{Link: online.Removed, Problem: "Too many messages too fast; you may come back in 30 seconds."}, false, "banner bad",
			"Too many messages too fast; you may come back in 30 seconds."},
		{"paused", online.View{Link: online.Connected, Snap: session.Snapshot{Paused: &session.Paused{Reason: "Back in five."}}}, false, "banner warn", "The game is paused. Back in five."},
		{"the lobby", online.View{Link: online.Connected, Snap: session.Snapshot{Lobby: lobby}}, false, "banner ok", "Waiting for Rikki to press ready."},
		{"mid-game: nothing to say", online.View{Link: online.Connected, Snap: session.Snapshot{Lobby: &online.Lobby{Started: true}}}, false, "banner-none", ""},
		{"mid-game through the relays", online.View{Link: online.Connected, Relayed: true, Snap: session.Snapshot{Lobby: &online.Lobby{Started: true}}}, false, "banner",
			"Playing through the relays: your network and the host's allow no direct link, so moves take a moment longer."},
		{"the host of a relayed guest: nothing in the banner", online.View{Link: online.Connected, Relayed: true, Snap: session.Snapshot{Lobby: &online.Lobby{Started: true}}}, true, "banner-none", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			class, text := bannerWords(tc.v, tc.host)
			if class != tc.wantClass || text != tc.want {
				t.Errorf("got %q %q, want %q %q", class, text, tc.wantClass, tc.want)
			}
		})
	}
}

func TestSeatAndSpectatorWords(t *testing.T) {
	for _, tc := range []struct {
		s          online.SeatStatus
		me         rules.Seat
		started    bool
		who, state string
	}{
		{hostSeat, 0, false, "Gordon (host) · you", "ready"},
		{rikki, rules.Spectator, false, "Rikki", "not ready"},
		{rikki, rules.Spectator, true, "Rikki", "connected"},
		{online.SeatStatus{Kind: online.SeatHuman, Name: "Hakka"}, 1, true, "Hakka", "away"},
		{empty, rules.Spectator, false, "Empty seat", "open"},
		{online.SeatStatus{Kind: online.SeatBot}, rules.Spectator, true, "Bot", "bot"},
	} {
		if who, state := seatWords(tc.s, tc.me, tc.started); who != tc.who || state != tc.state {
			t.Errorf("%+v: %q %q, want %q %q", tc.s, who, state, tc.who, tc.state)
		}
	}
	for n, want := range map[[2]int]string{{0, 0}: "Nobody is watching.", {1, 0}: "1 person is watching.", {3, 0}: "3 people are watching.", {1, 1}: "You are watching.", {3, 1}: "You and 2 others are watching."} {
		if got := spectators(n[0], n[1] == 1); got != want {
			t.Errorf("spectators(%d, %v) = %q, want %q", n[0], n[1] == 1, got, want)
		}
	}
}

func TestWordsForErrors(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&session.Error{Code: session.CodeIllegal, Args: &session.Args{Game: "rednorth", Reason: "not now"}, Text: "session: move refused: rednorth: not now"}, "Not now."},
		{&session.Error{Code: session.CodeIllegal, Text: "session: move refused: rednorth: not now"}, "That move is not allowed now."},
		{online.ErrOffline, "Not connected to the room right now."},
		{online.ErrStaleLink, "This room link is more than 30 days old. Ask the host for a fresh one."},
		{nil, ""},
	} {
		if got := online.Words(tc.err); got != tc.want {
			t.Errorf("Words(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// The successor's words say the wait a site set (online's
// EnvTakeOverAfter), not always a minute.
func TestQuietWords(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "a minute"},
		{time.Minute, "a minute"},
		{2 * time.Minute, "2 minutes"},
		{6 * time.Second, "6 seconds"},
		{90 * time.Second, "90 seconds"},
		{1500 * time.Millisecond, "2 seconds"},
		{time.Millisecond, "a second"},
	} {
		if got := quietWords(c.d); got != c.want {
			t.Errorf("quietWords(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
