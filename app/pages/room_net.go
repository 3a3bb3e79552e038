package pages

import (
	"context"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/online"
)

// net reads this device's network settings for a room (in: what the
// room link brought; none for a host) and notes those that were left out.
// The function it returns completes them: it fetches the site's
// short-lived TURN credentials when the site names an address for them,
// which waits for the network, so run it off the UI goroutine. Its string
// is a note for the player; the Net always works.
func (p *roomPage) net(ctx app.Context, in online.Invitation) func() (online.Net, string) {
	plan, err := online.PlanNet(app.Getenv, ctx.LocalStorage(), in)
	p.netNote = online.Words(err)
	return func() (online.Net, string) {
		n, err := plan.Net(context.Background(), nil)
		return n, online.Words(err)
	}
}

// withNet works out the network settings (see net) and then calls then on
// the UI goroutine, unless the page has opened something else meanwhile.
func (p *roomPage) withNet(ctx app.Context, in online.Invitation, then func(app.Context, online.Net)) {
	complete, live := p.net(ctx, in), p.live
	live.Async(func() {
		n, note := complete()
		live.Dispatch(func(ctx app.Context) {
			if p.host != nil || p.guest != nil {
				return // the page opened something else meanwhile
			}
			p.noteNet(note)
			then(ctx, n)
		})
	})
}

// noteNet adds a note about the network settings to the page's.
func (p *roomPage) noteNet(note string) {
	if note != "" {
		p.netNote = strings.TrimSpace(p.netNote + " " + note)
	}
}

// netPanel lets a player see and set the network settings this device's
// rooms use: the trackers and Nostr relays where players meet, the STUN
// servers and a TURN server (with its username and credential) that find
// a path between them, and whether the rooms this device hosts share that
// TURN server in their links. A list left as the site has it follows the
// site's. Saving reopens the room with the new settings (OnSaved), which
// draws the panel afresh; settings that would break rooms are refused, in
// words, and nothing saved before is lost.
//
// The panel is plain HTML with one click handler, read back on Save:
// go-app's element builders would cost several times more code in
// app.wasm.
type netPanel struct {
	app.Compo
	OnSaved func(app.Context)

	site   online.Settings
	text   [6]string // trackers, relays, STUN; the TURN server's addresses, username, credential
	share  bool
	note   string // after a refused Save: why
	hint   string
	loaded bool
}

// The panel's fields, in the order of netPanel.text.
var (
	netFieldIDs    = [...]string{"net-trackers", "net-relays", "net-stun", "net-turn", "net-turn-user", "net-turn-credential"}
	netFieldLabels = [...]string{"WebTorrent trackers (wss://…)", "Nostr relays (wss://…)", "STUN servers (stun:host:port)",
		"TURN server (turn:host:3478?transport=udp turns:host:5349)", "Its username", "Its credential"}
)

// OnMount fills the form with the settings in use: the player's own where
// there are some, the site's elsewhere. The TURN fields hold the player's
// own TURN server; the site's are used while they are empty.
func (c *netPanel) OnMount(ctx app.Context) {
	var fetches bool
	c.site, fetches = online.SiteSettings(app.Getenv)
	mine, err := online.LoadSettings(ctx.LocalStorage())
	c.note = online.Words(err)
	if len(c.site.TURN) > 0 || fetches {
		c.hint = " This site gives TURN servers of its own; yours replaces them."
	}
	for i, l := range [][]string{mine.Trackers, mine.Relays, mine.STUN} {
		if l == nil {
			l = [][]string{c.site.Trackers, c.site.Relays, c.site.STUN}[i]
		}
		c.text[i] = strings.Join(l, "\n")
	}
	if len(mine.TURN) > 0 {
		t := mine.TURN[0]
		c.text[3], c.text[4], c.text[5] = strings.Join(t.URLs, " "), t.Username, t.Credential
	}
	c.share, c.loaded = mine.ShareTURN, true
}

func (c *netPanel) Render() app.UI {
	if !c.loaded {
		return app.Text("")
	}
	var b strings.Builder
	b.WriteString(`<details id="net-settings" class="codes"` + ifElse(c.note != "", " open", "") + `><summary>Network settings</summary>` +
		`<p class="hint">Where players meet (trackers, Nostr relays), and how a path between them is found: STUN servers, and a TURN server that carries the game when two networks block a direct path. One address a line; an empty list means none.` + c.hint + `</p>`)
	for i, id := range netFieldIDs {
		b.WriteString(`<label for="` + id + `">` + netFieldLabels[i] + `</label>`)
		if i < 3 {
			b.WriteString(`<textarea id="` + id + `" rows="3" spellcheck="false">` + htmlText(c.text[i]) + `</textarea>`)
		} else {
			b.WriteString(`<div class="row"><input type="text" id="` + id + `" spellcheck="false" autocomplete="off" value="` + htmlText(c.text[i]) + `"></div>`)
		}
	}
	b.WriteString(`<label style="font-weight:400"><input type="checkbox" id="net-share"` + ifElse(c.share, " checked", "") + `> Share my TURN server in the links of rooms I host. Guests then use it too, but its username and credential become part of the link: anyone who has the link can read them and use the server.</label>` +
		`<div class="row"><button id="net-save" class="button">Save and reconnect</button><button id="net-reset" class="button quiet">Use this site's settings</button></div>` +
		ifElse(c.note != "", `<p id="net-note" class="error" role="alert">`+htmlText(c.note)+`</p>`, "") + `</details>`)
	return app.Div().On("click", c.click).Body(app.Raw(b.String()))
}

// htmlText escapes text for HTML (strings.Replacer would add 25 KB of
// code to app.wasm).
func htmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// click saves the form (Save) or goes back to the site's settings (Use
// this site's settings). Saving reads the fields, which keep what the
// player typed, and keeps a list the same as the site's as nil, so that it
// follows the site's, and so do empty TURN fields.
func (c *netPanel) click(ctx app.Context, e app.Event) {
	st := ctx.LocalStorage()
	switch e.Get("target").Get("id").String() {
	case "net-reset":
		online.ForgetSettings(st)
		c.OnSaved(ctx)
		return
	case "net-save":
	default:
		return
	}
	doc := app.Window()
	for i, id := range netFieldIDs {
		c.text[i] = doc.GetElementByID(id).Get("value").String()
	}
	c.share = doc.GetElementByID("net-share").Get("checked").Bool()
	var l [3][]string
	for i, site := range [][]string{c.site.Trackers, c.site.Relays, c.site.STUN} {
		switch l[i] = online.ParseList(c.text[i]); {
		case slices.Equal(l[i], site):
			l[i] = nil
		case l[i] == nil:
			l[i] = []string{}
		}
	}
	s := online.Settings{Trackers: l[0], Relays: l[1], STUN: l[2], ShareTURN: c.share}
	urls, user, credential := online.ParseList(c.text[3]), strings.TrimSpace(c.text[4]), strings.TrimSpace(c.text[5])
	if len(urls) > 0 || user != "" || credential != "" {
		s.TURN = []online.TURNServer{{URLs: urls, Username: user, Credential: credential}}
	}
	if err := online.SaveSettings(st, s); err != nil {
		c.note = "Not saved: " + online.Words(err)
		return
	}
	c.OnSaved(ctx)
}
