package signal

// Channel is a BroadcastChannel between the tabs of one browser (an
// in-process twin natively): what one member posts, every other member of
// the same name receives; the poster does not hear itself. Pages use it to
// agree among tabs, e.g. which one hosts a room.
type Channel struct{ b bus }

// OpenChannel joins the channel called name.
func OpenChannel(name string) (*Channel, error) {
	b, err := openBus(name)
	if err != nil {
		return nil, err
	}
	return &Channel{b: b}, nil
}

// Post sends msg to every other member; it never blocks.
func (c *Channel) Post(msg string) error { return c.b.post(msg) }

// Messages delivers what the others post; it is closed by Close.
func (c *Channel) Messages() <-chan string { return c.b.messages() }

// Close leaves the channel.
func (c *Channel) Close() { c.b.close() }
