//go:build !(js && wasm)

package signal

import "sync"

// The in-process twin of BroadcastChannel: members of one name in this
// process hear each other's posts, as tabs of one browser do.

var buses = struct {
	sync.Mutex
	members map[string]map[*memBus]struct{}
}{members: make(map[string]map[*memBus]struct{})}

type memBus struct {
	name   string
	in     chan string
	mu     sync.Mutex
	closed bool
}

func openBus(name string) (bus, error) {
	b := &memBus{name: name, in: make(chan string, 64)}
	buses.Lock()
	defer buses.Unlock()
	if buses.members[name] == nil {
		buses.members[name] = make(map[*memBus]struct{})
	}
	buses.members[name][b] = struct{}{}
	return b, nil
}

// post hands msg to every other member; like the browser's channel it never
// blocks, and a member that falls 64 messages behind loses the excess.
func (b *memBus) post(msg string) error {
	buses.Lock()
	defer buses.Unlock()
	for m := range buses.members[b.name] {
		if m != b {
			m.deliver(msg)
		}
	}
	return nil
}

func (b *memBus) deliver(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	select {
	case b.in <- msg:
	default:
	}
}

func (b *memBus) messages() <-chan string { return b.in }

func (b *memBus) close() {
	buses.Lock()
	delete(buses.members[b.name], b)
	if len(buses.members[b.name]) == 0 {
		delete(buses.members, b.name)
	}
	buses.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.closed = true
		close(b.in)
	}
}
