package online

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"longhall/app/room"
	"longhall/app/session"
	"longhall/rules"
)

// A successor (off by default): the host may choose a seated player whose
// device takes the room over should the host's go quiet for a while (a
// phone that died, a tab closed for good). That device is sent a copy of
// the table as the game goes on (session.Host.SendStandby) and keeps it,
// hidden cards and all: the host's choice to trust it, said in words when
// it is made. When its link to the host has been down for TakeOverAfter,
// it hosts the room from its copy; the other guests join it through the
// same link. A host who comes back asks the room first (FindSuccessor):
// if its successor hosts, it joins as a guest.

// DefaultTakeOverAfter is how long a successor waits, its link to the host
// down, before it hosts the room: long enough for a reload, a frozen page
// thawed or a network's return, short enough that a table does not sit
// idle.
const DefaultTakeOverAfter = 60 * time.Second

func (n Net) takeOverAfter() time.Duration {
	if n.TakeOverAfter > 0 {
		return n.TakeOverAfter
	}
	return DefaultTakeOverAfter
}

// standbyPrefix names a successor's copy of a room in its device's storage.
const standbyPrefix = "longhall.standby."

// SetSuccessor chooses the seat whose device hosts the room should this
// one go quiet (on), or takes the choice back; a started game only. The
// player chosen is told, and its device kept up to date.
func (t *Table) SetSuccessor(seat rules.Seat, on bool) error {
	if t.net == nil {
		return errNotRoom
	}
	l, err := t.host.Lobby()
	if err != nil {
		return err
	}
	if on {
		switch {
		case !l.Started:
			return newError("a successor is chosen once the game has started")
		case seat < 0 || int(seat) >= len(l.Seats) || l.Seats[seat].Kind != SeatHuman || l.Seats[seat].Host:
			return newError("only another player can be chosen to host")
		}
	}
	was := t.keep.get().Successor
	if was != nil && (!on || *was != seat) && int(*was) < len(l.Seats) {
		if m := l.Seats[*was].Member; m != 0 && l.Seats[*was].Connected {
			t.host.SendStandby(m, nil) // the choice taken back: forget the copy
		}
	}
	err = t.keep.store(func(r *Saved) {
		r.Successor = nil
		if on {
			r.Successor = &seat
		}
		t.net.chosen++ // a choice made again is sent again, whatever was sent before
	})
	t.set(func(v *View) { v.Successor = successorOf(t.keep.get()) })
	t.net.poke()
	return err
}

// successorOf is the seat chosen to host after this device, or Spectator.
func successorOf(r *Saved) rules.Seat {
	if r.Successor == nil {
		return rules.Spectator
	}
	return *r.Successor
}

// keepStandby sends the successor a fresh copy of the table whenever the
// game moves on or the successor connects again.
func (t *Table) keepStandby(ctx context.Context) {
	var last string
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.net.standbyPoke:
		}
		t.keep.mu.Lock()
		r, chosen := t.keep.rec.clone(), t.net.chosen
		t.keep.mu.Unlock()
		if r.Successor == nil || r.Save == nil || r.Over {
			last = ""
			continue
		}
		l, err := t.host.Lobby()
		seat := *r.Successor
		if err != nil || int(seat) >= len(l.Seats) || l.Seats[seat].Kind != SeatHuman || !l.Seats[seat].Connected {
			continue
		}
		s := l.Seats[seat]
		// The log's own lines count too: a move taken back and made again
		// within one wake leaves as many actions, and one line more.
		sent := fmt.Sprint(chosen, s.Member, len(r.Save.Record.Actions), len(r.Save.Record.Changes), len(r.Save.Log), r.Save.Tokens)
		if sent == last {
			continue
		}
		table, err := json.Marshal(tableFor(r, s.Name, seat))
		if err != nil {
			continue
		}
		if t.host.SendStandby(s.Member, table) == nil {
			last = sent
		}
	}
}

// tableFor is the room r as the player name in seat would host it: the
// same save, their name and seat token as the host's own.
func tableFor(r *Saved, name string, seat rules.Seat) *Saved {
	r = r.clone()
	r.Name, r.Token, r.Lobby, r.Over, r.Successor = name, r.Save.Tokens[seat], nil, false, nil
	return r
}

// keepStandby keeps, on a successor's device, the copy of the table the
// host sent (or forgets it, when the host took its choice back).
func (j *Joining) keepStandby(table []byte, standDown bool) {
	if j.tokens.device == nil {
		return
	}
	key := standbyPrefix + j.tokens.key
	if standDown {
		j.tokens.device.Del(key)
		j.set(func(v *View) { v.Standby = false })
		return
	}
	r, err := j.tableForMe(table)
	if err != nil {
		j.set(func(v *View) {
			v.Notice = "The host chose you to host should their device go quiet, and the copy of the table could not be kept here: " + Words(err)
		})
		return
	}
	if err := j.tokens.device.Set(key, r); err != nil {
		j.set(func(v *View) { v.Notice = Words(err) })
		return
	}
	j.set(func(v *View) { v.Standby = true })
}

// tableForMe reads a table the host sent this device, and checks it is
// this room's, for this player's seat.
func (j *Joining) tableForMe(table []byte) (*Saved, error) {
	var r Saved
	if err := json.Unmarshal(table, &r); err != nil {
		return nil, errorf("the table sent cannot be read (%v)", err)
	}
	switch {
	case r.RoomPart == nil:
		return nil, newError("the table sent is no room")
	case r.Room.ID != j.room.ID || r.Room.Secret != j.room.Secret:
		return nil, newError("the table sent is another room's")
	case r.Save == nil || r.Token == "" || r.Token != j.tokens.get():
		return nil, newError("the table sent is not for this player's seat")
	}
	if _, err := rules.Lookup(r.Game); err != nil {
		return nil, err
	}
	return &r, nil
}

// standby is this device's copy of the room, kept as a successor, if any.
func (j *Joining) standby() *Saved {
	var r Saved
	if j.tokens.device == nil || j.tokens.device.Get(standbyPrefix+j.tokens.key, &r) != nil || r.Save == nil || r.RoomPart == nil {
		return nil
	}
	return &r
}

// takeOver hosts the room from this device's copy: the host has been gone
// for TakeOverAfter, and chose this device to follow it.
func (j *Joining) takeOver(r *Saved) bool {
	if err := StoreSaved(j.tokens.device, r); err != nil {
		j.set(func(v *View) { v.Notice = Words(err) })
		return false
	}
	j.tokens.device.Del(standbyPrefix + j.tokens.key)
	key := r.Key()
	j.hostsNow.Store(&key)
	j.set(func(v *View) { v.Link, v.HostsNow, v.TookOver, v.Problem = Stopped, key, true, "" })
	return true
}

// findWait bounds a returning host's look for a successor hosting its room.
const findWait = 8 * time.Second

// FindSuccessor is what a host's device does before it opens a room it
// chose a successor for: it asks the room, as its own player, whether
// someone hosts it now. When the successor took the room over, it returns
// the room's link (at base) and true: this device's copy is forgotten, and
// its player's seat token kept for the link, which the page opens as a
// guest. Otherwise (no successor chosen, none answered in findWait) the
// host opens the room as before.
func FindSuccessor(ctx context.Context, st Store, rec *Saved, n Net, base string) (link string, found bool) {
	if rec.Successor == nil || rec.Save == nil || rec.Over || rec.Token == "" {
		return "", false
	}
	ctx, cancel := context.WithTimeout(ctx, findWait)
	defer cancel()
	hello := session.Hello{Name: rec.Name, Token: rec.Token}
	var g *session.Guest
	var err error
	if n.join != nil {
		var beside laterDirect
		g, _, _, beside, err = n.join(ctx, rec.Room, hello, room.RelayWhenNeeded)
		if beside != nil {
			beside.Close()
		}
	} else {
		var in *room.Joined
		in, err = room.JoinWith(ctx, n.signaler(rec.Room), rec.Room, n.Peer, hello, room.JoinOptions{})
		if err == nil {
			g = in.Guest
			if in.Direct != nil {
				in.Direct.Close() // a look, not a stay
			}
		}
	}
	if err != nil {
		return "", false
	}
	// Someone hosts the room: it welcomes this player to its seat, or
	// says why not, within the look's time.
	welcomed := false
	for !welcomed {
		select {
		case u, ok := <-g.Updates():
			welcomed = ok && u.Welcome != nil
			if !ok {
				g.Close()
				return "", false
			}
		case <-ctx.Done():
			g.Close()
			return "", false
		}
	}
	g.Close() // a look: the page joins through the link next
	ForgetRoom(st, rec.Key())
	tokens{device: st, key: rec.Key()}.set(rec.Token)
	in := Invitation{Game: rec.Game, Host: rec.Name, Seats: rec.Config.Players, TURN: n.Invite}
	return rec.Room.Reissue(time.Now()).Link(base) + "&" + in.Fragment(), true
}

// successorTakesOver hosts the room from this device's copy once its link
// to the host has been down since down for TakeOverAfter, when the host
// chose it to follow; it reports whether it did.
func (j *Joining) successorTakesOver(down time.Time) bool {
	if time.Since(down) < j.net.takeOverAfter() {
		return false
	}
	r := j.standby()
	return r != nil && j.takeOver(r)
}

// untilTakeOver bounds an attempt to reach the host by the moment this
// device, the host's successor, is to take the room over; cancel releases
// it once the attempt is done.
func (j *Joining) untilTakeOver(ctx context.Context, down time.Time) (context.Context, context.CancelFunc) {
	if j.standby() == nil {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, down.Add(j.net.takeOverAfter()))
}
