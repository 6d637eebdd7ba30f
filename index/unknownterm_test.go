package index

import (
	"context"
	"testing"

	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/wikirules/wikirules"
)

// TestTextQueryUnknownAbbreviation checks that a glossary term of one
// word that no indexed document holds adds no clause to its unit: "PH"
// (glossary row FIS | PH, Physique) over documents that write only "FIS"
// gives the clauses of "FIS" alone, and over documents that write none of
// the three, no unit query at all, so that the other units decide.
func TestTextQueryUnknownAbbreviation(t *testing.T) {
	n4 := wikirules.Editions(wikirules.N4)
	eff := []string{"Efectos"}
	build := func(recs []wikirules.Record) *Index {
		idx, err := Build(context.Background(), "", recs, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { idx.Close() })
		return idx
	}
	clauses := func(idx *Index, text string) (units int, perUnit []int) {
		lex := idx.lexicon()
		defer lex.close()
		qs, _ := idx.textQuery(idx.glossary.Segment(text), lex)
		for _, q := range qs {
			d, ok := q.(*query.DisjunctionQuery)
			if !ok {
				t.Fatalf("unit query %T, want a disjunction", q)
			}
			perUnit = append(perUnit, len(d.Disjuncts))
		}
		return len(qs), perUnit
	}

	withFIS := build([]wikirules.Record{
		rec("esq-1", "Esquivar", wikirules.KindEffect, n4, eff, 1, "La Tropa lanza una Tirada de FIS."),
	})
	_, word := clauses(withFIS, "lanza")
	_, typed := clauses(withFIS, "FIS")
	_, abbr := clauses(withFIS, "PH")
	if len(word) != 1 || len(typed) != 1 || len(abbr) != 1 {
		t.Fatalf("units: lanza %v, FIS %v, PH %v, want one each", word, typed, abbr)
	}
	// "FIS" typed has the clauses of one word, as "lanza" (not in the
	// glossary) has: "PH" and "Physique" add none. "PH" typed has those of
	// its synonym "FIS" alone.
	if typed[0] != word[0] || abbr[0] != word[0] {
		t.Errorf("clauses: FIS %d, PH %d, want %d each (those of one held word)", typed[0], abbr[0], word[0])
	}

	without := build([]wikirules.Record{
		rec("esq-1", "Esquivar", wikirules.KindEffect, n4, eff, 1, "La Tropa declara Esquivar."),
	})
	if n, per := clauses(without, "PH esquivar"); n != 1 {
		t.Errorf("\"PH esquivar\" over a corpus without FIS/PH/Physique: %d unit queries %v, want 1 (esquivar)", n, per)
	}
	res, err := without.Search(context.Background(), Query{Text: "PH esquivar"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 1 {
		t.Errorf("\"PH esquivar\": %d hits, want the Esquivar record", len(res.Hits))
	}
}
