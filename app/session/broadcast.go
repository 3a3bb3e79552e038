package session

import (
	"encoding/json"
	"fmt"

	"longhall/rules"
)

func (h *Host) version() int { return len(h.rec.Actions) }

// applied tells everyone about an accepted action, saves, and lets bots move.
func (h *Host) applied(events []rules.Event) {
	h.events = append(h.events, events)
	h.save()
	h.broadcastState(events)
	h.scheduleBots()
}

// stateFor encodes the state message for one seat.
func (h *Host) stateFor(seat rules.Seat, events []rules.Event) ([]byte, error) {
	view, err := json.Marshal(h.state.View(seat))
	if err != nil {
		return nil, fmt.Errorf("session: the view of seat %d does not encode: %w", seat, err)
	}
	msg := StateMsg{
		Version: h.version(),
		Seat:    seat,
		View:    view,
		Prompts: h.state.Pending(),
		Events:  rules.EventsFor(events, seat),
		Result:  h.state.Result(),
	}
	if seat >= 0 {
		msg.Legal = h.state.Legal(seat)
	}
	if msg.Prompts == nil {
		msg.Prompts = []rules.Prompt{}
	}
	if msg.Legal == nil {
		msg.Legal = []rules.Action{}
	}
	data, err := encode(KindState, msg)
	if err == nil && len(data) > MaxMessageSize {
		err = fmt.Errorf("session: the state of seat %d takes %d bytes, over the limit", seat, len(data))
	}
	return data, err
}

// logChunk bounds the entries of one LogMsg, well under MaxMessageSize.
const logChunk = 40 << 10

// sendTable brings a peer up to date: its seat's whole log, then the state.
func (h *Host) sendTable(p *peer) {
	h.sendLog(p)
	h.sendState(p, nil)
}

// sendLog sends the peer's seat every log entry so far, in chunks.
func (h *Host) sendLog(p *peer) {
	seat := p.member.seat
	msg := LogMsg{First: true, Upto: h.version(), Entries: []rules.LogEntry{}}
	size := 0
	for i, ev := range h.events {
		if len(ev) == 0 {
			continue
		}
		e := rules.EntryFor(i+1, h.rec.Actions[i].Seat, ev, seat)
		n := 16
		for _, l := range e.Lines {
			n += len(l) + 16
		}
		if size+n > logChunk && len(msg.Entries) > 0 {
			msg.More = true
			h.send(p, KindLog, msg)
			msg = LogMsg{Upto: h.version()}
			size = 0
		}
		msg.Entries = append(msg.Entries, e)
		size += n
	}
	h.send(p, KindLog, msg)
}

func (h *Host) sendState(p *peer, events []rules.Event) {
	data, err := h.stateFor(p.member.seat, events)
	if err != nil {
		h.logf("%v", err)
		h.send(p, KindError, ErrorMsg{Code: CodeInternal, Text: "session: the host could not send you the game"})
		return
	}
	h.sendData(p, data)
}

// broadcastState sends each peer its own seat's view; peers on the same
// seat (spectators) share one encoding.
func (h *Host) broadcastState(events []rules.Event) {
	cache := map[rules.Seat][]byte{}
	for p := range h.peers {
		if p.member == nil || p.closed {
			continue
		}
		seat := p.member.seat
		data, ok := cache[seat]
		if !ok {
			var err error
			if data, err = h.stateFor(seat, events); err != nil {
				h.logf("%v", err)
				h.send(p, KindError, ErrorMsg{Code: CodeInternal, Text: "session: the host could not send you the game"})
				continue
			}
			cache[seat] = data
		}
		h.sendData(p, data)
	}
}
