package session

import (
	"encoding/base64"

	"longhall/rules"
)

// Handing the table over: the host's device gives the room to a seated
// guest's device, which hosts it from then on. The session carries the
// app's own save of the room to that guest, in parts (HandOver), hears
// that the guest kept it (KindTookOver), and then sends every guest to
// the new host (KickHandedOver), the room's link unchanged. What the save
// holds, and the new host's opening of the room, are the app's.

// ErrHandingOver is HandOver's error while a hand-over is under way.
var ErrHandingOver = fail("the table is being handed over already")

// HandOver sends table, the app's save of the room, to member's device,
// which is to host the room from now on; took is closed once that device
// says it has kept it (then EndHandedOver ends the room here). The host
// should pause the game first, so that the save it hands over is the
// last word.
func (h *Host) HandOver(member int, table []byte) (took <-chan struct{}, err error) {
	err = h.call(func() error {
		m := h.members[member]
		switch {
		case h.handOver != nil:
			return ErrHandingOver
		case m == nil || m.peer == nil:
			return errorf(CodeNoSeat, "that player is not connected").with(Args{Why: WhyNotConnected})
		case m.local:
			return errorf(CodeNoSeat, "that player plays on this device").with(Args{Why: WhyOnDevice})
		case m.seat == rules.Spectator:
			return errorf(CodeNotSeated, "%s is watching; hand the table to a player", m.name).with(Args{Why: WhyHandOver, Name: m.name})
		case len(table) == 0 || len(table) > HandOverPart*MaxHandOverParts:
			return errorf(CodeTooBig, "the table's save is %d bytes; a hand-over carries at most %d", len(table), HandOverPart*MaxHandOverParts).with(Args{Why: WhyHandOver, Size: len(table), Limit: HandOverPart * MaxHandOverParts})
		}
		parts := (len(table) + HandOverPart - 1) / HandOverPart
		ch := make(chan struct{})
		h.handOver = &handingOver{to: m, took: ch}
		for i := range parts {
			part := table[i*HandOverPart : min(len(table), (i+1)*HandOverPart)]
			h.send(m.peer, KindHandOver, HandOver{Part: i, Parts: parts, Data: base64.StdEncoding.EncodeToString(part)})
		}
		took = ch
		return nil
	})
	return took, err
}

// handingOver is a hand-over under way.
type handingOver struct {
	to   *member
	took chan struct{}
	done bool
}

// tookOver hears a guest say it has kept the table handed to it.
func (h *Host) tookOver(p *peer) {
	if ho := h.handOver; ho != nil && ho.to == p.member && !ho.done {
		ho.done = true
		close(ho.took)
	}
}

// EndHandedOver ends the room on this device once the table is handed
// over: everyone hears why (a line of chat), and every guest's link is
// closed with KickHandedOver and reason, so that they connect again, to
// the new host. The host is closed.
func (h *Host) EndHandedOver(line, reason string) error {
	err := h.call(func() error {
		if h.handOver == nil || !h.handOver.done {
			return errorf(CodeNoSeat, "no device has taken the table").with(Args{Why: WhyNoTaker})
		}
		h.system(line)
		for p := range h.peers {
			if !p.local {
				h.drop(p, kicked(KickHandedOver, Args{Reason: line}, reason))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.Close()
}

// CancelHandOver forgets a hand-over whose guest did not take the table
// in time; the host goes on hosting.
func (h *Host) CancelHandOver() {
	h.do(func() { h.handOver = nil })
}

// SendStandby sends member's device, the successor the host chose, a copy
// of the table (the app's save of the room, as for HandOver): should this
// device go quiet for a while, that one hosts the room from it. The host
// sends a fresh copy as the game goes on; an empty table takes the choice
// back, and the successor forgets its copy.
func (h *Host) SendStandby(member int, table []byte) error {
	return h.call(func() error {
		m := h.members[member]
		switch {
		case m == nil || m.peer == nil:
			return errorf(CodeNoSeat, "that player is not connected").with(Args{Why: WhyNotConnected})
		case m.local:
			return errorf(CodeNoSeat, "that player plays on this device").with(Args{Why: WhyOnDevice})
		case len(table) > HandOverPart*MaxHandOverParts:
			return errorf(CodeTooBig, "the table's save is %d bytes; a copy carries at most %d", len(table), HandOverPart*MaxHandOverParts).with(Args{Why: WhyStandby, Size: len(table), Limit: HandOverPart * MaxHandOverParts})
		case len(table) == 0:
			h.send(m.peer, KindHandOver, HandOver{Standby: true})
			return nil
		case m.seat == rules.Spectator:
			return errorf(CodeNotSeated, "%s is watching; a successor is a player", m.name).with(Args{Why: WhyStandby, Name: m.name})
		}
		parts := (len(table) + HandOverPart - 1) / HandOverPart
		for i := range parts {
			part := table[i*HandOverPart : min(len(table), (i+1)*HandOverPart)]
			h.send(m.peer, KindHandOver, HandOver{Part: i, Parts: parts, Data: base64.StdEncoding.EncodeToString(part), Standby: true})
		}
		return nil
	})
}
