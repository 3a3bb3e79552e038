package session

import "time"

// The host's side of the heartbeat (see Heartbeat): it answers pings (in
// handle), and from a guest's first ping on it watches that guest's
// silence: away after Heartbeat.Away, its link closed after Heartbeat.Drop.
// A guest that never pings is never judged by its silence.

// peerBeat is what the host knows of one peer's heartbeat.
type peerBeat struct {
	heard time.Time // when its last message was read
	beats bool      // it has pinged, so its silence means something
	away  bool      // silent past Heartbeat.Away: shown as not connected
}

// hostBeat is the host's check of its peers' silence, which runs from the
// first ping any guest sends.
type hostBeat struct {
	hb     Heartbeat
	ticker *time.Ticker
	tick   <-chan time.Time // nil until then
}

// pingSize bounds the size of a message that may be a ping, so that the
// host decodes no other message twice.
const pingSize = 96

// heard notes a message from p, read at at: p is alive.
func (h *Host) heard(p *peer, data []byte, at time.Time) {
	p.beat.heard = at
	if !p.beat.beats && !p.local && len(data) <= pingSize {
		if env, e := decode(data); e == nil && env.Kind == KindPing {
			p.beat.beats = true
			h.startBeat()
		}
	}
	if p.beat.away {
		p.beat.away = false
		h.dirty = true
	}
}

func (h *Host) startBeat() {
	if h.beat.tick != nil {
		return
	}
	h.beat.hb = h.opts.Heartbeat.withDefaults()
	h.beat.ticker = time.NewTicker(max(h.beat.hb.Away/4, time.Millisecond))
	h.beat.tick = h.beat.ticker.C
}

func (h *Host) stopBeat() {
	if h.beat.ticker != nil {
		h.beat.ticker.Stop()
	}
}

// checkBeats shows as away the guests that keep the heartbeat and have
// fallen silent, and drops those silent for long. A dropped guest keeps
// its seat, as after any lost link, and is not told (it hears nothing).
func (h *Host) checkBeats(now time.Time) {
	for p := range h.peers {
		if p.local || p.closed || p.member == nil || !p.beat.beats {
			continue
		}
		switch silent := now.Sub(p.beat.heard); {
		case silent >= h.beat.hb.Drop:
			h.drop(p, nil)
		case silent >= h.beat.hb.Away && !p.beat.away:
			p.beat.away = true
			h.dirty = true
		}
	}
}
