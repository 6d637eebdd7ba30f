package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// seedXML returns the seed dump converted into an XML export (0.11).
func seedXML(t testing.TB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := source.WriteXML(&buf, seedRevisions(t)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestIngestTwiceChangesNothing ingests the seed dump, then the whole
// sample directory, each twice: the second ingest adds nothing and leaves
// every table's content (kb.ContentHash) as the first left it.
func TestIngestTwiceChangesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	dump := writeFile(t, dir, sample.DumpName, seedBytes(t))
	db, _ := openDB(t)
	first, err := IngestFiles(ctx, db, []string{dump}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if first.Added != 50 || first.Revisions != 50 || first.Pages != 45 {
		t.Fatalf("first ingest: added %d, revisions %d, pages %d; want 50, 50, 45", first.Added, first.Revisions, first.Pages)
	}
	h1 := contentHash(t, db)
	again, err := IngestFiles(ctx, db, []string{dump}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if again.Added != 0 || again.Skipped != 50 {
		t.Errorf("second ingest: added %d, skipped %d; want 0 and 50", again.Added, again.Skipped)
	}
	if h2 := contentHash(t, db); h2 != h1 {
		t.Errorf("content hash changed by a second ingest of the dump: %s → %s", h1, h2)
	}

	seeds, err := filepath.Glob(filepath.Join("..", "sample", "seeds", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	all, err := IngestFiles(ctx, db, seeds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if all.Files != 4 || all.Added != 3 {
		t.Errorf("sample dir: %d files, %d added; want 4 files, the 3 rendered pages added", all.Files, all.Added)
	}
	h3 := contentHash(t, db)
	if h3 == h1 {
		t.Error("the rendered pages did not change the content hash")
	}
	if _, err := IngestFiles(ctx, db, seeds, Options{}); err != nil {
		t.Fatal(err)
	}
	if h4 := contentHash(t, db); h4 != h3 {
		t.Errorf("content hash changed by a second ingest of the sample dir: %s → %s", h3, h4)
	}
}

// TestConvertedDumpSameContent converts the seed dump into XML exports
// (0.10, 0.11) and API JSON (formatversion 1, 2); each ingests into a
// database whose revisions (but for format and origin), records, FAQs,
// categories and unknown templates equal those from the dump itself.
func TestConvertedDumpSameContent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	revs := seedRevisions(t)
	dir := t.TempDir()
	inputs := map[string][]byte{"dump.txt": seedBytes(t)}
	for _, v := range []string{"0.10", "0.11"} {
		var buf bytes.Buffer
		if err := source.WriteXMLVersion(&buf, v, revs); err != nil {
			t.Fatal(err)
		}
		inputs["export-"+v+".xml"] = buf.Bytes()
	}
	for _, fv := range []int{1, 2} {
		var buf bytes.Buffer
		if err := source.WriteAPIVersion(&buf, fv, revs); err != nil {
			t.Fatal(err)
		}
		inputs["api-fv"+string(rune('0'+fv))+".json"] = buf.Bytes()
	}
	hashes := map[string]string{}
	var wantCounts []int
	for _, name := range []string{"dump.txt", "export-0.10.xml", "export-0.11.xml", "api-fv1.json", "api-fv2.json"} {
		p := writeFile(t, dir, name, inputs[name])
		db, dbPath := openDB(t)
		sum, err := IngestFiles(ctx, db, []string{p}, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sum.Added != 50 {
			t.Errorf("%s: added %d revisions, want 50", name, sum.Added)
		}
		h, counts := canonicalHash(t, dbPath)
		hashes[name] = h
		if name == "dump.txt" {
			wantCounts = counts
			if counts[1] < 500 || counts[2] != 33 {
				t.Errorf("dump: %d records, %d FAQs; want ≥ 500 and 33", counts[1], counts[2])
			}
			continue
		}
		if h != hashes["dump.txt"] {
			t.Errorf("%s: canonical content differs from the dump's (rows %v, dump %v)", name, counts, wantCounts)
		}
	}
}

// offsetRE matches the position an error must name.
var offsetRE = regexp.MustCompile(`byte \d+|:\d+ \(byte \d+\)`)

// badInputs are inputs that fail mid-way or at once, with the substring
// their error must hold. The truncated export and the API JSON cut in its
// middle both hold complete revisions before the break, which the
// transaction has already written when the error comes.
func badInputs(t testing.TB) map[string]struct {
	data []byte
	want string
} {
	xml := seedXML(t)
	cut := xml[:len(xml)/2]
	latin1 := bytes.Replace(xml, []byte("Activación"), []byte("Activaci\xf3n"), 1)
	var api bytes.Buffer
	if err := source.WriteAPI(&api, seedRevisions(t)); err != nil {
		t.Fatal(err)
	}
	j := api.Bytes()
	i := bytes.LastIndex(j, []byte(`"revisions"`))
	malformed := append(append([]byte{}, j[:i]...), []byte(`"revisions": [{"revid": 1, "timestamp": }]}}}`)...)
	html, err := os.ReadFile(filepath.Join("..", "source", "testdata", "rendered", "activacion-old-headings.html"))
	if err != nil {
		t.Fatal(err)
	}
	broken := html[:bytes.Index(html, []byte("FAQs &amp; Errata"))]
	return map[string]struct {
		data []byte
		want string
	}{
		"truncated.xml":   {cut, "truncated.xml"},
		"latin1.xml":      {latin1, "latin1.xml"},
		"malformed.json":  {malformed, "malformed.json"},
		"broken.html":     {broken, "broken.html"},
		"latin1-page.txt": {[]byte("Módulo de Combate\n\nLa Ráfaga nunca es mayor que 6. Acci\xf3n\n"), "latin1-page.txt"},
	}
}

// TestBadInputLeavesDatabase ingests each bad input into a database that
// holds the seed dump: the error names the file and a byte offset (or
// line), and the database content is unchanged.
func TestBadInputLeavesDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	db, _ := openDB(t)
	if _, err := IngestFiles(ctx, db, []string{writeFile(t, dir, sample.DumpName, seedBytes(t))}, Options{}); err != nil {
		t.Fatal(err)
	}
	before := contentHash(t, db)
	for name, in := range badInputs(t) {
		// A fresh copy of the dump's revisions under new ids, so that the
		// good part of the file would add rows if it were committed.
		data := bytes.ReplaceAll(in.data, []byte("<id>"), []byte("<id>9"))
		data = bytes.ReplaceAll(data, []byte(`"revid": `), []byte(`"revid": 9`))
		p := writeFile(t, dir, name, data)
		_, err := IngestFiles(ctx, db, []string{p}, Options{})
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !strings.Contains(err.Error(), in.want) || !offsetRE.MatchString(err.Error()) {
			t.Errorf("%s: error %q does not name the file and a byte offset", name, err)
		}
		if after := contentHash(t, db); after != before {
			t.Errorf("%s: the failed ingest changed the database", name)
		}
	}
	if err := db.Integrity(ctx); err != nil {
		t.Error(err)
	}
}

// TestKeepGoing ingests a directory of good and bad files with KeepGoing:
// the good files are stored, the revisions of the truncated export read
// before the break are stored (Kept), a revision whose SHA-1 disagrees is
// skipped and listed, and every bad file is listed with its error.
func TestKeepGoing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	bad := badInputs(t)
	for name, in := range bad {
		writeFile(t, dir, "bad-"+name, in.data)
	}
	xml := seedXML(t)
	// One revision's <sha1> made wrong: a Skippable error.
	i := bytes.Index(xml, []byte("<sha1>")) + len("<sha1>")
	sha := append(append(append([]byte{}, xml[:i]...), 'z'), xml[i+1:]...)
	writeFile(t, dir, "sha1.xml", sha)
	writeFile(t, dir, "good.txt", seedBytes(t))

	db, _ := openDB(t)
	sum, err := IngestFiles(ctx, db, []string{dir}, Options{KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]BadFile{}
	for _, b := range sum.Bad {
		listed[filepath.Base(b.File)] = b
		if !offsetRE.MatchString(b.Error) {
			t.Errorf("%s: error %q names no byte offset", b.File, b.Error)
		}
	}
	for name := range bad {
		if _, ok := listed["bad-"+name]; !ok {
			t.Errorf("bad-%s not listed in %+v", name, sum.Bad)
		}
	}
	if b, ok := listed["sha1.xml"]; !ok || b.Kept != 0 || !strings.Contains(b.Error, "SHA-1") && !strings.Contains(b.Error, "sha1") {
		t.Errorf("sha1.xml listed as %+v, want a skipped revision with a SHA-1 error", b)
	}
	if b := listed["bad-truncated.xml"]; b.Kept == 0 {
		t.Errorf("truncated export: no revision kept before the break: %+v", b)
	}
	st, err := db.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// bad-truncated.xml and sha1.xml come before good.txt and hold the
	// dump's ids, so all 50 are stored once, whichever file brought them;
	// the bad page text and HTML hold no revision.
	if st.Revisions != 50 {
		t.Errorf("stored %d revisions, want the dump's 50", st.Revisions)
	}
	// bad-latin1-page.txt fails at Open (its format cannot be detected):
	// listed, not read.
	if sum.Files != 6 || len(sum.Bad) != 6 {
		t.Errorf("%d files read, %d listed; want 6 and 6", sum.Files, len(sum.Bad))
	}
	if err := db.Integrity(ctx); err != nil {
		t.Error(err)
	}
	// Without KeepGoing the same directory stops at the first bad file.
	db2, _ := openDB(t)
	if _, err := IngestFiles(ctx, db2, []string{dir}, Options{}); err == nil {
		t.Error("no error without KeepGoing")
	}
}

// TestConflictsReported ingests the seed dump as an XML export, then an
// export holding two of its revision ids with other texts: those are
// skipped (the stored texts are kept, the content hash does not change)
// and listed in the summary as conflicts, not silently counted as
// already stored.
func TestConflictsReported(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	db, _ := openDB(t)
	if _, err := IngestFiles(ctx, db, []string{writeFile(t, dir, "seed.xml", seedXML(t))}, Options{}); err != nil {
		t.Fatal(err)
	}
	before := contentHash(t, db)

	revs := seedRevisions(t)
	changed := []string{revs[3].ID, revs[17].ID}
	revs[3].Text += "\n* Una línea añadida."
	revs[17].Text = "{{n4only}}\n" + revs[17].Text
	var buf bytes.Buffer
	if err := source.WriteXML(&buf, revs); err != nil {
		t.Fatal(err)
	}
	sum, err := IngestFiles(ctx, db, []string{writeFile(t, dir, "edited.xml", buf.Bytes())}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 0 || sum.Skipped != len(revs) || sum.Conflicting != 2 || len(sum.Conflicts) != 2 {
		t.Fatalf("added %d, skipped %d, conflicting %d %v; want 0, %d, 2", sum.Added, sum.Skipped, sum.Conflicting, sum.Conflicts, len(revs))
	}
	for i, id := range changed {
		if got := sum.Conflicts[i]; got != "infinity-es:"+id && got != id {
			t.Errorf("conflict %d is %s, want %s", i, got, id)
		}
	}
	if after := contentHash(t, db); after != before {
		t.Error("the conflicting revisions changed the database")
	}
}
