package index_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// watchedSource is a Source over a real knowledge base that records the
// largest result of one Records call and whether any call asked for every
// page. With overlap set it also asks the store for the pages before the
// first and after the last one requested, as a case- and
// accent-insensitive title match ("Dano" also brings "Daño") brings
// another chunk's records.
type watchedSource struct {
	*kb.DB
	overlap bool
	titles  []string // every page title, sorted

	mu        sync.Mutex
	largest   int
	calls     int
	all       bool
	pageCalls int
	metaCalls int
}

func (s *watchedSource) Records(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error) {
	if s.overlap && len(f.Pages) > 0 {
		f.Pages = slices.Clone(f.Pages)
		if i := sort.SearchStrings(s.titles, slices.Min(f.Pages)); i > 0 {
			f.Pages = append(f.Pages, s.titles[i-1])
		}
		if i := sort.SearchStrings(s.titles, slices.Max(f.Pages)); i+1 < len(s.titles) {
			f.Pages = append(f.Pages, s.titles[i+1])
		}
	}
	recs, err := s.DB.Records(ctx, f)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	s.largest = max(s.largest, len(recs))
	if len(f.Pages) == 0 {
		s.all = true
	}
	return recs, err
}

// Page scopes every page not scoped already to N5, so that a record
// indexed without its page's PageInfo shows in the edition facet ("all"
// instead of "n5").
func (s *watchedSource) Page(ctx context.Context, title string, f wikirules.Filter) (*wikirules.PageView, error) {
	s.mu.Lock()
	s.pageCalls++
	s.mu.Unlock()
	v, err := s.DB.Page(ctx, title, f)
	if err != nil {
		return nil, err
	}
	if v.PageEditions == 0 {
		v.PageEditions = wikirules.Editions(wikirules.N5)
	}
	return v, nil
}

// PagesMeta scopes every page as Page does.
func (s *watchedSource) PagesMeta(ctx context.Context, titles []string, f wikirules.Filter) (map[string][]string, map[string]wikirules.Editions, error) {
	s.mu.Lock()
	s.metaCalls++
	s.mu.Unlock()
	cats, editions, err := s.DB.PagesMeta(ctx, titles, f)
	for t, e := range editions {
		if e == 0 {
			editions[t] = wikirules.Editions(wikirules.N5)
		}
	}
	return cats, editions, err
}

// sampleKB is the embedded sample ingested into a knowledge base file.
func sampleKB(t *testing.T) *kb.DB {
	t.Helper()
	ctx := context.Background()
	db, err := kb.Open(ctx, filepath.Join(t.TempDir(), "kb.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := pipeline.LoadSample(ctx, db); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestBuildFromChunks: BuildFrom, Check and Sync read the knowledge base a
// chunk of pages at a time — no Records call asks for every page, and
// none returns more than the records of the chunk's largest pages — and
// still give the index Build gives from everything read at once (Load),
// with exact counts when the store's title matching brings a record in two
// chunks. Check lists the index in pages of 7 documents (search-after).
func TestBuildFromChunks(t *testing.T) {
	ctx := context.Background()
	db := sampleKB(t)
	const chunk = 8
	defer index.SetChunkPages(chunk)()
	defer index.SetListPage(7)()

	recs, faqs, info, err := index.Load(ctx, &watchedSource{DB: db})
	if err != nil {
		t.Fatal(err)
	}
	perPage := map[string]int{}
	for _, r := range recs {
		perPage[r.Page]++
	}
	var counts []int
	var titles []string
	for title, n := range perPage {
		counts = append(counts, n)
		titles = append(titles, title)
	}
	if len(titles) <= 2*chunk {
		t.Fatalf("sample has %d pages with records; the test needs more than %d", len(titles), 2*chunk)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(counts)))
	pages, err := db.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	titles = titles[:0]
	for _, p := range pages {
		titles = append(titles, p.Title)
	}
	sort.Strings(titles)

	whole, err := index.Build(ctx, "", recs, faqs, index.WithPages(info))
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	wholeRep, err := whole.Check(ctx, &watchedSource{DB: db})
	if err != nil || !wholeRep.OK() {
		t.Fatalf("Build(Load) checked: %v %v", wholeRep, err)
	}

	for _, overlap := range []bool{false, true} {
		src := &watchedSource{DB: db, overlap: overlap, titles: titles}
		bound := 0
		for _, n := range counts[:chunk+2] { // +2: the pages overlap adds
			bound += n
		}
		idx, err := index.BuildFrom(ctx, filepath.Join(t.TempDir(), "idx"), src)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := idx.Check(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.OK() || rep.Indexed != wholeRep.Indexed || rep.Source != wholeRep.Source {
			t.Errorf("overlap %v: BuildFrom checked %v, Build(Load) %v", overlap, rep, wholeRep)
		}
		if n, _ := idx.Count(); n != uint64(wholeRep.Indexed) {
			t.Errorf("overlap %v: %d documents, Build(Load) %d", overlap, n, wholeRep.Indexed)
		}
		sameSearch(t, whole, idx)
		// Drift: one page's records removed from the index, one FAQ stale.
		victim := recs[len(recs)/2].Page
		var gone []string
		for _, r := range recs {
			if r.Page == victim {
				gone = append(gone, r.ID)
			}
		}
		if err := idx.Delete(ctx, gone...); err != nil {
			t.Fatal(err)
		}
		rep, err = idx.Sync(ctx, src)
		if err != nil || len(rep.Missing) == 0 || len(rep.Missing) > len(gone) {
			t.Errorf("overlap %v: Sync after deleting %d records of %q found %v (%v)", overlap, len(gone), victim, rep, err)
		}
		if rep, err = idx.Check(ctx, src); err != nil || !rep.OK() || rep.Indexed != wholeRep.Indexed {
			t.Errorf("overlap %v: after Sync %v (%v), want %d in step", overlap, rep, err, wholeRep.Indexed)
		}
		idx.Close()
		if src.all || src.largest > bound || src.largest >= len(recs) {
			t.Errorf("overlap %v: a Records call for every page %v, largest result %d records (bound %d for %d pages, %d in all)",
				overlap, src.all, src.largest, bound, chunk, len(recs))
		}
		if src.calls < 3*len(titles)/chunk {
			t.Errorf("overlap %v: %d Records calls for %d pages in chunks of %d by BuildFrom, Check and Sync", overlap, src.calls, len(titles), chunk)
		}
	}
}

// sameSearch fails unless searches with History and facets give the same
// totals and facet counts (page, kind, edition, category: the PageInfo each
// document was indexed with) on both indexes.
func sameSearch(t *testing.T, want, got *index.Index) {
	t.Helper()
	ctx := context.Background()
	for _, text := range []string{"tirada", "dano", "impacto", "plantilla", "ataque cuerpo a cuerpo"} {
		q := index.Query{Text: text, History: true, Facets: true, Limit: 5}
		a, err := want.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		b, err := got.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if a.Total == 0 || a.Total != b.Total || fmt.Sprint(a.Facets) != fmt.Sprint(b.Facets) {
			t.Errorf("%q: %d hits, facets %v; Build(Load): %d hits, facets %v", text, b.Total, b.Facets, a.Total, a.Facets)
		}
	}
}
