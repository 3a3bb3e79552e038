package pages

// The games the tests play, as package main registers them.
import (
	_ "longhall/app/northerners"
	_ "longhall/app/raiders"
	_ "longhall/app/rednorth"
	_ "longhall/app/vikings"
)
