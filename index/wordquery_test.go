package index

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestWordQueryAlike: a word's term query finds the same hits with the
// same scores as bleve's match query of it, on the seed corpus, for
// questions of one unit and of many (the conjunction and the
// disjunction), with and without an edition.
func TestWordQueryAlike(t *testing.T) {
	x := buildSeed(t)
	ctx := context.Background()
	questions := []string{
		"Trabado", "esquivar", "¿Puedo esquivar estando trabado?",
		"¿Se puede declarar Berserk estando trabado?", "How is Engaged cancelled in CodeOne?",
		"¿Qué MOD aplico al esquivar una mina sin LDT?", "Can an Isolated trooper's Order be turned Regular with a Command Token?",
		"¿Cuánto es la Ráfaga en ORA?", "camuflaje marcador revelar discover sigilo orden",
		"¿Puede un soldado en estado Inconsciente ser objetivo de una Orden Coordinada?",
	}
	defer func() { matchWords = false }()
	n := 0
	for _, q := range questions {
		for _, ed := range []wikirules.Edition{0, wikirules.N4} {
			query := Query{Text: q, Edition: ed, Limit: 50, NoSnippets: true}
			matchWords = false
			got, err := x.Search(ctx, query)
			if err != nil {
				t.Fatal(err)
			}
			matchWords = true
			want, err := x.Search(ctx, query)
			if err != nil {
				t.Fatal(err)
			}
			matchWords = false
			if got.Total != want.Total || len(got.Hits) != len(want.Hits) {
				t.Errorf("%q (%v): %d hits of %d, want %d of %d", q, ed, len(got.Hits), got.Total, len(want.Hits), want.Total)
				continue
			}
			for i := range got.Hits {
				g, w := got.Hits[i], want.Hits[i]
				if g.Citation != w.Citation || g.Score != w.Score {
					t.Errorf("%q (%v): hit %d %+v %v, want %+v %v", q, ed, i, g.Citation, g.Score, w.Citation, w.Score)
					break
				}
			}
			n += len(got.Hits)
		}
	}
	t.Logf("%d hits alike", n)
}
