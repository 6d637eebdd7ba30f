package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/source"
)

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
	if want := "conflicts    1 revision ids already stored with another text (the stored text is kept): " + revs[5].ID; !strings.Contains(out.String(), want) {
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
