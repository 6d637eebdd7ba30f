package index

import (
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/registry"
)

// foldedTokenizerName is the tokenizer every analyzer of this package
// starts with (registered with bleve).
const foldedTokenizerName = "wikirules_folded"

func init() {
	registry.RegisterTokenizer(foldedTokenizerName,
		func(map[string]interface{}, *registry.Cache) (analysis.Tokenizer, error) {
			return sharedFolded, nil
		})
}

// sharedFolded is the one foldedTokenizer of the process: the analyzers
// of every index share its cache.
var sharedFolded = newFoldedTokenizer(foldedCacheSize)

// foldedCacheSize is how many distinct texts foldedTokenizer remembers.
// One document's texts are analysed one after another by one of bleve's
// analysis workers (a record's body, name, section and page go to the
// stemmed field, the phrase field and the words field), so a few entries
// per worker are enough for every text after its first field to hit.
const foldedCacheSize = 64

// foldedTokenizer splits a text as bleve's unicode tokenizer does (Unicode
// word boundaries, UAX #29) and lower-cases and folds every token
// (foldFilter): the steps the Spanish, English, phrase and words analyzers
// share. A document's texts go through three of those analyzers (body
// text: stemmed, phrase and words fields), so it keeps the tokens of the
// last foldedCacheSize texts and gives a copy of them when the same text
// comes again, instead of segmenting it once per field (segmentation was
// about 9 % of an index build's CPU, once per field).
//
// Tokenize returns a new stream each time (new Token values; their Term
// bytes are shared and must not be written in place, which no filter of
// this package's analyzers does: they reslice or replace Term). Safe for
// concurrent use.
type foldedTokenizer struct {
	inner analysis.Tokenizer
	lower analysis.TokenFilter

	mu    sync.Mutex
	cache map[string][]analysis.Token
	ring  []string // cached keys, oldest replaced first
	next  int
}

func newFoldedTokenizer(size int) *foldedTokenizer {
	return &foldedTokenizer{
		inner: unicode.NewUnicodeTokenizer(),
		lower: lowercase.NewLowerCaseFilter(),
		cache: make(map[string][]analysis.Token, size),
		ring:  make([]string, size),
	}
}

func (t *foldedTokenizer) Tokenize(input []byte) analysis.TokenStream {
	t.mu.Lock()
	toks, ok := t.cache[string(input)]
	t.mu.Unlock()
	if !ok {
		key := string(input) // before analyze: lower-casing writes into input
		toks = t.analyze(input)
		t.mu.Lock()
		if _, dup := t.cache[key]; !dup {
			delete(t.cache, t.ring[t.next])
			t.ring[t.next] = key
			t.next = (t.next + 1) % len(t.ring)
			t.cache[key] = toks
		}
		t.mu.Unlock()
	}
	out := make([]analysis.Token, len(toks))
	copy(out, toks)
	ts := make(analysis.TokenStream, len(out))
	for i := range out {
		ts[i] = &out[i]
	}
	return ts
}

// analyze tokenizes input, lower-cases and folds the tokens, and returns
// them with their terms copied into one buffer of their own (the unicode
// tokenizer's terms point into input, which belongs to the caller).
func (t *foldedTokenizer) analyze(input []byte) []analysis.Token {
	ts := foldFilter{}.Filter(t.lower.Filter(t.inner.Tokenize(input)))
	n := 0
	for _, tok := range ts {
		n += len(tok.Term)
	}
	buf := make([]byte, 0, n)
	out := make([]analysis.Token, len(ts))
	for i, tok := range ts {
		out[i] = *tok
		start := len(buf)
		buf = append(buf, tok.Term...)
		out[i].Term = buf[start:len(buf):len(buf)]
	}
	return out
}
