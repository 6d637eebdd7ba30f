package engine

import (
	"context"
	"slices"
	"sort"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestCliticBare checks bare on its own: a polarity word of the Spanish
// vocabulary with a pronoun written onto it is read as that word, any
// other word as it is, and the English vocabulary, which lists no
// clitics, reads every word as it is.
func TestCliticBare(t *testing.T) {
	es, en := vocabFor("es"), vocabFor("en")
	for _, tc := range []struct{ w, want string }{
		{"impidiendoles", "impidiendo"},
		{"impidiendole", "impidiendo"},
		{"evitandole", "evitando"},
		{"impedirles", "impedir"},
		{"ignorandolos", "ignorando"},
		{"impidiendo", "impidiendo"},
		// No polarity word before the ending: another word.
		{"reparte", "reparte"},
		{"convierte", "convierte"},
		{"moviendose", "moviendose"},
		{"considerandola", "considerando"},
	} {
		if got := es.bare(tc.w); got != tc.want {
			t.Errorf("es bare(%q) = %q, want %q", tc.w, got, tc.want)
		}
		if got := en.bare(tc.w); got != tc.w {
			t.Errorf("en bare(%q) = %q, want it unchanged", tc.w, got)
		}
	}
}

// TestCliticBareCorpus checks bare against the Spanish rules of the
// corpus: the words it reads as another are exactly the polarity verbs
// written there with a pronoun attached ("impidiéndoles", blocking;
// "considerándola", of the identity phrase "se sigue considerando"), and
// each is read as a word of a polarity phrase of the vocabulary.
func TestCliticBareCorpus(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	recs, err := e.store.Records(ctx, wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	es := vocabFor("es")
	changed := map[string]string{}
	for i := range recs {
		if e.pageLanguage(recs[i].Page) != "es" {
			continue
		}
		for _, w := range lang.Words(recordText(&recs[i])) {
			if b := es.bare(w); b != w {
				changed[w] = b
			}
		}
	}
	var got []string
	for w := range changed {
		got = append(got, w+"="+changed[w])
	}
	sort.Strings(got)
	want := []string{
		"considerandola=considerando", "considerandolas=considerando", "considerandose=considerando",
		"impidiendoles=impidiendo",
	}
	if !slices.Equal(got, want) {
		t.Errorf("words of the Spanish rules read bare: %q, want %q", got, want)
	}
	for _, b := range changed {
		if !es.sets["cliticbase"][b] {
			t.Errorf("%q: no polarity word", b)
		}
	}
}
