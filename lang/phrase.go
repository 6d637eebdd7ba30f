package lang

import (
	"sort"
	"strings"
)

// Phrases returns the keys (Key) of the glossary's terms of more than one
// word ("linea de tiro", "orden de reaccion automatica"), sorted, each once.
func (g *Glossary) Phrases() []string {
	seen := map[string]bool{}
	var out []string
	for _, ts := range g.byFirst {
		for _, t := range ts {
			if k := strings.Join(t.words, " "); len(t.words) > 1 && !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// PhraseTerms returns the occurrences in text of the glossary's terms of
// more than one word: one Term for every start and length that matches
// (overlapping terms are all kept), in order of start, Text the term's
// key, Start and End from its first word's start to its last word's end,
// Position its first word's. "Fuera de su Línea de Tiro" gives "linea de
// tiro" at bytes 12–27, position 4. The search index indexes them as
// single tokens, so that a multi-word synonym is one term query.
func (g *Glossary) PhraseTerms(text string) []Term {
	raw, keys := splitKeys(text)
	var out []Term
	for i := range raw {
		seen := map[int]bool{}
		for _, t := range g.byFirst[keys[i]] {
			n := len(t.words)
			if n < 2 || seen[n] || i+n > len(keys) || !equal(t.words, keys[i:i+n]) {
				continue
			}
			seen[n] = true
			out = append(out, Term{Text: strings.Join(t.words, " "), Start: raw[i].Start, End: raw[i+n-1].End, Position: raw[i].Position})
		}
	}
	return out
}
