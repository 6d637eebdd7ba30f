package engine

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestAsksLikeFAQ checks that an FAQ asking how something is done (its
// verb: "apilan") answers a question asking how, or holding that verb,
// and not one asking something else of the same things; and that an FAQ
// asking how something works is not held to a verb; and that a yes/no
// FAQ answers a yes/no question only when one holds a word of what the
// other asks (samePredicate).
func TestAsksLikeFAQ(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const stackA = "El texto de la caja Importante tiene prioridad sobre los ejemplos: sólo sufre un MOD de -3, no de -6."
	const isolatedFAQ = "Can the Order provided by an Isolated Trooper be transformed into a Regular Order with a Command Token?"
	const aisladoFAQ = "¿La Orden proporcionada por una Tropa Aislada puede ser convertida en una Orden Regular con un Token de Mando?"
	const firewallFAQ = "¿Cuándo se aplican los MODs de Firewall por Repetidores enemigos?"
	const firewallA = "Los MODs de Firewall se aplicarán sólo si se utiliza el Repetidor enemigo para usar un Programa de Hacker contra un Hacker enemigo. En caso de encontrase en Zona de Control de un Repetidor Enemigo, no es obligatorio usar el Repetidor enemigo."
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
		// A yes/no FAQ asks its predicate of the things it names: to be
		// transformed into a Regular Order, not to receive Orders of the
		// pool or to be cancelled (in either language).
		{"Isolated trooper: can I still spend Orders from the pool on him?", isolatedFAQ, "No.", false},
		{"¿Puedo usar un Token de Mando para cancelar el estado Aislado?", aisladoFAQ, "No.", false},
		// Declaring a skill is using it: no predicate word to match.
		{"¿Puedo usar Berserk dentro de un Fireteam?", "¿Se puede declarar Berserk mientras se está en un Fireteam?", "", true},
		{"Can an Isolated trooper's Order be transformed into a Regular Order with a Command Token?", isolatedFAQ, "No.", true},
		{"¿Se puede convertir en Regular la Orden de una Tropa Aislada?", aisladoFAQ, "No.", true},
		// An FAQ asking when a thing applies answers whether it must be
		// done when its answer states that act (forced: obligatorio), not
		// when the answer only names the thing the act is done with
		// (hack: "Hacker").
		{"I'm inside an enemy Repeater's ZoC. Am I forced to hack through it?", firewallFAQ, firewallA, true},
		{"Can I hack a non-hacker enemy through that enemy's own Repeater?", firewallFAQ, firewallA, false},
	} {
		q := e.analyze(tc.judge)
		if got := e.asksLikeFAQ(q, &wikirules.FAQ{Question: tc.faq, Answer: tc.answer}, q.keys()); got != tc.want {
			t.Errorf("asksLikeFAQ(%q, %.40q) = %v, want %v (predicate %v)", tc.judge, tc.faq, got, tc.want, e.predicate(tc.faq))
		}
	}
}

// TestNamesTopics checks that an FAQ answers a question only when it
// speaks of every page the question's asking clause names and of one at
// least of those it names, in its question or the pages it shows on and
// relates to, in either language.
func TestNamesTopics(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	firewall := "Mi hacker está dentro de la ZC de un Repetidor enemigo, pero ataca a un hacker enemigo que ya tiene en su propia Zona de Hackeo, sin usar ese repetidor. ¿Le aplico el -3 de Firewall?"
	for _, tc := range []struct {
		judge, faq string
		pages      []string
		want       bool
	}{
		{"¿Puedo usar un Token de Mando para cancelar el estado Aislado?", "¿Cómo afecta el estado Aislado a Programas Hacker que no dependen de un Dispositivo de Hacker?", []string{"Aislado"}, false},
		{"¿Puedo usar un Token de Mando para cancelar el estado Aislado?", "Al utilizar el Uso Estratégico de los Token de Mando para activar el estado Fuego de Supresión, ¿cómo interactúa con Estados Marcador?", []string{"Tokens de Mando"}, false},
		{"¿Puedo usar un Token de Mando para cancelar el estado Aislado?", "¿La Orden proporcionada por una Tropa Aislada puede ser convertida en una Orden Regular con un Token de Mando?", []string{"Tokens de Mando"}, true},
		// The page the FAQ stands on names its subject; the English
		// question names it by its translation.
		{"Isolated trooper: can a Command Token cancel it?", "¿Se puede cancelar con un Token de Mando?", []string{"Aislado"}, true},
		{"Isolated trooper: can a Command Token cancel it?", "¿Se puede cancelar?", []string{"Aislado"}, false},
		// A page named only by the case set out (Zona de Hackeo) need
		// not be named by the FAQ; one of the pages named must.
		{firewall, "¿Cuándo se aplican los MODs de Firewall por Repetidores enemigos?", []string{"Repetidor"}, true},
		{firewall, "¿Cuándo se aplican los MODs de Firewall?", []string{"Esquivar"}, false},
	} {
		q := e.analyze(tc.judge)
		c := &candidate{faq: &wikirules.FAQ{Question: tc.faq, Pages: tc.pages}, page: tc.pages[0], qkeys: keySet(tc.faq)}
		e.describe(c)
		if got := e.namesTopics(q, c); got != tc.want {
			t.Errorf("namesTopics(%q, %.50q on %v) = %v, want %v (topics %v)", tc.judge, tc.faq, tc.pages, got, tc.want, q.topics)
		}
	}
}
