package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"longhall/rules"
)

func TestLobbyShowsSeatsAndFollowsSitStandReady(t *testing.T) {
	checkLeaks(t)
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
		if l.Seats[i] != want[i] {
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
	checkLeaks(t)
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
	checkLeaks(t)
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
		checkLeaks(t)
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
	t.Run("a kicked token cannot come back", func(t *testing.T) {
		checkLeaks(t)
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
	t.Run("after the start a bot takes the seat and the game goes on", func(t *testing.T) {
		checkLeaks(t)
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
		if !s.Record.Seats[1].Bot || s.Tokens[1] != "" {
			t.Errorf("save after the kick: %+v %q", s.Record.Seats, s.Tokens)
		}
	})
	t.Run("refusals", func(t *testing.T) {
		checkLeaks(t)
		r := newRoom(t)
		var e *Error
		if err := r.h.Kick(r.ann.Latest().You, ""); !errors.As(err, &e) || e.Code != CodeNoMember {
			t.Errorf("kicking the host's player: %v", err)
		}
		if err := r.h.Kick(999, ""); !errors.As(err, &e) || e.Code != CodeNoMember {
			t.Errorf("kicking nobody: %v", err)
		}
	})
}

func TestSpectators(t *testing.T) {
	checkLeaks(t)
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
	checkLeaks(t)
	clock := newManualClock()
	h := newTestHost(t, 2, Options{Clock: clock})
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
	clock.Advance(2 * time.Second)
	bob.Chat("patience pays")
	if c := waitKind(t, ann, KindChat).Chat; c.Text != "a" {
		t.Fatalf("Ann's next chat %q", c.Text) // Ann still has the earlier ones queued
	}
	waitFor(t, ann, "patience", func(u Update) bool { return u.Chat != nil && u.Chat.Text == "patience pays" })
	bob.Chat(strings.Repeat("x", 201))
	waitError(t, bob, CodeTooLong)
	clock.Advance(2 * time.Second)
	bob.Chat(strings.Repeat("é", 200)) // 200 characters, 400 bytes: fine
	waitFor(t, bob, "long chat", func(u Update) bool { return u.Chat != nil && len(u.Chat.Text) == 400 })
}

func TestNamesAreCleanedAndCut(t *testing.T) {
	checkLeaks(t)
	h := newTestHost(t, 2, Options{})
	join(t, h, strings.Repeat("Ragnar", 10), "")
	b := join(t, h, "\x00\u202e ", "")
	l := waitLobby(t, b, "both", func(l *Lobby) bool { return l.Seats[1].Kind == SeatHuman })
	if l.Seats[0].Name != strings.Repeat("Ragnar", 4) || l.Seats[1].Name != "Guest" {
		t.Errorf("names %q and %q", l.Seats[0].Name, l.Seats[1].Name)
	}
}

func TestPauseHoldsIntentsAndBots(t *testing.T) {
	checkLeaks(t)
	r := newRoom(t)
	r.h.SetPaused(true, "back in five")
	u := waitKind(t, r.ann, KindPaused)
	if u.Paused.Reason != "back in five" {
		t.Errorf("reason %q", u.Paused.Reason)
	}
	// Rob leaves; a bot takes his seat; the game starts paused.
	r.rob.msg(KindStand, nil)
	for l := (Lobby{}); len(l.Seats) == 0 || l.Seats[1].Kind != SeatEmpty; {
		r.rob.until(KindLobby, &l)
	}
	r.h.SetBot(1, true)
	if err := r.h.Start(); err != nil {
		t.Fatal(err)
	}
	st := waitVersion(t, r.ann, 0)
	if r.ann.Latest().Paused == nil {
		t.Error("Ann's snapshot does not show the pause")
	}
	r.ann.Intent(st.Legal[0])
	waitError(t, r.ann, CodePaused)
	// The bot would move at once if it could.
	busy := true
	inLoop(t, r.h, func() { busy = r.h.botBusy })
	if busy || hostVersion(t, r.h) != 0 {
		t.Fatal("a bot moved or is thinking during the pause")
	}
	// A guest joining during the pause is told.
	cat := join(t, r.h, "Cat", "")
	waitKind(t, cat, KindPaused)

	r.h.SetPaused(false, "")
	waitKind(t, r.ann, KindResumed)
	waitVersion(t, r.ann, 1) // the bot
	if r.ann.Latest().Paused != nil {
		t.Error("Ann's snapshot still shows the pause")
	}
	r.annPlays(t, false)
}

func TestBotsArePacedByTheClock(t *testing.T) {
	checkLeaks(t)
	clock := newManualClock()
	h := newTestHost(t, 2, Options{Clock: clock, BotDelay: time.Second})
	ann := local(t, h, "Ann", "")
	h.SetBot(1, true)
	h.Start()
	waitVersion(t, ann, 0)
	clock.Advance(999 * time.Millisecond)
	if v := hostVersion(t, h); v != 0 {
		t.Fatalf("the bot moved after %v", 999*time.Millisecond)
	}
	clock.Advance(time.Millisecond)
	st := waitVersion(t, ann, 1)
	if st.Events[0].Seat != 1 {
		t.Fatalf("version 1 was made by seat %d", st.Events[0].Seat)
	}
}

func TestASlowBotDoesNotHoldUpTheHost(t *testing.T) {
	checkLeaks(t)
	gate = make(chan struct{})
	released := false
	release := func() {
		if !released {
			released = true
			close(gate)
		}
	}
	h, err := NewHost(context.Background(), "hand-gated-test", rules.Config{Players: 2}, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { release(); h.Close() })
	ann := local(t, h, "Ann", "")
	h.SetBot(1, true)
	h.Start()
	st := waitVersion(t, ann, 0)
	// The bot is thinking (blocked) on its clone; the host still answers.
	n, _ := ann.Ping()
	if p := waitKind(t, ann, KindPong).Pong; p.N != n {
		t.Fatal("wrong pong")
	}
	ann.Intent(st.Legal[0])
	waitVersion(t, ann, 1)
	// The bot's stale answer (made for version 0) is thrown away and it
	// thinks again on the new state.
	release()
	st = waitVersion(t, ann, 2)
	if st.Events[0].Seat != 1 {
		t.Fatalf("version 2 was made by seat %d", st.Events[0].Seat)
	}
	mustCheckHost(t, h)
}

func TestABrokenBotCannotStallTheGame(t *testing.T) {
	checkLeaks(t)
	var logs []string
	h, err := NewHost(context.Background(), "hand-badbot-test", rules.Config{Players: 3}, 1, Options{Logf: func(f string, a ...any) { logs = append(logs, f) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	ann := local(t, h, "Ann", "")
	h.SetBot(1, true)
	h.SetBot(2, true)
	done := autoplay(ann, 1)
	h.Start()
	if tr := <-done; tr.err != nil || len(tr.errs) > 0 {
		t.Fatal(tr.err, tr.errs)
	}
	inLoop(t, h, func() {
		if len(logs) == 0 {
			t.Error("the bot's failures were not logged")
		}
	})
	mustCheckHost(t, h)
}

func TestSilentConnectionsAreClosedAfterTheHelloTimeout(t *testing.T) {
	checkLeaks(t)
	clock := newManualClock()
	h := newTestHost(t, 2, Options{Clock: clock})
	p := attachRaw(t, h)
	clock.Advance(14 * time.Second)
	p.msg(KindPing, nil) // still open; not joined
	p.expectError(CodeHelloFirst)
	clock.Advance(time.Second)
	if reason := p.expectClosed(); !strings.Contains(reason, "no hello") {
		t.Errorf("reason %q", reason)
	}
	// One who says hello in time is not affected.
	g := join(t, h, "Bob", "")
	clock.Advance(time.Minute)
	if _, err := g.Ping(); err != nil {
		t.Fatal(err)
	}
	waitKind(t, g, KindPong)
}

func TestAFullRoomRefusesConnections(t *testing.T) {
	checkLeaks(t)
	h := newTestHost(t, 2, Options{Limits: Limits{MaxPeers: 2}})
	local(t, h, "Ann", "")
	join(t, h, "Bob", "")
	a, b := Pipe()
	defer b.Close()
	var e *Error
	if err := h.Attach(a); !errors.As(err, &e) || e.Code != CodeFull {
		t.Fatalf("third connection: %v", err)
	}
	p := &rawPeer{t: t, conn: b}
	p.expectError(CodeFull)
	p.expectClosed()
}

func TestAPeerThatStopsReadingIsDropped(t *testing.T) {
	checkLeaks(t)
	h := newTestHost(t, 2, Options{})
	ann := local(t, h, "Ann", "")
	a, b := newPipe(4)
	defer b.Close()
	h.Attach(a)
	b.Send([]byte(raw(KindHello, Hello{Name: "Sloth"})))
	hostLobby(t, h, "Sloth seated", func(l Lobby) bool { return l.Seats[1].Connected })
	// Sloth never reads: welcome, lobby, then chat until the pipe is full.
	for range 10 {
		ann.Chat("hey")
	}
	select {
	case <-b.Done():
	case <-time.After(wait):
		t.Fatal("the host kept a peer that does not read")
	}
	hostLobby(t, h, "Sloth gone", func(l Lobby) bool { return l.Seats[1].Kind == SeatHuman && !l.Seats[1].Connected })
}

func TestNewHostRefusesWhatItCannotPlay(t *testing.T) {
	checkLeaks(t)
	for _, c := range []struct {
		name string
		game string
		cfg  rules.Config
	}{
		{"unknown game", "chess", rules.Config{Players: 2}},
		{"too few players", "hand-test", rules.Config{Players: 1}},
		{"too many players", "hand-test", rules.Config{Players: 5}},
		{"bad option", "hand-test", rules.Config{Players: 2, Options: map[string]string{"hand": "9"}}},
	} {
		h, err := NewHost(context.Background(), c.game, c.cfg, 1, Options{})
		if err == nil {
			h.Close()
			t.Errorf("%s: accepted", c.name)
		} else if !strings.HasPrefix(err.Error(), "session: ") || !errors.Is(err, rules.ErrBadConfig) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestResumeRefusesABadSave(t *testing.T) {
	checkLeaks(t)
	good := func() Save {
		return Save{
			Record: rules.Record{Format: rules.RecordFormat, Game: "hand-test", Config: rules.Config{Players: 2}, Seed: 1,
				Seats: []rules.SeatInfo{{Name: "Ann"}, {Name: "Bot 2", Bot: true}}},
			Tokens: []string{"ann", ""},
		}
	}
	h, err := Resume(context.Background(), good(), Options{})
	if err != nil {
		t.Fatalf("a good save: %v", err)
	}
	h.Close()
	for name, spoil := range map[string]func(*Save){
		"tokens missing":    func(s *Save) { s.Tokens = s.Tokens[:1] },
		"human without one": func(s *Save) { s.Tokens[0] = "" },
		"bot with a token":  func(s *Save) { s.Tokens[1] = "bot" },
		"repeated token":    func(s *Save) { s.Record.Seats[1].Bot = false; s.Tokens[1] = "ann" },
		"illegal action": func(s *Save) {
			s.Record.Actions = []rules.SeatMove{{Seat: 0, Action: rules.Action{Kind: "choose", Args: []int{5}}}}
		},
		"unknown game": func(s *Save) { s.Record.Game = "chess" },
	} {
		s := good()
		spoil(&s)
		if h, err := Resume(context.Background(), s, Options{}); err == nil {
			h.Close()
			t.Errorf("%s: accepted", name)
		} else if !strings.HasPrefix(err.Error(), "session: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestGuestReportsMessagesItCannotRead(t *testing.T) {
	checkLeaks(t)
	hostEnd, guestEnd := Pipe()
	g, err := NewGuest(context.Background(), guestEnd, "Ann", "")
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	hello, _ := hostEnd.Recv(context.Background())
	if !strings.Contains(string(hello), `"kind":"hello"`) {
		t.Fatalf("first message %s", hello)
	}
	for _, c := range []struct{ msg, code string }{
		{"junk", CodeBadJSON},
		{`{"v":3,"kind":"lobby"}`, CodeVersion},
		{`{"v":1,"kind":"fireworks"}`, CodeBadKind},
		{`{"v":1,"kind":"state","body":{"version":"x"}}`, CodeBadJSON},
		{raw(KindChat, Chat{Text: strings.Repeat("x", MaxMessageSize)}), CodeTooBig},
	} {
		hostEnd.Send([]byte(c.msg))
		waitError(t, g, c.code)
	}
	if _, err := g.Intent(rules.Action{Kind: "x"}); !errors.Is(err, ErrNotJoined) {
		t.Errorf("intent before welcome: %v", err)
	}
	// Still listening.
	hostEnd.Send([]byte(raw(KindWelcome, Welcome{You: 3, Seat: 1, Token: "t", Seq: 41})))
	waitKind(t, g, KindWelcome)
	if seq, err := g.Intent(rules.Action{Kind: "x"}); err != nil || seq != 42 {
		t.Errorf("first intent after a welcome with seq 41: %d, %v", seq, err)
	}
}

func TestClosingTheHostStopsEveryone(t *testing.T) {
	checkLeaks(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h, err := NewHost(ctx, "hand-test", rules.Config{Players: 2}, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ann, _ := h.Local("Ann", "")
	bob := join(t, h, "Bob", "")
	silent := attachRaw(t, h) // never says hello
	h.Close()
	for _, g := range []*Guest{ann, bob} {
		<-g.Done()
		if !errors.Is(g.Err(), ErrClosed) {
			t.Errorf("Err %v", g.Err())
		}
		if err := g.Chat("anyone?"); !errors.Is(err, ErrClosed) {
			t.Errorf("chat after close: %v", err)
		}
	}
	silent.expectClosed()
	for name, err := range map[string]error{
		"Start":  h.Start(),
		"SetBot": h.SetBot(0, true),
		"Kick":   h.Kick(1, ""),
		"Attach": h.Attach(func() Conn { a, _ := Pipe(); return a }()),
	} {
		if !errors.Is(err, ErrClosed) {
			t.Errorf("%s after close: %v", name, err)
		}
	}
	if _, err := h.Local("Ann", ""); err == nil {
		t.Error("Local after close")
	}
	h.Close() // twice is fine
}

func TestGuestCloseReturnsWhileTheUIIsNotReading(t *testing.T) {
	checkLeaks(t)
	h := newTestHost(t, 2, Options{Limits: Limits{MsgBurst: 2 * UpdateBuffer}})
	g := join(t, h, "Bob", "")
	// Nobody reads Updates: the reader fills the buffer and blocks.
	for range UpdateBuffer + 5 {
		g.Ping()
	}
	deadline := time.Now().Add(wait)
	for len(g.Updates()) < UpdateBuffer {
		if time.Now().After(deadline) {
			t.Fatalf("only %d updates queued", len(g.Updates()))
		}
		time.Sleep(time.Millisecond)
	}
	closed := make(chan struct{})
	go func() { g.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(wait):
		t.Fatal("Close hung on a reader blocked by a full update queue")
	}
	// What was queued is still there to read, then the channel ends.
	n := 0
	for range g.Updates() {
		n++
	}
	if n != UpdateBuffer {
		t.Errorf("%d updates left, want %d", n, UpdateBuffer)
	}
}
