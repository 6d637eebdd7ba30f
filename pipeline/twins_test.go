package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/source"
)

// TestSameRevisionOtherID: the seed dump has no revision ids (source
// derives them from page, timestamp and text); an XML export or the API
// of the same wiki gives MediaWiki's own (here 1001…, the same in both).
// The same 50 revisions read from the dump and from the export or the API
// JSON, in any order, are stored once: the second source adds nothing and
// the knowledge base's content is the first's.
func TestSameRevisionOtherID(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	revs := seedRevisions(t)
	dir := t.TempDir()
	dump := writeFile(t, dir, "dump.txt", seedBytes(t))
	for i := range revs {
		r := *revs[i]
		revs[i] = &r
		revs[i].ID = fmt.Sprint(1001 + i)
		revs[i].ParentID = ""
	}
	var xml, api bytes.Buffer
	if err := source.WriteXML(&xml, revs); err != nil {
		t.Fatal(err)
	}
	if err := source.WriteAPI(&api, revs); err != nil {
		t.Fatal(err)
	}
	export := writeFile(t, dir, "export.xml", xml.Bytes())
	apiJSON := writeFile(t, dir, "api.json", api.Bytes())
	for _, order := range [][]string{{dump, export, apiJSON}, {export, dump}, {apiJSON, export, dump}} {
		db, _ := openDB(t)
		var first string
		for i, p := range order {
			sum, err := IngestFiles(ctx, db, []string{p}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = contentHash(t, db)
				if sum.Added != 50 {
					t.Errorf("%s first: added %d, want 50", p, sum.Added)
				}
				continue
			}
			if sum.Added != 0 || sum.Skipped != 50 {
				t.Errorf("%v, then %s: added %d, skipped %d; want 0 and 50", order[:i], p, sum.Added, sum.Skipped)
			}
			if h := contentHash(t, db); h != first {
				t.Errorf("%v, then %s: the knowledge base changed", order[:i], p)
			}
		}
		st, err := db.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Revisions != 50 {
			t.Errorf("%v: %d revisions stored, want 50", order, st.Revisions)
		}
	}
}

// TestNullRevisionKept: two MediaWiki revisions of a page in the same
// second with the same text (a null revision, as a protection or a move
// records) are two revisions: the twin rule joins a derived id with
// another id only.
func TestNullRevisionKept(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ts := time.Date(2021, 2, 11, 10, 26, 28, 0, time.UTC)
	page := wikirules.Page{Title: "Esquivar", Language: "es"}
	text := "{{skillbox |greenyellow| ESQUIVAR | HABILIDAD CORTA / ORA}}\n* La Tropa es la Tropa Activa."
	revs := []*wikirules.Revision{
		{ID: "102", Page: page, Timestamp: ts, Text: text, Format: wikirules.FormatXML},
		{ID: "103", ParentID: "102", Page: page, Timestamp: ts, Text: text, Format: wikirules.FormatXML, Comment: "protegió Esquivar"},
	}
	var xml bytes.Buffer
	if err := source.WriteXML(&xml, revs); err != nil {
		t.Fatal(err)
	}
	db, _ := openDB(t)
	sum, err := IngestFiles(ctx, db, []string{writeFile(t, t.TempDir(), "export.xml", xml.Bytes())}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 2 || sum.Skipped != 0 {
		t.Errorf("added %d, skipped %d; want both revisions stored", sum.Added, sum.Skipped)
	}
}
