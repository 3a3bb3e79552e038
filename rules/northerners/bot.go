package northerners

import (
	"longhall/rules"
)

// NewBot implements rules.BotGame.
func (game) NewBot(seed uint64) rules.Bot { return &Bot{rng: rules.NewRNG(seed)} }

// Bot plays a steady plan: roads toward the Spirit Shaman and the Kaupang
// squares first, then buildings to work and houses to score, trades when
// the warehouse fills, a ship and raids once it can, and attacks it
// outnumbers. Each choice is worth a number and the best is taken; it ends
// its turn when nothing is worth more than doing nothing. It reads only
// its own cards and what the table shows.
type Bot struct{ rng *rules.RNG }

// Choose implements rules.Bot.
func (b *Bot) Choose(st rules.State, seat rules.Seat) (rules.Action, error) {
	s, ok := st.(*State)
	if !ok {
		return rules.Action{}, rules.Errorf(ID, rules.ErrIllegal, "the bot plays only Northerners")
	}
	var m botMemo
	legal := s.listLegal(seat, &m.reach)
	if len(legal) == 0 {
		return rules.Action{}, rules.ErrNotPending
	}
	p := int(seat)
	best, bestV := 0, -1e9
	for i, a := range legal {
		v := s.worth(p, a, &m) + 0.001*float64(b.rng.Intn(100))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return legal[best], nil
}

// botMemo is what many of the actions of one decision ask, worked out once
// (the bot values every legal action): the roads the seat reaches (shared
// with the walk that lists the actions) and the goods on their way.
type botMemo struct {
	reach    reachMemo
	incoming [NumGoods]int
	known    [NumGoods]bool // incoming[g] is worked out
}

// goodWorth is what one more of good g is worth to p now: little once the
// warehouse is full.
func (s *State) goodWorth(p, g int, m *botMemo) float64 {
	if g == Treasure {
		return 2.2
	}
	if !m.known[g] {
		m.incoming[g], m.known[g] = s.incoming(p, g), true
	}
	have := s.Seats[p].Goods[g] + m.incoming[g]
	if have >= ResourceCap {
		return 0.05
	}
	if have >= ResourceCap-1 {
		return 0.6
	}
	return 1
}

// incoming is how much of resource g p's placements will bring.
func (s *State) incoming(p, g int) int {
	n := 0
	for _, pc := range s.Seats[p].Placed {
		if Actions[pc.Action].Do == DoFish && g == Fish {
			n += pc.Workers
		}
	}
	for i, c := range s.Cells {
		if c.Building >= 0 && BuildingGood[c.Building] == g {
			n += s.figuresOn(i, p, Worker) + 2*s.figuresOn(i, p, Viking)
		}
	}
	return n
}

func (s *State) costWorth(p int, g Goods) float64 {
	v := 0.0
	for k, n := range g {
		if k == Treasure {
			v += 2 * float64(n)
		} else {
			v += 0.7 * float64(n)
		}
	}
	return v
}

// roundsLeft guesses how many of p's turns are left.
func (s *State) roundsLeft() int {
	if s.Ending || s.Final {
		return 0
	}
	return max(0, s.Ragnarok-s.Loki)
}

// worth is what action a is worth to p; m keeps what the actions of the
// decision ask in common.
func (s *State) worth(p int, a rules.Action, m *botMemo) float64 {
	pl := &s.Seats[p]
	left := float64(s.roundsLeft())
	switch a.Kind {
	case KindEnd:
		return 0
	case KindCollect:
		return 10
	case KindResolve:
		pc := pl.Placed[a.Args[0]]
		switch Actions[pc.Action].Do {
		case DoExplore, DoFish, DoCapture, DoRecruit:
			return 9
		case DoHouse, DoBuilding, DoShip:
			return 8
		}
		return 7
	case KindRaid:
		r := pl.Raid
		if r.Row >= 3 && r.Vikings < 2 && s.raidDice(r) < 3 {
			return 1
		}
		return 6
	case KindReturn:
		return 2
	case KindJarl:
		return 3
	case KindCard:
		return s.cardWorth(p, a, m)
	case KindTile:
		return s.tileWorth(p, a.Args[0], a.Args[1], m.reach.of(s, p))
	case KindBuild:
		v := Villages[pl.Colour]
		return -float64(dist(a.Args[0], v))
	case KindTrade:
		if len(a.Args) < 2 || a.Args[1] < 0 {
			return 0.1 * float64(len(a.Args))
		}
		tr := KaupangTiles[s.KaupangRow[a.Args[0]]][a.Args[1]]
		v := float64(tr.Points) - s.costWorth(p, tr.Give)*1.2
		for k, n := range tr.Get {
			v += float64(n) * s.goodWorth(p, k, m)
		}
		return v
	case KindSpirit:
		switch a.Args[0] {
		case 0:
			return 1
		case 1:
			if len(pl.Quests) < 3 {
				return 1.5
			}
			return 0.5
		}
		return 0
	case KindKeep:
		return s.keepWorth(p, a.Args[0])
	case KindWork:
		return s.workWorth(p, a.Args[0], a.Args[1], left, m)
	case KindVisit:
		if Squares[a.Args[0]].Kind == Shaman {
			return 1.8
		}
		for _, t := range s.KaupangRow {
			if t < 0 {
				continue
			}
			for _, tr := range KaupangTiles[t] {
				if pl.has(tr.Give) && tr.Points > 0 {
					return 3
				}
			}
		}
		return 1
	case KindAction:
		return s.actionWorth(p, a, left, m)
	case KindAttack:
		return s.attackWorth(p, a.Args[0], a.Args[1], a.Args[2])
	case KindFight:
		return 1
	case KindWithdraw:
		f := s.Fight
		if p == f.Attacker && f.Vikings == 1 && len(f.Towers) > 0 {
			return 2
		}
		return 0
	case KindLose:
		if a.Args[0] == Worker {
			return 1
		}
		return 0
	}
	return 0
}

func dist(a, b int) int {
	return abs(a/Size-b/Size) + abs(a%Size-b%Size)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// tileWorth prefers tiles that lead toward what p has not reached yet:
// the Spirit Shaman, then the nearest Kaupang square; blessing circles;
// more roads.
func (s *State) tileWorth(p, q, rot int, reach *[Size * Size]bool) float64 {
	target := -1
	if !reach[id(centre)] {
		target = id(centre)
	} else {
		best := 1 << 30
		for i, sq := range Squares {
			if sq.Kind == Kaupang && !reach[i] && dist(q, i) < best {
				best, target = dist(q, i), i
			}
		}
	}
	v := 0.0
	if target >= 0 {
		v -= float64(dist(q, target))
		// A road pointing on toward the target.
		roads := Turned(TileRoads(s.Step.Tile), rot)
		for d := range 4 {
			if n := neighbour(q, d); n >= 0 && roads&(1<<d) != 0 && dist(n, target) < dist(q, target) {
				v += 1.5
				break
			}
		}
	}
	if Squares[q].Circle {
		v += 1.5
	}
	for d := range 4 {
		if Turned(TileRoads(s.Step.Tile), rot)&(1<<d) != 0 {
			v += 0.2
		}
	}
	return v
}

func (s *State) keepWorth(p, c int) float64 {
	switch CardKind(c) {
	case CardBragi, CardHoard:
		return 3
	case CardFreyr:
		return 2.5
	case CardThor, CardTyr:
		return 2
	case CardNjord:
		if s.Seats[p].Ship {
			return 2
		}
		return 0.5
	case CardIdun:
		return 1.5
	}
	return 1
}

func (s *State) cardWorth(p int, a rules.Action, m *botMemo) float64 {
	c := a.Args[0]
	switch CardKind(c) {
	case CardFreyr:
		return 5 * s.goodWorth(p, a.Args[1], m)
	case CardBragi, CardHoard, CardIdun, CardNjord:
		return 5
	case CardThor, CardTyr:
		if s.Fight != nil {
			return 3
		}
	case CardFrigg:
		return 2.5
	}
	return -1
}

// workWorth is the yield of a figure on p's building at q.
func (s *State) workWorth(p, q, k int, left float64, m *botMemo) float64 {
	if left == 0 && !s.Ending {
		return -1
	}
	n := 1.0
	if k == Viking {
		n = 2
	}
	b := s.Cells[q].Building
	if g := BuildingGood[b]; g >= 0 {
		v := n * s.goodWorth(p, g, m)
		if k == Viking {
			v -= 0.6
		}
		return v
	}
	v := n * 1.1
	if k == Viking {
		v -= 0.4
	}
	return v
}

// actionWorth is what taking bar action a is worth to p.
func (s *State) actionWorth(p int, a rules.Action, left float64, m *botMemo) float64 {
	pl := &s.Seats[p]
	ba := &Actions[a.Args[0]]
	cost := s.costWorth(p, ba.Cost)
	switch ba.Do {
	case DoFish:
		return s.goodWorth(p, Fish, m) - 0.1
	case DoExplore:
		v := 1.0
		if !m.reach.of(s, p)[id(centre)] && len(s.ShamanOrder) < 2 {
			v = 3.5
		} else if s.buildSpots(m.reach.of(s, p)) < 2 {
			v = 2
		}
		if left < 2 {
			v = 0.2
		}
		return v - cost
	case DoRecruit:
		if pl.Supply[Viking] == 0 || pl.Home[Viking]+s.out(p, Viking) >= s.room(p, Viking) {
			return -1
		}
		if len(a.Args) > 1 && a.Args[1] == 1 {
			return 1.2 - cost
		}
		return 2.2 - cost
	case DoCapture:
		if pl.Supply[Worker] == 0 || pl.Home[Worker]+s.out(p, Worker) >= s.room(p, Worker) {
			return -1
		}
		return 2.4 - cost
	case DoHouse:
		v := 0.0
		switch ba.Arg {
		case WorkersHouse:
			v = 3.5 + 0.3*float64(Workers-VillageWorkers-pl.Supply[Worker])
		case WeaponHouse:
			v = 3
		case ShipBuilder:
			v = 4
		}
		if left < 3 {
			v = EndPerHouse + 0.5
		}
		return v + EndPerHouse - cost
	case DoBuilding:
		v := float64(EndPerTile)
		switch ba.Arg {
		case House:
			v += 0.8 * min(left, 6)
		case Watchtower:
			v += 0.3
		default:
			v += 0.5 * min(left, 6) * s.goodWorth(p, BuildingGood[ba.Arg], m)
			if s.built(p, ba.Arg) == 0 {
				v += 1.5 // the first of its kind opens a resource
			}
		}
		return v - cost
	case DoShip:
		if pl.Ship || left < 2 {
			return -1
		}
		return ShipPoints + 4 - cost
	case DoRaid:
		n := a.Args[1]
		return 4 + 0.5*float64(min(n, 2)) - 0.8*float64(n) - cost
	case DoBlessing:
		if pl.Home[Worker] < 2 {
			return -1
		}
		return 0.6
	case DoAttack:
		return -1 // attacks are KindAttack
	}
	return 0
}

// out counts p's figures of kind k that will come home: on bars, on
// tiles, raiding.
func (s *State) out(p, k int) int {
	pl := &s.Seats[p]
	n := 0
	for _, pc := range pl.Placed {
		if k == Worker && !Actions[pc.Action].Sacrifice {
			n += pc.Workers
		}
		if k == Viking {
			n += pc.Vikings
		}
	}
	for i := range s.Cells {
		n += s.figuresOn(i, p, k)
	}
	if k == Viking && pl.Raid != nil {
		n += pl.Raid.Vikings
	}
	return n
}

// attackWorth guesses an attack's worth: the 3 points and the yield
// taken, when the attackers' dice outnumber the defence's.
func (s *State) attackWorth(p, q, o, n int) float64 {
	towers, _ := s.AttackWay(p, o, q)
	def := DefenceDice(s.figuresOn(q, o, Worker), s.figuresOn(q, o, Viking))
	atk := AttackDice(n)
	if len(towers) > 0 || atk <= def {
		return -1
	}
	return 2.2 + 0.3*float64(atk-def) - 0.7*float64(n)
}
