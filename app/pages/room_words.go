package pages

import (
	"fmt"
	"strings"
	"time"

	"longhall/app/online"
	"longhall/rules"
)

// The room page's words, as pure functions of the room's View, so that
// table tests can read them.

// quietWords says how long a successor waits, the host's device quiet,
// before it hosts (online.Net.TakeOverAfter, which a site may set): "a
// minute", "2 minutes", "45 seconds".
func quietWords(d time.Duration) string {
	if d <= 0 {
		d = online.DefaultTakeOverAfter
	}
	switch {
	case d == time.Minute:
		return "a minute"
	case d%time.Minute == 0:
		return rules.Count(int(d/time.Minute), "minute")
	case d < time.Second:
		return "a second"
	}
	return rules.Count(int((d+time.Second/2)/time.Second), "second")
}

// bannerWords says how the link stands, and what the table waits for:
// the banner's class and text ("banner-none" and "" for nothing to say).
func bannerWords(v online.View, host bool) (class, text string) {
	switch {
	case v.Link == online.Removed && v.Problem != "":
		return "banner bad", v.Problem
	case v.Link == online.Removed:
		return "banner bad", "The host removed you from this room."
	case v.Link == online.Stopped:
		return "banner bad", "This room is closed on this device."
	case v.Stuck && !host:
		return "banner bad", fmt.Sprintf("No way to the host was found (%d tries). %s", v.Attempts, v.Problem)
	case v.Link == online.Reconnecting && !host:
		text = "The link to the host dropped; the game waits for the host. Reconnecting…"
		if v.HandedOver != "" {
			text = v.HandedOver + " Joining them…"
		} else if v.Problem == online.HostSilent && v.Attempts == 0 {
			// A phone freezes a page it sends to the background (the
			// host switched apps): that is the likeliest cause.
			text = "The host's device stopped answering: their phone may have put Longhall in the background. The game waits for the host and goes on when they are back. Reconnecting…"
		}
		if v.Waiting {
			text += " Your move goes to the host again when the link is back."
		}
		if v.Attempts > 0 {
			text += fmt.Sprintf(" (attempt %d: %s)", v.Attempts+1, v.Problem)
		}
		return "banner warn", text
	case v.Link == online.Connecting && !host:
		if v.Attempts > 0 {
			return "banner", fmt.Sprintf("Still looking for the host (attempt %d). %s", v.Attempts+1, v.Problem)
		}
		// What the first attempt has found out already (no direct path,
		// no WebRTC) is said at once, not after it gives up.
		return "banner", strings.TrimSpace("Finding the host… " + v.Problem)
	case v.Waiting && !host:
		return "banner warn", "Waiting for the host to take your move…"
	case v.Snap.Paused != nil:
		return "banner warn", strings.TrimSpace("The game is paused. " + v.Snap.Paused.Reason)
	case v.Link == online.Connecting:
		return "banner", "Opening the room…"
	case v.Snap.Lobby != nil && !v.Snap.Lobby.Started:
		return "banner ok", lobbyLine(v.Snap.Lobby, host)
	case v.Relayed && !host && v.Link == online.Connected:
		return "banner", "Playing through the relays: your network and the host's allow no direct link, so moves take a moment longer."
	}
	return "banner-none", ""
}

// lobbyLine says what the lobby waits for before the game can start.
func lobbyLine(l *online.Lobby, host bool) string {
	empty := 0
	var unready []string
	for _, s := range l.Seats {
		switch {
		case s.Kind == online.SeatEmpty:
			empty++
		case s.Kind == online.SeatHuman && !s.Ready && !s.Host:
			unready = append(unready, s.Name)
		}
	}
	var waiting []string
	switch {
	case empty == 1:
		waiting = append(waiting, "a player for the empty seat")
	case empty > 1:
		waiting = append(waiting, fmt.Sprintf("players for %d empty seats", empty))
	}
	if len(unready) > 0 {
		waiting = append(waiting, rules.And(unready)+" to press ready")
	}
	switch {
	case len(waiting) > 0 && host && empty > 0:
		return "Waiting for " + strings.Join(waiting, ", and for ") + ". Send the link, or add bots."
	case len(waiting) > 0:
		return "Waiting for " + strings.Join(waiting, ", and for ") + "."
	case host:
		return "Everyone is ready: start when you like."
	}
	return "Everyone is ready; the host starts the game."
}

// spectators says who watches; me says this player is one of them.
func spectators(n int, me bool) string {
	switch {
	case me && n == 1:
		return "You are watching."
	case me:
		return fmt.Sprintf("You and %d others are watching.", n-1)
	case n == 0:
		return "Nobody is watching."
	case n == 1:
		return "1 person is watching."
	}
	return fmt.Sprintf("%d people are watching.", n)
}

// seatWords names a seat's occupant and its state for the seat list.
func seatWords(s online.SeatStatus, me rules.Seat, started bool) (who, state string) {
	switch s.Kind {
	case online.SeatEmpty:
		who, state = "Empty seat", "open"
	case online.SeatBot:
		who, state = s.Name, "bot"
		if who == "" {
			who = "Bot"
		}
	default:
		who = s.Name
		switch {
		case !s.Connected:
			state = "away"
		case started:
			state = "connected"
		case s.Ready || s.Host:
			state = "ready"
		default:
			state = "not ready"
		}
	}
	if s.Host {
		who += " (host)"
	}
	if s.Seat == me {
		who += " · you"
	}
	return who, state
}
