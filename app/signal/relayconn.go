package signal

// A relayed link: when no direct path opens between two players, the
// room's session messages travel through the relays that carried the
// offer and answer, sealed with a key of the link's own (see relaydial.go
// for how the two ends agree on it). This file is the part that makes a
// lossy, duplicating, reordering relay into an ordered, reliable,
// message-oriented link: sequence numbers, cumulative acks, retransmission
// with backoff, batching under a rate bound, and a heartbeat.

import (
	"context"
	"crypto/cipher"
	"crypto/rand"
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/chacha20poly1305"

	"longhall/app/internal/sdpflate"
)

// Errors of a relayed link. Every error that ends one matches
// ErrLinkClosed with errors.Is.
var (
	ErrLinkClosed         = newError("the relayed link is closed")
	ErrLinkHungUp   error = &linkEnd{"the other player closed the relayed link"}
	ErrLinkLost     error = &linkEnd{"the relayed link to the other player was lost"}
	ErrLinkBackedUp       = newError("the other player is not taking the relayed messages")
	ErrLinkTooLarge       = newError("the message is over the size limit")
	errLinkGarbled  error = &linkEnd{"the other player sent a garbled relayed message"}
)

type linkEnd struct{ msg string }

func (e *linkEnd) Error() string        { return "signal: " + e.msg }
func (e *linkEnd) Reason() string       { return e.msg }
func (e *linkEnd) Is(target error) bool { return target == ErrLinkClosed }

// LinkMaxMessage is the largest message a relayed link carries, the
// session's own limit.
const LinkMaxMessage = 64 << 10

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
)

const (
	linkVersion   = 2        // the first byte of a sealed frame (1 is the room's seal)
	linkIDSize    = 12       // bytes of a link's id
	linkFanout    = 2        // a frame goes through this many of the relays that work
	linkPiece     = 8 << 10  // a longer message is cut in pieces of this size
	linkFrameText = 32 << 10 // the JSON of a frame, before compression: sealed, under 45 KB at worst
	linkMaxQueue  = 1 << 20  // bytes waiting for the other side's ack
	linkMaxPieces = 1024
	linkWindow    = 512 // pieces in flight, and accepted ahead of a gap
	linkRecvQueue = 256 // messages waiting for Recv
	linkInbox     = 64  // frames waiting for the link's goroutine
)

// RelayStats counts what a relayed link has cost the relays so far.
type RelayStats struct {
	Frames      int64 // frames this side made (data, acks, heartbeats, retransmissions)
	Events      int64 // relay messages: a frame sent through two relays is two events
	Bytes       int64 // sealed bytes of those events
	Retransmits int64 // times unacked pieces were sent again
	Received    int64 // authentic frames received, duplicates included
}

// RelayConn is a relayed link to one other player: an ordered, reliable,
// message-oriented connection (it implements session.Conn) whose messages
// travel, batched and sealed, through the room's relays. DialRelay makes
// the guest's end and Offer.AcceptRelay the host's.
type RelayConn struct {
	id    [linkIDSize]byte
	guest bool // this is the guest's end
	hs    *handshake

	wake     chan struct{}
	inbox    chan inFrame
	readable chan struct{}
	up       chan struct{} // closed once the link is keyed
	spoke    chan struct{} // closed once the other side's first message came
	done     chan struct{}
	onEnd    func()

	mu     sync.Mutex
	aead   cipher.AEAD // nil until the handshake is done
	err    error
	routes []*route
	stats  RelayStats

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

// route is one relay the frames of a link travel through.
type route struct {
	name   string
	q      chan string
	mu     sync.Mutex
	send   func(ctx context.Context, sealed string) error // nil while not connected
	heard  time.Time                                      // guarded by the link's mu
	failed atomic.Bool                                    // the last send failed
	ctx    context.Context                                // ends once the queue is drained
	cancel context.CancelFunc
}

func (r *route) connected() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.send != nil
}

func (r *route) setSend(f func(context.Context, string) error) {
	r.mu.Lock()
	r.send = f
	r.mu.Unlock()
}

// inFrame is a sealed payload on its way to a link, with the relay that
// brought it: r on the guest's side, name and reply on the host's.
type inFrame struct {
	text  string
	raw   []byte
	r     *route
	name  string
	reply func(ctx context.Context, sealed string) error
}

func newRelayConn(id [linkIDSize]byte, guest bool) *RelayConn {
	return &RelayConn{
		id: id, guest: guest,
		wake:     make(chan struct{}, 1),
		inbox:    make(chan inFrame, linkInbox),
		readable: make(chan struct{}, 1),
		up:       make(chan struct{}),
		spoke:    make(chan struct{}),
		done:     make(chan struct{}),
		rto:      linkRTO,
		heard:    time.Now(),
		lastSent: time.Now(),
	}
}

// key sets the link's key from the two ends' shared secret. Called with
// mu held, or before the link runs.
func (c *RelayConn) key(shared []byte) {
	k := derive(shared, c.id[:], hkdfLinkKey, chacha20poly1305.KeySize)
	aead, err := chacha20poly1305.NewX(k)
	if err != nil {
		panic("signal: xchacha20-poly1305: " + err.Error())
	}
	c.aead = aead
	c.heard = time.Now()
	close(c.up)
}

func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// addRoute adds a relay for the link's frames and starts its sender.
// Called with mu held, or before the link runs.
func (c *RelayConn) addRoute(name string, send func(context.Context, string) error) *route {
	r := &route{name: name, q: make(chan string, 16), send: send}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	c.routes = append(c.routes, r)
	go c.drain(r)
	return r
}

// drain sends a route's frames one at a time (a Nostr relay confirms each
// one), until the link ends and the queue is empty.
func (c *RelayConn) drain(r *route) {
	defer r.cancel()
	for s := range r.q {
		r.mu.Lock()
		send := r.send
		r.mu.Unlock()
		if send == nil {
			continue
		}
		d := writeTimeout
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

// take hands a payload that came through a relay to the link. It never
// blocks: when the link falls behind, frames are dropped, and come again.
func (c *RelayConn) take(f inFrame) {
	select {
	case c.inbox <- f:
	default:
	}
}

func (c *RelayConn) run() {
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
func (c *RelayConn) tick(now time.Time) time.Time {
	if c.err != nil {
		return time.Time{}
	}
	if c.aead == nil {
		return c.hs.tick(c, now)
	}
	lost := c.heard.Add(linkLost)
	if len(c.out) > 0 {
		lost = earliest(lost, later(c.heard, c.outSince).Add(linkStall))
	}
	if !now.Before(lost) {
		c.end(ErrLinkLost)
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
func (c *RelayConn) unsent() bool {
	return c.sent < c.acked+int64(len(c.out)) && c.sent-c.acked < linkWindow
}

// sendFrame makes one frame of what is due (the ack, pieces not yet sent
// in this pass, the close mark), sends it and returns it sealed.
//
// A frame is JSON: {"a":<ack>,"n":<seq of the first piece>,"d":[<pieces>],"x":1},
// where "n" and "d" are left out when there are no pieces, and "x" marks
// the sender's last frame.
func (c *RelayConn) sendFrame(now time.Time, closing bool) string {
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
			b = appendJSONString(b, c.out[i])
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
func (c *RelayConn) seal(frame []byte) string {
	packed := sdpflate.Deflate(frame)
	out := make([]byte, 1+linkIDSize+chacha20poly1305.NonceSizeX, 1+linkIDSize+chacha20poly1305.NonceSizeX+len(packed)+c.aead.Overhead())
	out[0] = linkVersion
	copy(out[1:], c.id[:])
	nonce := out[1+linkIDSize:]
	rand.Read(nonce) // never fails (Go 1.24+)
	out = c.aead.Seal(out, nonce, packed, c.ad(c.guest))
	return b64.EncodeToString(out)
}

// ad binds a frame to its link and direction, so that a relay cannot
// reflect one side's frames back to it.
func (c *RelayConn) ad(fromGuest bool) []byte {
	dir := byte('h')
	if fromGuest {
		dir = 'g'
	}
	ad := append([]byte{linkVersion, dir}, c.id[:]...)
	return append(ad, sealAD...)
}

// transmit queues a sealed payload on the relays that carry the link now:
// the two that brought the other side's frames most recently (or the one,
// and the next that works, which the other side then learns); all of them
// when none has lately, or when all is set (the handshake, a
// retransmission, the close).
func (c *RelayConn) transmit(sealed string, all bool) {
	var picked []*route
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
func (c *RelayConn) queue(r *route, sealed string) {
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

func oldest(rs []*route) int {
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
func (c *RelayConn) receive(f inFrame, now time.Time) {
	if c.err != nil {
		return
	}
	raw := f.raw
	if raw == nil {
		var err error
		if raw, err = b64.Strict().DecodeString(f.text); err != nil || len(raw) == 0 {
			return
		}
	}
	if c.aead == nil {
		if raw[0] == sealVersion {
			c.hs.answered(c, f.text, f.r)
		}
		return
	}
	const head = 1 + linkIDSize + chacha20poly1305.NonceSizeX
	if len(raw) < head+c.aead.Overhead() || raw[0] != linkVersion || [linkIDSize]byte(raw[1:1+linkIDSize]) != c.id {
		return
	}
	packed, err := c.aead.Open(nil, raw[1+linkIDSize:head], raw[head:], c.ad(!c.guest))
	if err != nil {
		return
	}
	plain, err := sdpflate.Inflate(packed)
	var fr frame
	if err != nil || json.Unmarshal(plain, &fr) != nil {
		return
	}
	r := f.r
	if r == nil {
		r = c.routeFor(f.name, f.reply)
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
		c.end(ErrLinkHungUp)
	}
}

// routeFor is the host's route for the relay called name, made when the
// guest's first frame comes through it. reply reaches the guest there (on
// Nostr, its key of the moment), so the latest one is kept.
func (c *RelayConn) routeFor(name string, reply func(context.Context, string) error) *route {
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
func (c *RelayConn) advance() {
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
				c.end(errLinkGarbled)
				return
			}
		default:
			c.end(errLinkGarbled)
			return
		}
		c.part = append(c.part, body...)
		if len(c.part) > LinkMaxMessage {
			c.end(errLinkGarbled)
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
func (c *RelayConn) end(err error) {
	c.finish(err)
	c.closeRoutes()
}

// finish ends the link with err, leaving its relays' senders running.
// Called with mu held.
func (c *RelayConn) finish(err error) {
	c.err = err
	close(c.done)
	if c.onEnd != nil {
		c.onEnd()
	}
	poke(c.readable)
}

// closeRoutes lets each relay's sender end once it has sent what it holds.
// Called with mu held.
func (c *RelayConn) closeRoutes() {
	for _, r := range c.routes {
		close(r.q)
	}
}

// Send queues msg (copied) and returns at once. It fails with
// ErrLinkTooLarge over LinkMaxMessage, and with ErrLinkBackedUp while a
// megabyte waits for the other side's acks; the link stays open.
func (c *RelayConn) Send(msg []byte) error {
	if len(msg) > LinkMaxMessage {
		return ErrLinkTooLarge
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
		return ErrLinkBackedUp
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
func (c *RelayConn) Recv(ctx context.Context) ([]byte, error) {
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
func (c *RelayConn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return nil
	}
	if c.aead == nil || len(c.routes) == 0 {
		c.end(ErrLinkClosed)
		return nil
	}
	c.sent = c.acked
	last := c.sendFrame(time.Now(), true)
	c.finish(ErrLinkClosed)
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
func (c *RelayConn) Spoke() <-chan struct{} { return c.spoke }

// Done is closed when the link ends, whoever ended it.
func (c *RelayConn) Done() <-chan struct{} { return c.done }

// Err says why the link ended: ErrLinkClosed (this side closed it),
// ErrLinkHungUp (the other side did) or ErrLinkLost (nothing came through
// any relay for a while); nil while it is open.
func (c *RelayConn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Stats says what the link has sent and received so far.
func (c *RelayConn) Stats() RelayStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// Relays names the relays that brought the other side's frames lately:
// those that carry the link now.
func (c *RelayConn) Relays() []string {
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
