package engine

import (
	"strings"
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

// TestPrepositionAcrossLanguages: "against" of an English question is held
// by a Spanish rule saying "contra" (the Multispectral Visor's "realizan
// Tiradas Enfrentadas contra armas con la Munición Eclipse", "perform Face
// to Face Rolls against weapons with Eclipse Ammunition"): what a roll or
// an attack is against is what the rule is about, in either language.
func TestPrepositionAcrossLanguages(t *testing.T) {
	e := sampleEngine(t)
	for _, tc := range []struct{ question, word, text string }{
		{"Does Bioimmunity work against Comms Attacks?", "against", "Realizan Tiradas Enfrentadas contra armas con la Munición Eclipse."},
		{"¿Puedo reaccionar contra un Repetidor?", "contra", "Also perform Face to Face Rolls against weapons with Eclipse Ammunition."},
	} {
		q := e.analyze(tc.question)
		var u *unit
		for i := range q.units {
			if strings.EqualFold(q.units[i].typed, tc.word) {
				u = &q.units[i]
			}
		}
		if u == nil {
			t.Errorf("%q: no unit for %q", tc.question, tc.word)
			continue
		}
		if !u.holds(keySet(tc.text)) {
			t.Errorf("%q: %q (%q) is not held by %q", tc.question, tc.word, u.alts, tc.text)
		}
	}
}

// TestOneSidedTermAcrossLanguages: a glossary term whose translations are
// function words ("same" for "mismo, misma", stopwords of Spanish) is held
// by no text of the other language, as a plain word is not: it weighs as
// one against them (crossLanguage), where a term with a translation
// ("Dodge", "Esquivar") does not.
func TestOneSidedTermAcrossLanguages(t *testing.T) {
	e := sampleEngine(t)
	q := e.analyze("In CodeOne, does one Dodge let me avoid the attacks of several enemies in the same Order?")
	es := &candidate{lang: "es"}
	want := map[string]bool{"same": true, "Dodge": false}
	for i := range q.units {
		u := &q.units[i]
		w, ok := want[u.typed]
		if !ok {
			continue
		}
		delete(want, u.typed)
		if !u.term {
			t.Errorf("%q: not a glossary term", u.typed)
		}
		if got := crossLanguage(q, es, u); got != w {
			t.Errorf("crossLanguage(%q, a Spanish text) = %v, want %v", u.typed, got, w)
		}
	}
	for w := range want {
		t.Errorf("no unit %q", w)
	}
}
