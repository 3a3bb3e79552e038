package online

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"longhall/app/peer"
	"longhall/app/signal"
)

var (
	turnA = TURNServer{URLs: []string{"turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"}, Username: "u", Credential: "c"}
	turnB = TURNServer{URLs: []string{"turn:10.0.0.9:3478"}, Username: "1700000000:longhall", Credential: "x/y+z="}
)

const turnAJSON = `[{"urls":["turn:turn.example.org:3478?transport=udp","turns:turn.example.org:5349"],"username":"u","credential":"c"}]`

// A site names its TURN servers and its credentials address through the
// page's variables; each variable that is wrong is left out with the
// reason, and the others are still used.
func TestSiteConfigTURN(t *testing.T) {
	def := signal.DefaultConfig()
	for _, c := range []struct {
		name    string
		env     map[string]string
		turn    []TURNServer
		stun    []string
		relays  []string
		fetch   string
		err     error  // errors.Is
		errText string // a part of the words
	}{
		{name: "TURN servers as JSON", env: map[string]string{EnvTURN: turnAJSON}, turn: []TURNServer{turnA}, stun: def.STUN, relays: def.Relays},
		{name: "TURN servers as iceServers", env: map[string]string{EnvTURN: `{"iceServers":` + turnAJSON + `}`}, turn: []TURNServer{turnA}, stun: def.STUN, relays: def.Relays},
		{name: "none", env: map[string]string{EnvTURN: "none"}, stun: def.STUN, relays: def.Relays},
		{name: "a credentials address", env: map[string]string{EnvTURNCredentialsURL: "/api/turn"}, stun: def.STUN, relays: def.Relays, fetch: "/api/turn"},
		{name: "a TURN server without credentials is left out, the relays kept",
			env: map[string]string{EnvTURN: `[{"urls":"turn:t.example"}]`, EnvRelays: "ws://10.0.0.1:7000"}, stun: def.STUN, relays: []string{"ws://10.0.0.1:7000"},
			err: signal.ErrTURNCredentials, errText: "turn:t.example has none"},
		{name: "a turn: address as a STUN server is left out",
			env: map[string]string{EnvSTUN: "stun:s.example,turn:t.example"}, stun: def.STUN, relays: def.Relays,
			err: signal.ErrTURNCredentials, errText: "listed as a STUN server"},
		{name: "TURN that is not JSON", env: map[string]string{EnvTURN: "turn:t.example"}, stun: def.STUN, relays: def.Relays,
			err: signal.ErrICEJSON},
		{name: "a wrong credentials address", env: map[string]string{EnvTURNCredentialsURL: "ftp://x", EnvTURN: turnAJSON},
			turn: []TURNServer{turnA}, stun: def.STUN, relays: def.Relays,
			errText: "the TURN credentials address \"ftp://x\" is neither"},
		{name: "two wrong settings: both left out, the first told", env: map[string]string{EnvTURNCredentialsURL: "ftp://x", EnvTURN: turnAJSON, EnvTrackers: "http://x"},
			turn: []TURNServer{turnA}, stun: def.STUN, relays: def.Relays,
			errText: "\"http://x\" is not a ws:// or wss:// address"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := SiteConfig(func(k string) string { return c.env[k] })
			if (err == nil) != (c.err == nil && c.errText == "") {
				t.Fatalf("error %v", err)
			}
			if err != nil {
				if c.err != nil && !errors.Is(err, c.err) {
					t.Errorf("error %v, want %v", err, c.err)
				}
				words := Words(err)
				if !strings.Contains(words, c.errText) || !strings.HasPrefix(words, "This site's network settings are wrong") || strings.Contains(words, "signal:") {
					t.Errorf("the player reads %q, want it to say %q", words, c.errText)
				}
			}
			if !reflect.DeepEqual(cfg.TURN, c.turn) || !reflect.DeepEqual(cfg.STUN, c.stun) || !reflect.DeepEqual(cfg.Relays, c.relays) || cfg.TURNCredentialsURL != c.fetch {
				t.Fatalf("got %+v", cfg)
			}
			if err := cfg.Validate(); err != nil {
				t.Fatalf("the config used does not validate: %v", err)
			}
		})
	}
}

// A player's own TURN servers replace the site's (those it would fetch
// included); wrong ones are not used, and never reach the browser.
func TestPlayerTURNSettings(t *testing.T) {
	site := map[string]string{EnvTURN: turnAJSON, EnvTURNCredentialsURL: "https://example.org/turn"}
	for _, c := range []struct {
		name  string
		mine  any // what storage holds
		turn  []TURNServer
		fetch string
		err   string
	}{
		{name: "no settings: the site's", turn: []TURNServer{turnA}, fetch: "https://example.org/turn"},
		{name: "the player's replace the site's", mine: Settings{TURN: []TURNServer{turnB}}, turn: []TURNServer{turnB}},
		{name: "an empty list: none at all", mine: Settings{TURN: []TURNServer{}}, turn: []TURNServer{}},
		{name: "an old record without TURN: the site's", mine: map[string]any{"stun": []string{"stun:s.example"}}, turn: []TURNServer{turnA}, fetch: "https://example.org/turn"},
		{name: "a TURN server without credentials is not used",
			mine: Settings{TURN: []TURNServer{{URLs: []string{"turn:t.example"}}}}, turn: []TURNServer{turnA}, fetch: "https://example.org/turn",
			err: "your saved network settings are wrong"},
		{name: "a turn: address among the STUN servers is not used",
			mine: Settings{STUN: []string{"turn:t.example"}}, turn: []TURNServer{turnA}, fetch: "https://example.org/turn",
			err: "your saved network settings are wrong"},
		{name: "a damaged record", mine: map[string]any{"turn": "turn:t.example"}, turn: []TURNServer{turnA}, fetch: "https://example.org/turn",
			err: "cannot be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &MemStore{}
			if c.mine != nil {
				st.Set(settingsKey, c.mine)
			}
			cfg, err := NetConfig(func(k string) string { return site[k] }, st)
			if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("error %v, want %q", err, c.err)
			}
			if !reflect.DeepEqual(cfg.TURN, c.turn) || cfg.TURNCredentialsURL != c.fetch {
				t.Fatalf("TURN %+v from %q, want %+v from %q", cfg.TURN, cfg.TURNCredentialsURL, c.turn, c.fetch)
			}
			checkNoBareTURN(t, NetFor(cfg))
		})
	}
}

// Saving refuses what would break rooms, with the reason, and keeps what
// was saved before.
func TestSaveSettings(t *testing.T) {
	st := &MemStore{}
	kept := Settings{TURN: []TURNServer{turnA}, ShareTURN: true}
	if err := SaveSettings(st, kept); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		s    Settings
		err  error
		text string
	}{
		{"a TURN server without a credential", Settings{TURN: []TURNServer{{URLs: []string{"turn:t.example"}, Username: "u"}}}, signal.ErrTURNCredentials, ""},
		{"a turn: address as a STUN server", Settings{STUN: []string{"turns:t.example"}}, signal.ErrTURNCredentials, ""},
		{"a wrong TURN address", Settings{TURN: []TURNServer{{URLs: []string{"turn:t.example:0"}, Username: "u", Credential: "c"}}}, nil, "port"},
		{"a wrong tracker", Settings{Trackers: []string{"nope"}}, nil, "tracker"},
		{"no tracker and no relay", Settings{Trackers: []string{}, Relays: []string{}}, nil, "at least one tracker or Nostr relay"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := SaveSettings(st, c.s)
			if err == nil || (c.err != nil && !errors.Is(err, c.err)) || !strings.Contains(err.Error(), c.text) {
				t.Fatalf("SaveSettings = %v", err)
			}
			if got, _ := LoadSettings(st); !reflect.DeepEqual(got, kept) {
				t.Fatalf("the saved settings changed to %+v", got)
			}
		})
	}
	if err := SaveSettings(st, Settings{ShareTURN: true}); err != nil {
		t.Fatal(err)
	}
	if got, _ := LoadSettings(st); got.ShareTURN {
		t.Error("sharing was kept on with nothing of the player's own to share")
	}
	ForgetSettings(st)
	if got, err := LoadSettings(st); err != nil || !reflect.DeepEqual(got, Settings{}) {
		t.Errorf("after ForgetSettings: %+v, %v", got, err)
	}
}

// The peer connection gets the STUN servers together, without
// credentials, and each TURN server with its own.
func TestNetForGivesEachTURNServerItsCredentials(t *testing.T) {
	n := NetFor(signal.Config{STUN: []string{"stun:s.example:3478"}, TURN: []TURNServer{turnA, turnB}})
	want := []peer.ICEServer{
		{URLs: []string{"stun:s.example:3478"}},
		{URLs: turnA.URLs, Username: "u", Credential: "c"},
		{URLs: turnB.URLs, Username: turnB.Username, Credential: turnB.Credential},
	}
	if !reflect.DeepEqual(n.Peer.ICEServers, want) {
		t.Fatalf("ICEServers %+v, want %+v", n.Peer.ICEServers, want)
	}
	if n := NetFor(signal.Config{}); n.Peer.ICEServers != nil {
		t.Fatalf("no servers: %+v", n.Peer.ICEServers)
	}
}

// checkNoBareTURN: no TURN address reaches the peer connection without a
// username and a credential.
func checkNoBareTURN(t testing.TB, n Net) {
	t.Helper()
	for _, s := range n.Peer.ICEServers {
		for _, u := range s.URLs {
			if strings.HasPrefix(u, "turn") && (s.Username == "" || s.Credential == "") {
				t.Fatalf("%s goes to the browser without credentials: %+v", u, n.Peer.ICEServers)
			}
		}
	}
}

// fetchFunc is a Fetcher made of a function.
type fetchFunc func(ctx context.Context, url string, limit int) ([]byte, error)

func (f fetchFunc) Fetch(ctx context.Context, url string, limit int) ([]byte, error) {
	return f(ctx, url, limit)
}

func answer(body string) fetchFunc {
	return func(context.Context, string, int) ([]byte, error) { return []byte(body), nil }
}

// The site's short-lived TURN credentials, fetched when a room starts.
// Whatever goes wrong, the room keeps what it had (STUN) and the player
// reads why.
func TestFetchTURN(t *testing.T) {
	base := signal.Config{STUN: []string{"stun:s.example"}, TURN: []TURNServer{turnB}, TURNCredentialsURL: "https://example.org/turn"}
	for _, c := range []struct {
		name  string
		fetch fetchFunc
		turn  []TURNServer
		err   error
		text  string
	}{
		{name: "a list", fetch: answer(turnAJSON), turn: []TURNServer{turnB, turnA}},
		{name: "iceServers with STUN beside", fetch: answer(`{"iceServers":[{"urls":["stun:stun.example:3478"]},` + turnAJSON[1:] + `}`),
			turn: []TURNServer{turnB, {URLs: []string{"stun:stun.example:3478"}}, turnA}},
		{name: "the request fails", fetch: func(context.Context, string, int) ([]byte, error) {
			return nil, errors.New("the server answered 502 Bad Gateway")
		},
			text: "502 Bad Gateway"},
		{name: "TURN without credentials", fetch: answer(`[{"urls":"turn:t.example"}]`), err: signal.ErrTURNCredentials},
		{name: "not JSON", fetch: answer(`<html>oops</html>`), err: signal.ErrICEJSON},
		{name: "too long", fetch: answer(strings.Repeat(" ", signal.MaxICEJSON+1)), text: "too long (over 16384 bytes)"},
		{name: "too many servers with the site's own", fetch: answer("[" + strings.Repeat(`{"urls":"stun:s"},`, 7) + `{"urls":"stun:s"}]`), text: "more than 8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var asked string
			f := fetchFunc(func(ctx context.Context, url string, limit int) ([]byte, error) {
				asked = url
				if limit != signal.MaxICEJSON {
					t.Errorf("limit %d", limit)
				}
				return c.fetch(ctx, url, limit)
			})
			cfg, err := FetchTURN(context.Background(), f, base)
			if asked != base.TURNCredentialsURL {
				t.Errorf("fetched %q", asked)
			}
			if c.turn != nil {
				if err != nil || !reflect.DeepEqual(cfg.TURN, c.turn) {
					t.Fatalf("got %+v, %v", cfg.TURN, err)
				}
				return
			}
			if err == nil || (c.err != nil && !errors.Is(err, c.err)) || !strings.Contains(err.Error(), c.text) {
				t.Fatalf("error %v", err)
			}
			if !reflect.DeepEqual(cfg, base) {
				t.Fatalf("a failed fetch changed the config: %+v", cfg)
			}
			words := Words(err)
			if strings.Contains(words, "online:") || !strings.Contains(words, "rooms connect without them") {
				t.Errorf("the player reads %q", words)
			}
			checkNoBareTURN(t, NetFor(cfg))
		})
	}
	t.Run("no address: no request", func(t *testing.T) {
		cfg := base
		cfg.TURNCredentialsURL = ""
		got, err := FetchTURN(context.Background(), fetchFunc(func(context.Context, string, int) ([]byte, error) {
			t.Fatal("fetched")
			return nil, nil
		}), cfg)
		if err != nil || !reflect.DeepEqual(got, cfg) {
			t.Fatalf("%+v, %v", got, err)
		}
	})
	t.Run("no answer in time", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			start := time.Now()
			cfg, err := FetchTURN(context.Background(), fetchFunc(func(ctx context.Context, _ string, _ int) ([]byte, error) {
				<-ctx.Done()
				return nil, ctx.Err()
			}), base)
			if waited := time.Since(start); waited != TURNFetchTimeout {
				t.Errorf("waited %v", waited)
			}
			if err == nil || !strings.Contains(err.Error(), "no answer within 5s") || !reflect.DeepEqual(cfg, base) {
				t.Fatalf("%+v, %v", cfg, err)
			}
		})
	})
}

// The native twin of the browser's fetch keeps to the same rules: an
// error status is an error, a long answer is cut at limit+1 bytes.
func TestDeviceFetch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/turn":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(turnAJSON))
		case "/long":
			w.Write([]byte(strings.Repeat("x", 100)))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cfg, err := FetchTURN(context.Background(), nil, signal.Config{TURNCredentialsURL: srv.URL + "/turn"})
	if err != nil || !reflect.DeepEqual(cfg.TURN, []TURNServer{turnA}) {
		t.Fatalf("%+v, %v", cfg.TURN, err)
	}
	if data, err := (deviceFetch{}).Fetch(context.Background(), srv.URL+"/long", 10); err != nil || len(data) != 11 {
		t.Fatalf("a long answer: %d bytes, %v", len(data), err)
	}
	if _, err := FetchTURN(context.Background(), nil, signal.Config{TURNCredentialsURL: srv.URL + "/gone"}); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("a missing address: %v", err)
	}
}

// What a room connects with: a guest adds the TURN servers its link
// brought; a host's links carry the player's own TURN servers only when
// the player chose to share them.
func TestPlanNet(t *testing.T) {
	env := func(k string) string {
		return map[string]string{EnvSTUN: "stun:s.example", EnvTURN: `[{"urls":"turn:site.example","username":"s","credential":"s"}]`}[k]
	}
	site := TURNServer{URLs: []string{"turn:site.example"}, Username: "s", Credential: "s"}
	for _, c := range []struct {
		name   string
		mine   *Settings
		in     Invitation
		turn   []TURNServer // in the config
		invite []TURNServer // in the host's links
		err    string
	}{
		{name: "the site's", turn: []TURNServer{site}},
		{name: "a guest adds the link's", in: Invitation{TURN: []TURNServer{turnA}}, turn: []TURNServer{site, turnA}},
		{name: "a link's wrong TURN servers are reported",
			in:   ReadInvitation("ice=" + "W3sidXJscyI6InR1cm46dCJ9XQ"), // [{"urls":"turn:t"}]
			turn: []TURNServer{site}, err: "TURN servers in this room link were left out"},
		{name: "the player's own, not shared", mine: &Settings{TURN: []TURNServer{turnB}}, turn: []TURNServer{turnB}},
		{name: "the player's own, shared", mine: &Settings{TURN: []TURNServer{turnB}, ShareTURN: true}, turn: []TURNServer{turnB}, invite: []TURNServer{turnB}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &MemStore{}
			if c.mine != nil {
				if err := SaveSettings(st, *c.mine); err != nil {
					t.Fatal(err)
				}
			}
			plan, err := PlanNet(env, st, c.in)
			if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("error %v, want %q", err, c.err)
			}
			n, err := plan.Net(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(n.Relays.TURN, c.turn) || !reflect.DeepEqual(n.Invite, c.invite) {
				t.Fatalf("TURN %+v, shared %+v", n.Relays.TURN, n.Invite)
			}
			checkNoBareTURN(t, n)
		})
	}
}

// A site may have its relayed guests try for a direct link sooner or
// later than every 30 s (EnvDirectEvery, serve's -direct-every); a value
// that is not a duration, or under MinDirectEvery, keeps the default.
func TestASiteSetsHowOftenRelayedGuestsTryForADirectLink(t *testing.T) {
	for _, c := range []struct {
		env  string
		want time.Duration
	}{{"", 0}, {"5s", 5 * time.Second}, {"2m", 2 * time.Minute}, {"100ms", 0}, {"-5s", 0}, {"soon", 0}} {
		plan, _ := PlanNet(func(k string) string { return map[string]string{EnvDirectEvery: c.env}[k] }, &MemStore{}, Invitation{})
		n, err := plan.Net(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if n.DirectEvery != c.want {
			t.Errorf("%s=%q: a relayed guest tries every %v, want %v (zero: the default)", EnvDirectEvery, c.env, n.DirectEvery, c.want)
		}
	}
}

func TestASiteSetsHowLongASuccessorWaits(t *testing.T) {
	for _, c := range []struct {
		env  string
		want time.Duration
	}{{"", 0}, {"10s", 10 * time.Second}, {"2m", 2 * time.Minute}, {"2s", 0}, {"-5s", 0}, {"soon", 0}} {
		plan, _ := PlanNet(func(k string) string { return map[string]string{EnvTakeOverAfter: c.env}[k] }, &MemStore{}, Invitation{})
		n, err := plan.Net(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if n.TakeOverAfter != c.want {
			t.Errorf("%s=%q: a successor waits %v, want %v (zero: the default)", EnvTakeOverAfter, c.env, n.TakeOverAfter, c.want)
		}
	}
}
