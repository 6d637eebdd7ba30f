package index

import (
	"fmt"
	"strings"

	"github.com/wikirules/wikirules/lang"
)

// Phrase fields. A multi-word glossary term ("Línea de Tiro", "Orden de
// Reacción Automática", "Sexto Sentido") is indexed as one token of its
// key ("linea de tiro", lang.Glossary.PhraseTerms), so that query
// expansion searches it with a term query instead of a phrase query: a
// phrase searcher walks the posting lists of every word of the phrase
// ("orden" and "tiro" are common) and decodes their positions for each
// candidate, which was about a quarter of the CPU of a search at 100,000
// records.
//
// textPhrase holds the terms found in the body field's text (body, skill
// or example name, section), titlePhrase those of the title field; both
// are language-independent (lang.Key: folded, one trailing "s" dropped, no
// stemming). textPhrase starts with textBody + "_", so its term locations
// count as body highlights (bodyRanges).
const (
	textPhrase  = textBody + "_phrase"
	titlePhrase = textTitle + "_phrase"
)

// phrasesKey is the internal key under which Build stores the keys of the
// terms its phrase fields were indexed with (newline-separated, sorted).
var phrasesKey = []byte("wikirules.phrases")

// phraseKey returns the phrase-field term of a multi-word term, and
// whether the index holds that term in its phrase fields.
func (x *Index) phraseKey(term string) (string, bool) {
	k := lang.Key(term)
	return k, x.phraseSet[k]
}

// loadPhrases reads the phrase keys the index was built with and keeps
// those the glossary still has (it may have changed since the build: a
// term added later is missing from the older documents, so it is searched
// as a phrase).
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
	for _, p := range lang.Default().Phrases() {
		now[p] = true
	}
	for _, p := range strings.Split(string(v), "\n") {
		if now[p] {
			x.phraseSet[p] = true
		}
	}
	return nil
}

// storePhrases records the phrase keys of the glossary as those the index
// is built with (Build, on an empty index).
func (x *Index) storePhrases() error {
	ps := lang.Default().Phrases()
	if err := x.bi.SetInternal(phrasesKey, []byte(strings.Join(ps, "\n"))); err != nil {
		return fmt.Errorf("index %s: store phrase terms: %w", x.where(), err)
	}
	x.phraseSet = map[string]bool{}
	for _, p := range ps {
		x.phraseSet[p] = true
	}
	return nil
}
