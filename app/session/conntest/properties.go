package conntest

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"longhall/app/session"
)

// A property is one promise of session.Conn, checked on a fresh pair.
type property struct {
	name string
	test func(t testing.TB, o Options, a, b session.Conn)
}

var properties = []property{
	{"messages arrive whole, in order, as copies, both ways", copies},
	{"every size and every byte arrives as it was sent", boundaries},
	{"a long stream each way at once arrives without loss or repetition", stream},
	{"several goroutines may send at once", concurrentSenders},
	{"the largest message arrives, and a larger one is refused", sizeLimit},
	{"send fails while the peer stops reading, and works once it reads", backedUp},
	{"close delivers what was sent, then both ends fail", closeDelivers},
	{"close unblocks a waiting Recv on both ends", closeUnblocks},
	{"close amid sending and receiving leaves a whole prefix", closeAmidTraffic},
	{"recv stops with its context, and the link stays open", recvContext},
	{"a Recv that ends with its context takes no message with it", recvCancelRace},
}

// sendPaced sends msg, waiting while the link is backed up, as a sender
// that paces itself does; it gives up after patience.
func sendPaced(o Options, c session.Conn, msg []byte) error {
	deadline := time.Now().Add(patience)
	for {
		err := c.Send(msg)
		if err == nil || !errors.Is(err, o.ErrBackedUp) {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("still backed up after %v: %w", patience, err)
		}
		time.Sleep(time.Millisecond)
	}
}

func copies(t testing.TB, o Options, a, b session.Conn) {
	buf := []byte("one")
	mustSend(t, a, buf)
	copy(buf, "xxx") // Send must have copied the message
	mustSend(t, a, []byte("two"))
	mustSend(t, a, []byte{})
	mustSend(t, a, []byte("three"))
	mustSend(t, b, []byte("back"))
	for _, want := range []string{"one", "two", "", "three"} {
		if got := recv(t, b); string(got) != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
	if got := recv(t, a); string(got) != "back" {
		t.Fatalf("other direction: got %q", got)
	}
}

// shapes are messages that a transport which cuts, encodes or frames
// messages may get wrong: every size around the powers of two up to the
// session's limit, and contents of every kind: nothing but zeros, any
// byte, text with characters of several bytes (which a cut may split),
// text that turns invalid at its last byte, JSON with quotes and escapes.
func shapes(rng *rand.Rand, limit int) [][]byte {
	sizes := []int{0, 1, 2, 3, 4, 7, 100, 1000}
	for p := 1 << 9; p <= session.MaxMessageSize; p <<= 1 {
		sizes = append(sizes, p-1, p, p+1)
	}
	sizes = append(sizes, 6<<10-1, 6<<10, 24<<10+1, 48<<10-2)
	var out [][]byte
	for _, n := range sizes {
		if n > session.MaxMessageSize || limit > 0 && n > limit {
			continue
		}
		zeros := make([]byte, n)
		random := make([]byte, n)
		for i := range random {
			random[i] = byte(rng.IntN(256))
		}
		text := make([]byte, 0, n+4)
		for len(text) < n {
			switch rng.IntN(6) {
			case 0:
				text = append(text, "ǫ"...) // two bytes
			case 1:
				text = append(text, "ᚱ"...) // three bytes: a rune
			case 2:
				text = append(text, "𝔊"...) // four bytes
			default:
				text = append(text, byte(' '+rng.IntN(95))) // quotes and backslashes too
			}
		}
		if len(text) > n { // the cut may leave half a character: then it is text no longer
			text = text[:n]
		}
		broken := bytes.Clone(text)
		if n > 0 {
			broken[n-1] = 0xff
		}
		json := fmt.Appendf(nil, `{"v":1,"kind":"chat","body":{"text":%q}}`, text)
		if limit > 0 && len(json) > limit || len(json) > session.MaxMessageSize {
			json = nil
		}
		out = append(out, zeros, random, text, broken)
		if json != nil {
			out = append(out, json)
		}
	}
	return out
}

func boundaries(t testing.TB, o Options, a, b session.Conn) {
	rng := rand.New(rand.NewPCG(1, 2))
	msgs := shapes(rng, o.MaxMessage)
	for _, dir := range []struct {
		name     string
		from, to session.Conn
	}{{"a to b", a, b}, {"b to a", b, a}} {
		errc := make(chan error, 1)
		go func() {
			for i, m := range msgs {
				if err := sendPaced(o, dir.from, m); err != nil {
					errc <- fmt.Errorf("send %d (%d bytes): %w", i, len(m), err)
					return
				}
			}
			errc <- nil
		}()
		for i, want := range msgs {
			if got := recv(t, dir.to); !bytes.Equal(got, want) {
				t.Fatalf("%s: message %d: got %d bytes %.40q, want %d bytes %.40q", dir.name, i, len(got), got, len(want), want)
			}
		}
		if err := <-errc; err != nil {
			t.Fatalf("%s: %v", dir.name, err)
		}
	}
}

// numbered is message i of a stream: its number, then filler of a size
// drawn from the seed, so that some frames hold many messages and some
// messages several frames.
func numbered(rng *rand.Rand, i int) []byte {
	n := 4
	switch rng.IntN(20) {
	case 0:
		n += rng.IntN(20 << 10)
	case 1, 2, 3:
	default:
		n += rng.IntN(300)
	}
	m := make([]byte, n)
	binary.BigEndian.PutUint32(m, uint32(i))
	for j := 4; j < n; j++ {
		m[j] = byte(i + j)
	}
	return m
}

func stream(t testing.TB, o Options, a, b session.Conn) {
	const n = 2000 // past any window or queue of a transport
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for k, dir := range [][2]session.Conn{{a, b}, {b, a}} {
		from, to := dir[0], dir[1]
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(k), 1))
			for i := range n {
				if err := sendPaced(o, from, numbered(rng, i)); err != nil {
					errs <- fmt.Errorf("direction %d: send %d: %w", k, i, err)
					return
				}
			}
		})
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(k), 1))
			ctx, cancel := context.WithTimeout(context.Background(), patience)
			defer cancel()
			for i := range n {
				want := numbered(rng, i)
				got, err := to.Recv(ctx)
				if err != nil {
					errs <- fmt.Errorf("direction %d: recv %d: %w", k, i, err)
					return
				}
				if !bytes.Equal(got, want) {
					errs <- fmt.Errorf("direction %d: got message %d (%d bytes), want %d (%d bytes)", k,
						binary.BigEndian.Uint32(append(got, 0, 0, 0, 0)), len(got), i, len(want))
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if isDone(a) || isDone(b) {
		t.Fatal("the link ended")
	}
}

func concurrentSenders(t testing.TB, o Options, a, b session.Conn) {
	const senders, each = 4, 50
	var wg sync.WaitGroup
	errs := make(chan error, senders)
	for g := range senders {
		wg.Go(func() {
			for i := range each {
				if err := sendPaced(o, a, fmt.Appendf(nil, "%d %d", g, i)); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	next := make([]int, senders)
	for range senders * each {
		var g, i int
		if _, err := fmt.Sscanf(string(recv(t, b)), "%d %d", &g, &i); err != nil {
			t.Fatal(err)
		}
		if i != next[g] {
			t.Fatalf("sender %d: got message %d, want %d", g, i, next[g])
		}
		next[g]++
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func sizeLimit(t testing.TB, o Options, a, b session.Conn) {
	largest := o.MaxMessage
	if largest == 0 {
		largest = 4 * session.MaxMessageSize // no limit: more than the session sends
	}
	big := bytes.Repeat([]byte("ᚱx"), largest/4+1)[:largest]
	mustSend(t, a, big)
	if got := recv(t, b); !bytes.Equal(got, big) {
		t.Fatalf("the largest message: got %d bytes, want %d", len(got), len(big))
	}
	if o.MaxMessage == 0 {
		return
	}
	err := a.Send(make([]byte, o.MaxMessage+1))
	if err == nil {
		t.Fatalf("a message of %d bytes, over the limit of %d, was taken", o.MaxMessage+1, o.MaxMessage)
	}
	if errors.Is(err, o.ErrClosed) || isDone(a) {
		t.Fatalf("a message over the limit ended the link: %v", err)
	}
	// The refused message went nowhere: the next one is the next to arrive.
	mustSend(t, a, []byte("next"))
	if got := recv(t, b); string(got) != "next" {
		t.Fatalf("after the refusal: got %d bytes %.20q, want \"next\"", len(got), got)
	}
}

func backedUp(t testing.TB, o Options, a, b session.Conn) {
	const limit = 1 << 16 // messages; far more than any buffer holds
	msg := make([]byte, o.Chunk)
	sent := 0
	for ; sent < limit; sent++ {
		binary.BigEndian.PutUint32(msg, uint32(sent))
		err := a.Send(msg)
		if err == nil {
			continue
		}
		if !errors.Is(err, o.ErrBackedUp) {
			t.Fatalf("send %d: %v", sent, err)
		}
		break
	}
	if sent == limit {
		t.Fatalf("%d messages sent to a peer that reads none", limit)
	}
	if isDone(a) || isDone(b) {
		t.Fatal("a backed-up link was closed")
	}
	for i := range sent {
		if got := binary.BigEndian.Uint32(recv(t, b)); got != uint32(i) {
			t.Fatalf("got message %d, want %d", got, i)
		}
	}
	// The refused message was not sent: sending it again must work once
	// what was read has been acknowledged, and it must be the next to
	// arrive.
	binary.BigEndian.PutUint32(msg, uint32(sent))
	if err := sendPaced(o, a, msg); err != nil {
		t.Fatalf("send after the reader caught up: %v", err)
	}
	if got := binary.BigEndian.Uint32(recv(t, b)); got != uint32(sent) {
		t.Fatalf("after the refusal got message %d, want %d", got, sent)
	}
	t.Logf("%d messages of %d bytes sent before the first refusal", sent, o.Chunk)
}

func closeDelivers(t testing.TB, o Options, a, b session.Conn) {
	for _, m := range []string{"last", "words"} {
		mustSend(t, a, []byte(m))
	}
	if err := a.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	if !isDone(a) {
		t.Fatal("Done is not closed when Close returns")
	}
	waitDone(t, "the other end", b.Done())
	if err := a.Send([]byte("late")); !errors.Is(err, o.ErrClosed) {
		t.Fatalf("send after close: %v", err)
	}
	if err := b.Send([]byte("late")); !errors.Is(err, o.ErrClosed) {
		t.Fatalf("send to a closed peer: %v", err)
	}
	for _, want := range []string{"last", "words"} {
		if got := recv(t, b); string(got) != want {
			t.Fatalf("queued message lost: got %q, want %q", got, want)
		}
	}
	for _, c := range []session.Conn{b, a, b} {
		if _, err := c.Recv(context.Background()); !errors.Is(err, o.ErrClosed) {
			t.Fatalf("recv after close: %v", err)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatalf("second close: %v", err)
	}
	if err := b.Close(); err != nil {
		t.Fatalf("closing the other end: %v", err)
	}
	if !isDone(a) || !isDone(b) {
		t.Fatal("Done opened again")
	}
}

func closeUnblocks(t testing.TB, o Options, a, b session.Conn) {
	errs := make(chan error, 4)
	for _, c := range []session.Conn{a, a, b, b} {
		go func() {
			_, err := c.Recv(context.Background())
			errs <- err
		}()
	}
	// Close from several goroutines at once: idempotent, and safe.
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			if err := a.Close(); err != nil {
				t.Errorf("close: %v", err)
			}
		})
	}
	wg.Wait()
	for range 4 {
		select {
		case err := <-errs:
			if !errors.Is(err, o.ErrClosed) {
				t.Errorf("a waiting Recv ended with %v", err)
			}
		case <-time.After(patience):
			t.Fatalf("a Recv still waits %v after the close", patience)
		}
	}
}

func closeAmidTraffic(t testing.TB, o Options, a, b session.Conn) {
	// a sends numbered messages until the link ends; b reads them until
	// it ends, and closes it partway. What b read must be 0, 1, 2, …
	// with no gap or repeat; a's Send must fail once it has ended.
	const closeAt = 300
	sendErr := make(chan error, 1)
	go func() {
		for i := 0; ; i++ {
			err := sendPaced(o, a, binary.BigEndian.AppendUint32(nil, uint32(i)))
			if err != nil {
				if !errors.Is(err, o.ErrClosed) {
					sendErr <- fmt.Errorf("send %d: %w", i, err)
					return
				}
				sendErr <- nil
				return
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	for i := 0; ; i++ {
		if i == closeAt {
			go b.Close()
		}
		m, err := b.Recv(ctx)
		if err != nil {
			if !errors.Is(err, o.ErrClosed) {
				t.Fatalf("recv %d: %v", i, err)
			}
			if i < closeAt {
				t.Fatalf("the link ended after %d messages, before the close", i)
			}
			break
		}
		if got := binary.BigEndian.Uint32(m); got != uint32(i) {
			t.Fatalf("got message %d, want %d", got, i)
		}
	}
	waitDone(t, "the sending end", a.Done())
	select {
	case err := <-sendErr:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(patience):
		t.Fatal("the sender still sends after the link ended")
	}
}

func recvContext(t testing.TB, o Options, a, b session.Conn) {
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() {
		_, err := b.Recv(ctx)
		errc <- err
	}()
	cancel()
	select {
	case err := <-errc:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v", err)
		}
	case <-time.After(patience):
		t.Fatal("Recv ignored its context")
	}
	// Nothing is sent on this link yet, so only the deadline can end this
	// Recv: a busy machine cannot make it fail.
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := b.Recv(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("with a deadline: %v", err)
	}
	if isDone(a) || isDone(b) {
		t.Fatal("an abandoned Recv closed the link")
	}
	mustSend(t, a, []byte("still here"))
	if got := recv(t, b); string(got) != "still here" {
		t.Fatalf("after abandoned Recvs: got %q", got)
	}
}

func recvCancelRace(t testing.TB, o Options, a, b session.Conn) {
	// Each message is sent while a Recv is being cancelled: whether that
	// Recv returns it or its context's error, every message must arrive
	// exactly once, in order.
	const n = 200
	var got []uint32
	for i := range n {
		ctx, cancel := context.WithCancel(context.Background())
		type result struct {
			m   []byte
			err error
		}
		res := make(chan result, 1)
		go func() {
			m, err := b.Recv(ctx)
			res <- result{m, err}
		}()
		mustSend(t, a, binary.BigEndian.AppendUint32(nil, uint32(i)))
		if i%2 == 0 {
			time.Sleep(time.Microsecond) // lets either win
		}
		cancel()
		var r result
		select {
		case r = <-res:
		case <-time.After(patience):
			t.Fatal("Recv ignored its context")
		}
		switch {
		case r.err == nil:
			got = append(got, binary.BigEndian.Uint32(r.m))
		case !errors.Is(r.err, context.Canceled):
			t.Fatalf("recv: %v", r.err)
		}
	}
	for len(got) < n {
		got = append(got, binary.BigEndian.Uint32(recv(t, b)))
	}
	for i, g := range got {
		if g != uint32(i) {
			t.Fatalf("message %d is %d", i, g)
		}
	}
}
