package engine

import "testing"

// TestSearchWords checks the text Ask hands the Searcher: folded words,
// stopwords and repeats dropped, order kept (questions of the case files
// with their glossary expansions).
func TestSearchWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"¿Se puede declarar Berserk estando trabado? Engaged declare declared declaring ejecutar",
			"declarar berserk trabado engaged declare declared declaring ejecutar"},
		{"Dodging a mine without LoF: is the modifier -3 or -6? LDT Línea de Tiro Line of Fire MOD Modifier Mina sin modifier",
			"dodging mine without lof modifier 3 6 ldt linea tiro line fire mod mina"},
		{"Can I shrink my base to move through a corner? Mover esquina peana mover moving",
			"shrink base move through corner mover esquina peana moving"},
		{"¿Qué pasa si no hay nada?", ""},
	} {
		if got := searchWords(tc.in); got != tc.want {
			t.Errorf("searchWords(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestIndexWords checks that the text asked of the index keeps a glossary
// term of several words whole, its function words included, besides its
// plain words: the index expands the term to the other language's.
func TestIndexWords(t *testing.T) {
	e := New(nil, nil)
	for _, tc := range []struct{ in, want string }{
		{"¿Su Zona de Hackeo incluye a los hackers?", "zona de hackeo zona hackeo incluye hackers"},
		{"¿Qué pasa si no hay nada?", ""},
	} {
		if got := e.indexWords(tc.in); got != tc.want {
			t.Errorf("indexWords(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}
