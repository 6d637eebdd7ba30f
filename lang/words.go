package lang

import (
	"strings"
	"unicode"
)

// Term is one word of a text: Text (as written for Split, the stem for
// Analyzer.Terms), its byte span [Start, End) in the text and Position, its
// 1-based place among all the words of the text.
type Term struct {
	Text       string
	Start, End int
	Position   int
}

// Split returns the words of s as written, with their spans: maximal runs
// of letters (Unicode L), numbers (N) and combining marks (M) that start
// with a letter or a number. Everything else separates words: spaces,
// punctuation, symbols, apostrophes and hyphens ("IMP-2" is "IMP" and "2",
// "can't" is "can" and "t", "1.1.1" is three words), as in SQLite's FTS5
// unicode61 tokenizer. Invalid UTF-8 bytes separate words.
func Split(s string) []Term {
	var out []Term
	start := -1
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if start < 0 {
				start = i
			}
		case start >= 0 && unicode.Is(unicode.M, r):
		default:
			if start >= 0 {
				out = append(out, Term{Text: s[start:i], Start: start, End: i, Position: len(out) + 1})
				start = -1
			}
		}
	}
	if start >= 0 {
		out = append(out, Term{Text: s[start:], Start: start, End: len(s), Position: len(out) + 1})
	}
	return out
}

// Words returns the folded words of s (Split, then Fold): "¿Está
// Trabado?" gives "esta" and "trabado".
func Words(s string) []string {
	ts := Split(s)
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = Fold(t.Text)
	}
	return out
}

// Key returns the words of a term as the glossary compares them, joined
// by single spaces: folded (Words), a final "s" dropped from a word of
// four letters or more (a plural in both languages), then a final "e"
// after a consonant (keyWord), so that "Líneas de Tiro" and "linea de
// tiro", "ORAs" and "ORA", "Órdenes Regulares" and "Orden Regular" have
// the same key.
func Key(term string) string {
	return strings.Join(keyWords(term), " ")
}

func keyWords(term string) []string {
	ws := Words(term)
	for i, w := range ws {
		ws[i] = keyWord(w)
	}
	return ws
}

// keyWord drops the final "s" of a folded word of four letters or more,
// then a final "e" after a consonant, so that a Spanish plural in "-es"
// has the key of its singular ("habilidades", "habilidad"; "ordenes",
// "orden") as an English plural in "-es" has ("dodges", "dodge": both
// lose the "e").
func keyWord(w string) string {
	if len(w) >= 4 && strings.HasSuffix(w, "s") {
		w = w[:len(w)-1]
	}
	if n := len(w); n >= 4 && w[n-1] == 'e' && !strings.ContainsRune("aeiouy", rune(w[n-2])) {
		w = w[:n-1]
	}
	return w
}

// Jaccard returns the Jaccard similarity of two sets, |a ∩ b| / |a ∪ b|,
// from 0 (nothing shared, or a set is empty) to 1 (the same set).
func Jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := 0
	for k := range a {
		if b[k] {
			n++
		}
	}
	return float64(n) / float64(len(a)+len(b)-n)
}
