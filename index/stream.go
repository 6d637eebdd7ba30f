package index

import (
	"context"
	"fmt"

	"github.com/blevesearch/bleve/v2"

	"github.com/wikirules/wikirules"
)

// chunkPages is the number of pages whose records BuildFrom, Check and
// Sync read from a Source and hold at once (one Records call of
// Filter{History: true, Pages: titles} per chunk): their memory follows
// the largest chunk, not the knowledge base. At the synthetic exports
// (about 19 current records a page) a chunk is some 600 records. The first
// chunk is read before anything can be indexed (walk reads ahead from the
// second on): at 128 pages, the whole 10 MB export (105 pages) was one
// chunk, and its index build took 650-670 ms against 560-620 ms at 32
// pages (query index, 3 runs each; the 100 MB export: the same within
// noise).
var chunkPages = 32

// chunk is one chunk of pages walk gives: their records (see walk for
// which) and the PageInfo its prepare hook read for them, if any.
type chunk struct {
	recs  []wikirules.Record
	pages []wikirules.Page
	info  map[string]PageInfo
}

// walk reads the records of every page of src (superseded ones included),
// chunkPages pages at a time in the order of src.Pages, and calls fn with
// each chunk in that order. A record is given once over the whole walk: in
// the chunk that holds its page's title exactly, although a Store matches
// Filter.Pages case- and accent-insensitively (kb.DB: "Dano" also brings
// "Daño"); a record whose page is no title of Pages is given the first
// time it comes back.
//
// The reading runs one chunk ahead of fn, in a goroutine: chunk N+1 is
// read from src (and prepare, when not nil, is called on it there) while
// fn indexes chunk N, so at most two chunks are held at once. prepare and
// fn are each called from one goroutine, in chunk order, and walk returns
// only when the reading has stopped.
func walk(ctx context.Context, src Source, prepare func(context.Context, *chunk) error, fn func(*chunk) error) error {
	pages, err := src.Pages(ctx)
	if err != nil {
		return fmt.Errorf("index: load pages: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type read struct {
		c   *chunk
		err error
	}
	out := make(chan read) // unbuffered: the reader holds at most one chunk fn has not taken
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(out)
		chunkOf := make(map[string]int, len(pages))
		for i, p := range pages {
			chunkOf[p.Title] = i / chunkPages
		}
		stray := map[string]bool{}
		for start := 0; start < len(pages); start += chunkPages {
			c, err := readChunk(ctx, src, pages, start, chunkOf, stray)
			if err == nil && prepare != nil {
				err = prepare(ctx, c)
			}
			select {
			case out <- read{c, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	defer func() { cancel(); <-done }()
	for r := range out {
		if r.err != nil {
			return r.err
		}
		if err := fn(r.c); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// readChunk reads the records of the chunk of pages that begins at
// pages[start] (see walk): chunkOf maps every title to its chunk, stray
// holds the ids of the records of no title given so far.
func readChunk(ctx context.Context, src Source, pages []wikirules.Page, start int, chunkOf map[string]int, stray map[string]bool) (*chunk, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	part := pages[start:min(start+chunkPages, len(pages))]
	n := start / chunkPages
	titles := make([]string, len(part))
	for i, p := range part {
		titles[i] = p.Title
	}
	got, err := src.Records(ctx, wikirules.Filter{History: true, Pages: titles})
	if err != nil {
		return nil, fmt.Errorf("index: load records of pages %q…%q: %w", titles[0], titles[len(titles)-1], err)
	}
	if hs, ok := src.(heldSource); ok {
		held, err := hs.HeldRecords(ctx, wikirules.Filter{Pages: titles})
		if err != nil {
			return nil, fmt.Errorf("index: load held records of pages %q…%q: %w", titles[0], titles[len(titles)-1], err)
		}
		got = append(got, held...)
	}
	recs := got[:0]
	for _, r := range got {
		c, ok := chunkOf[r.Page]
		switch id := docID(&r); {
		case ok && c != n:
			continue // its own chunk gives it
		case !ok && stray[id]:
			continue
		case !ok:
			stray[id] = true
		}
		recs = append(recs, r)
	}
	return &chunk{recs: recs, pages: part}, nil
}

// heldSource is a Source that also serves, for an edition a page's
// current revision holds no record of, the records an older revision
// holds for it (kb.DB.HeldRecords; Record.HeldFor): the index holds them
// as documents only a search of that edition finds.
type heldSource interface {
	HeldRecords(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error)
}

// pageMetaSource is a Source that reads the categories and page editions
// of many pages at once without their page views (kb.DB.PagesMeta):
// editions has an entry for every title naming a page with a revision as
// of f.AsOf, categories for those with categories.
type pageMetaSource interface {
	PagesMeta(ctx context.Context, titles []string, f wikirules.Filter) (categories map[string][]string, editions map[string]wikirules.Editions, err error)
}

// pageInfos returns the PageInfo of each of pages: its language, and the
// categories and page editions of its current page view (none when there
// is no view). A pageMetaSource answers for all pages in one call; any
// other Source is asked for the page view of each page (src.Page; its
// errors leave the categories and editions empty, as for a page without a
// revision). Only the errors of PagesMeta are returned.
func pageInfos(ctx context.Context, src Source, pages []wikirules.Page) (map[string]PageInfo, error) {
	out := make(map[string]PageInfo, len(pages))
	if len(pages) == 0 {
		return out, nil
	}
	ms, ok := src.(pageMetaSource)
	if !ok {
		for _, p := range pages {
			out[p.Title] = pageInfo(ctx, src, p)
		}
		return out, nil
	}
	titles := make([]string, len(pages))
	for i, p := range pages {
		titles[i] = p.Title
	}
	cats, editions, err := ms.PagesMeta(ctx, titles, wikirules.Filter{})
	if err != nil {
		return nil, fmt.Errorf("index: load categories and editions of pages %q…%q: %w", titles[0], titles[len(titles)-1], err)
	}
	for _, p := range pages {
		out[p.Title] = PageInfo{Language: p.Language, Categories: cats[p.Title], Editions: editions[p.Title]}
	}
	return out, nil
}

// pageInfo returns the PageInfo of p: its language, and the categories
// and page editions of its current page view (none when src.Page fails).
func pageInfo(ctx context.Context, src Source, p wikirules.Page) PageInfo {
	pi := PageInfo{Language: p.Language}
	if v, err := src.Page(ctx, p.Title, wikirules.Filter{}); err == nil {
		pi.Categories = v.Categories
		pi.Editions = v.PageEditions
	}
	return pi
}

// faqPages returns the set of titles the FAQs show on or relate to: the
// pages whose PageInfo faqDoc reads.
func faqPages(faqs []wikirules.FAQ) map[string]bool {
	out := map[string]bool{}
	for _, f := range faqs {
		for _, p := range f.Pages {
			out[p] = true
		}
		for _, p := range f.Related {
			out[p] = true
		}
	}
	return out
}

// batcher gathers documents into bleve batches of size documents. One
// batcher serves a whole build, so chunks of pages do not each leave a
// small segment. A full batch is written (bleve's Batch: analysis,
// segment building, persistence) by a goroutine of its own while the
// caller fills the next one (recordDoc and bleve's mapping of each
// document, about a sixth of a build's CPU, which ran between batches
// before): at most two batches are held, one being written. close writes
// the rest and waits.
type batcher struct {
	x    *Index
	b    *bleve.Batch
	size int

	full   chan *bleve.Batch // to the writing goroutine, in order
	failed chan struct{}     // closed when a write failed (err)
	done   chan struct{}     // closed when the writing goroutine returned
	err    error             // the first write error; read after failed or done is closed
}

// newBatcher starts the writing goroutine; the caller must call close.
func (x *Index) newBatcher(ctx context.Context, size int) *batcher {
	w := &batcher{x: x, b: x.bi.NewBatch(), size: size,
		full: make(chan *bleve.Batch), failed: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for b := range w.full {
			if w.err != nil {
				continue // drain until close
			}
			err := ctx.Err()
			if err == nil {
				if err = x.bi.Batch(b); err != nil {
					err = fmt.Errorf("index %s: batch: %w", x.where(), err)
				}
			}
			if err != nil {
				w.err = err
				close(w.failed)
			}
		}
	}()
	return w
}

// flush hands the batch to the writing goroutine when it is full, or when
// force is set and it is not empty; it returns the error of an earlier
// write, if any.
func (w *batcher) flush(ctx context.Context, force bool) error {
	if w.b.Size() == 0 || (!force && w.b.Size() < w.size) {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case w.full <- w.b:
	case <-w.failed:
		return w.err
	case <-ctx.Done():
		return ctx.Err()
	}
	w.b = w.x.bi.NewBatch()
	return nil
}

// close writes what is left, waits for every batch to be written and
// returns the first error. Either close or abort is called once per
// batcher.
func (w *batcher) close(ctx context.Context) error {
	err := w.flush(ctx, true)
	close(w.full)
	<-w.done
	if w.err != nil {
		return w.err
	}
	return err
}

// abort stops the writing goroutine once the batches handed to it are
// written, dropping the one being filled (after an error of the caller).
func (w *batcher) abort() {
	close(w.full)
	<-w.done
}

// record adds r (unless it is a faqbox record, see indexable) with the
// PageInfo of its page.
func (w *batcher) record(ctx context.Context, r wikirules.Record, p PageInfo) error {
	if !indexable(&r) {
		return nil
	}
	x := w.x
	if r.ID == "" {
		return fmt.Errorf("index %s: record of page %q (revision %s, span %d–%d) has no id",
			x.where(), r.Page, r.RevisionID, r.Span.Start, r.Span.End)
	}
	doc, err := recordDoc(r, p)
	if err != nil {
		return fmt.Errorf("index %s: record %s: %w", x.where(), r.ID, err)
	}
	if err := w.b.Index(docID(&r), doc); err != nil {
		return fmt.Errorf("index %s: record %s: %w", x.where(), r.ID, err)
	}
	return w.flush(ctx, false)
}

// faq adds f with the PageInfo of the pages it names.
func (w *batcher) faq(ctx context.Context, f wikirules.FAQ, pages map[string]PageInfo) error {
	x := w.x
	if f.ID == "" {
		return fmt.Errorf("index %s: FAQ %q has no id", x.where(), f.Question)
	}
	doc, err := faqDoc(f, pages)
	if err != nil {
		return fmt.Errorf("index %s: FAQ %s: %w", x.where(), f.ID, err)
	}
	if err := w.b.Index(f.ID, doc); err != nil {
		return fmt.Errorf("index %s: FAQ %s: %w", x.where(), f.ID, err)
	}
	return w.flush(ctx, false)
}
