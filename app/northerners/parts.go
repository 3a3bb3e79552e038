package northerners

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	nn "longhall/rules/northerners"
)

// shortNames are the bars' actions as a phone's narrow spaces name them.
var shortNames = map[string]string{
	"Fishing": "Fishing", "Explore": "Explore", "Recruit": "Recruit", "Recruit with treasure": "Recruit·T",
	"Capture": "Capture", "Attack": "Attack", "Workers house": "W-house", "Weapon house": "V-house",
	"Ships builder": "Shipyard", "Small house": "House", "Woodcutter": "Wood", "Blacksmith": "Smith",
	"Stone quarry": "Quarry", "Watchtower": "Tower", "Build ship": "Ship", "Raid": "Raid", "Blessing": "Blessing",
}

// goodMarks are the goods' short names.
var goodMarks = [nn.NumGoods]string{"Wood", "Fish", "Iron", "Stone", "Treasure"}

// goodSigns are the goods' shapes, on every chip of a good beside its
// colour: a cost's chips have no room for the word, and iron and stone
// are two greys (colour is never the only signal). The warehouse shows
// sign and word together, which teaches the signs.
var goodSigns = [nn.NumGoods]string{"♣", "≈", "⚒", "⬢", "¤"}

// goodChip is n of good k as a chip: its sign and the number, in its colour.
func goodChip(k, n int) app.HTMLSpan {
	return app.Span().Class("nn-gd nn-g"+strconv.Itoa(k)).Body(
		app.Span().Class("nn-gsign").Aria("hidden", true).Text(goodSigns[k]), app.Text(strconv.Itoa(n)))
}

// cost draws a cost as chips in the goods' colours, one a good.
func cost(g nn.Goods) []app.UI {
	var out []app.UI
	for k, n := range g {
		if n > 0 {
			out = append(out, goodChip(k, n).Title(goodMarks[k]))
		}
	}
	return out
}

// costWords is a cost in words: "2 Wood 1 Stone".
func costWords(g nn.Goods) string {
	var parts []string
	for k, n := range g {
		if n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+goodMarks[k])
		}
	}
	return strings.Join(parts, " ")
}

// needs says who an action asks for, as tokens' letters: "W", "J+V".
func needs(ba nn.BarAction) string {
	var parts []string
	if ba.Jarl {
		parts = append(parts, "Jarl")
	}
	if ba.JarlOrViking {
		parts = append(parts, "Jarl or V")
	}
	if ba.Workers > 0 {
		w := strings.Repeat("W", ba.Workers)
		if ba.Sacrifice {
			w += "✝"
		}
		parts = append(parts, w)
	}
	if ba.Vikings > 0 {
		v := "V"
		if ba.Do == nn.DoAttack || ba.Do == nn.DoRaid {
			v = "V+"
		}
		parts = append(parts, v)
	}
	return strings.Join(parts, " ")
}

// bars draws the action bars: each space with who it takes, what it
// costs and whose figures stand on it.
func (t *table) bars() app.UI {
	var groups [4][]app.UI
	for a, ba := range nn.Actions {
		var figs []app.UI
		for _, pv := range t.v.Players {
			for _, pc := range pv.Placed {
				if pc.Action != a {
					continue
				}
				for range pc.Workers {
					figs = append(figs, figure(pv.Colour, nn.Worker))
				}
				for range pc.Vikings {
					figs = append(figs, figure(pv.Colour, nn.Viking))
				}
				if pc.Jarl {
					figs = append(figs, jarlFigure(pv.Colour))
				}
			}
		}
		need := append([]app.UI{app.Span().Class("nn-who-needs").Text(needs(ba))}, cost(ba.Cost)...)
		top := []app.UI{app.Strong().Body(ui.Span("nn-long", ba.Name), ui.Span("nn-short", shortNames[ba.Name]))}
		if len(figs) > 0 {
			top = append(top, figures(figs))
		}
		body := []app.UI{ui.Div("nn-spacetop", top...), app.Span().Class("nn-need").Title(needs(ba) + " " + costWords(ba.Cost)).Body(need...)}
		// A space the player cannot take now says why (rules.Explainer).
		class := "nn-space"
		why := t.p.RefusedWhy(func(r rules.Action) bool { return r.Kind == nn.KindAction && len(r.Args) > 0 && r.Args[0] == a })
		if why != "" {
			class += " nn-refused"
		}
		groups[ba.Bar] = append(groups[ba.Bar], t.control(pickBar+a, class, "", ui.WhyText(ba.Name+".", why), why, nil, body...))
	}
	notes := [4]string{"", "one a round", "", "once a round"}
	out := make([]app.UI, len(groups))
	for b, g := range groups {
		head := ui.Small("nn-barname", nn.BarNames[b])
		if notes[b] != "" {
			head = ui.Small("nn-barname", nn.BarNames[b]+" · "+notes[b])
		}
		out[b] = ui.Div("nn-bar nn-bar"+strconv.Itoa(b), append([]app.UI{head}, g...)...)
	}
	// On a phone the bars flow as one row and their names make way for a
	// key to the spaces' edges, each bar's drawn in its own pattern as well
	// as its own colour (colour is never the only signal). The names stay
	// for screen readers, so the key is hidden from them.
	key := []app.UI{}
	for b := 1; b < len(nn.BarNames); b++ {
		word := strings.ToLower(strings.TrimSuffix(nn.BarNames[b], " actions"))
		word = strings.TrimSuffix(word, " action")
		if notes[b] != "" {
			word += ", " + notes[b]
		}
		key = append(key, app.Span().Class("nn-keyedge nn-edge"+strconv.Itoa(b)).Text(word))
	}
	out = append(out, app.Div().Class("nn-barkey").Aria("hidden", true).Body(key...))
	return app.Section().Class("nn-bars").Aria("label", "Action bars").Body(out...)
}

// player draws a player's board: score, warehouse, figures, houses, ship,
// cards and what they programmed.
func (t *table) player(s int, own bool) app.UI {
	pv := t.v.Players[s]
	class := "nn-player " + colour(pv.Colour)
	if s == t.v.Turn && t.p.Result == nil {
		class += " nn-turn"
	}
	if own {
		class += " nn-own"
	}
	goods := make([]app.UI, nn.NumGoods)
	for k, n := range pv.Goods {
		goods[k] = ui.Spans("nn-good", goodChip(k, n), app.Text(" "+goodMarks[k]))
	}
	var houses []app.UI
	for h, built := range pv.Houses {
		if built {
			houses = append(houses, ui.Token("nn-house", nn.HouseNames[h]))
		}
	}
	if pv.Ship {
		houses = append(houses, ui.Token("nn-house", "ship"))
	}
	figures := "Workers " + strconv.Itoa(pv.Home[nn.Worker]) + " (" + strconv.Itoa(pv.Supply[nn.Worker]) + " in supply) · Vikings " +
		strconv.Itoa(pv.Home[nn.Viking]) + " (" + strconv.Itoa(pv.Supply[nn.Viking]) + ") · Jarl " + jarlWhere(pv.JarlAt)
	// The short form is for a phone's sheet.
	short := "W " + strconv.Itoa(pv.Home[nn.Worker]) + "+" + strconv.Itoa(pv.Supply[nn.Worker]) + " · V " +
		strconv.Itoa(pv.Home[nn.Viking]) + "+" + strconv.Itoa(pv.Supply[nn.Viking]) + " · Jarl " + jarlWhere(pv.JarlAt)
	cards := rules.Count(pv.Hand, "blessing") + " · " + rules.Count(pv.Quests, "quest")
	var done []app.UI
	for _, q := range pv.Done {
		done = append(done, ui.Token("nn-done", nn.Quests[q].Name+" +"+strconv.Itoa(nn.Quests[q].Points)))
	}
	// The board's edge is in the player's colour; its chip names it, with
	// the mark the player's pieces on the map show.
	return app.Section().Class(class).Attr(ui.ColourAttr, nn.ColourNames[pv.Colour]).Aria("label", t.name(s)).Attr("data-seat", s).Attr(ui.Ref, "seat"+strconv.Itoa(s)).Body(
		ui.Div("nn-who", ui.Strong(t.name(s)), piece("nn-col", pv.Colour, nn.ColourNames[pv.Colour]),
			ui.Span("nn-score", strconv.Itoa(pv.Score)+" points")),
		ui.Div("nn-goods", goods...),
		ui.Small("nn-figline", figures),
		app.If(own, func() app.UI { return ui.Small("nn-figshort", short) }),
		app.If(len(houses) > 0 || len(done) > 0, func() app.UI { return ui.Div("nn-houses", append(houses, done...)...) }),
		app.If(!own, func() app.UI { return ui.Small("nn-l", cards) }),
		t.revealed(pv),
		t.programmed(s, own),
	)
}

// jarlWhere says where a Jarl is.
func jarlWhere(at int) string {
	switch at {
	case nn.JarlHome:
		return "at home"
	case nn.JarlRaid:
		return "raiding"
	case nn.JarlBar:
		return "on an action"
	}
	return "at " + nn.SquareName(at)
}

// programmed lists what a player placed for their next harvest: the
// viewer's are the harvest's controls, in the order they choose.
func (t *table) programmed(s int, own bool) app.UI {
	pv := t.v.Players[s]
	var items []app.UI
	for i, pc := range pv.Placed {
		label := nn.Actions[pc.Action].Name
		if pc.Resting {
			label = "Resting after the attack"
		}
		if n := pc.Workers + pc.Vikings; n > 1 {
			label += " ×" + strconv.Itoa(n)
		}
		if a, ok := t.c.placed[i]; ok && own {
			items = append(items, ui.Control(a, "nn-prog nn-can", "", ui.Span("", label)).Aria("description", a.String()))
			continue
		}
		items = append(items, ui.Span("nn-prog", label))
	}
	if r := pv.Raid; r != nil {
		items = append(items, ui.Span("nn-prog nn-raid", "Raid on "+nn.Raids[r.Card].Name+": row "+strconv.Itoa(r.Row)+" of 5, "+strconv.Itoa(r.Vikings)+" vikings"))
	}
	if len(items) == 0 {
		return nil
	}
	return ui.Div("nn-progs", append([]app.UI{ui.Small("nn-l", "Programmed:")}, items...)...)
}

// hand draws the viewer's blessings, the blessings drawn to keep one of,
// and their quests.
func (t *table) hand() app.UI {
	cards := make([]app.UI, 0, len(t.v.Hand)+len(t.v.Offer)+len(t.v.Quests))
	for _, c := range t.v.Offer {
		cards = append(cards, t.card(c, "nn-card nn-offer"))
	}
	for _, c := range t.v.Hand {
		cards = append(cards, t.card(c, "nn-card"))
	}
	for _, q := range t.v.Quests {
		cards = append(cards, questCard(q))
	}
	return ui.Hand("nn-hand", cards)
}

// questCard draws a quest.
func questCard(q int) app.UI {
	qu := nn.Quests[q]
	words := questWords(qu) + " · " + strconv.Itoa(qu.Points) + " points"
	return app.Div().Class("nn-card nn-quest").Title(qu.Name+": "+words).Attr(ui.Text, qu.Name+": "+words).Body(ui.Strong(qu.Name), ui.Small("nn-text", words))
}

// revealed draws what a player holds hidden, in the view of everything.
func (t *table) revealed(pv nn.PlayerView) app.UI {
	// Only everyone's view holds these; an empty hand there shows as "none".
	if t.p.Seat != rules.Everyone {
		return nil
	}
	var hand, quests, offer []app.UI
	for _, c := range pv.Cards {
		hand = append(hand, t.card(c, "nn-card"))
	}
	for _, q := range pv.FaceDown {
		quests = append(quests, questCard(q))
	}
	for _, c := range pv.Offer {
		offer = append(offer, t.card(c, "nn-card nn-offer"))
	}
	return ui.Div("nn-revealed", ui.Revealed("Blessings", hand), ui.Revealed("Quests", quests),
		app.If(offer != nil, func() app.UI { return ui.Revealed("Drawn to keep one", offer) }))
}

// card draws a blessing: its control when it takes an action.
func (t *table) card(c int, class string) app.UI {
	k := nn.CardKind(c)
	return t.control(pickCard+c, class, "", nn.CardName(c)+": "+nn.CardKinds[k].Text, "", nil, ui.Strong(nn.CardName(c)), ui.Small("nn-text", nn.CardKinds[k].Text))
}

// questWords says what a quest asks for.
func questWords(q nn.Quest) string {
	n := strconv.Itoa(q.N)
	switch q.Cond {
	case nn.QHave:
		return "Have " + n + " " + nn.GoodNames[q.Arg]
	case nn.QEvery:
		return "Have " + n + " of every resource"
	case nn.QBuilt:
		if q.Arg < 0 {
			return "Build " + n + " building tiles"
		}
		return "Build " + n + " " + nn.BuildingNames[q.Arg] + "s"
	case nn.QKinds:
		return "Build a woodcutter, an iron mine and a stone quarry"
	case nn.QHouse:
		return "Build the " + nn.HouseNames[q.Arg]
	case nn.QShip:
		return "Own a ship"
	case nn.QWorkers:
		return "Have " + n + " workers"
	case nn.QVikings:
		return "Have " + n + " vikings"
	case nn.QKaupangs:
		return "Reach " + n + " Kaupang squares"
	case nn.QShaman:
		return "Reach the Spirit Shaman"
	case nn.QAttacks:
		return "Win " + n + " attacks"
	case nn.QRaidRow:
		return "Reach row " + n + " of a raid"
	case nn.QBlessings:
		return "Hold " + n + " blessings"
	}
	return ""
}

// fight draws the attack under way: its dice, the cards played for the
// coming roll, the face each side's last roll counts as and why. It leads
// the table while it lasts.
func (t *table) fight() app.UI {
	if t.v.Fight == nil {
		return nil
	}
	return app.Section().Class("nn-rolls nn-fighting").Aria("label", "The attack").Body(t.fightBody(t.v.Fight, "")...)
}

// lastRolls draws the last attack that ended and the last raid roll,
// beside the map.
func (t *table) lastRolls() app.UI {
	var items []app.UI
	if f := t.v.LastFight; f != nil && t.v.Fight == nil {
		items = append(items, t.fightBody(f, "Last attack: ")...)
	}
	if r := t.v.Raided; r != nil {
		items = append(items, t.roll("Last raid: "+t.name(r.Seat), r))
	}
	if len(items) == 0 {
		return nil
	}
	return app.Section().Class("nn-rolls").Aria("label", "The last rolls").Body(items...)
}

// fightBody is an attack in words and dice.
func (t *table) fightBody(f *nn.Fight, head string) []app.UI {
	head += t.name(f.Attacker) + " attacks " + t.name(f.Defender) + "'s figures at " + nn.SquareName(f.Square) +
		" · " + strconv.Itoa(f.Vikings) + " vikings fighting"
	if len(f.Towers) > 0 {
		head += " · watchtowers first: " + strconv.Itoa(len(f.Towers))
	}
	items := []app.UI{ui.Para("nn-fighthead", head)}
	for _, pl := range f.Cards {
		w := t.name(pl.Seat) + " plays " + nn.CardName(pl.Card)
		if pl.Cancelled {
			w += " (cancelled)"
		}
		items = append(items, ui.Small("nn-l", w))
	}
	if f.Attack != nil {
		items = append(items, t.roll(t.name(f.Attacker), f.Attack), t.roll("Defence", f.Defence))
		winner := t.name(f.Defender)
		if f.AttackerWon {
			winner = t.name(f.Attacker)
		}
		items = append(items, ui.Small("nn-l", winner+" won the roll (the attacker wins ties)"))
	}
	return items
}

// roll draws one roll: the dice, the face read marked.
func (t *table) roll(who string, r *nn.Roll) app.UI {
	dice := make([]app.UI, len(r.Dice))
	for i, d := range r.Dice {
		class := "nn-die"
		if d == r.Read {
			class += " nn-read"
		}
		mark := strconv.Itoa(d)
		if d == nn.Hammer {
			mark = "⚒"
		}
		dice[i] = ui.Span(class, mark)
	}
	return ui.Div("nn-roll", ui.Span("nn-rollwho", who), ui.Spans("nn-dice", dice...), ui.Small("nn-why", readWhy(r)))
}

// readWhy explains the face a roll counts as: "the most frequent face
// (2 of them)", "no face repeats: the highest".
func readWhy(r *nn.Roll) string {
	count := map[int]int{}
	most := 0
	for _, d := range r.Dice {
		count[d]++
		most = max(most, count[d])
	}
	tied := 0
	for _, n := range count {
		if n == most {
			tied++
		}
	}
	var why string
	switch {
	case len(r.Dice) == 0:
		return "no dice"
	case most == 1:
		why = "no face repeats: the highest"
	case tied > 1:
		why = "the highest of the most frequent faces"
	default:
		why = "the most frequent face (" + strconv.Itoa(most) + " of them)"
	}
	out := "counts " + nn.FaceName(r.Read) + ": " + why
	if r.Bonus > 0 {
		out += ", +" + strconv.Itoa(r.Bonus) + " from blessings"
	}
	return out
}
