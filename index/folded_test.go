package index

import (
	"fmt"
	"sync"
	"testing"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
)

// referenceFolded is what foldedTokenizer replaces: bleve's unicode
// tokenizer, then its lower-case filter, then foldFilter.
func referenceFolded(text string) analysis.TokenStream {
	return foldFilter{}.Filter(lowercase.NewLowerCaseFilter().Filter(unicode.NewUnicodeTokenizer().Tokenize([]byte(text))))
}

func tokenString(ts analysis.TokenStream) string {
	s := ""
	for _, t := range ts {
		s += fmt.Sprintf("%q %d-%d @%d t%d|", t.Term, t.Start, t.End, t.Position, t.Type)
	}
	return s
}

// foldedTexts are the texts the tests tokenize: edge cases, then the body,
// name, section and page of every record of the seed corpus (the texts an
// index build gives the analyzers).
func foldedTexts(t *testing.T) []string {
	texts := []string{"", " ", "Daño", "LÍNEA DE TIRO", "Sexto Sentido: ORA/ARO, LDT—ZC", "niño's Ñandú ÇA",
		"1.1.1 Actualización, Dec 2021", "x\u00a0y\tz\n\nw", "日本語 テキスト", "\xff\xfe broken UTF-8"}
	for _, r := range loadSeed(t).records {
		texts = append(texts, recordText(&r), r.Title, r.Page)
	}
	return texts
}

// TestFoldedTokenizer: the tokens of every text are those of the chain it
// replaces, on the first call (analysed) and the next (from the cache),
// and a caller changing what it was given (as the stop and stem filters
// do) does not change what the next caller gets.
func TestFoldedTokenizer(t *testing.T) {
	tok := newFoldedTokenizer(8)
	for _, text := range foldedTexts(t) {
		want := tokenString(referenceFolded(text))
		for i := range 3 {
			got := tok.Tokenize([]byte(text))
			if s := tokenString(got); s != want {
				t.Fatalf("call %d of %q:\n got %s\nwant %s", i+1, text, s, want)
			}
			for j, tk := range got {
				tk.Term = []byte("changed")
				tk.Position = -1
				got[j] = nil
			}
		}
	}
	// Lower-casing writes into the input (bleve's filter does so in place):
	// the cache is keyed by the text as given.
	in := []byte("Orden Coordinada")
	first := tokenString(tok.Tokenize(in))
	if got := tokenString(tok.Tokenize([]byte("Orden Coordinada"))); got != first {
		t.Fatalf("second call: %s, want %s", got, first)
	}
	if _, ok := tok.cache["Orden Coordinada"]; !ok {
		t.Fatalf("the cache does not hold the text as given: %d entries", len(tok.cache))
	}
}

// TestFoldedTokenizerConcurrent: the analysis workers of bleve share one
// tokenizer; each gets the reference tokens of its text.
func TestFoldedTokenizerConcurrent(t *testing.T) {
	texts := foldedTexts(t)
	want := make([]string, len(texts))
	for i, text := range texts {
		want[i] = tokenString(referenceFolded(text))
	}
	tok := newFoldedTokenizer(4)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 3 * len(texts) {
				i := (k*7 + w) % len(texts)
				if got := tokenString(tok.Tokenize([]byte(texts[i]))); got != want[i] {
					errs <- fmt.Errorf("worker %d, %q: got %s, want %s", w, texts[i], got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
