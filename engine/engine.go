package engine

import (
	"context"
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Options pin what an answer speaks for. Edition is the game edition
// (zero means the newest edition the knowledge base holds, and the answer
// says it was defaulted). AsOf, when set, answers from the revisions
// current at that time and the FAQ versions published by then.
type Options struct {
	Edition wikirules.Edition
	AsOf    time.Time
	// Lang is the language ("es", "en") of a resolution's verdicts,
	// explanations and notes; any other value, English. An answer speaks
	// its question's language and ignores it.
	Lang string
}

// WordStats is what a Searcher may know of the words of the documents it
// searches (index.Index does): how many documents it holds and, for a
// prefix, each folded word of the documents starting with it with the
// number of documents holding that word, and the editions documents are
// explicitly scoped to. With it the engine weighs question words without
// reading the knowledge base at start; without it (a Store's own FTS5
// search) it counts them over every current record the first time.
type WordStats interface {
	Count() (uint64, error)
	WordsWithPrefix(prefix string) (map[string]uint64, error)
	ScopedEditions() (wikirules.Editions, error)
}

// PageNamer is what a Store may know of the other titles its pages go by
// (kb.DB does): the redirects to each page and its twin on the wiki of the
// other language. With it a question names a page by any of them
// ("Isolated", "Aislado" for Isolated State); without it, by its title.
type PageNamer interface {
	PageAliases(ctx context.Context) ([]wikirules.PageAlias, error)
}

// Engine answers questions and resolves situations from a knowledge base.
// It is safe for concurrent use. It reads the page list the first time it
// needs it, and the document frequency of the words of each question from
// the search index (WordStats), remembering them; build a new Engine after
// an ingest.
type Engine struct {
	store  wikirules.Store
	search wikirules.Searcher
	stats  WordStats // nil: counted over the store (scan)
	gloss  *lang.Glossary
	notice io.Writer // nil: no notices

	once    sync.Once
	initErr error
	titles  *titles // every page title, its names and language
	docs    int
	newest  wikirules.Edition  // the newest edition the knowledge base holds
	held    wikirules.Editions // every edition the knowledge base holds

	dfMu sync.Mutex
	df   map[string]int // stem → number of documents holding it (cache, or the whole table without stats)
}

// Option configures an Engine.
type Option func(*Engine)

// WithNotice gives the engine a writer for what its operator should know
// (a derived index missing or out of step in the store, built at start
// instead).
func WithNotice(w io.Writer) Option {
	return func(e *Engine) { e.notice = w }
}

// WithWordStats gives the engine the word statistics of the index its
// Searcher searches when the Searcher does not give them itself (a cache
// in front of the index): the engine then also leaves the glossary
// expansion of its searches to that Searcher, as it does for the index.
func WithWordStats(ws WordStats) Option {
	return func(e *Engine) { e.stats = ws }
}

// New returns an engine over store, retrieving with search (nil: the
// store's own SearchText). A search that is a WordStats (the bleve index)
// also gives the engine its word statistics; as-of questions are searched
// in the store, which keeps every revision.
func New(store wikirules.Store, search wikirules.Searcher, opts ...Option) *Engine {
	if search == nil {
		search = store
	}
	e := &Engine{store: store, search: search, gloss: lang.Default(), df: map[string]int{}}
	if ws, ok := search.(WordStats); ok {
		e.stats = ws
	}
	for _, o := range opts {
		o(e)
	}
	return e
}

// expands reports whether the Searcher for filter f expands a query
// through the glossary itself (the index, as opposed to the store's FTS5
// search, which is given the synonyms).
func (e *Engine) expands(f wikirules.Filter) bool {
	return e.stats != nil && (f.AsOf.IsZero() || e.search == wikirules.Searcher(e.store))
}

// searcher returns the Searcher for filter f: the store's own for an
// as-of filter (the index holds current text only).
func (e *Engine) searcher(f wikirules.Filter) wikirules.Searcher {
	if !f.AsOf.IsZero() && e.stats != nil {
		return e.store
	}
	return e.search
}

// init loads the page titles and languages, the page-name index (the
// rows a NameStore keeps for the knowledge base as it is, else built from
// the titles and aliases), and the document count and scoped editions
// (from the index, or by a pass over the store's current records and FAQs
// when there is no index).
func (e *Engine) init(ctx context.Context) error {
	e.once.Do(func() {
		var err error
		if e.titles, err = e.startTitles(ctx); err != nil {
			e.initErr = err
			return
		}
		if e.stats != nil {
			n, err := e.stats.Count()
			if err != nil {
				e.initErr = fmt.Errorf("engine: index: %w", err)
				return
			}
			e.docs = int(n)
			eds, err := e.stats.ScopedEditions()
			if err != nil {
				e.initErr = fmt.Errorf("engine: index: %w", err)
				return
			}
			e.newest, e.held = newestEdition(eds), eds
			return
		}
		e.initErr = e.countStore(ctx)
	})
	return e.initErr
}

// startTitles returns the page-name index of the store: its stored rows
// when they were computed for the knowledge base as it is by this
// engine's derivation (NameStore), else the index built from pages and
// their aliases, with a notice saying why.
func (e *Engine) startTitles(ctx context.Context) (*titles, error) {
	if ns, ok := e.store.(NameStore); ok {
		now, at, stamp, err := ns.NamesState(ctx)
		switch {
		case err != nil:
			e.notify("engine: page-name index: %v: building it at start\n", err)
		case at == now && stamp == namesStamp():
			store := e.store
			rebuild := func() (*titles, error) {
				ctx := context.Background()
				pages, err := store.Pages(ctx)
				if err != nil {
					return nil, fmt.Errorf("engine: pages: %w", err)
				}
				return buildTitles(ctx, store, pages)
			}
			t, ok, err := newStoredNames(ctx, ns, now, stamp, rebuild, e.notice)
			if err != nil || ok {
				return t, err
			}
			e.notify("engine: the stored page-name index is out of step with the knowledge base: building it at start (ingest stores it again)\n")
		case at == 0:
			e.notify("engine: no page-name index stored in the knowledge base: building it at start (ingest stores it)\n")
		case at == now:
			e.notify("engine: the stored page-name index was made by another version of the engine: building it at start (ingest stores it again)\n")
		default:
			e.notify("engine: the stored page-name index is out of step with the knowledge base: building it at start (ingest stores it again)\n")
		}
	}
	pages, err := e.store.Pages(ctx)
	if err != nil {
		return nil, fmt.Errorf("engine: pages: %w", err)
	}
	return buildTitles(ctx, e.store, pages)
}

// pageLanguage returns the language of the page titled title ("" when
// there is none).
func (e *Engine) pageLanguage(title string) string {
	l, _ := e.titles.language(title)
	return l
}

// knownPage reports whether a page is titled title.
func (e *Engine) knownPage(title string) bool {
	_, ok := e.titles.language(title)
	return ok
}

// notify writes a notice to the engine's notice writer, if any.
func (e *Engine) notify(format string, args ...any) {
	if e.notice != nil {
		fmt.Fprintf(e.notice, format, args...)
	}
}

// countStore counts the document frequency of every stem over the
// current records and FAQs of the store, and the editions they are scoped
// to: what an engine without an index needs.
func (e *Engine) countStore(ctx context.Context) error {
	recs, err := e.store.Records(ctx, wikirules.Filter{})
	if err != nil {
		return fmt.Errorf("engine: records: %w", err)
	}
	var eds wikirules.Editions
	for i := range recs {
		eds |= recs[i].Editions
		if isFAQKind(recs[i].Kind) {
			continue
		}
		for k := range keySet(recordText(&recs[i])) {
			e.df[k]++
		}
		e.docs++
	}
	faqs, err := e.store.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		return fmt.Errorf("engine: faqs: %w", err)
	}
	for i := range faqs {
		eds |= faqs[i].Editions
		for k := range keySet(faqText(&faqs[i])) {
			e.df[k]++
		}
		e.docs++
	}
	e.newest, e.held = newestEdition(eds), eds
	return nil
}

// editionOrder lists the editions newest first: N5, then N4, then
// CodeOne (a simplified N4 that N4 followed), then N3.

var editionOrder = []wikirules.Edition{wikirules.N5, wikirules.N4, wikirules.C1, wikirules.N3}

// newestOf returns the newest edition of a set; false for the empty set.
func newestOf(s wikirules.Editions) (wikirules.Edition, bool) {
	for _, e := range editionOrder {
		if s.Has(e) {
			return e, true
		}
	}
	return 0, false
}

// newestEdition returns the newest edition of a set, N4 for the empty set
// (a knowledge base that scopes nothing: the seed wiki is N4).
func newestEdition(s wikirules.Editions) wikirules.Edition {
	for _, e := range editionOrder {
		if s.Has(e) {
			return e
		}
	}
	return wikirules.N4
}

// olderEditions returns the editions the knowledge base holds that are
// older than ed, newest first.
func (e *Engine) olderEditions(ed wikirules.Edition) []wikirules.Edition {
	var out []wikirules.Edition
	older := false
	for _, o := range editionOrder {
		if older && e.held.Has(o) {
			out = append(out, o)
		}
		older = older || o == ed
	}
	return out
}

// docFreq returns the number of documents holding stem k: from the cache,
// else from the index's words starting with k whose stem is k (a document
// holding two such words is counted twice: an upper bound, fine for a
// weight).
func (e *Engine) docFreq(k string) int {
	e.dfMu.Lock()
	defer e.dfMu.Unlock()
	if n, ok := e.df[k]; ok || e.stats == nil {
		return n
	}
	words, err := e.stats.WordsWithPrefix(k)
	n := 0
	if err == nil {
		for w, c := range words {
			if stem(w) == k {
				n += int(c)
			}
		}
	}
	e.df[k] = n
	return n
}

// idf is the inverse document frequency of a stem; 0 for a stem no record
// holds (it cannot tell candidates apart).
func (e *Engine) idf(k string) float64 {
	n := e.docFreq(k)
	if n == 0 {
		return 0
	}
	return math.Log(1 + float64(e.docs)/float64(n))
}

// maxIDF is the idf of a stem held by one document.
func (e *Engine) maxIDF() float64 { return math.Log(1 + float64(e.docs)) }

func isFAQKind(k wikirules.Kind) bool { return k == wikirules.KindFAQ || k == wikirules.KindErrata }

// recordText is the text of a record the engine matches against: its
// title, text and seefaq notes.
func recordText(r *wikirules.Record) string {
	s := r.Plain
	if s == "" {
		s = r.Text
	}
	if r.Title != "" {
		s = r.Title + "\n" + s
	}
	for _, n := range r.Notes {
		s += "\n" + n
	}
	return s
}

// faqText is the text of an FAQ the engine matches against.
func faqText(f *wikirules.FAQ) string { return f.Question + "\n" + f.Answer }

// withoutRedirects drops the pages that are a redirect alias of another
// page (a redirect page of the dump, "Isolated" → "Isolated State"): the
// question names the target by that title, not the redirect, which holds
// no rule.
func withoutRedirects(names []titledPage) []titledPage {
	alias := map[string]bool{}
	for _, n := range names {
		for _, a := range n.aliases {
			alias[lang.Fold(a)] = true
		}
	}
	out := names[:0:0]
	for _, n := range names {
		if !alias[lang.Fold(n.title)] {
			out = append(out, n)
		}
	}
	return out
}
