// Package raiders draws Raiders of the North Sea's table: the village and
// its workers, the raid spaces by settlement with their plunder and
// demands, the offerings, every player's crew and resources, the last
// raid's dice and strength term by term, and the player's own hand and
// choices beside the prompt. While a raider chooses mead or rerolls, the
// strength as it stands is weighed against the raided space's thresholds:
// in a line above the choice and on the space itself. Every legal action sits on the element it acts on
// (a building, a raid space with what it needs and pays, an offering, a
// card, a die); the rest are labelled buttons beside the prompt.
package raiders

import (
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/app/ui"
	"longhall/rules"
	rd "longhall/rules/raiders"
)

// The one registration that makes Raiders of the North Sea playable.
func init() {
	ui.Register(rd.ID, "/web/raiders.css", func(p *ui.Props[rd.View]) app.UI { return &Board{Props: p} })
}

// Board is the table for one seat.
type Board struct {
	app.Compo
	Props *ui.Props[rd.View]

	sel  int    // the picked group of pairs (see pairs), plus one; 0 for none
	seen string // the decision the pick was made in
}

// OnUpdate drops the pick whenever the decision changes.
func (b *Board) OnUpdate(ctx app.Context) { ui.DropStalePick(&b.Props.BoardProps, &b.seen, &b.sel) }

// choices sorts the legal actions onto their controls.
type choices struct {
	buildings map[int]rules.Action // place or take [building]
	raids     map[int]rules.Action // raid [space]: on the space, which shows what it needs and pays
	slots     map[int]rules.Action // offer [slot]
	hand      map[int]rules.Action // a one-card action on a hand card
	crew      map[int]rules.Action // lose, dismiss or wound [crew card]
	dice      map[int]rules.Action // reroll [die]
	hall      map[int]rules.Action // charm [slot]: a Mead Hall card
	quests    map[int]rules.Action // quest [space]: a quest tile
	reps      map[int]rules.Action // claim [reputation]: a reputation tile
	pairs     [][]rules.Action     // two-argument actions that come by the dozen, by kind and first argument (see pairKinds)
	buttons   []rules.Action
}

func sortChoices(v *rd.View, legal []rules.Action) choices {
	c := choices{buildings: map[int]rules.Action{}, raids: map[int]rules.Action{}, slots: map[int]rules.Action{},
		hand: map[int]rules.Action{}, crew: map[int]rules.Action{}, dice: map[int]rules.Action{},
		hall: map[int]rules.Action{}, quests: map[int]rules.Action{}, reps: map[int]rules.Action{}}
	var mine []int
	if v.Seat >= 0 {
		mine = v.Players[v.Seat].Crew
	}
	put := func(m map[int]rules.Action, a rules.Action) bool {
		if _, taken := m[a.Args[0]]; taken {
			return false
		}
		m[a.Args[0]] = a
		return true
	}
	// Pairs grow as the product of a hand and a crew: a phone could not
	// show a dozen of them as buttons, so the first argument opens them.
	count := map[string]int{}
	for _, a := range legal {
		if len(a.Args) == 2 && pairKinds[a.Kind] {
			count[a.Kind]++
		}
	}
	many := map[string]bool{}
	for k, n := range count {
		many[k] = n > 6
	}
	c.buttons = ui.Sort(legal, func(a rules.Action) bool {
		if len(a.Args) == 2 && many[a.Kind] {
			k := slices.IndexFunc(c.pairs, func(g []rules.Action) bool { return g[0].Kind == a.Kind && g[0].Args[0] == a.Args[0] })
			if k < 0 {
				c.pairs = append(c.pairs, nil)
				k = len(c.pairs) - 1
			}
			c.pairs[k] = append(c.pairs[k], a)
			return true
		}
		if len(a.Args) != 1 {
			return false
		}
		switch a.Kind {
		case rd.KindPlace, rd.KindTake:
			return put(c.buildings, a)
		case rd.KindRaid:
			return put(c.raids, a)
		case rd.KindOffer:
			return put(c.slots, a)
		case rd.KindReroll:
			return put(c.dice, a)
		case rd.KindLose, rd.KindDismiss, rd.KindWound:
			return slices.Contains(mine, a.Args[0]) && put(c.crew, a)
		case rd.KindCharm:
			return put(c.hall, a)
		case rd.KindQuest:
			return put(c.quests, a)
		case rd.KindClaim:
			return put(c.reps, a)
		case rd.KindTown, rd.KindSell, rd.KindHire, rd.KindDiscard, rd.KindTrade1, rd.KindReturn, rd.KindDraft, rd.KindSpend:
			return (slices.Contains(v.Hand, a.Args[0]) || slices.Contains(v.Dealt, a.Args[0])) && put(c.hand, a)
		}
		return false
	})
	return c
}

// Render draws the table.
func (b *Board) Render() app.UI {
	v := b.Props.V
	t := &table{p: &b.Props.BoardProps, v: v, c: sortChoices(v, b.Props.Legal)}
	others, self := ui.SeatOrder(len(v.Players), rules.Seat(v.Seat))
	foes := make([]app.UI, len(others))
	for i, s := range others {
		foes[i] = t.player(int(s))
	}
	// The village and the raid spaces, where most choices are, stand
	// together, the Mead Hall below them; it comes first while the player
	// chooses there, so that its cards are in view. (On a phone a turn's
	// choice, a building or a space, then spans less of the board.)
	places := []app.UI{t.village(), t.spaces(), t.meadHall()}
	if len(t.c.hall)+len(t.c.quests)+len(t.c.reps) > 0 {
		places = []app.UI{places[2], places[0], places[1]}
	}
	hand := len(t.v.Hand)
	if len(t.v.Dealt) > 0 {
		hand = len(t.v.Dealt)
	}
	return ui.Layout{
		Class:      "rd-board",
		Board:      append(append([]app.UI{t.scores(), t.encounter(), t.raid()}, places...), t.offerings()),
		Choice:     []app.UI{t.drafted(), t.pairs(&b.sel), t.stakes(), ui.Buttons("rd-buttons", t.c.buttons, buttonText)},
		Own:        ui.Own(self >= 0, func() []app.UI { return []app.UI{t.player(int(self)), t.hand()} }),
		OwnSummary: "Your crew and hand: " + rules.Count(hand, "card"),
		Players:    []app.UI{ui.Div("rd-players", foes...)},
		// The raid spaces say what a raid lacks; the kit lists the rest.
		Shown: func(r rules.Refusal) bool { return r.Action.Kind == rd.KindRaid },
	}.Draw(&b.Props.BoardProps)
}

// pairKinds are the two-argument actions that may come by the dozen:
// the Treasury's pairs, a Brawler's crew member and plunder, a
// Gravedigger's crew member and hand card, a theft's opponent and plunder,
// a worker swap's opponent and building.
var pairKinds = map[string]bool{rd.KindSell2: true, rd.KindBrawl: true, rd.KindExhume: true, rd.KindSteal: true, rd.KindSwap: true}

// pairs offers such actions, when many: a pick per first argument, and
// the picked one's actions.
func (t *table) pairs(sel *int) app.UI {
	if len(t.c.pairs) == 0 {
		return nil
	}
	picked := *sel > 0 && *sel <= len(t.c.pairs)
	head := "Choose first:"
	if t.c.pairs[0][0].Kind == rd.KindSell2 {
		head = "Two cards for 1 gold, first:"
	}
	items := []app.UI{ui.Span("rd-l", head)}
	for k, g := range t.c.pairs {
		// Once one is picked, only it stays, with its second choices
		// beside it in a word each: a phone's board keeps the screen.
		if picked && k != *sel-1 {
			continue
		}
		name := t.firstName(g[0])
		items = append(items, ui.Pick(sel, k+1, g[0].Kind+":"+strconv.Itoa(g[0].Args[0]), "button quiet rd-pair", g[0].String(), app.Text(name+"…")))
	}
	if picked {
		for _, a := range t.c.pairs[*sel-1] {
			items = append(items, described(ui.Control(a, "button rd-second", "", app.Text(t.secondName(a))), a.String()))
		}
		items = append(items, ui.CancelPick(sel))
	}
	return ui.Div("buttons rd-pairs", items...)
}

// firstName names what a pair action's first argument is: a card, or for
// a theft or a swap, an opponent.
func (t *table) firstName(a rules.Action) string {
	switch a.Kind {
	case rd.KindSteal, rd.KindSwap:
		return t.name(a.Args[0])
	}
	return rd.Kinds[rd.KindOf(a.Args[0])].Name
}

// secondName names what a pair action's second argument is, as its
// button says it beside the first: a card, plunder, or a building.
func (t *table) secondName(a rules.Action) string {
	switch a.Kind {
	case rd.KindSell2:
		return "and " + rd.Kinds[rd.KindOf(a.Args[1])].Name
	case rd.KindExhume:
		return rd.Kinds[rd.KindOf(a.Args[1])].Name + " into the crew"
	case rd.KindBrawl, rd.KindSteal:
		return "1 " + rd.PlunderNames[a.Args[1]]
	case rd.KindSwap:
		return "at the " + rd.BuildingNames[a.Args[1]]
	}
	return a.String()
}

// buttonText words a choice's button by its label, but the mead choices
// in short, with the strength their label says they make: "Drink 2 → 9"
// (the line above says it is before the dice).
func buttonText(a rules.Action) string {
	if a.Kind != rd.KindMead || len(a.Args) != 1 {
		return a.String()
	}
	w := "No mead"
	if a.Args[0] > 0 {
		w = "Drink " + strconv.Itoa(a.Args[0])
	}
	if _, st, ok := strings.Cut(a.Label, "strength "); ok {
		w += " → " + strings.TrimSuffix(st, " before the dice")
	}
	return w
}

// table is one render of the board.
type table struct {
	p *ui.BoardProps
	v *rd.View
	c choices
}

func (t *table) name(s int) string { return t.p.Name(rules.Seat(s)) }

// worker is a worker's colour as a chip: the chip's colour and its word
// ("grey worker"), never the colour alone.
func worker(w int) app.UI {
	if w < 0 {
		return ui.Span("rd-worker rd-none", "no worker")
	}
	c := rd.ColourNames[w]
	return app.Span().Class("rd-worker rd-w"+strconv.Itoa(w)).Attr(ui.ColourAttr, c).Text(c + " worker")
}

// village draws the eight buildings and the workers standing there.
func (t *table) village() app.UI {
	items := make([]app.UI, 0, rd.NumBuildings)
	for b := range rd.NumBuildings {
		if b == rd.MeadHall && !t.v.Heroes {
			continue
		}
		body := []app.UI{ui.Strong(rd.BuildingNames[b]), ui.Small("rd-what", buildingText[b]), worker(t.v.Buildings[b])}
		ref := "b" + strconv.Itoa(b)
		if a, ok := t.c.buildings[b]; ok {
			class, what := "rd-building rd-can", a.String()
			// Work there would do nothing: say so before it is chosen.
			if slices.Contains(t.v.Idle, b) {
				body[1] = ui.Small("rd-idle-why", idleText[b])
				class += " rd-idle"
				what += ": " + idleText[b]
			}
			items = append(items, described(ui.Control(a, class, "", body...), what).Attr(ui.Ref, ref))
		} else {
			items = append(items, app.Div().Class("rd-building").Attr(ui.Ref, ref).Body(body...))
		}
	}
	grid := "rd-buildings"
	if len(items) == rd.NumBuildings {
		grid += " rd-b9"
	}
	return ui.Section("rd-village", "The village", ui.Heading("rd-h", "Village"), ui.Div(grid, items...))
}

// buildingText is each building's action in a few words.
var buildingText = [rd.NumBuildings]string{
	"Draw 2 townsfolk",
	"Discard 1 for its Town Hall ability",
	"1 card: 2 silver; 2 cards: 1 gold",
	"Hire crew: pay its cost",
	"1 iron: 2 armour; 2 silver: 1 armour",
	"Provisions: black 1, grey 2, white 2 or 1 gold",
	"Silver: black 3, grey or white 2",
	"1 livestock: 2 provisions; or an offering",
	"Charm the Crowd, or complete a quest",
}

// idleText says why work at a building would do nothing for the player
// choosing (View.Idle).
var idleText = [rd.NumBuildings]string{
	"Nothing to draw: the deck is empty",
	"No card in your hand can act here",
	"Nothing to sell: your hand is empty",
	"Nothing to hire: no card you can pay for",
	"Nothing to buy: no iron, under 2 silver, or full armour",
	"No provisions left to gain",
	"No silver left to gain",
	"Nothing to trade or offer: no livestock, no offering you can pay",
	"Nothing you can do here now",
}

// plunder writes a space's or a player's pieces by kind.
func plunder(p rd.Pieces) app.UI {
	var items []app.UI
	for k, n := range p {
		if n > 0 {
			items = append(items, ui.Span("rd-pc rd-k"+strconv.Itoa(k), rd.PlunderWords(k, n)))
		}
	}
	if len(items) == 0 {
		return ui.Span("rd-pc rd-empty", "raided")
	}
	return ui.Spans("rd-loot", items...)
}

// spaces draws the raid spaces grouped by settlement.
func (t *table) spaces() app.UI {
	groups := make([][]app.UI, len(rd.SettlementNames))
	live := t.live()
	for i, sv := range t.v.Spaces {
		sp := rd.Spaces[i]
		colours := ""
		for w, ok := range sp.Colours {
			if ok {
				if colours != "" {
					colours += "/"
				}
				colours += rd.ColourNames[w]
			}
		}
		need := colours + " · crew " + strconv.Itoa(sp.Crew) + " · " + strconv.Itoa(sp.Provisions) + " prov"
		if sp.Gold > 0 {
			need += " · " + strconv.Itoa(sp.Gold) + " gold"
		}
		score := ""
		if sp.Dice > 0 {
			score = rules.Count(sp.Dice, "die") + ":"
		}
		// On the space being raided, the threshold its strength reaches
		// and the next are marked.
		var marked []app.UI
		raided := live != nil && live.Space == i
		if raided {
			marked = []app.UI{app.Text(score)}
		}
		for _, th := range sp.Thresholds {
			if sp.Dice == 0 {
				score += strconv.Itoa(th[1]) + " VP"
				continue
			}
			text := strconv.Itoa(th[0]) + "→" + strconv.Itoa(th[1])
			score += " " + text
			if raided {
				marked = append(marked, app.Text(" "), ui.Span(thresholdClass(live, th[1]), text))
			}
		}
		if sp.Settlement == rd.Township {
			fame := " · +" + strconv.Itoa(rd.TownshipFame) + " fame"
			score += fame
			marked = append(marked, app.Text(fame))
		}
		scoreEl := ui.Small("rd-score", score)
		if raided {
			scoreEl = app.Small().Class("rd-score").Body(marked...)
		}
		body := []app.UI{ui.Strong(rd.SpaceName(i)), plunder(sv.Plunder), ui.Small("rd-need", need), scoreEl, worker(sv.Worker)}
		if q, ok := t.questAt(i); ok {
			body = append(body, ui.Span("rd-quest", "quest: "+strconv.Itoa(rd.Quests[q].Need)+" strength"))
		}
		class := "rd-space"
		if sv.Plunder == (rd.Pieces{}) {
			class += " rd-done"
		}
		ref := "sp" + strconv.Itoa(i)
		if a, ok := t.c.raids[i]; ok {
			// The space is the raid's control: it shows what the raid
			// needs and pays before it is made.
			groups[sp.Settlement] = append(groups[sp.Settlement], described(ui.Control(a, class+" rd-can", "", body...), a.String()+": needs "+need+"; pays "+score).Attr(ui.Ref, ref))
			continue
		}
		el := app.Div().Class(class).Attr(ui.Ref, ref)
		// A raid the player cannot make now says what it lacks.
		if why := t.p.RefusedWhy(func(a rules.Action) bool { return a.Kind == rd.KindRaid && a.Args[0] == i }); why != "" {
			text := ui.WhyText(rd.SpaceName(i)+": needs "+need+"; pays "+score, why)
			el = el.Class("rd-refused").Title(text).Attr(ui.Text, text).Attr(ui.Why, why)
		}
		groups[sp.Settlement] = append(groups[sp.Settlement], el.Body(body...))
	}
	var out []app.UI
	for s := range groups {
		if len(groups[s]) > 0 {
			out = append(out, ui.Div("rd-settlement", subheading(settlementTitles[s]), ui.Div("rd-row", groups[s]...)))
		}
	}
	return ui.Section("rd-raids", "Raid spaces", ui.Heading("rd-h", "Raids"), ui.Div("rd-settlements", out...))
}

var settlementTitles = [...]string{"Harbours", "Outposts", "Monasteries", "Fortresses", "The Township"}

// offerings draws the face-up offerings and the stack.
func (t *table) offerings() app.UI {
	items := make([]app.UI, 0, rd.OfferingRow+1)
	for slot, o := range t.v.Row {
		if o < 0 {
			items = append(items, ui.Div("rd-offering rd-done", ui.Span("", "empty")))
			continue
		}
		body := []app.UI{ui.Strong(strconv.Itoa(rd.Offerings[o].VP) + " VP"), ui.Small("rd-need", offeringCost(o))}
		ref := "of" + strconv.Itoa(slot)
		if a, ok := t.c.slots[slot]; ok {
			items = append(items, described(ui.Control(a, "rd-offering rd-can", "", body...), a.String()).Attr(ui.Ref, ref))
		} else {
			items = append(items, app.Div().Class("rd-offering").Attr(ui.Ref, ref).Body(body...))
		}
	}
	items = append(items, ui.Div("rd-stack", ui.Span("", strconv.Itoa(t.v.Stack)+" in the stack")))
	return ui.Section("rd-offerings", "Offerings to the Chieftain", ui.Heading("rd-h", "Offerings"), ui.Div("rd-row", items...))
}

// offeringCost writes what an offering asks.
func offeringCost(o int) string {
	of := rd.Offerings[o]
	s := ""
	for i, n := range [4]int{of.Silver, of.Livestock, of.Iron, of.Gold} {
		if n > 0 {
			if s != "" {
				s += ", "
			}
			s += strconv.Itoa(n) + " " + costNames[i]
		}
	}
	return s
}

var costNames = [4]string{"silver", "livestock", "iron", "gold"}
