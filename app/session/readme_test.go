package session

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The README is the protocol's specification for other clients: every
// example in it must be a message this package reads strictly, and every
// kind and error code the code defines must be documented there.
func TestReadmeDocumentsTheProtocol(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	// A guest's kinds, and the host's as a guest reads them (fromHost).
	bodies := map[string]func() any{
		KindHello: func() any { return &Hello{} }, KindIntent: func() any { return &Intent{} },
		KindSit: func() any { return &Sit{} }, KindStand: func() any { return &struct{}{} },
		KindReady: func() any { return &Ready{} }, KindChat: func() any { return &Chat{} },
		KindPing: func() any { return &Ping{} }, KindClaim: func() any { return &Claim{} },
		KindTookOver: func() any { return &struct{}{} }, KindResync: func() any { return &struct{}{} },
		KindPrefs: func() any { return &Prefs{} },
	}
	for kind, k := range fromHost {
		bodies[kind] = k.body
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(readme), "\n") {
		if !strings.HasPrefix(line, `{"v":`) {
			continue
		}
		env, e := decode([]byte(line))
		if e != nil {
			t.Errorf("%s: %v", line, e)
			continue
		}
		mk, ok := bodies[env.Kind]
		if !ok {
			t.Errorf("%s: unknown kind", line)
			continue
		}
		seen[env.Kind] = true
		if len(env.Body) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(env.Body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(mk()); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
	for kind := range bodies {
		if !seen[kind] {
			t.Errorf("no example of %q in the README", kind)
		}
	}
	// Every Code constant in the source appears in the README.
	for _, file := range []string{"protocol.go", "host.go"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`(?m)^\s*Code\w+\s*=\s*"(\w+)"`).FindAllStringSubmatch(string(src), -1) {
			if !bytes.Contains(readme, []byte("`"+m[1]+"`")) {
				t.Errorf("error code %q is not in the README", m[1])
			}
		}
	}
}
