package online

import (
	"encoding/base64"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"longhall/app/signal"
	_ "longhall/rules/rednorth"
)

// A room link tells a friend on a first visit what they are invited to;
// whatever part of it is damaged is left out, never trusted.
func TestInvitationRidesInTheLink(t *testing.T) {
	rm, err := signal.NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	rm = rm.Reissue(time.Unix(1_700_000_000, 0))
	in := Invitation{Game: "rednorth", Host: "Gordon Ásgeirsson", Seats: 3}
	link := rm.Link("https://example.org/room/") + "&" + in.Fragment()
	if back := ReadInvitation(link); !reflect.DeepEqual(back, in) {
		t.Fatalf("read back %+v, want %+v", back, in)
	}
	if got, err := signal.ParseLink(link, time.Unix(1_700_000_100, 0)); err != nil || got != rm {
		t.Fatalf("the room in an invitation link: %v, %v", got, err)
	}
	for _, c := range []struct {
		name, frag string
		want       Invitation
	}{
		{"an old link with none of it", "r=x&k=y&t=1", Invitation{}},
		{"an unknown game", "g=chess&h=Ann&n=2", Invitation{Host: "Ann", Seats: 2}},
		{"seats out of range", "g=rednorth&n=99", Invitation{Game: "rednorth"}},
		{"seats not a number", "n=three", Invitation{}},
		{"a name with controls and bidi overrides", "h=%E2%80%AEAnn%07%0A", Invitation{Host: "Ann"}},
		{"a name too long", "h=" + strings.Repeat("a", 100), Invitation{Host: strings.Repeat("a", maxInviteName)}},
		{"broken escapes", "g=%zz&h=%", Invitation{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ReadInvitation(c.frag); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// A host may share its TURN servers in the room link; what a guest reads
// back is checked as strictly as every other entry point checks it, and a
// link whose servers are wrong brings none, with the reason.
func TestInvitationCarriesSharedTURN(t *testing.T) {
	turn := []TURNServer{{URLs: []string{"turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"}, Username: "1700000000:gordon", Credential: "p@ss:w/rd&=#"}}
	rm, err := signal.NewRoom()
	if err != nil {
		t.Fatal(err)
	}
	in := Invitation{Game: "rednorth", Host: "Gordon", Seats: 2, TURN: turn}
	link := rm.Link("https://example.org/room/") + "&" + in.Fragment()
	if back := ReadInvitation(link); !reflect.DeepEqual(back, in) {
		t.Fatalf("read back %+v, want %+v", back, in)
	}
	if got, err := signal.ParseLink(link, time.Now()); err != nil || got != rm {
		t.Fatalf("the room in a link with TURN servers: %v, %v", got, err)
	}
	if strings.Contains(Invitation{Game: "rednorth"}.Fragment(), "ice=") {
		t.Error("a link with no TURN servers has the key")
	}
	enc := func(s string) string { return "r=x&ice=" + base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for _, c := range []struct {
		name, frag string
		err        error // errors.Is, besides the words
	}{
		{"a TURN address without credentials", enc(`[{"urls":["turn:t.example"]}]`), signal.ErrTURNCredentials},
		{"a TURN address with a username only", enc(`[{"urls":"turns:t.example","username":"u"}]`), signal.ErrTURNCredentials},
		{"not base64", "ice=***", nil},
		{"not JSON", enc("hello"), signal.ErrICEJSON},
		{"a bad address", enc(`[{"urls":"turn://t","username":"u","credential":"c"}]`), nil},
		{"too long", "ice=" + strings.Repeat("A", maxInviteTURN+1), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ReadInvitation(c.frag)
			if got.TURN != nil || got.TURNErr == nil || !strings.Contains(got.TURNErr.Error(), "TURN servers in this room link were left out") {
				t.Fatalf("got %+v", got)
			}
			if c.err != nil && !errors.Is(got.TURNErr, c.err) {
				t.Errorf("error %v, want %v", got.TURNErr, c.err)
			}
		})
	}
}
