package northerners

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Legal implements rules.State. A quiet state (Hush) lists the same
// actions in the same order, without labels.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	var reach reachMemo
	return s.listLegal(seat, &reach)
}

// listLegal is Legal, with the seat's reach kept in reach for the caller when
// the rules asked for it (the bot values the actions with it).
func (s *State) listLegal(seat rules.Seat, reach *reachMemo) []rules.Action {
	p := int(seat)
	if s.Outcome != nil || !s.SeatOK(p) || p != s.Step.Seat {
		return nil
	}
	l := lister{loud: s.Loud()}
	n := listCap(s.Step.Kind)
	l.out, l.args = make([]rules.Action, 0, n), make([]int, 0, 2*n)
	s.list(p, &l)
	*reach = l.reach
	if len(l.out) == 0 {
		return nil
	}
	return l.out
}

// listCap is room for the actions a decision mostly offers: a few (about
// 5 to place figures, 3 in the harvest, in bot games), but a land tile or
// a building may go to a few dozen places. The lists grow when they must.
func listCap(step string) int {
	if step == StepExplore || step == StepBuild {
		return 32
	}
	return 8
}

// allowed checks seat's action a against the rules of the decision the
// game waits for, as Legal would list them, without building the list:
// the quiet Apply's check. The error wraps the rules' sentinel.
func (s *State) allowed(seat rules.Seat, a rules.Action) error {
	p := int(seat)
	switch {
	case s.Outcome != nil:
		return rules.Errorf(ID, rules.ErrGameOver, "the game is over")
	case !s.SeatOK(p) || p != s.Step.Seat:
		return rules.Errorf(ID, rules.ErrNotPending, "it is not your turn")
	}
	l := lister{check: true, match: a}
	s.list(p, &l)
	if !l.found {
		return rules.Errorf(ID, rules.ErrIllegal, "%s is not allowed now", a.String())
	}
	return nil
}

// lister walks the legal actions of a decision: Legal collects them, with
// one backing array for all their Args and labels only when loud; the
// quiet Apply's check only looks for one of them (match), so that both
// run the same rules. Code that lists actions of a kind asks wants first,
// so that a check skips every other kind, and words a label only when
// loud. (Its fields are values, not pointers: a lister stays on the
// stack.)
type lister struct {
	out   []rules.Action
	args  []int
	loud  bool // label the actions
	check bool // only say whether match is listed
	match rules.Action
	// anyArgs: when checking, any action of match's kind will do.
	anyArgs bool
	found   bool
	reach   reachMemo // the seat's reach, once asked for
}

// wants says whether actions of kind are wanted: all when listing, only
// the kind looked for when checking.
func (l *lister) wants(kind string) bool { return !l.check || l.match.Kind == kind }

// span is the range of first arguments (squares, placements) to look at
// among 0 to n-1: all of them when listing, only the one looked for when
// checking.
func (l *lister) span(n int) (lo, hi int) {
	if !l.check {
		return 0, n
	}
	if len(l.match.Args) == 0 || l.match.Args[0] < 0 || l.match.Args[0] >= n {
		return 0, 0
	}
	return l.match.Args[0], l.match.Args[0] + 1
}

// wantsAt says whether actions of kind whose first argument is first are
// wanted: a check looks at one square, one bar action, only.
func (l *lister) wantsAt(kind string, first int) bool {
	return !l.check || l.match.Kind == kind && len(l.match.Args) > 0 && l.match.Args[0] == first
}

// add lists an action (unlabelled: label follows when loud).
func (l *lister) add(kind string, args ...int) {
	if l.check {
		if kind == l.match.Kind && (l.anyArgs || slices.Equal(args, l.match.Args)) {
			l.found = true
		}
		return
	}
	a := rules.Action{Kind: kind}
	if len(args) > 0 {
		n := len(l.args)
		l.args = append(l.args, args...)
		a.Args = l.args[n:len(l.args):len(l.args)]
	}
	l.out = append(l.out, a)
}

// label labels the action listed last.
func (l *lister) label(text string) { l.out[len(l.out)-1].Label = text }

// reachOf is p's reach (Reach), worked out once per walk.
func (l *lister) reachOf(s *State, p int) *[Size * Size]bool { return l.reach.of(s, p) }

// list walks p's legal actions at the decision the game waits for.
func (s *State) list(p int, l *lister) {
	pl := &s.Seats[p]
	switch s.Step.Kind {
	case StepHarvest:
		s.harvestItems(p, l)
		s.turnCards(p, l)
	case StepAct:
		s.placements(p, l)
		s.turnCards(p, l)
		if l.wants(KindEnd) {
			l.add(KindEnd)
			if l.loud {
				l.label("End your turn")
			}
		}
	case StepExplore:
		if !l.wants(KindTile) {
			return
		}
		t := s.Step.Tile
		reach := l.reachOf(s, p)
		lo, hi := l.span(len(Squares))
		for q := lo; q < hi; q++ {
			sides := s.tileSides(reach, q)
			for rot := range 4 {
				if turnFits(t, rot, sides) {
					l.add(KindTile, q, rot)
					if l.loud {
						l.label(fmt.Sprintf("Place the %s at %s with roads %s", TileName(t), SquareName(q), RoadWords(Turned(TileRoads(t), rot))))
					}
				}
			}
		}
	case StepBuild:
		if !l.wants(KindBuild) {
			return
		}
		reach := l.reachOf(s, p)
		lo, hi := l.span(len(Squares))
		for q := lo; q < hi; q++ {
			if s.buildable(reach, q) {
				l.add(KindBuild, q)
				if l.loud {
					l.label(fmt.Sprintf("Build the %s at %s", BuildingNames[s.Step.Building], SquareName(q)))
				}
			}
		}
	case StepKaupang:
		if !l.wants(KindTrade) {
			return
		}
		l.add(KindTrade, -1)
		if l.loud {
			l.label("Take no Kaupang tile")
		}
		for slot, t := range s.KaupangRow {
			if t < 0 {
				continue
			}
			l.add(KindTrade, slot, -1)
			if l.loud {
				l.label(fmt.Sprintf("Take Kaupang tile %d without trading", slot+1))
			}
			for o, tr := range KaupangTiles[t] {
				if pl.has(tr.Give) {
					l.add(KindTrade, slot, o)
					if l.loud {
						l.label("Trade " + TradeWords(tr) + s.sameTradeElsewhere(slot, tr))
					}
				}
			}
		}
	case StepSpirit:
		if !l.wants(KindSpirit) {
			return
		}
		l.add(KindSpirit, 0)
		if l.loud {
			l.label("Draw a blessing")
		}
		l.add(KindSpirit, 1)
		if l.loud {
			l.label("Draw a quest")
		}
		for _, q := range pl.Quests {
			l.add(KindSpirit, 2, q)
			if l.loud {
				l.label("Discard the quest " + Quests[q].Name)
			}
		}
	case StepKeep:
		if !l.wants(KindKeep) {
			return
		}
		for _, c := range pl.Offer {
			l.add(KindKeep, c)
			if l.loud {
				l.label("Keep " + CardName(c))
			}
		}
	case StepCombat:
		s.combatChoices(p, l)
	case StepLose:
		if !l.wants(KindLose) {
			return
		}
		for _, k := range [...]int{Worker, Viking} {
			if s.figuresOn(s.Fight.Square, p, k) > 0 {
				l.add(KindLose, k)
				if l.loud {
					l.label("Lose a " + FigureNames[k])
				}
			}
		}
	}
}

// DirNames name the directions.
var DirNames = [4]string{"north", "east", "south", "west"}

// RoadWords says which sides a road mask has roads on: "north, east and
// south".
func RoadWords(roads int) string {
	var dirs []string
	for d := range 4 {
		if roads&(1<<d) != 0 {
			dirs = append(dirs, DirNames[d])
		}
	}
	if len(dirs) == 0 {
		return "nowhere"
	}
	return rules.And(dirs)
}

// FigureNames name the figure kinds.
var FigureNames = [2]string{"worker", "viking"}

// SquareName names a square for the log: its row and column.
func SquareName(i int) string {
	if i < 0 || i >= Size*Size {
		return "nowhere"
	}
	switch Squares[i].Kind {
	case Village:
		return "the " + ColourNames[Squares[i].Colour] + " village"
	case Kaupang:
		return fmt.Sprintf("the Kaupang square %c%d", 'A'+i%Size, i/Size+1)
	case Shaman:
		return "the Spirit Shaman"
	}
	return fmt.Sprintf("%c%d", 'A'+i%Size, i/Size+1)
}

// TradeWords says a trade in words: "2 fish for 1 treasure".
func TradeWords(t Trade) string {
	get := GoodsWords(t.Get)
	if t.Points > 0 {
		if get != "" {
			get += " and "
		}
		get += rules.Count(t.Points, "point")
	}
	return GoodsWords(t.Give) + " for " + get
}

// GoodsWords says an amount of goods in words.
func GoodsWords(g Goods) string {
	out := ""
	for k, n := range g {
		if n == 0 {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += fmt.Sprintf("%d %s", n, GoodNames[k])
	}
	return out
}

// pay takes goods from the warehouse (has said there are enough).
func (pl *Player) pay(g Goods) {
	for k, n := range g {
		pl.Goods[k] -= n
	}
}

// has says whether the warehouse holds g.
func (pl *Player) has(g Goods) bool {
	for k, n := range g {
		if pl.Goods[k] < n {
			return false
		}
	}
	return true
}

// figuresOn counts p's figures of kind k on square i.
func (s *State) figuresOn(i, p, k int) int {
	n := 0
	for _, f := range s.Cells[i].Figures {
		if f.Owner == p && f.Kind == k {
			n++
		}
	}
	return n
}

// hasFigures says whether p has a figure on square i.
func (s *State) hasFigures(i, p int) bool {
	for _, f := range s.Cells[i].Figures {
		if f.Owner == p {
			return true
		}
	}
	return false
}

// raidRolls says whether p's raid may roll its next row in this harvest
// (one row a turn).
func (pl *Player) raidRolls() bool { return pl.Raid != nil && pl.Raid.Turn != pl.Turns }

// harvestLeft says whether p has anything left to resolve in the harvest
// (the actions harvestItems lists).
func (s *State) harvestLeft(p int) bool {
	pl := &s.Seats[p]
	if len(pl.Placed) > 0 || pl.JarlAt >= 0 || pl.raidRolls() {
		return true
	}
	for i := range s.Cells {
		if s.hasFigures(i, p) {
			return true
		}
	}
	return false
}

// harvestItems lists what p may resolve next in the harvest.
func (s *State) harvestItems(p int, l *lister) {
	pl := &s.Seats[p]
	if l.wants(KindCollect) {
		lo, hi := l.span(len(s.Cells))
		for i := lo; i < hi; i++ {
			if s.hasFigures(i, p) {
				l.add(KindCollect, i)
				if l.loud {
					l.label(fmt.Sprintf("Collect from your figures on the %s at %s", BuildingNames[s.Cells[i].Building], SquareName(i)))
				}
			}
		}
	}
	if l.wants(KindResolve) {
		for i, pc := range pl.Placed {
			l.add(KindResolve, i)
			if l.loud {
				l.label("Resolve " + Actions[pc.Action].Name + placementWords(pc))
			}
		}
	}
	if pl.JarlAt >= 0 && l.wants(KindJarl) {
		l.add(KindJarl)
		if l.loud {
			l.label("Return your Jarl from " + SquareName(pl.JarlAt))
		}
	}
	if pl.raidRolls() {
		if l.wants(KindRaid) {
			l.add(KindRaid)
			if l.loud {
				l.label(fmt.Sprintf("Raid on: roll row %d with %s", pl.Raid.Row+1, rules.Count(s.raidDice(pl.Raid), "die")))
			}
		}
		if l.wants(KindReturn) {
			l.add(KindReturn)
			if l.loud {
				l.label("Return from the raid")
			}
		}
	}
}

// sameTradeElsewhere names Kaupang tile slot when another tile of the row
// offers trade tr too: the tile taken is not the same, nor the trade it
// leaves the others.
func (s *State) sameTradeElsewhere(slot int, tr Trade) string {
	for other, t := range s.KaupangRow {
		if other != slot && t >= 0 && slices.Contains(KaupangTiles[t][:], tr) {
			return fmt.Sprintf(" (Kaupang tile %d)", slot+1)
		}
	}
	return ""
}

func placementWords(pc Placement) string {
	switch {
	case pc.Resting:
		return " (" + rules.Count(pc.Vikings, "viking") + " resting)"
	case Actions[pc.Action].JarlOrViking && pc.Jarl:
		return " (your Jarl)" // two Recruits, one by the Jarl: which is which
	case Actions[pc.Action].JarlOrViking:
		return " (" + rules.Count(pc.Vikings, "viking") + ")"
	}
	return ""
}

// firstOfKind reports whether card c is the first card of its kind in
// hand: one of each kind is choice enough, so only that one is offered.
func firstOfKind(hand []int, c int) bool {
	k := CardKind(c)
	for _, d := range hand {
		if CardKind(d) == k {
			return d == c
		}
	}
	return false
}

// turnCards lists the blessings p may play on their own turn.
func (s *State) turnCards(p int, l *lister) {
	if !l.wants(KindCard) {
		return
	}
	pl := &s.Seats[p]
	for _, c := range pl.Hand {
		if !firstOfKind(pl.Hand, c) {
			continue
		}
		switch CardKind(c) {
		case CardFreyr:
			for r := range Resources {
				l.add(KindCard, c, r)
				if l.loud {
					l.label(fmt.Sprintf("Play %s for 2 %s", CardName(c), GoodNames[r]))
				}
			}
		case CardBragi, CardHoard:
			l.add(KindCard, c)
			if l.loud {
				l.label("Play " + CardName(c))
			}
		case CardIdun:
			if pl.Supply[Worker] > 0 && pl.Home[Worker] < s.room(p, Worker) {
				l.add(KindCard, c)
				if l.loud {
					l.label("Play " + CardName(c))
				}
			}
		case CardNjord:
			if r := pl.Raid; s.Step.Kind == StepHarvest && pl.raidRolls() && r.Row > 0 {
				l.add(KindCard, c)
				if l.loud {
					l.label(fmt.Sprintf("Play %s: 2 more dice on row %d", CardName(c), r.Row+1))
				}
			}
		}
	}
}

// room is how many figures of kind k p's village holds.
func (s *State) room(p, k int) int {
	pl := &s.Seats[p]
	if k == Worker {
		if pl.Houses[WorkersHouse] {
			return Workers
		}
		return VillageWorkers
	}
	if pl.Houses[WeaponHouse] {
		return Vikings
	}
	return VillageVikings
}

// placements lists where p may place figures now.
func (s *State) placements(p int, l *lister) {
	pl := &s.Seats[p]
	if s.Final {
		return
	}
	work, visit := l.wants(KindWork), l.wants(KindVisit) && pl.JarlAt == JarlHome
	lo, hi := l.span(len(s.Cells))
	if !work && !visit {
		hi = lo
	}
	for i := lo; i < hi; i++ {
		c := &s.Cells[i]
		switch {
		case c.Building >= 0 && c.Owner == p && c.Building != Watchtower:
			if !work || len(c.Figures) >= 2 || slices.ContainsFunc(c.Figures, func(f Figure) bool { return f.Owner != p }) {
				continue
			}
			if pl.Home[Worker] > 0 {
				l.add(KindWork, i, Worker)
				if l.loud {
					l.label(fmt.Sprintf("Put a worker on your %s at %s", BuildingNames[c.Building], SquareName(i)))
				}
			}
			if pl.Home[Viking] > 0 && s.figuresOn(i, p, Viking) == 0 {
				l.add(KindWork, i, Viking)
				if l.loud {
					l.label(fmt.Sprintf("Put a viking on your %s at %s", BuildingNames[c.Building], SquareName(i)))
				}
			}
		case visit && (Squares[i].Kind == Kaupang || Squares[i].Kind == Shaman) && c.Jarl < 0 && l.reachOf(s, p)[i]:
			l.add(KindVisit, i)
			if l.loud {
				l.label("Send your Jarl to " + SquareName(i))
			}
		}
	}
	if !l.wants(KindAction) && !l.wants(KindAttack) {
		return
	}
	spots := -1 // worked out when a building action asks
	for a := range Actions {
		if l.wantsAt(KindAction, a) || Actions[a].Do == DoAttack {
			s.barChoices(p, a, &Actions[a], l, &spots)
		}
	}
}

// barOpen says whether p may take bar action ba now, whatever figures it
// is taken with; spots is how many free land tiles p's roads reach, or
// -1 until a building action works it out.
func (s *State) barOpen(p int, ba *BarAction, l *lister, spots *int) bool {
	pl := &s.Seats[p]
	if !pl.has(ba.Cost) || pl.Home[Worker] < ba.Workers || pl.Home[Viking] < ba.Vikings || ba.Jarl && pl.JarlAt != JarlHome {
		return false
	}
	if ba.Bar == BarBuild && pl.Built || ba.Bar == BarBlessing && pl.Blessed {
		return false
	}
	switch ba.Needs {
	case NeedShipBuilder:
		if !pl.Houses[ShipBuilder] {
			return false
		}
	case NeedShip:
		if !pl.Ship || pl.Raid != nil {
			return false
		}
	}
	switch ba.Do {
	case DoHouse:
		return !pl.Houses[ba.Arg]
	case DoBuilding:
		if pl.Builds[ba.Arg] == 0 {
			return false
		}
		if *spots < 0 {
			*spots = s.buildSpots(l.reachOf(s, p))
		}
		return *spots > 0
	}
	return true
}

// barChoices lists the ways p may take action a now.
func (s *State) barChoices(p, a int, ba *BarAction, l *lister, spots *int) {
	kind := KindAction
	if ba.Do == DoAttack {
		kind = KindAttack
	}
	if !l.wants(kind) || !s.barOpen(p, ba, l, spots) {
		return
	}
	pl := &s.Seats[p]
	var label string
	if l.loud {
		label = ba.Name
		if cost := GoodsWords(ba.Cost); cost != "" {
			label += " (" + cost + ")"
		}
	}
	switch {
	case ba.Do == DoAttack:
		s.attackChoices(p, l)
	case ba.Do == DoRaid:
		for n := 1; n <= pl.Home[Viking]; n++ {
			l.add(KindAction, a, n)
			if l.loud {
				l.label(fmt.Sprintf("%s with your Jarl and %s", label, rules.Count(n, "viking")))
			}
		}
	case ba.JarlOrViking:
		if pl.Home[Viking] > 0 {
			l.add(KindAction, a, 0)
			if l.loud {
				l.label(label + " with a viking")
			}
		}
		if pl.JarlAt == JarlHome {
			l.add(KindAction, a, 1)
			if l.loud {
				l.label(label + " with your Jarl")
			}
		}
	default:
		l.add(KindAction, a)
		if l.loud {
			l.label(label)
		}
	}
}

// attackChoices lists p's attacks: on each tile holding another player's
// figures that p's roads reach, with 1 to 3 vikings.
func (s *State) attackChoices(p int, l *lister) {
	pl := &s.Seats[p]
	reach := l.reachOf(s, p)
	lo, hi := l.span(len(s.Cells))
	for i := lo; i < hi; i++ {
		if !reach[i] || len(s.Cells[i].Figures) == 0 {
			continue
		}
		for o := range s.Players {
			if o == p || !s.hasFigures(i, o) {
				continue
			}
			for n := 1; n <= min(MaxAttackVikings, pl.Home[Viking]); n++ {
				l.add(KindAttack, i, o, n)
				if l.loud {
					l.label(fmt.Sprintf("Attack %s's figures at %s with %s", s.Name(o), SquareName(i), rules.Count(n, "viking")))
				}
			}
		}
	}
}

// Refused explains, while the seat places figures, each action space of
// the bars it cannot take now (rules.Explainer). The reasons name only the
// seat's own goods, figures, buildings and ship, and the map everyone sees.
func (s *State) Refused(seat rules.Seat) []rules.Refusal {
	p := int(seat)
	if s.Outcome != nil || !s.SeatOK(p) || p != s.Step.Seat || s.Step.Kind != StepAct || s.Final {
		return nil
	}
	var reach reachMemo
	spots := s.buildSpots(reach.of(s, p))
	var out []rules.Refusal
	for a := range Actions {
		ba := &Actions[a]
		kind := KindAction
		if ba.Do == DoAttack {
			kind = KindAttack
		}
		// Is any way of taking it listed?
		l := lister{check: true, match: rules.Action{Kind: kind}, anyArgs: true, reach: reach}
		s.barChoices(p, a, ba, &l, &spots)
		if l.found {
			continue
		}
		if why := s.barRefusal(p, ba, spots); why != "" {
			out = append(out, rules.Refusal{Action: act(KindAction, ba.Name, a), Why: why})
		}
	}
	return out
}

// barRefusal says why p cannot take ba now, in the order barChoices
// checks; "" for a house already built, which nobody expects to build.
func (s *State) barRefusal(p int, ba *BarAction, spots int) string {
	pl := &s.Seats[p]
	figures := func(n int, what string) string {
		if n == 1 {
			return "needs a " + what + " at home"
		}
		return "needs " + rules.Count(n, what) + " at home"
	}
	switch {
	case !pl.has(ba.Cost):
		return "needs " + GoodsWords(ba.Cost)
	case pl.Home[Worker] < ba.Workers:
		return figures(ba.Workers, "worker")
	case pl.Home[Viking] < ba.Vikings:
		return figures(ba.Vikings, "viking")
	case ba.Jarl && pl.JarlAt != JarlHome:
		return "your Jarl is away"
	case ba.Bar == BarBuild && pl.Built:
		return "you have built this round"
	case ba.Bar == BarBlessing && pl.Blessed:
		return "you have had a blessing this round"
	case ba.Needs == NeedShipBuilder && !pl.Houses[ShipBuilder]:
		return "needs your ships builder"
	case ba.Needs == NeedShip && !pl.Ship:
		return "needs a ship"
	case ba.Needs == NeedShip && pl.Raid != nil:
		return "your ship is away raiding"
	case ba.Do == DoHouse:
		return ""
	case ba.Do == DoBuilding && pl.Builds[ba.Arg] == 0:
		return "no " + BuildingNames[ba.Arg] + " tiles left"
	case ba.Do == DoBuilding && spots == 0:
		return "no free land tile your roads reach: explore first"
	case ba.Do == DoAttack:
		return "no other player's figures on a tile your roads reach"
	case ba.Do == DoRaid:
		return "needs a viking at home"
	case ba.JarlOrViking:
		return "needs a viking at home or your Jarl"
	}
	return ""
}
