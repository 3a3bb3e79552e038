//go:build peer

package main

import (
	"context"

	"longhall/app/peer"
)

func init() {
	layers = append(layers, func() {
		ctx := context.Background()
		if o, err := peer.Dial(ctx, peer.Config{}); err == nil {
			if c, err := o.Accept(app0()); err == nil {
				c.Send([]byte("hi"))
				c.Recv(ctx)
			}
		}
		if a, err := peer.Answer(ctx, peer.Config{}, app0()); err == nil {
			a.Wait()
		}
	})
}
