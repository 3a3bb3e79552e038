package session

import (
	"encoding/json"
	"sync/atomic"
)

// Build names one build of the app: a host says its own in Welcome and in
// its seat of the Lobby, a guest in Hello. Builds never decide who may
// join (ProtocolVersion does): they let each side tell its player which
// device runs the older app and should reload between games.
type Build struct {
	// Version is the build's name, the one its service worker's cache is
	// named by (go-app's version): one build, one name.
	Version string `json:"version"`
	// Built is when the build was made, in Unix seconds (0: unknown). Two
	// names say nothing of which build is newer; this does.
	Built int64 `json:"built,omitempty"`
}

// MaxBuildVersion bounds a build's name, in bytes; a longer one, or one
// with any character outside [0-9A-Za-z._+-], is no name at all.
const MaxBuildVersion = 64

// CleanBuild returns b when it is well formed, the zero Build (unknown)
// when its name is not: a peer's build is only ever shown compared.
func CleanBuild(b Build) Build {
	if len(b.Version) == 0 || len(b.Version) > MaxBuildVersion {
		return Build{}
	}
	for i := 0; i < len(b.Version); i++ {
		c := b.Version[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '.' || c == '_' || c == '+' || c == '-') {
			return Build{}
		}
	}
	if b.Built < 0 || b.Built > 1<<40 { // past the year 36000: nonsense
		b.Built = 0
	}
	return b
}

// UnmarshalJSON reads a build leniently: a malformed one from a peer (of
// the wrong shape, too long, with odd characters) reads as unknown, and
// never makes the message it came in unreadable.
func (b *Build) UnmarshalJSON(data []byte) error {
	var raw struct {
		Version string `json:"version"`
		Built   int64  `json:"built"`
	}
	*b = Build{}
	if json.Unmarshal(data, &raw) == nil {
		*b = CleanBuild(Build(raw))
	}
	return nil
}

// Order is how one build stands to another (CompareBuilds).
type Order int

const (
	SameBuild  Order = iota // the same build, or both unknown
	OlderBuild              // the first is older
	NewerBuild              // the first is newer
	OtherBuild              // two builds whose order is unknown
)

// CompareBuilds says how a stands to b. A build that says nothing (from a
// version of Longhall before builds were said) is older than any that
// does; two named builds are ordered by when they were built.
func CompareBuilds(a, b Build) Order {
	switch {
	case a.Version == b.Version:
		return SameBuild
	case a.Version == "":
		return OlderBuild
	case b.Version == "":
		return NewerBuild
	case a.Built == 0 || b.Built == 0 || a.Built == b.Built:
		return OtherBuild
	case a.Built < b.Built:
		return OlderBuild
	}
	return NewerBuild
}

// thisBuild is the build of the app this process runs (SetBuild).
var thisBuild atomic.Pointer[Build]

// SetBuild says which build of the app this process runs: the app sets
// it once as it starts, before any room opens. Hosts (unless
// Options.Build says otherwise) and guests' hellos (unless they name one)
// carry it.
func SetBuild(b Build) {
	b = CleanBuild(b)
	thisBuild.Store(&b)
}

// ThisBuild is the build SetBuild set: unknown until it is called.
func ThisBuild() Build {
	if b := thisBuild.Load(); b != nil {
		return *b
	}
	return Build{}
}
