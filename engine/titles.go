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
	head    bool // derived by dropping a class head (sharedHeads), not a class word
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
	lang   map[string]string     // folded title → the language of its page (buildTitles)
	langs  map[string]bool       // the languages of the pages
	heads  map[string]bool       // the stems of the class heads of families of titles (sharedHeads), any language
	// memo is the words, stems and keys worked out while newTitles
	// builds the index (nil after).
	memo *nameMemo
	// stored, when set, holds the index instead of the fields above:
	// the rows a NameStore keeps, looked up as asked for.
	stored *storedNames
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
	t.memo = &nameMemo{stemOf: map[string]string{}, keyOf: map[string]string{}, wordsOf: map[string][]string{}}
	defer func() { t.memo = nil }()
	m := t.memo
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
			k := strings.Join(m.stems(m.words(n)), " ")
			if given[k] == nil {
				given[k] = map[int]bool{}
			}
			given[k][i] = true
		}
	}
	// givenWith indexes the wiki-given names by each of their stems.
	type givenName struct {
		page  int
		stems []string
	}
	givenWith := map[string][]givenName{}
	for i, p := range pages {
		for _, n := range append([]string{p.title}, p.aliases...) {
			st := m.stems(m.words(n))
			once := map[string]bool{}
			for _, s := range st {
				if !once[s] {
					once[s] = true
					givenWith[s] = append(givenWith[s], givenName{i, st})
				}
			}
		}
	}
	// inOther reports whether the stems st stand, consecutively, in a
	// wiki-given name of a page of another rule than page i's.
	inOther := func(i int, st []string) bool {
		rarest := st[0]
		for _, s := range st[1:] {
			if len(givenWith[s]) < len(givenWith[rarest]) {
				rarest = s
			}
		}
		for _, g := range givenWith[rarest] {
			if !sameRule(i, g.page) && indexWords(g.stems, st) >= 0 {
				return true
			}
		}
		return false
	}
	shared := sharedHeads(pages)
	t.heads = map[string]bool{}
	for _, h := range shared {
		for _, set := range []map[string]bool{h.pre, h.suf} {
			for w := range set {
				t.heads[stem(w)] = true
			}
		}
	}
	// derived returns the derived names of page j's title that name no
	// page of another rule than page i's; a name derived by dropping a
	// class head (sharedHeads) must besides be the title's own words,
	// standing in no name of another rule's page: "Humo" names Munición
	// Humo, "Combate" (of Salto de Combate and Módulo de Combate) names
	// neither.
	// candidates returns the names derived from page j's title, and
	// those of them its vocabulary's class words give, once per page.
	type derivation struct{ all, byVocab []string }
	derivations := make([]*derivation, len(pages))
	candidates := func(j int) *derivation {
		if derivations[j] == nil {
			derivations[j] = &derivation{
				all:     derivedNamesWith(pages[j].title, pages[j].lang, shared[pages[j].lang]),
				byVocab: derivedNames(pages[j].title, pages[j].lang),
			}
		}
		return derivations[j]
	}
	derived := func(i, j int) []pageKey {
		var out []pageKey
		c := candidates(j)
		byVocab := c.byVocab
		for _, n := range c.all {
			st := m.stems(m.words(n))
			other := false
			for o := range given[strings.Join(st, " ")] {
				other = other || !sameRule(i, o)
			}
			if !other && !slices.Contains(byVocab, n) {
				other = len(st) == 0 || inOther(i, st)
			}
			if !other {
				out = append(out, pageKey{words: m.words(n), derived: true, head: !slices.Contains(byVocab, n)})
			}
		}
		return out
	}
	for i, p := range pages {
		seen := map[string]bool{}
		for _, n := range append([]string{p.title}, p.aliases...) {
			t.add(p.title, n, false, true, seen)
			t.exact[strings.Join(m.keys(n), " ")] = true
		}
		for _, n := range derived(i, i) {
			t.addKey(p.title, n, true, seen)
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
				t.addKey(p.title, n, false, seen)
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
	t.addKey(title, pageKey{words: t.memo.words(n), derived: derived}, own, seen)
}

// addKey is add for the name whose words (and whether it is derived) p
// gives.
func (t *titles) addKey(title string, p pageKey, own bool, seen map[string]bool) {
	w := p.words
	if len(w) == 0 {
		return
	}
	p.title, p.stems = title, t.memo.stems(w)
	sk := strings.Join(p.stems, " ")
	if seen[sk] {
		return
	}
	seen[sk] = true
	ft := lang.Fold(title)
	t.keysOf[ft] = append(t.keysOf[ft], nameKeys{keys: t.memo.keys(strings.Join(w, " ")), derived: p.derived})
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
	return derivedNamesWith(title, l, classHeads{})
}

// classHeads are the words that open (pre) or close (suf) the titles of
// several pages of one language, none of them a title alone: the head of
// a family of rules ("Munición" of Munición Humo, Munición Shock…;
// "Ammunition" of Eclipse Ammunition…), which the rules and the judges
// drop when the family is clear ("la plantilla de humo", "a Shock hit").
type classHeads struct{ pre, suf map[string]bool }

// sharedHeads returns, by language, the class heads of the titles of
// pages: a word opening (or closing) at least two titles of two words or
// more of that language, and that no page is titled by alone ("Trepar"
// of Trepar Plus is a rule of its own, not a family's head). A language
// has heads where its class words stand: at the start of its titles when
// its vocabulary has class prefixes (Spanish: "Estado"), at the end when
// it has suffixes (English: "State"); the word at the other end
// qualifies the head ("Módulo de Combate", "Salto de Combate").
func sharedHeads(pages []titledPage) map[string]classHeads {
	single := map[string]bool{}
	first, last := map[[2]string]int{}, map[[2]string]int{}
	for _, p := range pages {
		f := strings.Fields(baseTitle(p.title))
		if len(f) == 1 {
			for _, w := range lang.Words(f[0]) {
				single[w] = true
			}
			continue
		}
		if w := lang.Words(f[0]); len(w) == 1 {
			first[[2]string{p.lang, w[0]}]++
		}
		if w := lang.Words(f[len(f)-1]); len(w) == 1 {
			last[[2]string{p.lang, w[0]}]++
		}
	}
	out := map[string]classHeads{}
	add := func(counts map[[2]string]int, prefix bool) {
		for k, n := range counts {
			cw := vocabFor(k[0]).ClassWords
			if n < 2 || single[k[1]] || stopwords[k[1]] || prefix && len(cw.Prefixes) == 0 || !prefix && len(cw.Suffixes) == 0 {
				continue
			}
			h := out[k[0]]
			if h.pre == nil {
				h = classHeads{pre: map[string]bool{}, suf: map[string]bool{}}
			}
			if prefix {
				h.pre[k[1]] = true
			} else {
				h.suf[k[1]] = true
			}
			out[k[0]] = h
		}
	}
	add(first, true)
	add(last, false)
	return out
}

// baseTitle returns title without its disambiguator ("Retreat!" of
// "Retreat! (State)").
func baseTitle(title string) string {
	if i := strings.LastIndex(title, " ("); i > 0 && strings.HasSuffix(title, ")") {
		return title[:i]
	}
	return title
}

// derivedNamesWith is derivedNames with the class heads heads of the
// titles of l's pages as class words too. A name derived by dropping a
// class head drops the function words it leaves at its edge ("Agallas"
// of Tirada de Agallas), and is none when it is a code of two letters or
// fewer ("CC" of Ataque CC, "B" of Inmovilizado-B: a code qualifies many
// names).
func derivedNamesWith(title, l string, heads classHeads) []string {
	var out []string
	base := []string{title}
	if b := baseTitle(title); b != title {
		out = append(out, b)
		base = append(base, b)
	}
	v := vocabFor(l)
	pre, suf := v.sets["classpre"], v.sets["classsuf"]
	for _, b := range base {
		f := strings.Fields(b)
		if len(f) < 2 {
			continue
		}
		if w := lang.Words(f[0]); len(w) == 1 && pre[w[0]] && !allClass(f[1:], pre, suf) {
			out = append(out, strings.Join(f[1:], " "))
		} else if len(w) == 1 && heads.pre[w[0]] {
			if n := trimFunction(f[1:]); n != "" {
				out = append(out, n)
			}
		}
		if w := lang.Words(f[len(f)-1]); len(w) == 1 && suf[w[0]] && !allClass(f[:len(f)-1], pre, suf) {
			out = append(out, strings.Join(f[:len(f)-1], " "))
		} else if len(w) == 1 && heads.suf[w[0]] {
			if n := trimFunction(f[:len(f)-1]); n != "" {
				out = append(out, n)
			}
		}
	}
	seen := map[string]bool{}
	return slices.DeleteFunc(out, func(n string) bool {
		dup := seen[n]
		seen[n] = true
		return dup
	})
}

// trimFunction joins fields without the stop words at their edges; "" when
// nothing is left or what is left is a code of two letters or fewer.
func trimFunction(fields []string) string {
	for len(fields) > 0 && isStop(fields[0]) {
		fields = fields[1:]
	}
	for len(fields) > 0 && isStop(fields[len(fields)-1]) {
		fields = fields[:len(fields)-1]
	}
	n := strings.Join(fields, " ")
	if len([]rune(strings.Join(lang.Words(n), ""))) <= 2 {
		return ""
	}
	return n
}

// isStop reports whether field is one stop word.
func isStop(field string) bool {
	w := lang.Words(field)
	return len(w) == 1 && stopwords[w[0]]
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

// nameMemo memoizes, while newTitles builds the index, what it works
// out again for every name, twin and derived name of a page: pages share
// words ("Munición", "State").
type nameMemo struct {
	stemOf  map[string]string   // word → stem
	keyOf   map[string]string   // word as written → its key (keys), "" for a stopword
	wordsOf map[string][]string // name → lang.Words (shared slices: not to be changed)
}

// keys is keys(s): the same terms (analyzer.Terms), each word's key worked
// out once.
func (m *nameMemo) keys(s string) []string {
	var out []string
	for _, tok := range lang.Split(s) {
		k, ok := m.keyOf[tok.Text]
		if !ok {
			if ts := analyzer.Terms(tok.Text); len(ts) == 1 {
				k = ts[0].Text
			}
			m.keyOf[tok.Text] = k
		}
		if k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// words is lang.Words(n).
func (m *nameMemo) words(n string) []string {
	w, ok := m.wordsOf[n]
	if !ok {
		w = lang.Words(n)
		m.wordsOf[n] = w
	}
	return w
}

// stems is stems(words).
func (m *nameMemo) stems(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		st, ok := m.stemOf[w]
		if !ok {
			st = stem(w)
			m.stemOf[w] = st
		}
		out[i] = st
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
// index (a wiki-given name of a page over a derived one). A derived name
// standing inside a longer name of another page names nothing there
// ("Normal" in "Normal Roll").
func (t *titles) in(words []string) []pageKey {
	if t == nil {
		return nil
	}
	st := stems(words)
	var first [][]pageKey // by position in st, when stored
	if t.stored != nil {
		f, b := t.stored.firstOf(st)
		if b != nil {
			return b.in(words)
		}
		first = f
	}
	var ms []match
	for at, s := range st {
		if first != nil {
			for _, p := range first[at] {
				if at+len(p.stems) <= len(st) && indexWords(st[at:at+len(p.stems)], p.stems) == 0 {
					ms = append(ms, match{p, at, at + len(p.stems)})
				}
			}
			continue
		}
		for _, i := range t.byStem[s] {
			p := t.pages[i]
			if p.stems[0] != s || at+len(p.stems) > len(st) || indexWords(st[at:at+len(p.stems)], p.stems) != 0 {
				continue
			}
			ms = append(ms, match{p, at, at + len(p.stems)})
		}
	}
	// Of the names of one page standing in words, a wiki-given one is
	// its name there over a derived one ("Salto de Combate" over the
	// "Combate" it ends with), else the first.
	best := map[string]int{}
	var order []string
	for i, m := range ms {
		if m.derived && inside(m, ms) {
			continue
		}
		j, ok := best[m.title]
		if !ok {
			order = append(order, m.title)
		}
		if !ok || ms[j].derived && !m.derived {
			best[m.title] = i
		}
	}
	out := make([]pageKey, 0, len(order))
	for _, t := range order {
		out = append(out, ms[best[t]].pageKey)
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
	if t != nil && t.stored != nil {
		n, b := t.stored.keysOf(lang.Fold(title))
		if b != nil {
			return b.names(title)
		}
		if len(n) > 0 {
			return n
		}
	} else if t != nil {
		if n := t.keysOf[lang.Fold(title)]; len(n) > 0 {
			return n
		}
	}
	return []nameKeys{{keys: keys(title)}}
}

// isExact reports whether k is the space-joined keys of a title or a
// wiki-given name of a page.
// isHead reports whether stem k is the class head of a family of titles
// ("munici", "ammuni"), in any language.
func (t *titles) isHead(k string) bool {
	if t == nil {
		return false
	}
	if t.stored != nil {
		ok, b := t.stored.isHead(k)
		if b != nil {
			return b.isHead(k)
		}
		return ok
	}
	return t.heads[k]
}

func (t *titles) isExact(k string) bool {
	if t == nil {
		return false
	}
	if t.stored != nil {
		ok, b := t.stored.isExact(k)
		if b != nil {
			return b.isExact(k)
		}
		return ok
	}
	return t.exact[k]
}

// sameRule reports whether the pages titled a and b are pages of one
// rule: a name of one is a name of the other (a title, a redirect, a
// twin's name, a derived name: "Retreat!" of Retreat! (State) and of
// Retreat State).
func (t *titles) sameRule(a, b string) bool {
	if lang.Fold(a) == lang.Fold(b) {
		return true
	}
	names := map[string]bool{}
	for _, n := range t.names(a) {
		names[strings.Join(n.keys, " ")] = true
	}
	for _, n := range t.names(b) {
		if len(n.keys) > 0 && names[strings.Join(n.keys, " ")] {
			return true
		}
	}
	return false
}

// language returns the language of the page titled title, and whether
// there is such a page.
func (t *titles) language(title string) (string, bool) {
	if t == nil {
		return "", false
	}
	if t.stored != nil {
		l, ok, b := t.stored.language(lang.Fold(title))
		if b != nil {
			return b.language(title)
		}
		return l, ok
	}
	l, ok := t.lang[lang.Fold(title)]
	return l, ok
}

// holdsLanguage reports whether some page is of language l.
func (t *titles) holdsLanguage(l string) bool {
	if t == nil {
		return false
	}
	if t.stored != nil {
		return t.stored.langs[l]
	}
	return t.langs[l]
}

// twinsOf returns the titles of the twins of the page titled title.
func (t *titles) twinsOf(title string) []string {
	if t == nil {
		return nil
	}
	if t.stored != nil {
		w, b := t.stored.twinsOf(lang.Fold(title))
		if b != nil {
			return b.twinsOf(title)
		}
		return w
	}
	return t.twins[lang.Fold(title)]
}

// holding reports whether some name of a page holds the stems alt
// consecutively.
func (t *titles) holding(alt []string) bool {
	if t == nil || len(alt) == 0 {
		return false
	}
	if t.stored != nil {
		names, b := t.stored.holdOf(alt[0])
		if b != nil {
			return b.holding(alt)
		}
		for _, st := range names {
			if indexWords(st, alt) >= 0 {
				return true
			}
		}
		return false
	}
	for _, i := range t.byStem[alt[0]] {
		if indexWords(t.pages[i].stems, alt) >= 0 {
			return true
		}
	}
	return false
}
