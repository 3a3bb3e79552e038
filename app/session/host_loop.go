package session

import "time"

// loop is the only goroutine that touches the host's state.
func (h *Host) loop() {
	defer close(h.done)
	defer h.wg.Wait()
	defer h.shutdown()
	for {
		select {
		case <-h.ctx.Done():
			return
		case f := <-h.cmds:
			f()
		case in := <-h.in:
			h.arrived = in.at
			h.heard(in.p, in.data, in.at)
			h.handle(in.p, in.data)
		case p := <-h.gone:
			if _, ok := h.peers[p]; ok {
				p.closed = true
				p.conn.Close()
				h.detach(p)
			}
		case r := <-h.botc:
			h.botDone(r)
		case <-h.beat.tick:
			h.checkBeats(time.Now())
		}
		h.flushLobby()
	}
}

func (h *Host) shutdown() {
	h.cancel()
	h.bot.drop()
	h.stopExpiry()
	h.planned.stop()
	h.stopBeat()
	for p := range h.peers {
		p.closed = true
		if p.stopHello != nil {
			p.stopHello()
		}
		p.conn.Close()
	}
}

// do runs f on the loop and waits for it.
func (h *Host) do(f func()) error {
	done := make(chan struct{})
	select {
	case h.cmds <- func() { f(); close(done) }:
	case <-h.ctx.Done():
		return ErrClosed
	}
	<-done
	return nil
}

// call runs f on the loop and returns its error.
func (h *Host) call(f func() error) error {
	var err error
	if e := h.do(func() { err = f() }); e != nil {
		return e
	}
	return err
}

// post hands f to the loop from a timer; it gives up when the host stops.
func (h *Host) post(f func()) {
	select {
	case h.cmds <- f:
	case <-h.ctx.Done():
	}
}

func (h *Host) read(p *peer) {
	defer h.wg.Done()
	for {
		data, err := p.conn.Recv(h.ctx)
		if err != nil {
			select {
			case h.gone <- p:
			case <-h.ctx.Done():
			}
			return
		}
		select {
		case h.in <- inbound{p, data, time.Now()}:
		case <-h.ctx.Done():
			return
		}
	}
}

// Close stops the host: every connection is closed and every goroutine the
// host started has ended when it returns.
func (h *Host) Close() error {
	h.cancel()
	<-h.done
	return nil
}

// Done is closed once the host has stopped.
func (h *Host) Done() <-chan struct{} { return h.done }

// Attach serves a new connection; the host owns it from now on and closes it
// when the peer leaves or the host stops. The peer must say hello within
// Limits.HelloTimeout.
func (h *Host) Attach(conn Conn) error { return h.attach(conn, false) }

// Local connects the host's own player through an in-memory pipe and
// returns its Guest, which the host's UI uses like any other guest's. The
// host's player is never rate-limited, dropped or kicked, and counts as ready.
// Pass the token of an earlier Local guest to retake its seat after Resume.
func (h *Host) Local(name, token string) (*Guest, error) {
	a, b := Pipe()
	if err := h.attach(a, true); err != nil {
		b.Close()
		return nil, err
	}
	return NewGuest(h.ctx, b, Hello{Name: name, Token: token, Build: h.build})
}

func (h *Host) attach(conn Conn, local bool) error {
	err := h.call(func() error {
		if !local && len(h.peers) >= h.lim.MaxPeers {
			e := errorf(CodeFull, "the room is full")
			if data, err := encode(KindError, e.msg(0)); err == nil {
				conn.Send(data)
			}
			conn.Close()
			return e
		}
		p := &peer{
			conn:  conn,
			local: local,
			msgs:  newBucket(h.lim.MsgBurst, h.lim.MsgRate),
			chats: newBucket(h.lim.ChatBurst, 1/h.lim.ChatEvery.Seconds()),
		}
		h.peers[p] = struct{}{}
		if !local {
			p.stopHello = time.AfterFunc(h.lim.HelloTimeout, func() {
				h.post(func() {
					if p.member == nil {
						h.drop(p, kicked(KickNoHello, Args{}, "session: no hello received in time"))
					}
				})
			}).Stop
		}
		h.wg.Add(1)
		go h.read(p)
		return nil
	})
	if err == ErrClosed {
		conn.Close()
	}
	return err
}
