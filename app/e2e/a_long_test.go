//go:build linux

package e2e

import "testing"

// The longest browser tests, first of all. go test starts the parallel
// tests in the order of their files and of their source, and a parallel
// subtest only after every top-level test already waiting: the WebKit
// comparisons of Raiders and Vikings, 2 to 4 minutes each, were subtests of
// the last file's test, and the whole run waited for them at its end. This
// file's name puts them first; the shorter tests fill in beside them.
// (TestWebKitTablesMatchChromium and TestEveryTableInFullView say what
// they check.)

func TestWebKitMatchesChromiumInRaidersOnAPhone(t *testing.T) {
	t.Parallel()
	webKitMatchesChromium(t, "raiders", tableSizes[1])
}

func TestWebKitMatchesChromiumInRaidersAtADesk(t *testing.T) {
	t.Parallel()
	webKitMatchesChromium(t, "raiders", tableSizes[0])
}

func TestWebKitMatchesChromiumInVikingsOnAPhone(t *testing.T) {
	t.Parallel()
	webKitMatchesChromium(t, "vikings", tableSizes[1])
}

func TestWebKitMatchesChromiumInVikingsAtADesk(t *testing.T) {
	t.Parallel()
	webKitMatchesChromium(t, "vikings", tableSizes[0])
}

func TestRaidersInFullViewOnAPhone(t *testing.T) {
	t.Parallel()
	fullViewGame(t, serveApp(t, theTestBuild), "raiders", tableSizes[1])
}

func TestRaidersInFullViewAtADesk(t *testing.T) {
	t.Parallel()
	fullViewGame(t, serveApp(t, theTestBuild), "raiders", tableSizes[0])
}
