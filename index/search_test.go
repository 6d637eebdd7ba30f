package index

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

func buildFixture(t testing.TB) *Index {
	t.Helper()
	idx, err := Build(context.Background(), "", fixtureRecords(), fixtureFAQs(), WithPages(fixturePages()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	return idx
}

// hitKey names a hit for messages: "page/kind/ordinal" or the FAQ question.
func hitKey(h wikirules.Hit) string {
	if h.FAQ != nil {
		return h.FAQ.Type + ": " + h.FAQ.Question
	}
	return h.Record.ID
}

func TestSearchFixture(t *testing.T) {
	idx := buildFixture(t)
	tests := []struct {
		name, text string
		want       []string // acceptable first hits: record ids or FAQ question substrings
	}{
		{"ñ folded", "dano", []string{"dano-1"}},
		{"accents typed", "daño infinity", []string{"dano-1"}},
		{"typo + question errata", "trabdo berserk", []string{"empieza la Orden en Estado Trabado"}},
		{"en dodge template", "dodge template", []string{"page:Esquivar", "page:Armas y Equipo de Plantilla"}},
		{"es esquiva plantilla", "esquiva plantilla", []string{"page:Esquivar", "page:Armas y Equipo de Plantilla"}},
		{"skill name", "esquivar", []string{"esquivar-skill"}},
		{"english page", "engaged idle", []string{"en-engaged-1"}},
		{"english stem", "dodging engaged troopers", []string{"en-dodge-1", "en-engaged-1"}},
		{"es term finds en page", "saving roll damage", []string{"en-damage-1"}},
		{"question", "¿se puede esquivar un ataque berserk?", []string{"esquivar un ataque Berserk"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := idx.Search(context.Background(), Query{Text: tt.text})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 {
				t.Fatalf("%q: no hits", tt.text)
			}
			first := hitKey(res.Hits[0])
			ok := false
			for _, w := range tt.want {
				if first == w || (res.Hits[0].FAQ != nil && strings.Contains(first, w)) ||
					(strings.HasPrefix(w, "page:") && res.Hits[0].Citation.Page == w[5:]) {
					ok = true
				}
			}
			if !ok {
				var got []string
				for i, h := range res.Hits {
					if i < 5 {
						got = append(got, hitKey(h))
					}
				}
				t.Errorf("%q: first hit %q, want one of %q; top: %q (expanded %q)", tt.text, first, tt.want, got, res.Expanded)
			}
		})
	}
}

// TestSearchCapitalStopWord checks that "PARA" written in capitals (an
// ammunition) is searched, where "para" (a Spanish stop word) is not: the
// PARA record comes first, not those that hold the other words and "para".
func TestSearchCapitalStopWord(t *testing.T) {
	n4 := wikirules.Editions(wikirules.N4)
	eff := []string{"Efectos"}
	recs := []wikirules.Record{
		rec("humo-1", "Munición Humo", wikirules.KindEffect, n4, eff, 1, "Para afectar a su objetivo, la Munición Humo no necesita LDT."),
		rec("humo-2", "Munición Humo", wikirules.KindEffect, n4, eff, 2, "La Munición Humo afecta a todo objetivo y sirve para bloquear la LDT."),
		rec("para-1", "Paralizante", wikirules.KindEffect, n4, eff, 1, "Tras un impacto con Munición PARA, el objetivo realiza una Tirada de FIS-6."),
	}
	idx, err := Build(context.Background(), "", recs, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	res, err := idx.Search(context.Background(), Query{Text: "¿El PARA afecta a un objetivo?"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].Record == nil || res.Hits[0].Record.ID != "para-1" {
		var got []string
		for _, h := range res.Hits {
			got = append(got, hitKey(h))
		}
		t.Errorf("hits %q, want para-1 first", got)
	}
}

// TestSearchNoSnippets: a search with NoSnippets gives the same hits, in
// the same order with the same scores and citations, as the same search
// with snippets, and no snippet or highlight (on the seed corpus, over
// questions that take both the conjunction and the disjunction).
func TestSearchNoSnippets(t *testing.T) {
	idx := buildSeed(t)
	ctx := context.Background()
	for _, text := range []string{
		"esquivar plantilla",
		"¿Se puede declarar Berserk estando trabado?",
		"Can I dodge while engaged?",
		"¿Qué MOD aplico al esquivar una mina sin LDT?",
	} {
		with, err := idx.Search(ctx, Query{Text: text, Limit: 25})
		if err != nil {
			t.Fatal(err)
		}
		bare, err := idx.Search(ctx, Query{Text: text, Limit: 25, NoSnippets: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(with.Hits) == 0 || len(bare.Hits) != len(with.Hits) {
			t.Fatalf("%q: %d hits without snippets, %d with", text, len(bare.Hits), len(with.Hits))
		}
		snippets := 0
		for i, h := range bare.Hits {
			w := with.Hits[i]
			if hitKey(h) != hitKey(w) || h.Score != w.Score || h.Citation != w.Citation {
				t.Errorf("%q: hit %d without snippets %s (%g), with %s (%g)", text, i, hitKey(h), h.Score, hitKey(w), w.Score)
			}
			if h.Snippet != "" || len(bare.Highlights[i]) > 0 {
				t.Errorf("%q: hit %d has snippet %q", text, i, h.Snippet)
			}
			if w.Snippet != "" {
				snippets++
			}
		}
		if snippets == 0 {
			t.Errorf("%q: the search with snippets gave none", text)
		}
	}
}
