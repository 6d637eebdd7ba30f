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
// included), every FAQ, and the PageInfo of every page (language,
// categories and page editions from its current page view).
func Load(ctx context.Context, src Source) ([]wikirules.Record, []wikirules.FAQ, map[string]PageInfo, error) {
	recs, err := src.Records(ctx, wikirules.Filter{History: true})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("index: load records: %w", err)
	}
	faqs, err := src.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("index: load FAQs: %w", err)
	}
	pages, err := src.Pages(ctx)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("index: load pages: %w", err)
	}
	info := make(map[string]PageInfo, len(pages))
	for _, p := range pages {
		pi := PageInfo{Language: p.Language}
		if v, err := src.Page(ctx, p.Title, wikirules.Filter{}); err == nil {
			pi.Categories = v.Categories
			pi.Editions = v.PageEditions
		}
		info[p.Title] = pi
	}
	return recs, faqs, info, nil
}

// BuildFrom builds an index at path ("" = in memory) from everything src
// holds (see Load).
func BuildFrom(ctx context.Context, path string, src Source, opts ...Option) (*Index, error) {
	recs, faqs, info, err := Load(ctx, src)
	if err != nil {
		return nil, err
	}
	return Build(ctx, path, recs, faqs, append([]Option{WithPages(info)}, opts...)...)
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
// document was indexed from.
func (x *Index) Check(ctx context.Context, src Source) (Report, error) {
	recs, err := src.Records(ctx, wikirules.Filter{History: true})
	if err != nil {
		return Report{}, fmt.Errorf("index: check records: %w", err)
	}
	faqs, err := src.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		return Report{}, fmt.Errorf("index: check FAQs: %w", err)
	}
	want := map[string]string{}
	for _, r := range recs {
		if indexable(&r) {
			want[r.ID] = r.RevisionID
		}
	}
	for _, f := range faqs {
		want[f.ID] = f.LastRevision
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

// Sync brings the index in step with src: it indexes what Check finds
// missing or stale and deletes what it finds extra. It returns the report
// of what it found before syncing.
func (x *Index) Sync(ctx context.Context, src Source) (Report, error) {
	rep, err := x.Check(ctx, src)
	if err != nil || rep.OK() {
		return rep, err
	}
	recs, faqs, info, err := Load(ctx, src)
	if err != nil {
		return rep, err
	}
	need := map[string]bool{}
	for _, id := range append(append([]string{}, rep.Missing...), rep.Stale...) {
		need[id] = true
	}
	var rs []wikirules.Record
	for _, r := range recs {
		if need[r.ID] {
			rs = append(rs, r)
		}
	}
	var fs []wikirules.FAQ
	for _, f := range faqs {
		if need[f.ID] {
			fs = append(fs, f)
		}
	}
	if err := x.Delete(ctx, rep.Extra...); err != nil {
		return rep, err
	}
	if err := x.put(ctx, rs, fs, info); err != nil {
		return rep, err
	}
	return rep, x.Compact(ctx)
}

// revisions returns id → indexed revision of every document.
func (x *Index) revisions(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	const page = 10000
	for from := 0; ; from += page {
		req := newAllRequest(page, from)
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
	}
}
