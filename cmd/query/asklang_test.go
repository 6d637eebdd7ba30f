package main

import (
	"strings"
	"testing"
)

// TestAskLabelsInQuestionLanguage checks that an answer to a Spanish
// question prints its kind labels, notes and FAQ or errata versions in
// Spanish (the citation's revision part stays as DESIGN.md fixes it),
// and one to an English question in English.
func TestAskLabelsInQuestionLanguage(t *testing.T) {
	es := runQuery(t, "ask", "¿Se puede declarar Berserk estando trabado?")
	for _, want := range []string{"(efecto)\n", "(errata)\n", "   ↳ nota: ", "(errata versión 1.0, enero 2021) — rev 2021-"} {
		if !strings.Contains(es, want) {
			t.Errorf("Spanish answer lacks %q:\n%s", want, es)
		}
	}
	for _, bad := range []string{"(effect)", "↳ note:", "errata version", "(rule)"} {
		if strings.Contains(es, bad) {
			t.Errorf("Spanish answer prints %q:\n%s", bad, es)
		}
	}
	en := runQuery(t, "ask", "Can Berserk be declared while Engaged?")
	for _, want := range []string{"(effect)\n", "(errata)\n", "   ↳ note: ", "(errata version 1.0, enero 2021) — rev 2021-"} {
		if !strings.Contains(en, want) {
			t.Errorf("English answer lacks %q:\n%s", want, en)
		}
	}
}

// TestAskWhyNamesConceptsInQuestionLanguage checks that the "why" line
// names the pages a question names in its language where the glossary
// pairs them: an English question on the Spanish page Trabado reads
// "Engaged".
func TestAskWhyNamesConceptsInQuestionLanguage(t *testing.T) {
	en := runQuery(t, "ask", "Can Berserk be declared while Engaged?")
	if !strings.Contains(en, "the question names Berserk, Engaged\n") {
		t.Errorf("English why line does not name Engaged:\n%s", en)
	}
	es := runQuery(t, "ask", "¿Se puede declarar Berserk estando trabado?")
	if !strings.Contains(es, "la pregunta nombra Berserk, Trabado\n") {
		t.Errorf("Spanish why line does not name Trabado:\n%s", es)
	}
}
