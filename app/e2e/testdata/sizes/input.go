package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// app0 is an input the linker cannot know.
func app0() string { return app.Getenv("SIZES_INPUT") }
