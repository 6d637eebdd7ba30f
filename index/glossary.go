package index

import (
	"bufio"
	_ "embed"
	"fmt"
	"strings"
	"unicode"
)

// glossaryTSV is the synonym data: see the header of glossary.tsv for its
// source (docs/GLOSSARY.md) and format.
//
//go:embed glossary.tsv
var glossaryTSV string

// Glossary is a set of synonym groups: every term of a group names the same
// game concept in Spanish, English or as an abbreviation (ORA, ARO,
// "Orden de Reacción Automática", "Automatic Reaction Order").
//
// Terms are matched against query words after lower-casing, accent folding
// (ñ → n) and dropping one trailing "s", so "ORAs" and "plantillas" match
// the groups of ORA and Plantilla.
type Glossary struct {
	groups [][]string           // terms as written in the data file
	byKey  map[string][]termRef // first normalised word → terms starting with it
	maxLen int                  // longest term, in words
}

type termRef struct {
	group int
	words []string // normalised words of the term
}

// DefaultGlossary returns the glossary embedded from glossary.tsv.
func DefaultGlossary() *Glossary {
	g, err := ParseGlossary(glossaryTSV)
	if err != nil {
		panic(err) // the embedded file is checked by TestDefaultGlossary
	}
	return g
}

// ParseGlossary reads synonym groups: one group per line, terms separated by
// TABs; blank lines and lines starting with "#" are skipped. A group needs at
// least two terms; the error names the offending line (1-based).
func ParseGlossary(data string) (*Glossary, error) {
	g := &Glossary{byKey: map[string][]termRef{}}
	sc := bufio.NewScanner(strings.NewReader(data))
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var terms []string
		for _, t := range strings.Split(text, "\t") {
			if t = strings.TrimSpace(t); t != "" {
				terms = append(terms, t)
			}
		}
		if len(terms) < 2 {
			return nil, fmt.Errorf("glossary line %d: %q has fewer than two TAB-separated terms", line, text)
		}
		gi := len(g.groups)
		g.groups = append(g.groups, terms)
		for _, t := range terms {
			words := normWords(t)
			if len(words) == 0 {
				return nil, fmt.Errorf("glossary line %d: term %q has no words", line, t)
			}
			g.byKey[words[0]] = append(g.byKey[words[0]], termRef{group: gi, words: words})
			g.maxLen = max(g.maxLen, len(words))
		}
	}
	return g, sc.Err()
}

// Len returns the number of synonym groups.
func (g *Glossary) Len() int { return len(g.groups) }

// Synonyms returns the other terms of every group that term (normalised as
// a whole) belongs to, in file order; nil when it belongs to none.
func (g *Glossary) Synonyms(term string) []string {
	words := normWords(term)
	if len(words) == 0 {
		return nil
	}
	var out []string
	for _, ref := range g.byKey[words[0]] {
		if equalWords(ref.words, words) {
			for _, t := range g.groups[ref.group] {
				if !equalWords(normWords(t), words) && !contains(out, t) {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// unit is one piece of a query: a run of query words (one word, or the words
// of a glossary term found in the query) and the synonyms of that run.
type unit struct {
	text     string   // the words as the user typed them, space-joined
	synonyms []string // glossary terms of the same concept
}

// segment splits query text into words and groups runs of words that form a
// glossary term, longest match first ("linea de tiro" is one unit with
// synonyms LDT, LoF, Line of Fire).
func (g *Glossary) segment(text string) []unit {
	raw := rawWords(text)
	norm := make([]string, len(raw))
	for i, w := range raw {
		norm[i] = normWord(w)
	}
	var out []unit
	for i := 0; i < len(raw); {
		n := 0
		for l := min(g.maxLen, len(raw)-i); l >= 1 && n == 0; l-- {
			for _, ref := range g.byKey[norm[i]] {
				if len(ref.words) == l && equalWords(ref.words, norm[i:i+l]) {
					n = l
					break
				}
			}
		}
		if n == 0 {
			out = append(out, unit{text: raw[i]})
			i++
			continue
		}
		u := unit{text: strings.Join(raw[i:i+n], " ")}
		u.synonyms = g.Synonyms(u.text)
		out = append(out, u)
		i += n
	}
	return out
}

// rawWords splits text at every rune that is not a letter or digit.
func rawWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// normWords returns the normalised words of a term.
func normWords(term string) []string {
	ws := rawWords(term)
	for i, w := range ws {
		ws[i] = normWord(w)
	}
	return ws
}

// normWord lower-cases and folds a word and drops one trailing "s" from
// words of four or more letters (a cheap plural match for both languages).
func normWord(w string) string {
	w = foldString(strings.ToLower(w))
	if len(w) >= 4 && strings.HasSuffix(w, "s") {
		w = w[:len(w)-1]
	}
	return w
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
