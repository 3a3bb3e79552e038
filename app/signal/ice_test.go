package signal

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Every address a browser would refuse is refused here first: one bad
// address makes the browser refuse the whole peer connection.
func TestICEAddresses(t *testing.T) {
	for _, c := range []struct {
		url string
		ok  bool
	}{
		{"stun:stun.l.google.com:19302", true},
		{"stun:stun.example.org", true},
		{"stuns:stun.example.org:5349", true},
		{"turn:turn.example.org:3478?transport=udp", true},
		{"turn:turn.example.org:3478?transport=tcp", true},
		{"turn:203.0.113.10", true},
		{"turns:turn.example.org:443?transport=tcp", true},
		{"turn:[2001:db8::1]:3478", true},
		{"stun:[2001:db8::1]", true},
		{"turn:turn_1.example.org:53", true},

		{"", false},
		{"stun", false},
		{"http://stun.example.org", false},
		{"STUN:stun.example.org", false},
		{"stun://stun.example.org:3478", false},
		{"stun:", false},
		{"stun::3478", false},
		{"stun:host:", false},
		{"stun:host:0", false},
		{"stun:host:65536", false},
		{"stun:host:+80", false},
		{"stun:host:port", false},
		{"stun:host?transport=udp", false},
		{"turn:host?transport=sctp", false},
		{"turn:host?foo=bar", false},
		{"turns:host:5349?transport=udp", false},
		{"turn:user@host", false},
		{"turn:ho st", false},
		{"turn:[2001:db8::1", false},
		{"turn:[2001:db8::1]3478", false},
		{"turn:[zz]:3478", false},
		{"turn:[]:3478", false},
		{"turn:" + strings.Repeat("a", 300), false},
	} {
		t.Run(c.url, func(t *testing.T) {
			err := checkICEURL(c.url)
			if (err == nil) != c.ok {
				t.Fatalf("checkICEURL(%q) = %v, want ok %v", c.url, err, c.ok)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "signal: ") {
				t.Errorf("error without the package prefix: %v", err)
			}
		})
	}
}

// A turn: or turns: address without a username and a credential is
// refused wherever a Config takes it; stun: addresses take none, and
// credentials given with them are dropped, not refused.
func TestConfigTURNRules(t *testing.T) {
	creds := ICEServer{URLs: []string{"turn:t.example:3478"}, Username: "u", Credential: "c"}
	for _, c := range []struct {
		name string
		cfg  Config
		err  error  // errors.Is
		text string // or a part of the message
	}{
		{name: "STUN only", cfg: Config{STUN: []string{"stun:s.example:3478"}}},
		{name: "TURN with its credentials", cfg: Config{TURN: []ICEServer{creds}}},
		{name: "STUN with credentials is taken (they are dropped)",
			cfg: Config{TURN: []ICEServer{{URLs: []string{"stun:s.example"}, Username: "u", Credential: "c"}}}},
		{name: "a turn: address in the STUN list", cfg: Config{STUN: []string{"turn:t.example:3478"}}, err: ErrTURNCredentials},
		{name: "a turns: address in the STUN list", cfg: Config{STUN: []string{"turns:t.example:5349"}}, err: ErrTURNCredentials},
		{name: "TURN without a username", cfg: Config{TURN: []ICEServer{{URLs: creds.URLs, Credential: "c"}}}, err: ErrTURNCredentials},
		{name: "TURN without a credential", cfg: Config{TURN: []ICEServer{{URLs: creds.URLs, Username: "u"}}}, err: ErrTURNCredentials},
		{name: "an entry with no address", cfg: Config{TURN: []ICEServer{{Username: "u", Credential: "c"}}}, text: "no address"},
		{name: "a bad address in a TURN entry", cfg: Config{TURN: []ICEServer{{URLs: []string{"turn://x"}, Username: "u", Credential: "c"}}}, text: "is not a STUN or TURN address"},
		{name: "a credential with a line break", cfg: Config{TURN: []ICEServer{{URLs: creds.URLs, Username: "u", Credential: "a\nb"}}}, text: "holds a control character"},
		{name: "an overlong username", cfg: Config{TURN: []ICEServer{{URLs: creds.URLs, Username: strings.Repeat("u", 600), Credential: "c"}}}, text: "too long (over 512 bytes)"},
		{name: "too many entries", cfg: Config{TURN: make9(creds)}, text: "more than 8"},
		{name: "a credentials address", cfg: Config{TURNCredentialsURL: "https://example.org/turn"}},
		{name: "a credentials path on the site", cfg: Config{TURNCredentialsURL: "/api/turn?ttl=3600"}},
		{name: "a credentials address of another kind", cfg: Config{TURNCredentialsURL: "ftp://example.org/turn"}, text: "neither"},
		{name: "a credentials address with a password", cfg: Config{TURNCredentialsURL: "https://a:b@example.org/turn"}, text: "neither"},
		{name: "a credentials address with a space", cfg: Config{TURNCredentialsURL: "/api/turn key"}, text: "neither"},
		{name: "a credentials address with no host", cfg: Config{TURNCredentialsURL: "https:///turn"}, text: "neither"},
		{name: "a protocol-relative credentials address", cfg: Config{TURNCredentialsURL: "//example.org/turn"}, text: "neither"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.cfg.Validate()
			switch {
			case c.err != nil:
				if !errors.Is(err, c.err) {
					t.Fatalf("Validate() = %v, want %v", err, c.err)
				}
			case c.text != "":
				if err == nil || !strings.Contains(err.Error(), c.text) {
					t.Fatalf("Validate() = %v, want an error saying %q", err, c.text)
				}
			case err != nil:
				t.Fatalf("Validate() = %v", err)
			}
		})
	}
}

func make9(s ICEServer) []ICEServer {
	out := make([]ICEServer, 9)
	for i := range out {
		out[i] = s
	}
	return out
}

// What a peer connection is given: STUN addresses together without
// credentials, each TURN entry with its own, and the same one once.
func TestConfigICEServers(t *testing.T) {
	cfg := Config{
		STUN: []string{"stun:a.example", "stun:b.example"},
		TURN: []ICEServer{
			{URLs: []string{"stun:b.example", "stun:c.example", "turn:c.example:3478?transport=udp", "turns:c.example:5349"}, Username: "1700000000:u", Credential: "x"},
			{URLs: []string{"turn:d.example"}, Username: "v", Credential: "y"},
			{URLs: []string{"stun:e.example"}, Username: "dropped", Credential: "dropped"},
			{URLs: []string{"turn:d.example"}, Username: "v", Credential: "y"},
		},
	}
	want := []ICEServer{
		{URLs: []string{"stun:a.example", "stun:b.example", "stun:c.example", "stun:e.example"}},
		{URLs: []string{"turn:c.example:3478?transport=udp", "turns:c.example:5349"}, Username: "1700000000:u", Credential: "x"},
		{URLs: []string{"turn:d.example"}, Username: "v", Credential: "y"},
	}
	if got := cfg.ICEServers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("ICEServers() =\n%+v\nwant\n%+v", got, want)
	}
	if got := (Config{TURN: cfg.TURN[1:2]}).ICEServers(); !reflect.DeepEqual(got, want[2:]) {
		t.Fatalf("TURN only: %+v", got)
	}
	if got := (Config{}).ICEServers(); got != nil {
		t.Fatalf("no servers: %+v", got)
	}
}

// The JSON that credential endpoints return, in the shapes they use.
func TestParseICEServers(t *testing.T) {
	turn := ICEServer{URLs: []string{"turn:t.example:3478?transport=udp", "turns:t.example:443?transport=tcp"}, Username: "1700000000:longhall", Credential: "c2VjcmV0"}
	for _, c := range []struct {
		name, json string
		want       []ICEServer
		err        error
		text       string
	}{
		{name: "a list", json: `[{"urls":["turn:t.example:3478?transport=udp","turns:t.example:443?transport=tcp"],"username":"1700000000:longhall","credential":"c2VjcmV0"}]`,
			want: []ICEServer{turn}},
		{name: "iceServers as Cloudflare returns it", json: `{"iceServers":[{"urls":["stun:stun.example:3478"]},{"urls":["turn:t.example:3478?transport=udp","turns:t.example:443?transport=tcp"],"username":"1700000000:longhall","credential":"c2VjcmV0"}]}`,
			want: []ICEServer{{URLs: []string{"stun:stun.example:3478"}}, turn}},
		{name: "urls as one string, and fields we do not use", json: `{"iceServers":[{"url":"stun:s.example:3478","urls":"stun:s.example:3478"},{"urls":"turn:t.example","username":"u","credential":"c","credentialType":"password"}],"ttl":86400}`,
			want: []ICEServer{{URLs: []string{"stun:s.example:3478"}}, {URLs: []string{"turn:t.example"}, Username: "u", Credential: "c"}}},
		{name: "an empty list", json: ` [] `, want: []ICEServer{}},
		{name: "TURN without credentials", json: `[{"urls":["turn:t.example"]}]`, err: ErrTURNCredentials},
		{name: "TURN with an empty credential", json: `[{"urls":"turns:t.example","username":"u","credential":""}]`, err: ErrTURNCredentials},
		{name: "not JSON", json: `<html>502 Bad Gateway</html>`, err: ErrICEJSON},
		{name: "nothing", json: ``, err: ErrICEJSON},
		{name: "an object without servers", json: `{"error":"quota"}`, err: ErrICEJSON},
		{name: "urls of the wrong type", json: `[{"urls":3}]`, err: ErrICEJSON},
		{name: "a credential that is an object", json: `[{"urls":"turn:t","username":"u","credential":{"macKey":"x"}}]`, err: ErrICEJSON},
		{name: "a bad address", json: `[{"urls":"turn:t:99999","username":"u","credential":"c"}]`, text: "is not a STUN or TURN address"},
		{name: "iceServers missing", json: `{"ice_servers":[]}`, err: ErrICEJSON},
		{name: "null", json: `null`, err: ErrICEJSON},
		{name: "no address", json: `[{"username":"u","credential":"c"}]`, text: "no address"},
		{name: "too many entries", json: "[" + strings.Repeat(`{"urls":"stun:s"},`, 8) + `{"urls":"stun:s"}]`, text: "more than 8"},
		{name: "too long", json: `[{"urls":"stun:s","username":"` + strings.Repeat("x", MaxICEJSON) + `"}]`, text: "too long"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseICEServers([]byte(c.json))
			switch {
			case c.err != nil:
				if !errors.Is(err, c.err) || got != nil {
					t.Fatalf("got %+v, %v; want %v", got, err, c.err)
				}
			case c.text != "":
				if err == nil || !strings.Contains(err.Error(), c.text) || got != nil {
					t.Fatalf("got %+v, %v; want an error saying %q", got, err, c.text)
				}
			case err != nil:
				t.Fatal(err)
			case !reflect.DeepEqual(got, c.want):
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// Whatever the JSON, ParseICEServers never panics; what it accepts
// validates, and reads back the same after marshalling.
func FuzzParseICEServers(f *testing.F) {
	for _, s := range []string{
		`[{"urls":["turn:t.example:3478?transport=udp"],"username":"u","credential":"c"}]`,
		`{"iceServers":[{"urls":"stun:s.example"}]}`,
		`{"iceServers":[{"urls":"turns:t.example","username":"u","credential":"c"}]}`,
		`[{"urls":"turn:[::1]:1","username":"\u00e9","credential":"c"}]`,
		`[]`, `{}`, `null`, `[null]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ParseICEServers(data)
		if err != nil {
			if got != nil {
				t.Fatalf("an error and servers: %v, %+v", err, got)
			}
			if !strings.HasPrefix(err.Error(), "signal: ") {
				t.Fatalf("error without the package prefix: %v", err)
			}
			return
		}
		if err := (Config{TURN: got}).Validate(); err != nil {
			t.Fatalf("accepted servers that do not validate: %v (%+v)", err, got)
		}
		for _, s := range (Config{TURN: got}).ICEServers() {
			for _, u := range s.URLs {
				if isTURN(u) && (s.Username == "" || s.Credential == "") {
					t.Fatalf("a TURN address without credentials: %+v", s)
				}
			}
		}
		again, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseICEServers(again)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("round trip: %+v, %v; want %+v", back, err, got)
		}
	})
}
