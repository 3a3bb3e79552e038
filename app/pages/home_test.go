package pages

import (
	"strings"
	"testing"
	"time"

	"longhall/app/online"
)

// TestBringingBackSavesSaysWhatDidNotFit: the hall's words after a saves
// file name every save that did not fit among the most recent kept, the
// file's left in it and this browser's own that went, and say nothing of
// it when all fit.
func TestBringingBackSavesSaysWhatDidNotFit(t *testing.T) {
	at := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	game := func(names ...string) online.Entry {
		return online.Entry{Key: "g", Game: "rednorth", Names: names, Updated: at}
	}
	room := func(names ...string) online.Entry {
		return online.Entry{Game: "rednorth", Names: names, Updated: at, Room: true}
	}
	for _, c := range []struct {
		name string
		in   online.Imported
		says []string // parts of the words, in order
	}{
		{"all fit", online.Imported{Games: 3}, nil},
		{"the file's older games", online.Imported{GamesLeftInFile: []online.Entry{game("Astrid", "Bjorn"), game("Gordon")}},
			[]string{"2 older games did not fit: only the 12 most recent are kept.", "Not brought back, still in the file: Red North with Astrid and Bjorn, ", "; Red North with Gordon, "}},
		{"this browser's own", online.Imported{Games: 1, GamesPushedOut: []online.Entry{game("Astrid")}},
			[]string{"1 older game did not fit: only the 12 most recent are kept.", "Removed from this browser: Red North with Astrid, "}},
		{"both", online.Imported{GamesLeftInFile: []online.Entry{game("Astrid")}, GamesPushedOut: []online.Entry{game("Bjorn")}},
			[]string{"2 older games did not fit", "still in the file: Red North with Astrid", "Removed from this browser: Red North with Bjorn"}},
		{"rooms", online.Imported{RoomsLeftInFile: []online.Entry{room()}, RoomsPushedOut: []online.Entry{room("Astrid", "Bjorn")}},
			[]string{"2 older rooms did not fit: only the 8 most recent are kept.", "still in the file: Red North room, ", "Removed from this browser: Red North room with Astrid and Bjorn, "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			said := notFitWords(c.in)
			if c.says == nil && said != "" {
				t.Errorf("says %q when all fit", said)
			}
			rest := said
			for _, part := range c.says {
				i := strings.Index(rest, part)
				if i < 0 {
					t.Fatalf("%q does not say %q (in this order)", said, part)
				}
				rest = rest[i+len(part):]
			}
			t.Log(said)
		})
	}
}
