package engine

import (
	"strings"

	"github.com/wikirules/wikirules/lang"
)

// pageKey is a page title, its folded words and their stems, for spotting
// the pages a text names.
type pageKey struct {
	title string
	words []string
	stems []string
}

// titles finds the page titles a text names: every title by the stem of
// each of its words (a question names few pages; a knowledge base holds
// thousands).
type titles struct {
	pages  []pageKey
	byStem map[string][]int // stem → the pages whose title holds it
	exact  map[string]bool  // the stems of every title, space-joined
}

// newTitles indexes the titles of pages.
func newTitles(names []string) *titles {
	t := &titles{byStem: map[string][]int{}, exact: map[string]bool{}}
	for _, n := range names {
		w := lang.Words(n)
		if len(w) == 0 {
			continue
		}
		p := pageKey{title: n, words: w, stems: stems(w)}
		i := len(t.pages)
		t.pages = append(t.pages, p)
		seen := map[string]bool{}
		for _, s := range p.stems {
			if !seen[s] {
				seen[s] = true
				t.byStem[s] = append(t.byStem[s], i)
			}
		}
		t.exact[strings.Join(keys(n), " ")] = true
	}
	return t
}

func stems(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = stem(w)
	}
	return out
}

// in returns the pages whose title stands in words (compared by stem,
// consecutively), each once, in the order of the index.
func (t *titles) in(words []string) []pageKey {
	if t == nil {
		return nil
	}
	st := stems(words)
	seen := map[int]bool{}
	var out []pageKey
	for _, s := range st {
		for _, i := range t.byStem[s] {
			p := t.pages[i]
			if seen[i] || p.stems[0] != s {
				continue
			}
			if indexWords(st, p.stems) >= 0 {
				seen[i] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// holding reports whether some title holds the stems alt consecutively.
func (t *titles) holding(alt []string) bool {
	if t == nil || len(alt) == 0 {
		return false
	}
	for _, i := range t.byStem[alt[0]] {
		if indexWords(t.pages[i].stems, alt) >= 0 {
			return true
		}
	}
	return false
}
