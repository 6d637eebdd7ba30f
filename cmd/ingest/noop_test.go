package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// dumpTables returns every row of every table of the SQLite database at
// path (FTS5 shadow tables and the state tables of the write generation
// included), one line a row, sorted within each table.
func dumpTables(t *testing.T, path string) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var names []string
	rs, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var n string
		if err := rs.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	rs.Close()
	var b strings.Builder
	for _, n := range names {
		rows, err := db.Query(`SELECT * FROM "` + n + `"`)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatalf("%s: %v", n, err)
			}
			lines = append(lines, fmt.Sprintf("%v", vals))
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		rows.Close()
		slices.Sort(lines)
		fmt.Fprintf(&b, "== %s (%d rows)\n%s\n", n, len(lines), strings.Join(lines, "\n"))
	}
	return b.String()
}

// indexFiles returns the bytes of every file of the search index dir, by
// path.
func indexFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		files[p] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestReingestChangesNothing: ingesting the same inputs again, with
// -keep-going over a file cut short (its revisions read before the break
// are stored) and two rendered copies of one revision (merged at the
// first ingest), leaves every table as it was, the write generation and
// the states of the derived page names and twin pairs included, and the
// search index's files; the summary says nothing is new and counts the
// merged copy as such, not as a conflict again.
func TestReingestChangesNothing(t *testing.T) {
	dir := t.TempDir()
	dump := seedDump(t)
	in := filepath.Join(dir, "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	copyTo := func(src string) {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(in, filepath.Base(src)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyTo(dump)
	for _, snap := range []string{"A", "B"} {
		copyTo(filepath.Join("..", "..", "testdata", "wiki-pages", "en_Normal_State-oldid3311-snap"+snap+"_oldid.txt"))
	}
	cut := `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11"><page><title>Suplantado</title><ns>0</ns><id>1</id>` +
		`<revision><id>777</id><timestamp>2021-02-11T11:03:18Z</timestamp><contributor><username>X</username></contributor><text>Texto`
	if err := os.WriteFile(filepath.Join(in, "zz-cut.xml"), []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "rules.db")
	run := func() string {
		var out, errb bytes.Buffer
		err := Run(context.Background(), []string{"-keep-going", "-db", db, in}, &out, &errb)
		if err == nil || !strings.Contains(err.Error(), "1 bad file") {
			t.Fatalf("err = %v, want the cut file listed as bad\n%s%s", err, out.String(), errb.String())
		}
		return out.String()
	}
	first := run()
	if !strings.Contains(first, "conflicts    1 ") {
		t.Errorf("first ingest: the two copies of revision 3311 are not reported merged:\n%s", first)
	}
	before, beforeIndex := dumpTables(t, db), indexFiles(t, db+".bleve")
	second := run()
	if after := dumpTables(t, db); after != before {
		t.Errorf("the second ingest changed the tables:\n%s", firstDiff(before, after))
	}
	afterIndex := indexFiles(t, db+".bleve")
	for p, data := range beforeIndex {
		if afterIndex[p] != data {
			t.Errorf("the second ingest changed the search index file %s", p)
		}
	}
	for _, want := range []string{": 0 new, ", ": 0 added with the new ones", "copies       1 of stored rendered revisions"} {
		if !strings.Contains(second, want) {
			t.Errorf("second summary without %q:\n%s", want, second)
		}
	}
	if strings.Contains(second, "conflicts ") {
		t.Errorf("second summary reports the merged copy as a conflict again:\n%s", second)
	}
}

// firstDiff returns the first line where a and b differ, with its
// neighbours.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < min(len(al), len(bl)); i++ {
		if al[i] != bl[i] {
			lo := max(0, i-2)
			return fmt.Sprintf("before: %s\nafter:  %s", strings.Join(al[lo:i+1], "\n"), strings.Join(bl[lo:i+1], "\n"))
		}
	}
	return fmt.Sprintf("%d lines before, %d after", len(al), len(bl))
}

// TestRevisionUnderAnotherTitle: an export showing a stored revision id
// under another title (as after a page move, which keeps the page id and
// its revisions) makes no page for that title and changes nothing; the
// summary says the revision is stored under another title, and the
// database's page count is the pages that hold revisions.
func TestRevisionUnderAnotherTitle(t *testing.T) {
	dir := t.TempDir()
	export := func(title string) string {
		p := filepath.Join(dir, title+".xml")
		x := `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11">` +
			`<page><title>` + title + `</title><ns>0</ns><id>42</id><revision><id>777</id><timestamp>2021-02-11T11:03:18Z</timestamp>` +
			`<contributor><username>X</username></contributor><text>La Tropa puede moverse.</text></revision></page>` +
			`<page><title>Otra</title><ns>0</ns><id>43</id><revision><id>778</id><timestamp>2021-02-11T11:03:18Z</timestamp>` +
			`<contributor><username>X</username></contributor><text>Otra.</text></revision></page></mediawiki>`
		if err := os.WriteFile(p, []byte(x), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	db := filepath.Join(dir, "rules.db")
	before := export("Alfa")
	moved := export("Beta")
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"-no-index", "-db", db, before}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	tables := dumpTables(t, db)
	out.Reset()
	if err := Run(context.Background(), []string{"-no-index", "-db", db, moved}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	for _, want := range []string{"other title  1 revision(s) already stored under another title", "database now holds 2 pages, 2 revisions"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary without %q:\n%s", want, out.String())
		}
	}
	if after := dumpTables(t, db); after != tables {
		t.Errorf("the revision under another title changed the tables:\n%s", firstDiff(tables, after))
	}
}
