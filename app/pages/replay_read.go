package pages

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"longhall/app/ui"
	"longhall/rules"
)

// maxOpenedBytes bounds a record opened from a file, and so the copy this
// device keeps of it (a game's record is tens of kilobytes). A saves file,
// which holds many, has its own limit (online.MaxSavesFileBytes).
const maxOpenedBytes = 2 << 20

// recordFault is what is wrong with a file offered as a game record.
type recordFault int

const (
	faultTooBig recordFault = iota
	faultEmpty
	faultNotJSON
	faultCut
	faultOtherJSON
	faultDamaged
	faultNewer
	faultUnknownGame
	faultSetup
	faultMove
	faultStore
	faultMissing
	faultHuge // over every limit, a saves file's too
)

// faultWords are the sentences a player reads, one per fault; %s is the
// detail (a game's id, a move).
var faultWords = [...]string{
	faultTooBig:      "This file is larger than 2 MB, the most a game record can be: it is not a Longhall game record.",
	faultEmpty:       "This file is empty: it is not a game record.",
	faultNotJSON:     "This file is not a game record: it is not JSON text.",
	faultCut:         "This game record is cut short: the file ends in the middle, so it was not saved or copied whole.",
	faultOtherJSON:   "This file holds JSON, but not a Longhall game record.",
	faultDamaged:     "This game record is damaged: part of it does not read as a record.",
	faultNewer:       "This record was written by a newer version of Longhall (format %s); reload the app to update it.",
	faultUnknownGame: "This record is a game of “%s”, which this version of Longhall does not know.",
	faultSetup:       "This record's set-up is damaged, so its game cannot start: %s.",
	faultMove:        "This record is damaged at move %s: the rules refuse it, so the game cannot be replayed.",
	faultStore:       "The record could not be kept on this device: %s.",
	faultMissing:     "There is no game record to watch here: open one from the home page.",
	faultHuge:        "This file is larger than 8 MB: it is neither a Longhall game record (at most 2 MB) nor a saves file (at most 8 MB).",
}

// recordError is a refused record, in words.
type recordError struct {
	Fault  recordFault
	Detail string
}

func (e *recordError) Error() string {
	if w := faultWords[e.Fault]; strings.Contains(w, "%s") {
		return fmt.Sprintf(w, e.Detail)
	}
	return faultWords[e.Fault]
}

func refuse(f recordFault, detail string) error { return &recordError{Fault: f, Detail: detail} }

// readRecordFile reads a file offered as a game record (rules.ReadRecord,
// after a look at what kind of file it is) and replays it in full. A
// refusal is a *recordError whose sentence says what is wrong.
func readRecordFile(data []byte) (*replayer, error) {
	if len(data) > maxOpenedBytes {
		return nil, refuse(faultTooBig, "")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, refuse(faultEmpty, "")
	}
	var top json.RawMessage
	switch err := json.NewDecoder(bytes.NewReader(data)).Decode(&top); {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, refuse(faultCut, "")
	case err != nil:
		return nil, refuse(faultNotJSON, "")
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(top, &keys) != nil || keys["game"] == nil || keys["actions"] == nil || keys["format"] == nil {
		return nil, refuse(faultOtherJSON, "")
	}
	rec, err := rules.ReadRecord(bytes.NewReader(data))
	if err != nil {
		return nil, refuse(faultDamaged, "")
	}
	return replayRecord(rec)
}

// replayRecord replays a record read from anywhere (a file, this device's
// storage, a room), or says in words why it cannot.
func replayRecord(rec rules.Record) (*replayer, error) {
	switch {
	case rec.Format > rules.RecordFormat:
		return nil, refuse(faultNewer, fmt.Sprint(rec.Format))
	case rec.Format != rules.RecordFormat:
		return nil, refuse(faultDamaged, "")
	}
	// A game with a board has rules (ui.Register).
	if _, ok := ui.LookupGame(rec.Game); !ok {
		return nil, refuse(faultUnknownGame, rec.Game)
	}
	r, err := newReplayer(rec)
	if re, ok := rules.IsReplayError(err); ok {
		who := fmt.Sprintf("seat %d", re.Move.Seat+1)
		if seats := rec.SeatsAt(re.Index); re.Move.Seat >= 0 && int(re.Move.Seat) < len(seats) {
			who = seats[re.Move.Seat].Name
		}
		what := re.Move.Action.Kind
		if len(re.Move.Action.Args) > 0 {
			what = re.Move.Action.String()
		}
		return nil, refuse(faultMove, fmt.Sprintf("%d (%s: %s)", re.Index+1, who, what))
	}
	if err != nil {
		return nil, refuse(faultSetup, setupDetail(err))
	}
	return r, nil
}

// setupDetail is why the rules cannot set a game up, in the rules' own
// words (rules.Error's Msg), for the middle of a sentence.
func setupDetail(err error) string {
	return strings.TrimSuffix(rules.Reason(err), ".")
}

// recordFileName names a saved record: longhall-<game>-<date>.json.
func recordFileName(game string, now time.Time) string {
	return "longhall-" + game + "-" + now.Format("2006-01-02") + ".json"
}

// replayHandoff is a record kept on this device for the replay page, under
// replayKey(slot): where a room, or the home page's file picker, hands one
// over (see watchRecord).
type replayHandoff struct {
	Record rules.Record `json:"record"`
	// See lists the seats this device may watch while the game has not
	// ended (a room player's own seat); once it has, all may.
	See []rules.Seat `json:"see,omitempty"`
}

func replayKey(slot string) string { return "longhall.replay." + slot }

// slotOpened keeps the record opened last from a file.
const slotOpened = "opened"
