package pairs_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/pipeline"
)

// checkLoadFor checks that the stored pairs are in step with db and that
// the Set LoadFor reads from them gives every citation the
// warning the whole Set gives: a current record of every page (its
// middle one), and a citation of each page's title at a revision that is
// no page's current one (found by title), in both judge languages. It
// returns the number of warnings given.
func checkLoadFor(t *testing.T, db *kb.DB, whole *pairs.Set) int {
	t.Helper()
	ctx := context.Background()
	if _, ok, err := db.TwinsOf(ctx, nil); err != nil || !ok {
		t.Fatalf("TwinsOf: in step %v (%v), want stored pairs in step", ok, err)
	}
	pages, err := db.CurrentPages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var cites []wikirules.Citation
	for _, p := range pages {
		recs, err := db.RevisionRecords(ctx, p.Revision.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) > 0 {
			cites = append(cites, wikirules.CitationOf(recs[len(recs)/2]))
		}
		cites = append(cites, wikirules.Citation{Page: p.Page.Title, Revision: "no-such-revision", Anchor: "r1"})
	}
	warned := 0
	for _, c := range cites {
		part, err := pairs.LoadFor(ctx, db, []wikirules.Citation{c})
		if err != nil {
			t.Fatalf("LoadFor %s @ %s: %v", c.Page, c.Revision, err)
		}
		for _, judge := range []string{"es", "en"} {
			want, err := whole.Warn(ctx, db, c, judge)
			if err != nil {
				t.Fatal(err)
			}
			got, err := part.Warn(ctx, db, c, judge)
			if err != nil {
				t.Fatal(err)
			}
			w, _ := json.Marshal(want)
			g, _ := json.Marshal(got)
			if string(w) != string(g) {
				t.Errorf("%s @ %s (%s), judge %s: LoadFor warns %s, Load %s", c.Page, c.Revision, c.Anchor, judge, g, w)
			}
			if want != nil {
				warned++
			}
		}
	}
	return warned
}

// TestLoadForStored, on the seeds, the English fixture export and
// testdata/wiki-pages: the pairs an ingest stores are those Load finds, and
// LoadFor reads them in step with the knowledge base; after a write that
// did not store them (kb.Put) it pairs every page again.
func TestLoadForStored(t *testing.T) {
	ctx := context.Background()
	db, _ := fixtureKB(t)
	if _, err := pipeline.IngestFiles(ctx, db, []string{wikiPagesDir}, pipeline.Options{KeepGoing: true}); err != nil {
		t.Fatal(err)
	}
	whole := loadSet(t, db)
	if len(whole.Pairs) == 0 {
		t.Fatal("no pairs in the fixture knowledge base")
	}
	if n := checkLoadFor(t, db, whole); n == 0 {
		t.Error("no citation of the fixture knowledge base warns: the check compares nothing")
	}
	keys := []string{whole.Pairs[0].ES.Title, whole.Pairs[len(whole.Pairs)-1].EN.Title}
	stored, ok, err := db.TwinsOf(ctx, keys)
	if err != nil || !ok || len(stored) < 2 {
		t.Fatalf("TwinsOf %q: %d pairs, in step %v (%v); want both pairs", keys, len(stored), ok, err)
	}
	var first pairs.Pair
	if err := json.Unmarshal([]byte(stored[0].Data), &first); err != nil {
		t.Fatal(err)
	}
	if f, _ := json.Marshal(first); string(f) != mustJSON(t, whole.Pairs[0]) {
		t.Errorf("stored first pair %s, Load's %s", f, mustJSON(t, whole.Pairs[0]))
	}

	rev := wikirules.Revision{Page: wikirules.Page{Title: "Página nueva", Language: "es", Wiki: "infinity-es"},
		ID: "new-1", Format: wikirules.FormatXML, Text: "Texto.\n\n[[en:Engineer]]"}
	if _, err := db.Put(ctx, []kb.Item{{Rev: rev}}); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := db.TwinsOf(ctx, nil); err != nil || ok {
		t.Fatalf("TwinsOf after a write: in step %v (%v), want not", ok, err)
	}
	if err := pairs.Store(ctx, db); err != nil {
		t.Fatal(err)
	}
	whole = loadSet(t, db)
	if whole.Twin("infinity-es", "Página nueva") == nil {
		t.Fatal("the page put with [[en:Engineer]] has no twin")
	}
	part, err := pairs.LoadFor(ctx, db, []wikirules.Citation{{Page: "Página nueva", Revision: "new-1"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mustJSON(t, part.Twin("infinity-es", "Página nueva")), mustJSON(t, whole.Twin("infinity-es", "Página nueva")); got != want {
		t.Errorf("stored again: LoadFor pairs Página nueva as %s, Load as %s", got, want)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
