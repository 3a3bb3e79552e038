package session

// One stream for a shared screen. People who take turns at one device
// each play as a local member of the host, with their own token, seat,
// intents and undo; but the device shows one of them at a time, and is
// handed over before it shows another. So the host sends the table to
// the one the device shows only (Show): each action builds one view for
// the device, not one per person, and is decoded and folded once. The
// others are parked: they are sent nothing until the device is handed
// to them, when they are sent their seat's whole log, as a reconnecting
// player is, and the state as a change from the view they hold.
//
// Parking changes what the host builds, never what anyone may see or
// when: the people on the device are members still, so a shared screen is
// observed (autopass.go) whoever it shows, and every decision waits as it
// would with each person's table kept up to date.

// Show makes the local member holding token the only one of the local
// members (those of Local) the host sends the table to; "" sends it to
// every one of them again. It returns the table's step as of the switch:
// a state of that step or later is the one the shown member is to read.
// A token the host does not know is refused.
func (h *Host) Show(token string) (step int, err error) {
	err = h.call(func() error {
		if token != "" && h.byToken[token] == nil {
			return fail("nobody at this table holds that token")
		}
		var parked []*peer
		for p := range h.peers {
			if h.parked(p) {
				parked = append(parked, p)
			}
		}
		h.shown, step = token, h.step
		for _, p := range parked {
			if !h.parked(p) && !p.closed && h.started {
				h.catchUp(p) // the view as a change from the one p holds
			}
		}
		return nil
	})
	return step, err
}

// parked says p is a local member's link the host sends no table to now:
// the shared screen shows another person (Show).
func (h *Host) parked(p *peer) bool {
	return h.shown != "" && p.local && p.member != nil && p.member.token != h.shown
}
