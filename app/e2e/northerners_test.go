//go:build linux

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"longhall/rules"
	nn "longhall/rules/northerners"
)

// TestNorthernersTableAgainstBots: a person sets up Northerners against a
// bot and plays to their second turn's harvest, at 1280×800 and on a
// 390-px phone (the game goes on to its result in TestEveryTableInFullView). The map is drawn with the villages, Kaupang squares, the Spirit
// Shaman and the blessing circles; the action bars and the turn's end are
// in view without scrolling, and so is the harvest's choice of
// what to resolve; the table never scrolls sideways.
func TestNorthernersTableAgainstBots(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	within(t, ctx, "the set-up page", chromedp.Navigate(withPace(base+"/games/northerners/", 0)), clientReady())
	screenView(t, ctx, "northerners-setup")
	within(t, ctx, "setting up", chromedp.Click("#start", byQuery), chromedp.WaitVisible(".nn-board .lh-main", byQuery))
	var board map[string]int
	within(t, ctx, "reading the map", chromedp.Evaluate(`({squares: document.querySelectorAll('.nn-map .nn-sq').length,
	  villages: document.querySelectorAll('.nn-village').length, kaupang: document.querySelectorAll('.nn-kaupangsq').length,
	  shaman: document.querySelectorAll('.nn-shaman').length, circles: document.querySelectorAll('.nn-circle').length,
	  spaces: document.querySelectorAll('.nn-bars .nn-space').length})`, &board))
	if board["squares"] != 81 || board["villages"] != 4 || board["kaupang"] != 4 || board["shaman"] != 1 || board["circles"] != 8 || board["spaces"] != 17 {
		t.Errorf("the table shows %v", board)
	}

	// Play on (the bots are instant: the set-up page handed ?pace=0 on) to
	// the person's second turn: its harvest (a programmed action to
	// click), then its action phase.
	const ownTurn = `!!document.querySelector('.nn-buttons [data-action="end"]')`
	const harvest = `!!document.querySelector('.nn-own [data-action="resolve"]')`
	var acting, harvesting bool
	for n := 0; n < 300 && !acting; n++ {
		within(t, ctx, "looking at the table", chromedp.Evaluate(ownTurn, &acting))
		if acting {
			break
		}
		if _, _, err := look(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	if !acting {
		t.Fatal("the person never got a turn")
	}
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle(),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "a turn at 1280×800", `.nn-buttons [data-action="end"]`)
	inView(t, ctx, "a turn at 1280×800", ".nn-map")
	ownAreaInView(t, ctx, "the bars at 1280×800", `.nn-bars [data-action="action"]`)
	barsNamed(t, ctx, "a turn at 1280×800")
	screenView(t, ctx, "northerners-turn")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "a turn on a 390-px phone", `.nn-buttons [data-action="end"]`)
	inView(t, ctx, "a turn on a 390-px phone", ".nn-map")
	noSidewaysScroll(t, ctx, "a turn")
	barsNamed(t, ctx, "a turn on a 390-px phone")
	screenView(t, ctx, "northerners-turn-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())
	// Place on the first action offered, end the turn, and play on to the
	// harvest.
	within(t, ctx, "placing", chromedp.Click(`.nn-bars [data-action="action"]`, byQuery), settle())
	for n := 0; n < 300 && !harvesting; n++ {
		within(t, ctx, "looking for the harvest", chromedp.Evaluate(harvest, &harvesting))
		if harvesting {
			break
		}
		if _, _, err := look(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	if !harvesting {
		t.Fatal("the person never harvested")
	}
	within(t, ctx, "the top", chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "the harvest at 1280×800", `.nn-own [data-action="resolve"]`)
	inView(t, ctx, "the harvest at 1280×800", ".nn-map")
	screenView(t, ctx, "northerners-harvest")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "the harvest on a 390-px phone", `.nn-own [data-action="resolve"]`)
	inView(t, ctx, "the harvest on a 390-px phone", ".nn-map")
	screenView(t, ctx, "northerners-harvest-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())

}

// TestNorthernersRoomPlaysSeveralRounds: two browsers play Northerners in
// a room for three whole rounds, each exploring (or fishing when out of
// fish) and then harvesting what it placed: the explored tiles are on both
// maps alike, both tables settle on the same version, and neither sees the
// other's quests.
func TestNorthernersRoomPlaysSeveralRounds(t *testing.T) {
	t.Parallel()
	bin, root := theTestBuild(t)
	site := newRoomSiteOf(t, bin, root, true)
	host, guest := site.player(t, "Gordon"), site.player(t, "Rikki")
	link := site.openRoomOf(t, host, "northerners", 2)
	within(t, guest, "opening the link", chromedp.Navigate(link))
	seatedAt(t, guest, "the guest")
	within(t, guest, "the guest is ready", chromedp.Click("#ready", byQuery))
	within(t, host, "starting", chromedp.Poll(`!document.querySelector('#start').disabled`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible(".nn-board .lh-main", byQuery))
	within(t, guest, "the guest's table", chromedp.WaitVisible(".nn-board .lh-main", byQuery))

	// In its action phase a player places one viking on Explore (or a
	// worker on Fishing) and ends the turn; anything else it is asked (the
	// harvest, where to put a tile, a blessing circle) takes the first
	// control offered, picking a square first when it holds several.
	const step = `(() => {
	  if (document.querySelector('#after-game')) return 'over';
	  const menu = document.querySelector('.nn-menu [data-action]');
	  if (menu) { menu.click(); return 'menu'; }
	  const end = document.querySelector('.nn-buttons [data-action="end"]');
	  if (end) {
	    const spaces = [...document.querySelectorAll('.nn-bars [data-action="action"]')];
	    const put = spaces.find(b => b.textContent.startsWith('Explore')) || spaces.find(b => b.textContent.startsWith('Fishing'));
	    if (put && !window.lhPlaced) { window.lhPlaced = true; put.click(); return 'placed'; }
	    window.lhPlaced = false; end.click(); return 'end';
	  }
	  const c = document.querySelector('#own [data-action]') || document.querySelector('#table [data-action]');
	  if (c) { c.click(); return 'other ' + c.dataset.action; }
	  if (document.querySelector('#table [data-pick][aria-pressed="true"]')) return 'wait';
	  const pick = document.querySelector('#table [data-pick]:not([data-pick="none"])');
	  if (pick) { pick.click(); return 'pick'; }
	  return 'wait';
	})()`
	const round = `(() => { const m = /Round (\d+)/.exec((document.querySelector('.nn-loki .nn-h') || {}).textContent || ''); return m ? +m[1] : 0; })()`
	deadline := time.Now().Add(testLimit)
	for r := 0; r < 4; {
		if time.Now().After(deadline) {
			screenshot(t, guest, "northerners-room-guest-failure")
			roomFailure(t, host, "the room did not play three rounds", fmt.Errorf("at round %d", r))
		}
		for _, side := range []context.Context{host, guest} {
			var res, before string
			within(t, side, "a step", chromedp.Evaluate(roomVersion, &before), chromedp.Evaluate(step, &res))
			if res == "over" {
				t.Fatal("the game ended within three rounds")
			}
			switch res {
			case "wait", "pick", "placed":
				time.Sleep(50 * time.Millisecond)
			default:
				c, cancel := context.WithTimeout(side, 5*time.Second)
				chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`%s !== %q`, roomVersion, before), nil, chromedp.WithPollingInterval(20*time.Millisecond)))
				cancel()
			}
		}
		within(t, host, "reading the round", chromedp.Evaluate(round, &r))
	}
	hv := settled(t, host, guest)
	const tiles = `[...document.querySelectorAll('.nn-map .nn-sq')].map((s, i) => s.classList.contains('nn-land') ? i : -1).filter(i => i >= 0).join(',')`
	var hostTiles, guestTiles string
	within(t, host, "the host's map", chromedp.Evaluate(tiles, &hostTiles))
	within(t, guest, "the guest's map", chromedp.Evaluate(tiles, &guestTiles))
	if hostTiles == "" || hostTiles != guestTiles {
		t.Errorf("explored tiles: host %q, guest %q", hostTiles, guestTiles)
	}
	// Quests are private: each table shows its own, and not the other's.
	const quests = `[...document.querySelectorAll('.nn-quest strong')].map(q => q.textContent)`
	var hostQuests, guestQuests []string
	var hostHTML, guestHTML string
	within(t, host, "the host's quests", chromedp.Evaluate(quests, &hostQuests), chromedp.Evaluate(`document.querySelector('#table').innerHTML`, &hostHTML))
	within(t, guest, "the guest's quests", chromedp.Evaluate(quests, &guestQuests), chromedp.Evaluate(`document.querySelector('#table').innerHTML`, &guestHTML))
	if len(hostQuests) == 0 || len(guestQuests) == 0 {
		t.Errorf("quests shown: host %v, guest %v", hostQuests, guestQuests)
	}
	for _, q := range guestQuests {
		if !slices.Contains(hostQuests, q) && strings.Contains(hostHTML, ">"+q+"<") {
			t.Errorf("the host's table shows the guest's quest %q", q)
		}
	}
	for _, q := range hostQuests {
		if !slices.Contains(guestQuests, q) && strings.Contains(guestHTML, ">"+q+"<") {
			t.Errorf("the guest's table shows the host's quest %q", q)
		}
	}
	screenshot(t, guest, "northerners-room-guest")
	t.Logf("northerners room: both at version %s after three rounds; tiles at %s", hv, hostTiles)
}

// TestNorthernersAttackShowsTheDice: a saved game at a point where the
// person may attack the bot's figures (found by playing bots natively) is
// resumed; the person attacks from the map, the fight leads the table with
// its choices in view, and each roll's dice are shown with the face each
// side's roll counts as and why, at 1280×800 and on a 390-px phone; when
// it is over the table keeps it as the last attack.
func TestNorthernersAttackShowsTheDice(t *testing.T) {
	t.Parallel()
	rec := recordBeforeAnAttack(t)
	base, ctx := openApp(t, theApp)
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("record of %d actions, %d bytes", len(rec.Actions), len(data))
	within(t, ctx, "the site", chromedp.Navigate(base+"/"), clientReady())
	within(t, ctx, "saving the game", chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("longhall.save.attack", %q)`, data), nil))
	within(t, ctx, "the saved game",
		chromedp.Navigate(base+"/play/northerners/?save=attack&pace=0"), clientReady())
	within(t, ctx, "the saved table", chromedp.WaitVisible(".nn-board .lh-main", byQuery))
	// The attack is a square's control, or one of a picked square's.
	const attack = `(() => {
	  const direct = document.querySelector('.nn-map [data-action="attack"]');
	  if (direct) { direct.click(); return 'attacked'; }
	  const menu = document.querySelector('.nn-menu [data-action="attack"]');
	  if (menu) { menu.click(); return 'attacked'; }
	  const cancel = document.querySelector('.nn-menu [data-pick="none"]');
	  if (cancel) cancel.click();
	  const picks = [...document.querySelectorAll('.nn-map [data-pick]')];
	  window.lhTried = (window.lhTried || 0) + 1;
	  if (!picks.length) return 'none';
	  picks[(window.lhTried - 1) % picks.length].click();
	  return 'picked';
	})()`
	var res string
	for i := 0; i < 40 && res != "attacked"; i++ {
		within(t, ctx, "attacking", chromedp.Evaluate(attack, &res), chromedp.Sleep(150*time.Millisecond))
	}
	if res != "attacked" {
		t.Fatalf("no attack control on the map (%s)", res)
	}
	within(t, ctx, "the fight", chromedp.WaitVisible(".nn-fighting", byQuery),
		chromedp.EmulateViewport(1280, 800), chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "a fight at 1280×800", `.nn-buttons [data-action="fight"]`)
	screenView(t, ctx, "northerners-fight")
	rolled := false
	for i := 0; i < 40; i++ {
		var state string
		within(t, ctx, "fighting", chromedp.Evaluate(`(() => {
		  if (document.querySelector('.nn-rolls .nn-why')) window.lhRolled = true;
		  if (!document.querySelector('.nn-fighting')) return window.lhRolled ? 'over' : 'wait';
		  const b = document.querySelector('.nn-buttons [data-action="fight"], .nn-buttons [data-action="lose"]');
		  if (b) { b.click(); return window.lhRolled ? 'rolled' : 'fight'; }
		  return window.lhRolled ? 'rolled' : 'wait';
		})()`, &state), settle())
		if (state == "rolled" || state == "over") && !rolled {
			rolled = true
			within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
				chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
			var why string
			within(t, ctx, "reading the dice", chromedp.Text(".nn-rolls .nn-why", &why, byQuery))
			if !strings.HasPrefix(why, "counts ") {
				t.Errorf("the roll is explained as %q", why)
			}
			screenView(t, ctx, "northerners-fight-phone")
			within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())
		}
		if state == "over" {
			break
		}
	}
	if !rolled {
		t.Fatal("no roll was shown")
	}
	within(t, ctx, "the end of the fight", chromedp.Poll(`!document.querySelector('.nn-fighting')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	var last string
	within(t, ctx, "the last attack", chromedp.WaitVisible(".nn-side .nn-rolls", byQuery),
		chromedp.Text(".nn-side .nn-rolls", &last, byQuery))
	if !strings.Contains(last, "Last attack: Ann attacks Bo") {
		t.Errorf("the last attack reads %q", last)
	}
	screenView(t, ctx, "northerners-fight-over")
}

// recordBeforeAnAttack plays bot games natively until Ann (seat 0) may
// attack Bo (seat 1, a bot) in her action phase, and returns the record up
// to there.
func recordBeforeAnAttack(t *testing.T) rules.Record {
	t.Helper()
	g, err := rules.Lookup(nn.ID)
	if err != nil {
		t.Fatal(err)
	}
	cfg := rules.Config{Players: 2}
	for seed := range uint64(500) {
		st, err := g.New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		bots := []rules.Bot{rules.NewBot(g, seed), rules.NewBot(g, seed+1)}
		rec := rules.Record{Format: rules.RecordFormat, Game: nn.ID, Config: cfg, Seed: seed,
			Seats: []rules.SeatInfo{{Name: "Ann"}, {Name: "Bo", Bot: true}}}
		for st.Result() == nil && len(rec.Actions) < 3000 {
			seat := st.Pending()[0].Seat
			if seat == 0 && slices.ContainsFunc(st.Legal(0), func(a rules.Action) bool { return a.Kind == nn.KindAttack }) {
				return rec
			}
			a, err := bots[seat].Choose(st, seat)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			rec.Actions = append(rec.Actions, rules.SeatMove{Seat: seat, Action: a})
		}
	}
	t.Fatal("no game in 500 gave Ann an attack")
	return rules.Record{}
}

// barsNamed checks that every space of the action bars shows its name.
func barsNamed(t *testing.T, ctx context.Context, when string) {
	t.Helper()
	var unnamed []string
	within(t, ctx, "reading the bars "+when, chromedp.Evaluate(`[...document.querySelectorAll('.nn-bars .nn-space')]
	  .filter(s => s.querySelector('strong').innerText.trim() === '').map(s => s.title)`, &unnamed))
	if len(unnamed) > 0 {
		t.Errorf("%s: the bar spaces %v show no name", when, unnamed)
	}
}
