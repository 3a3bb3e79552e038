package online

import (
	"context"
	"time"
)

// Network is what a guest's device can tell of its own network, for
// dropping a rejoin attempt that went out while the network was down (its
// offer has no public address, so it can only time out) as soon as the
// network is back. The browser's (network_js.go) hears the window's online
// and offline events and asks the site for its page; the native twin
// (network_other.go) hears nothing and always reaches the site.
type Network interface {
	// Changes reports the device going offline (false) and coming back
	// online (true), until ctx ends.
	Changes(ctx context.Context) <-chan bool
	// Reach reports whether the site answers a request now; it gives up
	// when ctx ends.
	Reach(ctx context.Context) bool
}

// While the link is down after a drop, a guest asks the site whether the
// network works, once every probeEvery (each try bounded by probeTimeout),
// until it does: a drop with the network up (the host's tab reloading)
// costs one request, and a long outage costs nothing outside the device.
const (
	probeEvery   = time.Second
	probeTimeout = 2 * time.Second
)

func (n Net) network() Network {
	if n.Network != nil {
		return n.Network
	}
	return deviceNetwork{}
}
