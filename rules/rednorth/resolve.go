package rednorth

import (
	"fmt"
	"slices"
	"strings"

	"longhall/rules"
)

// Report is the last Resolution, step by step, so a table can replay it the
// way the book's example does. Everything in it is public.
type Report struct {
	Round int `json:"round"`
	// Parties are every Raiding Party as revealed in step A, by seat.
	Parties [][]PartyCardView `json:"parties"`
	// Colours are steps A to C for each colour in play.
	Colours []ColourReport `json:"colours"`
	VP      []int          `json:"vp"`    // VP scored in step B, by seat
	Glory   []int          `json:"glory"` // Glory taken in step C, by seat
	Draws   []int          `json:"draws"` // cards drawn in step D (Frankenland), by seat
	// Token holders after step D (-1: nobody yet).
	FirstPlayer int `json:"firstPlayer"`
	TieBreaker  int `json:"tieBreaker"`
	Champion    int `json:"champion"`
}

// Outcomes of one colour in step B.
const (
	OutcomeWon        = "won"        // one player had the most points and takes the Outpost
	OutcomeRetained   = "retained"   // the holder had the most points and keeps it
	OutcomeTieBreaker = "tieBreaker" // a tie, won by the Tie Breaker holder
	OutcomeTied       = "tied"       // a tie without the Tie Breaker: nobody controls it
	OutcomeUnraided   = "unraided"   // nobody reached MinPointsToControl: nobody controls it
)

// ColourReport is one colour's battle.
type ColourReport struct {
	Colour   string `json:"colour"`
	Outpost  string `json:"outpost"`
	Cards    []int  `json:"cards"`    // points from cards, Jarls and Glory, by seat
	Outposts []int  `json:"outposts"` // printed Outpost points added, by seat
	Points   []int  `json:"points"`   // totals, by seat
	Fought   []bool `json:"fought"`   // had a Raider or Hero of the colour, by seat
	Before   int    `json:"before"`   // holder before step B, -1 for none
	Winner   int    `json:"winner"`   // holder after step B, -1 for none
	Outcome  string `json:"outcome"`
	Glory    []int  `json:"glory"` // seats given Glory for this colour in step C
}

func (r *Report) clone() *Report {
	c := *r
	c.Parties = make([][]PartyCardView, len(r.Parties))
	for i, p := range r.Parties {
		c.Parties[i] = slices.Clone(p)
	}
	c.Colours = make([]ColourReport, len(r.Colours))
	for i, cr := range r.Colours {
		cr.Cards = slices.Clone(cr.Cards)
		cr.Outposts = slices.Clone(cr.Outposts)
		cr.Points = slices.Clone(cr.Points)
		cr.Fought = slices.Clone(cr.Fought)
		cr.Glory = slices.Clone(cr.Glory)
		c.Colours[i] = cr
	}
	c.VP = slices.Clone(r.VP)
	c.Glory = slices.Clone(r.Glory)
	c.Draws = slices.Clone(r.Draws)
	return &c
}

// raidPoints totals a Raiding Party per colour from its cards, Jarls and
// Glory (Outposts aside), as if every card were face-up, and says in which
// colours it fought (had a Raider or Hero).
func raidPoints(party []PartyCard) (pts [numColours]int, fought [numColours]bool) {
	var buf [2 * PartySize]face // on the stack for any usual Party: bots count often
	faces := buf[:0]
	for _, pc := range party {
		f := cardFaces[pc.Card]
		f.glory, f.champion = pc.Glory, pc.Champion
		faces = append(faces, f)
	}
	return tally(faces)
}

// face is what counting a Party needs of one of its cards; known is false
// for a card the counter cannot see.
type face struct {
	known, jarl, champion bool
	colour                Colour
	points, glory         int // printed raid points (a Jarl's bonus aside), Glory tokens
}

// tally is the one formula of raid points, for Resolution and for the live
// totals alike: each known Raider or Hero counts its points and Glory, plus
// each known Jarl beside it (more with the Champion token). Cards not known
// count nothing.
func tally(party []face) (pts [numColours]int, fought [numColours]bool) {
	for i, f := range party {
		if !f.known || f.jarl {
			continue
		}
		v := f.points + f.glory*GloryPoints
		for _, j := range [2]int{i - 1, i + 1} {
			if j >= 0 && j < len(party) && party[j].known && party[j].jarl {
				if party[j].champion {
					v += ChampionBonus
				} else {
					v += JarlBonus
				}
			}
		}
		pts[f.colour] += v
		fought[f.colour] = true
	}
	return pts, fought
}

func (s *State) names(seats []int) string {
	n := make([]string, len(seats))
	for i, p := range seats {
		n[i] = s.Name(p)
	}
	return rules.And(n)
}

// resolve runs steps A to E once everyone has passed. A quiet state
// builds the same Report (it is part of the state) but no event.
func (s *State) resolve(ev *rules.Sink) {
	n := s.Players
	s.Turn = -1
	s.Step = nil
	if ev.Loud() {
		ev.Add(-1, "resolve", "Everyone has passed: %s Resolution.", roundName(s.Round))
	}

	// A: reveal, then count. The Report's per-seat lists share arrays.
	perSeat := make([]int, 3*n)
	rep := &Report{Round: s.Round, Parties: make([][]PartyCardView, n), VP: perSeat[:n:n], Glory: perSeat[n : 2*n : 2*n], Draws: perSeat[2*n:]}
	var pts [maxSeats][numColours]int
	var fought [maxSeats][numColours]bool
	for p := range s.Seats {
		pl := &s.Seats[p]
		var shown []string
		for i := range pl.Party {
			if !pl.Party[i].FaceUp {
				pl.Party[i].FaceUp = true
				if ev.Loud() {
					shown = append(shown, aCard(pl.Party[i].Card))
				}
			}
		}
		if len(shown) > 0 {
			ev.Add(p, "reveal", "%s reveals %s", s.Name(p), rules.And(shown))
		}
		rep.Parties[p] = partyView(pl.Party, true)
		pts[p], fought[p] = raidPoints(pl.Party)
	}

	// B: award Outposts. The Tie Breaker is the one held before this round's D.
	tb := s.TieBreaker
	rep.Colours = make([]ColourReport, 0, len(s.InPlay))
	nums := make([]int, 4*n*len(s.InPlay))
	flags := make([]bool, n*len(s.InPlay))
	var top []int
	for _, c := range s.InPlay {
		cr := ColourReport{
			Colour: c.String(), Outpost: outpostInfos[c].Name,
			Cards: nums[0:n:n], Outposts: nums[n : 2*n : 2*n], Points: nums[2*n : 3*n : 3*n], Fought: flags[:n:n],
			Before: s.Owner[c], Glory: nums[3*n : 3*n : 4*n], // step C appends
		}
		nums, flags = nums[4*n:], flags[n:]
		best := 0
		for p := range n {
			cr.Cards[p] = pts[p][c]
			if s.Owner[c] == p {
				cr.Outposts[p] = OutpostRaidPoints
			}
			cr.Points[p] = cr.Cards[p] + cr.Outposts[p]
			cr.Fought[p] = fought[p][c]
			best = max(best, cr.Points[p])
		}
		top = top[:0]
		for p := range n {
			if cr.Points[p] == best {
				top = append(top, p)
			}
		}
		switch {
		case best < MinPointsToControl:
			cr.Winner, cr.Outcome = -1, OutcomeUnraided
		case len(top) == 1 && top[0] == cr.Before:
			cr.Winner, cr.Outcome = top[0], OutcomeRetained
		case len(top) == 1:
			cr.Winner, cr.Outcome = top[0], OutcomeWon
		case slices.Contains(top, tb):
			cr.Winner, cr.Outcome = tb, OutcomeTieBreaker
		default:
			cr.Winner, cr.Outcome = -1, OutcomeTied
		}
		s.Owner[c] = cr.Winner
		if ev.Loud() {
			ev.Tell(rules.Event{Kind: "award", Seat: rules.Seat(cr.Winner), Text: s.colourText(c, cr, top)})
		}
		rep.Colours = append(rep.Colours, cr)
	}
	for _, c := range s.InPlay {
		if o := s.Owner[c]; o >= 0 {
			s.Seats[o].VP += s.Round
			rep.VP[o] += s.Round
		}
	}
	if ev.Loud() {
		for p, vp := range rep.VP {
			if vp > 0 {
				ev.Add(p, "score", "%s scores %d VP (%d VP per Outpost in %s)", s.Name(p), vp, s.Round, roundName(s.Round))
			}
		}
	}

	// C: Glory for each colour fought in and not won.
	for p := range n {
		var why []string
		for i, c := range s.InPlay {
			if fought[p][c] && s.Owner[c] != p {
				s.Seats[p].Glory++
				rep.Glory[p]++
				rep.Colours[i].Glory = append(rep.Colours[i].Glory, p)
				if ev.Loud() {
					why = append(why, c.String())
				}
			}
		}
		if len(why) > 0 {
			ev.Add(p, "glory", "%s takes %d Glory for %s", s.Name(p), len(why), rules.And(why))
		}
	}

	// D: Outpost tokens and cards; in Ragnarok only the Tie Breaker.
	if o := s.Owner[Green]; o >= 0 {
		s.TieBreaker = o
		if ev.Loud() {
			ev.Add(o, "token", "%s takes the Tie Breaker token (Vinland)", s.Name(o))
		}
	}
	if s.Round < Ragnarok {
		if o := s.Owner[Red]; o >= 0 {
			s.FirstPlayer = o
			if ev.Loud() {
				ev.Add(o, "token", "%s takes the First Player token (Angleland)", s.Name(o))
			}
		}
		if o := s.Owner[Blue]; o >= 0 {
			s.Champion = o
			if ev.Loud() {
				ev.Add(o, "token", "%s takes the Champion token (Rus)", s.Name(o))
			}
		}
		if o := s.Owner[Purple]; o >= 0 {
			before := len(s.Seats[o].Hand)
			s.drawInto(o, PurpleDraw, "Frankenland", ev)
			rep.Draws[o] = len(s.Seats[o].Hand) - before
		}
	}
	if !s.inPlay(Red) && (s.Round < Ragnarok || RagnarokMovesFirstPlayer) {
		s.firstPlayerByVP(ev)
	}
	rep.FirstPlayer, rep.TieBreaker, rep.Champion = s.FirstPlayer, s.TieBreaker, s.Champion
	s.Report = rep

	if s.Round == Ragnarok {
		s.finish(ev)
		return
	}
	s.prepareNextRound(ev)
}

func (s *State) colourText(c Colour, cr ColourReport, top []int) string {
	var scores []string
	for p, v := range cr.Points {
		if v > 0 {
			scores = append(scores, fmt.Sprintf("%s %d", s.Name(p), v))
		}
	}
	head := fmt.Sprintf("%s (%s): ", strings.ToUpper(c.String()[:1])+c.String()[1:], outpostInfos[c].Name)
	if len(scores) == 0 {
		head += "nobody raids it"
	} else {
		head += strings.Join(scores, ", ")
	}
	switch cr.Outcome {
	case OutcomeWon:
		return head + ". " + s.Name(cr.Winner) + " takes it."
	case OutcomeRetained:
		return head + ". " + s.Name(cr.Winner) + " keeps it."
	case OutcomeTieBreaker:
		return head + ". " + s.names(top) + " tie; " + s.Name(cr.Winner) + " has the Tie Breaker and takes it."
	case OutcomeTied:
		who := "none of them holds"
		if len(top) == 2 {
			who = "neither holds"
		}
		return head + ". " + s.names(top) + " tie and " + who + " the Tie Breaker: it becomes uncontrolled."
	}
	return head + ". It stays uncontrolled."
}

// firstPlayerByVP gives the First Player token to the player with the most
// VP when Angleland is not in play. On a tie, a tied player controlling
// green takes it; otherwise the token stays where it is.
func (s *State) firstPlayerByVP(ev *rules.Sink) {
	best := -1
	var top []int
	for p, pl := range s.Seats {
		switch {
		case pl.VP > best:
			best, top = pl.VP, append(top[:0], p)
		case pl.VP == best:
			top = append(top, p)
		}
	}
	to := s.FirstPlayer
	why := "the most VP"
	if len(top) == 1 {
		to = top[0]
	} else if g := s.Owner[Green]; slices.Contains(top, g) {
		to = g
		why = "the most VP, tied, and controls Vinland"
	} else {
		if ev.Loud() {
			ev.Add(to, "token", "%s tie on %d VP and none of them controls Vinland: %s keeps the First Player token", s.names(top), best, s.Name(to))
		}
		return
	}
	s.FirstPlayer = to
	if ev.Loud() {
		ev.Add(to, "token", "%s has %s and takes the First Player token", s.Name(to), why)
	}
}

// prepareNextRound is step E.
func (s *State) prepareNextRound(ev *rules.Sink) {
	n := 0
	for _, pl := range s.Seats {
		n += len(pl.Party)
	}
	for _, g := range s.Groups {
		n += len(g.Cards)
	}
	s.Discard = slices.Grow(s.Discard, n)
	for p := range s.Seats {
		pl := &s.Seats[p]
		for _, pc := range pl.Party {
			s.Discard = append(s.Discard, pc.Card)
		}
		pl.Party = nil
		pl.Passed = false
	}
	for _, g := range s.Groups {
		text := "The unclaimed Muster Group is discarded"
		if g.Hero >= 0 {
			s.SetAside = append(s.SetAside, g.Hero)
			if ev.Loud() {
				text += "; " + aCard(g.Hero) + " is set aside"
			}
		}
		if g.God >= 0 {
			s.GodsUsed = append(s.GodsUsed, g.God)
			if ev.Loud() {
				text += "; " + God(g.God).String() + " leaves the game"
			}
		}
		s.Discard = append(s.Discard, g.Cards...)
		if ev.Loud() {
			ev.Tell(rules.Event{Kind: "discard", Seat: rules.Spectator, Text: text + "."})
		}
	}
	s.Groups = nil
	if s.Round == Spring {
		k := min(s.Players+1, len(s.GodPile))
		for _, g := range s.GodPile[:k] {
			s.Groups = append(s.Groups, Group{N: len(s.Groups) + 1, Hero: -1, God: g, Cards: s.draw(SummerGroupCards)})
		}
		s.GodsRemoved = append(s.GodsRemoved, s.GodPile[k:]...)
		s.GodPile = []int{}
		if ev.Loud() {
			var groups []string
			for _, g := range s.Groups {
				groups = append(groups, groupText(g))
			}
			ev.Tell(rules.Event{Kind: "groups", Seat: rules.Spectator, Text: "Summer Muster Groups: " + strings.Join(groups, "; ") + "."})
		}
	}
	s.Round++
	s.Phase = PhaseDeploy
	s.Turn = -1
	if ev.Loud() {
		ev.Add(-1, "round", "%s begins: every player deploys %d cards face-down. Outposts are worth %d VP.", roundName(s.Round), PartySize, s.Round)
	}
}

// finish ends the game after Ragnarok's step D and applies the book's
// tie-breaks in order.
func (s *State) finish(ev *rules.Sink) {
	s.Phase = PhaseOver
	s.Turn = -1
	s.Step = nil
	n := s.Players
	scores := make([]int, n)
	best := -1
	for p, pl := range s.Seats {
		scores[p] = pl.VP
		best = max(best, pl.VP)
	}
	var tied []int
	for p := range n {
		if scores[p] == best {
			tied = append(tied, p)
		}
	}
	winner, reason := tied[0], ""
	lead := fmt.Sprintf("%s tie on %d VP", s.names(tied), best)
	narrow := func(seats []int, key func(p int) int) []int {
		top := key(seats[0])
		for _, p := range seats {
			top = max(top, key(p))
		}
		var out []int
		for _, p := range seats {
			if key(p) == top {
				out = append(out, p)
			}
		}
		return out
	}
	switch {
	case len(tied) == 1:
		reason = fmt.Sprintf("%s wins with %d VP.", s.Name(winner), best)
	case slices.Contains(tied, s.TieBreaker):
		winner = s.TieBreaker
		reason = fmt.Sprintf("%s; %s holds the Tie Breaker token and wins.", lead, s.Name(winner))
	default:
		lead += " and none of them holds the Tie Breaker"
		glory := narrow(tied, func(p int) int { return s.Seats[p].Glory })
		if len(glory) == 1 {
			winner = glory[0]
			reason = fmt.Sprintf("%s; %s has the most unused Glory (%d) and wins.", lead, s.Name(winner), s.Seats[winner].Glory)
			break
		}
		lead += fmt.Sprintf("; %s have the most unused Glory (%d)", s.names(glory), s.Seats[glory[0]].Glory)
		hand := narrow(glory, func(p int) int { return len(s.Seats[p].Hand) })
		if len(hand) == 1 {
			winner = hand[0]
			reason = fmt.Sprintf("%s; %s has the most cards in hand (%d) and wins.", lead, s.Name(winner), len(s.Seats[winner].Hand))
			break
		}
		lead += fmt.Sprintf("; %s have the most cards in hand (%d)", s.names(hand), len(s.Seats[hand[0]].Hand))
		closest := narrow(hand, func(p int) int { return -((p - s.FirstPlayer + n) % n) })
		winner = closest[0]
		if winner == s.FirstPlayer {
			reason = fmt.Sprintf("%s; %s is the First Player, closest in turn order, and wins.", lead, s.Name(winner))
		} else {
			reason = fmt.Sprintf("%s; %s is closest in turn order to the First Player, %s, and wins.", lead, s.Name(winner), s.Name(s.FirstPlayer))
		}
	}
	s.Outcome = &rules.Result{Winners: []rules.Seat{rules.Seat(winner)}, Scores: scores, Reason: reason}
	if ev.Loud() {
		ev.Tell(rules.Event{Kind: "end", Seat: rules.Seat(winner), Text: "Ragnarok is over. " + reason})
	}
}
