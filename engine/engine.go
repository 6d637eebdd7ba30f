package engine

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Options pin what an answer speaks for. Edition is the game edition
// (zero means N4, the edition of the Spanish wiki's current rules, and the
// answer says it was defaulted). AsOf, when set, answers from the revisions
// current at that time and the FAQ versions published by then.
type Options struct {
	Edition wikirules.Edition
	AsOf    time.Time
}

// filter returns the store filter of the options (the edition defaulted).
func (o Options) filter() wikirules.Filter {
	e := o.Edition
	if e == 0 {
		e = wikirules.N4
	}
	return wikirules.Filter{Edition: e, AsOf: o.AsOf}
}

// Engine answers questions and resolves situations from a knowledge base.
// It is safe for concurrent use. It caches the page list and word
// statistics of the knowledge base the first time it needs them; build a
// new Engine after an ingest.
type Engine struct {
	store  wikirules.Store
	search wikirules.Searcher
	gloss  *lang.Glossary

	once    sync.Once
	initErr error
	pages   []pageKey      // every page title and its folded words
	df      map[string]int // stem → number of records and FAQs holding it
	docs    int
}

// pageKey is a page title and its folded words, for spotting the pages a
// question names.
type pageKey struct {
	title string
	words []string
}

// New returns an engine over store, retrieving with search (nil: the
// store's own SearchText).
func New(store wikirules.Store, search wikirules.Searcher) *Engine {
	if search == nil {
		search = store
	}
	return &Engine{store: store, search: search, gloss: lang.Default()}
}

// init loads the page titles and the document frequency of every stem over
// the current records and FAQs.
func (e *Engine) init(ctx context.Context) error {
	e.once.Do(func() {
		pages, err := e.store.Pages(ctx)
		if err != nil {
			e.initErr = fmt.Errorf("engine: pages: %w", err)
			return
		}
		for _, p := range pages {
			e.pages = append(e.pages, pageKey{title: p.Title, words: lang.Words(p.Title)})
		}
		e.df = map[string]int{}
		recs, err := e.store.Records(ctx, wikirules.Filter{})
		if err != nil {
			e.initErr = fmt.Errorf("engine: records: %w", err)
			return
		}
		for i := range recs {
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
			e.initErr = fmt.Errorf("engine: faqs: %w", err)
			return
		}
		for i := range faqs {
			for k := range keySet(faqText(&faqs[i])) {
				e.df[k]++
			}
			e.docs++
		}
	})
	return e.initErr
}

// idf is the inverse document frequency of a stem; 0 for a stem no record
// holds (it cannot tell candidates apart).
func (e *Engine) idf(k string) float64 {
	n := e.df[k]
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
