package rednorth

import (
	"fmt"
	"slices"
	"strconv"

	"longhall/rules"
)

// What a seat may do. The rules of each decision are in one place,
// permits, which Apply asks directly (without building the legal list)
// and from which Legal keeps the candidates it offers, so the two cannot
// disagree. Labels are worded apart from the rules, by label, and only
// for a loud state.

// decides reports whether seat p has a decision to make now: Legal offers
// it actions exactly then (every decision has at least one).
func (s *State) decides(p int) bool {
	switch {
	case s.Phase == PhaseOver || !s.SeatOK(p):
		return false
	case s.Phase == PhaseDeploy:
		return s.deploying(p)
	case s.Step != nil:
		return s.Step.Seat == p
	}
	return s.Phase == PhaseActions && s.Turn == p
}

// permits reports whether seat p, which decides now, may take the action
// of this kind with these args.
func (s *State) permits(p int, kind string, args []int) bool {
	pl := &s.Seats[p]
	if s.Phase == PhaseDeploy {
		return kind == KindDeploy && len(args) == 1 && slices.Contains(pl.Hand, args[0])
	}
	if s.Step != nil {
		return s.permitsStep(p, kind, args)
	}
	// Player Actions: the six actions, and passing.
	switch {
	case kind == KindInvoke:
		return len(args) == 0 && s.Round == Ragnarok && pl.God >= 0 && (!InvokeNeedsEffect || s.godHasEffect(p))
	case kind == KindPass && len(s.Groups) == 0:
		return len(args) == 0
	case kind == KindPass:
		return len(args) == 1 && args[0] >= 0 && args[0] < len(s.Groups)
	case len(args) != 1 || args[0] < 0 || args[0] >= len(pl.Party):
		return false
	}
	pc := pl.Party[args[0]]
	switch kind {
	case KindWithdraw:
		return !pc.FaceUp
	case KindReinforce:
		return !pc.FaceUp && (!ReinforceNeedsHandCard || len(pl.Hand) > 0)
	case KindInspire:
		return pc.FaceUp && kindOf(pc.Card) != Jarl && pl.Glory > 0
	case KindPromote:
		return pc.FaceUp && kindOf(pc.Card) == Jarl && s.canPromote(p)
	}
	return false
}

// permitsStep is permits for the answer to the choice in progress.
func (s *State) permitsStep(p int, kind string, args []int) bool {
	st := s.Step
	pl := &s.Seats[p]
	if kind == KindDecline {
		return st.Kind == StepSax && len(args) == 0
	}
	if kind == KindSaga {
		if st.Kind != StepSaga || len(args) != 2 || !slices.Contains(st.Targets, args[0]) {
			return false
		}
		party := s.Seats[args[0]].Party
		return args[1] >= 0 && args[1] < len(party) && !party[args[1]].FaceUp
	}
	if len(args) != 1 {
		return false
	}
	x := args[0]
	switch kind {
	case KindGive:
		return st.Kind == StepRed && s.SeatOK(x)
	case KindSalvage:
		return st.Kind == StepSax && validCard(x) && kindOf(x) == Raider && slices.Contains(s.Discard, x)
	case KindEnd:
		return (st.Kind == StepSaxEnd || st.Kind == StepReinforceEnd || st.Kind == StepFreyaEnd) && (x == Left || x == Right)
	case KindAdd:
		return st.Kind == StepReinforceAdd && slices.Contains(pl.Hand, x)
	case KindLoki:
		return st.Kind == StepLoki && x >= 0 && x < len(pl.Party) && kindOf(pl.Party[x].Card) != Jarl
	case KindHel:
		return st.Kind == StepHel && validCard(x) && kindOf(x) != Hero && slices.Contains(s.Discard, x)
	case KindInsert:
		return st.Kind == StepHelInsert && x >= 0 && x <= len(pl.Party)
	}
	return false
}

// Legal implements rules.State. A quiet state's actions have no labels.
func (s *State) Legal(seat rules.Seat) []rules.Action {
	p := int(seat)
	if !s.decides(p) {
		return nil
	}
	out := s.offers(p)
	if s.Loud() {
		for i := range out {
			out[i].Label = s.label(p, out[i])
		}
	}
	return out
}

// offer is a permitted action before it is copied out: offers gathers
// them in a buffer on the stack, and actionsOf copies them out in two
// allocations of the exact size.
type offer struct {
	kind string
	n    int // how many of args it has
	args [2]int
}

// offer appends kind with args to l if seat p may take it.
func (s *State) offer(l []offer, p int, kind string, args ...int) []offer {
	if !s.permits(p, kind, args) {
		return l
	}
	o := offer{kind: kind, n: len(args)}
	copy(o.args[:], args)
	return append(l, o)
}

// actionsOf copies the offers out as actions, all their Args in one array.
func actionsOf(l []offer) []rules.Action {
	n := 0
	for _, o := range l {
		n += o.n
	}
	out := make([]rules.Action, len(l))
	args := make([]int, 0, n)
	for i, o := range l {
		start := len(args)
		args = append(args, o.args[:o.n]...)
		// Capped, so that a caller appending to one action's Args
		// copies them instead of writing over the next action's.
		out[i].Kind, out[i].Args = o.kind, args[start:len(args):len(args)]
	}
	return out
}

// offers lists seat p's legal actions, unlabelled, in the order Legal
// gives them.
func (s *State) offers(p int) []rules.Action {
	var buf [32]offer
	l := buf[:0]
	pl := &s.Seats[p]
	switch {
	case s.Phase == PhaseDeploy:
		for _, id := range pl.Hand {
			l = s.offer(l, p, KindDeploy, id)
		}
	case s.Step != nil:
		l = s.offerStep(l)
	default:
		for _, kind := range [...]string{KindWithdraw, KindReinforce, KindInspire, KindPromote} {
			for i := range pl.Party {
				l = s.offer(l, p, kind, i)
			}
		}
		l = s.offer(l, p, KindInvoke)
		l = s.offer(l, p, KindPass)
		for i := range s.Groups {
			l = s.offer(l, p, KindPass, i)
		}
	}
	return actionsOf(l)
}

// offerStep offers the answers to the choice in progress.
func (s *State) offerStep(l []offer) []offer {
	st := s.Step
	p := st.Seat
	pl := &s.Seats[p]
	switch st.Kind {
	case StepRed:
		for t := range s.Players {
			l = s.offer(l, p, KindGive, t)
		}
	case StepSax:
		for _, id := range s.Discard {
			l = s.offer(l, p, KindSalvage, id)
		}
		l = s.offer(l, p, KindDecline)
	case StepSaxEnd, StepReinforceEnd, StepFreyaEnd:
		l = s.offer(l, p, KindEnd, Left)
		l = s.offer(l, p, KindEnd, Right)
	case StepReinforceAdd:
		for _, id := range pl.Hand {
			l = s.offer(l, p, KindAdd, id)
		}
	case StepLoki:
		for i := range pl.Party {
			l = s.offer(l, p, KindLoki, i)
		}
	case StepSaga:
		for _, t := range st.Targets {
			for i := range s.Seats[t].Party {
				l = s.offer(l, p, KindSaga, t, i)
			}
		}
	case StepHel:
		for _, id := range s.Discard {
			l = s.offer(l, p, KindHel, id)
		}
	case StepHelInsert:
		for i := 0; i <= len(pl.Party); i++ {
			l = s.offer(l, p, KindInsert, i)
		}
	}
	return l
}

// label words seat p's legal action a for menus and logs.
func (s *State) label(p int, a rules.Action) string {
	pl := &s.Seats[p]
	x := -1
	if len(a.Args) > 0 {
		x = a.Args[0]
	}
	switch a.Kind {
	case KindDeploy:
		return "Deploy " + aCard(x) + " face-down"
	case KindWithdraw:
		return "Withdraw: take back your face-down " + cardName(pl.Party[x].Card) + posText(x)
	case KindReinforce:
		return "Reinforce: turn your " + cardName(pl.Party[x].Card) + posText(x) + " face-up, then add a card"
	case KindInspire:
		return "Inspire: put a Glory token on your " + cardName(pl.Party[x].Card) + posText(x)
	case KindPromote:
		return "Promote: put the Champion token on your Jarl" + posText(x)
	case KindInvoke:
		g := God(pl.God)
		return "Invoke " + g.String() + ": " + godPowers[g]
	case KindPass:
		if x < 0 {
			return "Pass"
		}
		g := s.Groups[x]
		return "Pass and take Muster Group " + strconv.Itoa(g.N) + " (" + groupText(g) + ")"
	case KindGive:
		if x == p {
			return "Keep the First Player token"
		}
		return "Give the First Player token to " + s.Name(x)
	case KindSalvage:
		return "Sax: take " + aCard(x) + " from the discard pile"
	case KindDecline:
		return "Sax: take nothing"
	case KindEnd:
		face := "face-up"
		if s.Step.Kind == StepFreyaEnd {
			face = "face-down"
		}
		return fmt.Sprintf("Put %s %s at the %s end", aCard(s.Step.Card), face, endName(x))
	case KindAdd:
		return "Reinforce with " + aCard(x)
	case KindLoki:
		return "Loki: Glory on your " + cardName(pl.Party[x].Card) + posText(x)
	case KindSaga:
		return fmt.Sprintf("Saga: turn %s's face-down card at position %d face-up", s.Name(x), a.Args[1]+1)
	case KindHel:
		return "Hel: take " + aCard(x) + " from the discard pile"
	case KindInsert:
		switch x {
		case 0:
			return fmt.Sprintf("Put %s face-up at the left end", aCard(s.Step.Card))
		case len(pl.Party):
			return fmt.Sprintf("Put %s face-up at the right end", aCard(s.Step.Card))
		}
		return fmt.Sprintf("Put %s face-up before position %d", aCard(s.Step.Card), x+1)
	}
	return a.Kind
}
