package engine

import (
	"context"
	"strings"
	"testing"
)

// TestNarrowerCase checks, on the corpus, that the text of the deciding
// page stating the narrower case the question sets (Ingeniero's "Fallar
// la Tirada Normal de VOL al tratar de cancelar otro estado… no tiene
// consecuencias negativas") decides over the general rule ("Si el
// ingeniero falla la Tirada Normal de VOL, el objetivo pierde 1 punto de
// EST"), which gives no verdict then; and that the question setting only
// the general case is still answered by the general rule.
func TestNarrowerCase(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		q, holds, verdict string
	}{
		{"Si el Ingeniero falla la Tirada de VOL al intentar cancelar el estado Inmovilizado-B, ¿el objetivo pierde 1 punto de EST?", "al tratar de cancelar otro estado", ""},
		{"Si el Ingeniero falla la Tirada de VOL, ¿el objetivo pierde 1 punto de EST?", "pierde 1 punto de EST", "Sí"},
	} {
		a, err := e.Ask(ctx, c.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d == nil || !strings.Contains(d.Text, c.holds) {
			t.Errorf("%s: deciding %v, want the text holding %q", c.q, d, c.holds)
			continue
		}
		if c.verdict != "" && a.Verdict != c.verdict || c.verdict == "" && a.Verdict == "Sí" {
			t.Errorf("%s: verdict %q", c.q, a.Verdict)
		}
	}
}
