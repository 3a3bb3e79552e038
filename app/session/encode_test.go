package session

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
)

// The hand-written envelope is what encoding/json would write.
func TestEnvelopeMatchesEncodingJSON(t *testing.T) {
	for _, c := range []struct {
		kind string
		body any
	}{
		{KindStand, nil},
		{KindChat, Chat{Text: `skál! <b> "quoted" \ done`}},
		{KindIntent, Intent{Seq: 3, Seat: 1}},
	} {
		got, err := encode(c.kind, c.body)
		if err != nil {
			t.Fatal(err)
		}
		env := Envelope{V: ProtocolVersion, Kind: c.kind}
		if c.body != nil {
			env.Body = mustJSON(t, c.body)
		}
		if want := mustJSON(t, env); string(got) != string(want) {
			t.Errorf("%s: encode wrote %s, encoding/json %s", c.kind, got, want)
		}
	}
}

// appendObject writes what encoding/json writes for the same fields, and
// keys that JSON would escape are not taken for plain (such a view then
// travels whole, through encoding/json).
func TestAppendObjectMatchesEncodingJSON(t *testing.T) {
	fields := map[string]json.RawMessage{
		"hand": json.RawMessage(`[1,2,3]`), "name": json.RawMessage(`"Åsa \u003cb\u003e"`), "n": json.RawMessage(`7`),
	}
	if !plainKeys(fields) {
		t.Fatal("struct-like keys are not plain")
	}
	got := appendObject(nil, slices.Sorted(maps.Keys(fields)), fields, nil)
	if want := mustJSON(t, fields); string(got) != string(want) {
		t.Errorf("appendObject wrote %s, encoding/json %s", got, want)
	}
	onlyN := appendObject(nil, slices.Sorted(maps.Keys(fields)), fields, func(k string) bool { return k == "n" })
	if string(onlyN) != `{"n":7}` {
		t.Errorf("kept only n: %s", onlyN)
	}
	if none := appendObject(nil, nil, nil, nil); string(none) != `{}` {
		t.Errorf("no fields: %s", none)
	}
	for _, k := range []string{`a"b`, `a\b`, "a<b", "a&b", "a\nb", "å"} {
		if plainKeys(map[string]json.RawMessage{k: json.RawMessage(`1`)}) {
			t.Errorf("key %q taken for plain", k)
		}
	}
}
