//go:build !js

package online

import (
	"context"
	"errors"
	"testing"
)

// One room has one host tab: a second tab is told the room is open
// elsewhere; taking over closes the first tab's room (its last save
// written) before the second opens it.
func TestARoomHasOneHostTab(t *testing.T) {
	st := &MemStore{}
	rec := newHosted(t, 2)
	if err := StoreSaved(st, rec); err != nil {
		t.Fatal(err)
	}
	key := rec.Key()
	ctx := context.Background()

	first, err := ClaimHost(ctx, key, false)
	if err != nil {
		t.Fatalf("the first tab's claim: %v", err)
	}
	w1 := newWatcher()
	h1, err := Host(ctx, st, rec, testNet(), TableOptions{Claim: first}, w1.notify)
	if err != nil {
		t.Fatal(err)
	}
	defer h1.Close()

	if _, err := ClaimHost(ctx, key, false); !errors.Is(err, ErrHostedElsewhere) {
		t.Fatalf("a second tab's claim: %v, want ErrHostedElsewhere", err)
	}
	if v := h1.View(); v.Moved || v.Link == Stopped {
		t.Fatalf("asking closed the first tab's room: %+v", v)
	}

	second, err := ClaimHost(ctx, key, true)
	if err != nil {
		t.Fatalf("taking over: %v", err)
	}
	if v := h1.View(); !v.Moved || v.Link != Stopped {
		t.Fatalf("the first tab did not step down: moved %v, link %s", v.Moved, v.Link)
	}
	again, err := LoadHosted(st, key)
	if err != nil {
		t.Fatal(err)
	}
	w2 := newWatcher()
	h2, err := Host(ctx, st, again, testNet(), TableOptions{Claim: second}, w2.notify)
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	until(t, w2, h2, "the new host tab seated", seated)
	// Now the second tab holds the room: the first, asking again, is told so.
	if _, err := ClaimHost(ctx, key, false); !errors.Is(err, ErrHostedElsewhere) {
		t.Fatalf("asking the new host tab: %v, want ErrHostedElsewhere", err)
	}
	// Once it closes the room, the room is free.
	h2.Close()
	c, err := ClaimHost(ctx, key, false)
	if err != nil {
		t.Fatalf("claiming a closed room: %v", err)
	}
	c.Release()
}

// A tab that loses its claim before it opens the room does not open it.
func TestAClaimTakenOverBeforeHostingOpensNothing(t *testing.T) {
	st := &MemStore{}
	rec := newHosted(t, 2)
	ctx := context.Background()
	first, err := ClaimHost(ctx, rec.Key(), false)
	if err != nil {
		t.Fatal(err)
	}
	second, err := ClaimHost(ctx, rec.Key(), true)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Release()
	if _, err := Host(ctx, st, rec, testNet(), TableOptions{Claim: first}, nil); !errors.Is(err, ErrMovedAway) {
		t.Fatalf("hosting on a lost claim: %v, want ErrMovedAway", err)
	}
}
