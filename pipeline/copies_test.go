package pipeline

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestRenderedCopiesMerge ingests the two page-text copies of Normal State
// revision 3311 in the corpus — snapA has every Effects bullet but no
// date, snapB the "Revision as of 14:22, 16 April 2025" line but two
// Effects bullets fewer — in both orders, in one ingest and in two, and
// again after: every database holds the same content, one revision with
// snapA's seven records (The Trooper counts towards the player's Victory
// Points, only in snapA) dated 2025-04-16 14:22 UTC, current and found by
// the search of current records.
func TestRenderedCopiesMerge(t *testing.T) {
	ctx := context.Background()
	a := filepath.Join("..", "testdata", "wiki-pages", "en_Normal_State-oldid3311-snapA_oldid.txt")
	b := filepath.Join("..", "testdata", "wiki-pages", "en_Normal_State-oldid3311-snapB_oldid.txt")
	runs := []struct {
		name    string
		ingests [][]string
	}{
		{"A,B", [][]string{{a, b}}},
		{"B,A", [][]string{{b, a}}},
		{"B then A", [][]string{{b}, {a}}},
		{"A then B, then both again", [][]string{{a}, {b}, {b, a}}},
	}
	want := ""
	for _, run := range runs {
		db, _ := openDB(t)
		for _, paths := range run.ingests {
			if _, err := IngestFiles(ctx, db, paths, Options{}); err != nil {
				t.Fatalf("%s: %v", run.name, err)
			}
		}
		revs, err := db.History(ctx, "Normal State", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(revs) != 1 {
			t.Fatalf("%s: %d revisions, want 1", run.name, len(revs))
		}
		if at := time.Date(2025, 4, 16, 14, 22, 0, 0, time.UTC); !revs[0].Timestamp.Equal(at) {
			t.Errorf("%s: revision dated %v, want %v (snapB's)", run.name, revs[0].Timestamp, at)
		}
		recs, err := db.RevisionRecords(ctx, revs[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		var plain []string
		for _, r := range recs {
			plain = append(plain, r.Plain)
		}
		if !strings.Contains(strings.Join(plain, "\n"), "Victory Points") || len(recs) != 7 {
			t.Errorf("%s: %d records, want snapA's 7 with its Effects: %q", run.name, len(recs), plain)
		}
		hits, err := db.SearchText(ctx, "Victory Points", wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 1 {
			t.Errorf("%s: the current search finds %d records of Victory Points, want 1", run.name, len(hits))
		}
		h := contentHash(t, db)
		if want == "" {
			want = h
		} else if h != want {
			t.Errorf("%s: content differs from %s's", run.name, runs[0].name)
		}
	}
}
