//go:build !wasm

package commands

import (
	"encoding/json"
	"io"

	"longhall/rules"
)

// replayReport is what `longhall replay` prints: the whole log in words,
// and the result or the first action that could not be applied.
type replayReport struct {
	Game    string         `json:"game,omitempty"`
	Actions int            `json:"actions"`
	Log     []string       `json:"log"`
	Result  *rules.Result  `json:"result,omitempty"`
	Pending []rules.Prompt `json:"pending,omitempty"`
	Error   *replayFault   `json:"error,omitempty"`
}

type replayFault struct {
	Message string          `json:"message"`
	Index   *int            `json:"index,omitempty"` // the first illegal action
	Move    *rules.SeatMove `json:"move,omitempty"`
}

// replay reads a game record and replays it through the rules. It exits 0
// when every action applied (finished or not), 1 otherwise.
func replay(in io.Reader, out io.Writer) int {
	rep := replayReport{Log: []string{}}
	defer func() {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	}()
	rec, err := rules.ReadRecord(in)
	if err != nil {
		rep.Error = &replayFault{Message: err.Error()}
		return 1
	}
	rep.Game = rec.Game
	s, events, err := rules.Replay(rec)
	for _, e := range events {
		rep.Log = append(rep.Log, e.Text)
	}
	if err != nil {
		rep.Error = &replayFault{Message: err.Error()}
		if re, ok := rules.IsReplayError(err); ok {
			rep.Actions = re.Index
			rep.Error.Index, rep.Error.Move = &re.Index, &re.Move
		}
		return 1
	}
	rep.Actions = len(rec.Actions)
	rep.Result = s.Result()
	if rep.Result == nil {
		rep.Pending = s.Pending()
	}
	return 0
}
