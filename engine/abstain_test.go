package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestAskStateSubject checks that "Does Targeted State give a MOD to the
// attacker?" is decided by a text of Targeted (Marcado's +3 to the
// attacker), not by the FAQ on whether State MODs stack, whose English
// entry holds neither "give" nor "attacker" (its Spanish translation
// passed only because those words cannot be matched), nor by an Isolated
// State text that holds only the generic "State"; and that an FAQ whose
// entry in the judge's language fails only on its verb ("transformed"
// for "turns") still decides with its translation.
func TestAskStateSubject(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	a, err := e.Ask(ctx, "Does Targeted State give a MOD to the attacker?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || d.Page != "Marcado" || !strings.Contains(d.Text, "MOD de +3") {
		t.Errorf("Targeted MOD: deciding %+v, want Marcado's MOD de +3", d)
	}
	a, err = e.Ask(ctx, "The rules say a Command Token turns an Irregular Order Regular. Does that work on an Isolated trooper's Order?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || d.Kind != wikirules.KindFAQ || !strings.Contains(d.Text, "Isolated Trooper be transformed") {
		t.Errorf("Isolated Order: deciding %+v, want the FAQ on an Isolated Trooper's Order", d)
	}
}
