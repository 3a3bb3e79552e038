package rednorth

import (
	"fmt"
	"slices"

	"longhall/rules"
)

// Apply implements rules.State. It accepts exactly what Legal offers,
// checking the action against the rules directly (permits) rather than
// building the legal list; every check happens before anything changes,
// so a refused action changes nothing. A quiet state returns no events
// and never words them.
func (s *State) Apply(seat rules.Seat, a rules.Action) ([]rules.Event, error) {
	p := int(seat)
	switch {
	case s.Outcome != nil:
		return nil, s.refusal(seat, a, rules.ErrGameOver)
	case !s.decides(p):
		return nil, s.refusal(seat, a, rules.ErrNotPending)
	case !s.permits(p, a.Kind, a.Args):
		return nil, s.refusal(seat, a, rules.ErrIllegal)
	}
	arg := func(i int) int { return a.Args[i] }
	switch a.Kind {
	case KindDeploy:
		return s.deploy(p, arg(0)), nil
	case KindGive:
		return s.give(p, arg(0)), nil
	case KindSalvage:
		id := arg(0)
		s.Discard, _ = rules.Remove(s.Discard, id)
		s.Step = &Step{Kind: StepSaxEnd, Seat: p, Card: id, Flipped: -1}
		// The log tells the whole of it once the card is placed: one
		// action, one line.
		return nil, nil
	case KindDecline:
		var ev []rules.Event
		if !s.quiet {
			ev = append(ev, s.event(KindDecline, p, "%s takes nothing with Sax", s.name(p)))
		}
		s.Step = nil
		return append(ev, s.advancePowers()...), nil
	case KindEnd:
		return s.placeAtEnd(p, arg(0)), nil
	case KindWithdraw:
		return s.withdraw(p, arg(0)), nil
	case KindReinforce:
		return s.reinforce(p, arg(0)), nil
	case KindAdd:
		id := arg(0)
		s.Seats[p].Hand, _ = rules.Remove(s.Seats[p].Hand, id)
		s.Step = &Step{Kind: StepReinforceEnd, Seat: p, Card: id, Flipped: s.Step.Flipped, At: s.Step.At}
		return nil, nil
	case KindInspire:
		pl := &s.Seats[p]
		pl.Glory--
		pl.Party[arg(0)].Glory++
		var ev []rules.Event
		if !s.quiet {
			ev = append(ev, s.event(KindInspire, p, "%s inspires: a Glory token on the %s at position %d", s.name(p), cardName(pl.Party[arg(0)].Card), arg(0)+1))
		}
		return append(ev, s.endTurn()...), nil
	case KindPromote:
		s.Seats[p].Party[arg(0)].Champion = true
		var ev []rules.Event
		if !s.quiet {
			ev = append(ev, s.event(KindPromote, p, "%s promotes: the Champion token on the Jarl at position %d", s.name(p), arg(0)+1))
		}
		return append(ev, s.endTurn()...), nil
	case KindInvoke:
		return s.invoke(p), nil
	case KindLoki:
		return s.loki(p, arg(0)), nil
	case KindSaga:
		return s.saga(p, arg(0), arg(1)), nil
	case KindHel:
		id := arg(0)
		s.Discard, _ = rules.Remove(s.Discard, id)
		s.Step = &Step{Kind: StepHelInsert, Seat: p, Card: id, Flipped: -1}
		return nil, nil
	case KindInsert:
		id, i := s.Step.Card, arg(0)
		s.Seats[p].Party = rules.InsertAt(s.Seats[p].Party, i, PartyCard{Card: id, FaceUp: true})
		var ev []rules.Event
		if !s.quiet {
			ev = append(ev, s.event(KindInsert, p, "%s takes %s from the discard pile with Hel and puts it face-up at position %d", s.name(p), aCard(id), i+1))
		}
		s.Step = nil
		return append(ev, s.endTurn()...), nil
	case KindPass:
		return s.pass(p, a.Args), nil
	}
	// permits allows only the kinds above; this keeps Apply total.
	return nil, rules.Errorf(ID, rules.ErrIllegal, "unknown action %q", a.Kind)
}

func (s *State) event(kind string, p int, format string, args ...any) rules.Event {
	return rules.Event{Kind: kind, Seat: rules.Seat(p), Text: fmt.Sprintf(format, args...)}
}

// draw takes up to n cards from the top of the deck.
func (s *State) draw(n int) []int {
	if DeckOutReshuffles && len(s.Deck) < n && len(s.Discard) > 0 {
		fresh := s.Discard
		rules.Shuffle(s.RNG, fresh)
		s.Deck = append(s.Deck, fresh...)
		s.Discard = []int{}
	}
	n = max(0, min(n, len(s.Deck)))
	drawn := slices.Clone(s.Deck[:n])
	s.Deck = s.Deck[n:]
	return drawn
}

// drawInto draws n cards into p's hand and reports it after ev, the
// faces only to p.
func (s *State) drawInto(ev []rules.Event, p, n int, why string) []rules.Event {
	drawn := s.draw(n)
	pl := &s.Seats[p]
	pl.Hand = append(pl.Hand, drawn...)
	slices.Sort(pl.Hand)
	if s.quiet {
		return ev
	}
	if len(drawn) == 0 {
		return append(ev, s.event("draw", p, "%s draws nothing: the deck is empty (%s)", s.name(p), why))
	}
	names := make([]string, len(drawn))
	for i, id := range drawn {
		names[i] = aCard(id)
	}
	e := s.event("draw", p, "%s draws %s (%s)", s.name(p), rules.Count(len(drawn), "card"), why)
	e.Secret = fmt.Sprintf("%s draws %s (%s)", s.name(p), rules.And(names), why)
	e.SecretTo = []rules.Seat{rules.Seat(p)}
	return append(ev, e)
}

func (s *State) deploy(p, id int) []rules.Event {
	pl := &s.Seats[p]
	pl.Hand, _ = rules.Remove(pl.Hand, id)
	if pl.Party == nil {
		// Room for the Party and what actions add to it, at once.
		pl.Party = make([]PartyCard, 0, 2*PartySize)
	}
	pl.Party = append(pl.Party, PartyCard{Card: id})
	var ev []rules.Event
	if !s.quiet {
		e := s.event(KindDeploy, p, "%s deploys a card face-down (%d of %d)", s.name(p), len(pl.Party), PartySize)
		e.Secret = fmt.Sprintf("%s deploys %s face-down (%d of %d)", s.name(p), aCard(id), len(pl.Party), PartySize)
		e.SecretTo = []rules.Seat{rules.Seat(p)}
		ev = append(ev, e)
	}
	for q := range s.Seats {
		if s.deploying(q) {
			return ev
		}
	}
	if !s.quiet {
		ev = append(ev, rules.Event{Kind: "phase", Seat: rules.Spectator, Text: "Every Raiding Party is deployed."})
	}
	s.Phase = PhasePowers
	s.PowerStage = 0
	return append(ev, s.advancePowers()...)
}

// advancePowers opens the next Outpost power that has something to do, or
// starts Player Actions.
func (s *State) advancePowers() []rules.Event {
	for {
		switch s.PowerStage {
		case 0:
			s.PowerStage = 1
			if o := s.Owner[Red]; o >= 0 {
				s.Step = &Step{Kind: StepRed, Seat: o, Card: -1, Flipped: -1}
				return nil
			}
		case 1:
			s.PowerStage = 2
			o := s.Owner[Yellow]
			if o >= 0 && slices.ContainsFunc(s.Discard, func(id int) bool { return kindOf(id) == Raider }) {
				s.Step = &Step{Kind: StepSax, Seat: o, Card: -1, Flipped: -1}
				return nil
			}
		default:
			s.Step = nil
			s.Phase = PhaseActions
			s.Turn = s.FirstPlayer
			if s.quiet {
				return nil
			}
			return []rules.Event{{Kind: "phase", Seat: rules.Spectator, Text: fmt.Sprintf("Player Actions: %s, the First Player, begins.", s.name(s.FirstPlayer))}}
		}
	}
}

func (s *State) give(p, t int) []rules.Event {
	var ev []rules.Event
	switch {
	case s.quiet:
	case t == p:
		ev = append(ev, s.event(KindGive, p, "%s keeps the First Player token (Angleland)", s.name(p)))
	default:
		ev = append(ev, s.event(KindGive, p, "%s gives the First Player token to %s (Angleland)", s.name(p), s.name(t)))
	}
	s.FirstPlayer = t
	s.Step = nil
	return append(ev, s.advancePowers()...)
}

// placeAtEnd finishes Sax, Reinforce or Freya: the card in Step goes to an end.
func (s *State) placeAtEnd(p, end int) []rules.Event {
	st := s.Step
	pl := &s.Seats[p]
	pc := PartyCard{Card: st.Card, FaceUp: st.Kind != StepFreyaEnd}
	if end == Left {
		pl.Party = slices.Insert(pl.Party, 0, pc)
	} else {
		pl.Party = append(pl.Party, pc)
	}
	s.Step = nil
	var ev []rules.Event
	switch {
	case st.Kind == StepSaxEnd:
		if !s.quiet {
			ev = append(ev, s.event(KindEnd, p, "%s uses Sax: takes %s from the discard pile and adds it face-up at the %s end", s.name(p), aCard(st.Card), endName(end)))
		}
		return append(ev, s.advancePowers()...)
	case s.quiet:
	case st.Kind == StepFreyaEnd:
		e := s.event(KindEnd, p, "%s adds Freya's card face-down at the %s end", s.name(p), endName(end))
		e.Secret = fmt.Sprintf("%s adds %s face-down at the %s end (Freya)", s.name(p), aCard(st.Card), endName(end))
		e.SecretTo = []rules.Seat{rules.Seat(p)}
		ev = append(ev, e)
	default:
		ev = append(ev, s.event(KindEnd, p, "%s reinforces: flips %s at position %d, adds %s at the %s end", s.name(p), aCard(st.Flipped), st.At+1, aCard(st.Card), endName(end)))
	}
	return append(ev, s.endTurn()...)
}

func (s *State) withdraw(p, i int) []rules.Event {
	pl := &s.Seats[p]
	pc := pl.Party[i]
	pl.Party = slices.Delete(pl.Party, i, i+1)
	pl.Hand = append(pl.Hand, pc.Card)
	slices.Sort(pl.Hand)
	if WithdrawnGloryToOwner {
		pl.Glory += pc.Glory
	}
	var ev []rules.Event
	if !s.quiet {
		e := s.event(KindWithdraw, p, "%s withdraws the face-down card at position %d to hand", s.name(p), i+1)
		e.Secret = fmt.Sprintf("%s withdraws %s, the face-down card at position %d, to hand", s.name(p), aCard(pc.Card), i+1)
		e.SecretTo = []rules.Seat{rules.Seat(p)}
		ev = append(ev, e)
	}
	return append(ev, s.endTurn()...)
}

func (s *State) reinforce(p, i int) []rules.Event {
	pl := &s.Seats[p]
	pl.Party[i].FaceUp = true
	if len(pl.Hand) == 0 {
		var ev []rules.Event
		if !s.quiet {
			ev = append(ev, s.event(KindReinforce, p, "%s reinforces: flips %s at position %d, with no card in hand to add", s.name(p), aCard(pl.Party[i].Card), i+1))
		}
		return append(ev, s.endTurn()...)
	}
	// The log tells the whole Reinforce once the added card is placed.
	s.Step = &Step{Kind: StepReinforceAdd, Seat: p, Card: -1, Flipped: pl.Party[i].Card, At: i}
	return nil
}

func (s *State) pass(p int, args []int) []rules.Event {
	pl := &s.Seats[p]
	pl.Passed = true
	var ev []rules.Event
	if len(args) == 0 {
		if !s.quiet {
			ev = append(ev, s.event(KindPass, p, "%s passes", s.name(p)))
		}
	} else {
		g := s.Groups[args[0]]
		s.Groups = slices.Delete(s.Groups, args[0], args[0]+1)
		if !s.quiet {
			ev = append(ev, s.event(KindPass, p, "%s passes and takes Muster Group %d: %s", s.name(p), g.N, groupText(g)))
		}
		if g.Hero >= 0 {
			pl.Hand = append(pl.Hand, g.Hero)
		}
		pl.Hand = append(pl.Hand, g.Cards...)
		slices.Sort(pl.Hand)
		if g.God >= 0 {
			pl.God = g.God
		}
	}
	return append(ev, s.endTurn()...)
}

// endTurn closes the current action and hands the turn to the next player
// clockwise who has not passed; when everyone has passed, the round resolves.
func (s *State) endTurn() []rules.Event {
	s.Step = nil
	for k := 1; k <= s.Players; k++ {
		q := (s.Turn + k) % s.Players
		if !s.Seats[q].Passed {
			s.Turn = q
			return nil
		}
	}
	return s.resolve()
}

func (s *State) invoke(p int) []rules.Event {
	pl := &s.Seats[p]
	g := God(pl.God)
	pl.God = -1
	pl.Invoked = true
	s.GodsUsed = append(s.GodsUsed, int(g))
	var ev []rules.Event
	if !s.quiet {
		ev = append(ev, s.event(KindInvoke, p, "%s invokes %s", s.name(p), g))
	}
	switch g {
	case Thor:
		if !s.quiet {
			for _, id := range s.SetAside {
				ev = append(ev, s.event("thor", p, "%s takes %s into hand (Thor)", s.name(p), aCard(id)))
			}
		}
		pl.Hand = append(pl.Hand, s.SetAside...)
		slices.Sort(pl.Hand)
		s.SetAside = []int{}
	case Loki:
		if slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return kindOf(pc.Card) != Jarl }) {
			s.Step = &Step{Kind: StepLoki, Seat: p, Card: -1, Flipped: -1, Left: LokiGlory}
			return ev
		}
	case Odin:
		pl.VP += OdinVP
		if !s.quiet {
			ev = append(ev, s.event("odin", p, "%s gains %d VP (Odin)", s.name(p), OdinVP))
		}
	case Freya:
		if drawn := s.draw(1); len(drawn) == 1 {
			if !s.quiet {
				e := s.event("draw", p, "%s draws a card (Freya)", s.name(p))
				e.Secret = fmt.Sprintf("%s draws %s (Freya)", s.name(p), aCard(drawn[0]))
				e.SecretTo = []rules.Seat{rules.Seat(p)}
				ev = append(ev, e)
			}
			s.Step = &Step{Kind: StepFreyaEnd, Seat: p, Card: drawn[0], Flipped: -1}
			return ev
		}
	case Nornir:
		n := 0
		for i := range pl.Party {
			n += pl.Party[i].Glory
			pl.Party[i].Glory = 0
		}
		pl.Glory += n
		if !s.quiet {
			ev = append(ev, s.event("nornir", p, "%s takes back %d Glory from the Raiding Party (Nornir)", s.name(p), n))
		}
	case Tyr:
		ev = s.drawInto(ev, p, TyrDraw, "Tyr")
	case Saga:
		if t := s.sagaTargets(p); len(t) > 0 {
			s.Step = &Step{Kind: StepSaga, Seat: p, Card: -1, Flipped: -1, Targets: t}
			return ev
		}
	case Hel:
		if slices.ContainsFunc(s.Discard, func(id int) bool { return kindOf(id) != Hero }) {
			s.Step = &Step{Kind: StepHel, Seat: p, Card: -1, Flipped: -1}
			return ev
		}
	}
	return append(ev, s.endTurn()...)
}

func (s *State) loki(p, i int) []rules.Event {
	pc := &s.Seats[p].Party[i]
	pc.Glory++
	s.Step.Left--
	var ev []rules.Event
	if !s.quiet {
		what := "the face-down card"
		if pc.FaceUp {
			what = "the " + cardName(pc.Card)
		}
		ev = append(ev, s.event(KindLoki, p, "%s puts a Glory token on %s at position %d (Loki)", s.name(p), what, i+1))
	}
	if s.Step.Left > 0 {
		return ev
	}
	return append(ev, s.endTurn()...)
}

func (s *State) saga(p, t, i int) []rules.Event {
	pc := &s.Seats[t].Party[i]
	pc.FaceUp = true
	s.Step.Targets, _ = rules.Remove(s.Step.Targets, t)
	var ev []rules.Event
	if !s.quiet {
		ev = append(ev, s.event(KindSaga, p, "%s turns %s's card at position %d face-up (Saga): %s", s.name(p), s.name(t), i+1, aCard(pc.Card)))
	}
	if len(s.Step.Targets) > 0 {
		return ev
	}
	return append(ev, s.endTurn()...)
}
