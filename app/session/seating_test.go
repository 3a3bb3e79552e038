package session

import (
	"errors"
	"testing"

	"longhall/rules"
)

// The lobby's seats on their own (seating.go): a player sits, moves,
// stands and says they are ready; a bot takes a seat, and a player the
// seat of a bot; the game is dealt only to full seats of ready players,
// the host's own ready without saying so; and each change marks the lobby
// to be sent, a change to nothing does not.
func TestTheSeatingKnowsWhoSitsWhere(t *testing.T) {
	r := newRoster()
	s := newSeating(3)
	ann := r.newMember("ann-token", "Ann", rules.Spectator)
	bob := r.newMember("bob-token", "Bob", rules.Spectator)
	host := r.newMember("host-token", "Gordon", rules.Spectator)
	host.local = true

	sent := func(what string, want bool) {
		t.Helper()
		if s.dirty != want {
			t.Errorf("%s: the lobby to be sent %v, want %v", what, s.dirty, want)
		}
		s.dirty = false
	}
	if err := s.noSeat(3); err == nil || err.Code != CodeNoSeat {
		t.Errorf("seat 3 of three: %v", err)
	}
	if s.noSeat(2) != nil || s.emptySeat() != 0 {
		t.Error("a table of three empty seats has no seat 2, or no empty seat 0")
	}

	s.sitDown(ann, 0)
	sent("Ann sits", true)
	s.sitDown(ann, 1)
	sent("Ann moves", true)
	if s.seats[0].m != nil || s.seats[1].m != ann || ann.seat != 1 || s.emptySeat() != 0 {
		t.Fatalf("Ann moved to seat 1: seats %+v, her seat %d", s.seats, ann.seat)
	}
	s.markReady(ann, true)
	sent("Ann is ready", true)
	s.markReady(ann, true)
	sent("Ann is ready again", false)

	if got := s.seatBot(1); got != ann || ann.seat != rules.Spectator || ann.ready || !s.isBot(1) {
		t.Fatalf("a bot put in Ann's seat unseats %v; Ann's seat %d, ready %v", got, ann.seat, ann.ready)
	}
	sent("a bot takes seat 1", true)
	if err := s.setLevel(1, rules.Hard); err != nil || s.botInfo(1).Level != rules.Hard || s.botInfo(1).Name != BotName(1, rules.Hard) {
		t.Fatalf("the bot made hard: %v, %+v", err, s.botInfo(1))
	}
	for _, c := range []struct {
		seat  rules.Seat
		level string
	}{{0, rules.Hard}, {1, "grandmaster"}, {7, rules.Easy}} {
		if err := s.setLevel(c.seat, c.level); err == nil {
			t.Errorf("seat %d made %q", c.seat, c.level)
		}
	}
	s.sitDown(bob, 1) // a player takes a bot's seat before the start
	if s.isBot(1) || s.seats[1].m != bob {
		t.Fatalf("Bob did not take the bot's seat: %+v", s.seats[1])
	}
	s.seatBot(2)
	s.unseatBot(2)
	if s.isBot(2) || s.seats[2].level != rules.Easy {
		t.Errorf("the bot that left seat 2 is still there, or left its level: %+v", s.seats[2])
	}

	var e *Error
	if _, err := s.deal(true); !errors.As(err, &e) || e.Args.Why != WhyEmpty || e.Args.Seat != 0 {
		t.Errorf("dealt with seats 0 and 2 empty: %v", err)
	}
	s.sitDown(host, 0)
	s.seatBot(2)
	if _, err := s.deal(true); !errors.As(err, &e) || e.Args.Name != "Bob" {
		t.Errorf("dealt with Bob not ready: %v", err)
	}
	if infos, err := s.deal(false); err != nil || infos[1].Name != "Bob" {
		t.Errorf("a rematch's seats: %+v, %v", infos, err)
	}
	s.markReady(bob, true)
	infos, err := s.deal(true)
	if err != nil || infos[0].Name != "Gordon" || infos[1].Name != "Bob" || !infos[2].Bot {
		t.Fatalf("dealt: %+v, %v", infos, err)
	}
	kept := s.lobbySeats()
	if kept[0].Token != "host-token" || !kept[1].Ready || !kept[2].Bot {
		t.Errorf("the lobby kept for a reload: %+v", kept)
	}
	s.standUp(bob)
	if bob.seat != rules.Spectator || bob.ready || s.seats[1].m != nil || s.emptySeat() != 1 {
		t.Errorf("Bob stood up: seat %d, ready %v, seats %+v", bob.seat, bob.ready, s.seats)
	}
}
