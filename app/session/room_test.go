package session

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

func TestLobbyShowsSeatsAndFollowsSitStandReady(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 3, Options{})
	ann := local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	if ann.Seat() != 0 || bob.Seat() != 1 {
		t.Fatalf("seats %d and %d, want the first free ones", ann.Seat(), bob.Seat())
	}
	l := waitLobby(t, ann, "Bob seated", func(l *Lobby) bool { return l.Seats[1].Kind == SeatHuman })
	want := []SeatStatus{
		{Seat: 0, Kind: SeatHuman, Name: "Ann", Member: ann.Latest().You, Host: true, Connected: true, Ready: true},
		{Seat: 1, Kind: SeatHuman, Name: "Bob", Member: bob.Latest().You, Connected: true},
		{Seat: 2, Kind: SeatEmpty},
	}
	if l.Game != "hand-test" || l.Name != "Hands (test)" || l.Players != 3 || l.Started || l.Spectators != 0 {
		t.Errorf("lobby %+v", l)
	}
	for i := range want {
		if !reflect.DeepEqual(l.Seats[i], want[i]) {
			t.Errorf("seat %d: %+v, want %+v", i, l.Seats[i], want[i])
		}
	}

	bob.Sit(2)
	waitLobby(t, ann, "Bob moved", func(l *Lobby) bool { return l.Seats[1].Kind == SeatEmpty && l.Seats[2].Name == "Bob" })
	// Bob's own idea of his seat follows the lobby.
	waitLobby(t, bob, "Bob moved", func(l *Lobby) bool { return l.Seats[2].Name == "Bob" })
	if bob.Seat() != 2 {
		t.Fatalf("Bob thinks he is in seat %d", bob.Seat())
	}
	bob.Ready(true)
	waitLobby(t, ann, "Bob ready", func(l *Lobby) bool { return l.Seats[2].Ready })
	bob.Sit(1) // changing seats clears ready
	waitLobby(t, ann, "Bob in 1, not ready", func(l *Lobby) bool { return l.Seats[1].Name == "Bob" && !l.Seats[1].Ready })
	bob.Stand()
	l = waitLobby(t, ann, "Bob watching", func(l *Lobby) bool { return l.Spectators == 1 })
	if l.Seats[1].Kind != SeatEmpty || l.Seats[2].Kind != SeatEmpty {
		t.Errorf("seats after standing: %+v", l.Seats)
	}
	waitLobby(t, bob, "Bob watching", func(l *Lobby) bool { return l.Spectators == 1 })
	if bob.Seat() != rules.Spectator {
		t.Errorf("Bob thinks he is in seat %d", bob.Seat())
	}
	if _, err := bob.Intent(rules.Action{Kind: "choose"}); !errors.Is(err, ErrWatching) {
		t.Errorf("intent while watching: %v", err)
	}
	mustCheckHost(t, h)
}

func TestStartNeedsEverySeatFilledAndReady(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 3, Options{})
	local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	for _, c := range []struct {
		name  string
		setup func()
		want  string
	}{
		{"an empty seat", func() {}, "seat 2 is empty"},
		{"a player not ready", func() { h.SetBot(2, true) }, "Bob is not ready"},
	} {
		c.setup()
		err := h.Start()
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeNotReady || !strings.Contains(e.Text, c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	bob.Ready(true)
	waitLobby(t, bob, "ready", func(l *Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	var e *Error
	if err := h.Start(); !errors.As(err, &e) || e.Code != CodeStarted {
		t.Errorf("second start: %v", err)
	}
	if _, err := h.Save(); err != nil {
		t.Errorf("save after start: %v", err)
	}
}

func TestSetBotFillsAndEmptiesSeats(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 2, Options{})
	local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	if err := h.SetBot(5, true); err == nil {
		t.Error("a bot in seat 5 of 2")
	}
	// A bot may replace a player, who then watches.
	h.SetBot(1, true)
	waitLobby(t, bob, "bot in 1", func(l *Lobby) bool { return l.Seats[1].Kind == SeatBot && l.Spectators == 1 })
	if bob.Seat() != rules.Spectator {
		t.Errorf("Bob is in seat %d", bob.Seat())
	}
	// A player may take a bot's seat before the start.
	bob.Sit(1)
	hostLobby(t, h, "Bob in 1", func(l Lobby) bool { return l.Seats[1].Kind == SeatHuman })
	h.SetBot(1, true)
	hostLobby(t, h, "bot in 1", func(l Lobby) bool { return l.Seats[1].Kind == SeatBot && l.Spectators == 1 })
	h.SetBot(1, false)
	hostLobby(t, h, "seat 1 empty, Bob watching", func(l Lobby) bool { return l.Seats[1].Kind == SeatEmpty && l.Spectators == 1 })
	h.SetBot(1, true)
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	var e *Error
	if err := h.SetBot(1, false); !errors.As(err, &e) || e.Code != CodeStarted {
		t.Errorf("removing a bot in play: %v", err)
	}
	mustCheckHost(t, h)
}

func TestKick(t *testing.T) {
	t.Run("before the start the seat is freed and the token banned", func(t *testing.T) {
		inBubble(t, func(t *testing.T) {
			r := newRoom(t)
			if err := r.h.Kick(r.robID, "rude\x00"); err != nil {
				t.Fatal(err)
			}
			if reason := r.rob.expectClosed(); reason != "session: the host removed you from the room: rude" {
				t.Errorf("reason %q", reason)
			}
			l := hostLobby(t, r.h, "seat 1 free", func(l Lobby) bool { return l.Seats[1].Kind == SeatEmpty })
			if l.Spectators != 0 {
				t.Errorf("lobby %+v", l)
			}
			members, _ := r.h.Members()
			if len(members) != 1 || !members[0].Host {
				t.Errorf("members after the kick: %+v", members)
			}
			mustCheckHost(t, r.h)
		})
	})
	t.Run("a kicked token cannot come back", func(t *testing.T) {
		inBubble(t, func(t *testing.T) {
			h := newTestHost(t, 2, Options{})
			local(t, h, "Ann", "")
			bob := join(t, h, "Bob", "")
			token := bob.Token()
			h.Kick(bob.Latest().You, "")
			waitKind(t, bob, KindKicked)
			<-bob.Done()
			p := attachRaw(t, h)
			p.msg(KindHello, Hello{Name: "Bob", Token: token})
			if reason := p.expectClosed(); !strings.Contains(reason, "removed you") {
				t.Errorf("banned token: %q", reason)
			}
		})
	})
	t.Run("after the start a bot takes the seat and the game goes on", func(t *testing.T) {
		inBubble(t, func(t *testing.T) {
			r := newRoom(t)
			r.start(t)
			r.h.Kick(r.robID, "")
			r.rob.expectClosed()
			l := waitLobby(t, r.ann, "bot in 1", func(l *Lobby) bool { return l.Seats[1].Kind == SeatBot })
			if !l.Started {
				t.Error("lobby not started")
			}
			// Rob had not chosen; the bot does, then Ann completes the round.
			waitVersion(t, r.ann, 1)
			r.annPlays(t, false)
			s, _ := r.h.Save()
			// The record keeps Rob as the player of seat 1 from the start, and
			// says the bot took over from the kick on.
			if s.Record.Seats[1].Bot || s.Record.Seats[1].Name != "Rob" || s.Tokens[1] != "" {
				t.Errorf("save after the kick: seats %+v, tokens %q", s.Record.Seats, s.Tokens)
			}
			if len(s.Record.Changes) != 1 || s.Record.Changes[0].Seat != 1 || s.Record.Changes[0].At != 0 || !s.Record.Changes[0].Now.Bot {
				t.Fatalf("the record's seat changes: %+v", s.Record.Changes)
			}
			if now := s.Record.SeatsAt(len(s.Record.Actions)); !now[1].Bot || now[0].Name != "Ann" {
				t.Errorf("seating now: %+v", now)
			}
			// A resumed host seats the bot where it plays now.
			h2, err := Resume(context.Background(), s, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer h2.Close()
			if l, _ := h2.Lobby(); l.Seats[1].Kind != SeatBot || l.Seats[0].Kind != SeatHuman {
				t.Errorf("the resumed lobby: %+v", l.Seats)
			}
		})
	})
	t.Run("refusals", func(t *testing.T) {
		inBubble(t, func(t *testing.T) {
			r := newRoom(t)
			var e *Error
			if err := r.h.Kick(r.ann.Latest().You, ""); !errors.As(err, &e) || e.Code != CodeNoMember {
				t.Errorf("kicking the host's player: %v", err)
			}
			if err := r.h.Kick(999, ""); !errors.As(err, &e) || e.Code != CodeNoMember {
				t.Errorf("kicking nobody: %v", err)
			}
		})
	})
}

func TestSpectators(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 2, Options{Limits: Limits{MaxSpectators: 2}})
	local(t, h, "Ann", "")
	h.SetBot(1, true)
	early := join(t, h, "Early", "") // no seat left: watches from the lobby
	if early.Seat() != rules.Spectator {
		t.Fatalf("early bird in seat %d", early.Seat())
	}
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	late := join(t, h, "Late", "")
	if late.Seat() != rules.Spectator {
		t.Fatalf("late joiner in seat %d", late.Seat())
	}
	s := waitKind(t, late, KindState).State
	if s.Seat != rules.Spectator || len(s.Legal) != 0 || strings.Contains(string(s.View), "hand") {
		t.Errorf("spectator state %+v", s)
	}
	if l := late.Latest().Lobby; l == nil || l.Spectators != 2 || !l.Started {
		t.Errorf("lobby seen by the late joiner: %+v", l)
	}
	late.Sit(1)
	waitError(t, late, CodeStarted)

	// A third spectator does not fit.
	p := attachRaw(t, h)
	p.msg(KindHello, Hello{Name: "Crowd"})
	p.expectError(CodeFull)
	p.expectClosed()

	// A spectator who leaves is forgotten, which makes room.
	early.Close()
	waitLobby(t, late, "one spectator", func(l *Lobby) bool { return l.Spectators == 1 })
	members, _ := h.Members()
	if len(members) != 2 {
		t.Errorf("members %+v", members)
	}
	join(t, h, "Crowd", "")
	mustCheckHost(t, h)
}

func TestChatIsRelayedCleanedAndLimited(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		ann := local(t, h, "Ann", "")
		bob := join(t, h, "Bob\u202e\t the\nGreat", "")
		if err := bob.Chat("  hello\u200b\x07 there\n "); err != nil {
			t.Fatal(err)
		}
		for _, g := range []*Guest{ann, bob} {
			c := waitKind(t, g, KindChat).Chat
			if c.Text != "hello there" || c.Name != "Bob  the Great" || c.Seat != 1 || c.From != bob.Latest().You {
				t.Errorf("chat %+v", c)
			}
		}
		for i := range 3 { // the burst of 4 allows three more
			bob.Chat(strings.Repeat("a", i+1))
			waitKind(t, bob, KindChat)
		}
		bob.Chat("one too many")
		waitError(t, bob, CodeChatRate)
		time.Sleep(2 * time.Second)
		bob.Chat("patience pays")
		if c := waitKind(t, ann, KindChat).Chat; c.Text != "a" {
			t.Fatalf("Ann's next chat %q", c.Text) // Ann still has the earlier ones queued
		}
		waitFor(t, ann, "patience", func(u Update) bool { return u.Chat != nil && u.Chat.Text == "patience pays" })
		bob.Chat(strings.Repeat("x", 201))
		waitError(t, bob, CodeTooLong)
		time.Sleep(2 * time.Second)
		bob.Chat(strings.Repeat("é", 200)) // 200 characters, 400 bytes: fine
		waitFor(t, bob, "long chat", func(u Update) bool { return u.Chat != nil && len(u.Chat.Text) == 400 })
	})
}

func TestNamesAreCleanedAndCut(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 2, Options{})
	join(t, h, strings.Repeat("Ragnar", 10), "")
	b := join(t, h, "\x00\u202e ", "")
	l := waitLobby(t, b, "both", func(l *Lobby) bool { return l.Seats[1].Kind == SeatHuman })
	if l.Seats[0].Name != strings.Repeat("Ragnar", 4) || l.Seats[1].Name != "Guest" {
		t.Errorf("names %q and %q", l.Seats[0].Name, l.Seats[1].Name)
	}
}

// sendLog records, across peers, which peer each state message went to, in
// the order the host sent them.
type sendLog struct {
	mu    sync.Mutex
	order []string
}

type loggedConn struct {
	Conn
	name string
	log  *sendLog
}

func (c loggedConn) Send(msg []byte) error {
	if bytes.Contains(msg, []byte(`"kind":"state"`)) {
		c.log.mu.Lock()
		c.log.order = append(c.log.order, c.name)
		c.log.mu.Unlock()
	}
	return c.Conn.Send(msg)
}

// TestTheActorHearsFirst: the state after an action goes first to the
// peer whose intent it was, whose round trip a player waits on.
func TestTheActorHearsFirst(t *testing.T) {
	leaktest.Check(t)
	h := newTestHost(t, 4, Options{})
	local(t, h, "Ann", "")
	log := &sendLog{}
	guests := map[string]*Guest{}
	for _, name := range []string{"Bob", "Cat", "Dag"} {
		a, b := Pipe()
		if err := h.Attach(loggedConn{a, name, log}); err != nil {
			t.Fatal(err)
		}
		g, err := NewGuest(context.Background(), b, Hello{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { g.Close() })
		waitKind(t, g, KindWelcome)
		g.Ready(true)
		guests[name] = g
	}
	hostLobby(t, h, "everyone ready", func(l Lobby) bool { return l.Seats[1].Ready && l.Seats[2].Ready && l.Seats[3].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	for _, g := range guests {
		waitVersion(t, g, 0)
	}
	for _, name := range []string{"Dag", "Bob", "Cat"} {
		g := guests[name]
		st := g.Latest().State
		if len(st.Legal) == 0 {
			t.Fatalf("%s has nothing to play at version %d", name, st.Version)
		}
		log.mu.Lock()
		log.order = nil
		log.mu.Unlock()
		if _, err := g.Intent(st.Legal[0]); err != nil {
			t.Fatal(err)
		}
		for _, other := range guests { // the whole broadcast is done
			waitVersion(t, other, st.Version+1)
		}
		log.mu.Lock()
		first := log.order
		log.mu.Unlock()
		if len(first) == 0 || first[0] != name {
			t.Fatalf("after %s's move the host sent states to %v", name, first)
		}
	}
}

// The host may change a game option in the lobby: guests see it at once,
// their ready marks are taken back, the game starts with it, and an
// unknown option or choice, or a change after the start, is refused.
func TestHostChangesAnOptionInTheLobby(t *testing.T) {
	leaktest.Check(t)
	var kept map[string]string
	h := newTestHost(t, 2, Options{OnOptions: func(o map[string]string) { kept = o }})
	local(t, h, "Ann", "")
	bob := join(t, h, "Bob", "")
	bob.Ready(true)
	waitLobby(t, bob, "ready", func(l *Lobby) bool { return l.Seats[1].Ready })
	for _, bad := range [][2]string{{"size", "2"}, {"hand", "7"}} {
		if err := h.SetOption(bad[0], bad[1]); err == nil {
			t.Errorf("SetOption(%q, %q) accepted", bad[0], bad[1])
		}
	}
	if err := h.SetOption("hand", "2"); err != nil {
		t.Fatal(err)
	}
	l := waitLobby(t, bob, "the option", func(l *Lobby) bool { return l.Options["hand"] == "2" })
	if l.Seats[1].Ready {
		t.Error("Bob is still ready after the game changed")
	}
	if kept["hand"] != "2" {
		t.Errorf("OnOptions kept %v", kept)
	}
	bob.Ready(true)
	waitLobby(t, bob, "ready again", func(l *Lobby) bool { return l.Seats[1].Ready })
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	s, err := h.Save()
	if err != nil || s.Record.Config.Options["hand"] != "2" {
		t.Errorf("the game started with %v (%v)", s.Record.Config.Options, err)
	}
	var e *Error
	if err := h.SetOption("hand", "3"); !errors.As(err, &e) || e.Code != CodeStarted {
		t.Errorf("SetOption after the start: %v", err)
	}
}
