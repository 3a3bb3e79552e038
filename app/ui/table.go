package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"
)

// HandOver hides the table until the right person holds the device.
func HandOver(name string, onReady app.EventHandler) app.UI {
	return app.Section().Class("handover panel").Aria("labelledby", "handover-title").Body(
		app.H1().ID("handover-title").Text("Pass the device to "+name),
		app.P().Text("Everyone else, look away: the next screen shows "+name+"’s hidden cards."),
		app.Button().ID("handover-ready").Class("button primary").Text("I am "+name+": show my table").OnClick(onReady),
	)
}

// StatusBar says whose decision the table waits for, or who won.
func StatusBar(p BoardProps, isBot func(rules.Seat) bool) app.UI {
	var text string
	switch {
	case p.Result != nil:
		// The game's reason names the winner and the deciding tie-break.
		text = p.Result.Reason
	default:
		var you string
		var others []string
		for _, pr := range p.Pending {
			if pr.Seat == p.Seat {
				you = pr.Text
				continue
			}
			who := nameOf(p.Names, pr.Seat)
			if isBot != nil && isBot(pr.Seat) {
				who += " (thinking)"
			}
			if !containsString(others, who) {
				others = append(others, who)
			}
		}
		switch {
		case you != "" && len(others) > 0:
			text = fmt.Sprintf("%s, your move: %s. Also waiting for %s.", nameOf(p.Names, p.Seat), you, strings.Join(others, ", "))
		case you != "":
			text = fmt.Sprintf("%s, your move: %s.", nameOf(p.Names, p.Seat), you)
		case len(others) > 0:
			text = "Waiting for " + strings.Join(others, ", ") + "."
		}
	}
	return app.P().Class("status").ID("status").Attr("role", "status").Attr("aria-live", "polite").Text(text)
}

// GameLog shows the game's log in words, newest first.
func GameLog(lines []string) app.UI {
	const shown = 60
	start := max(0, len(lines)-shown)
	recent := lines[start:]
	return app.Details().Class("log panel").Open(true).Body(
		app.Summary().Text(fmt.Sprintf("Game log (%d)", len(lines))),
		app.Ol().Reversed(true).Body(
			app.Range(recent).Slice(func(i int) app.UI {
				return app.Li().Text(recent[len(recent)-1-i])
			}),
		),
	)
}

func nameOf(names []string, s rules.Seat) string {
	if s >= 0 && int(s) < len(names) {
		return names[s]
	}
	return fmt.Sprintf("Seat %d", s+1)
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
