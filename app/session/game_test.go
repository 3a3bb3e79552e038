package session

import (
	"longhall/rules"
	"longhall/rules/testgame"
)

// handGame is Hands (rules/testgame), the tiny game with hidden hands the
// suites play; its id is "hand-test".
type handGame = testgame.Game

type handState = testgame.State

func card(c int) string { return testgame.Card(c) }

// badBotGame is handGame with a bot that always answers nonsense, to show
// that a broken bot cannot stall a room.
type badBotGame struct{ handGame }

func (badBotGame) Info() rules.Info {
	i := handGame{}.Info()
	i.ID = "hand-badbot-test"
	return i
}

func (badBotGame) NewBot(uint64) rules.Bot { return badBot{} }

type badBot struct{}

func (badBot) Choose(rules.State, rules.Seat) (rules.Action, error) {
	return rules.Action{Kind: "cheat", Args: []int{99}}, nil
}

// gatedBotGame is handGame with a bot that thinks until gate is closed, to
// show that a slow bot does not hold up the host.
type gatedBotGame struct{ handGame }

var gate chan struct{}

func (gatedBotGame) Info() rules.Info {
	i := handGame{}.Info()
	i.ID = "hand-gated-test"
	return i
}

func (gatedBotGame) NewBot(seed uint64) rules.Bot {
	return gatedBot{rules.RandomBot{RNG: rules.NewRNG(seed)}}
}

type gatedBot struct{ rules.RandomBot }

func (b gatedBot) Choose(s rules.State, seat rules.Seat) (rules.Action, error) {
	<-gate
	return b.RandomBot.Choose(s, seat)
}

func init() {
	rules.Register(badBotGame{})
	rules.Register(gatedBotGame{})
}
