package engine

import (
	"context"
	"testing"
)

// TestListCaseVerdicts checks that a verdict is withheld where the
// deciding text does not name the question's case: an item of a list
// naming another case ("Troopers in Marker form" for a Fireteam "already
// formed"), a lead-in whose cases are its items, and a text in the other
// language that lacks a name asked about ("Fireteam" against the Retreat!
// rule), leaving only "tropa"; a permission given to another subject
// than the question's ("el Fireteam puede ser cancelado voluntariamente"
// for a trooper leaving it), and the yes of an example (a Dāturazi's
// Ataque Especulativo for a trooper in Retreat!).
func TestListCaseVerdicts(t *testing.T) {
	e := wikiEngine(t)
	for _, c := range []struct{ q, not string }{
		{"¿Puede una tropa unirse a un Fireteam ya formado?", "No"},
		{"Can a trooper join a Fireteam that is already formed?", "No"},
		{"¿Puede una tropa en Retirada! unirse a un Fireteam?", "Sí"},
		{"¿Puede una tropa abandonar un Fireteam voluntariamente?", "Sí"},
		{"¿Puede una tropa en Retirada! declarar Ataques?", "Sí"},
	} {
		a, err := e.Ask(context.Background(), c.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict == c.not {
			d := a.Deciding()
			t.Errorf("%q: %q from %q, want no %q", c.q, a.Verdict, d.Text, c.not)
		}
	}
}
