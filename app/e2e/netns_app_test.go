//go:build linux

package e2e

import "testing"

// TestTheAppRunsInsideANamespace: the built app, served and opened entirely
// inside a private network namespace, as the room tests will run it.
func TestTheAppRunsInsideANamespace(t *testing.T) {
	t.Parallel()
	bin, root := theApp(t)
	ns := newNetns(t)
	srv := ns.StartApp(t, bin, root)
	expectHomeListsRedNorth(t, ns.Browser(t), srv.URL)
}
