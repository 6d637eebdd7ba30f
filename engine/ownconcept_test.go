package engine

import (
	"context"
	"testing"
)

// TestAskOwnConceptNoVerdict checks that a rule about its own page's
// concept (its subject before the modal) gives no verdict for a question
// that names neither the page nor the concept, and still gives one when
// the question names it.
func TestAskOwnConceptNoVerdict(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, q := range []string{
		// Pilot: "Pilots of a Vehicle or TAG in Unconscious State are not considered … casualties".
		"Is a trooper in Unconscious State considered a casualty?",
		// Tenaz: "Una Tropa con Tenaz activado no puede ser curada".
		"Can a Doctor heal a TAG?",
		"¿Un Médico puede curar a un TAG?",
	} {
		a, err := e.Ask(ctx, q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict != "see the deciding source" && a.Verdict != "ver la fuente que decide" && a.Verdict != NotFound {
			t.Errorf("%q: verdict %q , want none", q, a.Verdict)
		}
	}
	q := "¿Una Tropa con Tenaz activado puede ser curada por un Médico?"
	a, err := e.Ask(ctx, q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict != "No" {
		t.Errorf("%q: verdict %q, want No", q, a.Verdict)
	}
}
