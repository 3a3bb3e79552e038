package online

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"longhall/app/session"
	"longhall/rules"
)

// Handing the table over: a host who must go gives the room to a seated
// player's device, which hosts it from then on. The host pauses the game,
// sends that device the room's save (the record with its seed and every
// seat's token: all the host kept, hidden cards included), waits until it
// has kept it, tells everyone, and closes the room here; every guest joins
// the new host through the same link and takes its seat back, and this
// device plays on as a guest with its own seat's token.

// handOverWait bounds the wait for the other device to keep the table.
const handOverWait = 20 * time.Second

// ErrHandOver is MoveHost's error when the other device did not take the
// table: the game goes on here.
var ErrHandOver = newError("the other device did not take the table; the game goes on here")

// HandOverWords is what everyone is told when the table changes hands.
func HandOverWords(from, to string) string {
	return fmt.Sprintf("%s hosts from now on: %s’s device keeps the game’s hidden cards now, as %s’s did.", to, to, from)
}

// MoveHost gives the room to member's device (a seated player, connected):
// it returns, once that device has kept the table, the room's link, which
// this device opens next as a guest (the room here is closed and forgotten,
// and this player's seat token kept for the link). A started game only.
func (t *Table) MoveHost(ctx context.Context, member int, base string) (link string, err error) {
	if t.net == nil {
		return "", errNotRoom
	}
	l, err := t.host.Lobby()
	if err != nil {
		return "", err
	}
	var to *SeatStatus
	for i, s := range l.Seats {
		if s.Kind == SeatHuman && s.Member == member && !s.Host {
			to = &l.Seats[i]
		}
	}
	switch {
	case !l.Started:
		return "", newError("a table is handed over once the game has started")
	case to == nil:
		return "", newError("only a seated player can take the table")
	case !to.Connected:
		return "", errorf("%s is not connected", to.Name)
	}
	r := t.keep.get()
	if err := t.host.SetPaused(true, fmt.Sprintf("%s is handing the table to %s…", r.Name, to.Name)); err != nil {
		return "", err
	}
	resume := func(err error) (string, error) {
		t.host.CancelHandOver()
		t.host.SetPaused(false, "")
		return "", err
	}
	save, err := t.host.Save()
	if err != nil {
		return resume(err)
	}
	mine, mineName := r.Token, r.Name
	r.Save, r.Name, r.Token, r.Lobby, r.Over, r.Updated = &save, to.Name, save.Tokens[to.Seat], nil, false, t.opts.Now()
	table, err := json.Marshal(r)
	if err != nil {
		return resume(err)
	}
	took, err := t.host.HandOver(member, table)
	if err != nil {
		return resume(err)
	}
	timer := time.NewTimer(handOverWait)
	defer timer.Stop()
	select {
	case <-took:
	case <-timer.C:
		return resume(ErrHandOver)
	case <-ctx.Done():
		return resume(ctx.Err())
	}
	line := HandOverWords(mineName, to.Name)
	if err := t.host.EndHandedOver(line, "online: "+line); err != nil {
		return resume(err)
	}
	link = t.Link(base)
	t.Close()
	ForgetRoom(t.keep.st, r.Key())
	tokens{device: t.keep.st, key: r.Key()}.set(mine)
	return link, nil
}

// takeTable keeps the table the host handed to this device, as a hosted
// room of its own, and tells the host so. A table for another room, for
// another player's seat, or that does not open, is not taken: the host
// then goes on hosting.
func (j *Joining) takeTable(table []byte, g *session.Guest) {
	var r Saved
	err := json.Unmarshal(table, &r)
	switch {
	case err != nil:
		err = errorf("the table handed over cannot be read (%v)", err)
	case r.RoomPart == nil:
		err = newError("the table handed over is no room")
	case r.Room.ID != j.room.ID || r.Room.Secret != j.room.Secret:
		err = newError("the table handed over is another room's")
	case r.Save == nil || r.Token == "" || r.Token != j.tokens.get():
		err = newError("the table handed over is not for this player's seat")
	case j.tokens.device == nil:
		err = newError("this device keeps no rooms")
	default:
		if _, err = rules.Lookup(r.Game); err == nil {
			r.ID = ""
			err = StoreSaved(j.tokens.device, &r)
		}
	}
	if err != nil {
		j.set(func(v *View) {
			v.Notice = "The host tried to hand you the table, and it could not be kept here: " + Words(err)
		})
		return
	}
	key := r.Key()
	j.hostsNow.Store(&key)
	g.TookOver()
}
