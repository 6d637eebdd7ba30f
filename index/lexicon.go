package index

import (
	"sort"

	index "github.com/blevesearch/bleve_index_api"

	"github.com/wikirules/wikirules/lang"
)

// lexicon answers questions about the words of the indexed documents (the
// folded, unstemmed words of fieldWords) for one search: is a query word
// known, and which known words are within a small edit distance of it.
type lexicon struct {
	r index.IndexReader // nil when the index cannot be inspected
}

// maxSuggestions caps the corrections tried for one unknown word.
const maxSuggestions = 3

func (x *Index) lexicon() *lexicon {
	adv, err := x.bi.Advanced()
	if err != nil {
		return &lexicon{}
	}
	r, err := adv.Reader()
	if err != nil {
		return &lexicon{}
	}
	return &lexicon{r: r}
}

func (l *lexicon) close() {
	if l.r != nil {
		l.r.Close()
	}
}

// known reports whether some document contains word (folded, lower case).
// Without a reader every word counts as known.
func (l *lexicon) known(word string) bool {
	rc, ok := l.r.(index.IndexReaderContains)
	if l.r == nil || !ok {
		return true
	}
	d, err := rc.FieldDictContains(fieldWords)
	if err != nil {
		return true
	}
	found, err := d.Contains([]byte(lang.Fold(word)))
	return err != nil || found
}

// suggest returns up to maxSuggestions words of the documents within edit
// distance fuzz of word, most frequent first; words at distance 2 are
// looked for only when none is at distance 1.
func (l *lexicon) suggest(word string, fuzz int) []string {
	rf, ok := l.r.(index.IndexReaderFuzzy)
	if l.r == nil || !ok {
		return nil
	}
	w := lang.Fold(word)
	type cand struct {
		term  string
		dist  int
		count uint64
	}
	var cs []cand
	// Distance 1 first: its automaton is much smaller, and a word one edit
	// away is the likelier correction.
	for f := 1; f <= fuzz && len(cs) == 0; f++ {
		d, err := rf.FieldDictFuzzy(fieldWords, w, f, "")
		if err != nil {
			return nil
		}
		for e, err := d.Next(); err == nil && e != nil; e, err = d.Next() {
			cs = append(cs, cand{term: e.Term, dist: levenshtein(w, e.Term)})
		}
		d.Close()
		// The walk's own counts are wrong on a compacted index
		// (termDocs).
		for i := range cs {
			cs[i].count, _ = termDocs(l.r, fieldWords, cs[i].term)
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].dist != cs[j].dist {
			return cs[i].dist < cs[j].dist
		}
		if cs[i].count != cs[j].count {
			return cs[i].count > cs[j].count
		}
		return cs[i].term < cs[j].term
	})
	var out []string
	for _, c := range cs {
		if len(out) == maxSuggestions {
			break
		}
		out = append(out, c.term)
	}
	return out
}

// levenshtein returns the edit distance between a and b, in runes.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
