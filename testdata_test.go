package wikirules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wikiPages is the folder of the real wiki pages the tests read: 125
// excerpts of the Infinity wiki with a README and index.json (one entry per
// file: its URL, title, language, kind, editions and templates seen).
const wikiPages = "testdata/wiki-pages"

// wikiPage is the part of an index.json entry this test checks.
type wikiPage struct {
	File  string `json:"file"`
	URL   string `json:"url"`
	Title string `json:"title"`
	Lang  string `json:"lang"`
	Kind  string `json:"kind"`
}

// TestWikiPagesIndex checks that index.json and the folder agree: every
// listed file is there and every file is listed, each starts with its URL
// line and a blank line, and its name carries its language and kind, so
// tests that select pages by the index read what they expect.
func TestWikiPagesIndex(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(wikiPages, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pages []wikiPage
	if err := json.Unmarshal(data, &pages); err != nil {
		t.Fatalf("index.json: %v", err)
	}
	listed := map[string]bool{}
	kinds := map[string]int{}
	for _, p := range pages {
		if listed[p.File] {
			t.Errorf("index.json lists %s twice", p.File)
		}
		listed[p.File] = true
		kinds[p.Kind]++
		text, err := os.ReadFile(filepath.Join(wikiPages, p.File))
		if err != nil {
			t.Errorf("index.json lists %s: %v", p.File, err)
			continue
		}
		lines := strings.SplitN(string(text), "\n", 3)
		if len(lines) < 3 || lines[0] != p.URL || lines[1] != "" {
			t.Errorf("%s: want its URL %q on line 1 and a blank line 2", p.File, p.URL)
		}
		if !strings.HasPrefix(p.File, p.Lang+"_") || !strings.HasSuffix(p.File, "_"+p.Kind+".txt") {
			t.Errorf("%s: name does not carry language %q and kind %q", p.File, p.Lang, p.Kind)
		}
		if p.Title == "" {
			t.Errorf("%s: no title in index.json", p.File)
		}
	}
	files, err := filepath.Glob(filepath.Join(wikiPages, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s is not in index.json", f)
		}
	}
	// The counts the folder's README gives.
	want := map[string]int{"article": 33, "oldid": 26, "diff-inline": 39, "diff-table": 23, "feed": 4}
	if len(pages) != 125 || len(files) != 125 {
		t.Errorf("index.json lists %d pages and the folder holds %d; want 125", len(pages), len(files))
	}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%d pages of kind %s, want %d", kinds[k], k, n)
		}
	}
}
