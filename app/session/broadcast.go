package session

import (
	"encoding/json"
	"slices"
	"time"

	"longhall/rules"
)

func (h *Host) version() int { return len(h.rec.Actions) }

// applied tells everyone about an accepted action, saves, and lets bots
// move. It sends before it saves, so that the save (the whole record) is
// not in the players' round trip. Both happen in one step of the loop:
// in a browser no other task (a closing tab among them) runs in between,
// and Close waits for the step, so the save still holds every version a
// player was sent. actor is the peer whose intent it was (nil for a bot).
func (h *Host) applied(events []rules.Event, actor *peer) {
	h.events = append(h.events, events)
	h.broadcastState(events, actor)
	if h.state.Result() != nil {
		for p := range h.peers {
			if p.member != nil {
				h.sendRecord(p)
			}
		}
	}
	h.save()
	h.scheduleBots()
}

// sendRecord hands a peer the ended game's record, for its replay. A
// record too long for one message (a game of thousands of actions) is
// not sent: the replay is then the host's alone.
func (h *Host) sendRecord(p *peer) {
	if h.parked(p) {
		return
	}
	data, err := encode(KindRecord, RecordMsg{Record: *h.rec})
	if err != nil || len(data) > MaxMessageSize {
		h.logf("session: the record of %d actions is not sent for replays (%d bytes, %v)", len(h.rec.Actions), len(data), err)
		return
	}
	h.sendData(p, data)
}

// seatState is what every peer in one seat is sent for the current
// version: the view split into its top-level fields, and the rest of the
// message. It is built once per seat and version.
type seatState struct {
	version int
	fields  map[string]json.RawMessage // nil when the view is not a JSON object
	keys    []string                   // the fields' names, sorted
	view    json.RawMessage
	msg     StateMsg // without View and Patch
}

// seatStateFor builds a seat's state for the current version.
func (h *Host) seatStateFor(seat rules.Seat, events []rules.Event) (*seatState, error) {
	view, err := json.Marshal(h.state.View(seat))
	if err != nil {
		return nil, failf("the view of seat %d does not encode: %w", seat, err)
	}
	st := &seatState{version: h.version(), view: view}
	if keys, fields, ok := splitObject(view); ok {
		st.fields, st.keys = fields, keys
	}
	st.msg = StateMsg{
		Version: h.version(),
		Seat:    seat,
		Prompts: h.state.Pending(),
		Events:  rules.EventsFor(events, seat),
		Actor:   rules.Spectator,
		Result:  h.state.Result(),
	}
	if v := h.version(); v > 0 {
		st.msg.Actor = h.rec.Actions[v-1].Seat
	}
	st.msg.Step = h.step
	if exp, ok := h.state.(rules.Expiring); ok {
		h.endPassing(exp)
	}
	switch {
	case seat < 0:
	case h.answeredAtOnce(seat):
		// Not asked, in words either: the status line would ask the
		// player, with nothing to click, until the answer comes.
		// Its Undo stays (the answer keeps it: answerKept), or its
		// button would blink off for the moment.
		st.msg.Prompts = slices.DeleteFunc(slices.Clone(st.msg.Prompts), func(pr rules.Prompt) bool { return pr.Seat == seat })
		st.msg.Passing, st.msg.Undo = h.standing[seat], h.undoLabel(seat)
	default:
		st.msg.Legal = h.state.Legal(seat)
		st.msg.Refused = rules.RefusedOf(h.state, seat)
		st.msg.Passes, st.msg.Passing, st.msg.Undo = h.stands(seat, st.msg.Legal), h.standing[seat], h.undoLabel(seat)
	}
	if st.msg.Prompts == nil {
		st.msg.Prompts = []rules.Prompt{}
	}
	if st.msg.Legal == nil {
		st.msg.Legal = []rules.Action{}
	}
	return st, nil
}

// undoLabel names what seat may take back now ("" for nothing).
func (h *Host) undoLabel(seat rules.Seat) string {
	if u, ok := h.undoable(seat); ok {
		return u.label
	}
	return ""
}

// logChunk bounds the entries of one LogMsg, well under MaxMessageSize.
const logChunk = 40 << 10

// sendTable brings a peer up to date: its seat's whole log, then the
// whole state.
func (h *Host) sendTable(p *peer) {
	p.held.forget() // a whole view
	h.catchUp(p)
}

// catchUp brings a peer up to date: its seat's log, then the state, as
// a change from the view it holds when it holds one of its seat (a person
// a shared screen shows again: Show). The log is whole, but for a peer
// that holds its seat's table as of a version: that one is sent the
// entries after it, to add to its own. (What would change the entries it
// holds, a take-back or a new game, sends every peer its whole table,
// parked or not, and so makes it hold none: sendTable.)
func (h *Host) catchUp(p *peer) {
	if h.parked(p) {
		return // sent when the screen shows it (Show)
	}
	if held := p.held; held.fields != nil && held.seat == p.member.seat && held.version <= h.version() {
		h.sendLogFrom(p, held.version)
	} else {
		h.sendLogFrom(p, -1)
	}
	h.sendState(p, nil)
	if h.state.Result() != nil {
		h.sendRecord(p)
	}
	if h.toAnswer.running() {
		h.send(p, KindClock, h.toAnswer.msg())
	}
}

// sendLogFrom sends the peer's seat the log, in chunks: every entry so
// far (from -1: LogMsg.First), or the entries after action from, which
// the peer adds to the log it holds (a log that was not since taken back
// from: the lines of a take-back come only with one).
func (h *Host) sendLogFrom(p *peer, from int) {
	entries := seatLogAfter(h.events, h.rec.Actions, h.lines.asidesAfter(from), from, p.member.seat)
	for _, msg := range logChunks(entries, from < 0, h.version()) {
		h.send(p, KindLog, msg)
	}
}

// seatLogAfter is seat's log after action from (all of it from -1): each
// action's entry, from the record's moves and their events, with the
// host's own lines that sit after it (asides, in the log's order).
func seatLogAfter(events [][]rules.Event, moves []rules.SeatMove, asides []aside, from int, seat rules.Seat) []rules.LogEntry {
	var entries []rules.LogEntry
	for i := max(from, 0); i <= len(events); i++ {
		// The lines that follow action i (taken back), then action i+1.
		for len(asides) > 0 && asides[0].after == i {
			entries = append(entries, rules.EntryFor(0, asides[0].seat, []rules.Event{asides[0].event}, seat))
			asides = asides[1:]
		}
		if i < len(events) && len(events[i]) > 0 {
			entries = append(entries, rules.EntryFor(i+1, moves[i].Seat, events[i], seat))
		}
	}
	return entries
}

// logChunks cuts a log into messages of about logChunk bytes at most (an
// entry larger than that goes alone), each but the last saying More; the
// first says First when the log is the whole log. An empty log is one
// message with no entries.
func logChunks(entries []rules.LogEntry, first bool, upto int) []LogMsg {
	msgs := []LogMsg{{First: first, Upto: upto, Entries: []rules.LogEntry{}}}
	size := 0
	for _, e := range entries {
		n := 16
		for _, l := range e.Lines {
			n += len(l) + 16
		}
		if last := &msgs[len(msgs)-1]; size+n > logChunk && len(last.Entries) > 0 {
			last.More = true
			msgs = append(msgs, LogMsg{Upto: upto})
			size = 0
		}
		last := &msgs[len(msgs)-1]
		last.Entries = append(last.Entries, e)
		size += n
	}
	return msgs
}

// sendState sends p its seat's state, as a change from the view p holds
// when it holds one (heldView).
func (h *Host) sendState(p *peer, events []rules.Event) {
	if h.parked(p) {
		return
	}
	st, err := h.seatStateFor(p.member.seat, events)
	var data []byte
	if err == nil {
		data, err = p.held.encode(st)
	}
	if err != nil {
		h.logf("%v", err)
		h.send(p, KindError, errorf(CodeInternal, "the host could not send you the game").msg(0))
		return
	}
	h.sendData(p, data)
}

// broadcastState sends each peer its own seat's state: the view is
// built once per seat, and each peer gets the fields that changed since
// its last state. The actor (when there is one) is sent its state first:
// its round trip is the one a player waits on, and in a browser each
// seat's view costs the host a fraction of a millisecond.
func (h *Host) broadcastState(events []rules.Event, actor *peer) {
	cache := map[rules.Seat]*seatState{}
	h.toActor = 0 // an actor who left is sent nothing
	order := make([]*peer, 0, len(h.peers))
	if _, ok := h.peers[actor]; ok {
		order = append(order, actor)
	}
	for p := range h.peers {
		if p != actor {
			order = append(order, p)
		}
	}
	for _, p := range order {
		if p.member == nil || p.closed || h.parked(p) {
			continue
		}
		seat := p.member.seat
		st, ok := cache[seat]
		if !ok {
			var err error
			if st, err = h.seatStateFor(seat, events); err != nil {
				h.logf("%v", err)
				h.send(p, KindError, errorf(CodeInternal, "the host could not send you the game").msg(0))
				continue
			}
			cache[seat] = st
		}
		data, err := p.held.encode(st)
		if err != nil {
			h.logf("%v", err)
			h.send(p, KindError, errorf(CodeInternal, "the host could not send you the game").msg(0))
			continue
		}
		h.sendData(p, data)
		if p == actor {
			h.toActor = time.Since(h.arrived)
		}
	}
}
