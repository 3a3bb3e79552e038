package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"longhall/rules"
)

// handle deals with one message from a peer. Checks run cheapest first: the
// rate limit before the size, the size before decoding.
func (h *Host) handle(p *peer, data []byte) {
	if p.closed {
		return
	}
	if !p.local && !p.msgs.Allow() {
		h.refuse(p, h.floodedIntent(p, data), errorf(CodeFlood, "too many messages; slow down"))
		return
	}
	env, e := decode(data)
	if e != nil {
		h.refuse(p, 0, e)
		if e.Code == CodeVersion && p.member == nil {
			// A client that speaks another version cannot join at all;
			// the host's player is told who, and whose app is older.
			if h.opts.OnProtocol != nil && !p.local {
				h.opts.OnProtocol(helloName(env, h.lim.NameRunes), env.V)
			}
			h.drop(p, nil)
		}
		return
	}
	switch env.Kind {
	case KindHello, KindIntent, KindSit, KindStand, KindReady, KindChat, KindPing, KindResync, KindPrefs, KindClaim, KindTookOver:
	default:
		h.refuse(p, 0, errorf(CodeBadKind, "unknown message kind %q", truncate(clean(env.Kind), 32)).with(Args{Kind: truncate(clean(env.Kind), 32)}))
		return
	}
	if env.Kind == KindHello {
		if p.member != nil {
			h.refuse(p, 0, errorf(CodeAlreadyJoined, "you have already said hello"))
			return
		}
		h.hello(p, env)
		return
	}
	if p.member == nil {
		h.refuse(p, 0, errorf(CodeHelloFirst, "say hello first"))
		return
	}
	switch env.Kind {
	case KindIntent:
		h.intent(p, env)
	case KindSit:
		h.sit(p, env)
	case KindStand:
		h.stand(p, env)
	case KindReady:
		h.ready(p, env)
	case KindChat:
		h.chat(p, env)
	case KindPrefs:
		h.prefs(p, env)
	case KindClaim:
		h.claim(p, env)
	case KindTookOver:
		h.tookOver(p)
	case KindResync:
		if h.started {
			p.held.forget() // the whole view
			h.sendState(p, nil)
		}
	case KindPing:
		var m Ping
		if e := body(env, &m); e != nil {
			h.refuse(p, 0, e)
			return
		}
		h.send(p, KindPong, Pong(m))
	}
}

func (h *Host) hello(p *peer, env Envelope) {
	var m Hello
	if e := body(env, &m); e != nil {
		h.refuse(p, 0, e)
		return
	}
	name := truncate(clean(m.Name), h.lim.NameRunes)
	if name == "" {
		name = "Guest"
	}
	if h.banned[m.Token] {
		h.drop(p, kicked(KickRemoved, Args{}, "session: the host has removed you from this room"))
		return
	}
	if c, ok := h.keptOut(m.Token); ok {
		h.drop(p, kicked(KickCutOff, Args{Why: c.why, Limit: secondsUntil(c.until)}, fmt.Sprintf("session: you were cut off (%s); you may come back in %d seconds", cutOffWords[c.why], secondsUntil(c.until))))
		return
	}
	mem := h.byToken[m.Token]
	if mem != nil && mem.local && !p.local {
		// The host's own player's token never goes on the wire; a copied
		// storage or a shared device may leak it, and must not unseat
		// the one device that runs the game.
		h.refuse(p, 0, errorf(CodeHostSeat, "that player plays on the host's own device"))
		h.drop(p, kicked(KickHostSeat, Args{}, "session: that player plays on the host's own device"))
		return
	}
	if m.Token == "" || mem == nil {
		seat := rules.Spectator
		if !h.started {
			seat = h.emptySeat()
		}
		if seat == rules.Spectator && !p.local && h.spectators() >= h.lim.MaxSpectators {
			h.refuse(p, 0, errorf(CodeFull, "the room is full"))
			h.drop(p, nil)
			return
		}
		token := m.Token
		if !proposable(token) || !h.free(token) {
			token = h.newToken()
		}
		mem = h.newMember(token, name, seat)
		if seat >= 0 {
			h.seats[seat].m = mem
		}
	}
	if mem != nil && m.Resume != 0 && mem.peer != nil && mem.link != m.Resume {
		// A link that dropped comes back after another one took the seat
		// (the player moved to another tab or device): the seat stays
		// there until the player asks for it here (a hello without Resume).
		h.drop(p, kicked(KickElsewhere, Args{}, "session: you play this seat from elsewhere now"))
		return
	}
	old := mem.peer
	h.lastLink++
	mem.name, mem.peer, mem.local, mem.link, mem.build = name, p, p.local, h.lastLink, m.Build
	p.member = mem
	if p.stopHello != nil {
		p.stopHello()
	}
	if old != nil {
		// The same token again: a reload or a new link after a drop.
		// The newest connection wins.
		h.drop(old, kicked(KickElsewhere, Args{}, "session: you connected again from elsewhere"))
	}
	h.send(p, KindWelcome, Welcome{You: mem.id, Seat: mem.seat, Token: mem.token, Seq: mem.lastSeq, Link: mem.link, Build: h.build})
	h.dirty = true
	h.flushLobby()
	if h.started {
		h.sendTable(p)
	}
	if h.paused {
		h.send(p, KindPaused, Paused{Reason: h.reason})
	}
}

// proposable says a token a guest proposes on its first visit may be
// its own (README: hello): 16 to 128 printable ASCII characters, spaces
// aside, as hard to guess as the host's own (rand.Text's 26). A guest that
// proposes one before its first welcome, and keeps it, finds its seat
// again when that hello or its welcome is lost and it says hello again.
func proposable(token string) bool {
	if len(token) < 16 || len(token) > 128 {
		return false
	}
	for i := range len(token) {
		if token[i] <= ' ' || token[i] > '~' {
			return false
		}
	}
	return true
}

// helloName is the name a hello of another protocol version gives, read
// as this version reads one ("" when it is not a hello, or reads
// otherwise): clean, and at most n runes.
func helloName(env Envelope, n int) string {
	var m struct {
		Name string `json:"name"`
	}
	if env.Kind != KindHello || json.Unmarshal(env.Body, &m) != nil {
		return ""
	}
	return truncate(clean(m.Name), n)
}

// floodedIntent returns the seq of an intent refused by the rate limit
// when it is the next one expected, and uses that number up: otherwise the
// guest's every later intent would skip ahead and be refused too. Any other
// message gives 0.
func (h *Host) floodedIntent(p *peer, data []byte) int64 {
	if p.member == nil {
		return 0
	}
	env, e := decode(data)
	if e != nil || env.Kind != KindIntent {
		return 0
	}
	var in Intent
	if body(env, &in) != nil || in.Seq != p.member.lastSeq+1 {
		return 0
	}
	p.member.lastSeq = in.Seq
	return in.Seq
}

func (h *Host) intent(p *peer, env Envelope) {
	var in Intent
	if e := body(env, &in); e != nil {
		h.refuse(p, 0, e)
		return
	}
	m := p.member
	switch {
	case in.Seq <= m.lastSeq:
		h.refuse(p, in.Seq, errorf(CodeReplayed, "intent %d was already received (the last was %d)", in.Seq, m.lastSeq).with(Args{Last: m.lastSeq}))
		return
	case in.Seq > m.lastSeq+1:
		h.refuse(p, in.Seq, errorf(CodeOutOfOrder, "intent %d arrived before intent %d", in.Seq, m.lastSeq+1).with(Args{Last: m.lastSeq}))
		return
	}
	m.lastSeq = in.Seq
	var e *Error
	switch {
	case !h.started:
		e = errorf(CodeNotStarted, "the game has not started yet")
	case m.seat == rules.Spectator:
		e = errorf(CodeWrongSeat, "you are watching, not playing").with(Args{Why: WhyWatching, Seat: in.Seat, Held: m.seat})
	case in.Seat != m.seat:
		e = errorf(CodeWrongSeat, "you sit in seat %d, not seat %d", m.seat, in.Seat).with(Args{Seat: in.Seat, Held: m.seat})
	case h.paused:
		e = errorf(CodePaused, "the game is paused")
	case h.state.Result() != nil:
		e = errorf(CodeGameOver, "the game is over")
	}
	if e == nil && in.Action.Kind == UndoKind {
		e = h.takeBack(in.Seat)
		if e == nil {
			return
		}
	}
	if e == nil && in.Step < h.undoneAt {
		e = errorf(CodeTakenBack, "a move was taken back just before yours arrived; look at the table again")
	}
	if e == nil && in.Step < h.answeredAt[in.Seat] {
		// Its time ran out, or an automatic answer was given, after the
		// player decided: what they chose answered a question that is
		// gone, and the rules may well take it as the answer to the next
		// one (a Pass in the next window of reactions), which they never
		// saw.
		e = errorf(CodeMovedOn, "your answer came after the table had answered for you; look at it again").with(Args{Why: WhyAnswered})
	}
	if e != nil {
		h.refuse(p, in.Seq, e)
		return
	}
	events, err := h.play(in.Seat, in.Action, byPerson)
	if err != nil {
		e := ruleError(err)
		if in.Step < h.step && e.Code == CodeIllegal {
			// Decided on a table that has changed since (another seat
			// moved, a bot, a time that ran out): the seat is asked
			// something else now, and what the player chose was open
			// when they chose it. (Asked nothing now, it is not their
			// turn, whenever they decided.)
			e = errorf(CodeMovedOn, "the table moved on before your move arrived; look at it again")
		}
		h.refuse(p, in.Seq, e)
		return
	}
	h.applied(events, p)
	if h.opts.Timing != nil {
		h.opts.Timing(ActionTimes{ToActor: h.toActor, Total: time.Since(h.arrived)})
	}
}

// ruleError turns a refusal from the rules into a protocol error.
func ruleError(err error) *Error {
	code := CodeIllegal
	switch {
	case errors.Is(err, rules.ErrGameOver):
		code = CodeGameOver
	case errors.Is(err, rules.ErrNotPending):
		code = CodeNotYourTurn
	}
	var a Args
	if re, ok := errors.AsType[*rules.Error](err); ok {
		a.Game, a.Reason = re.Game, re.Msg // the game's words; else the code says it all
	}
	return &Error{Code: code, Args: &a, Text: "session: move refused: " + err.Error()}
}

func (h *Host) chat(p *peer, env Envelope) {
	var c Chat
	if e := body(env, &c); e != nil {
		h.refuse(p, 0, e)
		return
	}
	text := clean(c.Text)
	switch {
	case text == "":
		h.refuse(p, 0, errorf(CodeBadChat, "an empty chat line"))
		return
	case utf8.RuneCountInString(text) > h.lim.ChatRunes:
		h.refuse(p, 0, errorf(CodeTooLong, "chat lines are at most %d characters", h.lim.ChatRunes).with(Args{Limit: h.lim.ChatRunes}))
		return
	case !p.local && !p.chats.Allow():
		h.refuse(p, 0, errorf(CodeChatRate, "you are chatting too fast"))
		return
	}
	m := p.member
	h.broadcast(KindChat, Chat{From: m.id, Name: m.name, Seat: m.seat, Text: text})
}

// refuse answers a message with an error, and drops a peer that keeps
// breaking the protocol.
func (h *Host) refuse(p *peer, seq int64, e *Error) {
	h.send(p, KindError, e.msg(seq))
	if strikeCodes[e.Code] && !p.local {
		p.strikes++
		if p.strikes >= h.lim.MaxStrikes {
			why := WhyStrikes
			if e.Code == CodeFlood {
				why = WhyFlood
			}
			h.cutOff(p, why)
		}
	}
}

// send encodes and sends one message to one peer.
func (h *Host) send(p *peer, kind string, body any) {
	data, err := encode(kind, body)
	if err == nil && len(data) > MaxMessageSize {
		err = failf("%s message of %d bytes is too big", kind, len(data))
	}
	if err != nil {
		h.logf("%v", err)
		if kind != KindError {
			h.send(p, KindError, errorf(CodeInternal, "the host could not send you a message").msg(0))
		}
		return
	}
	h.sendData(p, data)
}

// sendData sends an encoded message; a peer whose link fails is dropped.
func (h *Host) sendData(p *peer, data []byte) {
	if p.closed {
		return
	}
	if err := p.conn.Send(data); err != nil {
		h.drop(p, nil)
	}
}

// broadcast sends one message to every peer that has said hello.
func (h *Host) broadcast(kind string, body any) {
	for p := range h.peers {
		if p.member != nil {
			h.send(p, kind, body)
		}
	}
}

// kicked is the message that tells a guest why its link is closed.
func kicked(why string, a Args, reason string) *Kicked {
	return &Kicked{Reason: reason, Why: why, Args: &a}
}

// drop closes a peer's connection, telling it why when k is not nil.
func (h *Host) drop(p *peer, k *Kicked) {
	if p.closed {
		return
	}
	p.closed = true
	if k != nil {
		if data, err := encode(KindKicked, k); err == nil {
			p.conn.Send(data)
		}
	}
	p.conn.Close()
	h.detach(p)
}

// detach forgets a closed connection. A seated member keeps its seat for
// when it comes back; a spectator is forgotten.
func (h *Host) detach(p *peer) {
	delete(h.peers, p)
	if p.stopHello != nil {
		p.stopHello()
	}
	if m := p.member; m != nil && m.peer == p {
		m.peer = nil
		if m.seat == rules.Spectator {
			h.forget(m)
		}
		h.dirty = true
	}
}
