package online

import (
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
	if back := ReadInvitation(link); back != in {
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
			if got := ReadInvitation(c.frag); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}
