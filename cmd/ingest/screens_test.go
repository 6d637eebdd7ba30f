package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/kb"
)

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
