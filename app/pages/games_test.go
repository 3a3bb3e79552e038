package pages

// The games the tests play, as package main registers them.
import (
	"html"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"longhall/rules"

	_ "longhall/app/northerners"
	_ "longhall/app/raiders"
	_ "longhall/app/rednorth"
	_ "longhall/app/vikings"
)

// The set-up page says in a sentence why a balanced start exists and what
// it changes, under the option, for every game that offers one.
func TestTheSetupPageSaysWhyABalancedStartExists(t *testing.T) {
	for _, id := range []string{"raiders", "vikings", "northerners"} {
		t.Run(id, func(t *testing.T) {
			g, err := rules.Lookup(id)
			if err != nil {
				t.Fatal(err)
			}
			info := g.Info()
			p := &gamePage{game: g, options: map[string]string{}, seats: make([]rules.SeatInfo, info.MinPlayers)}
			page := app.HTMLString(p.renderSetup(info))
			found := false
			for _, o := range info.Options {
				if !slices.ContainsFunc(o.Choices, func(c string) bool { return strings.HasPrefix(c, "balanced") }) {
					continue
				}
				found = true
				if o.About == "" || !strings.Contains(page, `option-about">`+html.EscapeString(o.About)) {
					t.Errorf("the set-up page does not say why %q exists (About %q)", o.Label, o.About)
				}
			}
			if !found {
				t.Errorf("%s offers no balanced start", id)
			}
		})
	}
}
