package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/wikirules/wikirules"
)

// exampleDoctor is the N4 Martial Arts snapshot's Example 2 as the
// knowledge base holds its markdown (testdata/wiki-pages
// en_Martial_Arts-snapA_article.txt).
const exampleDoctor = `Cuervo Goldstein, with his Martial Arts L4, declaresCC Attack during his Active Turn, against a Yīshēng Doctor and his Peripheral (Servant).

The Reactive Player declares CC Attack, choosing the Doctor to make his CC Attack. The Doctor will receive +1B in CC since his Peripheral is in the combat.

Both Players apply their different MODs:

Cuervo Goldstein:

- +3 for Martial Arts L4.
- +3 to Attack Damage for Martial Arts L4.

Cuervo Goldstein's Success Value is calculated:

- SV = 26 (23 + 3).`

// exampleCaliban is the snapshot's Example 1, its active trooper's half.
const exampleCaliban = `During his Active Turn, a Caliban with Martial Arts L3 declares CC Attack against a Hsien Warrior, a Trooper with Martial Arts L1. Applying the values that correspond to each level, the MODs are calculated:

The Caliban must apply the following MODs:

- +3 for Martial Arts L3.
- +2 to Attack Damage for Martial Arts L3.
- -3 for the Hsien's Martial Arts L1.`

// TestOtherSubjectItems checks that an example's bullets under a lead-in
// naming one trooper are cut for a question about another trooper of
// the example, and kept where a bullet names what the question asks
// about.
func TestOtherSubjectItems(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, md string
		cut   []string
	}{
		// The Doctor is named by the example, by none of its bullets:
		// Cuervo Goldstein's lists are another trooper's.
		{"In N4 CC against a Doctor and his Peripheral, what MOD does the Doctor apply?", exampleDoctor,
			[]string{"+3 for Martial Arts L4.", "+3 to Attack Damage for Martial Arts L4.", "SV = 26 (23 + 3)."}},
		{"N4 CC: a Doctor fights alongside his Peripheral against Martial Arts L4. What MOD?", exampleDoctor,
			[]string{"+3 for Martial Arts L4.", "+3 to Attack Damage for Martial Arts L4.", "SV = 26 (23 + 3)."}},
		// The bullet names the level the heading asks about.
		{"N4 Martial Arts L3: what does it add to Attack Damage?", exampleCaliban, nil},
	} {
		got := otherSubjectItems(e.analyze(tc.q), tc.md)
		if !slices.Equal(got, tc.cut) {
			t.Errorf("%q: cut %q, want %q", tc.q, got, tc.cut)
		}
	}
}

// TestExampleOtherTrooper asks the corpus about the Doctor of the N4
// Martial Arts example: Cuervo Goldstein's "+3" is no answer (the
// example does not list the Doctor's MODs), while the chart of the same
// snapshot, read N4, answers a level's Damage MOD.
func TestExampleOtherTrooper(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	a, err := e.Ask(ctx, "In N4 CC against a Doctor and his Peripheral, what MOD does the Doctor apply?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict != vocabFor("en").Labels.SeeDeciding {
		t.Errorf("the Doctor's MOD: verdict %q, want to see the deciding source", a.Verdict)
	}
	a, err = e.Ask(ctx, "N4 Martial Arts L4: what Damage MOD does it give?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict != "MOD +3" {
		t.Errorf("N4 Martial Arts L4 Damage MOD: verdict %q, want MOD +3", a.Verdict)
	}
}
