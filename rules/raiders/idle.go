package raiders

// Work (condensed rules): "Put your worker at any building that is
// available ... Activate the building", then "Take a worker from any
// other building ... Activate the building". The book lets a worker go
// where its action can do nothing (a Barracks with no card the player can
// pay for, a Long House with no livestock and no offering they can
// afford), and the game then passes over that action. A player is told
// so before choosing: the view of the seat choosing where to work lists
// those buildings (View.Idle), from what that seat sees itself (its own
// hand and silver), never from anything hidden from it.

// idleBuildings lists the buildings at which p's work now would do
// nothing: where p can put its worker (StepTurn) or take a worker from
// (StepTake), activated with that worker's colour.
func (s *State) idleBuildings(p int) []int {
	var idle []int
	switch s.Step.Kind {
	case StepTurn:
		if w := s.Seats[p].Worker; w != NoWorker {
			for b := range NumBuildings {
				if s.Buildings[b] == NoWorker && s.inPlay(b) && s.idleAt(p, b, w) {
					idle = append(idle, b)
				}
			}
		}
	case StepTake:
		for b := range NumBuildings {
			if w := s.Buildings[b]; w != NoWorker && b != s.Step.Building && s.idleAt(p, b, w) {
				idle = append(idle, b)
			}
		}
	}
	return idle
}

// idleAt says whether activating building b for p with a worker of the
// given colour would do nothing: nothing gained on arrival (activate) and
// no choice offered after it (legalBuilding; the colour only decides
// what the Mill gives on arrival).
func (s *State) idleAt(p, b, colour int) bool {
	pl := &s.Seats[p]
	switch b {
	case GateHouse:
		return len(s.Deck)+len(s.Discard) == 0
	case Silversmith:
		return s.Silver == 0
	case Mill:
		// A white worker chooses provisions or gold; any other gains
		// provisions, as a Forager does.
		return s.Provisions == 0 && (colour != White || s.Supply[Gold] == 0)
	case MeadHall:
		if pl.crewOf(Brewer) > 0 && s.Mead > 0 {
			return false
		}
	}
	// The choices the building offers once the worker is there.
	return !s.buildingAction(p, b)
}

// sayIdle logs that work at building b does nothing for p, as the board
// said before it was chosen: the game passing over the action shows it to
// everyone anyway (activationReveals).
func (s *State) sayIdle(p, b, colour int, ev *events) {
	if s.idleAt(p, b, colour) {
		ev.Add(p, "idle", "%s can do nothing at the %s", s.Name(p), BuildingNames[b])
	}
}
