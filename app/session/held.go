package session

import (
	"bytes"
	"encoding/json"
	"slices"

	"longhall/rules"
)

// heldView is the view a peer holds, by top-level field, as the host last
// sent it: the fields, the seat and the version. It decides whether the
// next state goes whole or as a patch of the fields that changed, and
// encodes it (encode). The host keeps one for each peer; it runs on the
// host's loop, as everything the host owns does.
type heldView struct {
	fields  map[string]json.RawMessage // nil before the first state, or when the next must be whole
	seat    rules.Seat
	version int
}

// forget makes the next state whole: on joining, reconnecting or asking to
// resync, and whenever the host cannot tell what the peer holds.
func (v *heldView) forget() { v.fields = nil }

// encode encodes st as a state message for a peer holding v: only the
// view's fields that changed since, with those gone dropped, or the whole
// view when the peer holds none of this seat's (or st's view is not a JSON
// object). Once the message is encoded, v is what the peer holds.
//
// The view and its fields are spliced into the message as they are: they
// are the host's own json.Marshal output, and letting encoding/json wrap
// them as raw messages would scan them all again, twice.
func (v *heldView) encode(st *seatState) ([]byte, error) {
	msg := st.msg
	var tail []byte // the view, or the patch, as the body's last member
	if v.fields != nil && st.fields != nil && v.seat == msg.Seat {
		for k := range v.fields {
			if _, ok := st.fields[k]; !ok {
				msg.Drop = append(msg.Drop, k)
			}
		}
		slices.Sort(msg.Drop)
		msg.Base = v.version
		tail = append(tail, `"patch":`...)
		tail = appendObject(tail, st.keys, st.fields, func(k string) bool {
			old, ok := v.fields[k]
			return !ok || !bytes.Equal(old, st.fields[k])
		})
	} else {
		tail = append(append(tail, `"view":`...), st.view...)
	}
	body, err := json.Marshal(msg)
	var data []byte
	if err == nil {
		// body is a JSON object with members: add the tail as one more.
		body = append(append(body[:len(body)-1], ','), tail...)
		data = envelope(KindState, append(body, '}'))
	}
	if err == nil && len(data) > MaxMessageSize {
		err = failf("the state of seat %d takes %d bytes, over the limit", msg.Seat, len(data))
	}
	if err == nil {
		v.fields, v.seat, v.version = st.fields, msg.Seat, st.version
	}
	return data, err
}
