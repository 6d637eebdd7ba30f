package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestBannedUnder checks, on the corpus, that a sentence forbidding
// outright under the question's condition what the question asks of (the
// Importante box of Tokens de Mando: "No se permite el uso de los Tokens
// de Mando durante el Turno Reactivo") decides with a no over the
// Uso Táctico bullet that grants it in the Active Turn, and that the
// question asked of the Active Turn is still answered by the bullet.
func TestBannedUnder(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		q, kind, holds, verdict string
	}{
		{"¿Puedo gastar un Token de Mando en el Turno Reactivo para que mi tropa supere automáticamente una Tirada de Agallas?", string(wikirules.KindImportant), "Turno Reactivo", "No"},
		{"¿Se pueden gastar Tokens de Mando en Turno Reactivo para declarar una Orden Coordinada?", string(wikirules.KindImportant), "Turno Reactivo", "No"},
		{"¿Puedo gastar un Token de Mando en mi Turno Activo para que mi tropa supere automáticamente una Tirada de Agallas?", "", "Tirada de Agallas", "Sí"},
	} {
		a, err := e.Ask(ctx, c.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d == nil {
			t.Errorf("%s: no deciding source (verdict %q)", c.q, a.Verdict)
			continue
		}
		if c.kind != "" && string(d.Kind) != c.kind || !strings.Contains(d.Text, c.holds) {
			t.Errorf("%s: deciding %s %q, want a %q text holding %q", c.q, d.Kind, d.Text, c.kind, c.holds)
		}
		if a.Verdict != c.verdict {
			t.Errorf("%s: verdict %q, want %q", c.q, a.Verdict, c.verdict)
		}
	}
}
