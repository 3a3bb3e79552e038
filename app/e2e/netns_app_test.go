//go:build linux

package e2e

import (
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTheAppRunsInsideANamespace: the built app, served and opened entirely
// inside a private network namespace, as the room tests will run it.
func TestTheAppRunsInsideANamespace(t *testing.T) {
	bin, root := theApp(t)
	ns := newNetns(t)
	srv := ns.StartApp(t, bin, root)
	ctx := ns.Browser(t)
	var names []string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/"),
		clientReady(),
		texts(".games .game h3", &names),
	); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(names, "Red North") {
		t.Fatalf("inside the namespace the home page lists %q", names)
	}
}
