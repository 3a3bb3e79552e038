package layers

import (
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"
)

// games are the games, each with a rules package and a board package.
var games = []string{"rednorth", "raiders", "vikings", "northerners", "testgame"}

// allowed says which of the module's packages a package may import, as
// docs/ARCHITECTURE.md draws it ("Dependency direction"). A package not
// listed may import nothing of the module. "rules/<game>" and
// "app/<game>" stand for each game.
var allowed = map[string][]string{
	"rules":                  nil,
	"rules/<game>":           {"rules"},
	"rules/rulestest":        {"rules"},
	"rules/mcts":             {"rules"},
	"app/ui":                 {"rules"},
	"app/ui/boardtest":       {"app/ui", "rules", "rules/rulestest"},
	"app/<game>":             {"app/ui", "rules", "rules/<game>"},
	"app/session":            {"rules", "rules/mcts", "app/internal/reason"},
	"app/session/conntest":   {"app/session", "app/internal/leaktest"}, // only tests import it
	"app/peer":               {"app/internal/jsevent", "app/internal/reason"},
	"app/relay":              {"app/internal/sdpflate", "app/internal/jsonquote"},
	"app/signal":             {"app/internal/bip340", "app/internal/jsevent", "app/internal/sdpflate", "app/internal/reason", "app/internal/jsonquote", "app/relay"},
	"app/room":               {"app/session", "app/peer", "app/relay", "app/signal", "app/internal/reason"},
	"app/online":             {"app/room", "app/session", "app/signal", "app/peer", "rules", "app/internal/reason"},
	"app/internal/bip340":    nil,
	"app/internal/jsevent":   nil,
	"app/internal/sdpflate":  nil,
	"app/internal/reason":    nil,
	"app/internal/jsonquote": nil,
	"app/internal/npmtools":  nil, // only tests import it
	"sw":                     nil, // the service worker's files, embedded by the commands
	// The pages: online and ui and the rules contract; never the
	// room's layers below online.
	"app/pages": {"app/online", "app/ui", "rules"},
	// The native commands (serve, dist, replay): the page kit for the
	// stylesheets, the network settings' checks, the service worker's
	// files and the rules for replays.
	"app/commands": {"app/ui", "app/online", "app/signal", "sw", "rules"},
	// Package main puts the program together: the pages, the games'
	// boards (each registers itself) and, natively, the commands.
	"app": {"app/pages", "app/<game>"},
}

// shipped are the internal packages the app itself is built with; the
// others are test helpers and build tools.
var shipped = []string{"app/internal/bip340", "app/internal/jsevent", "app/internal/sdpflate", "app/internal/reason", "app/internal/jsonquote"}

// commands are what package main may import besides, natively.
var commands = []string{"app/commands"}

// stdOnly are the standard library packages the rules may not use: no
// clock, no global randomness, no browser (the rules are pure and
// deterministic; rules.RNG is their only randomness). The conformance
// suite, which only tests import, reads and writes its golden files.
var stdOnly = []string{"time", "math/rand", "math/rand/v2", "crypto/rand", "syscall/js", "os", "net", "net/http"}

// list runs go list for GOOS/GOARCH and returns each package of the
// module with its imports.
func list(t *testing.T, goos, goarch string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \",\"}}", "longhall/...")
	cmd.Env = append(cmd.Environ(), "GOOS="+goos, "GOARCH="+goarch)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list (%s/%s): %v", goos, goarch, err)
	}
	pkgs := map[string][]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		name, imports, _ := strings.Cut(line, "|")
		if imports == "" {
			pkgs[name] = nil
			continue
		}
		pkgs[name] = strings.Split(imports, ",")
	}
	return pkgs
}

// rule finds the rule for a package of the module (its path without
// "longhall/"), and the game it stands for when it is a game's.
func rule(rel string) (rules []string, game string, ok bool) {
	if r, ok := allowed[rel]; ok {
		return r, "", true
	}
	dir, base := path.Split(rel)
	if slices.Contains(games, base) {
		r, ok := allowed[dir+"<game>"]
		return r, base, ok
	}
	return nil, "", false
}

// TestDependencyRules: every package of the module imports only what
// docs/ARCHITECTURE.md lets it, in the browser build and natively.
func TestDependencyRules(t *testing.T) {
	for _, target := range [][2]string{{"js", "wasm"}, {"linux", "amd64"}} {
		for pkg, imports := range list(t, target[0], target[1]) {
			rel, ok := strings.CutPrefix(pkg, "longhall/")
			if !ok || strings.HasPrefix(rel, "app/e2e") || strings.HasPrefix(rel, "app/internal/") && !slices.Contains(shipped, rel) {
				continue // the browser tests and the test helpers drive everything
			}
			may, game, known := rule(rel)
			if !known {
				t.Errorf("%s is not in the architecture's dependency rules; add it to docs/ARCHITECTURE.md and this test", pkg)
				continue
			}
			for _, imp := range imports {
				if strings.HasPrefix(rel, "rules") && rel != "rules/rulestest" && slices.Contains(stdOnly, imp) {
					t.Errorf("%s imports %s: the rules use no clock, global randomness or browser", pkg, imp)
				}
				dep, ok := strings.CutPrefix(imp, "longhall/")
				if !ok {
					continue
				}
				if !permitted(may, game, dep) && !(rel == "app" && target[0] != "js" && slices.Contains(commands, dep)) {
					t.Errorf("%s (%s) imports %s, which docs/ARCHITECTURE.md does not let it", pkg, target[0], imp)
				}
			}
		}
	}
}

// permitted says whether dep is in may, where "<game>" stands for game
// (or, for the pages, any game).
func permitted(may []string, game, dep string) bool {
	for _, m := range may {
		if m == dep {
			return true
		}
		if prefix, ok := strings.CutSuffix(m, "<game>"); ok {
			g := strings.TrimPrefix(dep, prefix)
			if strings.HasPrefix(dep, prefix) && (g == game || game == "" && slices.Contains(games, g)) {
				return true
			}
		}
	}
	return false
}

// The test would catch a layer running back up: a game's rules that
// import the app, a board that imports another game's rules, a page that
// reaches the session.
func TestPermitted(t *testing.T) {
	for _, c := range []struct {
		pkg, dep string
		want     bool
	}{
		{"rules/vikings", "rules", true},
		{"rules/vikings", "app/ui", false},
		{"app/vikings", "rules/vikings", true},
		{"app/vikings", "rules/raiders", false},
		{"app", "app/raiders", true},
		{"app", "app/session", false},
		{"app/session", "app/peer", false},
		{"app/relay", "app/signal", false}, // the link knows nothing of signaling
		{"app/room", "app/relay", true},
	} {
		may, game, ok := rule(c.pkg)
		if !ok {
			t.Fatalf("no rule for %s", c.pkg)
		}
		if got := permitted(may, game, c.dep); got != c.want {
			t.Errorf("%s importing %s: permitted %v, want %v", c.pkg, c.dep, got, c.want)
		}
	}
}
