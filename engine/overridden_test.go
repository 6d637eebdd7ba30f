package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestAskOverriddenSet checks that only a source speaking of the deciding
// rule is shown as overridden (issue 7, precision defect 1): for the Dodge
// errata, the "Ejemplo Esquivar y Arma Posicionable" whose seefaq note
// points to it, and not Sexto Sentido's exception, Inmovilizado-A's effect
// and cancellation or the Condiciones de Visibilidad rules, which are
// relevant to the words of the question but are other rules.
func TestAskOverriddenSet(t *testing.T) {
	e := sampleEngine(t)
	for _, q := range []string{
		"¿Qué MOD aplico al Esquivar una mina que no veo?",
		"¿Qué MOD aplico al esquivar una mina sin LDT?",
		"¿Se apilan los MOD de Esquivar por Arma Posicionable y plantilla fuera de LDT?",
		"dodging a mine without LoF",
		"What MOD do I apply when dodging a mine I can't see?",
		"Dodging a mine without LoF: is the modifier -3 or -6?",
	} {
		a, err := e.Ask(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Kind != wikirules.KindErrata || d.Page != "Esquivar" {
			t.Errorf("%q: deciding = %+v, want the Esquivar errata", q, d)
			continue
		}
		var got []string
		for _, s := range a.ByRole(RoleOverridden) {
			got = append(got, s.Citation.String())
		}
		ov := a.ByRole(RoleOverridden)
		if len(ov) != 1 || ov[0].Kind != wikirules.KindExample || ov[0].Page != "Esquivar" ||
			!strings.Contains(ov[0].Citation.String(), "Ejemplo Esquivar y Arma Posicionable") {
			t.Errorf("%q: overridden = %q, want exactly the Esquivar y Arma Posicionable example", q, got)
		}
	}
}

// TestModifiers checks the modifiers a text states with the attribute
// each applies to, which decide whether text gives "a different value of
// the same modifier" as the verdict.
func TestModifiers(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []modifier
	}{
		{"Para Esquivar un Arma de Plantilla careciendo de LDT hacia el atacante se debe aplicar un MOD de -3 a su Tirada de FIS.", []modifier{{"fis", "-3"}}},
		{"a excepción del MOD de FIS-6 del Estado Cegado", []modifier{{"fis", "-6"}}},
		{"El Zhanshi sólo sufre un MOD de -3, no de -6.", []modifier{{"", "-3"}}},
		{"aplicará un MOD de +3 a CD. Además, FIS -3", []modifier{{"cd", "+3"}, {"fis", "-3"}}},
	} {
		got := modifiers(tc.text)
		if len(got) != len(tc.want) {
			t.Errorf("modifiers(%q) = %v, want %v", tc.text, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("modifiers(%q) = %v, want %v", tc.text, got, tc.want)
			}
		}
	}
}
