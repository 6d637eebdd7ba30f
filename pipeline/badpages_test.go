package pipeline

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/source"
)

// damagedExport is the seed dump as an XML export (45 pages) with page 2's
// first text starting with a byte that is not UTF-8 and page 4's first
// </timestamp> missing its '>'. It returns the export, the titles of the
// damaged pages, the offsets where their errors must be (the invalid
// byte; the cut tag, the Decoder noticing it within 20 bytes) and the
// titles of every page.
func damagedExport(t testing.TB) (data []byte, bad []string, at []int64, titles []string) {
	t.Helper()
	s := string(seedXML(t))
	var pages []int
	for i := 0; ; {
		j := strings.Index(s[i:], "<page>")
		if j < 0 {
			break
		}
		pages = append(pages, i+j)
		i += j + 1
	}
	if len(pages) < 5 {
		t.Fatalf("seed export has %d pages", len(pages))
	}
	title := func(off int) string {
		i := strings.Index(s[off:], "<title>") + off + len("<title>")
		return s[i : i+strings.Index(s[i:], "</title>")]
	}
	for _, p := range pages {
		titles = append(titles, title(p))
	}
	textTag := `xml:space="preserve">`
	i2 := pages[1] + strings.Index(s[pages[1]:], textTag) + len(textTag)
	i4 := pages[3] + strings.Index(s[pages[3]:], "</timestamp>") + len("</timestamp")
	out := s[:i2] + "\xff" + s[i2:i4] + s[i4+1:]
	return []byte(out), []string{titles[1], titles[3]}, []int64{int64(i2), int64(i4)}, titles
}

// storedTitles returns the titles of the pages in the database file at
// path, sorted.
func storedTitles(t testing.TB, path string) []string {
	t.Helper()
	return queryStrings(t, path, `SELECT title FROM pages WHERE pk IN (SELECT page FROM revisions) ORDER BY title`)
}

var byteRE = regexp.MustCompile(`byte (\d+)`)

// derivedIDElem matches the <id> of a revision whose id is derived.
var derivedIDElem = regexp.MustCompile(`<id>d[0-9a-f]{16}</id>`)

// freshIDs gives the revisions of an export of the seed dump (derived ids)
// native ids instead, 9001, 9002… in order, so that they are not the
// dump's revisions under another id.
func freshIDs(data []byte) []byte {
	n := 9000
	return derivedIDElem.ReplaceAllFunc(data, func([]byte) []byte {
		n++
		return []byte("<id>" + strconv.Itoa(n) + "</id>")
	})
}

// TestKeepGoingBadPages ingests an export with two damaged pages (invalid
// UTF-8 in page 2's text, a broken tag in page 4), as is and gzipped.
// With KeepGoing every other page is stored and the two damaged ones are
// listed with the file, the byte offset in the (decompressed) export and
// the page title. Without, the ingest fails naming the file and the first
// damage's offset, and leaves the database as it was.
func TestKeepGoingBadPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	data, bad, at, titles := damagedExport(t)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, title := range titles {
		if title != bad[0] && title != bad[1] {
			want = append(want, title)
		}
	}
	sort.Strings(want)
	dir := t.TempDir()
	for _, name := range []string{"damaged.xml", "damaged.xml.gz"} {
		in := data
		if strings.HasSuffix(name, ".gz") {
			in = gz.Bytes()
		}
		p := writeFile(t, dir, name, in)

		db, dbPath := openDB(t)
		sum, err := IngestFiles(ctx, db, []string{p}, Options{KeepGoing: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(sum.Bad) != 2 {
			t.Fatalf("%s: listed %+v, want the 2 damaged pages", name, sum.Bad)
		}
		for i, b := range sum.Bad {
			m := byteRE.FindStringSubmatch(b.Error)
			var off int64 = -1
			if m != nil {
				off, _ = strconv.ParseInt(m[1], 10, 64)
			}
			if b.File != p || !strings.Contains(b.Error, strconv.Quote(bad[i])) || off < at[i] || off > at[i]+20 {
				t.Errorf("%s: listed %+v, want %s, page %q at byte %d", name, b, p, bad[i], at[i])
			}
			if b.Offset != off {
				t.Errorf("%s: listed offset %d, the error says byte %d", name, b.Offset, off)
			}
		}
		if got := storedTitles(t, dbPath); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: stored %d pages, want the %d undamaged ones:\n%q\n%q", name, len(got), len(want), got, want)
		}
		if sum.Files != 1 || sum.Pages != len(want) {
			t.Errorf("%s: summary files %d pages %d, want 1 and %d", name, sum.Files, sum.Pages, len(want))
		}

		// Without KeepGoing: into a database holding the seed dump, the
		// export under fresh revision ids (so that a commit would show).
		db2, _ := openDB(t)
		if _, err := IngestFiles(ctx, db2, []string{writeFile(t, dir, "dump-"+name+".txt", seedBytes(t))}, Options{}); err != nil {
			t.Fatal(err)
		}
		before := contentHash(t, db2)
		fresh := freshIDs(data)
		if strings.HasSuffix(name, ".gz") {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zw.Write(fresh)
			zw.Close()
			fresh = b.Bytes()
		}
		p2 := writeFile(t, dir, "fresh-"+name, fresh)
		_, err = IngestFiles(ctx, db2, []string{p2}, Options{})
		if err == nil {
			t.Fatalf("%s: no error without KeepGoing", name)
		}
		// The new ids moved the invalid byte by their lengths.
		shift := int64(len(freshIDs(data[:at[0]]))) - at[0]
		if m := byteRE.FindStringSubmatch(err.Error()); !strings.Contains(err.Error(), filepath.Base(p2)) ||
			m == nil || m[1] != strconv.FormatInt(at[0]+shift, 10) || !strings.Contains(err.Error(), "invalid UTF-8") {
			t.Errorf("%s: error %q, want the file and invalid UTF-8 at byte %d", name, err, at[0]+shift)
		}
		if after := contentHash(t, db2); after != before {
			t.Errorf("%s: the failed ingest changed the database", name)
		}
	}
}

// TestOversizedRevision: a revision over MaxRevisionBytes is a bad
// revision, named in the error; with KeepGoing the others are stored.
func TestOversizedRevision(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ts := time.Date(2021, 2, 11, 10, 0, 0, 0, time.UTC)
	page := wikirules.Page{Title: "Esquivar", Language: "es", Wiki: "infinity-es"}
	small := "* La Tropa es la Tropa Activa.\n"
	huge := strings.Repeat("* Una Tirada exitosa de Esquivar permite mover.\n", MaxRevisionBytes/40)
	revs := []*wikirules.Revision{
		{Page: page, ID: "101", Timestamp: ts, User: "HellLois2", Text: small, Format: wikirules.FormatXML},
		{Page: page, ID: "102", ParentID: "101", Timestamp: ts.Add(time.Hour), User: "HellLois2", Text: huge, Format: wikirules.FormatXML},
	}
	path := filepath.Join(t.TempDir(), "big.xml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := source.WriteXML(f, revs); err != nil {
		t.Fatal(err)
	}
	f.Close()
	db, err := kb.Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := IngestFiles(ctx, db, []string{path}, Options{}); err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Fatalf("err = %v, want the oversized revision named", err)
	}
	sum, err := IngestFiles(ctx, db, []string{path}, Options{KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 1 || len(sum.Bad) != 1 {
		t.Errorf("keep-going: added %d, bad %v; want the small revision stored and the huge one listed", sum.Added, sum.Bad)
	}
}
