package engine

import (
	"testing"

	"github.com/wikirules/wikirules/lang"
)

// TestVocabWords checks numberWord and unitWord, which look words up in
// tables made once, against their definition: the value of the first
// vocabulary (sortedVocabs order) holding an entry that folds to the
// word, a number word of value 1 of at most three letters (an article)
// left out. No vocabulary may hold two entries folding alike with
// different values: the first would then depend on the map's order.
func TestVocabWords(t *testing.T) {
	checked := 0
	for i, v := range sortedVocabs() {
		folded := map[string]int{}
		for k, n := range v.Numbers {
			w := lang.Fold(k)
			if m, ok := folded[w]; ok && m != n {
				t.Errorf("vocabulary %d: numbers %q fold to %q with values %d and %d", i, k, w, m, n)
			}
			folded[w] = n
		}
		for k := range v.Numbers {
			w := lang.Fold(k)
			want, wantOK := "", false
		scan:
			for _, u := range sortedVocabs() {
				for k2, n := range u.Numbers {
					if lang.Fold(k2) == w && !(n == 1 && len(w) <= 3) {
						want, wantOK = itoa(n), true
						break scan
					}
				}
			}
			if got, ok := numberWord(w); got != want || ok != wantOK {
				t.Errorf("numberWord(%q) = %q, %v; want %q, %v", w, got, ok, want, wantOK)
			}
			checked++
		}
		for k := range v.Units {
			w := lang.Fold(k)
			want := ""
		units:
			for _, u := range sortedVocabs() {
				for k2, unit := range u.Units {
					if lang.Fold(k2) == w {
						want = unit
						break units
					}
				}
			}
			if got := unitWord(w); got != want {
				t.Errorf("unitWord(%q) = %q, want %q", w, got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no number or unit word in the vocabularies")
	}
	for _, w := range []string{"", "tiro", "shoot"} {
		if n, ok := numberWord(w); ok {
			t.Errorf("numberWord(%q) = %q, want none", w, n)
		}
		if u := unitWord(w); u != "" {
			t.Errorf("unitWord(%q) = %q, want none", w, u)
		}
	}
}
