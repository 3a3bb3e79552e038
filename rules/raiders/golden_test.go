package raiders_test

import (
	"testing"

	"longhall/rules"
	_ "longhall/rules/raiders"
	"longhall/rules/rulestest"
)

// Whole games by the bots at every player count and option, byte for byte
// (rulestest.Golden): a rules change that would break a saved game, or
// change how one plays or reads, fails here; -update writes them again.
func TestGolden(t *testing.T) {
	g, err := rules.Lookup("raiders")
	if err != nil {
		t.Fatal(err)
	}
	rulestest.Golden(t, g, rulestest.AllConfigs(g))
}
