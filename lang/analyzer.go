package lang

import "unicode"

// Stemmer reduces a folded word to its stem. The search index plugs in
// bleve's Snowball stemmers, the judge engine its own prefix stem; this
// package has none of its own.
type Stemmer interface {
	Stem(word string) string
}

// StemFunc is a function as a Stemmer.
type StemFunc func(word string) string

// Stem returns f(word).
func (f StemFunc) Stem(word string) string { return f(word) }

// Analyzer turns a text into the terms a search compares: its words
// (Split), folded (Fold), without the words of Stop, each reduced by Stem.
// The zero Analyzer keeps every folded word as it is.
type Analyzer struct {
	Stop map[string]bool // folded words left out
	Stem Stemmer         // nil: words are not stemmed
}

// Terms returns the terms of s in order: Text the folded, stemmed word,
// Start and End its byte span in s, Position its place among all the words
// of s, stop words included (a phrase of the text keeps its gaps). A stop
// word written in capitals is kept: the game writes its codes so
// ("munición PARA", "ARO"), and "PARA" is an ammunition where "para" is a
// preposition.
func (a Analyzer) Terms(s string) []Term {
	ts := Split(s)
	out := ts[:0]
	for _, t := range ts {
		w := Fold(t.Text)
		if a.Stop[w] && !Capitals(t.Text) {
			continue
		}
		if a.Stem != nil {
			w = a.Stem.Stem(w)
		}
		t.Text = w
		out = append(out, t)
	}
	return out
}

// Capitals reports whether a word is written in capitals: two letters or
// more, none of them lower case ("PARA", "ORA"; not "Para", not "A").
func Capitals(word string) bool {
	n := 0
	for _, r := range word {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 2
}
