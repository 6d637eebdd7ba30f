package engine

import (
	"context"
	"strings"
	"testing"
)

// TestConditionKeys checks that the conditions of a text run from a
// conditional phrase to the end of its clause, and that a concession
// ("even if") opens none.
func TestConditionKeys(t *testing.T) {
	en, es := vocabFor("en"), vocabFor("es")
	for _, tc := range []struct {
		v         *Vocabulary
		text      string
		want, not []string
	}{
		{en, "If the user deploys using a Special Skill, then he loses the Mine.", []string{"deploys", "skill"}, []string{"mine", "loses"}},
		{en, "Even if the player failed the roll, they could still repeat it.", nil, []string{"failed", "roll", "repeat"}},
		{en, "However, the MOD does not apply when repeating this Roll.", []string{"repeating", "roll"}, []string{"mod", "apply"}},
		{es, "Si falla la Tirada de VOL, no podrá intentarlo de nuevo.", []string{"falla", "tirada"}, []string{"intentarlo"}},
	} {
		got := conditionKeys(tc.text, tc.v)
		for _, w := range tc.want {
			if !got[stem(w)] {
				t.Errorf("%q: condition lacks %q (%v)", tc.text, w, got)
			}
		}
		for _, w := range tc.not {
			if got[stem(w)] {
				t.Errorf("%q: condition holds %q (%v)", tc.text, w, got)
			}
		}
	}
}

// TestAskTriggeredCase checks that of the records of the deciding page
// about as relevant, the one whose condition is the case the question
// sets decides: the Minelayer bullet for a failed Superior Deployment
// roll, not the page's opening rule.
func TestAskTriggeredCase(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct{ q, page, text string }{
		{"N5: mi tropa con Minelayer falla la tirada de su Habilidad de Despliegue Superior. ¿Qué ocurre con su mina?", "Minelayer", "will lose the Deployable Weapon"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{Edition: editionNamed(tc.q)})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Page != tc.page || !strings.Contains(d.Text, tc.text) {
			t.Errorf("%q: deciding %+v, want %s: %q", tc.q, d, tc.page, tc.text)
		}
	}
}
