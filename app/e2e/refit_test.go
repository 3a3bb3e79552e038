//go:build linux

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTheBoardFitsAgainWhenTheScreenChanges: after the screen changes size
// (a phone turned, a window made smaller or larger) each game's board is
// drawn as large as its area lets it be at once, not only once the page
// next changes, and the choice's controls are clickable where they are.
// Each game at its most players, in one browser: the table at 1280×800,
// then on a 390-px phone, then at 1280×800 again and on the phone again,
// each looked at as TestEveryTableInFullView looks at a decision. The
// board's fitting (fitTo in web/longhall.js) once grew a step at most in a
// look and then only shrank: a Northerners board stayed at 0.83 where 0.93
// fit, a fresh browser's first look being the only one that was right.
func TestTheBoardFitsAgainWhenTheScreenChanges(t *testing.T) {
	t.Parallel()
	base := serveApp(t, theApp)
	ctx := newBrowser(t)
	for _, id := range servedGames(t, base) {
		desktop, phone := tableSizes[0], tableSizes[1]
		within(t, ctx, "setting up "+id, chromedp.EmulateViewport(desktop.width, desktop.height),
			chromedp.Navigate(withPace(base+"/games/"+id+"/?seed="+fullViewSeeds[id], 0)), clientReady())
		var most string
		within(t, ctx, "the most players of "+id, chromedp.Evaluate(`[...document.querySelectorAll('#players option')].map(o => o.value).pop() || ''`, &most))
		if most != "" {
			within(t, ctx, "the most players of "+id, setField("#players", most, "change"))
		}
		within(t, ctx, "starting "+id, chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))
		for i, size := range []screenSize{desktop, phone, desktop, phone} {
			within(t, ctx, fmt.Sprintf("%s at %dx%d", id, size.width, size.height), chromedp.EmulateViewport(size.width, size.height), settle())
			v, err := checkControls(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(v.Problems) > 0 {
				name := fmt.Sprintf("refit-failure-%s-%d", id, i)
				screenView(t, ctx, name)
				t.Errorf("%s at %s players, at %dx%d (look %d): %s (screenshot %s)", id, most, size.width, size.height, i+1, strings.Join(v.Problems, "; "), name)
			}
		}
	}
}
