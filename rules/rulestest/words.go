package rulestest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"longhall/rules"
)

// nouns are the countable nouns the games' words use, singular and plural:
// the wording check refuses "1 cards" and "3 card" for each of them. It is
// the one list for every game; a game that counts something new adds it
// here.
var nouns = [][2]string{
	{"card", "cards"}, {"die", "dice"}, {"provision", "provisions"}, {"coin", "coins"},
	{"point", "points"}, {"worker", "workers"}, {"viking", "vikings"}, {"figure", "figures"},
	{"daughter", "daughters"}, {"crew member", "crew members"}, {"player", "players"},
	{"blessing", "blessings"}, {"quest", "quests"}, {"tile", "tiles"}, {"house", "houses"},
	{"resource", "resources"}, {"Valkyrie", "Valkyries"}, {"Jarl", "Jarls"}, {"token", "tokens"},
	{"wound", "wounds"}, {"turn", "turns"}, {"round", "rounds"}, {"ship", "ships"},
	{"offering", "offerings"}, {"fortress", "fortresses"}, {"space", "spaces"}, {"Raider", "Raiders"},
	{"Hero", "Heroes"}, {"group", "groups"}, {"action", "actions"}, {"longship", "longships"},
	{"building", "buildings"}, {"road", "roads"}, {"watchtower", "watchtowers"}, {"hero", "heroes"},
}

// numbers written as words, for "one cards" and "two card".
var (
	one  = `1|one`
	many = `\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve`
)

var (
	oneThenPlural    = nounPattern(one, 1)
	manyThenSingular = nounPattern(many, 0)
	// "rolls 6: 6", "rerolls a 3: 3": a total that only repeats the die.
	rollRepeat = regexp.MustCompile(`rolls (?:an? )?(\d+): (\d+)\b`)
	article    = regexp.MustCompile(`(?:^|[\s(])([Aa]n?) (\p{L}[\p{L}'-]*)`)
	// the reader addressed: a line everyone reads names players instead.
	secondPerson = regexp.MustCompile(`(?i)\b(you|your|yours|yourself)\b`)
)

// nounPattern matches a number (from nums) followed by the singular
// (form 0) or plural (form 1) of a noun; the number may not be part of a
// bigger one, a name or a modifier ("+1 strength", "P1").
func nounPattern(nums string, form int) *regexp.Regexp {
	words := make([]string, len(nouns))
	for i, n := range nouns {
		words[i] = regexp.QuoteMeta(n[form])
	}
	// Longer nouns first, so that "crew members" is tried before "crew".
	slices.SortFunc(words, func(a, b string) int { return len(b) - len(a) })
	return regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}.,+−-])(` + nums + `) (` + strings.Join(words, "|") + `)\b`)
}

// badWords says what is wrong with a line of words a player reads, or ""
// when nothing is: counts and nouns that disagree, a roll that repeats
// itself, a wrong article, stray spaces or a formatting error.
func badWords(s string) string {
	switch {
	case strings.TrimSpace(s) == "":
		return "no words"
	case strings.TrimSpace(s) != s || strings.Contains(s, "  "):
		return "stray spaces"
	case strings.Contains(s, "%!"):
		return "a formatting error"
	}
	return BadPhrase(s)
}

// BadPhrase says what is wrong in a phrase a player reads, wherever it is
// shown (a log line, a board's text), or "" when nothing is: a count that
// disagrees with its noun ("1 dice", "3 card"), a roll that repeats itself
// as its total, or an article that does not fit its word.
func BadPhrase(s string) string {
	if m := oneThenPlural.FindStringSubmatch(s); m != nil {
		return fmt.Sprintf("%q counts one with a plural", m[1]+" "+m[2])
	}
	for _, m := range manyThenSingular.FindAllStringSubmatchIndex(s, -1) {
		n, noun := s[m[2]:m[3]], s[m[4]:m[5]]
		if n != "1" && !modifies(s[m[1]:]) {
			return fmt.Sprintf("%q counts more than one with a singular", n+" "+noun)
		}
	}
	for _, m := range rollRepeat.FindAllStringSubmatch(s, -1) {
		if m[1] == m[2] {
			return fmt.Sprintf("%q repeats the roll as its total", m[0])
		}
	}
	for _, m := range article.FindAllStringSubmatch(s, -1) {
		if want := rules.A(m[2]); !strings.EqualFold(want, m[1]+" "+m[2]) {
			return fmt.Sprintf("%q should be %q", m[1]+" "+m[2], want)
		}
	}
	return ""
}

// plurals are the nouns' plurals, lower case.
var plurals = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range nouns {
		m[strings.ToLower(n[1])] = true
	}
	return m
}()

// modifies reports whether the words after a singular noun make it a
// modifier of a plural one: "5 building tiles" counts tiles.
func modifies(rest string) bool {
	after, ok := strings.CutPrefix(rest, " ")
	word, _, _ := strings.Cut(after, " ")
	return ok && plurals[strings.ToLower(strings.TrimRight(word, ".,;:!?)"))]
}

// wellWorded holds the lines badWords passed, shared by every game the
// suites play (lines repeat a lot, and the patterns are not free).
var wellWorded sync.Map

// words checks the words of one game.
type words struct {
	t     testing.TB
	where func() string
}

func newWords(t testing.TB, where func() string) *words {
	return &words{t: t, where: where}
}

// check fails the test when s is badly worded; what says where it was read.
func (w *words) check(what, s string) {
	w.t.Helper()
	if _, ok := wellWorded.Load(s); ok {
		return
	}
	if bad := badWords(s); bad != "" {
		w.t.Fatalf("%s: %s %q: %s", w.where(), what, s, bad)
	}
	wellWorded.Store(s, true)
}

// events checks every seat's wording of one action's events, and that the
// wording everyone reads is in the third person (names, not "your
// longship").
func (w *words) events(ev []rules.Event, players int) {
	w.t.Helper()
	for _, e := range ev {
		if m := secondPerson.FindString(e.Text); m != "" {
			w.t.Fatalf("%s: the log line %q, which every seat reads, says %q: name the player instead", w.where(), e.Text, m)
		}
		for seat := rules.Spectator; int(seat) < players; seat++ {
			w.check("the log line", e.For(seat).Text)
		}
	}
}

// step checks the words of the prompts, every seat's labels and refusals,
// and the result.
func (w *words) step(st rules.State, players int) {
	w.t.Helper()
	for _, p := range st.Pending() {
		w.check("the prompt", p.Text)
	}
	for p := range players {
		for _, a := range st.Legal(rules.Seat(p)) {
			w.check("the label", a.Label)
		}
		for _, r := range rules.RefusedOf(st, rules.Seat(p)) {
			w.check("the reason", r.Why)
		}
	}
	if r := st.Result(); r != nil {
		w.check("the result", r.Reason)
		if m := secondPerson.FindString(r.Reason); m != "" {
			w.t.Fatalf("%s: the result %q says %q: name the player instead", w.where(), r.Reason, m)
		}
	}
}

// private checks one action against Suite.Private: every card that joined
// or left a seat's hidden holding is named in that seat's log lines for
// the action (or in the label of the action it chose itself), and no
// seat's private wording names a card hidden from it. before and after are
// each seat's holdings around the action taken by actor.
func private(t testing.TB, before, after [][]string, ev []rules.Event, actor rules.Seat, label string, where func() string) {
	t.Helper()
	for p := range before {
		seat := rules.Seat(p)
		var known strings.Builder
		for _, e := range ev {
			known.WriteString(e.For(seat).Text + "\n")
		}
		if seat == actor {
			known.WriteString(label)
		}
		for _, n := range moved(before[p], after[p]) {
			if !strings.Contains(known.String(), n) {
				t.Fatalf("%s: %q moved in or out of seat %d's hidden cards, and seat %d's log does not name it: %q", where(), n, p, p, known.String())
			}
		}
	}
	all := map[string]bool{}
	for p := range before {
		for _, n := range slices.Concat(before[p], after[p]) {
			all[n] = true
		}
	}
	for p := range before {
		seat := rules.Seat(p)
		mine := map[string]bool{}
		for _, n := range slices.Concat(before[p], after[p]) {
			mine[n] = true
		}
		for _, e := range ev {
			line := e.For(seat).Text
			if line == e.Text {
				continue
			}
			for n := range all {
				if !mine[n] && strings.Contains(line, n) && !strings.Contains(e.Text, n) {
					t.Fatalf("%s: seat %d's private line %q names %q, a card hidden from it", where(), p, line, n)
				}
			}
		}
	}
}

// moved lists the names in a or b but not both, counting repeats.
func moved(a, b []string) []string {
	left := map[string]int{}
	for _, n := range a {
		left[n]++
	}
	for _, n := range b {
		left[n]--
	}
	var out []string
	for n, k := range left {
		if k != 0 {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}
