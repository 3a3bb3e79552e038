package rules_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"longhall/rules"
)

// FuzzReadRecord: whatever bytes arrive as a save file or a peer's record,
// ReadRecord either refuses them or returns a record that survives a JSON
// round trip unchanged, and replaying it never panics.
func FuzzReadRecord(f *testing.F) {
	f.Add([]byte(`{"format":1,"game":"nim-test","config":{"players":2},"seed":3,"seats":[{"name":"a"},{"name":"b"}],"actions":[{"seat":0,"action":{"kind":"take","args":[1]}}]}`))
	f.Add([]byte(`{"format":1,"game":"nim-test","config":{"players":2},"seats":[{"name":"a"},{"name":"b","bot":true}],"actions":[{"seat":5,"action":{"kind":"take","args":[-1,99]}}]}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"format":1,"game":"nim-test","config":{"players":2},"seats":[{"name":"a"},{"name":"b"}],"actions":[],"changes":[{"at":0,"seat":1,"now":{"name":"bot","bot":true}},{"at":-3,"seat":99,"now":{"name":"x"}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := rules.ReadRecord(bytes.NewReader(data))
		if err != nil {
			return
		}
		again, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := rules.ReadRecord(bytes.NewReader(again))
		if err != nil {
			t.Fatalf("a record read once cannot be read again: %v", err)
		}
		third, err := json.Marshal(back)
		if err != nil || !bytes.Equal(again, third) {
			t.Fatalf("round trip changed the record:\n%s\n%s", again, third)
		}
		rules.Replay(rec)
		if got := rec.SeatsAt(len(rec.Actions)); len(got) != len(rec.Seats) {
			t.Fatalf("SeatsAt gives %d seats for %d", len(got), len(rec.Seats))
		}
	})
}
