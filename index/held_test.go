package index_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
)

// TestHeldDocuments: the index holds the records an older revision of a
// page holds for an edition its current revision holds none of
// (kb.DB.HeldRecords), and a search finds them only when it asks for that
// edition. The English Spotlight article is N5; its revision before
// oldid 582 is N4 and CodeOne.
func TestHeldDocuments(t *testing.T) {
	ctx := context.Background()
	db, err := kb.Open(ctx, filepath.Join(t.TempDir(), "kb.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	dir := filepath.Join("..", "testdata", "wiki-pages")
	files := []string{filepath.Join(dir, "en_Spotlight-oldid582-prev_oldid.txt"), filepath.Join(dir, "en_Spotlight_article.txt")}
	if _, err := pipeline.IngestFiles(ctx, db, files, pipeline.Options{}); err != nil {
		t.Fatal(err)
	}
	idx, err := index.BuildFrom(ctx, "", db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	held := func(f wikirules.Filter) (n int, revs map[string]bool) {
		t.Helper()
		hits, err := idx.SearchText(ctx, "Critical Spotlight Targeted State", f)
		if err != nil {
			t.Fatal(err)
		}
		revs = map[string]bool{}
		for _, h := range hits {
			if h.Record != nil && h.Record.HeldFor != 0 {
				n++
				revs[h.Record.RevisionID] = true
				if !h.Record.HeldFor.Has(f.Edition) {
					t.Errorf("edition %v: hit %s held for %v", wikirules.Editions(f.Edition), h.Citation, h.Record.HeldFor)
				}
			}
		}
		return n, revs
	}
	if n, revs := held(wikirules.Filter{Edition: wikirules.N4}); n == 0 || len(revs) != 1 {
		t.Errorf("N4 search: %d held hits of revisions %v, want some of one revision", n, revs)
	}
	if n, _ := held(wikirules.Filter{Edition: wikirules.N4, Unscoped: true}); n == 0 {
		t.Error("N4 search with the unscoped: no held hit")
	}
	for _, f := range []wikirules.Filter{{}, {Edition: wikirules.N5}, {Edition: wikirules.N5, Unscoped: true}} {
		if n, _ := held(f); n != 0 {
			t.Errorf("search of edition %v: %d held hits, want none", wikirules.Editions(f.Edition), n)
		}
	}
	rep, err := idx.Check(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Errorf("Check: %s", rep)
	}
}
