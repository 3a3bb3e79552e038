package relay

// What makes a lossy, duplicating, reordering relay into an ordered,
// reliable, message-oriented link: sequence numbers, cumulative acks,
// retransmission with backoff, batching under a rate bound, and a
// heartbeat.

import (
	"context"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/chacha20poly1305"

	"longhall/app/internal/jsonquote"
	"longhall/app/internal/sdpflate"
)

// MaxMessage is the largest message a relayed link carries, the
// session's own limit.
const MaxMessage = 64 << 10

// The pace of a relayed link. Variables, so tests may change them.
var (
	linkBatch    = 30 * time.Millisecond  // messages sent together go in one frame
	linkGap      = 250 * time.Millisecond // at most 4 frames a second each way
	linkAckDelay = 500 * time.Millisecond // an ack waits this long for a frame to ride on
	linkRTO      = 2 * time.Second        // unacked pieces go again after this…
	linkMaxRTO   = 8 * time.Second        // …growing by half up to this
	linkBeat     = 15 * time.Second       // an idle side sends an empty frame this often
	linkFresh    = 35 * time.Second       // a relay that brought a frame this recently is preferred
	linkLost     = 40 * time.Second       // a side not heard from for this long is gone…
	linkStall    = 20 * time.Second       // …or for this long while what it was sent waits for its ack
	linkFlush    = 2 * time.Second        // the last frames may take this long to leave after a close
	linkAgain    = time.Second            // a close goes again after this, twice
	linkSend     = 10 * time.Second       // a relay may take this long to take one frame
)

const (
	linkFanout    = 2        // a frame goes through this many of the relays that work
	linkPiece     = 8 << 10  // a longer message is cut in pieces of this size
	linkFrameText = 32 << 10 // the JSON of a frame, before compression: sealed, under 45 KB at worst
	linkMaxQueue  = 1 << 20  // bytes waiting for the other side's ack
	linkMaxPieces = 1024
	linkWindow    = 512 // pieces in flight, and accepted ahead of a gap
	linkRecvQueue = 256 // messages waiting for Recv
	linkInbox     = 64  // frames waiting for the link's goroutine
)

// Version is the first byte of a sealed frame (1 is the room's seal,
// app/signal's).
const Version = 2

// IDSize is the size of a link's id, in bytes.
const IDSize = 12

// KeySize is the size of a link's key (XChaCha20-Poly1305's).
const KeySize = chacha20poly1305.KeySize

// ID names a link. It travels in the clear in every frame, after Version,
// so that the host can route frames to their link.
type ID [IDSize]byte

// frameAD ends every frame's associated data. It names signal, where
// relayed links began: it is part of the wire format.
var frameAD = []byte("longhall/signal/v1")

var b64 = base64.RawURLEncoding

// Stats counts what a relayed link has cost the relays so far.
type Stats struct {
	Frames      int64 // frames this side made (data, acks, heartbeats, retransmissions)
	Events      int64 // relay messages: a frame sent through two relays is two events
	Bytes       int64 // sealed bytes of those events
	Retransmits int64 // times unacked pieces were sent again
	Received    int64 // authentic frames received, duplicates included
}

// Conn is a relayed link to one other player: an ordered, reliable,
// message-oriented connection (it implements session.Conn) whose messages
// travel, batched and sealed, through the room's relays. New makes either
// end; app/signal's DialRelay makes the guest's and Offer.AcceptRelay the
// host's.
type Conn struct {
	id    ID
	guest bool       // this is the guest's end
	hs    *handshake // the guest's, until the link is keyed

	wake     chan struct{}
	inbox    chan Frame
	readable chan struct{}
	up       chan struct{} // closed once the link is keyed
	spoke    chan struct{} // closed once the other side's first message came
	done     chan struct{}
	onEnd    func()

	mu     sync.Mutex
	aead   cipher.AEAD // nil until the handshake is done
	err    error
	routes []*Route
	stats  Stats

	// Sending: out holds the pieces from seq acked+1 on, each with its mark.
	out      []string
	outBytes int
	outSince time.Time // when the oldest piece in out was queued
	acked    int64     // the other side has every piece up to this one
	sent     int64     // pieces up to this one went out in the current pass
	resend   int64     // pieces up to this one are retransmissions
	queuedAt time.Time // when the oldest piece not yet sent was queued
	rto      time.Duration
	rtoAt    time.Time
	lastSent time.Time

	// Receiving.
	got   int64            // every piece up to this one arrived
	ahead map[int64]string // pieces past a gap
	part  []byte           // the message being put together
	ready [][]byte         // whole messages for Recv
	ackAt time.Time        // when an ack is due (zero: none is)
	heard time.Time        // when the last authentic frame arrived
	said  bool             // a whole message has arrived (spoke is closed)
}

// Route is one relay the frames of a link travel through.
type Route struct {
	c      *Conn
	name   string
	q      chan string
	mu     sync.Mutex
	send   func(ctx context.Context, sealed string) error // nil while not connected
	heard  time.Time                                      // guarded by the link's mu
	failed atomic.Bool                                    // the last send failed
	ctx    context.Context                                // ends once the queue is drained
	cancel context.CancelFunc
}

func (r *Route) connected() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.send != nil
}

func (r *Route) setSend(f func(context.Context, string) error) {
	r.mu.Lock()
	r.send = f
	r.mu.Unlock()
}

// SetSend says how a frame goes through the relay now: send, once the
// relay is connected, and nil once it has dropped (frames queued for it
// meanwhile are lost, and go again if they matter). While a guest's end
// waits for its key, a relay just connected gets the hello at once.
func (r *Route) SetSend(send func(ctx context.Context, sealed string) error) {
	r.setSend(send)
	if send == nil {
		return
	}
	c := r.c
	c.mu.Lock()
	if c.hs != nil {
		c.hs.fresh = append(c.hs.fresh, r)
		poke(c.wake)
	}
	c.mu.Unlock()
}

// Context ends once the link has ended and the relay's last frames have
// gone: what keeps a connection to the relay for the link should end
// with it.
func (r *Route) Context() context.Context { return r.ctx }

// Frame is a payload that came through a relay, for Take.
type Frame struct {
	// Text is the payload as the relay carried it (base64url). Raw is the
	// same decoded, when the caller has decoded it already (Text is not
	// read then).
	Text string
	Raw  []byte
	// Route is the route that brought it, on an end that made its routes
	// with AddRoute (the guest's). The host's end learns its routes from
	// the guest's frames: Via names the relay that brought this one, and
	// Reply sends a frame back to the guest through it.
	Route *Route
	Via   string
	Reply func(ctx context.Context, sealed string) error
}

// New makes one end of the link id: the guest's (the side that asked for
// the link) when guest is set, else the host's. Give it its key with Key,
// or to a guest's end a Handshake with Start; it runs from Start.
func New(id ID, guest bool) *Conn {
	return &Conn{
		id: id, guest: guest,
		wake:     make(chan struct{}, 1),
		inbox:    make(chan Frame, linkInbox),
		readable: make(chan struct{}, 1),
		up:       make(chan struct{}),
		spoke:    make(chan struct{}),
		done:     make(chan struct{}),
		rto:      linkRTO,
		heard:    time.Now(),
		lastSent: time.Now(),
	}
}

// ID is the link's id.
func (c *Conn) ID() ID { return c.id }

// Key gives an end the link's key (KeySize bytes, which the two ends
// agreed on) before Start: the host's end, which has it from the guest's
// request. A guest's end gets it from its Handshake instead.
func (c *Conn) Key(key []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.key(key)
}

// key sets the link's key. Called with mu held.
func (c *Conn) key(k []byte) {
	aead, err := chacha20poly1305.NewX(k)
	if err != nil {
		panic("relay: xchacha20-poly1305: " + err.Error()) // only for a key of the wrong size
	}
	c.aead = aead
	c.heard = time.Now()
	close(c.up)
}

// Keyed is closed once the link has its key: at once on an end given it
// with Key, when the host's answer comes on a guest's end that waits for
// it through a Handshake.
func (c *Conn) Keyed() <-chan struct{} { return c.up }

// OnEnd has f run once when the link ends, with the link's lock held (f
// must not call the link). Set it before Start.
func (c *Conn) OnEnd(f func()) {
	c.mu.Lock()
	c.onEnd = f
	c.mu.Unlock()
}

// Start runs the link. hs is how a guest's end not given its key with Key
// gets it (nil for an end that has it).
func (c *Conn) Start(hs Handshake) {
	c.mu.Lock()
	if c.aead == nil {
		if hs == nil {
			c.mu.Unlock()
			panic("relay: a link started with no key and no handshake")
		}
		c.hs = &handshake{Handshake: hs, every: helloFirst}
	}
	c.mu.Unlock()
	go c.run()
}

func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// AddRoute adds a relay called name for the link's frames, which go
// through it with send (nil until it is connected: see Route.SetSend), and
// starts its sender. The guest's end knows its relays from the start; the
// host's learns them from the guest's frames (Frame.Via).
func (c *Conn) AddRoute(name string, send func(ctx context.Context, sealed string) error) *Route {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.addRoute(name, send)
}

// addRoute is AddRoute with mu held.
func (c *Conn) addRoute(name string, send func(context.Context, string) error) *Route {
	r := &Route{c: c, name: name, q: make(chan string, 16), send: send}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	c.routes = append(c.routes, r)
	go c.drain(r)
	return r
}

// drain sends a route's frames one at a time (a Nostr relay confirms each
// one), until the link ends and the queue is empty.
func (c *Conn) drain(r *Route) {
	defer r.cancel()
	for s := range r.q {
		r.mu.Lock()
		send := r.send
		r.mu.Unlock()
		if send == nil {
			continue
		}
		d := linkSend
		select {
		case <-c.done:
			d = linkFlush
		default:
		}
		ctx, cancel := context.WithTimeout(r.ctx, d)
		err := send(ctx, s)
		cancel()
		r.failed.Store(err != nil)
	}
}

// Take hands a payload that came through a relay to the link. It never
// blocks: when the link falls behind, frames are dropped, and come again.
func (c *Conn) Take(f Frame) {
	select {
	case c.inbox <- f:
	default:
	}
}

func (c *Conn) run() {
	t := time.NewTimer(time.Hour)
	defer t.Stop()
	for {
		c.mu.Lock()
		next := c.tick(time.Now())
		c.mu.Unlock()
		if next.IsZero() {
			return
		}
		t.Reset(time.Until(next))
		select {
		case <-c.wake:
		case <-t.C:
		case f := <-c.inbox:
			c.mu.Lock()
			c.receive(f, time.Now())
			c.mu.Unlock()
		case <-c.done:
			return
		}
	}
}

// tick sends what is due and returns when it should run again (zero once
// the link has ended).
func (c *Conn) tick(now time.Time) time.Time {
	if c.err != nil {
		return time.Time{}
	}
	if c.aead == nil {
		return c.hello(now)
	}
	lost := c.heard.Add(linkLost)
	if len(c.out) > 0 {
		lost = earliest(lost, later(c.heard, c.outSince).Add(linkStall))
	}
	if !now.Before(lost) {
		c.end(ErrLost)
		return time.Time{}
	}
	if c.sent > c.acked && !c.rtoAt.IsZero() && !now.Before(c.rtoAt) {
		// Go back: everything unacked goes again, through every relay.
		c.resend = max(c.resend, c.sent)
		c.sent = c.acked
		c.queuedAt = now
		c.rto = min(c.rto*3/2, linkMaxRTO)
		c.rtoAt = time.Time{}
		c.stats.Retransmits++
	}
	if len(c.routes) == 0 {
		// The host's end before the guest's first frame: nowhere to send
		// yet. That frame makes a route and runs tick again.
		return lost
	}
	for {
		due := c.lastSent.Add(linkBeat)
		gap := c.lastSent.Add(linkGap)
		if c.unsent() {
			due = earliest(due, later(c.queuedAt.Add(linkBatch), gap))
		}
		if !c.ackAt.IsZero() {
			due = earliest(due, later(c.ackAt, gap))
		}
		if now.Before(due) {
			next := earliest(due, lost)
			if !c.rtoAt.IsZero() {
				next = earliest(next, c.rtoAt)
			}
			return next
		}
		c.sendFrame(now, false)
	}
}

func earliest(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// unsent says whether pieces wait to go out and the window lets them.
func (c *Conn) unsent() bool {
	return c.sent < c.acked+int64(len(c.out)) && c.sent-c.acked < linkWindow
}

// sendFrame makes one frame of what is due (the ack, pieces not yet sent
// in this pass, the close mark), sends it and returns it sealed.
//
// A frame is JSON: {"a":<ack>,"n":<seq of the first piece>,"d":[<pieces>],"x":1},
// where "n" and "d" are left out when there are no pieces, and "x" marks
// the sender's last frame.
func (c *Conn) sendFrame(now time.Time, closing bool) string {
	b := make([]byte, 0, 256)
	b = append(b, `{"a":`...)
	b = strconv.AppendInt(b, c.got, 10)
	first := c.sent + 1
	n := 0
	if c.unsent() {
		b = append(b, `,"n":`...)
		b = strconv.AppendInt(b, first, 10)
		b = append(b, `,"d":[`...)
		for i := int(c.sent - c.acked); i < len(c.out) && c.sent+int64(n)-c.acked < linkWindow; i++ {
			keep := len(b)
			if n > 0 {
				b = append(b, ',')
			}
			b = jsonquote.Append(b, c.out[i])
			if len(b) > linkFrameText && n > 0 {
				b = b[:keep]
				break
			}
			n++
		}
		b = append(b, ']')
	}
	if closing {
		b = append(b, `,"x":1`...)
	}
	b = append(b, '}')
	all := closing || (n > 0 && first <= c.resend)
	sealed := c.seal(b)
	c.transmit(sealed, all)
	c.stats.Frames++
	c.sent += int64(n)
	if n > 0 && c.rtoAt.IsZero() {
		c.rtoAt = now.Add(c.rto)
	}
	c.lastSent = now
	c.ackAt = time.Time{}
	return sealed
}

// seal: version 2 | link id | nonce | XChaCha20-Poly1305(deflate(frame)).
func (c *Conn) seal(frame []byte) string {
	packed := sdpflate.Deflate(frame)
	out := make([]byte, 1+IDSize+chacha20poly1305.NonceSizeX, 1+IDSize+chacha20poly1305.NonceSizeX+len(packed)+c.aead.Overhead())
	out[0] = Version
	copy(out[1:], c.id[:])
	nonce := out[1+IDSize:]
	rand.Read(nonce) // never fails (Go 1.24+)
	out = c.aead.Seal(out, nonce, packed, c.ad(c.guest))
	return b64.EncodeToString(out)
}

// ad binds a frame to its link and direction, so that a relay cannot
// reflect one side's frames back to it.
func (c *Conn) ad(fromGuest bool) []byte {
	dir := byte('h')
	if fromGuest {
		dir = 'g'
	}
	ad := append([]byte{Version, dir}, c.id[:]...)
	return append(ad, frameAD...)
}

// transmit queues a sealed payload on the relays that carry the link now:
// the two that brought the other side's frames most recently (or the one,
// and the next that works, which the other side then learns); all of them
// when none has lately, or when all is set (the handshake, a
// retransmission, the close).
func (c *Conn) transmit(sealed string, all bool) {
	var picked []*Route
	if !all {
		now := time.Now()
		for _, r := range c.routes {
			if r.failed.Load() || now.Sub(r.heard) > linkFresh {
				continue
			}
			if len(picked) < linkFanout {
				picked = append(picked, r)
			} else if i := oldest(picked); r.heard.After(picked[i].heard) {
				picked[i] = r
			}
		}
		for _, r := range c.routes {
			if len(picked) == 0 || len(picked) >= linkFanout {
				break
			}
			if !r.failed.Load() && now.Sub(r.heard) > linkFresh && r.connected() {
				picked = append(picked, r)
			}
		}
	}
	if len(picked) == 0 {
		picked = c.routes
	}
	for _, r := range picked {
		c.queue(r, sealed)
	}
}

// queue hands a payload to one relay's sender, unless that relay is not
// connected or is backed up: the payload goes again if it matters.
func (c *Conn) queue(r *Route, sealed string) {
	if !r.connected() {
		return
	}
	select {
	case r.q <- sealed:
		c.stats.Events++
		c.stats.Bytes += int64(len(sealed))
	default:
	}
}

func oldest(rs []*Route) int {
	i := 0
	for j, r := range rs {
		if r.heard.Before(rs[i].heard) {
			i = j
		}
	}
	return i
}

// frame is a received frame.
type frame struct {
	Ack    int64    `json:"a"`
	First  int64    `json:"n"`
	Pieces []string `json:"d"`
	Close  int      `json:"x"`
}

// receive handles one payload from a relay.
func (c *Conn) receive(f Frame, now time.Time) {
	if c.err != nil {
		return
	}
	raw := f.Raw
	if raw == nil {
		var err error
		if raw, err = b64.Strict().DecodeString(f.Text); err != nil || len(raw) == 0 {
			return
		}
	}
	if c.aead == nil {
		if raw[0] != Version {
			c.answered(f.Text, f.Route)
		}
		return
	}
	const head = 1 + IDSize + chacha20poly1305.NonceSizeX
	if len(raw) < head+c.aead.Overhead() || raw[0] != Version || ID(raw[1:1+IDSize]) != c.id {
		return
	}
	packed, err := c.aead.Open(nil, raw[1+IDSize:head], raw[head:], c.ad(!c.guest))
	if err != nil {
		return
	}
	plain, err := sdpflate.Inflate(packed)
	var fr frame
	if err != nil || json.Unmarshal(plain, &fr) != nil {
		return
	}
	r := f.Route
	if r == nil {
		r = c.routeFor(f.Via, f.Reply)
	}
	if r != nil {
		r.heard = now
		r.failed.Store(false)
	}
	c.heard = now
	c.stats.Received++

	if fr.Ack > c.acked && fr.Ack <= c.acked+int64(len(c.out)) {
		k := int(fr.Ack - c.acked)
		for _, p := range c.out[:k] {
			c.outBytes -= len(p)
		}
		c.out = append(c.out[:0:0], c.out[k:]...)
		c.outSince = now
		c.acked = fr.Ack
		c.sent = max(c.sent, c.acked)
		c.rto = linkRTO
		c.rtoAt = time.Time{}
		if c.sent > c.acked {
			c.rtoAt = now.Add(c.rto)
		}
	}
	if len(fr.Pieces) > 0 {
		if c.ackAt.IsZero() {
			c.ackAt = now.Add(linkAckDelay)
		}
		for i, p := range fr.Pieces {
			seq := fr.First + int64(i)
			if seq > c.got && seq <= c.got+linkWindow && p != "" {
				if c.ahead == nil {
					c.ahead = make(map[int64]string)
				}
				c.ahead[seq] = p
			}
		}
		c.advance()
	}
	if fr.Close != 0 && c.err == nil {
		c.end(ErrHungUp)
	}
}

// routeFor is the host's route for the relay called name, made when the
// guest's first frame comes through it. reply reaches the guest there (on
// Nostr, its key of the moment), so the latest one is kept.
func (c *Conn) routeFor(name string, reply func(context.Context, string) error) *Route {
	for _, r := range c.routes {
		if r.name == name {
			r.setSend(reply)
			return r
		}
	}
	if len(c.routes) >= 32 || reply == nil {
		return nil
	}
	return c.addRoute(name, reply)
}

// advance moves the pieces that follow on without a gap into whole
// messages, as far as the receive queue has room: when it is full, the
// pieces are not acked, and the sender holds back.
func (c *Conn) advance() {
	for len(c.ready) < linkRecvQueue {
		p, ok := c.ahead[c.got+1]
		if !ok {
			return
		}
		delete(c.ahead, c.got+1)
		c.got++
		var body []byte
		switch p[0] {
		case '.', '+':
			body = []byte(p[1:])
		case '!', '*':
			var err error
			if body, err = b64.Strict().DecodeString(p[1:]); err != nil {
				c.end(errGarbled)
				return
			}
		default:
			c.end(errGarbled)
			return
		}
		c.part = append(c.part, body...)
		if len(c.part) > MaxMessage {
			c.end(errGarbled)
			return
		}
		if p[0] == '.' || p[0] == '!' {
			c.ready = append(c.ready, c.part)
			c.part = nil
			poke(c.readable)
			if !c.said {
				c.said = true
				close(c.spoke)
			}
		}
	}
}

// end ends the link with err. Called with mu held.
func (c *Conn) end(err error) {
	c.finish(err)
	c.closeRoutes()
}

// finish ends the link with err, leaving its relays' senders running.
// Called with mu held.
func (c *Conn) finish(err error) {
	c.err = err
	close(c.done)
	if c.onEnd != nil {
		c.onEnd()
	}
	poke(c.readable)
}

// closeRoutes lets each relay's sender end once it has sent what it holds.
// Called with mu held.
func (c *Conn) closeRoutes() {
	for _, r := range c.routes {
		close(r.q)
	}
}

// Send queues msg (copied) and returns at once. It fails with
// ErrTooLarge over MaxMessage, and with ErrBackedUp while a megabyte
// waits for the other side's acks; the link stays open.
func (c *Conn) Send(msg []byte) error {
	if len(msg) > MaxMessage {
		return ErrTooLarge
	}
	// Text goes as it is; anything else in base64. Both are cut on
	// boundaries that keep each piece whole: a character, three bytes.
	text := utf8.Valid(msg)
	size, more, last := linkPiece, "+", "."
	if !text {
		size, more, last = linkPiece/4*3, "*", "!"
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return c.err
	}
	if c.outBytes+len(msg) > linkMaxQueue || len(c.out)+len(msg)/size+1 > linkMaxPieces {
		return ErrBackedUp
	}
	if !c.unsent() {
		c.queuedAt = time.Now()
	}
	if len(c.out) == 0 {
		c.outSince = time.Now()
	}
	for {
		n := min(len(msg), size)
		for text && n < len(msg) && n > 0 && !utf8.RuneStart(msg[n]) {
			n--
		}
		mark := last
		if n < len(msg) {
			mark = more
		}
		var p string
		if text {
			p = mark + string(msg[:n])
		} else {
			p = mark + b64.EncodeToString(msg[:n])
		}
		c.out = append(c.out, p)
		c.outBytes += len(p)
		msg = msg[n:]
		if len(msg) == 0 {
			break
		}
	}
	poke(c.wake)
	return nil
}

// Recv returns the next whole message. After the link ends it returns the
// messages that arrived before, then the reason.
func (c *Conn) Recv(ctx context.Context) ([]byte, error) {
	for {
		c.mu.Lock()
		if len(c.ready) > 0 {
			m := c.ready[0]
			c.ready[0] = nil
			c.ready = c.ready[1:]
			if got := c.got; c.err == nil {
				c.advance()
				if c.got > got && c.ackAt.IsZero() {
					c.ackAt = time.Now().Add(linkAckDelay)
					poke(c.wake)
				}
			}
			c.mu.Unlock()
			return m, nil
		}
		err := c.err
		c.mu.Unlock()
		if err != nil {
			return nil, err
		}
		select {
		case <-c.readable:
		case <-c.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Close ends the link for both sides and returns at once. Its last frame
// carries again what the other side has not acked, and the close, through
// every relay, three times a second apart (the link ends at once here;
// only the relays' senders stay for those two seconds). Only if every copy
// is lost does the other side find the link lost, and miss what it
// carried.
func (c *Conn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return nil
	}
	if c.aead == nil || len(c.routes) == 0 {
		c.end(ErrClosed)
		return nil
	}
	c.sent = c.acked
	last := c.sendFrame(time.Now(), true)
	c.finish(ErrClosed)
	go func() {
		for range 2 {
			time.Sleep(linkAgain)
			c.mu.Lock()
			c.transmit(last, true)
			c.mu.Unlock()
		}
		c.mu.Lock()
		c.closeRoutes()
		c.mu.Unlock()
	}()
	return nil
}

// Spoke is closed once the first whole message from the other side has
// arrived. On the host's end that is the guest taking up the link (its
// hello): a guest that asked for one and then joined by another path
// sends none, only the frame that acknowledges the host's answer and,
// soon after, the close.
func (c *Conn) Spoke() <-chan struct{} { return c.spoke }

// Done is closed when the link ends, whoever ended it.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err says why the link ended: ErrClosed (this side closed it), ErrHungUp
// (the other side did) or ErrLost (nothing came through any relay for a
// while); nil while it is open.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Stats says what the link has sent and received so far.
func (c *Conn) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// Relays names the relays that brought the other side's frames lately:
// those that carry the link now.
func (c *Conn) Relays() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var names []string
	for _, r := range c.routes {
		if time.Since(r.heard) <= linkFresh {
			names = append(names, r.name)
		}
	}
	return names
}
