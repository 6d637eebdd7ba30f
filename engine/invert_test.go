package engine

import (
	"context"
	"testing"
)

// TestInvertedVerdicts checks questions whose verdict was once the
// opposite of the deciding text it quoted, and near neighbours that must
// keep theirs: an ellipsis does not end a sentence; a negation saying
// something is not needed, one of another act than the one a relative
// clause after it affirms, or one of another act than any the question
// names is no no; a blocking verb in the future is one, the actor of a
// blocking verb may be named in the case it acts in, and the X of "does
// X ignore Y?" that the text says cannot act through Y does not ignore
// it; a copula or a verb like "has" between a relative word and its
// negation keeps the negation in the relative clause; an FAQ's yes is of its own question;
// the end of a range asked for is the number given for it.
func TestInvertedVerdicts(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct {
		q    string
		want string // the verdict; "-" for no yes or no (nor number)
	}{
		{"Do visibility zone MODs stack with each other?", "No"},
		{"¿En N4 el humo se puede lanzar a un punto vacío sin objetivo?", "Sí"}, // "se puede arrojar a un punto … vacío"
		{"¿Con Tenaz activado siguen funcionando el equipo automático?", "Sí"},  // "continuarán funcionando con normalidad" (J422)
		{"Does Sixth Sense ignore the Surprise Attack MOD?", "Yes"},
		{"¿Un Visor Multiespectral ignora una Zona de Ruido Blanco?", "No"},
		{"How many Troopers can a Fireteam Core have at most?", "5"},
		{"How many Troopers must a Fireteam Core have at least?", "3"},
		{"How many Troopers can a Fireteam Core have?", "3–5"},
		{"What's the maximum Burst an attack can ever have?", "Burst 6"},
		{"Can a Remote Pilot who is not on the table declare Reset?", "-"},
		{"Does Targeted State give a MOD to the attacker?", "Yes"}, // of Marcado's effect (TestPolarityOfConferAndOutside), not the FAQ's
		{"Can a TAG go Prone in N5?", "No"},
		{"Does PARA ammunition affect a target that has no PH Attribute?", "No"},
		{"Is a target with no PH Attribute affected by PARA ammunition?", "No"},
		{"Can a Remote Pilot that has no Orders left declare Reset?", "-"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := a.Verdict
		switch tc.want {
		case "-":
			if got == "Yes" || got == "No" || got == "Sí" || reNumber.MatchString(got) {
				t.Errorf("%q: %q, want no yes, no or number", tc.q, got)
			}
		default:
			if got != tc.want {
				t.Errorf("%q: %q, want %q", tc.q, got, tc.want)
			}
		}
	}
}

// TestSentencesEllipsis checks that a period opening lower-case text
// (an ellipsis, an abbreviation) does not end a sentence.
func TestSentencesEllipsis(t *testing.T) {
	got := sentences("Es acumulativo con Cobertura Parcial, Distancia... pero no con otros MOD. Otra frase.")
	if len(got) != 2 {
		t.Errorf("sentences: %q, want 2", got)
	}
}
