//go:build nostr

package main

import (
	"context"

	"longhall/app/signal"
)

func init() {
	layers = append(layers, func() {
		rm, _ := signal.NewRoom()
		signal.Nostr{URL: app0()}.Call(context.Background(), rm, app0())
	})
}
