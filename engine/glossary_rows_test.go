package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestGlossaryVerbRows asks, over the corpus, questions whose deciding
// rule uses another word than the judge for the same act: "vuelven"
// against the rule's "volver a integrarse", "at range" against "Empleado
// a distancia", "levantar" (lift a state) against Unconscious's cancel by
// an Engineer. Each is found only through its row of docs/GLOSSARY.md.
func TestGlossaryVerbRows(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, want string }{
		{"En N4, las tropas que dejaron el Fireteam, ¿cuándo vuelven a él?", "volver a integrarse"},
		{"If I use a GizmoKit at range, which roll does its target make?", "Empleado a distancia"},
		{"¿Qué hace falta para levantar a una tropa Inconsciente que tiene EST?", "(STR) Attribute need an Engineer"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || !strings.Contains(d.Text, tc.want) {
			t.Errorf("%q: deciding %+v, want the rule holding %q", tc.q, d, tc.want)
		}
	}
}
