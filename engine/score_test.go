package engine

import (
	"testing"

	"github.com/wikirules/wikirules"
)

// TestTranslatedFAQs checks that an FAQ in another language than the
// question is paired with its translation, and not with an FAQ asking
// something else or answering otherwise.
func TestTranslatedFAQs(t *testing.T) {
	e := sampleEngine(t)
	faq := func(l, question, answer string) *candidate {
		return &candidate{faq: &wikirules.FAQ{Question: question, Answer: answer}, lang: l}
	}
	en := faq("en", "Can the Order provided by an Isolated Trooper be transformed into a Regular Order with a Command Token?", "No.")
	es := faq("es", "¿La Orden proporcionada por una Tropa Aislada puede ser convertida en una Orden Regular con un Token de Mando?", "No.")
	yes := faq("es", "¿La Orden proporcionada por una Tropa Aislada puede ser convertida en una Orden Regular con un Token de Mando?", "Sí.")
	other := faq("es", "¿Puedo usar un Token de Mando para cancelar el estado Aislado?", "No.")
	q := query{lang: "es"}
	got := e.translatedFAQs(q, []*candidate{other, yes, en, es})
	if len(got) != 1 || got[en] != es {
		t.Errorf("translatedFAQs: got %v, want the English entry paired with its Spanish translation", got)
	}
	if got := e.translatedFAQs(query{lang: "en"}, []*candidate{other, yes, en}); got[other] != nil || got[yes] != nil {
		t.Errorf("translatedFAQs: paired an FAQ asking or answering otherwise: %v", got)
	}
}
