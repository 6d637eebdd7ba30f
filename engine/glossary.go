package engine

import (
	"bufio"
	_ "embed"
	"fmt"
	"strings"
)

// glossaryTSV is the synonym data; its header names the source
// (docs/GLOSSARY.md) and the format.
//
//go:embed glossary.tsv
var glossaryTSV string

// glossary is a set of synonym groups (Spanish, English and abbreviations
// of one game concept) used to expand questions before retrieval, so that
// "Engaged" finds the page Trabado and "LoF" the word LDT.
type glossary struct {
	groups [][]string   // terms as written
	terms  [][][]string // folded words of each term, per group
}

// parseGlossary reads one group per line, terms separated by TABs; blank
// lines and "#" lines are skipped. A group needs two terms; the error names
// the 1-based line.
func parseGlossary(data string) (*glossary, error) {
	g := &glossary{}
	sc := bufio.NewScanner(strings.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var terms []string
		var folded [][]string
		for _, t := range strings.Split(text, "\t") {
			if t = strings.TrimSpace(t); t != "" {
				terms = append(terms, t)
				folded = append(folded, words(t))
			}
		}
		if len(terms) < 2 {
			return nil, fmt.Errorf("glossary.tsv:%d: a group needs at least two terms, got %q", line, text)
		}
		g.groups = append(g.groups, terms)
		g.terms = append(g.terms, folded)
	}
	return g, sc.Err()
}

// expand returns the other terms of every group the question names (see
// match), each group once.
func (g *glossary) expand(question string) []string {
	var out []string
	for _, m := range g.match(question) {
		out = append(out, m.others...)
	}
	return out
}

// glossMatch is a glossary group a question names: the term it typed
// (folded words) and the group's other terms.
type glossMatch struct {
	typed  []string
	others []string
}

// match returns the groups one of whose terms occurs in the question's
// words (single-letter and two-letter abbreviations such as "S" or "R" only
// when typed exactly, so the English article "a" matches nothing).
func (g *glossary) match(question string) []glossMatch {
	qw := words(question)
	raw := strings.Fields(question)
	var out []glossMatch
	for i, group := range g.terms {
		hit := -1
		for j, t := range group {
			if len(t) == 1 && len(t[0]) <= 2 && !capsWord(raw, g.groups[i][j]) {
				continue
			}
			if containsWords(qw, t) {
				hit = j
				break
			}
		}
		if hit < 0 {
			continue
		}
		m := glossMatch{typed: group[hit]}
		for j, t := range g.groups[i] {
			if j != hit {
				m.others = append(m.others, t)
			}
		}
		out = append(out, m)
	}
	return out
}

// capsWord reports whether term appears as a whole word, exactly as
// written (case-sensitive), among raw's space-separated fields.
func capsWord(raw []string, term string) bool {
	for _, w := range raw {
		if strings.Trim(w, "¿?¡!.,;:()\"'") == term {
			return true
		}
	}
	return false
}

// synonyms returns the other terms of every group holding term exactly
// (folded), e.g. "Dodge" → ["Esquivar"].
func (g *glossary) synonyms(term string) []string {
	ft := strings.Join(words(term), " ")
	var out []string
	for i, group := range g.terms {
		for _, t := range group {
			if strings.Join(t, " ") == ft {
				for j, other := range g.groups[i] {
					if strings.Join(group[j], " ") != ft {
						out = append(out, other)
					}
				}
				break
			}
		}
	}
	return out
}
