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
// and never words them (rules.Sink).
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
	ev := s.Sink()
	if err := s.apply(p, a, &ev); err != nil {
		return nil, err
	}
	return ev.Events(), nil
}

// apply carries out seat p's permitted action a, telling ev.
func (s *State) apply(p int, a rules.Action, ev *rules.Sink) error {
	arg := func(i int) int { return a.Args[i] }
	switch a.Kind {
	case KindDeploy:
		s.deploy(p, arg(0), ev)
	case KindGive:
		s.give(p, arg(0), ev)
	case KindSalvage:
		id := arg(0)
		s.Discard, _ = rules.Remove(s.Discard, id)
		s.Step = &Step{Kind: StepSaxEnd, Seat: p, Card: id, Flipped: -1}
		// The log tells the whole of it once the card is placed: one
		// action, one line.
	case KindDecline:
		if ev.Loud() {
			ev.Add(p, KindDecline, "%s takes nothing with Sax", s.Name(p))
		}
		s.Step = nil
		s.advancePowers(ev)
	case KindEnd:
		s.placeAtEnd(p, arg(0), ev)
	case KindWithdraw:
		s.withdraw(p, arg(0), ev)
	case KindReinforce:
		s.reinforce(p, arg(0), ev)
	case KindAdd:
		id := arg(0)
		s.Seats[p].Hand, _ = rules.Remove(s.Seats[p].Hand, id)
		s.Step = &Step{Kind: StepReinforceEnd, Seat: p, Card: id, Flipped: s.Step.Flipped, At: s.Step.At}
	case KindInspire:
		pl := &s.Seats[p]
		pl.Glory--
		pl.Party[arg(0)].Glory++
		if ev.Loud() {
			ev.Add(p, KindInspire, "%s inspires: a Glory token on the %s at position %d", s.Name(p), cardName(pl.Party[arg(0)].Card), arg(0)+1)
		}
		s.endTurn(ev)
	case KindPromote:
		s.Seats[p].Party[arg(0)].Champion = true
		if ev.Loud() {
			ev.Add(p, KindPromote, "%s promotes: the Champion token on the Jarl at position %d", s.Name(p), arg(0)+1)
		}
		s.endTurn(ev)
	case KindInvoke:
		s.invoke(p, ev)
	case KindLoki:
		s.loki(p, arg(0), ev)
	case KindSaga:
		s.saga(p, arg(0), arg(1), ev)
	case KindHel:
		id := arg(0)
		s.Discard, _ = rules.Remove(s.Discard, id)
		s.Step = &Step{Kind: StepHelInsert, Seat: p, Card: id, Flipped: -1}
	case KindInsert:
		id, i := s.Step.Card, arg(0)
		s.Seats[p].Party = rules.InsertAt(s.Seats[p].Party, i, PartyCard{Card: id, FaceUp: true})
		if ev.Loud() {
			ev.Add(p, KindInsert, "%s takes %s from the discard pile with Hel and puts it face-up at position %d", s.Name(p), aCard(id), i+1)
		}
		s.Step = nil
		s.endTurn(ev)
	case KindPass:
		s.pass(p, a.Args, ev)
	default:
		// permits allows only the kinds above; this keeps Apply total.
		return rules.Errorf(ID, rules.ErrIllegal, "unknown action %q", a.Kind)
	}
	return nil
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

// drawInto draws n cards into p's hand and tells ev, the faces only to p.
func (s *State) drawInto(p, n int, why string, ev *rules.Sink) {
	drawn := s.draw(n)
	pl := &s.Seats[p]
	pl.Hand = append(pl.Hand, drawn...)
	slices.Sort(pl.Hand)
	switch {
	case !ev.Loud():
	case len(drawn) == 0:
		ev.Add(p, "draw", "%s draws nothing: the deck is empty (%s)", s.Name(p), why)
	default:
		names := make([]string, len(drawn))
		for i, id := range drawn {
			names[i] = aCard(id)
		}
		ev.Secret(p, "draw", fmt.Sprintf("%s draws %s (%s)", s.Name(p), rules.Count(len(drawn), "card"), why),
			fmt.Sprintf("%s draws %s (%s)", s.Name(p), rules.And(names), why), p)
	}
}

func (s *State) deploy(p, id int, ev *rules.Sink) {
	pl := &s.Seats[p]
	pl.Hand, _ = rules.Remove(pl.Hand, id)
	if pl.Party == nil {
		// Room for the Party and what actions add to it, at once.
		pl.Party = make([]PartyCard, 0, 2*PartySize)
	}
	pl.Party = append(pl.Party, PartyCard{Card: id})
	if ev.Loud() {
		ev.Secret(p, KindDeploy, fmt.Sprintf("%s deploys a card face-down (%d of %d)", s.Name(p), len(pl.Party), PartySize),
			fmt.Sprintf("%s deploys %s face-down (%d of %d)", s.Name(p), aCard(id), len(pl.Party), PartySize), p)
	}
	for q := range s.Seats {
		if s.deploying(q) {
			return
		}
	}
	ev.Add(-1, "phase", "Every Raiding Party is deployed.")
	s.Phase = PhasePowers
	s.PowerStage = 0
	s.advancePowers(ev)
}

// advancePowers opens the next Outpost power that has something to do, or
// starts Player Actions.
func (s *State) advancePowers(ev *rules.Sink) {
	for {
		switch s.PowerStage {
		case 0:
			s.PowerStage = 1
			if o := s.Owner[Red]; o >= 0 {
				s.Step = &Step{Kind: StepRed, Seat: o, Card: -1, Flipped: -1}
				return
			}
		case 1:
			s.PowerStage = 2
			o := s.Owner[Yellow]
			if o >= 0 && slices.ContainsFunc(s.Discard, func(id int) bool { return kindOf(id) == Raider }) {
				s.Step = &Step{Kind: StepSax, Seat: o, Card: -1, Flipped: -1}
				return
			}
		default:
			s.Step = nil
			s.Phase = PhaseActions
			s.Turn = s.FirstPlayer
			if ev.Loud() {
				ev.Add(-1, "phase", "Player Actions: %s, the First Player, begins.", s.Name(s.FirstPlayer))
			}
			return
		}
	}
}

func (s *State) give(p, t int, ev *rules.Sink) {
	switch {
	case !ev.Loud():
	case t == p:
		ev.Add(p, KindGive, "%s keeps the First Player token (Angleland)", s.Name(p))
	default:
		ev.Add(p, KindGive, "%s gives the First Player token to %s (Angleland)", s.Name(p), s.Name(t))
	}
	s.FirstPlayer = t
	s.Step = nil
	s.advancePowers(ev)
}

// placeAtEnd finishes Sax, Reinforce or Freya: the card in Step goes to an end.
func (s *State) placeAtEnd(p, end int, ev *rules.Sink) {
	st := s.Step
	pl := &s.Seats[p]
	pc := PartyCard{Card: st.Card, FaceUp: st.Kind != StepFreyaEnd}
	if end == Left {
		pl.Party = slices.Insert(pl.Party, 0, pc)
	} else {
		pl.Party = append(pl.Party, pc)
	}
	s.Step = nil
	switch {
	case st.Kind == StepSaxEnd:
		if ev.Loud() {
			ev.Add(p, KindEnd, "%s uses Sax: takes %s from the discard pile and adds it face-up at the %s end", s.Name(p), aCard(st.Card), endName(end))
		}
		s.advancePowers(ev)
		return
	case !ev.Loud():
	case st.Kind == StepFreyaEnd:
		ev.Secret(p, KindEnd, fmt.Sprintf("%s adds Freya's card face-down at the %s end", s.Name(p), endName(end)),
			fmt.Sprintf("%s adds %s face-down at the %s end (Freya)", s.Name(p), aCard(st.Card), endName(end)), p)
	default:
		ev.Add(p, KindEnd, "%s reinforces: flips %s at position %d, adds %s at the %s end", s.Name(p), aCard(st.Flipped), st.At+1, aCard(st.Card), endName(end))
	}
	s.endTurn(ev)
}

func (s *State) withdraw(p, i int, ev *rules.Sink) {
	pl := &s.Seats[p]
	pc := pl.Party[i]
	pl.Party = slices.Delete(pl.Party, i, i+1)
	pl.Hand = append(pl.Hand, pc.Card)
	slices.Sort(pl.Hand)
	if WithdrawnGloryToOwner {
		pl.Glory += pc.Glory
	}
	if ev.Loud() {
		ev.Secret(p, KindWithdraw, fmt.Sprintf("%s withdraws the face-down card at position %d to hand", s.Name(p), i+1),
			fmt.Sprintf("%s withdraws %s, the face-down card at position %d, to hand", s.Name(p), aCard(pc.Card), i+1), p)
	}
	s.endTurn(ev)
}

func (s *State) reinforce(p, i int, ev *rules.Sink) {
	pl := &s.Seats[p]
	pl.Party[i].FaceUp = true
	if len(pl.Hand) == 0 {
		if ev.Loud() {
			ev.Add(p, KindReinforce, "%s reinforces: flips %s at position %d, with no card in hand to add", s.Name(p), aCard(pl.Party[i].Card), i+1)
		}
		s.endTurn(ev)
		return
	}
	// The log tells the whole Reinforce once the added card is placed.
	s.Step = &Step{Kind: StepReinforceAdd, Seat: p, Card: -1, Flipped: pl.Party[i].Card, At: i}
}

func (s *State) pass(p int, args []int, ev *rules.Sink) {
	pl := &s.Seats[p]
	pl.Passed = true
	if len(args) == 0 {
		if ev.Loud() {
			ev.Add(p, KindPass, "%s passes", s.Name(p))
		}
	} else {
		g := s.Groups[args[0]]
		s.Groups = slices.Delete(s.Groups, args[0], args[0]+1)
		if ev.Loud() {
			ev.Add(p, KindPass, "%s passes and takes Muster Group %d: %s", s.Name(p), g.N, groupText(g))
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
	s.endTurn(ev)
}

// endTurn closes the current action and hands the turn to the next player
// clockwise who has not passed; when everyone has passed, the round resolves.
func (s *State) endTurn(ev *rules.Sink) {
	s.Step = nil
	for k := 1; k <= s.Players; k++ {
		q := (s.Turn + k) % s.Players
		if !s.Seats[q].Passed {
			s.Turn = q
			return
		}
	}
	s.resolve(ev)
}

func (s *State) invoke(p int, ev *rules.Sink) {
	pl := &s.Seats[p]
	g := God(pl.God)
	pl.God = -1
	pl.Invoked = true
	s.GodsUsed = append(s.GodsUsed, int(g))
	if ev.Loud() {
		ev.Add(p, KindInvoke, "%s invokes %s", s.Name(p), g)
	}
	switch g {
	case Thor:
		if ev.Loud() {
			for _, id := range s.SetAside {
				ev.Add(p, "thor", "%s takes %s into hand (Thor)", s.Name(p), aCard(id))
			}
		}
		pl.Hand = append(pl.Hand, s.SetAside...)
		slices.Sort(pl.Hand)
		s.SetAside = []int{}
	case Loki:
		if slices.ContainsFunc(pl.Party, func(pc PartyCard) bool { return kindOf(pc.Card) != Jarl }) {
			s.Step = &Step{Kind: StepLoki, Seat: p, Card: -1, Flipped: -1, Left: LokiGlory}
			return
		}
	case Odin:
		pl.VP += OdinVP
		if ev.Loud() {
			ev.Add(p, "odin", "%s gains %d VP (Odin)", s.Name(p), OdinVP)
		}
	case Freya:
		if drawn := s.draw(1); len(drawn) == 1 {
			if ev.Loud() {
				ev.Secret(p, "draw", fmt.Sprintf("%s draws a card (Freya)", s.Name(p)), fmt.Sprintf("%s draws %s (Freya)", s.Name(p), aCard(drawn[0])), p)
			}
			s.Step = &Step{Kind: StepFreyaEnd, Seat: p, Card: drawn[0], Flipped: -1}
			return
		}
	case Nornir:
		n := 0
		for i := range pl.Party {
			n += pl.Party[i].Glory
			pl.Party[i].Glory = 0
		}
		pl.Glory += n
		if ev.Loud() {
			ev.Add(p, "nornir", "%s takes back %d Glory from the Raiding Party (Nornir)", s.Name(p), n)
		}
	case Tyr:
		s.drawInto(p, TyrDraw, "Tyr", ev)
	case Saga:
		if t := s.sagaTargets(p); len(t) > 0 {
			s.Step = &Step{Kind: StepSaga, Seat: p, Card: -1, Flipped: -1, Targets: t}
			return
		}
	case Hel:
		if slices.ContainsFunc(s.Discard, func(id int) bool { return kindOf(id) != Hero }) {
			s.Step = &Step{Kind: StepHel, Seat: p, Card: -1, Flipped: -1}
			return
		}
	}
	s.endTurn(ev)
}

func (s *State) loki(p, i int, ev *rules.Sink) {
	pc := &s.Seats[p].Party[i]
	pc.Glory++
	s.Step.Left--
	if ev.Loud() {
		what := "the face-down card"
		if pc.FaceUp {
			what = "the " + cardName(pc.Card)
		}
		ev.Add(p, KindLoki, "%s puts a Glory token on %s at position %d (Loki)", s.Name(p), what, i+1)
	}
	if s.Step.Left > 0 {
		return
	}
	s.endTurn(ev)
}

func (s *State) saga(p, t, i int, ev *rules.Sink) {
	pc := &s.Seats[t].Party[i]
	pc.FaceUp = true
	s.Step.Targets, _ = rules.Remove(s.Step.Targets, t)
	if ev.Loud() {
		ev.Add(p, KindSaga, "%s turns %s's card at position %d face-up (Saga): %s", s.Name(p), s.Name(t), i+1, aCard(pc.Card))
	}
	if len(s.Step.Targets) > 0 {
		return
	}
	s.endTurn(ev)
}
