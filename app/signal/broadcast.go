package signal

import (
	"context"
	"sync"
)

// Broadcast signals between tabs of one browser over a BroadcastChannel
// named [Room.ChannelName]. Every tab of the room sees every sealed payload
// and opens only what is meant for it. Natively (in tests) an in-process
// bus with the same behaviour stands in for the browser's channel.
type Broadcast struct{}

// Name is "broadcastchannel".
func (Broadcast) Name() string { return "broadcastchannel" }

// Listen listens, as the host, on the room's channel.
func (b Broadcast) Listen(ctx context.Context, room Room) (Listener, error) {
	return listen(ctx, b, room, nil)
}

// Call posts the guest's offer on the room's channel and waits for the
// host's answer.
func (b Broadcast) Call(ctx context.Context, room Room, offer string) (string, error) {
	return call(ctx, b, room, offer, nil)
}

// bus is a BroadcastChannel: what one member posts, every other member of
// the same name receives.
type bus interface {
	post(msg string) error
	// messages is closed by close.
	messages() <-chan string
	close()
}

func (b Broadcast) hostSession(ctx context.Context, room Room, in chan<- inbound, present func()) error {
	ch, err := openBus(room.ChannelName())
	if err != nil {
		return err
	}
	defer ch.close()
	present()
	reply := func(_ context.Context, sealed string) error { return ch.post(sealed) }
	for {
		select {
		case <-ctx.Done():
			return nil
		case msg, ok := <-ch.messages():
			if !ok {
				return &RelayError{Relay: b.Name(), What: "closed"}
			}
			select {
			case in <- inbound{sealed: msg, reply: reply}:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

func (b Broadcast) guestSession(ctx context.Context, room Room) (guestLink, error) {
	ch, err := openBus(room.ChannelName())
	if err != nil {
		return nil, err
	}
	return &busGuest{ch: ch}, nil
}

type busGuest struct {
	ch   bus
	once sync.Once
}

func (g *busGuest) send(_ context.Context, sealed string) error { return g.ch.post(sealed) }
func (g *busGuest) recv() <-chan string                         { return g.ch.messages() }
func (g *busGuest) err() error                                  { return &RelayError{Relay: "broadcastchannel", What: "closed"} }
func (g *busGuest) close()                                      { g.once.Do(g.ch.close) }
func (g *busGuest) steady()                                     {}
