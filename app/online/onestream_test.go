package online

import (
	"context"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"longhall/rules"
)

// counted is a game that counts the views its states build: Hands (the
// test game), each view counted. It lets a test see how many views an
// action costs the host, whatever carries them.
type counted struct{ rules.Game }

// views counts every view a counted game's states have built.
var viewsBuilt atomic.Int64

func (g counted) Info() rules.Info {
	i := g.Game.Info()
	i.ID, i.Name = "counted-hands", "Counted hands"
	return i
}

func (g counted) New(cfg rules.Config, seed uint64) (rules.State, error) {
	s, err := g.Game.New(cfg, seed)
	if err != nil {
		return nil, err
	}
	return countedState{s}, nil
}

type countedState struct{ rules.State }

func (s countedState) View(seat rules.Seat) any {
	viewsBuilt.Add(1)
	return s.State.View(seat)
}

func (s countedState) Clone() rules.State { return countedState{s.State.Clone()} }

func init() {
	g, err := rules.Lookup("hand-test")
	if err != nil {
		panic(err)
	}
	rules.Register(counted{g})
}

// Issue 40, one stream: three people share a device. An action builds one
// view, the table of the person the device shows, where it built one for
// each of them before; and the person the device is handed to reads the
// whole table then, with the others' choices in it.
func TestAHotSeatActionBuildsOneViewForTheDevice(t *testing.T) {
	for _, c := range []struct {
		name     string
		everyone bool
		want     int64
	}{
		{"one stream: the shown person's view only", false, 1},
		{"before it: every person's view", true, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				st := &MemStore{}
				tb, err := startTable(context.Background(), st, dealt(t, st, "t1", "counted-hands", 3, 42, 0, "person", "person", "person"), TableOptions{}, nil, c.everyone)
				if err != nil {
					t.Fatal(err)
				}
				defer tb.Close()
				if err := tb.HandOver(0); err != nil {
					t.Fatal(err)
				}
				_, _, v := settled(t, tb)
				if c.everyone {
					for _, p := range tb.people {
						eventually(t, "every person's table has come", func() bool { return p.View().Snap.State != nil })
					}
				}
				before := viewsBuilt.Load()
				if err := tb.Act(v.Snap.State.Legal[0]); err != nil {
					t.Fatal(err)
				}
				eventually(t, "the action is played and shown", func() bool {
					s := tb.View().Snap.State
					if s == nil || s.Version != 1 {
						return false
					}
					for _, p := range tb.people {
						if s := p.View().Snap.State; c.everyone && (s == nil || s.Version != 1) {
							return false
						}
					}
					return true
				})
				if got := viewsBuilt.Load() - before; got != c.want {
					t.Errorf("the action built %d views, want %d", got, c.want)
				}
				if c.everyone {
					return
				}
				// The next person, handed the device, reads the table as it is
				// now, and a parked person was sent nothing meanwhile.
				if s := tb.people[tb.at(2)].View().Snap.State; s != nil {
					t.Errorf("seat 2, not shown, holds a table of version %d", s.Version)
				}
				seat, hand, _ := settled(t, tb)
				if !hand || seat != 1 {
					t.Fatalf("after seat 0 chose, the screen asks for the device for seat %d (%v), want seat 1", seat, hand)
				}
				if err := tb.HandOver(1); err != nil {
					t.Fatal(err)
				}
				if _, hand, v := settled(t, tb); hand || v.Snap.State.Seat != 1 || v.Snap.State.Version != 1 || len(v.Log) != 1 {
					t.Errorf("handed the device, seat 1 reads seat %d's table at version %d with %d log entries (hand-over asked: %v)", v.Snap.State.Seat, v.Snap.State.Version, len(v.Log), hand)
				}
			})
		})
	}
}

// BenchmarkHotSeatAction is the host's time per action (ns/op: an op is
// an action) on one device that four people share (Red North): from a
// person's click to their table showing it, the device handed on when the
// next person is to decide, and the save after every action.
// "before" sends every person their table at every action, as the table
// did before one stream; "after" the shown person's only.
func BenchmarkHotSeatAction(b *testing.B) {
	for _, c := range []struct {
		name     string
		everyone bool
	}{{"before", true}, {"after", false}} {
		b.Run(c.name, func(b *testing.B) {
			changed := make(chan struct{}, 1)
			open := func(seed uint64) *Table {
				st := &MemStore{}
				tb, err := startTable(context.Background(), st, dealt(b, st, "t1", "rednorth", 0, seed, 0, "person", "person", "person", "person"), TableOptions{}, func() {
					select {
					case changed <- struct{}{}:
					default:
					}
				}, c.everyone)
				if err != nil {
					b.Fatal(err)
				}
				return tb
			}
			seed := uint64(1)
			tb := open(seed)
			defer func() { tb.Close() }()
			actions := 0
			b.ResetTimer()
			for actions < b.N {
				seat, hand := tb.Screen()
				s := tb.View().Snap.State
				switch {
				case hand:
					if err := tb.HandOver(seat); err != nil {
						b.Fatal(err)
					}
				case s != nil && s.Result != nil:
					tb.Close()
					seed++
					tb = open(seed)
				case s != nil && len(s.Legal) > 0:
					if err := tb.Act(s.Legal[0]); err != nil {
						b.Fatal(err)
					}
					for now := tb.View().Snap.State; now == nil || now.Step == s.Step; now = tb.View().Snap.State {
						<-changed
					}
					actions++
				default:
					<-changed
				}
			}
		})
	}
}
