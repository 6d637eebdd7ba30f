package engine

import (
	"slices"
	"strings"

	"github.com/wikirules/wikirules/lang"
)

// pageKey is a name of a page, for spotting the pages a text names: the
// page's title, the name's folded words and their stems, and whether the
// name is derived from a title (derivedNames) rather than one the wikis
// give (the title, a redirect to it, its twin's).
type pageKey struct {
	title   string
	words   []string
	stems   []string
	derived bool
}

// titles finds the pages a text names, by every own name of each page (a
// question names few pages; a knowledge base holds thousands), indexed by
// the stem of each word of the name; and it gives every name of a page,
// its twins' too, to tell whether a text holds it.
type titles struct {
	pages  []pageKey
	byStem map[string][]int      // stem → the names holding it
	exact  map[string]bool       // the keys of every title and wiki-given name, space-joined
	keysOf map[string][]nameKeys // folded title → the keys of each name of the page, its title first
	twins  map[string][]string   // folded title → the titles of its twins
}

// nameKeys are the keys of a name of a page, and whether it is derived.
type nameKeys struct {
	keys    []string
	derived bool
}

// titledPage is a page as titles indexes it: its title, its language
// (which class words its title may carry), the titles of the redirects
// to it and the titles of its twins in the other language.
type titledPage struct {
	title   string
	lang    string
	aliases []string
	twins   []string
}

// newTitles indexes the names of pages. A page is named by its title and
// the titles of the redirects to it, and by the names derivedNames makes
// of its title ("Isolated" for Isolated State), unless such a name is a
// wiki-given name (a title or redirect) of a page of another rule: those
// stand in a text (titles.in). A text holding the name of a twin of the
// page in the other language (its title, redirects, derived names) holds
// the page too (titles.names: "Aislado" holds Isolated State), but does not
// name it: the twin's page is named in its own right, so that a question
// reads the pages and FAQs of its own language's wiki first.
func newTitles(pages []titledPage) *titles {
	t := &titles{byStem: map[string][]int{}, exact: map[string]bool{}, keysOf: map[string][]nameKeys{}, twins: map[string][]string{}}
	byTitle := map[string]int{}
	for i, p := range pages {
		byTitle[lang.Fold(p.title)] = i
	}
	// rule returns the pages of one rule: page i and its twins in the
	// knowledge base, either way.
	rule := make([][]int, len(pages))
	for i := range pages {
		rule[i] = append(rule[i], i)
	}
	for i, p := range pages {
		for _, w := range p.twins {
			if j, ok := byTitle[lang.Fold(w)]; ok && j != i {
				rule[i] = append(rule[i], j)
				rule[j] = append(rule[j], i)
			}
		}
	}
	sameRule := func(i, j int) bool {
		for _, k := range rule[i] {
			if k == j {
				return true
			}
		}
		return false
	}
	given := map[string]map[int]bool{} // space-joined stems of a wiki-given name → the pages it names
	for i, p := range pages {
		for _, n := range append([]string{p.title}, p.aliases...) {
			k := strings.Join(stems(lang.Words(n)), " ")
			if given[k] == nil {
				given[k] = map[int]bool{}
			}
			given[k][i] = true
		}
	}
	// derived returns the derived names of page j's title that name no
	// page of another rule than page i's.
	derived := func(i, j int) []string {
		var out []string
		for _, n := range derivedNames(pages[j].title, pages[j].lang) {
			other := false
			for o := range given[strings.Join(stems(lang.Words(n)), " ")] {
				other = other || !sameRule(i, o)
			}
			if !other {
				out = append(out, n)
			}
		}
		return out
	}
	for i, p := range pages {
		seen := map[string]bool{}
		for _, n := range append([]string{p.title}, p.aliases...) {
			t.add(p.title, n, false, true, seen)
			t.exact[strings.Join(keys(n), " ")] = true
		}
		for _, n := range derived(i, i) {
			t.add(p.title, n, true, true, seen)
		}
		for _, w := range p.twins {
			t.add(p.title, w, false, false, seen) // a twin the knowledge base lacks still names the rule
			t.twins[lang.Fold(p.title)] = append(t.twins[lang.Fold(p.title)], w)
		}
		for _, j := range rule[i][1:] {
			t.add(p.title, pages[j].title, false, false, seen)
			for _, a := range pages[j].aliases {
				t.add(p.title, a, false, false, seen)
			}
			for _, n := range derived(i, j) {
				t.add(p.title, n, true, false, seen)
			}
		}
	}
	return t
}

// add records name n of the page titled title, once per page (seen: the
// space-joined stems of the names recorded for it): among its names
// (names) and, when it is one of the page's own (own), in the index of the
// names that stand in a text (in).
func (t *titles) add(title, n string, derived, own bool, seen map[string]bool) {
	w := lang.Words(n)
	if len(w) == 0 {
		return
	}
	p := pageKey{title: title, words: w, stems: stems(w), derived: derived}
	sk := strings.Join(p.stems, " ")
	if seen[sk] {
		return
	}
	seen[sk] = true
	ft := lang.Fold(title)
	t.keysOf[ft] = append(t.keysOf[ft], nameKeys{keys: keys(n), derived: derived})
	if !own {
		return
	}
	i := len(t.pages)
	t.pages = append(t.pages, p)
	once := map[string]bool{}
	for _, s := range p.stems {
		if !once[s] {
			once[s] = true
			t.byStem[s] = append(t.byStem[s], i)
		}
	}
}

// derivedNames returns the names a title of a page of language l goes by
// besides itself, as the wiki's redirects and links name pages: the title
// without its disambiguator (what MediaWiki's pipe trick shows for
// "Retreat! (State)": "Retreat!"), and the title (or that name) without a
// class word of l's vocabulary ("Isolated" for "Isolated State", "Retirada"
// for "Estado Retirada"). A name left with no word, or only a class word,
// is none.
func derivedNames(title, l string) []string {
	var out []string
	base := []string{title}
	if i := strings.LastIndex(title, " ("); i > 0 && strings.HasSuffix(title, ")") {
		out = append(out, title[:i])
		base = append(base, title[:i])
	}
	v := vocabFor(l)
	pre, suf := wordSet(v.ClassWords.Prefixes), wordSet(v.ClassWords.Suffixes)
	for _, b := range base {
		f := strings.Fields(b)
		if len(f) < 2 {
			continue
		}
		if w := lang.Words(f[0]); len(w) == 1 && pre[w[0]] && !allClass(f[1:], pre, suf) {
			out = append(out, strings.Join(f[1:], " "))
		}
		if w := lang.Words(f[len(f)-1]); len(w) == 1 && suf[w[0]] && !allClass(f[:len(f)-1], pre, suf) {
			out = append(out, strings.Join(f[:len(f)-1], " "))
		}
	}
	seen := map[string]bool{}
	return slices.DeleteFunc(out, func(n string) bool {
		dup := seen[n]
		seen[n] = true
		return dup
	})
}

// allClass reports whether fields hold no word but class words.
func allClass(fields []string, pre, suf map[string]bool) bool {
	for _, w := range lang.Words(strings.Join(fields, " ")) {
		if !pre[w] && !suf[w] {
			return false
		}
	}
	return true
}

func stems(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = stem(w)
	}
	return out
}

// match is a name standing in a text: the name and the span of words it
// covers ([start, end)).
type match struct {
	pageKey
	start, end int
}

// in returns the pages a name of which stands in words (compared by stem,
// consecutively), each once by its first name found, in the order of the
// index. A derived name standing inside a longer name of another page
// names nothing there ("Normal" in "Normal Roll").
func (t *titles) in(words []string) []pageKey {
	if t == nil {
		return nil
	}
	st := stems(words)
	var ms []match
	for at, s := range st {
		for _, i := range t.byStem[s] {
			p := t.pages[i]
			if p.stems[0] != s || at+len(p.stems) > len(st) || indexWords(st[at:at+len(p.stems)], p.stems) != 0 {
				continue
			}
			ms = append(ms, match{p, at, at + len(p.stems)})
		}
	}
	seen := map[string]bool{}
	var out []pageKey
	for _, m := range ms {
		if seen[m.title] || m.derived && inside(m, ms) {
			continue
		}
		seen[m.title] = true
		out = append(out, m.pageKey)
	}
	return out
}

// inside reports whether m's span lies within the longer span of a match
// of another page.
func inside(m match, ms []match) bool {
	for _, o := range ms {
		if o.title != m.title && o.end-o.start > m.end-m.start && o.start <= m.start && m.end <= o.end {
			return true
		}
	}
	return false
}

// names returns the keys of every name of the page titled title: its
// title's first (the title itself when the index does not know it).
func (t *titles) names(title string) []nameKeys {
	if t != nil {
		if n := t.keysOf[lang.Fold(title)]; len(n) > 0 {
			return n
		}
	}
	return []nameKeys{{keys: keys(title)}}
}

// twinsOf returns the titles of the twins of the page titled title.
func (t *titles) twinsOf(title string) []string {
	if t == nil {
		return nil
	}
	return t.twins[lang.Fold(title)]
}

// holding reports whether some name of a page holds the stems alt
// consecutively.
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
