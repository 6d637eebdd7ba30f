package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
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
