package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestGlossaryVerbRows asks, over the corpus, questions whose deciding
// rule uses another word than the judge for the same act: "vuelven"
// against the rule's "volver a integrarse", "at range" against "Empleado
// a distancia", "levantar" (lift a state) against Unconscious's cancel by
// an Engineer, "affect" against Albedo's "no afecta a su portador". Each is found only through its row of docs/GLOSSARY.md.
func TestGlossaryVerbRows(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, want string }{
		{"En N4, las tropas que dejaron el Fireteam, ¿cuándo vuelven a él?", "volver a integrarse"},
		{"If I use a GizmoKit at range, which roll does its target make?", "Empleado a distancia"},
		{"¿Qué hace falta para levantar a una tropa Inconsciente que tiene EST?", "(STR) Attribute need an Engineer"},
		{"Does the White Noise Zone of Albedo affect the trooper carrying it?", "no afecta a su portador"},
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

// TestGlossaryGatherRows asks questions whose answering text is gathered
// only through a row of docs/GLOSSARY.md, and checks it is among the
// first three sources: "usos" of a Spanish question against the English
// Mines profile's "Disposable (3)" (the number of uses); "subir" against
// Trepar's "mover en vertical escalando"; "Shock" alone, as judges say it,
// against the Tenaz Recuerda box on "La Munición Shock"; "rooftop" against
// the Combat Jump FAQ's "azotea".
func TestGlossaryGatherRows(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, want string }{
		{"¿Cuántos usos tiene una Mina?", "Disposable (3)"},
		{"¿Cuánto puede subir una tropa con una Orden de Trepar?", "escalando el primer valor"},
		{"Le meto Shock a una tropa que tiene Tenaz activado, ¿qué pasa?", "La Munición Shock también cancela"},
		{"I Combat Jump onto a rooftop next to a low wall. Do I get Partial Cover during that Order?", "no obtiene Cobertura Parcial durante esa Orden"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for i, s := range a.Sources {
			if i < 3 && strings.Contains(s.Text, tc.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no source of the first three holds %q", tc.q, tc.want)
		}
	}
}

// TestGlossaryRowsInCorpus checks that each term of the rows of
// docs/GLOSSARY.md that widen what a question gathers is written in the
// corpus (the seeds and the wiki-pages excerpts, folded): a row of words
// no text holds expands a question into nothing it could find.
func TestGlossaryRowsInCorpus(t *testing.T) {
	var corpus strings.Builder
	for _, dir := range []string{"../sample/seeds", wikiPagesDir} {
		files, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(dir, f.Name()))
			if err != nil {
				t.Fatal(err)
			}
			corpus.WriteString(" " + strings.Join(lang.Words(string(b)), " ") + " ")
		}
	}
	text := corpus.String()
	for _, term := range []string{
		"afectar", "afecta", "afectan", "afectado", "afectada", "affect", "affects", "affected",
		"usos", "Desechable", "uses", "Disposable",
		"subir", "escalar", "escalando",
	} {
		if !strings.Contains(text, " "+strings.Join(lang.Words(term), " ")+" ") {
			t.Errorf("glossary term %q: no text of the corpus holds it", term)
		}
	}
}

// TestGlossaryVerdictRows asks questions whose verdict is read only
// through a row of docs/GLOSSARY.md: "algo malo" against the Engineer
// rule's "no tiene consecuencias negativas" (malo = negativo), a no.
func TestGlossaryVerdictRows(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, page, want string }{
		{"Mi Ingeniero falla la tirada al intentar quitar el estado Aislado. ¿Tiene algo malo?", "Ingeniero", "No"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Page != tc.page || a.Verdict != tc.want {
			t.Errorf("%q: verdict %q from %+v, want %q from %s", tc.q, a.Verdict, d, tc.want, tc.page)
		}
	}
}
