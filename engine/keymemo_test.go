package engine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestKeysMemo checks that keys, with each word's key memoized, gives
// what analyzer.Terms gives, over the corpus's pages and a few words
// whose case decides (a stopword in capitals is kept).
func TestKeysMemo(t *testing.T) {
	texts := []string{"munición PARA para", "ARO de la ORA", "Él esquivó; ésta puede", ""}
	files, err := filepath.Glob("../testdata/wiki-pages/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus pages: %v (%d files)", err, len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, strings.Split(string(data), "\n")...)
	}
	for _, s := range texts {
		// Twice: the first call fills the memo, the second reads it.
		for range 2 {
			var want []string
			for _, tm := range analyzer.Terms(s) {
				if !slices.Contains(want, tm.Text) {
					want = append(want, tm.Text)
				}
			}
			if got := keys(s); !slices.Equal(got, want) {
				t.Fatalf("keys(%q) = %q, want %q", s, got, want)
			}
			set := keySet(s)
			if len(set) != len(want) {
				t.Fatalf("keySet(%q) has %d keys, want %d", s, len(set), len(want))
			}
			for _, k := range want {
				if !set[k] {
					t.Fatalf("keySet(%q) lacks %q", s, k)
				}
			}
		}
	}
}
