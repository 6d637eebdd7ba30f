package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
)

// screenArtifacts match what a diff screen or history feed shows and no
// page's rules hold: a diff's line-number row, a lone change marker, an
// Atom entry, feed XML, the diff's and feed's headings.
var screenArtifacts = regexp.MustCompile(`(?m)(?:Line|Línea) \d+:|^[ \t]*[+−][ \t]*$|<entry>|<feed\b|<\?xml|</summary>|Difference between (?:revisions|pages)|Diferencia entre (?:revisiones|páginas)|intermediate revisions? by|ediciones intermedias`)

// TestIngestWikiPages ingests every file of testdata/wiki-pages with
// KeepGoing, as "ingest -keep-going testdata/wiki-pages" does: the 59
// articles and old revisions are stored as pages of their wiki, none
// titled by a URL, a banner or a site line; the 62 diff screens and 4
// history feeds are listed as skipped by kind, not as bad files; and no
// stored record or FAQ holds a diff or feed artifact.
func TestIngestWikiPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dir := "../testdata/wiki-pages"
	sum, err := IngestFiles(ctx, db, []string{dir}, Options{KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Bad) != 0 {
		t.Errorf("bad files: %+v", sum.Bad)
	}
	// index.json, the folder's own index, is no wiki data: skipped too.
	want := map[string]int{"diff page": 57, "difference between pages": 5, "history feed": 4, "not wiki data": 1}
	if len(sum.NotRevisionKinds) != len(want) || len(sum.NotRevisions) != 67 {
		t.Errorf("skipped %d: %v; want %v", len(sum.NotRevisions), sum.NotRevisionKinds, want)
	}
	for k, n := range want {
		if sum.NotRevisionKinds[k] != n {
			t.Errorf("skipped %d of kind %s, want %d", sum.NotRevisionKinds[k], k, n)
		}
	}
	// index.json: every skipped file is a diff or a feed, every other
	// file a stored revision.
	var index []struct{ File, Kind string }
	b, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &index); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, e := range index {
		kinds[filepath.Join(dir, e.File)] = e.Kind
	}
	for _, nr := range sum.NotRevisions {
		if filepath.Base(nr.File) == "index.json" {
			continue
		}
		if k := kinds[nr.File]; k == "article" || k == "oldid" || nr.Page == "" {
			t.Errorf("%s (%s) skipped as %s of %q", nr.File, k, nr.Kind, nr.Page)
		}
	}
	// A redirect a page was shown through names the page: the wiki's
	// Isolated leads to Isolated State, although no revision of the
	// redirect page itself was read.
	for from, to := range map[string]string{"Isolated": "Isolated State", "prone": "Prone State"} {
		v, err := db.Page(ctx, from, wikirules.Filter{Wiki: "infinity-en"})
		if err != nil || v.Page.Title != to {
			t.Errorf("page %q: %v, %v; want %q through its redirect", from, v, err, to)
		}
	}
	if _, err := db.Page(ctx, "Isolated", wikirules.Filter{Wiki: "infinity-es"}); err == nil {
		t.Errorf("page Isolated found in infinity-es; the redirect is infinity-en's")
	}
	// 59 revisions of 41 pages (index.json, redirects as their targets; snapshots of one page are one page; the
	// two captures of revision 3311 of Normal State are one revision).
	if sum.Revisions != 59 || sum.Pages != 41 || sum.Added != 58 || sum.Conflicting != 1 {
		t.Errorf("%d revisions of %d pages, %d added, %d conflicting; want 59 of 41, 58 added, 1 conflicting",
			sum.Revisions, sum.Pages, sum.Added, sum.Conflicting)
	}
	pages, err := db.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wikis := map[string]int{}
	for _, p := range pages {
		wikis[p.Wiki+" "+p.Language]++
		if strings.Contains(p.Title, "://") || strings.HasPrefix(p.Title, "NOTICE") || strings.HasPrefix(p.Title, "AVISO") ||
			strings.HasPrefix(p.Title, "From ") || strings.HasPrefix(p.Title, "De ") || strings.ContainsAny(p.Title, "•|") {
			t.Errorf("page title %q", p.Title)
		}
		hist, err := db.History(ctx, p.Title, wikirules.Filter{Wiki: p.Wiki})
		if err != nil {
			t.Fatal(err)
		}
		for _, rev := range hist {
			recs, err := db.RevisionRecords(ctx, rev.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				if m := screenArtifacts.FindString(r.Text + "\n" + r.Plain); m != "" {
					t.Errorf("%s revision %s: record %s holds %q: %.80q", p.Title, rev.ID, r.Kind, m, r.Text)
				}
			}
		}
	}
	if want := map[string]int{"infinity-en en": 31, "infinity-es es": 8, "infinity-n3-en en": 1, "infinity-n3-es es": 1}; len(wikis) != len(want) {
		t.Errorf("pages by wiki %v, want %v", wikis, want)
	} else {
		for k, n := range want {
			if wikis[k] != n {
				t.Errorf("pages by wiki %v, want %v", wikis, want)
				break
			}
		}
	}
	faqs, err := db.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range faqs {
		if m := screenArtifacts.FindString(f.Question + "\n" + f.Answer); m != "" {
			t.Errorf("FAQ %s holds %q", f.ID, m)
		}
	}
}

// TestIngestWikiPagesEditions ingests testdata/wiki-pages as
// "ingest -keep-going" does and checks the editions of pages whose text
// alone tells them, or tells nothing: for each page, the editions each
// stored revision's records hold (their union per revision, 0 for a
// revision whose records are all "edition unknown"), and the editions
// "query pages" lists for its current revision.
func TestIngestWikiPagesEditions(t *testing.T) {
	t.Parallel()
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
