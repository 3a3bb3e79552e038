package signal

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"

	"longhall/app/internal/bip340"
)

// NostrKind is the event kind Longhall's signaling uses: an ephemeral kind
// (20000–29999), which relays pass on to subscribers and do not store.
const NostrKind = 25050

// Nostr signals through a Nostr relay (NIP-01). Every payload is an
// ephemeral event whose content is the sealed payload, signed with a
// throwaway key made for the session. A guest's offer is tagged
// ["t", Room.Topic()]; the host subscribes to that tag. The host's answer is
// tagged ["p", <the guest's throwaway public key>]; the guest subscribes to
// that tag. So a relay sees opaque tags, fresh keys and ciphertext.
type Nostr struct {
	// URL is the relay's address, ws:// or wss://.
	URL string
	// Kind is the event kind; zero means NostrKind.
	Kind int
}

// Name is "nostr" and the relay's host.
func (n Nostr) Name() string { return relayName("nostr", n.URL) }

func (n Nostr) kind() int {
	if n.Kind == 0 {
		return NostrKind
	}
	return n.Kind
}

// Listen subscribes, as the host, to the room's offers.
func (n Nostr) Listen(ctx context.Context, room Room) (Listener, error) {
	if err := checkWS(n.URL); err != nil {
		return nil, err
	}
	return listen(ctx, n, room, nil)
}

// Call publishes the guest's offer to the room and waits for the host's
// answer.
func (n Nostr) Call(ctx context.Context, room Room, offer string) (string, error) {
	if err := checkWS(n.URL); err != nil {
		return "", err
	}
	return call(ctx, n, room, offer, nil)
}

// A subscription reaches back a little, for relays that keep ephemeral
// events for a moment; old ones would be stale anyway.
const nostrLookback = time.Minute

func (n Nostr) hostSession(ctx context.Context, room Room, in chan<- inbound, present func()) error {
	c, err := dialNostr(ctx, n.Name(), n.URL, n.kind())
	if err != nil {
		return err
	}
	defer c.close()
	topic := room.Topic()
	if err := c.subscribe(ctx, "#t", topic); err != nil {
		return err
	}
	present()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-c.events:
			if !ok {
				return c.ws.err()
			}
			if ev.tag("t") != topic {
				continue
			}
			guest := ev.PubKey
			reply := func(rctx context.Context, sealed string) error {
				return c.publish(rctx, [][]string{{"p", guest}}, sealed)
			}
			select {
			case in <- inbound{sealed: ev.Content, reply: reply}:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

func (n Nostr) guestSession(ctx context.Context, room Room) (guestLink, error) {
	c, err := dialNostr(ctx, n.Name(), n.URL, n.kind())
	if err != nil {
		return nil, err
	}
	if err := c.subscribe(ctx, "#p", c.pub); err != nil {
		c.close()
		return nil, err
	}
	g := &nostrGuest{c: c, topic: room.Topic(), out: make(chan string, 4), done: make(chan struct{})}
	go g.read()
	return g, nil
}

type nostrGuest struct {
	c     *nostrConn
	topic string
	out   chan string
	done  chan struct{}
	once  sync.Once
}

func (g *nostrGuest) read() {
	defer close(g.out)
	for ev := range g.c.events {
		if ev.tag("p") != g.c.pub {
			continue
		}
		select {
		case g.out <- ev.Content:
		case <-g.done:
		}
	}
}

func (g *nostrGuest) send(ctx context.Context, sealed string) error {
	return g.c.publish(ctx, [][]string{{"t", g.topic}}, sealed)
}

func (g *nostrGuest) recv() <-chan string { return g.out }
func (g *nostrGuest) steady()             {}
func (g *nostrGuest) err() error          { return g.c.ws.err() }

func (g *nostrGuest) close() {
	g.once.Do(func() {
		close(g.done)
		g.c.close()
	})
}

// nostrConn is a connection to a relay with one subscription and a
// throwaway key.
type nostrConn struct {
	name string
	ws   *wsConn
	kind int
	key  *bip340.Key
	pub  string // x-only public key, hex
	sub  string

	// events has the events of our kind that the subscription delivers;
	// it is closed when the connection ends. Their signatures are not
	// checked: the relay checks them, and the seal on the content is what
	// tells a real payload from a forgery, far more cheaply than a
	// signature check would.
	events chan *event
	eose   chan struct{} // closed at the first EOSE
	gone   chan struct{} // closed when dispatch ends
	done   chan struct{} // closed by close
	once   sync.Once
	mu     sync.Mutex
	sawEOS bool
	waits  map[string]chan okReply // event id → its OK
}

type okReply struct {
	ok  bool
	msg string
}

func dialNostr(ctx context.Context, name, url string, kind int) (*nostrConn, error) {
	key := bip340.RandomKey()
	ws, err := dialWS(ctx, name, url)
	if err != nil {
		return nil, err
	}
	c := &nostrConn{name: name, ws: ws, kind: kind, key: key,
		pub: hex.EncodeToString(key.Public()), sub: randomID(12),
		events: make(chan *event, 16), eose: make(chan struct{}), gone: make(chan struct{}),
		done: make(chan struct{}), waits: make(map[string]chan okReply)}
	go c.dispatch()
	return c, nil
}

// subscribe asks for our kind of events with the given tag, and waits
// until the relay has said EOSE: from then on it passes new events on.
func (c *nostrConn) subscribe(ctx context.Context, tag, value string) error {
	filter := map[string]any{
		"kinds": []int{c.kind},
		tag:     []string{value},
		"since": time.Now().Add(-nostrLookback).Unix(),
	}
	if err := c.ws.send(ctx, []any{"REQ", c.sub, filter}); err != nil {
		return err
	}
	t := time.NewTimer(dialTimeout)
	defer t.Stop()
	select {
	case <-c.eose:
		return nil
	case <-c.gone:
		return c.ws.err()
	case <-t.C:
		return &RelayError{Relay: c.name, What: "did not answer"}
	case <-ctx.Done():
		return ctx.Err()
	}
}

// publish signs and sends an event of our kind, and waits for the relay to
// accept it. A relay that says nothing within the write timeout is taken to
// have accepted it: the guest resends anyway.
func (c *nostrConn) publish(ctx context.Context, tags [][]string, content string) error {
	ev := event{CreatedAt: time.Now().Unix(), Kind: c.kind, Tags: tags, Content: content}
	if err := ev.sign(c.key); err != nil {
		return err
	}
	ok := make(chan okReply, 1)
	c.mu.Lock()
	c.waits[ev.ID] = ok
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.waits, ev.ID)
		c.mu.Unlock()
	}()
	if err := c.ws.send(ctx, []any{"EVENT", ev}); err != nil {
		return err
	}
	t := time.NewTimer(writeTimeout)
	defer t.Stop()
	select {
	case r := <-ok:
		if !r.ok {
			return &RelayError{Relay: c.name, What: "refused a message: " + r.msg}
		}
		return nil
	case <-t.C:
		return nil
	case <-c.gone:
		return c.ws.err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// dispatch reads the relay's messages.
func (c *nostrConn) dispatch() {
	defer close(c.gone)
	defer close(c.events)
	for p := range c.ws.in {
		var msg []json.RawMessage
		var label string
		if json.Unmarshal(p, &msg) != nil || len(msg) < 2 || json.Unmarshal(msg[0], &label) != nil {
			continue
		}
		switch label {
		case "EVENT":
			var sub string
			var ev event
			if len(msg) < 3 || json.Unmarshal(msg[1], &sub) != nil || sub != c.sub ||
				json.Unmarshal(msg[2], &ev) != nil || ev.Kind != c.kind || !ev.idMatches() {
				continue
			}
			select {
			case c.events <- &ev:
			case <-c.done:
			}
		case "EOSE":
			c.mu.Lock()
			if !c.sawEOS {
				c.sawEOS = true
				close(c.eose)
			}
			c.mu.Unlock()
		case "OK":
			var id string
			var r okReply
			if len(msg) < 3 || json.Unmarshal(msg[1], &id) != nil || json.Unmarshal(msg[2], &r.ok) != nil {
				continue
			}
			if len(msg) > 3 {
				json.Unmarshal(msg[3], &r.msg)
			}
			c.mu.Lock()
			w := c.waits[id]
			c.mu.Unlock()
			if w != nil {
				select {
				case w <- r:
				default:
				}
			}
		case "CLOSED":
			var sub, why string
			if len(msg) < 2 || json.Unmarshal(msg[1], &sub) != nil || sub != c.sub {
				continue
			}
			if len(msg) > 2 {
				json.Unmarshal(msg[2], &why)
			}
			c.ws.fatal(&RelayError{Relay: c.name, What: "refused the room: " + why})
		}
	}
}

func (c *nostrConn) close() {
	c.once.Do(func() {
		close(c.done)
		c.ws.close()
	})
}
