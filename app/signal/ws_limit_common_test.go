package signal

import (
	"context"
	"testing"
	"time"
)

// checkOversized dials url, whose server sends a message over maxFrame,
// and checks that reading it fails instead of returning it.
func checkOversized(t *testing.T, url string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := dialSocket(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.closeNow()
	p, err := s.read(ctx)
	if err == nil {
		t.Fatalf("read a message of %d bytes, over the limit of %d", len(p), maxFrame)
	}
	if ctx.Err() != nil {
		t.Fatalf("the read waited for the deadline instead of refusing the message: %v", err)
	}
	t.Logf("refused: %v", err)
}
