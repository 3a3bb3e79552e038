//go:build linux

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHotSeatPlaysToTheEnd (issue 40, one stream): two people and a bot
// play Red North on one device to its end, on a phone,
// handing the device over whenever the other person is to decide. The host
// sends the device the table of the person it shows only; each hand-over
// must then bring up that person's table, their move to make and every
// control in view (the full-view check), never the hand-over screen again
// for the same person. (The table comes through the host's loop a moment
// after the click: the hand-over screen stays until it has.)
func TestHotSeatPlaysToTheEnd(t *testing.T) {
	t.Parallel()
	base := serveApp(t, theApp)
	for _, size := range tableSizes[1:] { // the phone's: a desk's hand-overs are TestUndoInHotSeat's and the clock's
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx := newBrowser(t)
			within(t, ctx, "setting up two people and a bot", chromedp.EmulateViewport(size.width, size.height),
				chromedp.Navigate(withPace(base+"/games/rednorth/?seed=9", 0)), clientReady(),
				setField("#players", "3", "change"), chromedp.WaitVisible("#seat-2-kind", byQuery),
				setField("#seat-1-kind", "person", "change"), setField("#seat-2-kind", "bot", "change"),
				chromedp.Click("#start", byQuery))
			handOvers, decisions, last := 0, 0, ""
			for n, looks := 0, 0; ; looks++ {
				if looks > 5000 {
					t.Fatalf("no end after %d looks (%d hand-overs, %d decisions)", looks, handOvers, decisions)
				}
				var asked string
				within(t, ctx, "looking for a hand-over", chromedp.Evaluate(`(document.querySelector('#handover-ready') || {}).textContent || ''`, &asked))
				if asked != "" {
					if asked == last {
						t.Errorf("hand-over %d: the screen asks again for the person just handed the device (%q)", handOvers, asked)
					}
					if !clickableNow(ctx, "#handover-ready") {
						t.Errorf("hand-over %d: the button is covered or off the screen", handOvers+1)
					}
					if handOvers == 0 {
						screenView(t, ctx, "hotseat-end-handover-"+size.name)
					}
					within(t, ctx, "handing the device over", chromedp.Click("#handover-ready", byQuery))
					poll(t, ctx, "the table after the hand-over", fmt.Sprintf(`(document.querySelector('#handover-ready') || {}).textContent !== %s`, jsString(asked)))
					poll(t, ctx, "their move to make", myControls+` || !!document.querySelector('#after-game')`)
					handOvers++
					last = asked
					continue
				}
				last = ""
				c, err := checkControls(ctx)
				if err != nil {
					roomFailure(t, ctx, "checking the controls", err)
				}
				var handing bool
				within(t, ctx, "looking for a hand-over again", chromedp.Evaluate(`!!document.querySelector('#handover-ready')`, &handing))
				if handing {
					continue // the move before asked for the device as it was looked at
				}
				if len(c.Problems) > 0 {
					screenView(t, ctx, "hotseat-end-failure-"+size.name)
					t.Fatalf("decision %d: %s", decisions+1, strings.Join(c.Problems, "; "))
				}
				res, _, err := look(ctx, n)
				switch {
				case err != nil:
					roomFailure(t, ctx, "playing", err)
				case res == "over":
					screenView(t, ctx, "hotseat-end-over-"+size.name)
					t.Logf("%s: the game ended after %d decisions and %d hand-overs", size.name, decisions, handOvers)
					if handOvers < 3 {
						t.Errorf("two people played a whole game on one device with %d hand-overs", handOvers)
					}
					return
				case res == "pick" || strings.HasPrefix(res, "act "):
					n++
					decisions++
				}
			}
		})
	}
}
