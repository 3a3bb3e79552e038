package northerners

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Apply implements rules.State: it accepts exactly what Legal offers. A
// quiet state (Hush) checks the action against the rules of the decision
// at hand without listing every legal action, and says nothing.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	var err error
	if !s.Loud() {
		err = s.allowed(seat, a)
	} else {
		a, err = rules.FindLegal(s, seat, a)
	}
	if err != nil {
		return nil, err
	}
	ev := s.Sink()
	s.apply(int(seat), a, &ev)
	if s.Outcome == nil {
		s.checkQuests(&ev)
	}
	return ev.Events(), nil
}

// apply carries out a legal action of seat p.
func (s *State) apply(p int, a rules.Action, ev *events) {
	pl := &s.Seats[p]
	switch s.Step.Kind {
	case StepHarvest:
		s.applyHarvest(p, a, ev)
	case StepAct:
		s.applyAct(p, a, ev)
	case StepExplore:
		s.placeTile(p, a.Args[0], a.Args[1], ev)
	case StepBuild:
		q := a.Args[0]
		s.Cells[q].Building, s.Cells[q].Owner = s.Step.Building, p
		if ev.Loud() {
			ev.Add(p, "build", "%s builds %s at %s", s.Name(p), rules.A(BuildingNames[s.Step.Building]), SquareName(q))
		}
		s.continueHarvest(p, ev)
	case StepKaupang:
		s.trade(p, a.Args, ev)
		s.continueHarvest(p, ev)
	case StepSpirit:
		switch a.Args[0] {
		case 0:
			s.drawBlessing(p, ev)
		case 1:
			s.drawQuest(p, ev)
		default:
			pl.Quests = rules.Without(pl.Quests, a.Args[1])
			s.QuestDiscard = append(s.QuestDiscard, a.Args[1])
			if ev.Loud() {
				ev.Secret(p, "quest", s.Name(p)+" discards a quest", s.Name(p)+" discards the quest "+Quests[a.Args[1]].Name, p)
			}
		}
		s.continueHarvest(p, ev)
	case StepKeep:
		c := a.Args[0]
		pl.Hand = append(pl.Hand, c)
		rest := rules.Without(pl.Offer, c)
		s.BlessDiscard = append(s.BlessDiscard, rest...)
		pl.Offer = nil
		// The player reads the blessing they let go too; the discards are
		// face down.
		if ev.Loud() {
			gone := make([]string, len(rest))
			for i, d := range rest {
				gone[i] = CardName(d)
			}
			ev.Secret(p, "keep", s.Name(p)+" keeps one blessing", s.Name(p)+" keeps "+CardName(c)+" and discards "+rules.And(gone), p)
		}
		s.continueHarvest(p, ev)
	case StepCombat:
		s.applyCombat(p, a, ev)
	case StepLose:
		s.loseFigure(p, a.Args[0], ev)
		s.afterRoll(ev)
	}
}

// startTurn begins p's turn with the harvest ("Skip this for your first
// turn": there is nothing to harvest); in the last half-turns the harvest
// is all there is.
func (s *State) startTurn(p int, ev *events) {
	pl := &s.Seats[p]
	s.Turn = p
	pl.Turns++
	pl.Built, pl.Blessed = false, false
	s.Step = Step{Kind: StepHarvest, Seat: p}
	s.continueHarvest(p, ev)
}

// continueHarvest goes on with p's harvest: the next explored tile to
// place, the next choice of what to resolve, or, with nothing left, the
// action phase (or, in the last half-turns, the next player's harvest).
func (s *State) continueHarvest(p int, ev *events) {
	pl := &s.Seats[p]
	for pl.Explore > 0 {
		pl.Explore--
		if len(s.Bag) == 0 {
			ev.Add(p, "explore", "The bag of land tiles is empty")
			pl.Explore = 0
			break
		}
		t := s.Bag[0]
		s.Bag = s.Bag[1:]
		if !s.tileFitsAnywhere(p, t) {
			s.Aside = append(s.Aside, t)
			if ev.Loud() {
				ev.Add(p, "explore", "%s explores %s but has nowhere to join it to their roads: it is set aside", s.Name(p), rules.A(TileName(t)))
			}
			continue
		}
		if ev.Loud() {
			ev.Add(p, "explore", "%s explores %s", s.Name(p), rules.A(TileName(t)))
		}
		s.Step = Step{Kind: StepExplore, Seat: p, Tile: t}
		return
	}
	s.Step = Step{Kind: StepHarvest, Seat: p}
	if s.harvestLeft(p) {
		return
	}
	if !s.Final {
		s.Step = Step{Kind: StepAct, Seat: p}
		return
	}
	if next := (p + 1) % s.Players; next != s.Start {
		s.startTurn(next, ev)
		return
	}
	s.finish(ev)
}

func (s *State) applyHarvest(p int, a rules.Action, ev *events) {
	pl := &s.Seats[p]
	switch a.Kind {
	case KindCollect:
		s.collect(p, a.Args[0], ev)
	case KindResolve:
		var pc Placement
		pl.Placed, pc, _ = rules.RemoveAt(pl.Placed, a.Args[0])
		s.resolve(p, pc, ev)
	case KindJarl:
		q := pl.JarlAt
		s.Cells[q].Jarl, pl.JarlAt = -1, JarlHome
		if Squares[q].Kind == Kaupang {
			if ev.Loud() {
				ev.Add(p, "jarl", "%s's Jarl trades at %s", s.Name(p), SquareName(q))
			}
			s.Step = Step{Kind: StepKaupang, Seat: p}
		} else {
			if ev.Loud() {
				ev.Add(p, "jarl", "%s's Jarl returns from the Spirit Shaman", s.Name(p))
			}
			s.Step = Step{Kind: StepSpirit, Seat: p}
		}
	case KindRaid:
		s.raidRoll(p, ev)
	case KindReturn:
		if ev.Loud() {
			ev.Add(p, "raid", "%s returns from the raid", s.Name(p))
		}
		s.endRaid(p, ev)
	case KindCard:
		s.playCard(p, a.Args, ev)
	}
	// A choice the action asks for (a tile's place, a trade) comes first.
	if s.Step.Kind == StepHarvest {
		s.continueHarvest(p, ev)
	}
}

// collect returns p's figures from the building tile on square q, with
// their yield: "1 worker - 1 resource/victory point, 1 viking - 2".
func (s *State) collect(p, q int, ev *events) {
	c := &s.Cells[q]
	w, v := s.takeHome(p, q, ev)
	n := w + 2*v
	if g := BuildingGood[c.Building]; g >= 0 {
		s.gain(p, one(g, n), ev)
		if ev.Loud() {
			ev.Add(p, "collect", "%s collects %d %s from the %s at %s", s.Name(p), n, GoodNames[g], BuildingNames[c.Building], SquareName(q))
		}
	} else {
		s.Seats[p].Score += n
		if ev.Loud() {
			ev.Add(p, "collect", "%s scores %s from the %s at %s", s.Name(p), rules.Count(n, "point"), BuildingNames[c.Building], SquareName(q))
		}
	}
}

// takeHome brings p's figures on square q home and says how many workers
// and vikings there were.
func (s *State) takeHome(p, q int, ev *events) (workers, vikings int) {
	workers, vikings = s.figuresOn(q, p, Worker), s.figuresOn(q, p, Viking)
	s.Cells[q].Figures = slices.DeleteFunc(s.Cells[q].Figures, func(f Figure) bool { return f.Owner == p })
	s.returnHome(p, Worker, workers, ev)
	s.returnHome(p, Viking, vikings, ev)
	return workers, vikings
}

// returnHome puts n figures of kind k back on p's player board, or in the
// supply when the village has no room for them.
func (s *State) returnHome(p, k, n int, ev *events) {
	pl := &s.Seats[p]
	back := max(0, min(n, s.room(p, k)-pl.Home[k]))
	pl.Home[k] += back
	pl.Supply[k] += n - back
	if n > back && ev.Loud() {
		ev.Add(p, "room", "%s's village has no room for %s: %s to the supply", s.Name(p), rules.Count(n-back, FigureNames[k]), goes(n-back))
	}
}

// gainFigures moves up to n figures of kind k from p's supply into the
// village, as far as there is room.
func (s *State) gainFigures(p, k, n int, ev *events) {
	pl := &s.Seats[p]
	got := max(0, min(n, pl.Supply[k], s.room(p, k)-pl.Home[k]))
	pl.Supply[k] -= got
	pl.Home[k] += got
	if got > 0 && ev.Loud() {
		ev.Add(p, "gain", "%s gains %s", s.Name(p), rules.Count(got, FigureNames[k]))
	}
	if got < n && ev.Loud() {
		ev.Add(p, "room", "%s has no room or figure for %d more %s", s.Name(p), n-got, rules.Plural(n-got, FigureNames[k]))
	}
}

// goes says where one figure goes ("it goes") or several ("they go").
func goes(n int) string {
	if n == 1 {
		return "it goes"
	}
	return "they go"
}

// gain adds goods to p's warehouse: "Anything beyond 5 of a resource is
// lost."
func (s *State) gain(p int, g Goods, ev *events) {
	pl := &s.Seats[p]
	for k, n := range g {
		pl.Goods[k] += n
		if k < Resources && pl.Goods[k] > ResourceCap {
			if ev.Loud() {
				ev.Add(p, "lost", "%s loses %d %s beyond the warehouse's %d", s.Name(p), pl.Goods[k]-ResourceCap, GoodNames[k], ResourceCap)
			}
			pl.Goods[k] = ResourceCap
		}
	}
}

// resolve resolves a placement on an action bar: its figures come back
// (or are sacrificed) and the action does what it does, or sets the
// choice it asks for as the step.
func (s *State) resolve(p int, pc Placement, ev *events) {
	pl := &s.Seats[p]
	ba := Actions[pc.Action]
	if pc.Resting {
		if ev.Loud() {
			ev.Add(p, "rest", "%s brings %s home from the attack", s.Name(p), rules.Count(pc.Vikings, "viking"))
		}
		s.returnHome(p, Viking, pc.Vikings, ev)
		return
	}
	if ba.Do == DoRaid {
		s.startRaid(p, pc, ev)
		return
	}
	if ba.Sacrifice {
		pl.Supply[Worker] += pc.Workers
	} else {
		s.returnHome(p, Worker, pc.Workers, ev)
	}
	s.returnHome(p, Viking, pc.Vikings, ev)
	if pc.Jarl {
		pl.JarlAt = JarlHome
	}
	switch ba.Do {
	case DoFish:
		if ev.Loud() {
			ev.Add(p, "fish", "%s fishes with %s: %d fish", s.Name(p), rules.Count(pc.Workers, "worker"), pc.Workers)
		}
		s.gain(p, Goods{Fish: pc.Workers}, ev)
	case DoExplore:
		pl.Explore += pc.Vikings
	case DoRecruit:
		s.gainFigures(p, Viking, 1, ev)
	case DoCapture:
		s.gainFigures(p, Worker, pc.Vikings, ev)
	case DoHouse:
		pl.Houses[ba.Arg] = true
		if ev.Loud() {
			ev.Add(p, "house", "%s builds the %s", s.Name(p), HouseNames[ba.Arg])
		}
	case DoBuilding:
		if len(s.BuildSpots(p)) == 0 {
			pl.Builds[ba.Arg]++
			if ev.Loud() {
				ev.Add(p, "build", "%s has no free land tile for the %s: it goes back to the supply", s.Name(p), BuildingNames[ba.Arg])
			}
			break
		}
		s.Step = Step{Kind: StepBuild, Seat: p, Building: ba.Arg}
	case DoShip:
		if pl.Ship {
			if ev.Loud() {
				ev.Add(p, "ship", "%s already has a ship", s.Name(p))
			}
			break
		}
		pl.Ship = true
		pl.Score += ShipPoints
		if ev.Loud() {
			ev.Add(p, "ship", "%s builds a ship and scores %s", s.Name(p), rules.Count(ShipPoints, "point"))
		}
	case DoBlessing:
		for range BlessingDrawCards {
			if c := s.drawCard(p, ev); c >= 0 {
				pl.Offer = append(pl.Offer, c)
			}
		}
		switch len(pl.Offer) {
		case 0:
		case 1:
			pl.Hand = append(pl.Hand, pl.Offer[0])
			if ev.Loud() {
				ev.Secret(p, "draw", s.Name(p)+" receives a blessing", s.Name(p)+" receives "+CardName(pl.Offer[0]), p)
			}
			pl.Offer = nil
		default:
			if ev.Loud() {
				ev.Secret(p, "draw", s.Name(p)+" draws two blessings to keep one", s.Name(p)+" draws "+CardName(pl.Offer[0])+" and "+CardName(pl.Offer[1])+" to keep one", p)
			}
			s.Step = Step{Kind: StepKeep, Seat: p}
		}
	}
}

// drawCard draws a blessing for p: a Loki card resolves at once and is
// discarded. It returns the card kept, or -1.
func (s *State) drawCard(p int, ev *events) int {
	if rules.Restock(s.RNG, &s.Blessings, &s.BlessDiscard) {
		ev.Add(-1, "shuffle", "The blessings are shuffled again")
	}
	if len(s.Blessings) == 0 {
		ev.Add(p, "draw", "There are no blessings left to draw")
		return -1
	}
	c := s.Blessings[0]
	s.Blessings = s.Blessings[1:]
	if CardKind(c) == CardLoki {
		s.BlessDiscard = append(s.BlessDiscard, c)
		if ev.Loud() {
			ev.Add(p, "loki", "%s draws %s", s.Name(p), CardName(c))
		}
		s.advanceLoki(ev)
		return -1
	}
	return c
}

// drawBlessing draws a blessing into p's hand.
func (s *State) drawBlessing(p int, ev *events) {
	if c := s.drawCard(p, ev); c >= 0 {
		s.Seats[p].Hand = append(s.Seats[p].Hand, c)
		if ev.Loud() {
			ev.Secret(p, "draw", s.Name(p)+" draws a blessing", s.Name(p)+" draws "+CardName(c), p)
		}
	}
}

// drawQuest draws a quest card into p's quests.
func (s *State) drawQuest(p int, ev *events) {
	rules.Restock(s.RNG, &s.QuestDeck, &s.QuestDiscard)
	if len(s.QuestDeck) == 0 {
		ev.Add(p, "quest", "There are no quests left to draw")
		return
	}
	q := s.QuestDeck[0]
	s.QuestDeck = s.QuestDeck[1:]
	s.Seats[p].Quests = append(s.Seats[p].Quests, q)
	if ev.Loud() {
		ev.Secret(p, "quest", s.Name(p)+" draws a quest", s.Name(p)+" draws the quest "+Quests[q].Name, p)
	}
}

// advanceLoki moves Loki one step; on the Ragnarok field the end of the
// game is set off.
func (s *State) advanceLoki(ev *events) {
	if s.Loki < s.Ragnarok {
		s.Loki++
		if ev.Loud() {
			ev.Add(-1, "loki", "Loki advances to %d of %d", s.Loki, s.Ragnarok)
		}
	}
	if s.Loki >= s.Ragnarok && !s.Ending {
		s.Ending = true
		ev.Add(-1, "ragnarok", "Loki reaches Ragnarök: this round is the last, then everyone has a last harvest")
	}
}

// placeTile places the explored land tile, with what it brings: a
// blessing circle's choice, and the Spirit Shaman reached.
func (s *State) placeTile(p, q, rot int, ev *events) {
	t := s.Step.Tile
	s.Cells[q].Tile, s.Cells[q].Rot = t, rot
	if ev.Loud() {
		ev.Add(p, "tile", "%s places the %s at %s", s.Name(p), TileName(t), SquareName(q))
	}
	s.checkShaman(p, ev)
	if Squares[q].Circle {
		ev.Add(p, "circle", "The tile lies on a blessing circle")
		s.Step = Step{Kind: StepSpirit, Seat: p}
		return
	}
	s.continueHarvest(p, ev)
}

// checkShaman gives the Shaman race's points to whoever the roads now
// join to the Spirit Shaman, the placer first: "The first player to
// connect their road to the Spirit Shaman gains 10 points. The second
// player to reach it gets 5 points."
func (s *State) checkShaman(placer int, ev *events) {
	for k := range s.Players {
		p := (placer + k) % s.Players
		if slices.Contains(s.ShamanOrder, p) || !s.Reach(p)[id(centre)] {
			continue
		}
		s.ShamanOrder = append(s.ShamanOrder, p)
		pts := 0
		switch len(s.ShamanOrder) {
		case 1:
			pts = ShamanFirst
		case 2:
			pts = ShamanSecond
		}
		s.Seats[p].Score += pts
		if ev.Loud() {
			ev.Add(p, "shaman", "%s's roads reach the Spirit Shaman: %s", s.Name(p), rules.Count(pts, "point"))
		}
	}
}

// trade takes a Kaupang tile and trades by its option, or takes none.
func (s *State) trade(p int, args []int, ev *events) {
	slot := args[0]
	if slot < 0 {
		if ev.Loud() {
			ev.Add(p, "trade", "%s takes no Kaupang tile", s.Name(p))
		}
		return
	}
	t := s.KaupangRow[slot]
	if o := args[1]; o >= 0 {
		tr := KaupangTiles[t][o]
		pl := &s.Seats[p]
		pl.pay(tr.Give)
		s.gain(p, tr.Get, ev)
		pl.Score += tr.Points
		if ev.Loud() {
			ev.Add(p, "trade", "%s trades %s", s.Name(p), TradeWords(tr))
		}
	} else {
		if ev.Loud() {
			ev.Add(p, "trade", "%s takes a Kaupang tile without trading", s.Name(p))
		}
	}
	s.KaupangSpent = append(s.KaupangSpent, t)
	rules.Restock(s.RNG, &s.KaupangPile, &s.KaupangSpent)
	s.KaupangRow[slot] = -1
	if len(s.KaupangPile) > 0 {
		s.KaupangRow[slot], s.KaupangPile = s.KaupangPile[0], s.KaupangPile[1:]
	}
}

// playFromHand moves blessing c from p's hand to the discards, logged:
// the same on p's turn and in a fight.
func (s *State) playFromHand(p, c int, ev *events) {
	s.Seats[p].Hand = rules.Without(s.Seats[p].Hand, c)
	s.BlessDiscard = append(s.BlessDiscard, c)
	if ev.Loud() {
		ev.Add(p, "card", "%s plays %s", s.Name(p), CardName(c))
	}
}

// playCard plays a blessing on p's own turn.
func (s *State) playCard(p int, args []int, ev *events) {
	pl := &s.Seats[p]
	c := args[0]
	s.playFromHand(p, c, ev)
	switch CardKind(c) {
	case CardFreyr:
		s.gain(p, one(args[1], FreyrGain), ev)
	case CardBragi:
		pl.Score += BragiGain
	case CardHoard:
		s.gain(p, Goods{Treasure: 1}, ev)
	case CardIdun:
		s.gainFigures(p, Worker, 1, ev)
	case CardNjord:
		pl.Raid.Extra += NjordDice
	}
}

func (s *State) applyAct(p int, a rules.Action, ev *events) {
	pl := &s.Seats[p]
	switch a.Kind {
	case KindWork:
		q, k := a.Args[0], a.Args[1]
		pl.Home[k]--
		s.Cells[q].Figures = append(s.Cells[q].Figures, Figure{Owner: p, Kind: k})
		if ev.Loud() {
			ev.Add(p, "work", "%s puts %s on the %s at %s", s.Name(p), rules.A(FigureNames[k]), BuildingNames[s.Cells[q].Building], SquareName(q))
		}
	case KindVisit:
		q := a.Args[0]
		pl.JarlAt, s.Cells[q].Jarl = q, p
		if ev.Loud() {
			ev.Add(p, "visit", "%s sends the Jarl to %s", s.Name(p), SquareName(q))
		}
	case KindAction:
		s.placeOnBar(p, a.Args, ev)
	case KindAttack:
		s.startFight(p, a.Args[0], a.Args[1], a.Args[2], ev)
	case KindCard:
		s.playCard(p, a.Args, ev)
	case KindEnd:
		s.endTurn(p, ev)
	}
}

// placeOnBar places figures on an action bar and pays its cost.
func (s *State) placeOnBar(p int, args []int, ev *events) {
	pl := &s.Seats[p]
	a := args[0]
	ba := Actions[a]
	pc := Placement{Action: a, Workers: ba.Workers, Vikings: ba.Vikings, Jarl: ba.Jarl}
	if ba.JarlOrViking {
		pc.Jarl = args[1] == 1
		if !pc.Jarl {
			pc.Vikings = 1
		}
	}
	if ba.Do == DoRaid {
		pc.Vikings = args[1]
	}
	pl.pay(ba.Cost)
	pl.Home[Worker] -= pc.Workers
	pl.Home[Viking] -= pc.Vikings
	if pc.Jarl {
		pl.JarlAt = JarlBar
	}
	switch ba.Bar {
	case BarBuild:
		pl.Built = true
	case BarBlessing:
		// "The player must also, immediately, sacrifice a worker."
		pl.Blessed = true
		pl.Supply[Worker] += pc.Workers
		pc.Workers = 0
	}
	if ba.Do == DoBuilding {
		pl.Builds[ba.Arg]--
	}
	pl.Placed = append(pl.Placed, pc)
	if ev.Loud() {
		what := ""
		if cost := GoodsWords(ba.Cost); cost != "" {
			what = ", paying " + cost
		}
		ev.Add(p, "place", "%s places on %s%s", s.Name(p), ba.Name, what)
	}
}

// endTurn passes the turn on; after the round's last player Loki grows
// restless and moves on, and once Ragnarök is reached the last harvests
// follow.
func (s *State) endTurn(p int, ev *events) {
	if ev.Loud() {
		ev.Add(p, "end", "%s ends the turn", s.Name(p))
	}
	next := (p + 1) % s.Players
	if next == s.Start {
		s.Round++
		if ev.Loud() {
			ev.Add(-1, "round", "Round %d is over: Loki grows restless", s.Round)
		}
		s.advanceLoki(ev)
		if s.Ending {
			s.Final = true
			ev.Add(-1, "final", "Everyone has a last harvest")
		}
	}
	s.startTurn(next, ev)
}

// finish scores the end of the game and names the winner. The last
// harvest's action may have met a quest: it is revealed and scored first,
// as after every action ("score points immediately").
func (s *State) finish(ev *events) {
	s.checkQuests(ev)
	scores := make([]int, s.Players)
	for p := range s.Seats {
		pl := &s.Seats[p]
		tiles := s.built(p, -1)
		houses := 0
		for _, h := range pl.Houses {
			if h {
				houses++
			}
		}
		res := 0
		for k := range Resources {
			res += pl.Goods[k]
		}
		end := EndPerTile*tiles + EndPerHouse*houses + EndPerTreasure*pl.Goods[Treasure] + EndPerResource*res
		pl.Score += end
		scores[p] = pl.Score
		if ev.Loud() {
			ev.Add(p, "score", "%s scores %s at the end (%s, %s, %d treasure, %s): %s in all", s.Name(p), rules.Count(end, "point"),
				rules.Count(tiles, "tile"), rules.Count(houses, "house"), pl.Goods[Treasure], rules.Count(res, "resource"), rules.Count(pl.Score, "point"))
		}
	}
	best := slices.Max(scores)
	res := &rules.Result{Scores: scores}
	for p, sc := range scores {
		if sc == best {
			res.Winners = append(res.Winners, rules.Seat(p))
		}
	}
	order := make([]rules.Seat, s.Players)
	for i := range order {
		order[i] = rules.Seat(i)
	}
	slices.SortStableFunc(order, func(a, b rules.Seat) int { return scores[b] - scores[a] })
	res.Ranking = order
	s.Outcome = res
	s.Step = Step{Kind: StepOver, Seat: -1}
	names := make([]string, len(res.Winners))
	for i, w := range res.Winners {
		names[i] = s.Name(int(w))
	}
	verb := " rules"
	if len(res.Winners) > 1 {
		verb = " share the rule of"
	}
	res.Reason = fmt.Sprintf("Loki has reached Ragnarök: %s%s the new lands with %s", rules.And(names), verb, rules.Count(best, "point"))
	if ev.Loud() {
		ev.Add(-1, "over", "%s", res.Reason)
	}
}

// checkQuests reveals and scores every quest its holder has completed.
func (s *State) checkQuests(ev *events) {
	s.Checked = true
	for p := range s.Seats {
		pl := &s.Seats[p]
		var table tableMemo // completing a quest moves no road or building
		for i := 0; i < len(pl.Quests); {
			q := pl.Quests[i]
			if !s.meets(p, Quests[q], &table) {
				i++
				continue
			}
			pl.Quests = slices.Delete(pl.Quests, i, i+1)
			pl.Done = append(pl.Done, q)
			pl.Score += Quests[q].Points
			if ev.Loud() {
				ev.Add(p, "quest", "%s completes the quest %s: %s", s.Name(p), Quests[q].Name, rules.Count(Quests[q].Points, "point"))
			}
		}
	}
}

// tableMemo is what quests ask of one player's table, worked out when
// first asked for: the roads it reaches, and its buildings by kind.
type tableMemo struct {
	reach   reachMemo
	built   [NumBuilds]int
	counted bool
}

// builtOf is p's building tiles of kind k on the map (built).
func (m *tableMemo) builtOf(s *State, p, k int) int {
	if !m.counted {
		for i := range s.Cells {
			if c := &s.Cells[i]; c.Owner == p && c.Building >= 0 {
				m.built[c.Building]++
			}
		}
		m.counted = true
	}
	if k < 0 {
		n := 0
		for _, b := range m.built {
			n += b
		}
		return n
	}
	return m.built[k]
}

// meets says whether p has what quest q asks for, with what the quests
// ask of p's table worked out once (table) when several are checked.
func (s *State) meets(p int, q Quest, table *tableMemo) bool {
	pl := &s.Seats[p]
	switch q.Cond {
	case QHave:
		return pl.Goods[q.Arg] >= q.N
	case QEvery:
		for k := range Resources {
			if pl.Goods[k] < q.N {
				return false
			}
		}
		return true
	case QBuilt:
		return table.builtOf(s, p, q.Arg) >= q.N
	case QKinds:
		return table.builtOf(s, p, Woodcutter) > 0 && table.builtOf(s, p, IronMine) > 0 && table.builtOf(s, p, Quarry) > 0
	case QHouse:
		return pl.Houses[q.Arg]
	case QShip:
		return pl.Ship
	case QWorkers:
		return Workers-pl.Supply[Worker] >= q.N
	case QVikings:
		return Vikings-pl.Supply[Viking] >= q.N
	case QKaupangs:
		r := table.reach.of(s, p)
		n := 0
		for i, sq := range Squares {
			if sq.Kind == Kaupang && r[i] {
				n++
			}
		}
		return n >= q.N
	case QShaman:
		return table.reach.of(s, p)[id(centre)]
	case QAttacks:
		return pl.Attacks >= q.N
	case QRaidRow:
		return pl.BestRow >= q.N
	case QBlessings:
		return len(pl.Hand) >= q.N
	}
	return false
}

// built counts p's building tiles of kind k on the map (-1: any kind).
func (s *State) built(p, k int) int {
	n := 0
	for i := range s.Cells {
		if c := &s.Cells[i]; c.Owner == p && c.Building >= 0 && (k < 0 || c.Building == k) {
			n++
		}
	}
	return n
}

// one is n of good g.
func one(g, n int) Goods {
	var out Goods
	out[g] = n
	return out
}
