package rednorth

import (
	"errors"
	"strings"
	"testing"

	"longhall/rules"
	"longhall/rules/rulestest"
)

var fuzzKinds = []string{
	KindDeploy, KindGive, KindSalvage, KindDecline, KindEnd, KindWithdraw, KindReinforce, KindAdd,
	KindInspire, KindPromote, KindInvoke, KindLoki, KindSaga, KindHel, KindInsert, KindPass, "DEPLOY",
}

// FuzzApply feeds Apply arbitrary actions mixed with legal ones through
// the conformance suite's driver: Apply must never panic, a refused action
// must leave the state exactly as it was, and the state must stay valid
// after every accepted one.
func FuzzApply(f *testing.F) { rulestest.FuzzApply(f, suite(), fuzzKinds) }

// FuzzSetup feeds New arbitrary Setup records: it must refuse what it cannot
// play with a clear error, never panic, and build only valid states.
func FuzzSetup(f *testing.F) {
	f.Add(2, []byte(`{"outposts":["green","red","blue"],"firstPlayer":1,"gods":["Odin","Tyr","Hel"]}`))
	f.Add(3, []byte(`{"deck":["red"],"names":["a","b","c"]}`))
	f.Add(4, []byte(`{"firstPlayer":-3}`))
	f.Add(2, []byte(mustJSON(exampleSetup())))
	f.Fuzz(func(t *testing.T, players int, raw []byte) {
		st, err := game{}.New(rules.Config{Players: players, Setup: raw}, 1)
		if err != nil {
			if !errors.Is(err, rules.ErrBadConfig) || !strings.HasPrefix(err.Error(), "rednorth: ") {
				t.Fatalf("error %v", err)
			}
			return
		}
		if err := st.(*State).check(); err != nil {
			t.Fatalf("accepted an invalid set-up: %v", err)
		}
	})
}
