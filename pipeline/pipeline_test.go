package pipeline

import (
	"context"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
)

// TestLoadSample ingests the whole embedded sample — the wikitext dump and
// the three rendered pages — and checks that the rendered pages join the
// dump's pages and FAQs instead of duplicating them.
func TestLoadSample(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sum, err := LoadSample(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Files != 4 || sum.Revisions != 53 {
		t.Errorf("files %d, revisions %d; want 4 and 53", sum.Files, sum.Revisions)
	}
	// Activación de una Tropa: two dump revisions and the later rendered one.
	hist, err := db.History(ctx, "Activación de una Tropa", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 3 || hist[2].Format != wikirules.FormatPageText {
		t.Fatalf("Activación de una Tropa history: %d revisions, want 2 dump + 1 rendered (newest)", len(hist))
	}
	// The rendered page's FAQ on LDT and ZC requirements is the dump's FAQ.
	rev, err := db.Revision(ctx, hist[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	x := Extract(rev)
	dumpFAQs := map[string]bool{}
	for _, f := range x.FAQs {
		dumpFAQs[f.ID] = true
	}
	v, err := db.Page(ctx, "Activación de una Tropa", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	shared := 0
	for _, f := range v.FAQs {
		if dumpFAQs[f.ID] {
			shared++
		}
	}
	if shared == 0 {
		t.Error("no FAQ of the rendered page has the id of the dump's FAQ")
	}
	// Re-ingesting the sample adds nothing.
	again, err := LoadSample(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if again.Added != 0 {
		t.Errorf("second LoadSample added %d revisions", again.Added)
	}
}
