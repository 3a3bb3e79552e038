package session

import (
	"fmt"
	"time"
)

// cutOffWords are the causes of a cut-off (WhyFlood, WhyStrikes) in
// English, for the room's chat and older guests.
var cutOffWords = map[string]string{WhyFlood: "too many messages too fast", WhyStrikes: "too many bad messages"}

// cutOff drops a guest that broke the limits (why: WhyFlood, WhyStrikes) and keeps its
// token out: Limits.CutOff the first time, twice as long each time after,
// and for the rest of the room at the Limits.CutOffs-th time, so that a
// flooder that reconnects at once is not back in its seat half a second
// later. Everyone in the room reads who was cut off and why.
func (h *Host) cutOff(p *peer, why string) {
	m := p.member
	if m == nil {
		h.drop(p, kicked(KickCutOff, Args{Why: why}, "session: "+cutOffWords[why]+"; you have been disconnected"))
		return
	}
	wait, n, out := h.countCutOff(m.token, why, h.lim.CutOff, h.lim.CutOffs)
	if out {
		h.system(fmt.Sprintf("%s was removed from the room: %s, %d times", m.name, cutOffWords[why], n))
		h.remove(m, kicked(KickRemoved, Args{Why: why}, "session: "+cutOffWords[why]+"; the host has removed you from this room"))
		return
	}
	secs := int(wait / time.Second)
	h.drop(p, kicked(KickCutOff, Args{Why: why, Limit: secs}, fmt.Sprintf("session: %s; you may come back in %d seconds", cutOffWords[why], secs)))
	h.system(fmt.Sprintf("%s was cut off for %d seconds: %s", m.name, secs, cutOffWords[why]))
}

// secondsUntil is the whole seconds left until t, at least 1.
func secondsUntil(t time.Time) int {
	return max(1, int((time.Until(t)+time.Second-1)/time.Second))
}

// system tells everyone in the room something the host's rules did, as a
// line of chat from nobody.
func (h *Host) system(text string) {
	h.broadcast(KindChat, Chat{From: -1, Seat: -1, Text: text, System: true})
}
