package kb

import (
	"context"
	"database/sql"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestGenerationAndTwins: every Writer commit raises the write
// generation, PutTwins does not; twins stored at the generation are
// found by title key while nothing is written, and twins computed at an
// older generation are refused.
func TestGenerationAndTwins(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	gen, err := db.Generation(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := db.TwinsOf(ctx, []string{"Esquivar"}); err != nil || ok {
		t.Fatalf("TwinsOf before any PutTwins: in step %v (%v), want not", ok, err)
	}
	twins := []StoredTwin{
		{ESWiki: "infinity-es", ESTitle: "Esquivar", ESKey: "Esquivar", ENWiki: "infinity-en", ENTitle: "Dodge", ENKey: "Dodge", Data: `{"n":0}`},
		{ESWiki: "infinity-es", ESTitle: "Aislado", ESKey: "Aislado", ENWiki: "infinity-en", ENTitle: "Isolated State", ENKey: "Isolated State", Data: `{"n":1}`},
	}
	if ok, err := db.PutTwins(ctx, gen, twins); err != nil || !ok {
		t.Fatalf("PutTwins at the current generation: %v (%v), want stored", ok, err)
	}
	if g, _ := db.Generation(ctx); g != gen {
		t.Errorf("generation after PutTwins %d, want %d (unchanged)", g, gen)
	}
	got, ok, err := db.TwinsOf(ctx, []string{"Isolated State", "Esquivar", "Nada"})
	if err != nil || !ok || len(got) != 2 || got[0].Data != `{"n":0}` || got[1].ENTitle != "Isolated State" {
		t.Fatalf("TwinsOf = %+v, %v (%v); want both pairs in set order", got, ok, err)
	}
	if _, err := db.Put(ctx, []Item{esquivar(t)}); err != nil {
		t.Fatal(err)
	}
	if g, _ := db.Generation(ctx); g != gen+1 {
		t.Errorf("generation after a Put %d, want %d", g, gen+1)
	}
	if _, ok, err := db.TwinsOf(ctx, []string{"Esquivar"}); err != nil || ok {
		t.Errorf("TwinsOf after a Put: in step %v (%v), want not", ok, err)
	}
	if ok, err := db.PutTwins(ctx, gen, twins[:1]); err != nil || ok {
		t.Errorf("PutTwins at an older generation: %v (%v), want refused", ok, err)
	}
	cp, err := db.PageOfCurrentRevision(ctx, esquivar(t).Rev.ID)
	if err != nil || cp == nil || cp.Page.Title != "Esquivar" {
		t.Fatalf("PageOfCurrentRevision = %+v (%v), want Esquivar", cp, err)
	}
	if cp2, err := db.CurrentPageOf(ctx, cp.Page.Wiki, "Esquivar"); err != nil || cp2 == nil || cp2.Revision.ID != cp.Revision.ID {
		t.Errorf("CurrentPageOf Esquivar = %+v (%v), want revision %s", cp2, err, cp.Revision.ID)
	}
	if cp, err := db.PageOfCurrentRevision(ctx, "no-such-revision"); err != nil || cp != nil {
		t.Errorf("PageOfCurrentRevision of no revision = %+v (%v), want nil", cp, err)
	}
}

// TestPageAliases: a page's redirect aliases (a revision shown through a
// redirect) and, while the stored twins are in step, its twin's title are
// its aliases; a twin pair whose side is no page of the knowledge base
// gives that side none, and twins out of step give none.
func TestPageAliases(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	it := esquivar(t)
	it.Rev.RedirectedFrom = "Esquivando"
	if _, err := db.Put(ctx, []Item{it}); err != nil {
		t.Fatal(err)
	}
	gen, err := db.Generation(ctx)
	if err != nil {
		t.Fatal(err)
	}
	twins := []StoredTwin{{ESWiki: it.Rev.Page.Wiki, ESTitle: "Esquivar", ESKey: "Esquivar", ENWiki: "infinity-en", ENTitle: "Dodge", ENKey: "Dodge", Data: `{}`}}
	if ok, err := db.PutTwins(ctx, gen, twins); err != nil || !ok {
		t.Fatalf("PutTwins: %v (%v)", ok, err)
	}
	got, err := db.PageAliases(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Alias != "Esquivando" || got[0].Twin || got[0].Page.Title != "Esquivar" ||
		got[1].Alias != "Dodge" || !got[1].Twin || got[1].Page.Title != "Esquivar" {
		t.Fatalf("PageAliases = %+v; want the redirect Esquivando, then the twin Dodge, of Esquivar", got)
	}
	if _, err := db.Put(ctx, []Item{esquivarEditNewer(t)}); err != nil {
		t.Fatal(err)
	}
	if got, err := db.PageAliases(ctx); err != nil || len(got) != 1 || got[0].Twin {
		t.Errorf("PageAliases after a write = %+v (%v); want the redirect only (twins out of step)", got, err)
	}
}

// TestPageAliasesRedirectPages: a main-namespace page whose current text
// redirects to a page of its wiki ("#REDIRECCIÓN [[Esquivar#Efectos]]")
// is an alias of that page; a redirect to a page the knowledge base does
// not hold, and a page that only mentions a redirect, are none.
func TestPageAliasesRedirectPages(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	items := []Item{esquivar(t)}
	for _, r := range []struct{ title, text string }{
		{"Esquive", "#REDIRECCIÓN [[Esquivar#Efectos]]"},
		{"Nada", "#REDIRECT [[Página Ausente]]"},
		{"Texto", "Una página que dice #REDIRECT [[Esquivar]] en medio."},
	} {
		rev := items[0].Rev
		rev.Page.Title, rev.Text, rev.SHA1 = r.title, r.text, ""
		rev.ID = wikirules.DeriveRevisionID(rev.Page.Title, rev.Timestamp, rev.Text)
		items = append(items, Item{Rev: rev, X: &wikirules.Extraction{}})
	}
	if _, err := db.Put(ctx, items); err != nil {
		t.Fatal(err)
	}
	got, err := db.PageAliases(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Alias != "Esquive" || got[0].Twin || got[0].Page.Title != "Esquivar" {
		t.Fatalf("PageAliases = %+v; want only the redirect page Esquive, of Esquivar", got)
	}
}

func esquivarEditNewer(t testing.TB) Item {
	_, newer := esquivarEdit(t)
	return newer
}

// TestMigrationGeneration: a migration that changes no row (0013 adds an
// index) leaves the write generation, so the stored twin pairs and the
// index's recorded generation stay in step after an upgrade; one that
// changes rows (0007 recomputes title folds) raises it.
func TestMigrationGeneration(t *testing.T) {
	ctx := context.Background()
	path := newFile(t, esquivar(t))
	generation := func() int64 {
		t.Helper()
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		g, err := db.Generation(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	unapply := func(qs ...string) {
		t.Helper()
		raw, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		for _, q := range qs {
			if _, err := raw.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	gen := generation()
	unapply(`DROP INDEX revisions_redirect`, `DELETE FROM migrations WHERE name = 'migrations/0013_redirect_texts.sql'`)
	if g := generation(); g != gen {
		t.Errorf("generation after re-applying 0013 (an index) = %d, want %d", g, gen)
	}
	unapply(`UPDATE pages SET fold = 'x'`, `DELETE FROM migrations WHERE name = 'migrations/0007_title_fold.sql'`)
	if g := generation(); g != gen+1 {
		t.Errorf("generation after re-applying 0007 (rows) = %d, want %d", g, gen+1)
	}
}
