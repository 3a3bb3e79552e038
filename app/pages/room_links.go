package pages

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
)

// linkStats tells the player how the link to the host feels: which relays
// carry the room, the round trip of their moves and what each move costs
// on the wire.
func linkStats(v online.View, host bool) app.UI {
	return app.Details().ID("linkstats").Class("hint linkstats").
		Body(app.Summary().Text("Connection"), app.P().Text(linkWords(v, host)))
}

// linkFigures are the raw figures behind linkStats, published as the
// page function longhallLink() for tests and `make bench` (see ui.Publish).
type linkFigures struct {
	RTTs       []float64 `json:"rtts"`      // milliseconds, oldest first
	HostMs     []float64 `json:"hostMs"`    // the host's time per intent, ms
	ToActorMs  []float64 `json:"toActorMs"` // its part before the actor's answer, ms
	DecodeMs   []float64 `json:"decodeMs"`  // a guest's decoding of its answers, ms
	Intents    int       `json:"intents"`
	Sent       int64     `json:"sent"`
	States     int       `json:"states"`
	StateBytes int64     `json:"stateBytes"`
	In         int64     `json:"in"`
	Via        string    `json:"via"`
	RelaysUp   []string  `json:"relaysUp"`
	RelaysDown []string  `json:"relaysDown"`
}

func figures(v online.View) linkFigures {
	tr := v.Traffic
	f := linkFigures{Intents: tr.Intents, Sent: tr.SentBytes, States: tr.States, StateBytes: tr.StateBytes, In: tr.InBytes,
		Via: v.Via, RelaysUp: v.RelayStatus.Up, RelaysDown: v.RelayStatus.Down}
	f.RTTs, f.HostMs = millis(tr.RTTs), millis(tr.HostTimes)
	f.ToActorMs, f.DecodeMs = millis(tr.HostToActor), millis(tr.Decodes)
	return f
}

func millis(ds []time.Duration) []float64 {
	out := make([]float64, len(ds))
	for i, d := range ds {
		out[i] = float64(d.Microseconds()) / 1000
	}
	return out
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
