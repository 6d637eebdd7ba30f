package engine

import (
	"context"
	"testing"
)

// TestLost checks the stage Lost names on the wiki corpus: none for an
// answer whose deciding source is the one expected, missing for a phrase
// no text holds, search for a text on a page neither named nor found by
// the question's words.
func TestLost(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	trabado := func(q, edition, contains string) QuestionCase {
		c := QuestionCase{ID: "T", Q: q, Edition: edition}
		c.Expect.Kind, c.Expect.PageAny, c.Expect.Contains = "rule", []string{"Trabado"}, contains
		return c
	}
	for _, tc := range []struct {
		c     QuestionCase
		stage string
	}{
		{trabado("Mi tropa está trabada con un enemigo: ¿puede declarar Esquivar?", "n4", "sólo pueden declarar Ataque CC, Esquivar"), LostNone},
		{trabado("Mi tropa está trabada con un enemigo: ¿puede declarar Esquivar?", "n4", "una frase que ninguna página escribe"), LostMissing},
		{trabado("¿Cuántos Tokens de Mando tiene cada jugador por partida?", "n4", "sólo pueden declarar Ataque CC, Esquivar"), LostSearch},
	} {
		stage, detail, err := e.Lost(ctx, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if stage != tc.stage || (stage != LostNone && detail == "") {
			t.Errorf("Lost(%q, %q) = %q, %q; want stage %q", tc.c.Q, tc.c.Expect.Contains, stage, detail, tc.stage)
		}
	}
}
