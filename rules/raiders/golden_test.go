package raiders_test

import (
	"slices"
	"testing"

	"longhall/rules"
	"longhall/rules/raiders"
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
	rulestest.Golden(t, g, goldenConfigs(g))
}

// goldenConfigs is every option one at a time (rulestest.AllConfigs) and
// the combinations that play differently: the keep-3-of-5 start under
// each module, and both modules together with either start. The hand
// option alone is dropped, as without a module it is the base game.
func goldenConfigs(g rules.Game) []rules.Config {
	configs := slices.DeleteFunc(rulestest.AllConfigs(g), func(c rules.Config) bool {
		_, hand := c.Options[raiders.HandOption.Key]
		return hand && len(c.Options) == 1
	})
	on := raiders.On
	heroes, fame, hand := raiders.HeroesOption.Key, raiders.FameOption.Key, raiders.HandOption.Key
	for _, opts := range []map[string]string{
		{heroes: on, hand: raiders.HandKeep},
		{fame: on, hand: raiders.HandKeep},
		{heroes: on, fame: on},
		{heroes: on, fame: on, hand: raiders.HandKeep},
	} {
		for _, n := range []int{2, 4} {
			configs = append(configs, rules.Config{Players: n, Options: opts})
		}
	}
	return configs
}
