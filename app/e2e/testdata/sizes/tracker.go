//go:build tracker

package main

import (
	"context"

	"longhall/app/signal"
)

func init() {
	layers = append(layers, func() {
		ctx := context.Background()
		rm, _ := signal.NewRoom()
		sig := signal.Race{Signalers: []signal.Signaler{signal.Broadcast{}, signal.Tracker{URL: app0()}}}
		sig.Call(ctx, rm, app0())
		if l, err := sig.Listen(ctx, rm); err == nil {
			l.Accept(ctx)
		}
		signal.ParseLink(app0(), rm.Issued)
		signal.DecodeOffer(signal.EncodeAnswer(app0()))
	})
}
