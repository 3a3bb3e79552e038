package session

import (
	"testing"
	"testing/synctest"
	"time"
)

// The room's roster on its own: members by id and token, a token free only
// when nobody holds it and it was never banned, and cut-offs that double
// until the last one removes the token instead (Limits.CutOff, CutOffs).
func TestTheRosterKnowsWhoIsInAndWhoIsKeptOut(t *testing.T) {
	r := newRoster()
	ann := r.newMember("ann-token", "Ann", 0)
	bob := r.newMember("bob-token", "Bob", 1)
	if ann.id == bob.id || r.members[bob.id] != bob || r.byToken["ann-token"] != ann {
		t.Fatal("two members are not each known by their own id and token")
	}
	for _, c := range []struct {
		token string
		free  bool
	}{{"", false}, {"ann-token", false}, {"new-token", true}} {
		if got := r.free(c.token); got != c.free {
			t.Errorf("token %q free: %v, want %v", c.token, got, c.free)
		}
	}
	r.forget(bob)
	if r.members[bob.id] != nil || r.byToken["bob-token"] != nil || r.free("bob-token") {
		t.Error("a member forgotten is still known, or its token is a new member's to take")
	}
	r.ban("new-token")
	if r.free("new-token") {
		t.Error("a banned token is free")
	}
}

func TestCutOffsDoubleUntilTheLastRemoves(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRoster()
		for i, want := range []struct {
			wait time.Duration
			out  bool
		}{{5 * time.Second, false}, {10 * time.Second, false}, {0, true}} {
			wait, n, out := r.countCutOff("tok", WhyFlood, 5*time.Second, 3)
			if wait != want.wait || out != want.out || n != i+1 {
				t.Fatalf("cut-off %d: kept out %v (removed: %v, counted %d), want %v (%v)", i+1, wait, out, n, want.wait, want.out)
			}
			if c, kept := r.keptOut("tok"); kept != !out || kept && c.why != WhyFlood {
				t.Fatalf("cut-off %d: kept out now: %v (%+v)", i+1, kept, c)
			}
			time.Sleep(wait)
			if _, kept := r.keptOut("tok"); kept {
				t.Fatalf("cut-off %d: still kept out after its %v", i+1, wait)
			}
		}
	})
}
