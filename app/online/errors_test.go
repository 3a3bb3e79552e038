package online

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"longhall/app/peer"
	"longhall/app/room"
	"longhall/app/session"
	"longhall/app/signal"
	"longhall/rules"
)

// prefixes are the packages' prefixes on error texts, which a player never
// reads.
var prefixes = []string{"online: ", "session: ", "room: ", "peer: ", "signal: ", "rules: ", "rednorth: "}

// inside says whether prefix p sits inside text, after a colon or in
// brackets, where a wrapped error's text would put it ("the room: " is
// no prefix).
func inside(text, p string) bool {
	return strings.Contains(text, ": "+p) || strings.Contains(text, "("+p)
}

// An error of any package of the room reads as a sentence from its reason,
// whether it comes as it is, inside another package's error, or inside an
// error of no package's: no prefix shows, at the start or mid-sentence,
// and no text is cut to get there. Words with a colon that are no prefix
// stay.
func TestWordsReadReasons(t *testing.T) {
	_, noGame := session.NewHost(context.Background(), "chess", rules.Config{Players: 2}, 1, session.Options{})
	_, badOffer := peer.Answer(context.Background(), peer.Config{}, "")
	noPath := &room.NoPathError{Direct: peer.ErrUnreachable, Relay: signal.ErrLinkLost}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"a game's refusal", rules.Errorf("rednorth", rules.ErrIllegal, "raid 3 is not allowed now"), "Raid 3 is not allowed now."},
		{"the rules' own", rules.Errorf("", rules.ErrBadConfig, "record has trailing data"), "Record has trailing data."},
		{"a session's", session.ErrWatching, "You are watching, not playing."},
		{"a session's with a game's inside", noGame, `No game called "chess".`},
		{"a link's end", peer.ErrLost, "The connection to the other player was lost."},
		{"a peer's with details", badOffer, "The connection offer is not valid: it is empty."},
		{"a room's with the relays' inside", noPath, "No direct path to the host opened, and the relays could not carry the game: the relayed link to the other player was lost."},
		{"a relay's", signal.ErrLinkLost, "The relayed link to the other player was lost."},
		{"this package's", ErrOffline, "Not connected to the room right now."},
		{"this package's with a session's inside", errorf("the room cannot be opened: %w", noGame), `The room cannot be opened: no game called "chess".`},
		{"this package's with a room's inside", errorf("joining: %w", noPath), "Joining: no direct path to the host opened, and the relays could not carry the game: the relayed link to the other player was lost."},
		{"this package's with a peer's as a detail", errorf("the code did not work (%v)", peer.ErrBadAnswer), "The code did not work (the connection answer is not valid)."},
		{"inside an error of no package's", fmt.Errorf("joining: %w", session.ErrWatching), "You are watching, not playing."},
		{"no package's", errors.New("seat 2: no such seat"), "Seat 2: no such seat."},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil {
				t.Fatal("no error")
			}
			got := Words(c.err)
			if got != c.want {
				t.Errorf("Words(%q) = %q, want %q", c.err, got, c.want)
			}
			text := c.err.Error()
			for _, p := range prefixes {
				if strings.HasPrefix(strings.ToLower(got), p) || inside(got, p) {
					t.Errorf("Words(%q) = %q keeps %q", c.err, got, p)
				}
				// The text, for logs, has its package's prefix first and
				// none inside.
				if inside(text, p) && !strings.HasPrefix(c.name, "inside") {
					t.Errorf("%q has %q mid-sentence", text, p)
				}
			}
		})
	}
	// What an error wraps is still found with errors.Is.
	for _, c := range []struct{ err, in error }{
		{errorf("the room cannot be opened: %w", noGame), rules.ErrBadConfig},
		{errorf("joining: %w", noPath), peer.ErrUnreachable},
		{badOffer, peer.ErrBadOffer},
	} {
		if !errors.Is(c.err, c.in) {
			t.Errorf("%q does not wrap %q", c.err, c.in)
		}
	}
}
