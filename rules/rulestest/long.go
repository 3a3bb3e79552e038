package rulestest

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"
)

// LongEnv names the environment variable that asks the rules' tests for
// their long runs: LONGHALL_LONG=1 go test ./rules/... (make test-long).
// An environment variable, not a flag, so that one go test over many
// packages can set it: a flag would have to be defined by every package
// it reaches, and go test fails a package that does not know it.
const LongEnv = "LONGHALL_LONG"

// The random games per config Run plays, unless a Suite says otherwise.
const (
	// DefaultGames is what make test (a plain go test) plays: enough for
	// the suite to catch each of its own broken games (rulestest_test.go
	// plays them at this size), and every game's package passes in well
	// under a minute of one core.
	DefaultGames = 10
	// DefaultLongGames is what make test-long (LongEnv set) plays: the
	// thousands of games per game package that find the rarer states.
	DefaultLongGames = 400
)

// long reads LongEnv once: 1 or true (strconv.ParseBool) turns it on;
// unset, empty, 0 or false leave it off; anything else is a mistake the
// tests stop at rather than quietly run short.
var long = sync.OnceValue(func() bool {
	v := os.Getenv(LongEnv)
	if v == "" {
		return false
	}
	on, err := strconv.ParseBool(v)
	if err != nil {
		panic(fmt.Sprintf("rulestest: %s=%q: want 1 or 0 (true or false)", LongEnv, v))
	}
	return on
})

// Long reports whether the tests run long (LongEnv set to 1). -short
// wins over it: a run asked to be short stays short.
func Long() bool { return long() && !testing.Short() }

// Size is how many random games, seeds or positions a test plays: def by
// default (make test), long under Long (make test-long), and short under
// -short. Only the number changes, never what each game checks; a test
// that asserts a rate over its games must hold it at every size.
func Size(short, def, long int) int {
	switch {
	case testing.Short():
		return short
	case Long():
		return long
	}
	return def
}
