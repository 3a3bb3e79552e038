//go:build linux

package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// rtcResult is what testdata/rtcpage reports in window.rtcResult.
type rtcResult struct {
	Role             string    `json:"role"`
	Error            string    `json:"error"`
	Received         string    `json:"received"`
	LocalCandidates  []string  `json:"localCandidates"`
	RemoteCandidates []string  `json:"remoteCandidates"`
	GatherMs         float64   `json:"gatherMs"`
	AnswerMs         float64   `json:"answerMs"`
	ConnectMs        float64   `json:"connectMs"`
	IceAfterAnswerMs float64   `json:"iceAfterAnswerMs"`
	RTTs             []float64 `json:"rtts"`
	Pair             *struct {
		Local, Remote struct {
			Address, Type, Protocol string
			Port                    int
		}
	} `json:"pair"`
}

// TestWebRTCBetweenTwoBrowsersInANamespace proves the namespace harness:
// two Chromium processes, each in its own profile, load a page from a
// server inside the namespace, exchange offer and answer through the
// test's signaling mailbox, and open a data channel that carries a
// message each way and 50 pings.
func TestWebRTCBetweenTwoBrowsersInANamespace(t *testing.T) {
	t.Parallel()
	ns := newNetns(t)
	// By default Chromium hides its addresses behind random .local (mDNS)
	// names; the app may meet peers either way, so prove both.
	t.Run("mdns-candidates", func(t *testing.T) { rtcProof(t, ns) })
	t.Run("ip-candidates", func(t *testing.T) {
		rtcProof(t, ns, "--disable-features=WebRtcHideLocalIpsWithMdns")
	})
}

func rtcProof(t *testing.T, ns *netns, flags ...string) {
	run := runRTCPage(t, ns, 50, "", flags...)
	off, ans := run.Offer, run.Answer

	if off.Received != "hello from answer" || ans.Received != "hello from offer" {
		t.Errorf("messages: offerer got %q, answerer got %q", off.Received, ans.Received)
	}
	if got := run.Signaling; !slices.Equal(got, []string{"POST offer", "POST answer"}) {
		t.Errorf("signaling went %v, want the offer then the answer through the test's mailbox", got)
	}
	if len(off.RTTs) != 50 {
		t.Fatalf("%d pings answered, want 50", len(off.RTTs))
	}
	if off.Pair == nil {
		t.Fatal("the offerer reports no selected candidate pair")
	}
	subnet := ns.Addr[:strings.LastIndex(ns.Addr, ".")+1]
	for _, a := range []string{off.Pair.Local.Address, off.Pair.Remote.Address} {
		if a != "" && !strings.HasPrefix(a, subnet) && !strings.HasSuffix(a, ".local") {
			t.Errorf("the channel runs over %s, outside the namespace's %s0/24", a, subnet)
		}
	}

	rtts := slices.Clone(off.RTTs)
	slices.Sort(rtts)
	t.Logf("connected in %.0f ms (gathering %.0f ms, answer back at %.0f ms, ICE+DTLS+SCTP after the answer %.0f ms); whole exchange incl. pings %v",
		off.ConnectMs, off.GatherMs, off.AnswerMs, off.IceAfterAnswerMs, run.Elapsed.Round(time.Millisecond))
	t.Logf("round trip over %d pings: median %.2f ms, min %.2f ms, max %.2f ms",
		len(rtts), rtts[len(rtts)/2], rtts[0], rtts[len(rtts)-1])
	t.Logf("selected pair: %s %s:%d (%s) -> %s:%d (%s)", off.Pair.Local.Protocol,
		off.Pair.Local.Address, off.Pair.Local.Port, off.Pair.Local.Type,
		off.Pair.Remote.Address, off.Pair.Remote.Port, off.Pair.Remote.Type)
	t.Logf("offer candidates: %q", off.LocalCandidates)
	t.Logf("answer candidates: %q", ans.LocalCandidates)
}

// rtcRun is one exchange of testdata/rtcpage between two browsers.
type rtcRun struct {
	Offer, Answer rtcResult
	Signaling     []string      // the mailbox's log: "POST offer", ...
	Elapsed       time.Duration // from start() to both pages done
}

// runRTCPage serves testdata/rtcpage and the signaling mailbox inside ns,
// starts two Chromium processes there (each with flags), loads the page in
// both as offerer and answerer of a fresh room, and waits until they have
// opened a data channel, exchanged a message each way and run pings
// round trips. It fails the test unless both pages finish.
func runRTCPage(t testing.TB, ns *netns, pings int, query string, flags ...string) rtcRun {
	t.Helper()
	sig := newMailbox()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/rtcpage")))
	mux.Handle("/signal/", sig)
	base := ns.Serve(t, mux)
	t.Logf("namespace %s, page server %s", ns.Name, base)

	// Two browser processes, each with its own profile.
	t0 := time.Now()
	offerer, answerer := ns.Browser(t, flags...), ns.Browser(t, flags...)
	t.Logf("two browsers up in %v", time.Since(t0).Round(time.Millisecond))

	room := fmt.Sprintf("r%d", time.Now().UnixNano())
	for _, p := range []struct {
		ctx  context.Context
		role string
	}{{answerer, "answer"}, {offerer, "offer"}} {
		if err := chromedp.Run(p.ctx,
			chromedp.Navigate(fmt.Sprintf("%s/?role=%s&room=%s&pings=%d%s", base, p.role, room, pings, query)),
			chromedp.WaitReady(`html[data-rtc="ready"]`, byQuery),
		); err != nil {
			t.Fatalf("loading the %s page: %v", p.role, err)
		}
	}

	began := time.Now()
	for _, ctx := range []context.Context{answerer, offerer} {
		if err := chromedp.Run(ctx, chromedp.Evaluate(`start()`, nil)); err != nil {
			t.Fatalf("starting: %v", err)
		}
	}
	results := make([]rtcResult, 2)
	for i, ctx := range []context.Context{offerer, answerer} {
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		var state string
		err := chromedp.Run(wctx,
			chromedp.Poll(`["done", "error"].includes(document.documentElement.dataset.rtc) && document.documentElement.dataset.rtc`, &state, chromedp.WithPollingInterval(20*time.Millisecond)),
		)
		cancel()
		_ = chromedp.Run(ctx, chromedp.Evaluate(`window.rtcResult`, &results[i]))
		if err != nil {
			var text string
			chromedp.Run(ctx, chromedp.Text(`#log`, &text, byQuery))
			t.Fatalf("the %s page did not finish: %v\nits log:\n%s\nsignaling so far: %v", []string{"offer", "answer"}[i], err, text, sig.seen())
		}
		if state != "done" {
			t.Fatalf("the %s page failed: %s", results[i].Role, results[i].Error)
		}
	}
	return rtcRun{Offer: results[0], Answer: results[1], Signaling: sig.seen(), Elapsed: time.Since(began)}
}

// mailbox is the proof's signaling endpoint: POST /signal/ROOM/KIND leaves
// one message, GET /signal/ROOM/KIND takes it, waiting up to 10 s (then 204
// No Content, and the page asks again).
type mailbox struct {
	mu    sync.Mutex
	boxes map[string]chan string
	log   []string
}

func newMailbox() *mailbox { return &mailbox{boxes: map[string]chan string{}} }

func (m *mailbox) box(key string) chan string {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.boxes[key]
	if b == nil {
		b = make(chan string, 1)
		m.boxes[key] = b
	}
	return b
}

func (m *mailbox) seen() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.log)
}

func (m *mailbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	key := strings.TrimPrefix(r.URL.Path, "/signal/")
	if strings.Count(key, "/") != 1 {
		http.NotFound(w, r)
		return
	}
	b := m.box(key)
	switch r.Method {
	case http.MethodPost:
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		select {
		case b <- string(body):
			m.mu.Lock()
			m.log = append(m.log, "POST "+key[strings.Index(key, "/")+1:])
			m.mu.Unlock()
		default:
			http.Error(w, "mailbox full", http.StatusConflict)
		}
	case http.MethodGet:
		select {
		case msg := <-b:
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, msg)
		case <-time.After(10 * time.Second):
			w.WriteHeader(http.StatusNoContent)
		case <-r.Context().Done():
		}
	default:
		http.Error(w, "GET or POST", http.StatusMethodNotAllowed)
	}
}
