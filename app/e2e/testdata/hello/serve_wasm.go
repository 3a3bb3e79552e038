//go:build wasm

package main

func serve() {}
