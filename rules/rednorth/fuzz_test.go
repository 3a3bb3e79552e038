package rednorth

import (
	"errors"
	"strings"
	"testing"

	"longhall/rules"
)

var fuzzKinds = []string{
	KindDeploy, KindGive, KindSalvage, KindDecline, KindEnd, KindWithdraw, KindReinforce, KindAdd,
	KindInspire, KindPromote, KindInvoke, KindLoki, KindSaga, KindHel, KindInsert, KindPass,
	"", "bogus", "DEPLOY", "pass ",
}

// FuzzApply feeds Apply arbitrary actions mixed with legal ones. Apply must
// never panic, a refused action must leave the state exactly as it was, and
// the state must stay valid after every accepted one.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 200, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{2, 7, 4, 9, 1, 255, 128, 3, 3, 3, 12, 0, 14, 1, 2})
	f.Add([]byte("rednorth: a longer run of bytes to drive a game somewhere past deployment"))
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		players := 2 + next()%3
		seed := uint64(next())<<8 | uint64(next())
		st, err := game{}.New(rules.Config{Players: players}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for len(data) > 0 && s.Result() == nil {
			op := next()
			seat := rules.Seat(next()%(players+3) - 1)
			var a rules.Action
			if op%3 == 0 {
				// A legal action, so that games get somewhere.
				pr := s.Pending()
				seat = pr[next()%len(pr)].Seat
				legal := s.Legal(seat)
				a = legal[next()%len(legal)]
			} else {
				a.Kind = fuzzKinds[next()%len(fuzzKinds)]
				for range next() % 4 {
					v := int(int8(next()))
					if next()%7 == 0 {
						v *= 1 << 40
					}
					a.Args = append(a.Args, v)
				}
			}
			before := encode(t, s)
			if _, err := s.Apply(seat, a); err != nil {
				if after := encode(t, s); after != before {
					t.Fatalf("refused %v by seat %d changed the state: %v", a, seat, err)
				}
				continue
			}
			if err := s.check(); err != nil {
				t.Fatalf("after %v by seat %d: %v", a, seat, err)
			}
			checkStep(t, s)
		}
	})
}

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
