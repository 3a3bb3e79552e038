package rednorth

import (
	"longhall/rules"
)

// ID is the game's registry id.
const ID = "rednorth"

type game struct{}

// maxSeats is the most players a game has.
const maxSeats = 4

func init() { rules.Register(game{}) }

// Info implements rules.Game.
func (game) Info() rules.Info {
	return rules.Info{
		ID:         ID,
		Name:       "Red North",
		MinPlayers: 2,
		MaxPlayers: maxSeats,
		Minutes:    [2]int{30, 45},
		Pitch:      "Bluff and muster Viking raiders over three rounds to seize the Northern Outposts before Ragnarok.",
		Summary: []string{
			"Three rounds, Spring, Summer and Ragnarok, in which each Outpost you control scores 1, 2 and then 3 VP. Most VP after Ragnarok wins; ties go to the Tie Breaker holder, then most Glory, most cards in hand, and the player closest in turn order to the First Player.",
			"Each round everyone secretly lays 3 cards face-down in a row. Raiders are worth 2 raid points in their colour, Heroes 4; a Jarl adds 1 to each neighbouring Raider or Hero. Then, starting with the First Player, take one action at a time: Withdraw a face-down card, Reinforce (turn one face-down card up and add a hand card face-up at an end), Inspire (a Glory token adds 1 to a face-up card), Promote a Jarl with the Champion token, or in Ragnarok invoke your God. Passing takes a Muster Group of new cards into your hand.",
			"When all have passed, every card is revealed. Most points in a colour takes its Outpost; a tie goes to the Tie Breaker holder or leaves the Outpost empty. Each colour you fought in and lost gives you a Glory token. Outposts bring powers: Vinland the Tie Breaker, Angleland the First Player token, Rus the Champion, Frankenland two cards, Sax a Raider from the discard pile.",
		},
		// The hard bot's budget: a quarter of the default is as strong
		// against the greedy bot (2 players 95%, 4 players 65% over 20
		// games each, as at 40,000) and thinks four times faster.
		SearchSteps: 10_000,
	}
}

// New implements rules.Game. cfg.Setup may fix the set-up (see Setup).
func (g game) New(cfg rules.Config, seed uint64) (rules.State, error) {
	info := g.Info()
	if err := rules.CheckPlayers(info, cfg.Players); err != nil {
		return nil, rules.Errorf(ID, rules.ErrBadConfig, "Red North is for 2 to 4 players, not %d", cfg.Players)
	}
	if err := rules.CheckOptions(info, cfg.Options); err != nil {
		return nil, err
	}
	su, err := parseSetup(cfg.Setup)
	if err != nil {
		return nil, err
	}
	if su.Names == nil && validNames(cfg.Names, cfg.Players) {
		su.Names = cfg.Names
	}
	return newState(cfg.Players, seed, su)
}
