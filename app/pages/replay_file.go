package pages

import (
	"encoding/json"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
	"longhall/app/ui"
	"longhall/rules"
)

// Records in and out of the browser: saved as a file, opened from one, and
// handed to the replay page. Browser work goes through go-app's JS bridge,
// which compiles natively too (and does nothing there).

// watchRecord opens the replay page on rec. It keeps rec on this device
// under slot (a short name such as "room"; slotOpened is the home page's)
// so that a reload keeps it, with see, the seats this device may watch
// while the game has not ended (a room player's own seat; none for a file
// someone sent). A record the app cannot replay is refused in words.
func watchRecord(ctx app.Context, slot string, rec rules.Record, see []rules.Seat) error {
	if _, err := replayRecord(rec); err != nil {
		return err
	}
	return handOver(ctx, slot, replayHandoff{Record: rec, See: see})
}

// handOver keeps a record that replays and opens the replay page on it.
func handOver(ctx app.Context, slot string, h replayHandoff) error {
	data, err := json.Marshal(h)
	if err == nil && len(data) > maxOpenedBytes {
		return refuse(faultTooBig, "")
	}
	if err == nil {
		err = ctx.LocalStorage().Set(replayKey(slot), json.RawMessage(data))
	}
	if err != nil {
		return refuse(faultStore, err.Error())
	}
	ctx.Navigate(replaySlotURL(slot))
	return nil
}

// replaySlotURL is the replay of the record kept under slot.
func replaySlotURL(slot string) string { return ui.Path(replayPath) + "?slot=" + slot }

// replaySaveURL is the replay of a game on this device saved under id.
func replaySaveURL(id string) string { return ui.Path(replayPath) + "?save=" + id }

// loadHandoff reads the replay a slot or a local save names.
func loadHandoff(st online.Store, slot, save string) (replayHandoff, error) {
	var h replayHandoff
	switch {
	case online.ValidID(save):
		s, err := online.LoadGame(st, save)
		if err != nil {
			return h, refuse(faultMissing, "")
		}
		rec := s.Save.Record
		h.Record = rec
		// A game in progress on one device shows a lone person's own
		// view; people who share the screen see each other's hands only
		// once the game has ended (the table hands the device over first).
		if me := online.LonePerson(rec.Seats); me != rules.Spectator {
			h.See = []rules.Seat{me}
		}
	case online.ValidID(slot):
		if err := st.Get(replayKey(slot), &h); err != nil {
			return h, refuse(faultDamaged, "")
		}
	}
	if h.Record.Format == 0 {
		return h, refuse(faultMissing, "")
	}
	return h, nil
}

// saveRecordFile hands rec to the browser as a download, a JSON file named
// after the game and the day (longhall.js makes the file, one action a
// line: plain DOM work, kept out of the wasm).
func saveRecordFile(rec rules.Record) error {
	data, err := json.Marshal(rec)
	if err == nil && app.IsClient {
		app.Window().Call("longhallDownload", recordFileName(rec.Game, time.Now()), string(data))
	}
	return err
}

// recordPicked reads a file, a game record or a saves file, from the event
// longhall.js raises on the file input once it has read a file picked or
// dropped on the page: its detail is the file's text, or null when the
// file is larger than the input's data-max, the larger of the two limits
// (online.MaxSavesFileBytes); a record is held to its own after.
func recordPicked(e app.Event) ([]byte, error) {
	text := e.Get("detail")
	if text.IsNull() {
		return nil, refuse(faultHuge, "")
	}
	return []byte(text.String()), nil
}
