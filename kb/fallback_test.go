package kb

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestSearchMatches checks the expressions a search tries in turn: all
// tokens, any token but the function words, any token.
func TestSearchMatches(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"Berserk", []string{`"Berserk"*`}},
		{"¿Se puede declarar Berserk estando trabado?", []string{
			`"Se"* "puede"* "declarar"* "Berserk"* "estando"* "trabado"*`,
			`"puede"* OR "declarar"* OR "Berserk"* OR "estando"* OR "trabado"*`,
			`"Se"* OR "puede"* OR "declarar"* OR "Berserk"* OR "estando"* OR "trabado"*`}},
		{"Does the -6 apply?", []string{`"Does"* "the"* "6" "apply"*`, `"6" OR "apply"*`, `"Does"* OR "the"* OR "6" OR "apply"*`}},
		{"Esquivar Reset", []string{`"Esquivar"* "Reset"*`, `"Esquivar"* OR "Reset"*`}},
		{"de la", []string{`"de"* "la"*`, `"de"* OR "la"*`}},
		{"QUÉ línea", []string{`"QUÉ"* "línea"*`, `"línea"*`, `"QUÉ"* OR "línea"*`}},
	} {
		if got := newSearchQuery(tc.in).matches(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("matches(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSearchFallbackContentWords checks that when no record holds every
// word, the hits hold one of the question's content words, not merely
// "de" or "la", and that a text of function words still finds them.
func TestSearchFallbackContentWords(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, corpus(t)...)
	hits, err := db.SearchText(ctx, "¿la tirada de Berserk zzzqqq?", wikirules.Filter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 {
		t.Fatal("no hits")
	}
	for _, h := range hits {
		text := h.Snippet
		if h.Record != nil {
			text += " " + h.Record.Page + " " + recordSearchTitle(h.Record) + " " + h.Record.Plain + " " + strings.Join(h.Record.Notes, " ")
		} else {
			text += " " + strings.Join(h.FAQ.Related, " ") + " " + h.FAQ.Title + " " + h.FAQ.Question + " " + h.FAQ.Answer
		}
		if f := lang.Fold(text); !strings.Contains(f, "tirada") && !strings.Contains(f, "berserk") {
			t.Errorf("hit %s holds neither tirada nor berserk: %q", h.Citation, h.Snippet)
		}
	}
	if hits, err := db.SearchText(ctx, "de la", wikirules.Filter{}); err != nil || len(hits) == 0 {
		t.Errorf("SearchText(de la) = %d hits, %v; want some", len(hits), err)
	}
}
