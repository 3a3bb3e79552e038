package signal

import (
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"longhall/app/internal/leaktest"
)

// TestBroadcastExchange runs natively on the in-process bus and, under
// GOOS=js GOARCH=wasm with Node, on a real BroadcastChannel.
func TestBroadcastExchange(t *testing.T) {
	leaktest.Check(t)
	ctx := testContext(t, time.Minute)
	room := newTestRoom(t)
	serving(ctx, t, Broadcast{}, room, func(o *Offer) string { return testAnswer + "a=x-offer:" + o.ID + "\r\n" })

	// Another room's tabs share the process but not the channel: the call
	// hears nothing until its context ends, however busy the machine.
	otherRoom := newTestRoom(t)
	if _, err := (Broadcast{}).Call(testContext(t, 300*time.Millisecond), otherRoom, testSDP); !errors.Is(err, ErrNoAnswer) {
		t.Fatalf("a call into an empty room: %v", err)
	}

	var wg sync.WaitGroup
	for i := range 3 {
		offer := testSDP + "a=x-tab:" + string(rune('A'+i)) + "\r\n"
		wg.Add(1)
		go func() {
			defer wg.Done()
			answer, err := Broadcast{}.Call(ctx, room, offer)
			if err != nil {
				t.Errorf("tab %d: %v", i, err)
			} else if answer != testAnswer+"a=x-offer:"+offerID(offer)+"\r\n" {
				t.Errorf("tab %d got another tab's answer", i)
			}
		}()
	}
	wg.Wait()
}

// TestResentOfferGetsSameAnswer: a guest that lost the answer sends the
// same offer again; the host's app is not asked twice, and the guest gets
// the answer the app gave.
func TestResentOfferGetsSameAnswer(t *testing.T) {
	// In a bubble: "the app was not asked again" is a fact once every
	// goroutine is blocked, not a guess after some milliseconds.
	synctest.Test(t, func(t *testing.T) {
		ctx := testContext(t, 10*time.Second)
		room := newTestRoom(t)
		seen := serving(ctx, t, Broadcast{}, room, fixedAnswer)
		for i := range 2 {
			answer, err := Broadcast{}.Call(ctx, room, testSDP)
			if err != nil || answer != testAnswer {
				t.Fatalf("call %d: %q, %v", i, answer, err)
			}
		}
		<-seen
		synctest.Wait()
		select {
		case o := <-seen:
			t.Fatalf("the app was asked twice for one offer (%s)", o.ID)
		default:
		}
	})
}
