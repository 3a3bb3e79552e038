package rules

// Bot chooses an action for a pending seat, through Legal like a person. It
// may explore clones of the state but must not change s.
type Bot interface {
	Choose(s State, seat Seat) (Action, error)
}

// The levels of a seat's bot (SeatInfo.Level): Easy is the game's own bot
// (NewBot), Hard the search that plays it out (package rules/mcts).
const (
	Easy = ""
	Hard = "hard"
)

// BotGame is implemented by games that ship a bot of their own.
type BotGame interface {
	// NewBot returns a bot whose own choices (not the game's) draw on seed.
	NewBot(seed uint64) Bot
}

// RandomBot picks uniformly among the legal actions: the baseline other bots
// are measured against, and the driver of property tests.
type RandomBot struct{ RNG *RNG }

// Choose implements Bot.
func (b RandomBot) Choose(s State, seat Seat) (Action, error) {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return Action{}, ErrNotPending
	}
	return legal[b.RNG.Intn(len(legal))], nil
}

// NewBot returns the game's own bot when it has one, otherwise a RandomBot.
func NewBot(g Game, seed uint64) Bot {
	if bg, ok := g.(BotGame); ok {
		return bg.NewBot(seed)
	}
	return RandomBot{RNG: NewRNG(seed)}
}
