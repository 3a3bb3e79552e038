package signal

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"testing/synctest"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/app/relay"
)

// acceptRelays plays the host's app: it accepts every relayed link that
// asks on l and hands it over.
func acceptRelays(ctx context.Context, t *testing.T, l Listener) <-chan *relay.Conn {
	t.Helper()
	links := make(chan *relay.Conn, 4)
	done := make(chan struct{})
	t.Cleanup(func() { <-done })
	go func() {
		defer close(done)
		for {
			o, err := l.Accept(ctx)
			if err != nil {
				return
			}
			if !o.Relay {
				t.Errorf("an offer for WebRTC came: %+v", o)
				continue
			}
			c, err := o.AcceptRelay(ctx)
			if err != nil {
				t.Errorf("accept: %v", err)
				continue
			}
			links <- c
		}
	}()
	return links
}

// converse sends n numbered messages each way and checks that they come
// in order; marker is in every message, for checks of what relays saw.
func converse(t *testing.T, a, b *relay.Conn, n int, marker string) {
	t.Helper()
	errs := make(chan error, 2)
	for _, dir := range []struct{ from, to *relay.Conn }{{a, b}, {b, a}} {
		go func() {
			for i := range n {
				if err := dir.from.Send(fmt.Appendf(nil, `{"n":%d,"text":"%s"}`, i, marker)); err != nil {
					errs <- err
					return
				}
			}
			for i := range n {
				m, err := dir.to.Recv(context.Background())
				if err != nil {
					errs <- err
					return
				}
				if want := fmt.Sprintf(`{"n":%d,"text":"%s"}`, i, marker); string(m) != want {
					errs <- fmt.Errorf("got %s, want %s", m, want)
					return
				}
			}
			errs <- nil
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// TestRelayedLinkOverBroadcast: a guest asks for a relayed link, the
// host's listener hands the request over as an Offer with Relay set, and
// the two talk through the BroadcastChannel; each end's close reaches
// the other.
func TestRelayedLinkOverBroadcast(t *testing.T) {
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	l, err := Broadcast{}.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	links := acceptRelays(ctx, t, l)
	g, err := DialRelay(ctx, Broadcast{}, room)
	if err != nil {
		t.Fatal(err)
	}
	h := <-links
	converse(t, g, h, 100, "over the channel")
	if got := g.Relays(); len(got) != 1 || got[0] != "broadcastchannel" {
		t.Errorf("the guest's relays: %q", got)
	}
	h.Close()
	<-g.Done()
	if !errors.Is(g.Err(), ErrLinkHungUp) {
		t.Fatalf("the guest's end: %v", g.Err())
	}
}

func TestDialRelayErrors(t *testing.T) {
	leaktest.Check(t)
	room := newTestRoom(t)
	t.Run("no relay can carry a link", func(t *testing.T) {
		_, err := DialRelay(testContext(t, time.Second), Race{Signalers: []Signaler{Tracker{URL: "ws://127.0.0.1:1"}}}, room)
		if !errors.Is(err, ErrNoRelay) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("no host", func(t *testing.T) {
		noHost := func(t *testing.T) {
			_, err := DialRelay(testContext(t, 3*time.Second), Broadcast{}, room)
			if !errors.Is(err, ErrNoAnswer) {
				t.Fatalf("got %v", err)
			}
		}
		if runtime.GOOS == "js" {
			noHost(t) // a real BroadcastChannel, whose events no bubble sees
			return
		}
		// In a bubble the guest gives up at once, when its context ends on
		// the bubble's clock, and not before it has reached the channel,
		// however long a busy machine takes to.
		synctest.Test(t, noHost)
	})
	t.Run("a direct offer is not a relayed one", func(t *testing.T) {
		if _, err := (&Offer{SDP: testSDP}).AcceptRelay(context.Background()); err == nil {
			t.Fatal("accepted")
		}
	})
	t.Run("a key that is not one", func(t *testing.T) {
		for _, key := range []string{"", "AAAA", b64.EncodeToString(make([]byte, 32))} {
			o := &Offer{SDP: key, Relay: true, reply: func(context.Context, string) error { return nil }}
			if c, err := o.AcceptRelay(context.Background()); err == nil {
				c.Close()
				t.Fatalf("accepted the key %q", key)
			}
		}
	})
}

// TestARelayedLinkClosedUnusedEndsOnTheHostAtOnce: a guest that asked for
// a relayed link beside its data channel, and went direct, closes the
// link as soon as it opens, without a message on it. The host's end never
// hears a message (Spoke stays open), ends at once with the guest's
// close, and the relays carried only the handshake, a frame and the
// close (sent three times): what a direct join costs them besides its
// offer and answer.
func TestARelayedLinkClosedUnusedEndsOnTheHostAtOnce(t *testing.T) {
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	l, err := Broadcast{}.Listen(ctx, room)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// A member of the room's channel that only counts what goes by.
	watch, err := openBus(room.ChannelName())
	if err != nil {
		t.Fatal(err)
	}
	links := acceptRelays(ctx, t, l)
	g, err := DialRelay(ctx, Broadcast{}, room)
	if err != nil {
		t.Fatal(err)
	}
	h := <-links
	g.Close()
	select {
	case <-h.Done():
	case <-ctx.Done():
		t.Fatal("the host's end of a link closed unused did not end")
	}
	if !errors.Is(h.Err(), ErrLinkHungUp) {
		t.Errorf("the host's end ended with %v, want the guest's close", h.Err())
	}
	select {
	case <-h.Spoke():
		t.Error("the host's end heard a message on a link the guest never used")
	default:
	}
	time.Sleep(3 * time.Second) // the close goes again, twice, a second apart
	watch.close()
	var handshake, frames, bytes int
	for m := range watch.messages() {
		raw, err := b64.Strict().DecodeString(m)
		bytes += len(m)
		switch {
		case err != nil || len(raw) == 0:
			t.Errorf("an unreadable post: %.40q", m)
		case raw[0] == sealVersion:
			handshake++
		case raw[0] == relay.Version:
			frames++
		}
	}
	t.Logf("a link closed unused cost the relay %d handshake payloads and %d frames, %d bytes sealed", handshake, frames, bytes)
	// The request goes at once, and again through a relay as it
	// connects (here, often the same one), and each copy may be answered.
	if handshake < 2 || handshake > 4 || frames < 3 || frames > 4 {
		t.Errorf("a link closed unused cost %d handshake payloads and %d frames, want the request and the answer (each at most twice), and the guest's first frame and its close (three times)", handshake, frames)
	}
}
