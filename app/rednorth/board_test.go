package rednorth

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	rn "longhall/rules/rednorth"
)

// render draws the board for a seat, with a Party card selected (pos+1,
// or 0 for none).
func render(t testing.TB, s rules.State, seat rules.Seat, sel int) string {
	t.Helper()
	v := viewOf(t, s, seat)
	b := &Board{Props: &ui.Props[rn.View]{BoardProps: propsOf(t, s, seat), V: &v}, sel: sel}
	return app.HTMLString(b)
}

func TestBoardIsRegistered(t *testing.T) {
	if _, ok := ui.LookupGame("rednorth"); !ok {
		t.Fatal("no board registered for rednorth")
	}
}

// TestBoardOffersEveryLegalActionAndNothingElse runs the kit's board
// check on whole games: each legal action is a control (a Party card's
// actions once that card is selected, a pass that gives up the God once
// confirmed), and no control offers an action that is not legal.
func TestBoardOffersEveryLegalActionAndNothingElse(t *testing.T) {
	boardtest.Run(t, boardtest.Suite{Game: rn.ID, Expand: func(p ui.BoardProps) []app.UI {
		var v rn.View
		if err := json.Unmarshal(p.View, &v); err != nil {
			t.Fatal(err)
		}
		props := &ui.Props[rn.View]{BoardProps: p, V: &v}
		out := []app.UI{&Board{Props: props, sel: confirmPass}}
		for pos := range sortChoices(&v, p.Legal).party {
			out = append(out, &Board{Props: props, sel: pos + 1})
		}
		return out
	}})
}

// TestBoardShowsBacksForOthersAndMarksOwnHidden: another seat's face-down
// cards are backs; the viewer's own are faces marked hidden.
func TestBoardShowsBacksForOthersAndMarksOwnHidden(t *testing.T) {
	checked := false
	playPositions(t, 3, 7, func(p position) {
		v := viewOf(t, p.s, p.seat)
		if checked || v.Phase != rn.PhaseActions || p.seat != 0 {
			return
		}
		backs, hidden := 0, 0
		for _, sv := range v.Seats {
			for _, pc := range sv.Party {
				switch {
				case pc.Card == nil:
					backs++
				case pc.HiddenToOthers:
					hidden++
				}
			}
		}
		if backs == 0 || hidden == 0 {
			return
		}
		html := render(t, p.s, p.seat, 0)
		if got := strings.Count(html, "rn-back"); got != backs {
			t.Errorf("%d card backs drawn, want %d", got, backs)
		}
		if got := strings.Count(html, `class="rn-hid"`); got != hidden {
			t.Errorf("%d own face-down cards marked hidden, want %d", got, hidden)
		}
		checked = true
	})
	if !checked {
		t.Fatal("no position had face-down cards on both sides")
	}
}

func TestBoardShowsResolutionAndResult(t *testing.T) {
	var spring string
	s := playPositions(t, 3, 21, func(p position) {
		v := viewOf(t, p.s, p.seat)
		if spring == "" && v.Round == rn.Summer && v.Phase == rn.PhaseDeploy && p.seat == 0 {
			spring = render(t, p.s, p.seat, 0)
		}
	})
	if !strings.Contains(spring, "Spring resolved") || !strings.Contains(spring, "rn-report panel parchment rn-open") {
		t.Error("after Spring, the Resolution panel is not shown open")
	}
	v := viewOf(t, s, 0)
	for _, o := range v.Outposts {
		if !strings.Contains(spring, `data-colour="`+o.Colour+`"`) {
			t.Errorf("the Spring resolution has no row for %s", o.Colour)
		}
	}
	end := render(t, s, 0, 0)
	res := s.Result()
	winner := names[res.Winners[0]]
	if !strings.Contains(end, "Ragnarok is over. Winner: "+winner) {
		t.Errorf("the result does not name the winner %s", winner)
	}
	if !strings.Contains(end, res.Reason) {
		t.Errorf("the result does not give the reason %q", res.Reason)
	}
}

// Passing in Ragnarok with the God unused asks once: the Pass button opens
// a confirmation that names the God, with Pass anyway, Invoke first and
// Cancel; without a God to lose, Pass passes at once.
func TestRagnarokPassWithTheGodUnusedAsksFirst(t *testing.T) {
	asked, plain := 0, 0
	for seed := uint64(100); seed < 110 && (asked == 0 || plain == 0); seed++ {
		playPositions(t, 2, seed, func(p position) {
			v := viewOf(t, p.s, p.seat)
			c := sortChoices(&v, p.s.Legal(p.seat))
			hasPass, hasInvoke := false, false
			for _, a := range c.buttons {
				hasPass = hasPass || (a.Kind == rn.KindPass && len(a.Args) == 0)
				hasInvoke = hasInvoke || a.Kind == rn.KindInvoke
			}
			if !hasPass {
				return
			}
			html := render(t, p.s, p.seat, 0)
			direct := strings.Contains(html, `data-action="pass"`)
			if hasInvoke {
				asked++
				if direct {
					t.Fatalf("%s: Pass is offered at once though the God is unused", describe(p))
				}
				confirm := render(t, p.s, p.seat, confirmPass)
				for _, want := range []string{"If you pass now, its power is lost", `data-action="pass"`, `data-action="invoke"`, "Cancel"} {
					if !strings.Contains(confirm, want) {
						t.Fatalf("%s: the confirmation lacks %q", describe(p), want)
					}
				}
			} else {
				plain++
				if !direct {
					t.Fatalf("%s: with no God to lose, Pass is not offered at once", describe(p))
				}
			}
		})
	}
	if asked == 0 || plain == 0 {
		t.Fatalf("the games reached %d confirmations and %d plain passes; want both", asked, plain)
	}
}
