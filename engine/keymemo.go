package engine

import (
	"sync"
	"sync/atomic"

	"github.com/wikirules/wikirules/lang"
)

// The key of each word (what analyzer.Terms makes of it: folded, dropped
// when a stopword not written in capitals, else stemmed) depends on the
// word alone, and the texts an Ask compares share most of their words:
// keys works each word's key out once per process. The memo is emptied
// when it holds maxWordKeys words, so that the words of questions a
// long-running server is asked cannot grow it without bound.

// maxWordKeys caps the words whose key is kept: more than the wiki's
// vocabulary in both languages.
const maxWordKeys = 1 << 17

// wordKey is the key of a word as written; drop when it has none.
type wordKey struct {
	key  string
	drop bool
}

var (
	wordKeys  sync.Map // word as written → wordKey
	wordCount atomic.Int64
)

// keyOf returns the key of a word as lang.Split gives it, and false
// when analyzer.Terms drops it.
func keyOf(word string) (string, bool) {
	if k, ok := wordKeys.Load(word); ok {
		wk := k.(wordKey)
		return wk.key, !wk.drop
	}
	w := lang.Fold(word)
	wk := wordKey{drop: analyzer.Stop[w] && !lang.Capitals(word)}
	if !wk.drop {
		wk.key = analyzer.Stem.Stem(w)
	}
	if wordCount.Add(1) > maxWordKeys {
		wordKeys.Clear()
		wordCount.Store(1)
	}
	wordKeys.Store(word, wk)
	return wk.key, !wk.drop
}
