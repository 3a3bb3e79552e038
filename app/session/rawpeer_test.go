package session

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// rawPeer speaks the wire format by hand, to send what a real Guest never
// would.
type rawPeer struct {
	t    testing.TB
	conn Conn
	sent int
}

// attachRaw connects a raw peer to the host (no hello yet).
func attachRaw(t testing.TB, h *Host) *rawPeer {
	t.Helper()
	a, b := Pipe()
	if err := h.Attach(a); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return &rawPeer{t: t, conn: b}
}

// joinRaw connects a raw peer and says hello; it returns the welcome.
func joinRaw(t testing.TB, h *Host, name string) (*rawPeer, Welcome) {
	t.Helper()
	r := attachRaw(t, h)
	r.msg(KindHello, Hello{Name: name})
	var w Welcome
	r.until(KindWelcome, &w)
	return r, w
}

func (r *rawPeer) send(data string) {
	r.t.Helper()
	r.sent++
	if err := r.conn.Send([]byte(data)); err != nil {
		r.t.Fatalf("send: %v", err)
	}
}

func (r *rawPeer) msg(kind string, body any) {
	r.t.Helper()
	data, err := encode(kind, body)
	if err != nil {
		r.t.Fatal(err)
	}
	r.send(string(data))
}

// next returns the next message, or an error once the link is closed.
func (r *rawPeer) next() (Envelope, error) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	data, err := r.conn.Recv(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		r.t.Fatal("timed out waiting for a message from the host")
	}
	if err != nil {
		return Envelope{}, err
	}
	var env Envelope
	if err := json.Unmarshal(data, &env); err != nil {
		r.t.Fatalf("host sent bad JSON %q: %v", data, err)
	}
	if env.V != ProtocolVersion {
		r.t.Fatalf("host sent version %d", env.V)
	}
	return env, nil
}

// until skips messages up to the next one of kind and decodes its body.
func (r *rawPeer) until(kind string, v any) Envelope {
	r.t.Helper()
	for {
		env, err := r.next()
		if err != nil {
			r.t.Fatalf("link closed (%v) while waiting for %s", err, kind)
		}
		if env.Kind == kind {
			if v != nil {
				if err := json.Unmarshal(env.Body, v); err != nil {
					r.t.Fatal(err)
				}
			}
			return env
		}
	}
}

// expectError skips to the next error message and checks its code.
func (r *rawPeer) expectError(code string) ErrorMsg {
	r.t.Helper()
	var e ErrorMsg
	r.until(KindError, &e)
	if e.Code != code {
		r.t.Fatalf("error %q (%s), want code %q", e.Code, e.Text, code)
	}
	if !strings.HasPrefix(e.Text, "session: ") {
		r.t.Errorf("error text %q does not start with \"session: \"", e.Text)
	}
	return e
}

// expectClosed reads until the host closes the link, returning the reason
// of a kicked message if one came.
func (r *rawPeer) expectClosed() string {
	r.t.Helper()
	return r.expectKicked().Reason
}

// expectKicked reads until the link closes and returns the kicked
// message that came before (zero when none did).
func (r *rawPeer) expectKicked() Kicked {
	r.t.Helper()
	var k Kicked
	for {
		env, err := r.next()
		if err != nil {
			return k
		}
		if env.Kind == KindKicked {
			json.Unmarshal(env.Body, &k)
		}
	}
}
