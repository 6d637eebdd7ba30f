package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/lang"
)

// indexExpansions returns the synonyms the search index expanded text
// with: the part after " = " of each entry of Result.Expanded ("unit =
// syn | syn", "unit ~ fix", "unit").
func indexExpansions(t *testing.T, idx *index.Index, text string) []string {
	t.Helper()
	res, err := idx.Search(context.Background(), index.Query{Text: text, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range res.Expanded {
		if _, syn, ok := strings.Cut(e, " = "); ok {
			out = append(out, strings.Split(syn, " | ")...)
		}
	}
	return out
}

// TestSearchAndEngineExpandAlike: for every term of the glossary, as typed
// in a query, the search index and the engine expand it with the same
// synonyms, in the same order (both segment with lang.Glossary); and the
// expansions judges rely on are there.
func TestSearchAndEngineExpandAlike(t *testing.T) {
	e := sampleEngine(t)
	idx := sampleKB.idx // the engine's own search index, which the tests only read
	n := 0
	for _, c := range lang.Default().Concepts() {
		for _, term := range c {
			got, want := e.analyze(term).expanded, indexExpansions(t, idx, term)
			if !slices.Equal(got, want) {
				t.Errorf("%q: the engine expands it with %q, the search index with %q", term, got, want)
			}
			n++
		}
	}
	if n < 300 {
		t.Errorf("compared %d terms, want the 300 or more of docs/GLOSSARY.md", n)
	}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"ORA", []string{"ARO"}},
		{"ARO", []string{"ORA"}},
		{"LDT", []string{"LoF", "Línea de Tiro", "Line of Fire"}},
		{"LoF", []string{"LDT", "Línea de Tiro", "Line of Fire"}},
		{"Línea de Tiro", []string{"LDT", "LoF", "Line of Fire"}},
		{"Line of Fire", []string{"LDT", "LoF", "Línea de Tiro"}},
		{"Esquivar", []string{"Dodge"}},
		{"Dodge", []string{"Esquivar"}},
		{"Trabado", []string{"Engaged"}},
		{"Engaged", []string{"Trabado"}},
		{"Can I declare Berserk while Engaged?", []string{"Trabado", "declarar"}},
	} {
		for who, got := range map[string][]string{"engine": e.analyze(tc.text).expanded, "search index": indexExpansions(t, idx, tc.text)} {
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("%s: %q expands to %q, want %q among them", who, tc.text, got, w)
				}
			}
		}
	}
}
