package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestAskDecidesByWhatIsAsked checks the answers the issue found wrong: a
// rule that lists what a state allows decides over an FAQ that only
// shares its words, and the verdict is read from that rule.
func TestAskDecidesByWhatIsAsked(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()
	a, err := e.Ask(ctx, "Can I dodge while engaged?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Trabado" || d.Kind != wikirules.KindEffect || !strings.Contains(d.Text, "sólo pueden declarar") {
		t.Fatalf("deciding = %+v, want the Trabado bullet listing what may be declared", d)
	}
	if a.Verdict != "Yes" {
		t.Errorf("verdict = %q, want Yes (Esquivar is in the list)", a.Verdict)
	}
	a, err = e.Ask(ctx, "¿Se puede usar Trepar y Mover en la misma orden?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d != nil && d.FAQ != nil && strings.Contains(d.FAQ.Question, "esquina") {
		t.Errorf("deciding = the FAQ about corners: %s", d.Citation)
	}
	if strings.HasPrefix(a.Verdict, "Sí") {
		t.Errorf("verdict = %q: Trepar is an Entire Order, it does not combine", a.Verdict)
	}
}

// TestAskQuoteStandsAlone checks that a bullet is quoted under its lead-in
// (the rendered Integridad del Fireteam page: "… se cancela
// automáticamente en los siguientes casos:").
func TestAskQuoteStandsAlone(t *testing.T) {
	e := sampleEngine(t)
	a, err := e.Ask(context.Background(), "Si el Líder de Fireteam declara una ORA distinta a la del Fireteam, ¿qué pasa?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || !strings.Contains(d.Text, "declara una ORA distinta") {
		t.Fatalf("deciding = %+v, want the bullet on a different ARO", d)
	}
	if !strings.Contains(d.LeadIn, "se cancela automáticamente") || !strings.Contains(d.Quote, "se cancela automáticamente") || !strings.Contains(d.Quote, "\n- ") {
		t.Errorf("quote = %q (lead-in %q), want the bullet under its lead-in", d.Quote, d.LeadIn)
	}
}

// TestAskLanguageAndEdition checks that labels and notes follow the
// question's language and that the default edition is the newest one the
// knowledge base holds page by page: the deciding page's newest edition,
// named in a note (the seeds hold one N5 page, Módulo de Combate; Berserk
// and Trabado are N4 and CodeOne).
func TestAskLanguageAndEdition(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()
	for _, tc := range []struct{ q, lang, deciding, note string }{
		{"Can I declare Berserk while Engaged?", "en", "Deciding", "edition: N4,"},
		{"¿Se puede declarar Berserk estando trabado?", "es", "Decide", "edición: N4,"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Language != tc.lang || a.Labels.Deciding != tc.deciding {
			t.Errorf("%q: language %q, label %q; want %q, %q", tc.q, a.Language, a.Labels.Deciding, tc.lang, tc.deciding)
		}
		if a.Edition != "n4" || !a.EditionDefaulted || !strings.Contains(strings.Join(a.Notes, " "), tc.note) {
			t.Errorf("%q: edition %q (defaulted %v), notes %q; want n4 named", tc.q, a.Edition, a.EditionDefaulted, a.Notes)
		}
	}
}

// TestAskNotFoundNearest checks that an abstention names the pages to read
// and gives no deciding source.
func TestAskNotFoundNearest(t *testing.T) {
	e := sampleEngine(t)
	a, err := e.Ask(context.Background(), "¿Qué MOD impone el estado Aturdido y cómo se cancela?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Found || a.Verdict != NotFound || a.Deciding() != nil {
		t.Fatalf("found %v verdict %q deciding %+v, want not found", a.Found, a.Verdict, a.Deciding())
	}
	if len(a.Nearest) == 0 {
		t.Errorf("no nearest pages")
	}
}
