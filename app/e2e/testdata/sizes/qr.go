//go:build qr

package main

import "longhall/app/signal"

func init() {
	layers = append(layers, func() {
		if q, err := signal.NewQR(app0()); err == nil {
			println(q.SVG())
		}
	})
}
