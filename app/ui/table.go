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

// GameLog shows the whole game, one entry an action, newest first and
// numbered by its place in the game; the newest is marked. An entry's first
// line says what its player did, any others what followed.
func GameLog(entries []rules.LogEntry) app.UI {
	n := len(entries)
	return app.Details().ID("gamelog").Class("log panel").Open(true).Body(
		app.Summary().Text(fmt.Sprintf("Game log (%d)", n)),
		app.Ol().Reversed(true).Body(
			app.Range(entries).Slice(func(i int) app.UI {
				e := entries[n-1-i]
				li := app.Li().Attr("data-n", e.N)
				if i == 0 {
					li = li.Class("last")
				}
				if len(e.Lines) == 0 {
					return li
				}
				return li.Body(
					app.Span().Text(e.Lines[0]),
					app.If(len(e.Lines) > 1, func() app.UI {
						rest := e.Lines[1:]
						return app.Ul().Class("then").Body(app.Range(rest).Slice(func(k int) app.UI {
							return app.Li().Text(rest[k])
						}))
					}),
				)
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
