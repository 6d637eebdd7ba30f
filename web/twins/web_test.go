package twins_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/PuerkitoBio/goquery"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/index"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
	"github.com/wikirules/wikirules/web"
	"github.com/wikirules/wikirules/web/twins"
)

var (
	once   sync.Once
	theDB  *kb.DB
	theIdx *index.Index
	dbErr  error
)

// materialDB is a knowledge base of the repository's material: the seeds
// (Spanish, N4), the real page excerpts of testdata/wiki-pages (their
// diff screens and feeds skipped), the English export of package pairs
// (Isolated State N5…) and the English Berserk (N5), whose title the
// Spanish wiki holds too.
func materialDB(t *testing.T) *kb.DB {
	t.Helper()
	once.Do(func() {
		ctx := context.Background()
		db, err := pipeline.OpenSample(ctx)
		if err != nil {
			dbErr = err
			return
		}
		if _, err := pipeline.IngestFiles(ctx, db, []string{"../../testdata/wiki-pages"}, pipeline.Options{KeepGoing: true}); err != nil {
			dbErr = err
			return
		}
		files := []string{"../../pairs/testdata/infinity-en.xml", "../../cmd/query/testdata/identity/berserk-en.xml"}
		if _, err := pipeline.IngestFiles(ctx, db, files, pipeline.Options{}); err != nil {
			dbErr = err
			return
		}
		// The bleve index, as query serve searches: the glossary's
		// synonyms find the English twin's records for a Spanish word.
		if theIdx, dbErr = index.BuildFrom(ctx, "", db); dbErr != nil {
			return
		}
		theDB = db
	})
	if dbErr != nil {
		t.Fatalf("loading the material: %v", dbErr)
	}
	return theDB
}

// server serves the material as query serve does (its index, the
// twins).
func server(t *testing.T) *httptest.Server {
	t.Helper()
	db := materialDB(t)
	tw, err := twins.Load(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Deps{Store: db, Judge: engine.New(db, db), Search: theIdx, Twins: tw, Logger: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts
}

// get fetches path with Accept-Language lang and parses the HTML.
func get(t *testing.T, ts *httptest.Server, path, lang string) *goquery.Document {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.URL+path, nil)
	req.Header.Set("Accept-Language", lang)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: status %d\n%s", path, res.StatusCode, body)
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func text(s *goquery.Selection) string { return strings.Join(strings.Fields(s.Text()), " ") }

// TestPageEditionAndTwinWarning: Aislado (N4) speaks for its own newest
// edition, saying that it has no N5 version, warns in the label language
// that its English twin Isolated State holds N5, cites the twin's record
// and links to the twin; the twin, newer, warns of nothing.
func TestPageEditionAndTwinWarning(t *testing.T) {
	ts := server(t)
	for _, c := range []struct{ lang, edition, warning, open string }{
		{"es", "Edición: N4 la más reciente de esta página: no tiene versión N5", "Aviso: la página inglesa Isolated State tiene la versión N5; esta es N4", "Leer Isolated State"},
		{"en", "Edition: N4 the newest of this page: it has no N5 version", "Warning: the English page Isolated State has version N5; this one is N4", "Read Isolated State"},
	} {
		doc := get(t, ts, "/page/Aislado", c.lang)
		if got := text(doc.Find("#edition-note")); !strings.HasPrefix(got, c.edition) {
			t.Errorf("%s: edition note %q, want %q…", c.lang, got, c.edition)
		}
		w := doc.Find("article .twin-warning")
		if got := text(w.Find(".twin-msg")); got != c.warning {
			t.Errorf("%s: warning %q, want %q", c.lang, got, c.warning)
		}
		link := w.Find("#twin-link")
		if text(link) != c.open || link.AttrOr("href", "") != "/page/Isolated%20State" {
			t.Errorf("%s: twin link %q → %q, want %q → /page/Isolated%%20State", c.lang, text(link), link.AttrOr("href", ""), c.open)
		}
		cite := w.Find(".twin-rec a.citation")
		if href := cite.AttrOr("href", ""); !strings.HasPrefix(href, "/page/Isolated%20State?rev=") || !strings.Contains(text(cite), "[N5]") {
			t.Errorf("%s: twin citation %q → %q, want Isolated State's N5 record", c.lang, text(cite), href)
		}
	}
	doc := get(t, ts, "/page/Isolated_State", "es")
	if n := doc.Find(".twin-warning").Length(); n != 0 {
		t.Errorf("Isolated State, the newer side, shows %d twin warnings", n)
	}
	if got := text(doc.Find("#edition-note")); !strings.HasPrefix(got, "Edición: N5 la más reciente de la base") {
		t.Errorf("Isolated State: edition note %q, want N5, the default", got)
	}
	// An edition asked that the page lacks is said so.
	doc = get(t, ts, "/page/Aislado?edition=n5", "es")
	if got := text(doc.Find("#edition-note")); !strings.Contains(got, "La página no tiene versión N5 (tiene N4)") {
		t.Errorf("Aislado?edition=n5: edition note %q", got)
	}
}

// TestSameTitleTwoWikis: the label language chooses among the two
// Berserk pages, ?wiki= picks one, the page names the other with a link
// that carries its wiki, and following it stays on that wiki.
func TestSameTitleTwoWikis(t *testing.T) {
	ts := server(t)
	for _, c := range []struct{ path, lang, note, href, edition string }{
		{"/page/Berserk", "es", "También en infinity-en: Berserk", "/page/Berserk?wiki=infinity-en", "Edición: N4"},
		{"/page/Berserk", "en", "Also in infinity-es: Berserk", "/page/Berserk?wiki=infinity-es", "Edition: N5"},
		{"/page/Berserk?wiki=infinity-en", "es", "También en infinity-es: Berserk", "/page/Berserk?wiki=infinity-es", "Edición: N5"},
		{"/page/Berserk?wiki=infinity-es", "en", "Also in infinity-en: Berserk", "/page/Berserk?wiki=infinity-en", "Edition: N4"},
	} {
		doc := get(t, ts, c.path, c.lang)
		also := doc.Find("#also-in")
		if text(also) != c.note || also.Find("a").AttrOr("href", "") != c.href {
			t.Errorf("%s (%s): also-in %q → %q, want %q → %q", c.path, c.lang, text(also), also.Find("a").AttrOr("href", ""), c.note, c.href)
		}
		if got := text(doc.Find("#edition-note")); !strings.HasPrefix(got, c.edition) {
			t.Errorf("%s (%s): edition note %q, want %s", c.path, c.lang, got, c.edition)
		}
		// The history and last-change links of a shared title name the wiki.
		wiki := "infinity-es"
		if c.edition == "Edition: N5" || c.edition == "Edición: N5" {
			wiki = "infinity-en"
		}
		if h := doc.Find(".meta a").First().AttrOr("href", ""); h != "/history/Berserk?wiki="+wiki {
			t.Errorf("%s (%s): history link %q, want /history/Berserk?wiki=%s", c.path, c.lang, h, wiki)
		}
	}
}

// TestAnswerTwinWarning: a Spanish question decided by Aislado warns that
// the English twin is newer and links to it; the same question in
// English, decided by Isolated State, does not.
func TestAnswerTwinWarning(t *testing.T) {
	ts := server(t)
	doc := get(t, ts, "/ask?q="+urlQuery("¿Qué puede hacer una tropa Aislada?"), "es")
	if d := doc.Find(".answer .decides a").AttrOr("href", ""); !strings.HasPrefix(d, "/page/Aislado?") {
		t.Fatalf("deciding source %q, want Aislado", d)
	}
	w := doc.Find(".answer .twin-warning")
	if got := text(w.Find(".twin-msg")); got != "Aviso: la página inglesa Isolated State tiene la versión N5; esta es N4" {
		t.Errorf("answer warning %q", got)
	}
	if w.Find("#twin-link").AttrOr("href", "") != "/page/Isolated%20State" || w.Find(".twin-rec a.citation").Length() != 1 {
		t.Errorf("answer warning without the twin's link or citation: %q", text(w))
	}
	doc = get(t, ts, "/ask?q="+urlQuery("What can an Isolated trooper do?"), "en")
	if n := doc.Find(".twin-warning").Length(); n != 0 || !strings.HasPrefix(doc.Find(".answer .decides a").AttrOr("href", ""), "/page/Isolated%20State?") {
		t.Errorf("English question: %d twin warnings, deciding %q; want none, Isolated State", n, doc.Find(".answer .decides a").AttrOr("href", ""))
	}
}

func urlQuery(s string) string {
	r := strings.NewReplacer(" ", "+", "¿", "%C2%BF", "?", "%3F", "é", "%C3%A9")
	return r.Replace(s)
}

// TestSearchShowsEachPairOnce: a Spanish query ranks both twins' records
// and shows the pair once, the newer English side first, naming the
// Spanish page with a link; /api/search says the same in JSON.
func TestSearchShowsEachPairOnce(t *testing.T) {
	ts := server(t)
	doc := get(t, ts, "/search?q=aislado&n=5", "es")
	if got := text(doc.Find("#edition-note")); got != "Edición: la más reciente de cada página (N5 donde la página la tiene)" {
		t.Errorf("search edition note %q", got)
	}
	hits := doc.Find("li.hit")
	if hits.Length() == 0 {
		t.Fatal("no results for aislado")
	}
	first := hits.First()
	if got := text(first.Find("a.hit-title")); !strings.HasPrefix(got, "Isolated State") {
		t.Errorf("first result %q, want Isolated State (the newer twin)", got)
	}
	also := first.Find(".twin-also")
	if !strings.HasPrefix(text(also), "También en español: Aislado") || also.Find("a").AttrOr("href", "") != "/page/Aislado" {
		t.Errorf("first result names %q → %q, want También en español: Aislado → /page/Aislado", text(also), also.Find("a").AttrOr("href", ""))
	}
	hits.Each(func(_ int, h *goquery.Selection) {
		if strings.HasPrefix(text(h.Find("a.hit-title")), "Aislado") {
			t.Errorf("Aislado listed beside its twin: %q", text(h.Find("a.hit-title")))
		}
	})
	res, err := http.Get(ts.URL + "/api/search?q=aislado&n=5")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		EditionDefault bool `json:"edition_default"`
		Results        []struct {
			Wiki     string
			Citation struct{ Page string }
			Twin     *struct {
				Wiki, Title string
				Newer       bool
				Results     int
			}
		}
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if len(out.Results) == 0 || out.Results[0].Citation.Page != "Isolated State" || out.Results[0].Wiki != "infinity-en" {
		t.Fatalf("api: results %+v, want Isolated State first", out.Results)
	}
	if tw := out.Results[0].Twin; tw == nil || tw.Title != "Aislado" || tw.Wiki != "infinity-es" || tw.Newer || tw.Results == 0 {
		t.Errorf("api: first result's twin %+v, want Aislado (older, its results folded)", tw)
	}
	if !out.EditionDefault {
		t.Errorf("api: edition_default false without an edition")
	}
}

// twinPagesDB is a knowledge base of the pages TestExportSameTitle
// checks and what makes them twins: the Spanish Berserk and Aislado as the
// sample's contributions dump holds them (written back as an XML export
// of the Spanish wiki), the English export of package pairs (Isolated
// State N5 and the redirect Isolated, by which the glossary's Aislado |
// Isolated pairs it with Aislado, and four more pages) and the English
// Berserk (N5). The whole material (materialDB) exports ten times as
// many files for the same checks; cmd/query's TestExportSiteLinks exports
// the sample whole.
func twinPagesDB(t *testing.T) *kb.DB {
	t.Helper()
	ctx := context.Background()
	dump, err := sample.FS().Open(sample.DumpName)
	if err != nil {
		t.Fatal(err)
	}
	defer dump.Close()
	revs, err := source.ReadAll(source.NewContribs(dump, sample.DumpName))
	if err != nil {
		t.Fatal(err)
	}
	var keep []*wikirules.Revision
	for _, r := range revs {
		if r.Page.Title == "Berserk" || r.Page.Title == "Aislado" {
			keep = append(keep, r)
		}
	}
	if len(keep) != 2 {
		t.Fatalf("the sample dump holds %d revisions of Berserk and Aislado, want 2", len(keep))
	}
	var es bytes.Buffer
	if err := source.WriteXML(&es, keep); err != nil {
		t.Fatal(err)
	}
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := pipeline.IngestFS(ctx, db, fstest.MapFS{"infinity-es.xml": {Data: es.Bytes()}}, []string{"infinity-es.xml"}, pipeline.Options{}); err != nil {
		t.Fatal(err)
	}
	files := []string{"../../pairs/testdata/infinity-en.xml", "../../cmd/query/testdata/identity/berserk-en.xml"}
	if _, err := pipeline.IngestFiles(ctx, db, files, pipeline.Options{}); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestExportSameTitle: export-site writes the two Berserk pages to two
// files, each naming the other, and its search index keeps them apart;
// the Spanish Aislado carries the warning of its newer English twin.
func TestExportSameTitle(t *testing.T) {
	db := twinPagesDB(t)
	tw, err := twins.Load(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if _, err := web.Export(context.Background(), db, dir, web.ExportOptions{Twins: tw}); err != nil {
		t.Fatal(err)
	}
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	es, en := read("es/page/Berserk~~infinity-es.html"), read("es/page/Berserk~~infinity-en.html")
	if !strings.Contains(es, `href="../page/Berserk~~infinity-en.html"`) || !strings.Contains(en, `href="../page/Berserk~~infinity-es.html"`) {
		t.Errorf("the two Berserk pages do not link each other")
	}
	if !strings.Contains(es, "Edición: N4") || !strings.Contains(en, "Edición: N5") {
		t.Errorf("the Berserk pages do not say their editions (N4, N5)")
	}
	if _, err := os.Stat(filepath.Join(dir, "es/page/Berserk.html")); err == nil {
		t.Errorf("es/page/Berserk.html written: one name for two pages")
	}
	if a := read("es/page/Aislado.html"); !strings.Contains(a, "la página inglesa Isolated State tiene la versión N5") || !strings.Contains(a, `href="../page/Isolated_State.html"`) {
		t.Errorf("the static Aislado page lacks the twin warning or its link")
	}
	idx := read("search-data.js")
	for _, u := range []string{`"u":"page/Berserk~~infinity-es.html"`, `"u":"page/Berserk~~infinity-en.html"`, `"w":"infinity-en"`} {
		if !strings.Contains(idx, u) {
			t.Errorf("search-data.js has no %s", u)
		}
	}
}
