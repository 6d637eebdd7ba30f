package pipeline

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestCreationRevisionIsFirst: Fireteam Bonuses is captured twice, as
// oldid 1730 (no revision-info line: undated) and as the revision before
// 1743 ("Revision as of 15:24, 19 October 2020 … (Created page with
// "…")"). MediaWiki's creation summary marks the page's first revision, so
// 1730 is the newer one, in either ingest order: history lists it last,
// it is the current revision, and its records (the Reactive-Turn bullet
// that the +1 Burst is not stackable, the four-member bonus) are the
// current ones the search finds.
func TestCreationRevisionIsFirst(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join("..", "testdata", "wiki-pages")
	old := filepath.Join(dir, "en_Fireteam_Bonuses-oldid1743-prev_oldid.txt")
	cur := filepath.Join(dir, "en_Fireteam_Bonuses-oldid1730_oldid.txt")
	for _, paths := range [][]string{{old, cur}, {cur, old}} {
		db, _ := openDB(t)
		for _, p := range paths {
			if _, err := IngestFiles(ctx, db, []string{p}, Options{}); err != nil {
				t.Fatal(err)
			}
		}
		revs, err := db.History(ctx, "Fireteam Bonuses", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(revs) != 2 || revs[1].ID != "infinity-en:1730" || !wikirules.IsCreationSummary(revs[0].Comment) {
			var ids []string
			for _, r := range revs {
				ids = append(ids, r.ID+" "+r.Comment)
			}
			t.Fatalf("ingest %v: history %q; want the creation first, infinity-en:1730 last", paths, ids)
		}
		recs, err := db.Records(ctx, wikirules.Filter{Pages: []string{"Fireteam Bonuses"}})
		if err != nil {
			t.Fatal(err)
		}
		var plain []string
		for _, r := range recs {
			if r.RevisionID != "infinity-en:1730" {
				t.Errorf("ingest %v: current record %s of revision %s; want 1730's", paths, r.ID, r.RevisionID)
			}
			plain = append(plain, r.Plain)
		}
		text := strings.Join(plain, "\n")
		for _, want := range []string{"this +1 Burst bonus is not stackable", "Sixth Sense"} {
			if !strings.Contains(text, want) {
				t.Errorf("ingest %v: current records lack %q", paths, want)
			}
		}
		hits, err := db.SearchText(ctx, "Sixth Sense", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 {
			t.Errorf("ingest %v: the current search finds no Sixth Sense record", paths)
		}
	}
}
