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
