package northerners

import (
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

// The bar: the bot beats a random player in at least 85% of
// 2-player games.
func TestBotBeatsRandom(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 20
	}
	wins := 0
	for seed := range uint64(games) {
		st, err := game{}.New(rules.Config{Players: 2}, seed)
		if err != nil {
			t.Fatal(err)
		}
		me := rules.Seat(seed % 2)
		rulestest.PlayBots(t, st, map[rules.Seat]rules.Bot{me: game{}.NewBot(seed)}, rules.NewRNG(seed), 5000)
		res := st.Result()
		if len(res.Winners) == 1 && res.Winners[0] == me {
			wins++
		}
	}
	t.Logf("the bot won %d of %d", wins, games)
	if wins*100 < 85*games {
		t.Errorf("the bot won %d of %d games against random play, want 85%%", wins, games)
	}
}
