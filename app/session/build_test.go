package session

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestBuildsReadLeniently(t *testing.T) {
	for _, c := range []struct {
		name, json string
		want       Build
	}{
		{"a build", `{"version":"3fa2b1c9d0e1f2a3","built":1764400000}`, Build{"3fa2b1c9d0e1f2a3", 1764400000}},
		{"no time", `{"version":"v1.2.0+dirty"}`, Build{"v1.2.0+dirty", 0}},
		{"a name too long", `{"version":"` + strings.Repeat("a", MaxBuildVersion+1) + `","built":5}`, Build{}},
		{"the longest name", `{"version":"` + strings.Repeat("a", MaxBuildVersion) + `"}`, Build{strings.Repeat("a", MaxBuildVersion), 0}},
		{"markup in the name", `{"version":"<b>new</b>","built":5}`, Build{}},
		{"a space", `{"version":"a b"}`, Build{}},
		{"a number for a name", `{"version":12,"built":5}`, Build{}},
		{"a string for a time", `{"version":"abc","built":"now"}`, Build{}},
		{"a time in the past", `{"version":"abc","built":-4}`, Build{"abc", 0}},
		{"a time past reason", `{"version":"abc","built":9007199254740991}`, Build{"abc", 0}},
		{"not an object", `"abc"`, Build{}},
		{"null", `null`, Build{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b Build
			if err := json.Unmarshal([]byte(c.json), &b); err != nil {
				t.Fatalf("a build is never an error: %v", err)
			}
			if b != c.want {
				t.Errorf("read %+v, want %+v", b, c.want)
			}
			// A hello that carries it is read all the same.
			var h Hello
			if err := json.Unmarshal([]byte(`{"name":"Rikki","build":`+c.json+`}`), &h); err != nil || h.Name != "Rikki" || h.Build != c.want {
				t.Errorf("the hello reads %+v, %v", h, err)
			}
		})
	}
}

func TestCompareBuilds(t *testing.T) {
	old, new, sameAge := Build{"aaaa", 100}, Build{"bbbb", 200}, Build{"cccc", 100}
	for _, c := range []struct {
		name string
		a, b Build
		want Order
	}{
		{"the same build", new, new, SameBuild},
		{"both unknown", Build{}, Build{}, SameBuild},
		{"the same name, built again", Build{"aaaa", 300}, old, SameBuild},
		{"older", old, new, OlderBuild},
		{"newer", new, old, NewerBuild},
		{"one from before builds were said", Build{}, old, OlderBuild},
		{"against one from before builds", old, Build{}, NewerBuild},
		{"built at the same time", old, sameAge, OtherBuild},
		{"no time on one", Build{"aaaa", 0}, new, OtherBuild},
	} {
		if got := CompareBuilds(c.a, c.b); got != c.want {
			t.Errorf("%s: CompareBuilds(%+v, %+v) = %d, want %d", c.name, c.a, c.b, got, c.want)
		}
	}
}

// TestANewerHostWelcomesAnOlderGuest: builds never keep anyone out. The
// host says its build in the welcome and each seat's in the lobby; a
// guest with no build, or a malformed one, is welcomed as one from
// before builds were said.
func TestANewerHostWelcomesAnOlderGuest(t *testing.T) {
	hostBuild := Build{"newer", 200}
	h := newTestHost(t, 4, Options{Build: hostBuild})
	me := local(t, h, "Gordon", "")
	older := Build{"older", 100}
	a, b := Pipe()
	if err := h.Attach(a); err != nil {
		t.Fatal(err)
	}
	rikki, err := NewGuest(context.Background(), b, Hello{Name: "Rikki", Build: older})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rikki.Close() })
	w := waitKind(t, rikki, KindWelcome).Welcome
	if w.Build != hostBuild || rikki.Latest().HostBuild != hostBuild {
		t.Errorf("the welcome says the host's build is %+v (kept: %+v), want %+v", w.Build, rikki.Latest().HostBuild, hostBuild)
	}
	// One from before builds (no field), one that sends nonsense.
	before, _ := joinRaw(t, h, "Hakka")
	before.send(`{"v":1,"kind":"ping","body":{"n":1}}`)
	odd := attachRaw(t, h)
	odd.send(`{"v":1,"kind":"hello","body":{"name":"Odd","build":{"version":"` + strings.Repeat("x", 5000) + `","built":"soon"}}}`)
	var ow Welcome
	odd.until(KindWelcome, &ow)

	l := waitLobby(t, me, "everyone seated", func(l *Lobby) bool {
		n := 0
		for _, s := range l.Seats {
			if s.Kind == SeatHuman {
				n++
			}
		}
		return n == 4
	})
	want := map[string]Build{"Gordon": hostBuild, "Rikki": older, "Hakka": {}, "Odd": {}}
	for _, s := range l.Seats {
		if s.Build != want[s.Name] {
			t.Errorf("%s's seat says build %+v, want %+v", s.Name, s.Build, want[s.Name])
		}
	}
	members, err := h.Members()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range members {
		if m.Build != want[m.Name] {
			t.Errorf("the host lists %s with build %+v, want %+v", m.Name, m.Build, want[m.Name])
		}
	}
}

// TestAHelloCarriesThisBuild: a guest says the process's build unless its
// hello names one.
func TestAHelloCarriesThisBuild(t *testing.T) {
	SetBuild(Build{"this-one", 123})
	t.Cleanup(func() { SetBuild(Build{}) })
	hostEnd, guestEnd := Pipe()
	g, err := NewGuest(context.Background(), guestEnd, Hello{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	data, err := hostEnd.Recv(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"build":{"version":"this-one","built":123}`) {
		t.Errorf("the hello reads %s", data)
	}
	// And a host says it too.
	h := newTestHost(t, 2, Options{})
	if b := join(t, h, "Rikki", "").Latest().HostBuild; b != (Build{"this-one", 123}) {
		t.Errorf("the host says build %+v", b)
	}
}

// TestAnotherProtocolIsToldWhoseIsOlder: a hello of another protocol
// version is refused (a build difference never is), and the host hears
// who tried and which version they speak; a guest that cannot read the
// host's messages knows which version the host speaks.
func TestAnotherProtocolIsToldWhoseIsOlder(t *testing.T) {
	type refused struct {
		name   string
		theirs int
	}
	heard := make(chan refused, 4)
	h := newTestHost(t, 2, Options{OnProtocol: func(name string, theirs int) { heard <- refused{name, theirs} }})
	for _, c := range []struct {
		msg  string
		want refused
	}{
		{`{"v":2,"kind":"hello","body":{"name":"Rikki\u202e","build":{"version":"later"}}}`, refused{"Rikki", 2}},
		{`{"v":0,"kind":"hello","body":{"who":"?"}}`, refused{"", 0}},
		{`{"v":7,"kind":"hello","body":["not","an","object"]}`, refused{"", 7}},
	} {
		p := attachRaw(t, h)
		p.send(c.msg)
		if e := p.expectError(CodeVersion); e.Code != CodeVersion {
			t.Errorf("%s: refused with %+v", c.msg, e)
		}
		p.expectClosed()
		if got := <-heard; got != c.want {
			t.Errorf("%s: the host heard %+v, want %+v", c.msg, got, c.want)
		}
	}

	hostEnd, guestEnd := Pipe()
	g, err := NewGuest(context.Background(), guestEnd, Hello{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	hostEnd.Recv(context.Background())
	hostEnd.Send([]byte(`{"v":2,"kind":"error","body":{"code":"version","text":"session: protocol version 1 is not supported; this version speaks 2"}}`))
	if e := waitError(t, g, CodeVersion); e.Protocol != 2 {
		t.Errorf("the guest reads the host's protocol as %d, want 2", e.Protocol)
	}
}
