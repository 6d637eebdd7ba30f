package engine

import (
	"context"
	"testing"
)

// TestSiblingSubject checks that a yes is read only from a sentence whose
// subject is the question's: the White Noise Zone and Munición Eclipse
// sentences opening with Eclipse ("… works in exactly the same way as
// Smoke Ammunition, but … also affects Multispectral Visors") answer for
// Eclipse, not for Smoke; and that the subject Spanish writes after a
// blocking verb ("¿Impide X que …?") is read as its actor.
func TestSiblingSubject(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct {
		q    string
		want string // the verdict; "-" for no yes or no
	}{
		{"¿La Munición Humo afecta a los Visores Multiespectrales?", "No"},
		{"Does Smoke Ammunition affect Multispectral Visors?", "-"},
		{"¿Impide la Munición Humo que un Visor Multiespectral trace LDT?", "-"},
		{"¿Impide la Munición Eclipse que un Visor Multiespectral trace LDT?", "Sí"},
		{"¿Impide la Zona de Ruido Blanco que un Visor Multiespectral trace LDT?", "Sí"},
		// Kept: the sentence's own subject.
		{"¿La Munición Eclipse afecta a los Visores Multiespectrales?", "Sí"},
		{"Does Eclipse Ammunition prevent Multispectral Visors from drawing LoF?", "Yes"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := a.Verdict
		if got != "Yes" && got != "No" && got != "Sí" {
			got = "-"
		}
		if got != tc.want {
			t.Errorf("%s: verdict %q, want %q", tc.q, a.Verdict, tc.want)
		}
	}
}
