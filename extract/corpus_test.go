package extract

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// corpusDir holds the articles and old revisions of the real wiki pages of
// ../shared/corpus/wiki-pages (index.json lists them; the diff screens and
// feeds stay out: the readers refuse them).
const corpusDir = "testdata/wiki-pages"

// corpusEntry is one file of corpusDir's index.json.
type corpusEntry struct {
	File     string   `json:"file"`
	URL      string   `json:"url"`
	Title    string   `json:"title"`
	Lang     string   `json:"lang"`
	Kind     string   `json:"kind"`
	Site     string   `json:"site"`
	Editions []string `json:"editions"`
	Note     string   `json:"note"`
}

// corpusEntries reads the index of corpusDir.
func corpusEntries(t testing.TB) []corpusEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusEntry
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// corpusWiki names the wiki of an entry: the old official wiki of N3
// times is a wiki of its own.
func corpusWiki(e corpusEntry) string {
	if strings.Contains(e.Site, "N3") {
		return "infinity-n3-" + e.Lang
	}
	return "infinity-" + e.Lang
}

// corpusRevision builds the revision of a corpus file as the rendered-page
// reader will: the title, wiki and language of the page (here from the
// index), the file's text verbatim, no timestamp.
func corpusRevision(t testing.TB, e corpusEntry) wikirules.Revision {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, e.File))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	return wikirules.Revision{
		Page:   wikirules.Page{Title: e.Title, Language: e.Lang, Wiki: corpusWiki(e)},
		ID:     wikirules.DeriveRevisionID(e.Title, wikirules.Revision{}.Timestamp, text),
		Text:   text,
		Format: wikirules.FormatPageText,
		Origin: e.File,
	}
}

// corpusFile returns the entry of file name.
func corpusFile(t testing.TB, name string) corpusEntry {
	t.Helper()
	for _, e := range corpusEntries(t) {
		if e.File == name {
			return e
		}
	}
	t.Fatalf("%s is not in %s/index.json", name, corpusDir)
	return corpusEntry{}
}

// TestDebugCorpus logs the records of the corpus files whose name contains
// $CORPUS (all with "all"); it is skipped otherwise.
func TestDebugCorpus(t *testing.T) {
	pat := os.Getenv("CORPUS")
	if pat == "" {
		t.Skip()
	}
	for _, e := range corpusEntries(t) {
		if pat != "all" && !strings.Contains(e.File, pat) {
			continue
		}
		rev := corpusRevision(t, e)
		x := ExtractRendered(rev)
		t.Logf("=== %s (%s, %v)", e.File, e.Lang, e.Editions)
		t.Logf("\n%s", dumpRecords(x))
		for _, f := range x.FAQs {
			t.Logf("FAQ %s %q %q removed=%q eds=%v | %.60s | A: %.40s | %v", f.Type, f.Title, f.Version, f.Removed, f.Editions, f.Question, f.Answer, f.Related)
		}
		t.Logf("page editions %v; diagnostics %q; coverage %.3f", x.PageEditions, x.Diagnostics, x.Coverage(len(rev.Text)))
	}
}
