package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/mwapi"
	"github.com/wikirules/wikirules/mwapi/mwapitest"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// syncStart is the test wikis' clock at their creation.
var syncStart = time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)

// corpusRevisions reads the seed corpus (the contributions dump and the
// rendered pages) and the article and oldid pages of testdata/wiki-pages
// in language lang, as revisions to serve: the pages with histories of
// a test wiki.
func corpusRevisions(t testing.TB, lang string) []*wikirules.Revision {
	t.Helper()
	var out []*wikirules.Revision
	if lang == "es" {
		names, _ := fs.Glob(sample.FS(), "*.txt")
		sort.Strings(names)
		for _, name := range names {
			data, err := fs.ReadFile(sample.FS(), name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := source.Detect(data, name)
			if err != nil {
				t.Fatal(err)
			}
			revs, err := source.ReadAll(source.For(f)(bytes.NewReader(data), name))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, revs...)
		}
	}
	var index []struct{ File, Title, Lang, Kind string }
	buf, err := os.ReadFile("../testdata/wiki-pages/index.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf, &index); err != nil {
		t.Fatal(err)
	}
	for _, e := range index {
		if e.Lang != lang || (e.Kind != "article" && e.Kind != "oldid") {
			continue
		}
		data, err := os.ReadFile(filepath.Join("../testdata/wiki-pages", e.File))
		if err != nil {
			t.Fatal(err)
		}
		// Line 1 is the URL, line 2 blank: the rest is the page.
		parts := strings.SplitN(string(data), "\n", 3)
		out = append(out, &wikirules.Revision{Page: wikirules.Page{Title: e.Title}, Text: parts[len(parts)-1], User: "Corpus"})
	}
	return out
}

// testWiki is a test wiki of the corpus in language lang on the loopback
// interface, with a client that does not wait for real.
type testWiki struct {
	*mwapitest.Wiki
	c      *mwapi.Client
	waits  []time.Duration
	server *httptest.Server
}

func newTestWiki(t testing.TB, lang string) *testWiki {
	t.Helper()
	w := mwapitest.New("Infinity", lang, "infinity_"+lang, syncStart)
	w.Import(corpusRevisions(t, lang))
	srv := httptest.NewServer(w)
	t.Cleanup(srv.Close)
	tw := &testWiki{Wiki: w, server: srv}
	tw.c = tw.client(t)
	return tw
}

func (tw *testWiki) client(t testing.TB) *mwapi.Client {
	c, err := mwapi.New(tw.server.URL+"/api.php", "test@example.org")
	if err != nil {
		t.Fatal(err)
	}
	c.Sleep = func(ctx context.Context, d time.Duration) error {
		tw.waits = append(tw.waits, d)
		return nil
	}
	return c
}

func syncDB(t testing.TB, db *kb.DB, tw *testWiki, opt SyncOptions) *SyncSummary {
	t.Helper()
	sum, err := Sync(context.Background(), db, tw.c, opt)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// fileDB ingests the wiki's live revisions written as an API JSON file
// of formatversion fv, the way files are ingested.
func fileDB(t testing.TB, tw *testWiki, wiki string, fv int) *kb.DB {
	t.Helper()
	var buf bytes.Buffer
	if err := source.WriteAPIVersion(&buf, fv, tw.Export(wiki)); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := writeFile(t, dir, "export.json", buf.Bytes())
	db, err := kb.Open(context.Background(), filepath.Join(dir, "files.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := IngestFiles(context.Background(), db, []string{path}, Options{}); err != nil {
		t.Fatal(err)
	}
	return db
}

func newDB(t testing.TB) *kb.DB {
	t.Helper()
	db, err := kb.Open(context.Background(), filepath.Join(t.TempDir(), "sync.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func stats(t testing.TB, db *kb.DB) kb.Stats {
	t.Helper()
	st, err := db.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// answers is what a knowledge base answers of every page: its title,
// history (revision ids) and current records, in order.
func answers(t testing.TB, db *kb.DB) []string {
	t.Helper()
	ctx := context.Background()
	pages, err := db.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range pages {
		h, err := db.History(ctx, p.Title, wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range h {
			ids = append(ids, r.ID)
		}
		v, err := db.Page(ctx, p.Title, wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		var recs []string
		for _, r := range v.Records {
			recs = append(recs, r.ID)
		}
		out = append(out, p.Title+" "+p.Wiki+" ["+strings.Join(ids, " ")+"] "+strings.Join(recs, " "))
	}
	return out
}

// contentRequests returns the revids of the requests for revision text.
func contentRequests(w *mwapitest.Wiki) []string {
	var out []string
	for _, r := range w.Requests() {
		if r.Content() {
			out = append(out, r.Params.Get("revids"))
		}
	}
	return out
}

// TestSyncLikeFiles syncs the corpus wiki, in both formatversions and
// with limits that make every module continue, and finds what ingesting
// the same revisions from a file stores; a second sync reads no text.
func TestSyncLikeFiles(t *testing.T) {
	t.Parallel()
	for _, fv := range []int{2, 1} {
		tw := newTestWiki(t, "es")
		tw.FormatVersion1 = fv == 1
		tw.Limits = mwapitest.Limits{AllPages: 7, History: 2, Content: 3, LangLinks: 1, Changes: 2}
		tw.SetLangLinks("Esquivar", map[string]string{"en": "Dodge", "fr": "Esquive"})
		tw.Edit("Sandbox", "una prueba", "Ana", "")
		db := newDB(t)
		sum := syncDB(t, db, tw, SyncOptions{BatchPages: 10})
		files := fileDB(t, tw, "infinity-es", fv) // read only
		want := stats(t, files)
		got := stats(t, db)
		if got.Pages != want.Pages || got.Revisions != want.Revisions || got.Records != want.Records ||
			got.Contents != want.Contents || got.FAQs != want.FAQs || got.FAQOccurrences != want.FAQOccurrences ||
			!reflect.DeepEqual(got.UnknownTemplates, want.UnknownTemplates) {
			t.Errorf("fv%d: synced %+v\nfiles  %+v", fv, got, want)
		}
		if n := tw.RevisionCount(); sum.Mode != "full" || sum.Revisions.New != n || got.Revisions != n {
			t.Errorf("fv%d: summary %+v, want a full sync of %d revisions", fv, sum, n)
		}
		if got, want := answers(t, db), answers(t, files); !reflect.DeepEqual(got, want) {
			t.Errorf("fv%d: answers differ from the file ingest's:\n%v\n%v", fv, got, want)
		}
		links, err := db.LangLinks(context.Background(), "infinity-es", "Esquivar")
		if err != nil || links["en"] != "Dodge" || links["fr"] != "Esquive" {
			t.Errorf("fv%d: langlinks %v, %v", fv, links, err)
		}
		tw.Requests()
		again := syncDB(t, db, tw, SyncOptions{})
		if c := contentRequests(tw.Wiki); len(c) != 0 || again.Revisions.New != 0 || again.Mode != "incremental" {
			t.Errorf("fv%d: second sync: %+v, content requests %v; want none", fv, again, c)
		}
	}
}
