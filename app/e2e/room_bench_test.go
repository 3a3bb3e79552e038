//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkRoom measures rooms as players feel them, in real Chromium
// inside the test's namespace with a real tracker and Nostr relay:
//
//   - room-seated: from opening a room link to sitting at the table
//     (median of 5 links; the first is a cold load of the app);
//   - room-action-rtt: from a guest's intent to the host's answer (the new
//     state), p50 and p99 over at least 200 actions of whole games;
//   - room-raw-rtt: a bare RTCDataChannel ping between two browsers in the
//     same namespace, pings back to back; room-raw-paced-rtt: the same
//     with a game's rhythm (a ping every 300 ms, answered with as many
//     bytes as a state message), the floor for the figure above: between
//     sparse messages the browsers' threads fall idle, and waking them
//     costs about a millisecond more than a flood of pings shows;
//   - room-host-action: what each of those intents took the host's tab
//     (apply, encode, send to every peer, save), p50 and p99;
//     room-host-to-actor, its part until the guest's answer was sent, and
//     room-guest-decode, the guest's part after the answer arrived: the
//     rest of the round trip is the link and the two pages' event loops;
//   - room-bytes-per-action: what one applied action costs a guest on the
//     wire (its state message); room-bytes-per-intent: what the guest sent
//     per intent, its hello, ready and pings included.
//
// Both players look at the table for a moment before each choice, as
// people do (see think). One run is the measurement; the benchmark loop
// has nothing to repeat.
func BenchmarkRoom(b *testing.B) {
	skipWithoutNetns(b)
	site := newRoomSite(b, true)
	host := site.player(b, "Gordon")
	guest := site.player(b, "Rikki")

	var seated []float64
	for range 5 {
		link := site.openRoom(b, host, 2)
		start := time.Now()
		within(b, guest, "opening the link", chromedp.Navigate(link))
		seatedAt(b, guest, "Rikki")
		seated = append(seated, float64(time.Since(start).Microseconds())/1000)
	}
	bench(b, "room-seated-p50", percentile(seated, 50), "ms")
	bench(b, "room-seated-cold", seated[0], "ms")

	// Whole two-player games until the guest has made 200 actions.
	var rtts, hostMs, toActor, decodes []float64
	var stateBytes, states, sent, intents int64
	for game := 1; len(rtts) < 200; game++ {
		if game > 10 {
			b.Fatalf("only %d guest actions in 10 games", len(rtts))
		}
		link := site.openRoom(b, host, 2)
		within(b, guest, "joining", chromedp.Navigate(link))
		seatedAt(b, guest, "Rikki")
		within(b, guest, "getting ready", chromedp.Click("#ready", byQuery))
		var ok bool
		within(b, host, "starting", chromedp.Poll(`!document.querySelector('#start').disabled`, &ok, chromedp.WithPollingInterval(50*time.Millisecond)),
			chromedp.Click("#start", byQuery))
		done := make(chan error, 1)
		go func() {
			d := driven{think: think, rng: rand.New(rand.NewPCG(1, uint64(game)))}
			_, err := playToTheEnd(host, nil, &d)
			done <- err
		}()
		d := driven{think: think, rng: rand.New(rand.NewPCG(2, uint64(game)))}
		if _, err := playToTheEnd(guest, nil, &d); err != nil {
			b.Fatal(err)
		}
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		f := linkFiguresOf(b, guest)
		rtts = append(rtts, f.RTTs...)
		hf := linkFiguresOf(b, host)
		hostMs = append(hostMs, hf.HostMs...)
		toActor = append(toActor, hf.ToActorMs...)
		decodes = append(decodes, f.DecodeMs...)
		stateBytes += f.StateBytes
		states += int64(f.States)
		sent += f.Sent
		intents += int64(f.Intents)
		b.Logf("game %d: %d guest actions so far", game, len(rtts))
	}
	bench(b, "room-action-rtt-p50", percentile(rtts, 50), "ms")
	bench(b, "room-action-rtt-p99", percentile(rtts, 99), "ms")
	bench(b, "room-actions", float64(len(rtts)), "count")
	bench(b, "room-host-action-p50", percentile(hostMs, 50), "ms")
	bench(b, "room-host-action-p99", percentile(hostMs, 99), "ms")
	bench(b, "room-host-to-actor-p50", percentile(toActor, 50), "ms")
	bench(b, "room-guest-decode-p50", percentile(decodes, 50), "ms")
	if states > 0 && intents > 0 {
		bench(b, "room-bytes-per-action", float64(stateBytes)/float64(states), "bytes")
		bench(b, "room-bytes-per-intent", float64(sent)/float64(intents), "bytes")
	}

	raw := rawDataChannelRTT(b, site.ns, 300)
	bench(b, "room-raw-rtt-p50", percentile(raw, 50), "ms")
	bench(b, "room-raw-rtt-p99", percentile(raw, 99), "ms")
	// The same bare channel with a game's rhythm: a ping every quarter
	// second or so, a state-sized answer.
	paced := pacedDataChannelRTT(b, site.ns, 60, 2*think, int(stateBytes/max(states, 1)))
	bench(b, "room-raw-paced-rtt-p50", percentile(paced, 50), "ms")
	bench(b, "room-raw-paced-rtt-p99", percentile(paced, 99), "ms")
	// The targets: the round trip's median within 4× the bare channel's at
	// a game's pace, its p99 within 25 ms.
	bench(b, "room-rtt-p50-over-paced-raw", percentile(rtts, 50)/percentile(paced, 50), "x")
	bench(b, "room-rtt-p50-over-raw", percentile(rtts, 50)/percentile(raw, 50), "x")
}

// think is how long a benchmarked player looks at a changed table before
// choosing. A driver that clicks the moment its own page has redrawn
// lands its intent while the host's page is still redrawing the same
// change (both were told of it at once, and one thread does both), which
// no person's reaction time (200 ms and more) does; the round trip would
// then measure that coincidence more than the link.
const think = 150 * time.Millisecond

// linkFigures are the room page's raw link figures (window.longhallLink()).
type linkFigures struct {
	RTTs       []float64 `json:"rtts"`
	HostMs     []float64 `json:"hostMs"`
	ToActorMs  []float64 `json:"toActorMs"`
	DecodeMs   []float64 `json:"decodeMs"`
	Intents    int       `json:"intents"`
	Sent       int64     `json:"sent"`
	States     int       `json:"states"`
	StateBytes int64     `json:"stateBytes"`
	Via        string    `json:"via"`
	RelaysUp   []string  `json:"relaysUp"`
	RelaysDown []string  `json:"relaysDown"`
}

// linkFiguresOf reads a room page's link figures.
func linkFiguresOf(t testing.TB, ctx context.Context) linkFigures {
	t.Helper()
	var raw string
	var f linkFigures
	within(t, ctx, "reading the link figures", chromedp.Evaluate(`window.longhallLink ? window.longhallLink() : '{}'`, &raw))
	if err := json.Unmarshal([]byte(raw), &f); err != nil {
		t.Fatalf("the link figures %q: %v", raw, err)
	}
	return f
}
