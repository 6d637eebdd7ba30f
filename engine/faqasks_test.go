package engine

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestFAQAsksExample checks when an FAQ's yes or no answers a question:
// its first question, or its page, holds every page the question's asking
// clause names but a class word ("estado"); or an example question of it
// ("Por ejemplo, …, ¿…?") holds every unit of the asking clause and every
// page the question names. An example naming a State does not answer
// another question about that State.
func TestFAQAsksExample(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	stack := "¿Los MOD de Estados se apilan entre ellos? Por ejemplo, si una Tropa en IMM-B y en Estado Marcado, ¿aplicarían un MOD de -6 a todas las Tiradas de Reset?"
	tokens := "¿La Orden proporcionada por una Tropa Aislada puede ser convertida en una Orden Regular con un Token de Mando?"
	for _, tc := range []struct {
		q, page, faq string
		want         bool
	}{
		{"Si una Tropa está en Inmovilizado-B y Marcado a la vez, ¿aplica un MOD de -6 a las Tiradas de Reset?", "Esquivar", stack, true},
		{"Si una Tropa está en Inmovilizado-B y Marcado a la vez, ¿aplica un MOD de -3 a las Tiradas de Reset?", "Esquivar", stack, false},
		{"¿Una Tropa en estado Marcado aplica un MOD de -3 a las Tiradas de Esquivar?", "Esquivar", stack, false},
		{"Does Targeted State give a MOD to the attacker?", "Esquivar", stack, false},
		{"¿Se puede convertir en Regular con un Token de Mando la Orden de una Tropa en estado Aislado?", "Tokens de Mando", tokens, true},
		{"¿Se puede convertir en Regular con un Token de Mando la Orden de una Tropa en estado Aislado?", "Aislado",
			"¿La Orden de una Tropa Aislada puede ser convertida en una Orden Regular?", false},
	} {
		q := e.analyze(prose(tc.q))
		d := &candidate{faq: &wikirules.FAQ{Question: tc.faq, Answer: "A: No."}, page: tc.page, lang: "es", pageKeys: keySet(tc.page)}
		if got := faqAsks(q, d); got != tc.want {
			t.Errorf("faqAsks(%q, %.40q on %s) = %v, want %v", tc.q, tc.faq, tc.page, got, tc.want)
		}
	}
}

// TestAttributeKeys checks that an FAQ asking which Attribute a roll uses
// holds the Attributes a judge names as the choice ("ARM or BTS"), in
// either language, and that a question naming no Attribute's class holds
// none.
func TestAttributeKeys(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze(prose("Combat Jump (Explosion) hits my trooper: does he save with ARM or BTS?"))
	for _, tc := range []struct {
		faq  string
		want bool
	}{
		{"¿Qué Atributo se usa para la Tirada de Salvación en Salto de Combate (Explosión)?", true},
		{"Which Attribute is used for the Saving Roll of a Combat Jump (Explosion)?", true},
		{"¿Qué Tirada de Salvación se hace en Salto de Combate (Explosión)?", false},
	} {
		c := &candidate{faq: &wikirules.FAQ{Question: tc.faq}, page: "Salto de Combate", qkeys: attributeKeys(keySet(tc.faq))}
		e.describe(c)
		if got := e.coverage(q, c, c.qkeys) >= faqForwardMin; got != tc.want {
			t.Errorf("coverage of %q by %q = %.2f, want at least %.2f: %v", q.text, tc.faq, e.coverage(q, c, c.qkeys), faqForwardMin, tc.want)
		}
	}
}
