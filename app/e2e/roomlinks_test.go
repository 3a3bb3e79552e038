package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestBadRoomLinksAreExplained: a room address that cannot work says why,
// in words, and offers the way back; nothing breaks.
func TestBadRoomLinksAreExplained(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	id, key := strings.Repeat("A", 22), strings.Repeat("A", 43)
	for _, c := range []struct {
		name, path, want string
	}{
		{"no room at all", "/room/", "names no room"},
		{"a fragment that is not a room", "/room/#hello", "names no room"},
		{"a cut-short link", "/room/#r=AAAA&k=" + key + "&t=1795000000", "damaged"},
		{"a link without its time", "/room/#r=" + id + "&k=" + key, "damaged"},
		{"a stale link", "/room/#r=" + id + "&k=" + key + "&t=1000", "more than 30 days old"},
		{"a hosted room this device does not have", "/room/?host=" + id, "hosts no such room"},
		{"a host key that is no key", "/room/?host=..%2F..", "names no room"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var text string
			if err := chromedp.Run(ctx,
				chromedp.Navigate("about:blank"),
				chromedp.Navigate(base+c.path),
				clientReady(),
				chromedp.Poll(`(document.querySelector('.page-room .error') || {}).textContent || ''`, &text,
					chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepLimit)),
			); err != nil {
				t.Fatalf("%s: %v", c.path, err)
			}
			if !strings.Contains(text, c.want) {
				t.Errorf("%s says %q, want it to say %q", c.path, text, c.want)
			}
		})
	}
	screenshot(t, ctx, "room-bad-link")
}

// TestCopyLinkPutsTheLinkOnTheClipboard: the host presses Copy link and the
// clipboard holds the room's link, as a friend will receive it. (Served on
// loopback, a secure origin, so the page may use the clipboard API.)
func TestCopyLinkPutsTheLinkOnTheClipboard(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	var link, label, copied string
	within(t, ctx, "opening a room", chromedp.Navigate(base+"/games/rednorth/"), clientReady(),
		chromedp.Click("#open-room", byQuery), chromedp.WaitVisible("#room-link", byQuery),
		chromedp.Poll(`(document.querySelector('#room-link') || {}).value || ''`, &link, chromedp.WithPollingInterval(50*time.Millisecond)))
	within(t, ctx, "allowing the clipboard", chromedp.ActionFunc(func(ctx context.Context) error {
		for _, d := range []*browser.PermissionDescriptor{{Name: "clipboard-read"}, {Name: "clipboard-write"}} {
			if err := browser.SetPermission(d, browser.PermissionSettingGranted).Do(ctx); err != nil {
				return err
			}
		}
		return nil
	}))
	within(t, ctx, "copying the link", chromedp.Click("#copy-link", byQuery),
		chromedp.Poll(`document.querySelector('#copy-link').textContent === 'Copied' ? 'Copied' : ''`, &label, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(`navigator.clipboard.readText()`, &copied, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
			return p.WithAwaitPromise(true).WithUserGesture(true)
		}))
	if copied != link || !strings.Contains(copied, "/room/#r=") {
		t.Fatalf("the clipboard holds %q, the room link is %q", copied, link)
	}
}
