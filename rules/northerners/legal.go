package northerners

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Legal implements rules.State.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	p := int(seat)
	if s.Outcome != nil || !s.seatOK(p) || p != s.Step.Seat {
		return nil
	}
	pl := &s.Seats[p]
	switch s.Step.Kind {
	case StepHarvest:
		return append(s.harvestItems(p), s.turnCards(p)...)
	case StepAct:
		out := s.placements(p)
		out = append(out, s.turnCards(p)...)
		return append(out, act(KindEnd, "End your turn"))
	case StepExplore:
		var out []rules.Action
		for _, sp := range s.TileSpots(p, s.Step.Tile) {
			out = append(out, act(KindTile, fmt.Sprintf("Place the %s at %s with roads %s", TileName(s.Step.Tile), SquareName(sp.Square), RoadWords(Turned(TileRoads(s.Step.Tile), sp.Rot))), sp.Square, sp.Rot))
		}
		return out
	case StepBuild:
		var out []rules.Action
		for _, q := range s.BuildSpots(p) {
			out = append(out, act(KindBuild, fmt.Sprintf("Build the %s at %s", BuildingNames[s.Step.Building], SquareName(q)), q))
		}
		return out
	case StepKaupang:
		out := []rules.Action{act(KindTrade, "Take no Kaupang tile", -1)}
		for slot, t := range s.KaupangRow {
			if t < 0 {
				continue
			}
			out = append(out, act(KindTrade, fmt.Sprintf("Take Kaupang tile %d without trading", slot+1), slot, -1))
			for o, tr := range KaupangTiles[t] {
				if pl.has(tr.Give) {
					out = append(out, act(KindTrade, "Trade "+TradeWords(tr), slot, o))
				}
			}
		}
		return out
	case StepSpirit:
		out := []rules.Action{act(KindSpirit, "Draw a blessing", 0), act(KindSpirit, "Draw a quest", 1)}
		for _, q := range pl.Quests {
			out = append(out, act(KindSpirit, "Discard the quest "+Quests[q].Name, 2, q))
		}
		return out
	case StepKeep:
		var out []rules.Action
		for _, c := range pl.Offer {
			out = append(out, act(KindKeep, "Keep "+CardName(c), c))
		}
		return out
	case StepCombat:
		return s.combatChoices(p)
	case StepLose:
		var out []rules.Action
		for _, k := range []int{Worker, Viking} {
			if s.figuresOn(s.Fight.Square, p, k) > 0 {
				out = append(out, act(KindLose, "Lose a "+FigureNames[k], k))
			}
		}
		return out
	}
	return nil
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
	return rules.CountBy(s.Cells[i].Figures, func(f Figure) bool { return f.Owner == p && f.Kind == k })
}

// harvestItems lists what p may resolve next in the harvest.
func (s *State) harvestItems(p int) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	for i := range s.Cells {
		if slices.ContainsFunc(s.Cells[i].Figures, func(f Figure) bool { return f.Owner == p }) {
			out = append(out, act(KindCollect, fmt.Sprintf("Collect from your figures on the %s at %s", BuildingNames[s.Cells[i].Building], SquareName(i)), i))
		}
	}
	for i, pc := range pl.Placed {
		out = append(out, act(KindResolve, "Resolve "+Actions[pc.Action].Name+placementWords(pc), i))
	}
	if pl.JarlAt >= 0 {
		out = append(out, act(KindJarl, "Return your Jarl from "+SquareName(pl.JarlAt)))
	}
	if r := pl.Raid; r != nil && r.Turn != pl.Turns {
		out = append(out, act(KindRaid, fmt.Sprintf("Raid on: roll row %d with %s", r.Row+1, rules.Count(s.raidDice(r), "die"))))
		out = append(out, act(KindReturn, "Return from the raid"))
	}
	return out
}

func placementWords(pc Placement) string {
	if pc.Resting {
		return " (" + rules.Count(pc.Vikings, "viking") + " resting)"
	}
	return ""
}

// turnCards lists the blessings p may play on their own turn.
func (s *State) turnCards(p int) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	seen := map[int]bool{}
	for _, c := range pl.Hand {
		k := CardKind(c)
		if seen[k] {
			continue // one of each kind is choice enough
		}
		seen[k] = true
		switch k {
		case CardFreyr:
			for r := range Resources {
				out = append(out, act(KindCard, fmt.Sprintf("Play %s for 2 %s", CardName(c), GoodNames[r]), c, r))
			}
		case CardBragi, CardHoard:
			out = append(out, act(KindCard, "Play "+CardName(c), c))
		case CardIdun:
			if pl.Supply[Worker] > 0 && pl.Home[Worker] < s.room(p, Worker) {
				out = append(out, act(KindCard, "Play "+CardName(c), c))
			}
		case CardNjord:
			if r := pl.Raid; s.Step.Kind == StepHarvest && r != nil && r.Turn != pl.Turns && r.Row > 0 {
				out = append(out, act(KindCard, fmt.Sprintf("Play %s: 2 more dice on row %d", CardName(c), r.Row+1), c))
			}
		}
	}
	return out
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
func (s *State) placements(p int) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	if s.Final {
		return nil
	}
	reach := s.Reach(p)
	spots := len(s.BuildSpots(p))
	for i := range s.Cells {
		c := &s.Cells[i]
		switch {
		case c.Building >= 0 && c.Owner == p && c.Building != Watchtower:
			if len(c.Figures) >= 2 || slices.ContainsFunc(c.Figures, func(f Figure) bool { return f.Owner != p }) {
				continue
			}
			if pl.Home[Worker] > 0 {
				out = append(out, act(KindWork, fmt.Sprintf("Put a worker on your %s at %s", BuildingNames[c.Building], SquareName(i)), i, Worker))
			}
			if pl.Home[Viking] > 0 && s.figuresOn(i, p, Viking) == 0 {
				out = append(out, act(KindWork, fmt.Sprintf("Put a viking on your %s at %s", BuildingNames[c.Building], SquareName(i)), i, Viking))
			}
		case (Squares[i].Kind == Kaupang || Squares[i].Kind == Shaman) && reach[i] && c.Jarl < 0 && pl.JarlAt == JarlHome:
			out = append(out, act(KindVisit, "Send your Jarl to "+SquareName(i), i))
		}
	}
	for a, ba := range Actions {
		out = append(out, s.barChoices(p, a, ba, reach, spots)...)
	}
	return out
}

// barChoices lists the ways p may take action a now; spots is how many
// free land tiles p's roads reach.
func (s *State) barChoices(p, a int, ba BarAction, reach [Size * Size]bool, spots int) []rules.Action {
	pl := &s.Seats[p]
	if !pl.has(ba.Cost) || pl.Home[Worker] < ba.Workers || pl.Home[Viking] < ba.Vikings || ba.Jarl && pl.JarlAt != JarlHome {
		return nil
	}
	if ba.Bar == BarBuild && pl.Built || ba.Bar == BarBlessing && pl.Blessed {
		return nil
	}
	switch ba.Needs {
	case NeedShipBuilder:
		if !pl.Houses[ShipBuilder] {
			return nil
		}
	case NeedShip:
		if !pl.Ship || pl.Raid != nil {
			return nil
		}
	}
	label := ba.Name
	if cost := GoodsWords(ba.Cost); cost != "" {
		label += " (" + cost + ")"
	}
	switch ba.Do {
	case DoHouse:
		if pl.Houses[ba.Arg] {
			return nil
		}
	case DoBuilding:
		if pl.Builds[ba.Arg] == 0 || spots == 0 {
			return nil
		}
	case DoAttack:
		return s.attackChoices(p, reach)
	case DoRaid:
		var out []rules.Action
		for n := 1; n <= pl.Home[Viking]; n++ {
			out = append(out, act(KindAction, fmt.Sprintf("%s with your Jarl and %s", label, rules.Count(n, "viking")), a, n))
		}
		return out
	}
	if ba.JarlOrViking {
		var out []rules.Action
		if pl.Home[Viking] > 0 {
			out = append(out, act(KindAction, label+" with a viking", a, 0))
		}
		if pl.JarlAt == JarlHome {
			out = append(out, act(KindAction, label+" with your Jarl", a, 1))
		}
		return out
	}
	return []rules.Action{act(KindAction, label, a)}
}

// attackChoices lists p's attacks: on each tile holding another player's
// figures that p's roads reach, with 1 to 3 vikings.
func (s *State) attackChoices(p int, reach [Size * Size]bool) []rules.Action {
	pl := &s.Seats[p]
	var out []rules.Action
	for i := range s.Cells {
		if !reach[i] {
			continue
		}
		for o := range s.Players {
			if o == p || !slices.ContainsFunc(s.Cells[i].Figures, func(f Figure) bool { return f.Owner == o }) {
				continue
			}
			for n := 1; n <= min(MaxAttackVikings, pl.Home[Viking]); n++ {
				out = append(out, act(KindAttack, fmt.Sprintf("Attack %s's figures at %s with %s", s.name(o), SquareName(i), rules.Count(n, "viking")), i, o, n))
			}
		}
	}
	return out
}

// Refused explains, while the seat places figures, each action space of
// the bars it cannot take now (rules.Explainer). The reasons name only the
// seat's own goods, figures, buildings and ship, and the map everyone sees.
func (s *State) Refused(seat rules.Seat) []rules.Refusal {
	p := int(seat)
	if s.Outcome != nil || !s.seatOK(p) || p != s.Step.Seat || s.Step.Kind != StepAct || s.Final {
		return nil
	}
	reach := s.Reach(p)
	spots := len(s.BuildSpots(p))
	var out []rules.Refusal
	for a, ba := range Actions {
		if len(s.barChoices(p, a, ba, reach, spots)) > 0 {
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
func (s *State) barRefusal(p int, ba BarAction, spots int) string {
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
