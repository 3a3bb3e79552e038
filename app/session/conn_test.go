package session

import (
	"context"
	"errors"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
)

func TestPipeDeliversMessagesInOrderAsCopies(t *testing.T) {
	leaktest.Check(t)
	a, b := Pipe()
	defer a.Close()
	buf := []byte("one")
	if err := a.Send(buf); err != nil {
		t.Fatal(err)
	}
	copy(buf, "xxx") // the pipe must have copied the message
	if err := a.Send([]byte("two")); err != nil {
		t.Fatal(err)
	}
	if err := b.Send([]byte("back")); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, want := range []string{"one", "two"} {
		got, err := b.Recv(ctx)
		if err != nil || string(got) != want {
			t.Fatalf("got %q, %v; want %q", got, err, want)
		}
	}
	if got, err := a.Recv(ctx); err != nil || string(got) != "back" {
		t.Fatalf("other direction: got %q, %v", got, err)
	}
}

func TestPipeCloseDeliversQueuedMessagesThenFails(t *testing.T) {
	leaktest.Check(t)
	a, b := Pipe()
	a.Send([]byte("last words"))
	a.Close()
	select {
	case <-b.Done():
	default:
		t.Fatal("closing one end did not close the other")
	}
	if err := a.Send([]byte("late")); !errors.Is(err, ErrClosed) {
		t.Fatalf("send after close: %v", err)
	}
	if err := b.Send([]byte("late")); !errors.Is(err, ErrClosed) {
		t.Fatalf("send to a closed peer: %v", err)
	}
	if got, err := b.Recv(context.Background()); err != nil || string(got) != "last words" {
		t.Fatalf("queued message lost: %q, %v", got, err)
	}
	if _, err := b.Recv(context.Background()); !errors.Is(err, ErrClosed) {
		t.Fatalf("recv after close: %v", err)
	}
	if err := a.Close(); err != nil {
		t.Fatalf("second close: %v", err)
	}
}

func TestPipeSendFailsWhenThePeerStopsReading(t *testing.T) {
	a, b := newPipe(2)
	defer a.Close()
	for i := range 2 {
		if err := a.Send([]byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Send([]byte{2}); !errors.Is(err, ErrBackedUp) {
		t.Fatalf("third send into a full pipe: %v", err)
	}
	b.Recv(context.Background())
	if err := a.Send([]byte{3}); err != nil {
		t.Fatalf("send after the reader caught up: %v", err)
	}
}

func TestPipeRecvStopsWithItsContext(t *testing.T) {
	leaktest.Check(t)
	a, b := Pipe()
	defer a.Close()
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
	case <-time.After(wait):
		t.Fatal("Recv ignored its context")
	}
}

func TestBucketRefillsWithTime(t *testing.T) {
	now := time.Unix(0, 0)
	b := newBucket(3, 2)
	for i := range 3 {
		if !b.AllowN(now, 1) {
			t.Fatalf("take %d of the burst refused", i)
		}
	}
	if b.AllowN(now, 1) {
		t.Fatal("took more than the burst")
	}
	if b.AllowN(now.Add(400*time.Millisecond), 1) {
		t.Fatal("0.8 tokens were enough")
	}
	if !b.AllowN(now.Add(500*time.Millisecond), 1) {
		t.Fatal("a full token after 0.5s at 2/s was refused")
	}
	allowed := 0
	for range 4 {
		if b.AllowN(now.Add(time.Hour), 1) {
			allowed++
		}
	}
	if allowed != 3 {
		t.Fatalf("a long rest refilled %d tokens, want exactly the burst of 3", allowed)
	}
}
