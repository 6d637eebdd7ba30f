package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/lang"
)

// TestConditionContradicted checks that a condition comparing an amount
// with another degree than the question's case, or naming the opposite
// condition, is read as another case, and a condition of the question's
// own degree as its case.
func TestConditionContradicted(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	more := "En cambio, si la Tropa acumula más Heridas que el valor de su Atributo VITA/EST pasa entonces a estado Muerto."
	same := "Si un objetivo acumula tantas Heridas como indica el valor de su Atributo VITA/EST pasa entonces a estado Inconsciente."
	es, en := vocabFor("es"), vocabFor("en")
	for _, tc := range []struct {
		q, text      string
		v            *Vocabulary
		contra, meet bool
	}{
		{"En N5, si una tropa acumula tantas heridas como su VITA, ¿está muerta?", more, es, true, false},
		{"En N5, si una tropa acumula tantas heridas como su VITA, ¿está muerta?", same, es, false, true},
		{"If a trooper takes as many wounds as its VITA, is it dead?", more, es, true, false},
		{"Si una tropa acumula más heridas que su VITA, ¿está muerta?", more, es, false, true},
		// A question stating no degree contradicts none.
		{"¿Una tropa con heridas está muerta?", more, es, false, false},
		// Another amount compared: not the same condition.
		{"Si tengo tantas Órdenes como mi rival, ¿está muerta mi tropa?", more, es, false, false},
		// The opposite condition.
		{"Can the trooper Dodge in ARO?", "If it is the Active Turn, the trooper can Dodge.", en, true, false},
		{"Can the trooper Dodge in the Active Turn?", "If it is the Active Turn, the trooper can Dodge.", en, false, false},
	} {
		q := e.analyze(tc.q)
		if got := conditionContradicted(q, tc.text, tc.v); got != tc.contra {
			t.Errorf("%q on %q: conditionContradicted %v, want %v", tc.q, tc.text, got, tc.contra)
		}
		if got := conditionMeets(q, tc.text, tc.v); got != tc.meet {
			t.Errorf("%q on %q: conditionMeets %v, want %v", tc.q, tc.text, got, tc.meet)
		}
	}
}

// TestGuard2Answers checks the answers the guards of guard2.go keep from
// being confident and wrong: a rule for another case than the question's
// gives no verdict, and its page's rule for the question's case decides;
// an FAQ its twin page shows as withdrawn does not decide; a cap on every
// attack is not the number of a thing it does not name, while it answers
// a question asking for the cap.
func TestGuard2Answers(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	ask := func(q string) *Answer {
		t.Helper()
		a, err := e.Ask(ctx, q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	deciding := func(a *Answer) *Source {
		for i := range a.Sources {
			if a.Sources[i].Role == RoleDeciding {
				return &a.Sources[i]
			}
		}
		return nil
	}
	for _, q := range []string{"En N5, si una tropa acumula tantas heridas como su VITA, ¿está muerta?", "If a trooper takes as many wounds as its VITA, is it dead?"} {
		a := ask(q)
		if a.Verdict == "Sí" || a.Verdict == "Yes" {
			t.Errorf("%q: %q, want no yes", q, a.Verdict)
		}
	}
	q := "En N5, si una tropa acumula tantas heridas como su VITA, ¿está muerta?"
	if d := deciding(ask(q)); d == nil || !strings.Contains(d.Text, "tantas Heridas como") {
		t.Errorf("%q: deciding %+v, want the rule for as many Wounds", q, d)
	}
	q = "Can an isolated lieutenant still use his lieutenant special order?"
	if d := deciding(ask(q)); d != nil && d.Version != "" && strings.HasPrefix(d.Version, "1.0") {
		t.Errorf("%q: decided by the FAQ %q its twin page shows withdrawn", q, d.Version)
	}
	q = "What burst does a riotstopper have?"
	if a := ask(q); a.Verdict != NotFound {
		t.Errorf("%q: %q, want %q", q, a.Verdict, NotFound)
	}
	q = "What is the maximum burst of an attack?"
	if a := ask(q); !strings.Contains(a.Verdict, "6") {
		t.Errorf("%q: %q, want the cap of 6", q, a.Verdict)
	}
}

// TestOppositions: a question naming one side of an opposites pair gets
// the other side to look for in a text; one naming neither gets none (and
// restrictedAgainst reads no sentence for it).
func TestOppositions(t *testing.T) {
	ops := oppositions(lang.Words("¿Puedo declarar Esquivar en ORA si me disparan?"))
	found := false
	for _, x := range ops {
		if strings.Join(x[0], " ") == "en ora" && strings.Join(x[1], " ") == "turno activo" {
			found = true
		}
	}
	if !found {
		t.Errorf("oppositions of a question in ORA = %q, want the pair (en ora, turno activo)", ops)
	}
	if ops := oppositions(lang.Words("¿Puedo declarar Esquivar si me disparan?")); len(ops) != 0 {
		t.Errorf("oppositions of a question naming no condition = %q, want none", ops)
	}
}
