//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// handsHand reads the cards in the viewer's hand (Hands, the test game).
const handsHand = `[...document.querySelectorAll('#table button[data-action=choose]')].map(b => b.textContent).join(' ')`

// logAsides reads the log's lines between actions (who took back what).
const logAsides = `[...document.querySelectorAll('#gamelog li.aside')].map(l => l.textContent).join(' | ')`

// poll waits until the expression is true.
func poll(t *testing.T, ctx context.Context, step, expr string) {
	t.Helper()
	within(t, ctx, step, chromedp.Poll(expr, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)))
}

// TestUndoInHotSeat: two people share a device (Hands, the test game). The
// first plays a card; before the device goes on, the hand-over screen
// lets her take it back, and her table is as it was, the log saying so.
// Once the second player's card has turned the round up and dealt new
// cards (a draw), nothing is offered to take back.
func TestUndoInHotSeat(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theTestBuild)
	within(t, ctx, "setting up a two-person game",
		chromedp.Navigate(base+"/games/hand-test/?pace=0"), clientReady(),
		chromedp.SetValue("#seat-1-kind", "person", byQuery),
		chromedp.Evaluate(`document.querySelector('#seat-1-kind').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.Click("#start", byQuery),
		chromedp.WaitVisible("#handover-ready", byQuery),
		chromedp.Click("#handover-ready", byQuery))
	var before, after string
	within(t, ctx, "reading the first hand", chromedp.WaitVisible("#table .hands-seats", byQuery), chromedp.Evaluate(handsHand, &before))
	within(t, ctx, "playing a card", chromedp.Click("#table button[data-action=choose]", byQuery),
		chromedp.WaitVisible("#handover-ready", byQuery), chromedp.WaitVisible("#undo", byQuery))
	if !clickableNow(ctx, "#undo") {
		t.Error("the take-back button on the hand-over screen is covered")
	}
	screenView(t, ctx, "undo-hotseat-handover")
	within(t, ctx, "taking the card back", chromedp.Click("#undo", byQuery), chromedp.WaitVisible("#table .hands-seats", byQuery))
	poll(t, ctx, "the card back in the hand", handsHand+` === `+jsString(before))
	var aside string
	within(t, ctx, "reading the log", chromedp.Evaluate(handsHand, &after), chromedp.Evaluate(logAsides, &aside))
	if !strings.Contains(aside, "took back: play card") {
		t.Errorf("the log reads %q; want it to say the card was taken back", aside)
	}
	screenView(t, ctx, "undo-hotseat-taken-back")

	// Play it again, then the second player ends the round.
	within(t, ctx, "playing the card again", chromedp.Click("#table button[data-action=choose]", byQuery),
		chromedp.WaitVisible("#handover-ready", byQuery), chromedp.Click("#handover-ready", byQuery),
		chromedp.WaitVisible("#table button[data-action=choose]", byQuery))
	within(t, ctx, "the second card", chromedp.Click("#table button[data-action=choose]", byQuery))
	poll(t, ctx, "the round turned up", `document.querySelector('#table') && Number(document.querySelector('#table').dataset.version) === 2`)
	var offered bool
	within(t, ctx, "looking for a take-back", chromedp.Evaluate(`!!document.querySelector('#undo')`, &offered))
	if offered {
		t.Error("the card that turned the round up and dealt new cards may be taken back")
	}
}

// TestUndoInARoom: in a room, the guest takes back a card before the host
// has played: both tables agree again, the host sees the guest choosing
// and both logs say the guest took a move back; the host's log does not
// name the card.
func TestUndoInARoom(t *testing.T) {
	t.Parallel()
	bin, root := theTestBuild(t)
	site := newRoomSiteOf(t, bin, root, true)
	host := site.player(t, "Gordon")
	rikki := site.player(t, "Rikki")
	link := site.openRoomOf(t, host, "hand-test", 2)
	startWith(t, host, rikki, link, "#table .hands-seats")
	var before string
	within(t, rikki, "Rikki's hand", chromedp.WaitVisible("#table button[data-action=choose]", byQuery), chromedp.Evaluate(handsHand, &before))
	within(t, rikki, "Rikki plays a card", chromedp.Click("#table button[data-action=choose]", byQuery), chromedp.WaitVisible("#undo", byQuery))
	poll(t, host, "the host sees Rikki has chosen", `document.querySelector('#table .hands-seats').textContent.includes('has chosen')`)
	if !clickableNow(rikki, "#undo") {
		t.Error("the Undo button is covered")
	}
	screenView(t, rikki, "undo-room-offered")
	within(t, rikki, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle())
	if !clickableNow(rikki, "#undo") {
		t.Error("on a phone the Undo button is off the screen or covered")
	}
	screenView(t, rikki, "undo-room-offered-phone")
	within(t, rikki, "a desktop", chromedp.EmulateViewport(1280, 800), settle())
	within(t, rikki, "Rikki takes it back", chromedp.Click("#undo", byQuery))
	poll(t, rikki, "Rikki's card back in his hand", handsHand+` === `+jsString(before))
	poll(t, host, "the host sees Rikki choosing again", `document.querySelector('#table .hands-seats').textContent.includes('choosing')`)
	var hostAside, rikkiAside string
	poll(t, host, "the host's log", logAsides+`.includes('Rikki took back a move')`)
	within(t, host, "the host's log", chromedp.Evaluate(logAsides, &hostAside))
	within(t, rikki, "Rikki's log", chromedp.Evaluate(logAsides, &rikkiAside))
	if strings.Contains(hostAside, "card") {
		t.Errorf("the host's log names Rikki's card: %q", hostAside)
	}
	if !strings.Contains(rikkiAside, "Rikki took back: play card") {
		t.Errorf("Rikki's log reads %q", rikkiAside)
	}
	var hv, rv string
	within(t, host, "the host's version", chromedp.Evaluate(`document.querySelector('#table').dataset.version`, &hv))
	within(t, rikki, "Rikki's version", chromedp.Evaluate(`document.querySelector('#table').dataset.version`, &rv))
	if hv != "0" || rv != "0" {
		t.Errorf("after the undo the tables are at versions %s and %s, want 0", hv, rv)
	}
	screenView(t, host, "undo-room-host")
}

// jsString quotes s for a script.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestUndoAgainstABot (issue 39): on one device against a bot that takes
// a second or two to answer, the person plays until one of their moves
// that may be taken back has been answered by the bot, the Undo still
// offered; Undo then brings the table back to the person's decision, the
// bot's answer gone with the move and the log saying so. Red North,
// Raiders and Vikings, played by the generic driver.
func TestUndoAgainstABot(t *testing.T) {
	t.Parallel()
	base := serveApp(t, theApp)
	for _, id := range []string{"rednorth", "raiders", "vikings"} {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			ctx := newBrowser(t)
			// A slow pace, handed on to the table: the bot answers 1 to 2
			// s after its prompt, time enough to see its answer and click
			// Undo before another comes, on a busy machine too.
			within(t, ctx, "setting up "+id+" against a bot", chromedp.Navigate(withPace(base+"/games/"+id+"/?seed="+undoSeeds[id], 1000)), clientReady(),
				setField("#players", "2", "change"), chromedp.WaitVisible("#seat-1-kind", byQuery),
				setField("#seat-1-kind", "bot", "change"),
				chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
			for n, looks := 0, 0; ; looks++ {
				if looks > 3000 {
					t.Fatal("no move of the person was answered by the bot with the Undo still offered")
				}
				res, before, err := look(ctx, n)
				switch {
				case err != nil:
					roomFailure(t, ctx, "playing "+id, err)
				case res == "over":
					t.Fatal("the game ended before a move could be taken back after the bot's answer")
				case res == "pick":
					n++
					continue
				case !strings.HasPrefix(res, "act "):
					continue
				}
				n++
				// The move is made: wait for the bot's answer, the Undo to
				// go, or the person's next decision of the same move.
				answered := fmt.Sprintf(`Number(%s) >= %d`, roomVersion, before+2)
				poll(t, ctx, "the bot's answer", fmt.Sprintf(`%s || !document.querySelector('#undo') || (Number(%s) === %d && %s)`,
					answered, roomVersion, before+1, myControls))
				screenView(t, ctx, "undo-bot-"+id+"-answered")
				// From here on the page notes each version it shows with
				// the person's controls: where the bot decides beside the
				// person (Red North's deploy), it may answer again soon
				// after the undo, and a poll would miss the moment.
				var still bool
				within(t, ctx, "looking at Undo", chromedp.Evaluate(fmt.Sprintf(`%s && !!document.querySelector('#undo') && (window.lhShown = new Set(), new MutationObserver(() => { if (%s) window.lhShown.add(Number(%s)) }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}), true)`,
					answered, myControls, roomVersion), &still))
				if !still {
					continue
				}
				t.Logf("%s: the person's move at version %d answered by the bot; Undo", id, before)
				within(t, ctx, "taking the move back", chromedp.Click("#undo", byQuery))
				poll(t, ctx, "the table back at the person's decision", fmt.Sprintf(`window.lhShown.has(%d)`, before))
				var aside string
				poll(t, ctx, "the log's line", logAsides+`.includes('went too')`)
				within(t, ctx, "reading the log", chromedp.Evaluate(logAsides, &aside))
				if !strings.Contains(aside, "took back") || !strings.Contains(aside, "(bot) went too") {
					t.Errorf("the log reads %q; want it to say the move and the bot's answer were taken back", aside)
				}
				screenView(t, ctx, "undo-bot-"+id+"-taken-back")
				return
			}
		})
	}
}

// undoSeeds deal the games TestUndoAgainstABot plays: deals where a move of
// the person's that may be taken back is answered by the bot early (Red
// North at version 16, Raiders 15, Vikings 0), each bot answer taking a
// second or two.
var undoSeeds = map[string]string{"rednorth": "3", "raiders": "1", "vikings": "3"}

// myControls says the table offers the viewer something to do.
const myControls = `[...document.querySelectorAll('#table [data-action]:not([disabled]), #table [data-pick]:not([data-pick="none"])')].some(el => el.offsetParent !== null)`
