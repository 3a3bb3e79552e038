//go:build linux

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestVikingsTableAgainstBots: a person sets up Vikings against a bot and
// plays to their own turn, at 1280×800 and on a 390-px phone (the game
// goes on to its result in TestEveryTableInFullView). The sea
// is drawn with the harbours, villages, camps, longships and the monster;
// what to decide (the hand's cards and the choice's buttons) is in view
// without scrolling; the table never scrolls sideways.
func TestVikingsTableAgainstBots(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theApp)
	within(t, ctx, "the set-up page", chromedp.Navigate(withPace(base+"/games/vikings/", 0)), clientReady())
	screenView(t, ctx, "vikings-setup")
	within(t, ctx, "setting up", chromedp.Click("#start", byQuery), chromedp.WaitVisible(".vk-board .lh-main", byQuery))
	var sea map[string]int
	within(t, ctx, "reading the sea", chromedp.Evaluate(`({cells: document.querySelectorAll('.vk-sea .vk-cell').length,
	  harbours: document.querySelectorAll('.vk-harbour').length, villages: document.querySelectorAll('.vk-village').length,
	  camps: document.querySelectorAll('.vk-campcell').length, ships: document.querySelectorAll('.vk-ship').length,
	  monsters: document.querySelectorAll('.vk-monster').length})`, &sea))
	if sea["cells"] != 49 || sea["harbours"] != 4 || sea["villages"] != 4 || sea["camps"] != 4 || sea["ships"] != 2 || sea["monsters"] != 1 {
		t.Errorf("the sea shows %v", sea)
	}

	// Play on (the bots are instant: the set-up page handed ?pace=0 on)
	// until the person may act in their own turn with a card, and look at
	// it on both screens.
	const ownTurn = `!!document.querySelector('.vk-buttons [data-action="end"]')`
	var acting bool
	for n := 0; n < 300 && !acting; n++ {
		within(t, ctx, "looking at the table", chromedp.Evaluate(ownTurn, &acting))
		if !acting {
			if _, _, err := look(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !acting {
		t.Fatal("the person never got a turn")
	}
	within(t, ctx, "the top", chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "a turn at 1280×800", `.vk-buttons [data-action="end"]`)
	screenView(t, ctx, "vikings-turn")
	within(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil))
	ownAreaInView(t, ctx, "a turn on a 390-px phone", `.vk-buttons [data-action="end"]`)
	noSidewaysScroll(t, ctx, "a turn")
	screenView(t, ctx, "vikings-turn-phone")
	within(t, ctx, "a desktop", chromedp.EmulateViewport(1280, 800), settle())

}

// TestVikingsGuestReactsToTheHostsCard: in a room of two browsers the host
// plays cards in their turns, and the guest, prompted to react, answers
// with a reaction card of their own (Loki, or Dead Calm on a wind) as soon
// as they hold one, or passes; both tables follow the stack to the same
// state.
func TestVikingsGuestReactsToTheHostsCard(t *testing.T) {
	t.Parallel()
	bin, root := theTestBuild(t)
	site := newRoomSiteOf(t, bin, root, true)
	host, guest := site.player(t, "Gordon"), site.player(t, "Rikki")
	link := site.openRoomOf(t, host, "vikings", 2)
	within(t, guest, "opening the link", chromedp.Navigate(link))
	seatedAt(t, guest, "the guest")
	// The host gives reactions 15 seconds; the guest's lobby says so.
	within(t, host, "setting the time to answer", chromedp.WaitVisible("#room-answer-time", byQuery), choose("#room-answer-time", "15"))
	within(t, guest, "reading the time to answer", chromedp.Poll(`(document.querySelector('#answer-time') || {}).textContent === 'Time to answer: 15 seconds, then a pass'`, nil,
		chromedp.WithPollingInterval(50*time.Millisecond)))
	within(t, guest, "the guest is ready", chromedp.Click("#ready", byQuery))
	within(t, host, "starting", chromedp.Poll(`!document.querySelector('#start').disabled`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Click("#start", byQuery), chromedp.WaitVisible("#table", byQuery))

	// The host plays a card whenever it may (a wind or an event), else ends
	// the turn; the guest reacts with a card when prompted and able, and
	// otherwise passes, ends its turns and keeps its events.
	const hostStep = `(() => {
	  if (document.querySelector('#after-game')) return 'over';
	  const menu = document.querySelector('.vk-menu [data-action]');
	  if (menu) { menu.click(); return 'menu'; }
	  const card = document.querySelector('.vk-hand [data-action="sail"], .vk-hand [data-action="event"], .vk-hand [data-pick]:not([data-pick="none"])');
	  if (card && document.querySelector('.vk-buttons [data-action="end"]') && !window.lhPlayed) { window.lhPlayed = true; card.click(); return 'card'; }
	  const end = document.querySelector('.vk-buttons [data-action="end"]');
	  if (end) { window.lhPlayed = false; end.click(); return 'end'; }
	  // Asked to react (to its own card, say), the host passes: a reaction
	  // of its own would race the guest's, whose then comes too late.
	  const pass = document.querySelector('.vk-buttons [data-action="pass"]');
	  if (pass) { pass.click(); return 'pass'; }
	  const other = document.querySelector('#own [data-action]') || document.querySelector('#table [data-action]');
	  if (other) { other.click(); return 'other ' + other.dataset.action; }
	  return 'wait';
	})()`
	const guestStep = `(() => {
	  if (document.querySelector('#after-game')) return 'over';
	  const prompt = document.querySelector('#status .status-now');
	  const reacting = prompt && /^(Your move, [^:]*: )?React to/.test(prompt.textContent);
	  if (reacting) {
	    const react = document.querySelector('.vk-hand [data-action="event"]');
	    if (react) { react.click(); return 'reacted'; }
	    const pick = document.querySelector('.vk-hand [data-pick]:not([data-pick="none"])');
	    if (pick && !window.lhPicked) { window.lhPicked = true; pick.click(); return 'pick'; }
	    const menu = document.querySelector('.vk-menu [data-action="event"]');
	    if (menu) { window.lhPicked = false; menu.click(); return 'reacted'; }
	    window.lhPicked = false;
	  }
	  const pass = document.querySelector('.vk-buttons [data-action="pass"]');
	  if (pass) { pass.click(); return 'pass'; }
	  const end = document.querySelector('.vk-buttons [data-action="end"]');
	  if (end) { end.click(); return 'end'; }
	  const discard = [...document.querySelectorAll('.vk-hand [data-action="discard"]')].find(b => !/Loki|Dead Calm/.test(b.textContent)) ||
	    document.querySelector('#own [data-action]') || document.querySelector('#table [data-action]');
	  if (discard) { discard.click(); return 'other'; }
	  return 'wait';
	})()`
	reacted := 0
	deadline := time.Now().Add(testLimit)
	for reacted == 0 && time.Now().Before(deadline) {
		for _, side := range []struct {
			ctx  context.Context
			step string
		}{{host, hostStep}, {guest, guestStep}} {
			var res, before string
			within(t, side.ctx, "a step", chromedp.Evaluate(roomVersion, &before), chromedp.Evaluate(side.step, &res))
			if res == "over" {
				t.Fatal("the game ended before the guest could react with a card")
			}
			if res == "reacted" {
				reacted++
				screenView(t, guest, "vikings-guest-reacts")
			}
			if res != "wait" && res != "pick" && res != "menu" && res != "card" {
				c, cancel := context.WithTimeout(side.ctx, 5*time.Second)
				chromedp.Run(c, chromedp.Poll(fmt.Sprintf(`%s !== %q`, roomVersion, before), nil, chromedp.WithPollingInterval(20*time.Millisecond)))
				cancel()
			}
			time.Sleep(30 * time.Millisecond)
		}
	}
	if reacted == 0 {
		roomFailure(t, guest, "the guest never reacted with a card", fmt.Errorf("no reaction card in two minutes"))
	}
	// Both tables settle on the same version, and the log tells the stack.
	settled(t, host, guest)
	var log string
	const readLog = `document.querySelector('#gamelog') ? document.querySelector('#gamelog').innerText : ''`
	within(t, host, "reading the host's log", chromedp.Evaluate(readLog, &log))
	// The log says who played which reaction, in the third person.
	if !strings.Contains(log, "Rikki plays Loki the Trickster to cancel") && !strings.Contains(log, "Rikki plays Dead Calm to cancel") {
		t.Errorf("the host's log does not show Rikki's reaction: %q", log)
	}
	screenshot(t, host, "vikings-room-host")

	// Automatic passes: the guest asks the host to answer every reaction
	// and response for them (the side column's choice) and never presses
	// Pass again; the host's turns go on, the guest's answers given for
	// them after a human-like pause.
	const readPasses = `(document.querySelector('#gamelog') ? document.querySelector('#gamelog').innerText : '').split('\n').filter(l => /Rikki does not respond|Everyone passes/.test(l)).length`
	within(t, guest, "passing automatically, always", chromedp.WaitVisible("#autopass-choice", byQuery), choose("#autopass-choice", "always"))
	screenshot(t, guest, "vikings-room-autopass")
	const guestOwnTurn = `(() => {
	  if (document.querySelector('#after-game')) return 'over';
	  const end = document.querySelector('.vk-buttons [data-action="end"]');
	  if (end) { end.click(); return 'end'; }
	  const discard = document.querySelector('.vk-hand [data-action="discard"]') || document.querySelector('#own [data-action]:not([data-action="pass"])');
	  if (discard) { discard.click(); return 'other'; }
	  return 'wait';
	})()`
	var passesBefore, passesAfter int
	within(t, host, "counting passes", chromedp.Evaluate(readPasses, &passesBefore))
	autoStart := time.Now()
	for until := time.Now().Add(90 * time.Second); passesAfter < passesBefore+4 && time.Now().Before(until); {
		var res string
		within(t, host, "a host step", chromedp.Evaluate(hostStep, &res))
		if res == "over" {
			break
		}
		within(t, guest, "the guest's own turn", chromedp.Evaluate(guestOwnTurn, &res))
		time.Sleep(300 * time.Millisecond)
		within(t, host, "counting passes", chromedp.Evaluate(readPasses, &passesAfter))
	}
	t.Logf("automatic passes: %d answers given for the guest in %v", passesAfter-passesBefore, time.Since(autoStart).Round(time.Second))
	if passesAfter < passesBefore+4 {
		roomFailure(t, host, "the guest's answers were not given for them", fmt.Errorf("%d passes in the log, %d before", passesAfter, passesBefore))
	}
	within(t, guest, "never passing automatically", choose("#autopass-choice", "off"))

	// Now the guest stops answering: once asked to react, their 15 seconds
	// run out and they pass, and the game goes on.
	const asked = `/^(Your move, [^:]*: )?React to/.test((document.querySelector('#status .status-now') || {}).textContent || '')`
	var waiting bool
	for until := time.Now().Add(time.Minute); !waiting && time.Now().Before(until); {
		var res, before string
		within(t, host, "a host step", chromedp.Evaluate(roomVersion, &before), chromedp.Evaluate(hostStep, &res))
		if res == "over" {
			// Not a skip: a run that never shows the clock has not tested it.
			roomFailure(t, host, "the clock was never seen", fmt.Errorf("the game ended before the guest was asked again"))
		}
		time.Sleep(300 * time.Millisecond)
		within(t, guest, "is the guest asked?", chromedp.Evaluate(asked, &waiting))
		if !waiting {
			// The guest's own turn or a response: move it on.
			var r string
			within(t, guest, "a guest step", chromedp.Evaluate(`(() => {
			  const b = document.querySelector('.vk-buttons [data-action="pass"], .vk-buttons [data-action="end"]') || document.querySelector('#own [data-action]');
			  if (b && !(`+asked+`)) { b.click(); return 'moved'; }
			  return 'wait';
			})()`, &r))
		}
	}
	if !waiting {
		t.Fatal("the guest was never asked to react again")
	}
	// Everyone sees the seconds left for the seat being waited on, and
	// they count down.
	const readClock = `(() => { const c = document.querySelector('#clock'); return c ? [c.dataset.seat, c.dataset.left, c.textContent] : []; })()`
	var guestClock, hostClock, later []string
	within(t, guest, "the guest's clock", chromedp.Poll(readClock+`.length > 0`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(readClock, &guestClock))
	within(t, host, "the host's clock", chromedp.Evaluate(readClock, &hostClock))
	screenshot(t, guest, "vikings-room-clock-guest")
	// On a phone the clock shares the status bar's second line.
	var onTop bool
	within(t, guest, "the clock on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), settle(),
		chromedp.Evaluate(`(() => { const c = document.querySelector('#clock'), r = c.getBoundingClientRect();
		  return r.right <= window.innerWidth && r.bottom <= window.innerHeight && c.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })()`, &onTop))
	if !onTop {
		t.Error("on a phone the clock is off the screen or covered")
	}
	screenshot(t, guest, "vikings-room-clock-guest-phone")
	within(t, guest, "back to a desktop window", chromedp.EmulateViewport(1280, 800))
	// It counts down: the guest's seconds drop below the first reading (or
	// the clock is gone, the time having run out).
	if len(guestClock) == 3 {
		within(t, guest, "the guest's clock counting down", chromedp.Poll(fmt.Sprintf(`(() => { const c = document.querySelector('#clock'); return !c || +c.dataset.left < %q; })()`, guestClock[1]), nil,
			chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	within(t, guest, "the guest's clock again", chromedp.Evaluate(readClock, &later))
	t.Logf("the guest's clock read %q, the host's %q, and the guest's later %q", guestClock, hostClock, later)
	if len(guestClock) != 3 || guestClock[0] != "1" || !strings.HasPrefix(guestClock[2], "You: ") {
		t.Errorf("the guest's clock reads %q; want its own seat's seconds", guestClock)
	}
	if len(hostClock) != 3 || hostClock[0] != "1" || !strings.Contains(hostClock[2], "Rikki: ") {
		t.Errorf("the host's clock reads %q; want Rikki's seconds", hostClock)
	}
	if len(later) == 3 && len(guestClock) == 3 {
		var a, b int
		fmt.Sscan(guestClock[1], &a)
		fmt.Sscan(later[1], &b)
		if a > 15 || b >= a {
			t.Errorf("the clock read %d s, then %d s: want at most 15, counting down", a, b)
		}
	}
	within(t, host, "the guest's time runs out", chromedp.Poll(`document.querySelector('#gamelog').innerText.includes("Rikki's time to answer ran out")`, nil,
		chromedp.WithPollingInterval(200*time.Millisecond)))
}

// On one device shared by two people, automatic passes offer no "when I
// have nothing to answer with": the other person would see the prompt
// vanish by itself. The panel offers "always" and "never", "never" chosen,
// and says why.
//
// The deal (seed 1) has the second player begin, as the book's random
// start player does half the time: the table opens on the first seat, and
// the hand-over must then go to the second. (It asked for Player 2 for
// ever: the button kept the handler it was first drawn with, Player 1's.)
func TestHotSeatVikingsOffersNoPassOnlyWhenNothing(t *testing.T) {
	t.Parallel()
	base, ctx := openApp(t, theTestBuild)
	within(t, ctx, "setting up Vikings for two people on one device",
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(base+"/games/vikings/?pace=0&seed=1"), clientReady(),
		setField("#players", "2", "change"), chromedp.WaitVisible("#seat-1-kind", byQuery),
		choose("#seat-1-kind", "person"),
		chromedp.Click("#start", byQuery))
	var asked, status string
	within(t, ctx, "handing the device over", chromedp.WaitVisible("#handover-ready", byQuery),
		chromedp.Poll(`document.querySelector('#handover-title').textContent.includes('Player 2')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.Text("#handover-title", &asked, byQuery),
		chromedp.Click("#handover-ready", byQuery), chromedp.WaitReady("#autopass-choice", byQuery),
		chromedp.Text("#status .status-now", &status, byQuery))
	if !strings.Contains(status, "Player 2") {
		t.Errorf("the hand-over said %q, and the table then says %q; want Player 2's move", asked, status)
	}
	var panel struct {
		Options  []string
		Selected string
		Hint     string
	}
	within(t, ctx, "reading the automatic passes", chromedp.Evaluate(`({
	  Options: [...document.querySelectorAll('#autopass-choice option')].map(o => o.value),
	  Selected: document.querySelector('#autopass-choice').value,
	  Hint: (document.querySelector('#autopass .hint') || {}).textContent || ''})`, &panel))
	if strings.Join(panel.Options, ",") != "always,off" || panel.Selected != "off" || !strings.Contains(panel.Hint, "shared device") {
		t.Errorf("a shared device's automatic passes offer %v (chosen %q), saying %q; want always and never, never chosen, and why", panel.Options, panel.Selected, panel.Hint)
	}
	within(t, ctx, "the panel in view", chromedp.ScrollIntoView("#autopass", byQuery))
	screenView(t, ctx, "vikings-hotseat-autopass")
}
