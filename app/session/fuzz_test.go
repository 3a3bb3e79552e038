package session

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"longhall/rules"
)

// FuzzHostMessages feeds arbitrary bytes to a host as the messages of one
// peer, next to the host's own player. Lines are messages, except two
// commands for the fuzzer: START (a bot fills seat 1 if empty, and the host
// starts) and TICK (a second passes). The properties: the host never panics;
// its seats, members and record stay consistent (the record replays to the
// live state); everything it sends the peer is a well-formed message of a
// host kind within the size limit; and the host's own player can still play.
func FuzzHostMessages(f *testing.F) {
	hello := raw(KindHello, Hello{Name: "Zed"})
	for _, seed := range []string{
		hello,
		hello + "\n" + raw(KindReady, Ready{Ready: true}) + "\nSTART\n" + intent(1, 1, 0) + "\n" + intent(1, 1, 0),
		hello + "\nSTART\n" + intent(2, 1, 0) + "\n" + intent(1, 0, 0) + "\n" + intent(2, 1, 9),
		hello + "\n" + raw(KindStand, nil) + "\n" + raw(KindSit, Sit{Seat: 0}) + "\n" + raw(KindSit, Sit{Seat: 1}) + "\nSTART",
		hello + "\n" + raw(KindChat, Chat{Text: "hi"}) + "\n" + raw(KindPing, Ping{N: 4}) + "\nTICK\n" + hello,
		"garbage\n{}\n[]\nnull\n" + `{"v":1,"kind":"intent","body":{"seq":1e99}}`,
		`{"v":1,"kind":"hello","body":{"name":"` + "\u202e\xff" + `","token":"x"}}` + "\nSTART\n" + `{"v":1,"kind":"intent","body":{"seq":1,"seat":1,"action":{"kind":"choose","args":[-1]}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		inBubble(t, func(t *testing.T) {
			h, err := NewHost(context.Background(), "hand-test", rules.Config{Players: 2}, 3, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			ann, err := h.Local("Ann", "")
			if err != nil {
				t.Fatal(err)
			}
			defer ann.Close()
			waitKind(t, ann, KindWelcome)
			go func() {
				for range ann.Updates() {
				}
			}()
			a, b := Pipe()
			defer b.Close()
			if err := h.Attach(a); err != nil {
				t.Fatal(err)
			}
			bad := make(chan error, 1)
			go func() { bad <- checkHostOutput(b) }()

			// Feed the messages through the host's own handler on its loop, so
			// that each run is deterministic.
			var p *peer
			inLoop(t, h, func() {
				for q := range h.peers {
					if !q.local {
						p = q
					}
				}
			})
			for _, line := range bytes.Split(data, []byte("\n")) {
				switch string(line) {
				case "START":
					inLoop(t, h, func() {
						if !h.started && h.seats[1].m == nil {
							h.setBot(1, true)
						}
						h.start()
					})
				case "TICK":
					time.Sleep(time.Second)
				default:
					inLoop(t, h, func() { h.handle(p, line) })
				}
			}

			mustCheckHost(t, h)
			l, err := h.Lobby()
			if err != nil {
				t.Fatal(err)
			}
			if s := l.Seats[0]; s.Kind != SeatHuman || !s.Host || !s.Connected {
				t.Fatalf("the host's player lost its seat: %+v", s)
			}
			var legal []rules.Action
			v := hostVersion(t, h)
			inLoop(t, h, func() {
				if h.started {
					legal = h.state.Legal(0)
				}
			})
			if len(legal) > 0 {
				if _, err := ann.Intent(legal[0]); err != nil {
					t.Fatal(err)
				}
				deadline := time.Now().Add(wait)
				for hostVersion(t, h) == v {
					if time.Now().After(deadline) {
						t.Fatal("the host's player could not play after the fuzzed messages")
					}
					time.Sleep(time.Millisecond)
				}
				mustCheckHost(t, h)
			}
			h.Close()
			if err := <-bad; err != nil {
				t.Fatal(err)
			}
		})
	})
}

// checkHostOutput reads everything a host sends on conn until it closes and
// reports the first message that is not a well-formed host message.
func checkHostOutput(conn Conn) error {
	host := map[string]any{
		KindWelcome: &Welcome{}, KindLobby: &Lobby{}, KindState: &StateMsg{}, KindLog: &LogMsg{}, KindError: &ErrorMsg{},
		KindChat: &Chat{}, KindKicked: &Kicked{}, KindPaused: &Paused{}, KindResumed: &struct{}{}, KindPong: &Pong{},
	}
	var first error
	for {
		data, err := conn.Recv(context.Background())
		if err != nil {
			return first
		}
		env, e := decode(data)
		if e != nil {
			first = cmpErr(first, fmt.Errorf("host sent %q: %v", data, e))
			continue
		}
		target, ok := host[env.Kind]
		if !ok {
			first = cmpErr(first, fmt.Errorf("host sent kind %q", env.Kind))
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(env.Body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(target); err != nil && len(env.Body) > 0 {
			first = cmpErr(first, fmt.Errorf("host sent a bad %s body %s: %v", env.Kind, env.Body, err))
		}
		if e, ok := target.(*ErrorMsg); ok && (e.Code == "" || !bytes.HasPrefix([]byte(e.Text), []byte("session: "))) {
			first = cmpErr(first, fmt.Errorf("host sent error %+v", e))
		}
	}
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}
