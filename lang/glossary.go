package lang

import (
	"fmt"
	"strings"
	"sync"

	"github.com/wikirules/wikirules/docs"
)

// Glossary is a set of concepts, each a set of terms that name the same
// game concept in Spanish, in English or as an abbreviation ("ORA", "ARO",
// "Orden de Reacción Automática", "Automatic Reaction Order"). Terms are
// compared by Key. A term may stand in several concepts ("Mina" is a page
// title and a question word); its synonyms are then the other terms of all
// of them. A Glossary is read-only and safe for concurrent use.
type Glossary struct {
	concepts [][]string        // terms as written, in file order
	pairs    []Pair            // each row's Spanish and English terms, in file order
	byFirst  map[string][]term // first key word → terms starting with it
	maxLen   int               // longest term, in words
}

// term is one term of a concept, as matched against text.
type term struct {
	concept int
	words   []string // key words
	written string   // as written in the file
	// exact: a term of one word of at most two letters ("S", "CD")
	// matches only a word typed exactly as written.
	exact bool
}

// Default returns the project glossary, docs/GLOSSARY.md, parsed once.
// It panics if the file does not parse (TestDefault parses it).
func Default() *Glossary { return defaultGlossary() }

var defaultGlossary = sync.OnceValue(func() *Glossary {
	g, err := ParseGlossary("docs/GLOSSARY.md", docs.Glossary)
	if err != nil {
		panic(err)
	}
	return g
})

// ParseGlossary reads a glossary in the Markdown form of docs/GLOSSARY.md
// (name is used in errors): every table row is "es | en | meaning", the
// meaning ignored; a table's first row (its header) and its "|---|" row are
// skipped; in a cell ", " separates the names of one concept and " / "
// alternatives, paired by position with those of the other cell (when the
// two cells have as many), otherwise the whole row is one concept; "—" is
// no term; parentheses are dropped ("Ejemplo(s)" → "Ejemplos"). A concept
// whose terms all have the same Key is dropped (a row such as "Reset |
// Reset"). Lines outside tables are ignored. Errors name the file and
// line: a row with fewer than two cells, a separator row with no header,
// an empty term.
func ParseGlossary(name, data string) (*Glossary, error) {
	g := &Glossary{byFirst: map[string][]term{}}
	var row []string // the previous table row, not yet known not to be a header
	rowLine := 0
	flush := func() error {
		if row == nil {
			return nil
		}
		defer func() { row = nil }()
		return g.addRow(row, fmt.Sprintf("%s:%d", name, rowLine))
	}
	for i, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if isSeparator(cells) {
			if row == nil {
				return nil, fmt.Errorf("%s:%d: a table separator row with no header row above it", name, i+1)
			}
			row = nil // the header
			continue
		}
		if err := flush(); err != nil {
			return nil, err
		}
		if len(cells) < 2 {
			return nil, fmt.Errorf("%s:%d: a table row needs an es and an en cell: %q", name, i+1, line)
		}
		row, rowLine = cells, i+1
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return g, nil
}

// isSeparator reports whether cells are a Markdown table's separator row
// ("---", ":--", "--:").
func isSeparator(cells []string) bool {
	for _, c := range cells {
		if c = strings.Trim(strings.TrimSpace(c), ":"); c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return true
}

// addRow adds the concepts of one table row (cells es, en, …).
func (g *Glossary) addRow(cells []string, where string) error {
	es, err := alternatives(cells[0], where)
	if err != nil {
		return err
	}
	en, err := alternatives(cells[1], where)
	if err != nil {
		return err
	}
	if len(es) == len(en) {
		for i := range es {
			g.addPair(es[i], en[i])
			g.addConcept(append(append([]string(nil), es[i]...), en[i]...))
		}
		return nil
	}
	var all, esAll, enAll []string
	for _, a := range es {
		esAll = append(esAll, a...)
	}
	for _, a := range en {
		enAll = append(enAll, a...)
	}
	g.addPair(esAll, enAll)
	all = append(append(all, esAll...), enAll...)
	g.addConcept(all)
	return nil
}

// Pair is one concept of the glossary split by language: the terms of its
// es cell and of its en cell, as written (abbreviations included).
type Pair struct {
	ES, EN []string
}

// addPair records a concept's two sides when both have a term.
func (g *Glossary) addPair(es, en []string) {
	if len(es) > 0 && len(en) > 0 {
		g.pairs = append(g.pairs, Pair{ES: es, EN: en})
	}
}

// Pairs returns every concept with a term in each language, split by
// language, in file order (a row "Aislado | Isolated" is {[Aislado]
// [Isolated]}; "Reset | Reset", which Concepts leaves out, is kept). The
// slices are the glossary's own: do not modify them.
func (g *Glossary) Pairs() []Pair { return g.pairs }

// alternatives splits a cell into its alternatives (" / "), each a list
// of terms (", "); "—" and an empty cell have none.
func alternatives(cell, where string) ([][]string, error) {
	cell = strings.TrimSpace(cell)
	if cell == "" || cell == "—" {
		return nil, nil
	}
	var out [][]string
	for _, alt := range strings.Split(cell, " / ") {
		var terms []string
		for _, t := range strings.Split(alt, ", ") {
			t = strings.TrimSpace(strings.NewReplacer("(", "", ")", "").Replace(t))
			if len(Split(t)) == 0 {
				return nil, fmt.Errorf("%s: a term with no word in %q", where, cell)
			}
			terms = append(terms, t)
		}
		out = append(out, terms)
	}
	return out, nil
}

// addConcept adds terms as one concept, unless they all have one key.
func (g *Glossary) addConcept(terms []string) {
	keys := map[string]bool{}
	for _, t := range terms {
		keys[Key(t)] = true
	}
	if len(keys) < 2 {
		return
	}
	c := len(g.concepts)
	g.concepts = append(g.concepts, terms)
	for _, t := range terms {
		ws := keyWords(t)
		g.byFirst[ws[0]] = append(g.byFirst[ws[0]], term{concept: c, words: ws, written: t,
			exact: len(ws) == 1 && len(ws[0]) <= 2})
		g.maxLen = max(g.maxLen, len(ws))
	}
}

// Len returns the number of concepts.
func (g *Glossary) Len() int { return len(g.concepts) }

// Concepts returns the terms of every concept as written, in file order.
// The slices are the glossary's own: do not modify them.
func (g *Glossary) Concepts() [][]string { return g.concepts }

// Synonyms returns the other terms of every concept term (compared by Key
// as a whole) belongs to, as written, in file order, each once and none
// with term's key; nil when it belongs to none. "Dodge" gives "Esquivar",
// "dodging", "dodged"; "LoF" gives "LDT", "Línea de Tiro", "Line of Fire".
func (g *Glossary) Synonyms(term string) []string {
	ws := keyWords(term)
	if len(ws) == 0 {
		return nil
	}
	return g.synonyms(ws)
}

func (g *Glossary) synonyms(ws []string) []string {
	key := strings.Join(ws, " ")
	var out []string
	seen := map[string]bool{}
	for _, t := range g.byFirst[ws[0]] {
		if !equal(t.words, ws) {
			continue
		}
		for _, other := range g.concepts[t.concept] {
			if !seen[other] && Key(other) != key {
				seen[other] = true
				out = append(out, other)
			}
		}
	}
	return out
}

// Unit is one piece of a query: a word, or the words of a glossary term
// found in it (Text, the words as typed joined by single spaces), and the
// term's synonyms (none for a word that is no term).
type Unit struct {
	Text     string
	Synonyms []string
}

// Segment splits text into words (Split) and joins the runs of words that
// form a glossary term into one unit, the longest term first, left to
// right: "linea de tiro mina" is the units "linea de tiro" (synonyms LDT,
// LoF, Line of Fire…) and "mina" (Mine…). A term of one word of one or two
// letters ("S", "R", "CD") matches only the word typed exactly so, so that
// "a" and "se" are not abbreviations. The search index and the judge
// engine expand queries with it.
func (g *Glossary) Segment(text string) []Unit {
	raw, keys := splitKeys(text)
	var out []Unit
	for i := 0; i < len(raw); {
		n := g.match(raw[i:], keys[i:])
		if n == 0 {
			out = append(out, Unit{Text: raw[i].Text})
			i++
			continue
		}
		words := make([]string, n)
		for j := range words {
			words[j] = raw[i+j].Text
		}
		out = append(out, Unit{Text: strings.Join(words, " "), Synonyms: g.synonyms(keys[i : i+n])})
		i += n
	}
	return out
}

// match returns the length in words of the longest term that starts the
// words raw (keys: their key words), 0 when none does.
func (g *Glossary) match(raw []Term, keys []string) int {
	best := 0
	for _, t := range g.byFirst[keys[0]] {
		n := len(t.words)
		if n <= best || n > len(keys) || !equal(t.words, keys[:n]) || t.exact && raw[0].Text != t.written {
			continue
		}
		best = n
	}
	return best
}

// splitKeys returns the words of text (Split) and the key word of each.
func splitKeys(text string) ([]Term, []string) {
	raw := Split(text)
	keys := make([]string, len(raw))
	for i, w := range raw {
		keys[i] = keyWord(Fold(w.Text))
	}
	return raw, keys
}

func equal(a, b []string) bool {
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
