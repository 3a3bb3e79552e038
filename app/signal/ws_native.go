//go:build !js

package signal

import (
	"context"

	"github.com/coder/websocket"
)

// coderSocket is a socket on coder/websocket.
type coderSocket struct{ c *websocket.Conn }

func dialSocket(ctx context.Context, u string) (socket, error) {
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(maxFrame)
	return coderSocket{c}, nil
}

func (s coderSocket) read(ctx context.Context) ([]byte, error) {
	_, p, err := s.c.Read(ctx)
	return p, err
}

func (s coderSocket) writeText(ctx context.Context, p []byte) error {
	return s.c.Write(ctx, websocket.MessageText, p)
}

func (s coderSocket) closeNow() { s.c.CloseNow() }
