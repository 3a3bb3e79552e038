package boardtest

import (
	"html"
	"strings"
	"sync"

	"longhall/rules/rulestest"
)

// shown are the attributes whose words a player reads: a control's or a
// piece's name, its hover text and the whole text a long press shows.
var shown = []string{"title", "aria-label", "data-text"}

// phrases lists the words a drawing shows a player: each run of text
// between tags and each attribute in shown, unescaped.
func phrases(page string) []string {
	var out []string
	for _, part := range strings.Split(page, "<") {
		tag, text, ok := strings.Cut(part, ">")
		if !ok {
			continue
		}
		if t := strings.TrimSpace(html.UnescapeString(text)); t != "" {
			out = append(out, t)
		}
		for _, name := range shown {
			if v := value(tag, name); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// wellShown holds the phrases already found well worded (boards repeat
// most of their words from one decision to the next).
var wellShown sync.Map

// badlyWorded returns the first phrase of a drawing that reads wrong
// (rulestest.BadPhrase: "1 dice", "3 card", "a Armoury") and what is
// wrong with it, or "", "" when none does.
func badlyWorded(page string) (phrase, why string) {
	for _, p := range phrases(page) {
		if _, ok := wellShown.Load(p); ok {
			continue
		}
		if why := rulestest.BadPhrase(p); why != "" {
			return p, why
		}
		wellShown.Store(p, true)
	}
	return "", ""
}
