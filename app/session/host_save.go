package session

import (
	"context"
	"maps"
	"slices"

	"longhall/rules"
)

// Save is everything a host needs to resume a game after a reload: the
// record, and for each seat the reconnect token of its human ("" for a bot)
// and the last intent number taken from that token, so that a guest's
// intent the record already holds is never applied again after the
// reload. It holds the seed and the tokens, so it must stay on the host's
// device.
type Save struct {
	Record rules.Record `json:"record"`
	Tokens []string     `json:"tokens"`
	Seqs   []int64      `json:"seqs,omitempty"` // absent in older saves: numbering restarts at 0
	// Log holds the log's lines that the record does not replay (who
	// took back a move, whose time ran out), so that the resumed room's
	// log reads as it did. Older saves have none: their logs read as the
	// record gives them.
	Log []LogLine `json:"log,omitempty"`
}

// Resume reopens a room from a Save: it replays the record, puts bots back
// in their seats and keeps every human seat for the guest holding its token,
// who retakes it by saying hello with that token.
func Resume(ctx context.Context, save Save, opts Options) (*Host, error) {
	rec := cloneRecord(save.Record)
	if len(save.Tokens) != len(rec.Seats) {
		return nil, failf("the save holds %d tokens for %d seats", len(save.Tokens), len(rec.Seats))
	}
	st, events, err := rules.ReplayByAction(rec)
	if err != nil {
		return nil, failf("%w", err)
	}
	g, err := rules.Lookup(rec.Game)
	if err != nil {
		return nil, failf("%w", err)
	}
	h := newHost(ctx, g, rec.Game, rec.Config, rec.Seed, opts)
	h.events = events
	if err := h.restore(st, rec, save.Tokens, save.Seqs); err != nil {
		h.cancel()
		return nil, err
	}
	h.lines.restore(save.Log, h.events, len(h.seats), h.logf)
	h.scheduleBots()
	go h.loop()
	return h, nil
}

// restore seats the bots and reserves each human seat for its token, which
// goes on numbering its intents after seqs (when the save has them).
func (h *Host) restore(st rules.State, rec rules.Record, tokens []string, seqs []int64) error {
	h.state, h.rec, h.started = st, &rec, true
	h.resetUndo()
	h.seating = newSeating(len(rec.Seats))
	for i, si := range rec.SeatsAt(len(rec.Actions)) {
		seat, tok := rules.Seat(i), tokens[i]
		if si.Bot {
			if tok != "" {
				return failf("seat %d is a bot with a token", i)
			}
			h.seats[i].bot, h.seats[i].level = true, knownLevel(si.Level)
			continue
		}
		if tok == "" || h.byToken[tok] != nil {
			return failf("seat %d has a missing or repeated token", i)
		}
		h.seats[i].m = h.newMember(tok, si.Name, seat)
		if i < len(seqs) {
			h.seats[i].m.lastSeq = max(seqs[i], 0)
		}
	}
	return nil
}

// Save returns what OnSave would receive now; it fails before the start.
func (h *Host) Save() (Save, error) {
	var s Save
	err := h.call(func() error {
		if !h.started {
			return errorf(CodeNotStarted, "the game has not started yet")
		}
		s = h.snapshot()
		return nil
	})
	return s, err
}

func (h *Host) snapshot() Save {
	s := Save{Record: cloneRecord(*h.rec), Tokens: make([]string, len(h.seats)), Seqs: make([]int64, len(h.seats)), Log: h.lines.forSave()}
	for i, sl := range h.seats {
		if sl.m != nil {
			s.Tokens[i], s.Seqs[i] = sl.m.token, sl.m.lastSeq
		}
	}
	return s
}

func (h *Host) save() {
	if h.opts.OnSave != nil && h.started {
		h.opts.OnSave(h.snapshot())
	}
}

func cloneRecord(r rules.Record) rules.Record {
	r.Config.Options = maps.Clone(r.Config.Options)
	r.Config.Setup = slices.Clone(r.Config.Setup)
	r.Seats = slices.Clone(r.Seats)
	r.Changes = slices.Clone(r.Changes)
	r.Actions = slices.Clone(r.Actions)
	for i := range r.Actions {
		r.Actions[i].Action.Args = slices.Clone(r.Actions[i].Action.Args)
	}
	return r
}
