package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// NameStore is what a Store may keep of the page-name index (kb.DB does):
// the index as rows computed at a write generation of the knowledge base,
// looked up by key. With it an engine's start derives no page's names: a
// question looks up the names its words may open. A store written since
// the rows were computed (or by an engine whose derivation differs: the
// stamp) has none for the engine, which then builds the index at start.
type NameStore interface {
	NamesState(ctx context.Context) (now, at int64, stamp string, err error)
	PutNames(ctx context.Context, gen int64, stamp string, rows []wikirules.NameRow) (bool, error)
	NameRows(ctx context.Context, gen int64, stamp, kind string, keys []string) (map[string][]string, bool, error)
}

// namesFormat names the rows names.go writes and the derivation of
// newTitles: a change to either (or to the stems and keys of names)
// changes it, so that rows an older engine stored are not read.
const namesFormat = "names-2"

// The kinds of rows of the stored index, each looked up by its key.
const (
	rowFirst = "first" // the first stem of an own name → the name (encodePageKey), in index order
	rowHold  = "hold"  // each stem of an own name → the name's stems, space-joined
	rowExact = "exact" // the space-joined keys of a title or wiki-given name
	rowKeys  = "keys"  // folded title → the keys of each name of the page (encodeNameKeys)
	rowTwin  = "twin"  // folded title → the title of a twin
	rowLang  = "lang"  // folded title → the language of its page
	rowLangs = "langs" // "" → each language of the pages
	rowHead  = "head"  // the stem of a class head of a family of titles
)

// namesStamp is namesFormat and a digest of the vocabularies, whose class
// words derive names: what the stored rows were computed by.
var namesStamp = sync.OnceValue(func() string {
	h := sha256.New()
	names, _ := vocabFiles.ReadDir("vocabulary")
	for _, n := range names {
		data, _ := vocabFiles.ReadFile("vocabulary/" + n.Name())
		io.WriteString(h, n.Name()+"\x00")
		h.Write(data)
	}
	return namesFormat + " " + hex.EncodeToString(h.Sum(nil)[:8])
})

// StoreNames builds the page-name index of store (what an engine
// without stored rows builds at start) and stores it with the write
// generation it was computed at, so that engines over store start without
// building it. An index of a store written while it was built is not
// stored. A store that is no NameStore stores nothing.
func StoreNames(ctx context.Context, store wikirules.Store) error {
	ns, ok := store.(NameStore)
	if !ok {
		return nil
	}
	gen, _, _, err := ns.NamesState(ctx)
	if err != nil {
		return err
	}
	pages, err := store.Pages(ctx)
	if err != nil {
		return fmt.Errorf("engine: pages: %w", err)
	}
	t, err := buildTitles(ctx, store, pages)
	if err != nil {
		return err
	}
	_, err = ns.PutNames(ctx, gen, namesStamp(), t.rows())
	return err
}

// NamesStored reports whether store keeps the page-name index this
// engine reads for the knowledge base as it is: stored at the current
// write generation by this engine's derivation (namesStamp). A store that
// is no NameStore keeps none, and there is nothing to store: true.
func NamesStored(ctx context.Context, store wikirules.Store) (bool, error) {
	ns, ok := store.(NameStore)
	if !ok {
		return true, nil
	}
	now, at, stamp, err := ns.NamesState(ctx)
	if err != nil {
		return false, err
	}
	return at == now && stamp == namesStamp(), nil
}

// buildTitles builds the page-name index of pages, with the aliases the
// store knows (PageNamer).
func buildTitles(ctx context.Context, store wikirules.Store, pages []wikirules.Page) (*titles, error) {
	names := make([]titledPage, len(pages))
	at := make(map[string]int, len(pages))
	for i, p := range pages {
		names[i] = titledPage{title: p.Title, lang: p.Language}
		at[lang.Fold(p.Title)] = i
	}
	if pn, ok := store.(PageNamer); ok {
		aliases, err := pn.PageAliases(ctx)
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		for _, a := range aliases {
			i, ok := at[lang.Fold(a.Page.Title)]
			switch {
			case !ok:
				// A page hidden from answers.
			case a.Twin:
				names[i].twins = append(names[i].twins, a.Alias)
			default:
				names[i].aliases = append(names[i].aliases, a.Alias)
			}
		}
	}
	t := newTitles(withoutRedirects(names))
	t.lang = make(map[string]string, len(pages))
	t.langs = map[string]bool{}
	for _, p := range pages {
		t.lang[lang.Fold(p.Title)] = p.Language
		t.langs[p.Language] = true
	}
	return t, nil
}

// rows returns the index t as stored rows (t built by newTitles).
func (t *titles) rows() []wikirules.NameRow {
	var out []wikirules.NameRow
	for i, p := range t.pages {
		out = append(out, wikirules.NameRow{Kind: rowFirst, Key: p.stems[0], Seq: i, Data: encodePageKey(p)})
		once := map[string]bool{}
		for _, s := range p.stems {
			if !once[s] {
				once[s] = true
				out = append(out, wikirules.NameRow{Kind: rowHold, Key: s, Seq: i, Data: strings.Join(p.stems, " ")})
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(t.exact)) {
		out = append(out, wikirules.NameRow{Kind: rowExact, Key: k})
	}
	for _, ft := range slices.Sorted(maps.Keys(t.keysOf)) {
		for j, n := range t.keysOf[ft] {
			out = append(out, wikirules.NameRow{Kind: rowKeys, Key: ft, Seq: j, Data: encodeNameKeys(n)})
		}
	}
	for _, ft := range slices.Sorted(maps.Keys(t.lang)) {
		out = append(out, wikirules.NameRow{Kind: rowLang, Key: ft, Data: t.lang[ft]})
	}
	for _, h := range slices.Sorted(maps.Keys(t.heads)) {
		out = append(out, wikirules.NameRow{Kind: rowHead, Key: h})
	}
	for i, l := range slices.Sorted(maps.Keys(t.langs)) {
		out = append(out, wikirules.NameRow{Kind: rowLangs, Key: "", Seq: i, Data: l})
	}
	for _, ft := range slices.Sorted(maps.Keys(t.twins)) {
		for j, w := range t.twins[ft] {
			out = append(out, wikirules.NameRow{Kind: rowTwin, Key: ft, Seq: j, Data: w})
		}
	}
	return out
}

// encodePageKey writes a name as a row: its flags (derived, head), title,
// words and stems, separated by \x1f (no title or word holds it).
func encodePageKey(p pageKey) string {
	flags := []byte("--")
	if p.derived {
		flags[0] = 'd'
	}
	if p.head {
		flags[1] = 'h'
	}
	return string(flags) + "\x1f" + p.title + "\x1f" + strings.Join(p.words, " ") + "\x1f" + strings.Join(p.stems, " ")
}

func decodePageKey(s string) (pageKey, error) {
	f := strings.Split(s, "\x1f")
	if len(f) != 4 || len(f[0]) != 2 {
		return pageKey{}, fmt.Errorf("engine: stored page name %q: malformed", s)
	}
	p := pageKey{title: f[1], words: strings.Fields(f[2]), stems: strings.Fields(f[3]), derived: f[0][0] == 'd', head: f[0][1] == 'h'}
	if len(p.words) == 0 || len(p.words) != len(p.stems) {
		return pageKey{}, fmt.Errorf("engine: stored page name %q: malformed", s)
	}
	return p, nil
}

// encodeNameKeys writes the keys of a name as a row: its flag (derived)
// and each key after \x1f.
func encodeNameKeys(n nameKeys) string {
	var b strings.Builder
	if n.derived {
		b.WriteByte('d')
	} else {
		b.WriteByte('-')
	}
	for _, k := range n.keys {
		b.WriteByte('\x1f')
		b.WriteString(k)
	}
	return b.String()
}

func decodeNameKeys(s string) (nameKeys, error) {
	if s == "" {
		return nameKeys{}, fmt.Errorf("engine: stored name keys: empty")
	}
	n := nameKeys{derived: s[0] == 'd'}
	if rest := s[1:]; rest != "" {
		n.keys = strings.Split(rest[1:], "\x1f")
	}
	return n, nil
}

// storedNames is the page-name index as a NameStore keeps it: looked up
// the first time each key is asked for and remembered. Should a lookup
// fail (the store was written since the engine started, or cannot be
// read), the index is built from the store as it then is (fallback) and
// answers from then on.
type storedNames struct {
	src      NameStore
	gen      int64
	stamp    string
	fallback func() (*titles, error)
	notice   io.Writer

	mu    sync.Mutex
	first map[string][]pageKey
	hold  map[string][][]string
	exact map[string]bool
	heads map[string]bool
	keys  map[string][]nameKeys
	twins map[string][]string
	lang  map[string]pageLanguage
	langs map[string]bool // read at start
	built *titles         // the fallback's index, once a lookup failed
}

// pageLanguage is the language of a page, and whether there is the page.
type pageLanguage struct {
	lang string
	ok   bool
}

// newStoredNames returns the index of the rows of src computed at
// generation gen by stamp, reading the languages of the pages (a few
// rows); fallback builds the index should a lookup fail.
func newStoredNames(ctx context.Context, src NameStore, gen int64, stamp string, fallback func() (*titles, error), notice io.Writer) (*titles, bool, error) {
	rows, ok, err := src.NameRows(ctx, gen, stamp, rowLangs, []string{""})
	if err != nil || !ok {
		return nil, ok, err
	}
	s := &storedNames{src: src, gen: gen, stamp: stamp, fallback: fallback, notice: notice,
		first: map[string][]pageKey{}, hold: map[string][][]string{}, exact: map[string]bool{}, heads: map[string]bool{},
		keys: map[string][]nameKeys{}, twins: map[string][]string{}, lang: map[string]pageLanguage{}, langs: map[string]bool{}}
	for _, l := range rows[""] {
		s.langs[l] = true
	}
	return &titles{stored: s}, true, nil
}

// language returns the language of the page of folded title ft.
func (s *storedNames) language(ft string) (string, bool, *titles) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := fetch(s, rowLang, []string{ft}, s.lang, func(k string, rows []string) error {
		if len(rows) > 0 {
			s.lang[k] = pageLanguage{rows[0], true}
		} else {
			s.lang[k] = pageLanguage{}
		}
		return nil
	})
	if !ok {
		return "", false, s.built
	}
	l := s.lang[ft]
	return l.lang, l.ok, nil
}

// fetch loads the rows of kind for the keys not yet in have (a map of
// s's, whose presence marks a key loaded), decoding each key's rows with
// put. It returns false, with s.built set, when the lookup failed.
// Called with s.mu held.
func fetch[V any](s *storedNames, kind string, keys []string, have map[string]V, put func(key string, rows []string) error) bool {
	if s.built != nil {
		return false
	}
	var need []string
	for _, k := range keys {
		if _, ok := have[k]; !ok && !containsString(need, k) {
			need = append(need, k)
		}
	}
	if len(need) == 0 {
		return true
	}
	rows, ok, err := s.src.NameRows(context.Background(), s.gen, s.stamp, kind, need)
	if err == nil && ok {
		for _, k := range need {
			if err = put(k, rows[k]); err != nil {
				break
			}
		}
	}
	if err == nil && ok {
		return true
	}
	why := "the knowledge base was written since the engine started"
	if err != nil {
		why = err.Error()
	}
	if s.notice != nil {
		fmt.Fprintf(s.notice, "engine: stored page-name index unreadable (%s): building it\n", why)
	}
	b, berr := s.fallback()
	if berr != nil {
		b = &titles{byStem: map[string][]int{}, exact: map[string]bool{}, keysOf: map[string][]nameKeys{}, twins: map[string][]string{}}
		if s.notice != nil {
			fmt.Fprintf(s.notice, "engine: page-name index: %v\n", berr)
		}
	}
	s.built = b
	return false
}

func containsString(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// firstOf returns, for each stem of st, the own names whose first stem
// it is, in index order; nil with the fallback's index when the lookup
// failed.
func (s *storedNames) firstOf(st []string) ([][]pageKey, *titles) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := fetch(s, rowFirst, st, s.first, func(k string, rows []string) error {
		ps := make([]pageKey, 0, len(rows))
		for _, r := range rows {
			p, err := decodePageKey(r)
			if err != nil {
				return err
			}
			ps = append(ps, p)
		}
		s.first[k] = ps
		return nil
	})
	if !ok {
		return nil, s.built
	}
	out := make([][]pageKey, len(st))
	for i, k := range st {
		out[i] = s.first[k]
	}
	return out, nil
}

// holdOf returns the stems of the own names holding stem k.
func (s *storedNames) holdOf(k string) ([][]string, *titles) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := fetch(s, rowHold, []string{k}, s.hold, func(k string, rows []string) error {
		out := make([][]string, len(rows))
		for i, r := range rows {
			out[i] = strings.Fields(r)
		}
		s.hold[k] = out
		return nil
	})
	if !ok {
		return nil, s.built
	}
	return s.hold[k], nil
}

// isExact reports whether k is the keys of a title or wiki-given name.
func (s *storedNames) isExact(k string) (bool, *titles) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := fetch(s, rowExact, []string{k}, s.exact, func(k string, rows []string) error {
		s.exact[k] = len(rows) > 0
		return nil
	})
	if !ok {
		return false, s.built
	}
	return s.exact[k], nil
}

// isHead reports whether stem k is a class head of a family of titles.
func (s *storedNames) isHead(k string) (bool, *titles) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := fetch(s, rowHead, []string{k}, s.heads, func(k string, rows []string) error {
		s.heads[k] = len(rows) > 0
		return nil
	})
	if !ok {
		return false, s.built
	}
	return s.heads[k], nil
}

// keysOf returns the keys of the names of the page of folded title ft.
func (s *storedNames) keysOf(ft string) ([]nameKeys, *titles) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := fetch(s, rowKeys, []string{ft}, s.keys, func(k string, rows []string) error {
		var out []nameKeys
		for _, r := range rows {
			n, err := decodeNameKeys(r)
			if err != nil {
				return err
			}
			out = append(out, n)
		}
		s.keys[k] = out
		return nil
	})
	if !ok {
		return nil, s.built
	}
	return s.keys[ft], nil
}

// twinsOf returns the titles of the twins of the page of folded title ft.
func (s *storedNames) twinsOf(ft string) ([]string, *titles) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := fetch(s, rowTwin, []string{ft}, s.twins, func(k string, rows []string) error {
		s.twins[k] = rows
		return nil
	})
	if !ok {
		return nil, s.built
	}
	return s.twins[ft], nil
}
