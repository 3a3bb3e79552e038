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

// splitObject agrees with json.Unmarshal into a map on every object
// json.Marshal writes, and refuses what it cannot split plainly.
func TestSplitObjectMatchesEncodingJSON(t *testing.T) {
	type inner struct {
		A []int          `json:"a"`
		S string         `json:"s"`
		M map[string]any `json:"m,omitempty"`
	}
	for _, v := range []any{
		map[string]any{},
		map[string]any{"one": 1},
		map[string]any{"b": "x,}]\"{[", "a": []any{1, "}", map[string]any{"k": ","}}, "c": nil, "d": true},
		struct {
			Z inner   `json:"z"`
			Y []inner `json:"y"`
			X string  `json:"x"`
		}{inner{[]int{1, 2}, `quote " and \ back`, map[string]any{"deep": []any{[]any{}}}}, []inner{{}, {S: "é\u2028<>&"}}, ""},
	} {
		data := mustJSON(t, v)
		keys, fields, ok := splitObject(data)
		if !ok {
			t.Fatalf("%s: not split", data)
		}
		var want map[string]json.RawMessage
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if !maps.EqualFunc(fields, want, func(a, b json.RawMessage) bool { return string(a) == string(b) }) {
			t.Errorf("%s: split into %v, want %v", data, fields, want)
		}
		if !slices.Equal(keys, slices.Sorted(maps.Keys(want))) {
			t.Errorf("%s: keys %v", data, keys)
		}
	}
	for _, bad := range []string{
		``, `{`, `}`, `[]`, `null`, `"x"`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":1`, `{"a":1}x`,
		`{"a":1,"a":2}`,                         // a name twice
		`{"\u00e9":1}`, `{"<":1}`, `{"a\"b":1}`, // names plainKeys refuses
		`{"a":"unterminated}`, `{"a":[1,2}`,
	} {
		if _, _, ok := splitObject([]byte(bad)); ok {
			t.Errorf("%q: split", bad)
		}
	}
}

// FuzzSplitObject: on any input splitObject never panics, and whatever it
// splits from valid JSON is what json.Unmarshal reads.
func FuzzSplitObject(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1,"b":[{"c":"}"}]}`, `{"a":"\\\""}`, `{"a":1`, `{"a":[1,2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		keys, fields, ok := splitObject(data)
		if !ok || !json.Valid(data) {
			return
		}
		var want map[string]json.RawMessage
		if json.Unmarshal(data, &want) != nil {
			t.Fatalf("%q: split, but json.Unmarshal refuses it", data)
		}
		if len(keys) != len(want) {
			t.Fatalf("%q: %d keys, want %d", data, len(keys), len(want))
		}
		for k, v := range want {
			if string(fields[k]) != string(v) {
				t.Fatalf("%q: field %q is %s, want %s", data, k, fields[k], v)
			}
		}
	})
}
