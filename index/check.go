package index

import (
	"context"
	"fmt"
	"sort"

	"github.com/wikirules/wikirules"
)

// Source is the part of the knowledge base the index is built from and
// checked against; wikirules.Store (kb.DB) satisfies it.
type Source interface {
	Records(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error)
	FAQs(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.FAQ, error)
	Pages(ctx context.Context) ([]wikirules.Page, error)
	Page(ctx context.Context, title string, f wikirules.Filter) (*wikirules.PageView, error)
}

// Load reads what the index needs from src: every record (superseded ones
// included, and those held for an edition when src is a heldSource),
// every FAQ, and the PageInfo of every page (language, categories and
// page editions from its current page view). It holds the
// whole knowledge base in memory: BuildFrom, Check and Sync do not use it
// (they read src a chunk of pages at a time, see walk).
func Load(ctx context.Context, src Source) ([]wikirules.Record, []wikirules.FAQ, map[string]PageInfo, error) {
	recs, err := src.Records(ctx, wikirules.Filter{History: true})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("index: load records: %w", err)
	}
	if hs, ok := src.(heldSource); ok {
		held, err := hs.HeldRecords(ctx, wikirules.Filter{})
		if err != nil {
			return nil, nil, nil, fmt.Errorf("index: load held records: %w", err)
		}
		recs = append(recs, held...)
	}
	faqs, err := src.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("index: load FAQs: %w", err)
	}
	pages, err := src.Pages(ctx)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("index: load pages: %w", err)
	}
	info, err := pageInfos(ctx, src, pages)
	if err != nil {
		return nil, nil, nil, err
	}
	return recs, faqs, info, nil
}

// BuildFrom builds an index at path ("" = in memory) from everything src
// holds, the same index as Build given Load's results: every record
// (superseded included) with its page's PageInfo, then every FAQ. It
// reads src chunkPages pages at a time and indexes each chunk before
// reading the next, so its memory does not grow with the knowledge base;
// only the PageInfo of the pages FAQs name is kept to the end. A
// WithPages option replaces the PageInfo read from src.
func BuildFrom(ctx context.Context, path string, src Source, opts ...Option) (*Index, error) {
	faqs, err := src.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		return nil, fmt.Errorf("index: load FAQs: %w", err)
	}
	o := collect(opts)
	return build(ctx, path, o, func(x *Index) error {
		return x.putFrom(ctx, src, faqs, nil, o.pages)
	})
}

// putFrom indexes the records of src for which keep is true (nil: all)
// and faqs, reading src a chunk of pages at a time (walk). A record takes
// the PageInfo of its page, read from src (pageInfos, in walk's reading
// goroutine, ahead of the indexing) for the pages of the chunk that have a
// record to index or that an FAQ names, or looked up in given when it is
// not nil.
func (x *Index) putFrom(ctx context.Context, src Source, faqs []wikirules.FAQ, keep map[string]bool, given map[string]PageInfo) error {
	w := x.newBatcher(ctx, streamBatchSize)
	if err := x.putChunks(ctx, w, src, faqs, keep, given); err != nil {
		w.abort()
		return err
	}
	return w.close(ctx)
}

// putChunks gives w the documents putFrom indexes.
func (x *Index) putChunks(ctx context.Context, w *batcher, src Source, faqs []wikirules.FAQ, keep map[string]bool, given map[string]PageInfo) error {
	named := faqPages(faqs)
	kept := given
	if kept == nil {
		kept = map[string]PageInfo{}
	}
	var prepare func(context.Context, *chunk) error
	if given == nil {
		// In walk's reading goroutine: the PageInfo of the pages of the
		// chunk that have a record to index or that an FAQ names.
		prepare = func(ctx context.Context, c *chunk) error {
			used := map[string]bool{}
			for i := range c.recs {
				if keep == nil || keep[docID(&c.recs[i])] {
					used[c.recs[i].Page] = true
				}
			}
			var want []wikirules.Page
			for _, p := range c.pages {
				if used[p.Title] || named[p.Title] {
					want = append(want, p)
				}
			}
			var err error
			if c.info, err = pageInfos(ctx, src, want); err != nil {
				return err
			}
			for _, p := range want {
				if named[p.Title] {
					kept[p.Title] = c.info[p.Title]
				}
			}
			return nil
		}
	}
	err := walk(ctx, src, prepare, func(c *chunk) error {
		info := given
		if info == nil {
			info = c.info
		}
		for _, r := range c.recs {
			if keep != nil && !keep[docID(&r)] {
				continue
			}
			if err := w.record(ctx, r, info[r.Page]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, f := range faqs {
		if err := w.faq(ctx, f, kept); err != nil {
			return err
		}
	}
	return nil
}

// Report is the outcome of Check: the documents the knowledge base has
// and the index lacks (Missing), the documents the index has and the
// knowledge base does not (Extra), and the documents whose revision
// differs (Stale: a record id kept across revisions, or an FAQ seen in a
// newer revision). Ids are sorted.
type Report struct {
	Indexed int      `json:"indexed"`
	Source  int      `json:"source"`
	Missing []string `json:"missing,omitempty"`
	Extra   []string `json:"extra,omitempty"`
	Stale   []string `json:"stale,omitempty"`
}

// OK reports whether the index and the knowledge base agree.
func (r Report) OK() bool { return len(r.Missing) == 0 && len(r.Extra) == 0 && len(r.Stale) == 0 }

// String summarises the report in one line.
func (r Report) String() string {
	if r.OK() {
		return fmt.Sprintf("index in step: %d documents", r.Indexed)
	}
	return fmt.Sprintf("index out of step: %d indexed, %d in the knowledge base, %d missing, %d extra, %d stale",
		r.Indexed, r.Source, len(r.Missing), len(r.Extra), len(r.Stale))
}

// Check compares the index with src: record ids (superseded included,
// faqbox records excepted, as in Build) and FAQ ids, and the revision each
// document was indexed from (for an FAQ, faqStamp: its first and last
// revision and its pages). It reads src a chunk of pages at a time and
// keeps only id → revision maps, not the records.
func (x *Index) Check(ctx context.Context, src Source) (Report, error) {
	want := map[string]string{}
	err := walk(ctx, src, nil, func(c *chunk) error {
		for i := range c.recs {
			if indexable(&c.recs[i]) {
				want[docID(&c.recs[i])] = c.recs[i].RevisionID
			}
		}
		return nil
	})
	if err != nil {
		return Report{}, fmt.Errorf("index: check: %w", err)
	}
	faqs, err := src.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		return Report{}, fmt.Errorf("index: check FAQs: %w", err)
	}
	for i := range faqs {
		want[faqs[i].ID] = faqStamp(&faqs[i])
	}
	have, err := x.revisions(ctx)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Indexed: len(have), Source: len(want)}
	for id, rev := range want {
		h, ok := have[id]
		switch {
		case !ok:
			rep.Missing = append(rep.Missing, id)
		case h != rev:
			rep.Stale = append(rep.Stale, id)
		}
	}
	for id := range have {
		if _, ok := want[id]; !ok {
			rep.Extra = append(rep.Extra, id)
		}
	}
	sort.Strings(rep.Missing)
	sort.Strings(rep.Extra)
	sort.Strings(rep.Stale)
	return rep, nil
}

// Sync brings the index in step with src: it deletes what Check finds
// extra and indexes what it finds missing or stale, reading src again a
// chunk of pages at a time (only when something is missing or stale). It
// returns the report of what it found before syncing.
func (x *Index) Sync(ctx context.Context, src Source) (Report, error) {
	rep, err := x.Check(ctx, src)
	if err != nil || rep.OK() {
		return rep, err
	}
	if err := x.Delete(ctx, rep.Extra...); err != nil {
		return rep, err
	}
	if len(rep.Missing)+len(rep.Stale) > 0 {
		need := make(map[string]bool, len(rep.Missing)+len(rep.Stale))
		for _, id := range rep.Missing {
			need[id] = true
		}
		for _, id := range rep.Stale {
			need[id] = true
		}
		faqs, err := src.FAQs(ctx, "", wikirules.Filter{})
		if err != nil {
			return rep, fmt.Errorf("index: sync FAQs: %w", err)
		}
		fs := faqs[:0]
		for _, f := range faqs {
			if need[f.ID] {
				fs = append(fs, f)
			}
		}
		if err := x.putFrom(ctx, src, fs, need, nil); err != nil {
			return rep, err
		}
	}
	return rep, x.Compact(ctx)
}

// listPage is the number of documents revisions asks bleve for at once.
var listPage = 10000

// revisions returns id → indexed revision of every document. It pages
// through the documents in id order with search-after, so each request
// holds one page of hits whatever its position.
func (x *Index) revisions(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	page := listPage
	var after []string
	for {
		req := newAllRequest(page, 0)
		if after != nil {
			req.SetSearchAfter(after)
		}
		res, err := x.bi.SearchInContext(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("index: list documents: %w", err)
		}
		for _, h := range res.Hits {
			rev, _ := h.Fields[fieldRevision].(string)
			out[h.ID] = rev
		}
		if len(res.Hits) < page {
			return out, nil
		}
		after = []string{res.Hits[len(res.Hits)-1].ID}
	}
}
