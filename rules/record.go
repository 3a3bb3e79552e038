package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
)

// RecordFormat is the version of the record encoding this code writes.
const RecordFormat = 1

// MaxRecordBytes bounds a record read from outside (a file, a peer, storage).
const MaxRecordBytes = 4 << 20

// Record is a whole game: enough to replay it to the identical state. It is
// the save file, the replay, the bug report and the test fixture.
type Record struct {
	Format  int        `json:"format"`
	Game    string     `json:"game"`
	Config  Config     `json:"config"`
	Seed    uint64     `json:"seed"`
	Seats   []SeatInfo `json:"seats"` // who sat where at the start
	Actions []SeatMove `json:"actions"`
	// Changes say who took a seat over during the game (a bot for a
	// player who left), so the record keeps who played each move.
	Changes []SeatChange `json:"changes,omitempty"`
}

// SeatChange is a seat changing hands: from action At on (the number of
// actions applied before), Seat is played by Now.
type SeatChange struct {
	At   int      `json:"at"`
	Seat Seat     `json:"seat"`
	Now  SeatInfo `json:"now"`
}

// SeatsAt says who sat in each seat when action n was taken (n =
// len(Actions) gives the seating now). A change that names no real seat is
// ignored.
func (r *Record) SeatsAt(n int) []SeatInfo {
	out := slices.Clone(r.Seats)
	for _, c := range r.Changes {
		if c.At <= n && c.Seat >= 0 && int(c.Seat) < len(out) {
			out[c.Seat] = c.Now
		}
	}
	return out
}

// ChangeSeat records that seat is played by now from the next action on.
func (r *Record) ChangeSeat(seat Seat, now SeatInfo) {
	r.Changes = append(r.Changes, SeatChange{At: len(r.Actions), Seat: seat, Now: now})
}

// SeatInfo names whoever sits in a seat.
type SeatInfo struct {
	Name string `json:"name"`
	Bot  bool   `json:"bot,omitempty"`
	// Level is a bot's strength: Hard, or empty for Easy (so that the
	// records of games before there were levels read as they were).
	Level string `json:"level,omitempty"`
}

// SeatMove is one applied action and the seat that took it.
type SeatMove struct {
	Seat   Seat   `json:"seat"`
	Action Action `json:"action"`
}

// ReplayError names the first action of a record that could not be applied.
type ReplayError struct {
	Index int // position in Record.Actions
	Move  SeatMove
	Err   error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("rules: action %d (seat %d: %s) cannot be applied: %v", e.Index, e.Move.Seat, e.Move.Action, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Start builds the initial state a record describes.
func (r *Record) Start() (State, error) {
	if r.Format != RecordFormat {
		return nil, Errorf("", ErrBadConfig, "record format %d, this version reads %d", r.Format, RecordFormat)
	}
	g, err := Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	if r.Config.Players != len(r.Seats) {
		return nil, Errorf("", ErrBadConfig, "record has %d seats for %d players", len(r.Seats), r.Config.Players)
	}
	cfg := r.Config
	cfg.Names = make([]string, len(r.Seats))
	for i, seat := range r.Seats {
		cfg.Names[i] = seat.Name
	}
	return g.New(cfg, r.Seed)
}

// Replay applies every action of the record in order. It returns the final
// state and all events (unfiltered), or a *ReplayError naming the first
// action that failed together with the state just before it.
func Replay(r Record) (State, []Event, error) {
	s, byAction, err := ReplayByAction(r)
	var log []Event
	for _, ev := range byAction {
		log = append(log, ev...)
	}
	return s, log, err
}

// ReadRecord decodes a record, refusing oversized input, unknown fields and
// trailing data, so that a corrupt save is reported instead of half-read.
func ReadRecord(rd io.Reader) (Record, error) {
	var r Record
	data, err := io.ReadAll(io.LimitReader(rd, MaxRecordBytes+1))
	if err != nil {
		return r, fmt.Errorf("rules: reading record: %w", err)
	}
	if len(data) > MaxRecordBytes {
		return r, Errorf("", ErrBadConfig, "record larger than %d bytes", MaxRecordBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, Errorf("", ErrBadConfig, "record is not valid JSON: %v", err)
	}
	if dec.More() {
		return r, Errorf("", ErrBadConfig, "record has trailing data")
	}
	if r.Format == 0 {
		return r, Errorf("", ErrBadConfig, "record has no format field")
	}
	return r, nil
}

// Play starts a record for a new game: it checks the config and returns the
// initial state with a record ready to append moves to.
func Play(gameID string, cfg Config, seed uint64, seats []SeatInfo) (State, *Record, error) {
	cfg.Players = len(seats)
	r := &Record{Format: RecordFormat, Game: gameID, Config: cfg, Seed: seed, Seats: seats}
	s, err := r.Start()
	if err != nil {
		return nil, nil, err
	}
	return s, r, nil
}

// Append applies an action to s and, when it is accepted, records it.
func (r *Record) Append(s State, seat Seat, a Action) ([]Event, error) {
	ev, err := s.Apply(seat, a)
	if err != nil {
		return nil, err
	}
	r.Actions = append(r.Actions, SeatMove{Seat: seat, Action: Action{Kind: a.Kind, Args: a.Args}})
	return ev, nil
}

// SameState reports whether two states encode to the same JSON, the test of
// a faithful replay.
func SameState(a, b State) (bool, error) {
	ja, err := json.Marshal(a)
	if err != nil {
		return false, err
	}
	jb, err := json.Marshal(b)
	if err != nil {
		return false, err
	}
	return bytes.Equal(ja, jb), nil
}

// IsReplayError reports whether err is a *ReplayError, returning it.
func IsReplayError(err error) (*ReplayError, bool) {
	var re *ReplayError
	ok := errors.As(err, &re)
	return re, ok
}

// ReplayByAction is Replay with the events kept per action: events[i] are
// those of Record.Actions[i]. Logs are built from it, one entry an action.
func ReplayByAction(r Record) (State, [][]Event, error) {
	s, err := r.Start()
	if err != nil {
		return nil, nil, err
	}
	events := make([][]Event, 0, len(r.Actions))
	for i, m := range r.Actions {
		ev, err := s.Apply(m.Seat, m.Action)
		if err != nil {
			return s, events, &ReplayError{Index: i, Move: m, Err: err}
		}
		events = append(events, ev)
	}
	return s, events, nil
}
