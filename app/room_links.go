package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
)

// linkStats tells the player how the link to the host feels: which relays
// carry the room, the round trip of their moves and what each move costs
// on the wire. The data attributes carry the same figures for tests and
// `make bench`.
func linkStats(v online.View, host bool) app.UI {
	tr := v.Traffic
	ms := make([]string, len(tr.RTTs))
	for i, d := range tr.RTTs {
		ms[i] = strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 2, 64)
	}
	return app.Details().ID("linkstats").Class("hint linkstats").
		Attr("data-rtts", strings.Join(ms, ",")).
		Attr("data-intents", tr.Intents).Attr("data-sent", tr.SentBytes).
		Attr("data-states", tr.States).Attr("data-state-bytes", tr.StateBytes).Attr("data-in", tr.InBytes).
		Attr("data-via", v.Via).Attr("data-relays-up", strings.Join(v.RelayStatus.Up, " ")).
		Attr("data-relays-down", strings.Join(v.RelayStatus.Down, " ")).
		Body(app.Summary().Text("Connection"), app.P().Text(linkWords(v, host)))
}

// linkWords sums the link up in a sentence or three.
func linkWords(v online.View, host bool) string {
	if host {
		return strings.TrimSpace("Your own moves do not cross the network. " + v.Relays)
	}
	tr := v.Traffic
	s := "No moves sent yet."
	if n := len(tr.RTTs); n > 0 {
		sorted := slices.Clone(tr.RTTs)
		slices.Sort(sorted)
		s = fmt.Sprintf("Your moves reach the host and come back in %v (median of %d).", sorted[n/2].Round(100*time.Microsecond), n)
		if tr.States > 0 {
			s += fmt.Sprintf(" Each move costs about %d bytes.", tr.StateBytes/int64(tr.States))
		}
	}
	if v.Via != "" {
		s += " You reached the host through " + v.Via + "."
	}
	return s
}
