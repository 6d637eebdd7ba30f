package index

import (
	"fmt"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
)

// Phrase fields. A multi-word glossary term ("Línea de Tiro", "Orden de
// Reacción Automática", "Sexto Sentido") is indexed as one token of its
// normalised words ("linea de tiro"), so that query expansion searches it
// with a term query instead of a phrase query: a phrase searcher walks the
// posting lists of every word of the phrase ("orden" and "tiro" are
// common) and decodes their positions for each candidate, which was about
// a quarter of the CPU of a search at 100,000 records.
//
// textPhrase holds the joined terms found in the body field's text (body,
// skill or example name, section), titlePhrase those of the title field;
// both are language-independent (normWord: lower case, accent folding, one
// trailing "s" dropped, no stemming). textPhrase starts with textBody + "_",
// so its term locations count as body highlights (bodyRanges).
const (
	textPhrase  = textBody + "_phrase"
	titlePhrase = textTitle + "_phrase"
	// phraseFilterName and analyzerPhrase are registered with bleve.
	phraseFilterName = "wikirules_phrase"
	analyzerPhrase   = "wikirules_phrase"
)

// phrasesKey is the internal key under which Build stores the joined terms
// its phrase fields were indexed with (newline-separated, sorted).
var phrasesKey = []byte("wikirules.phrases")

func init() {
	registry.RegisterTokenFilter(phraseFilterName,
		func(map[string]interface{}, *registry.Cache) (analysis.TokenFilter, error) {
			return newPhraseFilter(DefaultGlossary()), nil
		})
}

// phraseFilter replaces a token stream by the multi-word terms of a
// glossary found in it: one token per occurrence (every length and start
// that matches, so overlapping terms are all kept), its Term the term's
// normalised words joined by single spaces, its offsets from the first
// word's start to the last word's end, its position the first word's.
type phraseFilter struct {
	byKey  map[string][][]string // first normalised word → multi-word terms
	maxLen int
}

func newPhraseFilter(g *Glossary) *phraseFilter {
	f := &phraseFilter{byKey: map[string][][]string{}}
	for _, p := range g.phrases() {
		w := strings.Split(p, " ")
		f.byKey[w[0]] = append(f.byKey[w[0]], w)
		f.maxLen = max(f.maxLen, len(w))
	}
	return f
}

func (f *phraseFilter) Filter(in analysis.TokenStream) analysis.TokenStream {
	var out analysis.TokenStream
	norm := make([]string, len(in))
	for i, t := range in {
		norm[i] = normWord(string(t.Term))
	}
	for i := range in {
		for _, words := range f.byKey[norm[i]] {
			n := len(words)
			if i+n > len(in) || !equalWords(words, norm[i:i+n]) {
				continue
			}
			out = append(out, &analysis.Token{
				Term:     []byte(strings.Join(words, " ")),
				Start:    in[i].Start,
				End:      in[i+n-1].End,
				Position: in[i].Position,
				Type:     analysis.AlphaNumeric,
			})
		}
	}
	return out
}

// phrases returns the normalised multi-word terms of the glossary (words
// joined by single spaces), sorted and unique.
func (g *Glossary) phrases() []string {
	var out []string
	for _, refs := range g.byKey {
		for _, r := range refs {
			if len(r.words) > 1 {
				out = append(out, strings.Join(r.words, " "))
			}
		}
	}
	sort.Strings(out)
	return dedupSorted(out)
}

// phraseKey returns the phrase-field term of a multi-word term, and
// whether the index holds that term in its phrase fields.
func (x *Index) phraseKey(term string) (string, bool) {
	k := strings.Join(normWords(term), " ")
	return k, x.phraseSet[k]
}

// loadPhrases reads the joined terms the index was built with and keeps
// those the phrase filter still produces (the embedded glossary may have
// changed since the build: a term added later is missing from the older
// documents, so it is searched as a phrase).
func (x *Index) loadPhrases() error {
	v, err := x.bi.GetInternal(phrasesKey)
	if err != nil {
		return fmt.Errorf("index %s: read phrase terms: %w", x.where(), err)
	}
	x.phraseSet = map[string]bool{}
	if len(v) == 0 {
		return nil
	}
	now := map[string]bool{}
	for _, p := range DefaultGlossary().phrases() {
		now[p] = true
	}
	for _, p := range strings.Split(string(v), "\n") {
		if now[p] {
			x.phraseSet[p] = true
		}
	}
	return nil
}

// storePhrases records the joined terms of the embedded glossary as those
// the index is built with (Build, on an empty index).
func (x *Index) storePhrases() error {
	ps := DefaultGlossary().phrases()
	if err := x.bi.SetInternal(phrasesKey, []byte(strings.Join(ps, "\n"))); err != nil {
		return fmt.Errorf("index %s: store phrase terms: %w", x.where(), err)
	}
	x.phraseSet = map[string]bool{}
	for _, p := range ps {
		x.phraseSet[p] = true
	}
	return nil
}
