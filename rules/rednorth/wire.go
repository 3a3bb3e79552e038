package rednorth

import (
	"encoding/json"
	"fmt"
)

// The view on the wire carries ids and numbers, not text every client
// already has: a card is its id, a God its id, an Outpost its colour and
// owner. Decoding fills the names, kinds, points and powers back in from
// the same tables the rules use, so boards read a whole CardView.

// MarshalJSON writes a card as its id.
func (c CardView) MarshalJSON() ([]byte, error) { return json.Marshal(c.ID) }

// UnmarshalJSON reads a card id and fills in the card's face.
func (c *CardView) UnmarshalJSON(b []byte) error {
	var id int
	if err := json.Unmarshal(b, &id); err != nil {
		return err
	}
	if !validCard(id) {
		return fmt.Errorf("rednorth: no card %d", id)
	}
	*c = cardView(id)
	return nil
}

// MarshalJSON writes a God as its id.
func (g GodView) MarshalJSON() ([]byte, error) { return json.Marshal(g.ID) }

// UnmarshalJSON reads a God id and fills in its name and power.
func (g *GodView) UnmarshalJSON(b []byte) error {
	var id int
	if err := json.Unmarshal(b, &id); err != nil {
		return err
	}
	if id < 0 || id >= NumGods {
		return fmt.Errorf("rednorth: no God %d", id)
	}
	*g = *godView(id)
	return nil
}

// outpostWire is an Outpost on the wire: its colour and owner.
type outpostWire struct {
	Colour string `json:"colour"`
	Owner  int    `json:"owner"`
}

// MarshalJSON writes an Outpost as its colour and owner.
func (o OutpostView) MarshalJSON() ([]byte, error) {
	return json.Marshal(outpostWire{Colour: o.Colour, Owner: o.Owner})
}

// UnmarshalJSON reads an Outpost's colour and owner and fills in the rest.
func (o *OutpostView) UnmarshalJSON(b []byte) error {
	var w outpostWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	c, ok := parseColour(w.Colour)
	if !ok {
		return fmt.Errorf("rednorth: no Outpost colour %q", w.Colour)
	}
	*o = OutpostView{Colour: w.Colour, Name: outpostInfos[c].Name, Power: outpostInfos[c].Power, Points: OutpostRaidPoints, Owner: w.Owner}
	return nil
}
