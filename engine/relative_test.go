package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestRelativeDistance: a question asking how far is answered by the
// rule that measures the move against another ("Troopers halve the
// distance they can move", Prone State), which gives no number nor unit,
// rather than by another text of the page.
func TestRelativeDistance(t *testing.T) {
	e := wikiEngine(t)
	for _, q := range []string{
		"How far can a Prone trooper move?",
		"En N5, ¿a qué distancia puede moverse una tropa Cuerpo a Tierra?",
	} {
		a, err := e.Ask(context.Background(), q, Options{Edition: wikirules.N5})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || !strings.Contains(d.Text, "halve the distance") {
			t.Errorf("%q: deciding %+v, want the rule that halves the distance", q, d)
		}
	}
}
