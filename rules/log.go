package rules

// LogEntry is one applied action in a game's log as one seat may read it:
// its place in the record, who took it, and what followed in words. The
// first line says what the seat did; any others what the action set off (a
// round resolving, the turn passing). One action is one entry, so the log
// numbers entries by their real position in the game.
type LogEntry struct {
	N     int      `json:"n"`    // 1 for the record's first action
	Seat  Seat     `json:"seat"` // who acted
	Lines []string `json:"lines"`
}

// EntryFor builds the log entry of the n-th action (1-based), taken by
// seat, with its events filtered for viewer.
func EntryFor(n int, seat Seat, events []Event, viewer Seat) LogEntry {
	e := LogEntry{N: n, Seat: seat, Lines: make([]string, 0, len(events))}
	for _, ev := range events {
		e.Lines = append(e.Lines, ev.For(viewer).Text)
	}
	return e
}
