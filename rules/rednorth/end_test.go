package rednorth

import (
	"strings"
	"testing"

	"longhall/rules"
)

// Game End: "The player with the highest total is declared the winner. In
// the event of a tie, if one of the tied players holds the Tie Breaker token,
// they win ... 1 - most unused Glory ... 2 - most cards remaining in hand ...
// 3 - the tied player closest in turn order to the current First Player."
func TestFinalTieBreaks(t *testing.T) {
	end := func(first int, tb *int, seats ...seatSpec) table {
		outposts := []string{"green", "red", "blue", "purple", "yellow"}[:len(seats)+1]
		return table{players: len(seats), round: Ragnarok, outposts: outposts, first: first, tb: tb, seats: seats}
	}
	for _, tc := range []struct {
		name   string
		tt     table
		winner int
		reason string
	}{
		{
			name:   "most VP wins",
			tt:     end(0, at(0), seatSpec{vp: 5, glory: 4}, seatSpec{vp: 7}),
			winner: 1, reason: "Rikki wins with 7 VP.",
		},
		{
			name:   "a tie goes to the Tie Breaker holder",
			tt:     end(0, at(1), seatSpec{vp: 5, glory: 4, hand: []string{"red", "red"}}, seatSpec{vp: 5}),
			winner: 1, reason: "Gordon and Rikki tie on 5 VP; Rikki holds the Tie Breaker token and wins.",
		},
		{
			// The Tie Breaker holder is not among the tied: it decides nothing.
			name:   "then the most unused Glory",
			tt:     end(0, at(2), seatSpec{vp: 5, glory: 1, hand: []string{"red"}}, seatSpec{vp: 5, glory: 3}, seatSpec{vp: 2, glory: 9}),
			winner: 1, reason: "Gordon and Rikki tie on 5 VP and none of them holds the Tie Breaker; Rikki has the most unused Glory (3) and wins.",
		},
		{
			name:   "then the most cards in hand",
			tt:     end(1, nil, seatSpec{vp: 5, glory: 2, hand: []string{"red", "jarl"}}, seatSpec{vp: 5, glory: 2, hand: []string{"blue"}}),
			winner: 0, reason: "Gordon and Rikki tie on 5 VP and none of them holds the Tie Breaker; Gordon and Rikki have the most unused Glory (2); Gordon has the most cards in hand (2) and wins.",
		},
		{
			// "closest in turn order to the current First Player": the First
			// Player is closest to themself.
			name:   "then the First Player",
			tt:     end(1, nil, seatSpec{vp: 5}, seatSpec{vp: 5}, seatSpec{vp: 1}),
			winner: 1, reason: "Rikki is the First Player, closest in turn order, and wins.",
		},
		{
			name:   "then the closest clockwise from the First Player",
			tt:     end(2, at(2), seatSpec{vp: 5}, seatSpec{vp: 5}, seatSpec{vp: 1}, seatSpec{vp: 5}),
			winner: 3, reason: "Sigrid is closest in turn order to the First Player, Håkkå, and wins.",
		},
		{
			name:   "closest clockwise wraps round the table",
			tt:     end(2, nil, seatSpec{vp: 5}, seatSpec{vp: 5}, seatSpec{vp: 1}, seatSpec{vp: 1}),
			winner: 0, reason: "Gordon is closest in turn order to the First Player, Håkkå, and wins.",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := build(t, tc.tt)
			resolveNow(t, s)
			r := s.Result()
			if r == nil {
				t.Fatal("no result after Ragnarok")
			}
			// "There is no second place": exactly one winner, no ranking.
			if len(r.Winners) != 1 || r.Winners[0] != rules.Seat(tc.winner) || r.Ranking != nil {
				t.Errorf("winners %v ranking %v, want seat %d alone", r.Winners, r.Ranking, tc.winner)
			}
			if !strings.HasSuffix(r.Reason, tc.reason) {
				t.Errorf("reason %q, want it to end %q", r.Reason, tc.reason)
			}
			if len(r.Scores) != tc.tt.players {
				t.Errorf("scores %v", r.Scores)
			}
			if v := s.view(int(rules.Spectator)); v.Result == nil || v.Result.Reason != r.Reason || v.Phase != PhaseOver {
				t.Errorf("the view does not show the result: %+v", v.Result)
			}
		})
	}
}
