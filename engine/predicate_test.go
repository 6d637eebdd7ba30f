package engine

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestAsksLikeFAQ checks that an FAQ asking how something is done (its
// verb: "apilan") answers a question asking how, or holding that verb,
// and not one asking something else of the same things; and that an FAQ
// asking how something works, or asking yes or no, is not held to a verb.
func TestAsksLikeFAQ(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const stackA = "El texto de la caja Importante tiene prioridad sobre los ejemplos: sólo sufre un MOD de -3, no de -6."
	const stack = "¿Cómo se apilan los MOD de Esquivar por Armas Posicionables, Plantillas fuera de LDT y ORAs a Tropas dentro de ZC, pero fuera de LDT?"
	for _, tc := range []struct {
		judge, faq, answer string
		want               bool
	}{
		{"What LoF arc does a Mine have?", stack, stackA, false},
		{"Can a Mine be discovered?", stack, stackA, false},
		{"Do the Dodge MODs of a Deployable Weapon and a template stack?", stack, stackA, true},
		{"¿Cómo se aplican los MOD de Esquivar contra una Mina?", stack, stackA, true},
		// A number of what is asked, the answer gives: the MOD stacking leaves.
		{"What MOD do I apply when dodging a mine I can't see?", stack, stackA, true},
		{"What MOD do I apply when dodging a mine I can't see?", stack, "El texto de la caja Importante tiene prioridad sobre los ejemplos.", false},
		{"Can a Sepsitor affect a Total Immunity trooper?", "¿Cómo funciona Inmunidad (Total) con armas de Plasma y con Sepsitor?", "", true},
		{"My Berserk trooper is part of a Fireteam. Can he still use Berserk?", "¿Se puede declarar Berserk mientras se está en un Fireteam?", "", true},
	} {
		q := e.analyze(tc.judge)
		if got := e.asksLikeFAQ(q, &wikirules.FAQ{Question: tc.faq, Answer: tc.answer}, q.keys()); got != tc.want {
			t.Errorf("asksLikeFAQ(%q, %.40q) = %v, want %v (predicate %v)", tc.judge, tc.faq, got, tc.want, e.predicate(tc.faq))
		}
	}
}
