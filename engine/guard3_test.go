package engine

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules/lang"
)

// TestGuard3Answers checks the guards of guard3.go on the questions
// they were made for and on their near neighbours that must keep their
// verdict: a no said of a part of the name asked about, of another act
// than the question's, of how a trooper enters a state, or of a case the
// question's negation or privative excludes, is withheld; a question
// whose negation stands in a relative clause is answered by the sentence
// stating that case.
func TestGuard3Answers(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	ask := func(q string) string {
		t.Helper()
		a, err := e.Ask(ctx, q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return a.Verdict
	}
	for _, tc := range []struct {
		q    string
		want string // the verdict; "-" for no yes or no
	}{
		// partOnly: "… does not revoke the Loss of Lieutenant".
		{"Can an isolated lieutenant still use his lieutenant special order?", "-"},
		// relativeCase: the sentence of the position not yet reached.
		{"¿Puede una Tropa declarar una Habilidad desde una posición en la que no ha estado?", "No"},
		{"¿Puedo declarar el disparo desde un punto de mi movimiento al que todavía no he llegado?", "No"},
		// actInRelative: "A Vehicle or TAG whose Pilot is Dismounted
		// cannot spend Orders".
		{"Can a Pilot who is Immobilized dismount from his TAG?", "-"},
		{"During Retreat!, do troopers that leave by the wide edge of my Deployment Zone count for Victory Points?", "Yes"},
		// stateEntry: "(except for Jump)" of going Prone.
		{"Can a Prone trooper Jump?", "-"},
		{"Can a TAG go Prone in N5?", "No"},
		{"N5: can I drop Prone as part of a Jump?", "No"},
		// withoutHeld: "requires the Operational Use of a Command Token".
		{"Can a Fireteam be created during the game without a Command Token?", "-"},
		{"Can a trooper with Engineer cancel Isolated State without a WIP Roll?", "-"},
		// negatedCondition: "Si el Vehículo o TAG se encuentra en estado
		// Inconsciente, el Piloto puede Desmontar".
		{"¿Puede el Piloto desmontar si su TAG no está Inconsciente?", "-"},
		{"Can a Pilot dismount if his TAG is Unconscious?", "Yes"},
		// restrictedOther: "They may only use the Level listed in their
		// Unit Profile" allows the listed Level, not a lower one.
		{"Can a trooper use a lower Level of Martial Arts than his profile lists?", "-"},
		{"Can a trooper use a higher level of Martial Arts than the one listed?", "-"},
		{"Can a trooper use the Level of Martial Arts listed in his Unit Profile?", "Yes"},
		// actAbsent: "join" is in no text; "… podrán volver a
		// integrarse" allows only who left to come back.
		{"Can a trooper join a Fireteam that is already formed?", "-"},
		// Kept: a no of an act no text names (a prohibition denies
		// acts it need not name), a modal before the act ("let me
		// avoid"), an unknown word before a name ("go Prone"), a
		// Spanish verb form the stemmer does not join ("pongo", "mata").
		{"Can a trooper with Infiltration join a Fireteam in N5?", "No"},
		{"Si el piloto sale expulsado ya Muerto, ¿pongo igualmente la plantilla de humo?", "Sí"},
		{"In CodeOne, does one Dodge let me avoid the attacks of several enemies in the same Order?", "Yes"},
		{"In N5, can I go Prone at the end of my Move?", "Yes"},
		{"¿La Munición Shock mata directamente a una tropa con Tenaz?", "Sí"},
	} {
		got := ask(tc.q)
		switch tc.want {
		case "-":
			if got == "Yes" || got == "No" || got == "Sí" {
				t.Errorf("%q: %q, want no yes or no", tc.q, got)
			}
		default:
			if got != tc.want {
				t.Errorf("%q: %q, want %q", tc.q, got, tc.want)
			}
		}
	}
}

// TestRelativeNegated checks where a negation opens a relative clause.
func TestRelativeNegated(t *testing.T) {
	es := vocabFor("es")
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"desde una posición en la que no ha estado", true},
		{"desde un punto al que todavía no he llegado", true},
		{"la Tropa no puede declarar una Habilidad", false},
		{"por lo que no puede moverse", false},
	} {
		if got := relativeNegated(lang.Words(tc.s), es) != nil; got != tc.want {
			t.Errorf("%q: relative negation %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestFramesIn checks that an other-than frame is found with up to
// degreeGap words between its parts, and not without its second part.
func TestFramesIn(t *testing.T) {
	frames := []string{"lower … than"}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"use a lower Level of Martial Arts than his profile lists", true},
		{"use a lower Level", false},
		{"a lower one of the many listed skills and more than that", false},
	} {
		if got := framesIn(lang.Words(tc.s), frames); got != tc.want {
			t.Errorf("framesIn(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}
