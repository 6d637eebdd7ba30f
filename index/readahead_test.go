package index_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
)

// pageOnlySource is a Source with no PagesMeta: BuildFrom reads its
// PageInfo one page view at a time (Page). Its methods delegate to a
// watchedSource (whose Page scopes unscoped pages to N5); it does not
// embed it, which would promote PagesMeta.
type pageOnlySource struct{ s *watchedSource }

func (p pageOnlySource) Records(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error) {
	return p.s.Records(ctx, f)
}

func (p pageOnlySource) FAQs(ctx context.Context, text string, f wikirules.Filter) ([]wikirules.FAQ, error) {
	return p.s.FAQs(ctx, text, f)
}

func (p pageOnlySource) Pages(ctx context.Context) ([]wikirules.Page, error) { return p.s.Pages(ctx) }

func (p pageOnlySource) Page(ctx context.Context, title string, f wikirules.Filter) (*wikirules.PageView, error) {
	return p.s.Page(ctx, title, f)
}

// TestBuildFromPageMeta: a Source with PagesMeta (kb.DB) gives BuildFrom
// and Load the categories and editions of the pages without a single page
// view, and the index is the one a Source without it (Page per page)
// gives: same documents, same edition and category facets.
func TestBuildFromPageMeta(t *testing.T) {
	ctx := context.Background()
	db := sampleKB(t)
	defer index.SetChunkPages(8)()

	meta := &watchedSource{DB: db}
	recs, faqs, info, err := index.Load(ctx, meta)
	if err != nil {
		t.Fatal(err)
	}
	n5 := 0
	for _, pi := range info {
		if pi.Editions == wikirules.Editions(wikirules.N5) {
			n5++
		}
	}
	if meta.metaCalls != 1 || meta.pageCalls != 0 || n5 == 0 {
		t.Fatalf("Load: %d PagesMeta and %d Page calls, %d pages scoped to N5; want 1, 0 and some", meta.metaCalls, meta.pageCalls, n5)
	}
	whole, err := index.Build(ctx, "", recs, faqs, index.WithPages(info))
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()

	viaMeta, err := index.BuildFrom(ctx, filepath.Join(t.TempDir(), "meta"), meta)
	if err != nil {
		t.Fatal(err)
	}
	defer viaMeta.Close()
	if meta.metaCalls < 2 || meta.pageCalls != 0 {
		t.Errorf("BuildFrom: %d PagesMeta and %d Page calls; want some and none", meta.metaCalls-1, meta.pageCalls)
	}
	plain := &watchedSource{DB: db}
	viaPage, err := index.BuildFrom(ctx, filepath.Join(t.TempDir(), "page"), pageOnlySource{plain})
	if err != nil {
		t.Fatal(err)
	}
	defer viaPage.Close()
	if plain.metaCalls != 0 || plain.pageCalls == 0 {
		t.Errorf("BuildFrom without PagesMeta: %d PagesMeta and %d Page calls; want none and some", plain.metaCalls, plain.pageCalls)
	}
	sameSearch(t, whole, viaMeta)
	sameSearch(t, whole, viaPage)
}

// failingSource fails its Records call number failAt and counts the calls.
type failingSource struct {
	*watchedSource
	failAt int

	mu sync.Mutex
	n  int
}

var errRecords = errors.New("records unreadable")

func (s *failingSource) Records(ctx context.Context, f wikirules.Filter) ([]wikirules.Record, error) {
	s.mu.Lock()
	s.n++
	n := s.n
	s.mu.Unlock()
	if n == s.failAt {
		return nil, errRecords
	}
	return s.watchedSource.Records(ctx, f)
}

// TestBuildFromReadError: an error reading a chunk ahead ends BuildFrom
// with that error, and no chunk is read after it.
func TestBuildFromReadError(t *testing.T) {
	ctx := context.Background()
	db := sampleKB(t)
	defer index.SetChunkPages(8)()
	src := &failingSource{watchedSource: &watchedSource{DB: db}, failAt: 3}
	_, err := index.BuildFrom(ctx, filepath.Join(t.TempDir(), "idx"), src)
	if !errors.Is(err, errRecords) {
		t.Fatalf("BuildFrom = %v, want %v", err, errRecords)
	}
	if src.n != src.failAt {
		t.Errorf("%d Records calls, want %d (none after the failing one)", src.n, src.failAt)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := index.BuildFrom(canceled, "", &watchedSource{DB: db}); !errors.Is(err, context.Canceled) {
		t.Errorf("BuildFrom with a canceled context = %v, want context.Canceled", err)
	}
}
