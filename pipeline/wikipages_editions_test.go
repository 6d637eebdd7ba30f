package pipeline

import (
	"context"
	"slices"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
)

// TestIngestWikiPagesEditions ingests testdata/wiki-pages as
// "ingest -keep-going" does and checks the editions of pages whose text
// alone tells them, or tells nothing: for each page, the editions each
// stored revision's records hold (their union per revision, 0 for a
// revision whose records are all "edition unknown"), and the editions
// "query pages" lists for its current revision.
func TestIngestWikiPagesEditions(t *testing.T) {
	ctx := context.Background()
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := IngestFiles(ctx, db, []string{"../testdata/wiki-pages"}, Options{KeepGoing: true}); err != nil {
		t.Fatal(err)
	}
	const (
		n4   = wikirules.Editions(wikirules.N4)
		n5   = wikirules.Editions(wikirules.N5)
		n4c1 = wikirules.Editions(wikirules.N4 | wikirules.C1)
	)
	tests := []struct {
		page, wiki string
		revisions  []wikirules.Editions // sorted
		current    wikirules.Editions
	}{
		// The 2020 revision says "This N4 rule is not used in CodeOne.";
		// the article counts "Orders ( Regular + Irregular + Tactical)":
		// the Tactical Order is N5's.
		{"Command Tokens", "infinity-en", []wikirules.Editions{n4, n5}, n5},
		// "Disconnected State NULL": N4's {{skillbox}} with its null flag,
		// which N5's box moved to {{skill-label | Null}}; the N4 wikis hold
		// such a page in N4 and CodeOne.
		{"Disconnected State", "infinity-en", []wikirules.Editions{n4c1}, n4c1},
		// One capture holds the CodeOne and the N4 paragraph side by side
		// ("In Infinity CodeOne…", "In Infinity N4…") and the rest in both;
		// the other shows the current text with no edition in its words,
		// no navigation box and no date: unknown, not guessed.
		{"Hacking Area", "infinity-en", []wikirules.Editions{0, n4c1}, 0},
		// Text that exists in N4 and N5 alike, a stale N4 navigation bar
		// (an N5 page often keeps one), no date: unknown.
		{"Game States", "infinity-en", []wikirules.Editions{0}, 0},
		{"Labels and Traits", "infinity-en", []wikirules.Editions{0}, 0},
		{"Mines", "infinity-en", []wikirules.Editions{0}, 0},
		{"Paralysis (PARA) Ammunition", "infinity-en", []wikirules.Editions{0}, 0},
		{"Condiciones Generales de Movimiento", "infinity-es", []wikirules.Editions{0}, 0},
	}
	sums, err := db.PageSummaries(ctx, wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		hist, err := db.History(ctx, tc.page, wikirules.Filter{Wiki: tc.wiki})
		if err != nil {
			t.Errorf("%s: %v", tc.page, err)
			continue
		}
		var got []wikirules.Editions
		for _, rev := range hist {
			recs, err := db.RevisionRecords(ctx, rev.ID)
			if err != nil {
				t.Fatal(err)
			}
			var e wikirules.Editions
			for _, r := range recs {
				if r.Kind != wikirules.KindFAQ && r.Kind != wikirules.KindErrata {
					e |= r.Editions
				}
			}
			got = append(got, e)
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.revisions) {
			t.Errorf("%s: revisions hold %v, want %v", tc.page, got, tc.revisions)
		}
		i := slices.IndexFunc(sums, func(s kb.PageSummary) bool { return s.Page.Title == tc.page && s.Page.Wiki == tc.wiki })
		if i < 0 {
			t.Errorf("%s: not in the page summaries", tc.page)
		} else if sums[i].Editions != tc.current {
			t.Errorf("%s: listed with editions %v, want %v", tc.page, sums[i].Editions, tc.current)
		}
	}
	// The CodeOne and N4 paragraphs of Hacking Area are records of their
	// own edition each, alternatives of each other.
	hist, err := db.History(ctx, "Hacking Area", wikirules.Filter{Wiki: "infinity-en"})
	if err != nil {
		t.Fatal(err)
	}
	var c1, n4only *wikirules.Record
	for _, rev := range hist {
		recs, err := db.RevisionRecords(ctx, rev.ID)
		if err != nil {
			t.Fatal(err)
		}
		for i := range recs {
			switch recs[i].Editions {
			case wikirules.Editions(wikirules.C1):
				c1 = &recs[i]
			case n4:
				n4only = &recs[i]
			}
		}
	}
	if c1 == nil || n4only == nil || c1.Alternative == "" || c1.Alternative != n4only.Alternative {
		t.Errorf("Hacking Area: C1 record %+v, N4 record %+v; want both, alternatives of each other", c1, n4only)
	}
}
