package raiders

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/app/ui/boardtest"
	"longhall/rules"
	rd "longhall/rules/raiders"
)

// At a raid's mead and reroll prompts the choice bar says, above the
// buttons, the strength as it stands against the raided space's
// thresholds, and the space marks the threshold reached and the next:
// the player sees what a choice is worth before making it. Only the
// raider's choice bar has the line.
func TestRaidPromptsShowStrengthAgainstThresholds(t *testing.T) {
	t.Run("a Brawler's reroll: strength with the dice, VP now and the next threshold", func(t *testing.T) {
		s := raidReady(t, false, rd.Grey, rd.Brawler, rd.Huntsman, rd.Huntsman)
		o := spaceAt(rd.Outpost) // 10→2, 16→4: a strength of 5 to 10 always has one to go
		raid(t, s, o)
		if s.Step.Kind != rd.StepReroll {
			t.Fatalf("step %+v, want a reroll", s.Step)
		}
		r := s.Raid
		need, vp, ok := rd.NextThreshold(o, r.Strength)
		if !ok {
			t.Fatalf("strength %d reaches every threshold", r.Strength)
		}
		html := render(t, s, 0)
		line := "Strength " + strconv.Itoa(r.Strength) + " (dice " + strconv.Itoa(r.Dice[0]) + ", armour 0, crew 4): " +
			strconv.Itoa(rd.ThresholdVP(o, r.Strength)) + " VP now · " +
			strconv.Itoa(need) + " for " + strconv.Itoa(vp) + " VP (" + strconv.Itoa(need-r.Strength) + " more)"
		if !strings.Contains(html, line) {
			t.Errorf("the choice bar lacks %q:\n%s", line, choiceBar(html))
		}
		next := `class="rd-th rd-next">` + strconv.Itoa(need) + "→" + strconv.Itoa(vp) + "<"
		if !strings.Contains(html, next) {
			t.Errorf("the outpost does not mark %d→%d as next", need, vp)
		}
		if got := rd.ThresholdVP(o, r.Strength); got > 0 && !strings.Contains(html, `class="rd-th rd-got">10→2<`) {
			t.Errorf("strength %d: the outpost does not mark 10→2 as reached", r.Strength)
		}
		if strings.Contains(render(t, s, 1), "rd-stakes") {
			t.Error("the opponent's choice bar has the raider's line")
		}
	})
	t.Run("mead is declared before the roll: strength before the dice, thresholds, each choice's strength", func(t *testing.T) {
		s := raidReady(t, true, rd.White, rd.Huntsman, rd.Reveller, rd.Scout, rd.Shieldmaiden)
		s.Seats[0].Mead = 2
		m := spaceAt(rd.Monastery) // 2 dice: 12→4, 20→6
		raid(t, s, m)
		if s.Step.Kind != rd.StepMead {
			t.Fatalf("step %+v, want mead", s.Step)
		}
		html := render(t, s, 0)
		for _, want := range []string{
			"Strength 8 before 2 dice (2–12): 12→4 VP · 20→6 VP",
			">No mead → 8<", ">Drink 1 → 11<", ">Drink 2 → 12<", // a Reveller adds 2 with mead
			`class="rd-th rd-next">12→4<`,
		} {
			if !strings.Contains(html, want) {
				t.Errorf("the table lacks %q:\n%s", want, choiceBar(html))
			}
		}
	})
}

// raidReady is a game past its set-up where seat 0, holding a worker of
// the colour given, with that crew, provisions and gold, is to raid.
func raidReady(t *testing.T, heroes bool, worker int, crew ...int) *rd.State {
	t.Helper()
	g, err := rules.Lookup(rd.ID)
	if err != nil {
		t.Fatal(err)
	}
	on := rd.Off
	if heroes {
		on = rd.On
	}
	st, err := g.New(rules.Config{Players: 2, Options: map[string]string{rd.HeroesOption.Key: on}}, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*rd.State)
	for s.Step.Kind == rd.StepKeep || s.Step.Kind == rd.StepDraft {
		p := s.Pending()[0].Seat
		if _, err := s.Apply(p, s.Legal(p)[0]); err != nil {
			t.Fatal(err)
		}
	}
	s.Turn, s.Step = 0, rd.Step{Kind: rd.StepTurn, Seat: 0}
	pl := &s.Seats[0]
	s.Discard = append(s.Discard, pl.Crew...)
	pl.Crew, pl.Worker, pl.Provisions, pl.Gold, pl.Armour = nil, worker, 5, 2, 0
	for _, k := range crew {
		i := 0
		for rd.KindOf(s.Deck[i]) != k {
			i++
		}
		pl.Crew = append(pl.Crew, s.Deck[i])
		s.Deck = append(s.Deck[:i], s.Deck[i+1:]...)
	}
	return s
}

// spaceAt is the first raid space of a settlement.
func spaceAt(settlement int) int {
	for i, sp := range rd.Spaces {
		if sp.Settlement == settlement {
			return i
		}
	}
	return -1
}

func raid(t *testing.T, s *rd.State, space int) {
	t.Helper()
	if _, err := s.Apply(0, rules.Action{Kind: rd.KindRaid, Args: []int{space}}); err != nil {
		t.Fatalf("raiding %s: %v", rd.SpaceName(space), err)
	}
}

// render draws the board for a seat, non-breaking spaces as spaces.
func render(t *testing.T, s *rd.State, seat rules.Seat) string {
	t.Helper()
	p := boardtest.Props(t, rd.ID, s, seat, len(s.Seats))
	var v rd.View
	if err := json.Unmarshal(p.View, &v); err != nil {
		t.Fatal(err)
	}
	html := app.HTMLString(&Board{Props: &ui.Props[rd.View]{BoardProps: p, V: &v}})
	return strings.ReplaceAll(html, "\u00a0", " ")
}

// choiceBar is the choice bar's part of a rendering, for messages.
func choiceBar(html string) string {
	if i := strings.Index(html, `id="choice"`); i >= 0 {
		html = html[i:]
	}
	if i := strings.Index(html, `id="board-area"`); i >= 0 {
		html = html[:i]
	}
	return html
}
