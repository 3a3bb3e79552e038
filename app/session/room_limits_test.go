package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"longhall/app/internal/leaktest"
	"longhall/rules"
)

func TestSilentConnectionsAreClosedAfterTheHelloTimeout(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		h := newTestHost(t, 2, Options{})
		p := attachRaw(t, h)
		time.Sleep(14 * time.Second)
		p.msg(KindPing, nil) // still open; not joined
		p.expectError(CodeHelloFirst)
		time.Sleep(time.Second)
		if reason := p.expectClosed(); !strings.Contains(reason, "no hello") {
			t.Errorf("reason %q", reason)
		}
		// One who says hello in time is not affected.
		g := join(t, h, "Bob", "")
		time.Sleep(time.Minute)
		if _, err := g.Ping(); err != nil {
			t.Fatal(err)
		}
		waitKind(t, g, KindPong)
	})
}

func TestAFullRoomRefusesConnections(t *testing.T) {
	leaktest.Check(t)
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
	leaktest.Check(t)
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
	leaktest.Check(t)
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
	leaktest.Check(t)
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
	leaktest.Check(t)
	hostEnd, guestEnd := Pipe()
	g, err := NewGuest(context.Background(), guestEnd, Hello{Name: "Ann"})
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
	leaktest.Check(t)
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
	leaktest.Check(t)
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
