package session

import (
	"testing"
	"time"
)

// The pipe keeps the contract of Conn: conntest runs it (app/session/conntest).

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
