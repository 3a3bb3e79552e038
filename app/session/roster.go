package session

import (
	"time"

	"longhall/rules"
)

// roster is who is in the room, known by id and by token across their
// connections, and which tokens are kept out: removed for good (banned),
// or cut off for a while for breaking the limits (cutoffs). The host
// embeds it; it knows nothing of links, seats' bots or the game. It runs
// on the host's loop, as everything the host owns does.
type roster struct {
	members map[int]*member
	byToken map[string]*member
	banned  map[string]bool
	cutoffs map[string]cutoff // tokens kept out for a while
	spent   map[string]bool   // tokens of members forgotten: never a new member's
	nextID  int
}

func newRoster() roster {
	return roster{members: map[int]*member{}, byToken: map[string]*member{}, banned: map[string]bool{}, cutoffs: map[string]cutoff{}, spent: map[string]bool{}}
}

// newMember adds a member holding token, under a new id.
func (r *roster) newMember(token, name string, seat rules.Seat) *member {
	r.nextID++
	m := &member{id: r.nextID, token: token, name: name, seat: seat, claim: rules.Spectator}
	r.members[m.id] = m
	r.byToken[token] = m
	return m
}

// forget removes a member. Its token holds nothing now, and is never a
// new member's: one who comes back with it is a stranger, given another.
func (r *roster) forget(m *member) {
	delete(r.members, m.id)
	delete(r.byToken, m.token)
	r.spent[m.token] = true
}

// free says token may be given to a new member: it is one, and nobody
// holds it, held it, or was removed with it.
func (r *roster) free(token string) bool {
	return token != "" && r.byToken[token] == nil && !r.banned[token] && !r.spent[token]
}

// ban keeps token out of the room for good.
func (r *roster) ban(token string) { r.banned[token] = true }

// cutoff is a token the host keeps out for a while: how many times it was
// cut off, until when, and why (for its words).
type cutoff struct {
	n     int
	until time.Time
	why   string // WhyFlood, WhyStrikes
}

// countCutOff counts one more cut-off of token's, for why: it is kept out for
// first the first time and twice as long each time after (wait), until
// its most-th, when it is to be removed from the room instead (out), the
// count then forgotten (a ban keeps it out).
func (r *roster) countCutOff(token, why string, first time.Duration, most int) (wait time.Duration, n int, out bool) {
	c := r.cutoffs[token]
	c.n++
	c.why = why
	if c.n >= most {
		delete(r.cutoffs, token)
		return 0, c.n, true
	}
	wait = first << (c.n - 1)
	c.until = time.Now().Add(wait)
	r.cutoffs[token] = c
	return wait, c.n, false
}

// keptOut is token's cut-off when it is still kept out.
func (r *roster) keptOut(token string) (cutoff, bool) {
	c, ok := r.cutoffs[token]
	return c, ok && token != "" && time.Now().Before(c.until)
}
