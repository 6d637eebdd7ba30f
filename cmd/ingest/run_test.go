package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// seedDump writes the embedded seed dump to a temporary file and returns
// its path.
func seedDump(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "sample", "seeds", sample.DumpName))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), sample.DumpName)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// seedRevisions reads the revisions of the seed dump.
func seedRevisions(t *testing.T) []*wikirules.Revision {
	t.Helper()
	dump := seedDump(t)
	revs, err := source.ReadAll(source.NewContribs(strings.NewReader(readFile(t, dump)), dump))
	if err != nil {
		t.Fatal(err)
	}
	return revs
}

type summary struct {
	Pages            int            `json:"pages"`
	Revisions        int            `json:"revisions"`
	Records          int            `json:"records"`
	FAQs             int            `json:"faqs"`
	Occurrences      int            `json:"faq_occurrences"`
	Added            int            `json:"added"`
	Skipped          int            `json:"skipped"`
	UnknownTemplates map[string]int `json:"unknown_templates"`
	Coverage         float64        `json:"coverage"`
}

func ingestJSON(t *testing.T, args ...string) summary {
	t.Helper()
	var out, errb bytes.Buffer
	if err := Run(context.Background(), append([]string{"-json"}, args...), &out, &errb); err != nil {
		t.Fatalf("ingest %v: %v\n%s", args, err, errb.String())
	}
	var s summary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatalf("summary is not JSON: %v\n%s", err, out.String())
	}
	return s
}

// TestIngestSeedDump checks the page, revision and FAQ counts of the real
// seed dump, and that a second ingest of the same file adds nothing.
func TestIngestSeedDump(t *testing.T) {
	dump := seedDump(t)
	db := filepath.Join(t.TempDir(), "rules.db")
	s := ingestJSON(t, "-db", db, dump)
	if s.Pages != 45 || s.Revisions != 50 || s.FAQs != 33 || s.Occurrences != 66 {
		t.Errorf("pages/revisions/faqs/occurrences = %d/%d/%d/%d, want 45/50/33/66", s.Pages, s.Revisions, s.FAQs, s.Occurrences)
	}
	if s.Added != 50 || s.Records < 500 {
		t.Errorf("added %d revisions, %d records", s.Added, s.Records)
	}
	if s.UnknownTemplates == nil {
		t.Error("unknown_templates missing from the summary")
	}
	if s.Coverage != 1 {
		t.Errorf("coverage %.4f, want 1", s.Coverage)
	}
	again := ingestJSON(t, "-db", db, dump)
	if again.Added != 0 || again.Skipped != 50 {
		t.Errorf("re-ingest added %d, skipped %d; want 0 and 50", again.Added, again.Skipped)
	}
}

func TestIngestErrors(t *testing.T) {
	var out, errb bytes.Buffer
	missing := filepath.Join(t.TempDir(), "nope.xml")
	err := Run(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "x.db"), missing}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "nope.xml") {
		t.Errorf("missing file: err = %v, want one naming the file", err)
	}
	err = Run(context.Background(), []string{"-format", "docx", "x"}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "docx") {
		t.Errorf("bad -format: err = %v", err)
	}
	dir := t.TempDir()
	err = Run(context.Background(), []string{"-db", dir, seedDump(t)}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("-db DIR: err = %v, want one saying it is a directory", err)
	}
	if err := Run(context.Background(), nil, &out, &errb); err == nil {
		t.Error("no arguments must be a usage error")
	}
	empty := t.TempDir()
	if err := os.WriteFile(filepath.Join(empty, "README.md"), []byte("# notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dbPath := filepath.Join(t.TempDir(), "x.db")
	err = Run(context.Background(), []string{"-quiet", "-db", dbPath, empty}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "no input file found in "+empty) {
		t.Errorf("directory with nothing to read: err = %v, want \"no input file found in %s\"", err, empty)
	}
	if _, err := os.Stat(dbPath); !os.IsNotExist(err) {
		t.Errorf("directory with nothing to read: %s was created (%v)", dbPath, err)
	}
}

// TestKeepGoingCLI ingests a directory holding the seed dump and an XML
// export cut off inside a revision's text: without -keep-going the ingest
// fails naming the cut file (the dump, before it, stays stored); with it
// the JSON summary lists the cut file with its byte offset, and the text
// summary prints it as BAD and the command still fails.
func TestKeepGoingCLI(t *testing.T) {
	dump := seedDump(t)
	dir := filepath.Dir(dump)
	cut := filepath.Join(dir, "zz-cut.xml")
	var x bytes.Buffer
	x.WriteString(`<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11"><page><title>Suplantado</title><ns>0</ns><id>1</id>`)
	x.WriteString(`<revision><id>777</id><timestamp>2021-02-11T11:03:18Z</timestamp><contributor><username>X</username></contributor><text>Texto`)
	if err := os.WriteFile(cut, x.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "rules.db")
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"-db", db, dir}, &out, &errb); err == nil || !strings.Contains(err.Error(), "zz-cut.xml") {
		t.Errorf("without -keep-going: err = %v, want one naming zz-cut.xml", err)
	}
	out.Reset()
	if err := Run(context.Background(), []string{"-json", "-keep-going", "-db", db, dir}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var s struct {
		Added int `json:"added"`
		Bad   []struct {
			File  string `json:"file"`
			Error string `json:"error"`
		} `json:"bad_files"`
	}
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Bad) != 1 || filepath.Base(s.Bad[0].File) != "zz-cut.xml" || !strings.Contains(s.Bad[0].Error, "byte ") {
		t.Errorf("bad_files = %+v, want zz-cut.xml with a byte offset", s.Bad)
	}
	if s.Added != 0 { // the dump was stored by the first run, which failed on the later file only
		t.Errorf("added %d, want 0 (the dump is stored by the first run)", s.Added)
	}
	out.Reset()
	err := Run(context.Background(), []string{"-keep-going", "-db", db, dir}, &out, &errb)
	if err == nil || !strings.Contains(out.String(), "BAD ") {
		t.Errorf("text mode: err = %v, output:\n%s", err, out.String())
	}
}

// TestIngestKeepsSearchIndex: ingest builds the search index beside the
// database (query search reads it) and in step with it, into a new
// database (indexed through a new read-only handle) as into an existing
// one, unless -no-index.
func TestIngestKeepsSearchIndex(t *testing.T) {
	dump := seedDump(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "rules.db")
	inStep := func(when string) {
		t.Helper()
		ctx := context.Background()
		kdb, err := kb.OpenReadOnly(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		defer kdb.Close()
		idx, err := pipeline.OpenIndex(ctx, kdb, db)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		defer idx.Close()
		rep, err := idx.Check(ctx, kdb)
		if err != nil || !rep.OK() {
			t.Errorf("%s: index check %+v, %v", when, rep, err)
		}
	}
	ingestJSON(t, "-db", db, dump)
	if st, err := os.Stat(db + ".bleve"); err != nil || !st.IsDir() {
		t.Fatalf("no search index at %s.bleve after ingest: %v", db, err)
	}
	inStep("new database")
	page, _ := filepath.Glob(filepath.Join("..", "..", "sample", "seeds", "001_*"))
	if len(page) != 1 {
		t.Fatalf("seed 001: %v", page)
	}
	ingestJSON(t, "-db", db, page[0])
	inStep("existing database")
	other := filepath.Join(dir, "other.db")
	ingestJSON(t, "-no-index", "-db", other, dump)
	if _, err := os.Stat(other + ".bleve"); !os.IsNotExist(err) {
		t.Errorf("-no-index: %s.bleve exists (err %v)", other, err)
	}
}

// TestKeepGoingBadPagesCLI ingests, gzipped, the seed dump as an XML
// export whose second page's text holds a byte that is not UTF-8 and whose
// fourth page has a broken tag: with -keep-going -json both pages are
// listed in bad_files with the file, their byte offset and title, and
// every other page is stored; without -keep-going the command fails
// naming the file and the first offset.
func TestKeepGoingBadPagesCLI(t *testing.T) {
	dir := t.TempDir()
	var export bytes.Buffer
	if err := source.WriteXML(&export, seedRevisions(t)); err != nil {
		t.Fatal(err)
	}
	s := export.String()
	pages := strings.SplitAfter(s, "</page>")
	if len(pages) < 6 {
		t.Fatalf("export has %d pages", len(pages)-1)
	}
	title := func(p string) string {
		i := strings.Index(p, "<title>") + len("<title>")
		return p[i : i+strings.Index(p[i:], "</title>")]
	}
	bad := []string{title(pages[1]), title(pages[3])}
	pages[1] = strings.Replace(pages[1], `xml:space="preserve">`, `xml:space="preserve">`+"\xff", 1)
	pages[3] = strings.Replace(pages[3], "</contributor>", "</contributor", 1)
	damaged := strings.Join(pages, "")
	at := []int{strings.Index(damaged, "\xff"), strings.Index(damaged, "</contributor\n")}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(damaged))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "damaged.xml.gz")
	if err := os.WriteFile(in, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	var out, errb bytes.Buffer
	fresh := filepath.Join(dir, "fresh.db")
	err := Run(context.Background(), []string{"-no-index", "-db", fresh, in}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), in) || !strings.Contains(err.Error(), fmt.Sprintf("byte %d", at[0])) {
		t.Errorf("without -keep-going: err = %v, want one naming %s and byte %d", err, in, at[0])
	}
	out.Reset()
	if err := Run(context.Background(), []string{"-json", "-keep-going", "-no-index", "-db", fresh, in}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Pages int `json:"pages"`
		Bad   []struct {
			File  string `json:"file"`
			Error string `json:"error"`
		} `json:"bad_files"`
	}
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Bad) != 2 {
		t.Fatalf("bad_files = %+v, want the 2 damaged pages", sum.Bad)
	}
	offRE := regexp.MustCompile(`byte (\d+)`)
	for i, b := range sum.Bad {
		m := offRE.FindStringSubmatch(b.Error)
		off := -1
		if m != nil {
			off, _ = strconv.Atoi(m[1])
		}
		if b.File != in || !strings.Contains(b.Error, strconv.Quote(bad[i])) || off < at[i] || off > at[i]+40 {
			t.Errorf("bad_files[%d] = %+v, want %s, page %q, byte %d", i, b, in, bad[i], at[i])
		}
	}
	if want := len(pages) - 1 - 2; sum.Pages != want {
		t.Errorf("stored %d pages, want the %d undamaged ones", sum.Pages, want)
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestJSONSummaryWhenIndexFails: when only the search index step fails,
// the revisions stay stored, -json prints the summary with the index's
// error in it, and the command fails.
func TestJSONSummaryWhenIndexFails(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "x.db")
	if err := os.WriteFile(pipeline.IndexPath(db), []byte("not an index"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	err := Run(context.Background(), []string{"-json", "-db", db, seedDump(t)}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "search index") {
		t.Fatalf("error %v", err)
	}
	var s struct {
		Added      int    `json:"added"`
		IndexError string `json:"index_error"`
	}
	if jerr := json.Unmarshal(out.Bytes(), &s); jerr != nil {
		t.Fatalf("no JSON summary: %v\n%q", jerr, out.String())
	}
	if s.Added != 50 || !strings.Contains(s.IndexError, "the knowledge base is stored") {
		t.Errorf("summary %+v", s)
	}
	var text bytes.Buffer
	os.Remove(db)
	if err := Run(context.Background(), []string{"-db", db, seedDump(t)}, &text, &errb); err == nil || !strings.Contains(text.String(), "pages ") {
		t.Errorf("text summary: error %v, output %q", err, text.String())
	}
}

// TestSummaryCountsTextless: the text summary says how many revisions came
// without their text and names them.
func TestSummaryCountsTextless(t *testing.T) {
	dir := t.TempDir()
	export := filepath.Join(dir, "x.xml")
	os.WriteFile(export, []byte(`<mediawiki xml:lang="es"><siteinfo><dbname>infinity_es</dbname></siteinfo><page><title>Esquivar</title><ns>0</ns>`+
		`<revision><id>1</id><timestamp>2021-02-11T10:26:28Z</timestamp><text xml:space="preserve">* Regla.</text></revision>`+
		`<revision><id>2</id><timestamp>2021-02-12T10:26:28Z</timestamp><text deleted="deleted" /></revision></page></mediawiki>`), 0o644)
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"-no-index", "-db", filepath.Join(dir, "x.db"), export}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "no text      1 revision(s)") || !strings.Contains(out.String(), `page "Esquivar" revision infinity-es:2: text deleted`) {
		t.Errorf("summary %q", out.String())
	}
}

// TestConflictsCLI ingests the seed dump as an XML export, then the export
// again with one revision's text changed under the same id: the stored
// text is kept and the summary says so, in text and in -json.
func TestConflictsCLI(t *testing.T) {
	revs := seedRevisions(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "k.db")
	export := filepath.Join(dir, "export.xml")
	write := func() {
		var buf bytes.Buffer
		if err := source.WriteXML(&buf, revs); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(export, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write()
	ingestJSON(t, "-no-index", "-db", db, export)

	revs[5].Text = "{{n4only}}\n" + revs[5].Text
	write()
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"-no-index", "-db", db, export}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if want := "conflicts    1 revision ids already stored with another text (the stored text is kept; copies of a rendered page are merged): " + revs[5].ID; !strings.Contains(out.String(), want) {
		t.Errorf("summary without %q:\n%s", want, out.String())
	}
	out.Reset()
	if err := Run(context.Background(), []string{"-json", "-no-index", "-db", db, export}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(out.String(), `"conflicting": 1`) || !strings.Contains(out.String(), `"conflicts": [`) {
		t.Errorf("-json without the conflict:\n%s", out.String())
	}
}

// TestRunSkipsScreens: "ingest -keep-going -json" of the seeds and
// testdata/wiki-pages succeeds, lists the diff screens and feeds by kind
// apart from the bad files, and the text summary names them; without
// -keep-going the first diff stops the ingest, naming the file and kind.
func TestRunSkipsScreens(t *testing.T) {
	db := filepath.Join(t.TempDir(), "kb.db")
	var out, errOut bytes.Buffer
	args := []string{"-db", db, "-no-index", "-keep-going", "-json", "../../sample/seeds", "../../testdata/wiki-pages"}
	if err := Run(context.Background(), args, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	var sum struct {
		Pages, Revisions int
		Kinds            map[string]int                             `json:"not_revision_kinds"`
		Skipped          []struct{ File, Kind, Page, Error string } `json:"not_revisions"`
		Bad              []any                                      `json:"bad_files"`
	}
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Pages != 85 || sum.Revisions != 112 || len(sum.Skipped) != 67 || sum.Kinds["diff page"] != 57 ||
		sum.Kinds["difference between pages"] != 5 || sum.Kinds["history feed"] != 4 || sum.Kinds["not wiki data"] != 1 || len(sum.Bad) != 0 {
		t.Errorf("summary: %d pages, %d revisions, skipped %d %v, bad %v", sum.Pages, sum.Revisions, len(sum.Skipped), sum.Kinds, sum.Bad)
	}

	out.Reset()
	if err := Run(context.Background(), []string{"-db", db, "-no-index", "-keep-going", "../../testdata/wiki-pages"}, &out, &errOut); err != nil {
		t.Fatalf("re-ingest: %v", err)
	}
	if s := out.String(); !strings.Contains(s, "skipped      67 input(s) that show no revision (diff page 57, difference between pages 5, history feed 4, not wiki data 1)") ||
		!strings.Contains(s, `SKIP ../../testdata/wiki-pages/en_Ammunition_Summary_Chart-diffprev-oldid1038_diff-inline.txt:1 (byte 0): diff page of "Ammunition Summary Chart"`) {
		t.Errorf("text summary:\n%s", s)
	}

	err := Run(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "b.db"), "-no-index",
		"../../testdata/wiki-pages/en_Engineer-diff1441-oldid1179_diff-inline.txt"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), `en_Engineer-diff1441-oldid1179_diff-inline.txt:1 (byte 0): diff page of "Engineer": it shows changed lines, not a revision`) {
		t.Errorf("without -keep-going: %v", err)
	}
}

// TestRunWikiLang: -wiki and -lang name the wiki and language of a page
// whose input does not say, and leave a known wiki's URL its own.
func TestRunWikiLang(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("Combat Module\n\nMain Sections\n\nCombat Module\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), []byte("https://infinitythewiki.com/es/Albedo\n\nAlbedo\n\nDe Infinity\ntexto\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "kb.db")
	var out, errOut bytes.Buffer
	if err := Run(context.Background(), []string{"-db", db, "-no-index", "-wiki", "infinity-en", "-lang", "en", dir}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	k, err := kb.OpenReadOnly(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	pages, err := k.Pages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range pages {
		got[p.Title] = p.Wiki + " " + p.Language
	}
	if got["Combat Module"] != "infinity-en en" || got["Albedo"] != "infinity-es es" || len(got) != 2 {
		t.Errorf("pages %v", got)
	}
	for _, bad := range [][]string{{"-lang", "Spanish"}, {"-wiki", "Infinity EN"}, {"-wiki", "x", "-wiki-api", "https://infinitythewiki.com/api.php"}} {
		if err := Run(context.Background(), append(append([]string{"-db", db}, bad...), dir), &out, &errOut); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

// TestStopSaysWhatIsStored: an ingest stopped by a bad file (a NUL byte)
// says that the files before it are stored and it and those after it are
// not, and points to -keep-going; the knowledge base holds the first
// file's pages.
func TestStopSaysWhatIsStored(t *testing.T) {
	dump := seedDump(t) // 000_…: first in name order
	dir := filepath.Dir(dump)
	if err := os.WriteFile(filepath.Join(dir, "b_bad.txt"), []byte("Infinity - Contribuciones del usuario [es]\n\nX\n\nab\x00cd\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c.txt"), []byte("Infinity - Contribuciones del usuario [es]\n\nOtra\n\n2024-05-01T10:00:00Z\n\nX:\n\nTexto.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "rules.db")
	var out, errb bytes.Buffer
	err := Run(context.Background(), []string{"-db", db, dir}, &out, &errb)
	if err == nil {
		t.Fatal("an ingest with a binary file succeeded")
	}
	for _, want := range []string{"b_bad.txt: byte ", "stored: the 1 file(s) before it (" + filepath.Base(dump) + ")",
		"not stored: b_bad.txt and the 1 file(s) after it", "-keep-going"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	s := ingestJSON(t, "-db", db, dump)
	if s.Added != 0 {
		t.Errorf("re-ingesting the first file added %d revisions: the stopped run had not stored it", s.Added)
	}
}
