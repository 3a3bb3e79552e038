package northerners

import (
	"fmt"

	"longhall/rules"
)

// What a placement brings: "All actions' effects are only carried out in
// your next harvest", so a player pays for a placement now and may find
// then that it brings nothing: no room in the village for the viking
// recruited, a warehouse already at 5, a second ship. Shortfall says so
// before the placement is made, as things stand: the harvest resolved in
// the order best for that placement, with the figures that must come home
// coming home, the houses placed for built first, and nothing else changed
// (the player may still change things this turn: place more vikings on a
// raid, spend fish). It reads only what every seat's view shows: the
// placer's goods, figures, houses, ship and placements, the map, and the
// size of the bag; View.Shortfalls reads the same from a view.

// Shortfall says what placement a (a bar action, or a figure on the
// placer's building tile) will fall short of at seat's next harvest, as
// things stand: "brings nothing as things stand (why)" or "brings only 1
// of 2 wood as things stand (why)"; "" when it brings in full, or when a
// is no placement seat may make now.
func (s *State) Shortfall(seat rules.Seat, a rules.Action) string {
	p := int(seat)
	if !s.SeatOK(p) || s.Step.Kind != StepAct || s.Step.Seat != p || s.Final {
		return ""
	}
	pl := &s.Seats[p]
	switch a.Kind {
	case KindWork:
		if len(a.Args) != 2 || a.Args[0] < 0 || a.Args[0] >= len(s.Cells) || a.Args[1] != Worker && a.Args[1] != Viking {
			return ""
		}
		c := &s.Cells[a.Args[0]]
		if c.Building < 0 {
			return ""
		}
		// "1 worker - 1 resource/victory point, 1 viking - 2"; points
		// have no cap.
		if g := BuildingGood[c.Building]; g >= 0 {
			return s.goodsShort(p, g, 1+a.Args[1])
		}
	case KindAction:
		if len(a.Args) == 0 || a.Args[0] < 0 || a.Args[0] >= len(Actions) {
			return ""
		}
		ba := Actions[a.Args[0]]
		switch ba.Do {
		case DoFish:
			return s.goodsShort(p, Fish, ba.Workers)
		case DoRecruit:
			return s.figuresShort(p, Viking)
		case DoCapture:
			return s.figuresShort(p, Worker)
		case DoExplore:
			explores := 0
			for _, pc := range pl.Placed {
				if Actions[pc.Action].Do == DoExplore {
					explores += pc.Vikings
				}
			}
			if len(s.Bag) <= explores {
				return nothing("no land tile is left in the bag")
			}
			// A straight road turns to face any side: with no place for
			// it, no tile has one.
			if len(s.TileSpots(p, 0)) == 0 {
				return nothing("no empty land borders your roads: the tile is set aside")
			}
		case DoShip:
			// "They will not gain points or get another ship on their
			// following harvest if they already have a ship."
			if pl.Ship {
				return nothing("you have a ship already, and a second scores nothing")
			}
			for _, pc := range pl.Placed {
				if Actions[pc.Action].Do == DoShip {
					return nothing("the ship you placed for comes first, and a second scores nothing")
				}
			}
		}
	}
	return ""
}

// Shortfalls is Shortfall for the viewer, from what the view shows: one
// entry for each of actions, "" for those that bring in full.
func (v *View) Shortfalls(actions []rules.Action) []string {
	out := make([]string, len(actions))
	if v.Seat < 0 || v.Seat >= len(v.Players) || v.Step.Kind != StepAct || v.Step.Seat != v.Seat {
		return out
	}
	s := &State{Base: rules.Base{Players: len(v.Players)}, Seats: make([]Player, len(v.Players)), Bag: make([]int, v.Bag), Step: v.Step, Final: v.Final}
	copy(s.Cells[:], v.Cells)
	for p, pv := range v.Players {
		s.Seats[p] = Player{Colour: pv.Colour, Goods: pv.Goods, Home: pv.Home, Supply: pv.Supply, JarlAt: pv.JarlAt,
			Builds: pv.Builds, Houses: pv.Houses, Ship: pv.Ship, Placed: pv.Placed, Raid: pv.Raid}
	}
	for i, a := range actions {
		out[i] = s.Shortfall(rules.Seat(v.Seat), a)
	}
	return out
}

func nothing(why string) string { return "brings nothing as things stand (" + why + ")" }

// goodsShort is the shortfall of n of good g at p's next harvest: "Anything
// beyond 5 of a resource is lost", counting the goods p's placements
// already bring (fishing, figures on p's building tiles).
func (s *State) goodsShort(p, g, n int) string {
	pl := &s.Seats[p]
	coming := 0
	if g == Fish {
		for _, pc := range pl.Placed {
			if Actions[pc.Action].Do == DoFish {
				coming += pc.Workers
			}
		}
	}
	for i := range s.Cells {
		if c := &s.Cells[i]; c.Owner == p && c.Building >= 0 && BuildingGood[c.Building] == g {
			coming += s.figuresOn(i, p, Worker) + 2*s.figuresOn(i, p, Viking)
		}
	}
	will := min(ResourceCap, pl.Goods[g]+coming)
	got := min(n, ResourceCap-will)
	if got >= n {
		return ""
	}
	if got <= 0 {
		return nothing(fmt.Sprintf("your warehouse will hold %d %s, the most it keeps", ResourceCap, GoodNames[g]))
	}
	return fmt.Sprintf("brings only %d of %d %s as things stand (your warehouse keeps %d at most)", got, n, GoodNames[g], ResourceCap)
}

// figuresShort is the shortfall of one more figure of kind k (Recruit, a
// viking; Capture, a worker) at p's next harvest: the figures p placed
// come home first as far as there is room ("You may not have more than 3
// workers and 2 vikings in your village area until you build a worker
// house ... or weapon house"), the figures already recruited or captured
// take their room and their figures from the supply, and a house placed
// for is built first. Vikings on a raid are not counted: they come home
// only when the raid ends.
func (s *State) figuresShort(p, k int) string {
	pl := &s.Seats[p]
	room, home, supply, gains := s.room(p, k), pl.Home[k], pl.Supply[k], 0
	for _, pc := range pl.Placed {
		ba := Actions[pc.Action]
		switch {
		case pc.Resting:
			if k == Viking {
				home += pc.Vikings
			}
			continue
		case ba.Do == DoRaid:
			continue
		case ba.Do == DoHouse && ba.Arg == WorkersHouse && k == Worker:
			room = Workers
		case ba.Do == DoHouse && ba.Arg == WeaponHouse && k == Viking:
			room = Vikings
		case ba.Do == DoRecruit && k == Viking:
			gains++
		case ba.Do == DoCapture && k == Worker:
			gains += pc.Vikings
		}
		switch {
		case k == Viking:
			home += pc.Vikings
		case ba.Sacrifice:
			supply += pc.Workers
		default:
			home += pc.Workers
		}
	}
	for i := range s.Cells {
		home += s.figuresOn(i, p, k)
	}
	if min(room, home)+gains >= room {
		why := fmt.Sprintf("no room for another %s in your village", FigureNames[k])
		if pl.Home[k] < room {
			why += ", counting those coming home"
		}
		return nothing(why)
	}
	if supply-gains <= 0 {
		return nothing(fmt.Sprintf("no %s is left in your supply", FigureNames[k]))
	}
	return ""
}
