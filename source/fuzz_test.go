package source

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// Run a target with, e.g.,
//
//	go test -run XXX -fuzz '^FuzzXML$' -fuzztime 60s -fuzzminimizetime 200x ./source
//
// (the default minimisation budget of 60 s per new input stalls progress
// on a loaded 2-core machine).

// addSeeds adds the files of testdata matching glob to the fuzz corpus.
func addSeeds(f *testing.F, glob string) {
	files, err := filepath.Glob(filepath.Join("testdata", glob))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds for %s: %v", glob, err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// drain reads r to the end or the first error and checks what every
// reader promises: SHA1 is the hex SHA-1 of Text, errors are *Error and
// sticky, and the number of revisions is bounded by the input size.
func drain(t *testing.T, r Reader, size int) []*wikirules.Revision {
	var out []*wikirules.Revision
	skips := 0
	for {
		rev, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %v is %T, not *Error", err, err)
			}
			if e.Skippable {
				skips++
				if skips > size+1 {
					t.Fatalf("%d skippable errors from %d bytes", skips, size)
				}
				continue
			}
			if _, again := r.Next(); again != err {
				t.Fatalf("error not sticky: %v then %v", err, again)
			}
			return out
		}
		sum := sha1.Sum([]byte(rev.Text))
		if rev.SHA1 != hex.EncodeToString(sum[:]) {
			t.Fatalf("revision %s: SHA1 %s is not the SHA-1 of its text", rev.ID, rev.SHA1)
		}
		out = append(out, rev)
		if len(out) > size+1 {
			t.Fatalf("%d revisions from %d bytes", len(out), size)
		}
	}
}

func FuzzContribs(f *testing.F) {
	dump := seedDump(f)
	f.Add(dump[:4000])
	f.Add([]byte("W - C [es]\n\nT\n\n2021-02-11T11:04:04Z\n\nU:\n\n\n\nT2\n\n2021-02-11T11:04:05Z\n\nU:\n\nx\r\n\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, rev := range drain(t, NewContribs(bytes.NewReader(in), "fuzz.txt"), len(in)) {
			if strings.HasSuffix(rev.Text, "\n") || rev.ID != wikirules.DeriveRevisionID(rev.Page.Title, rev.Timestamp, rev.Text) {
				t.Fatalf("revision %q: text %q id %s", rev.Page.Title, rev.Text, rev.ID)
			}
		}
	})
}

// FuzzXML also checks that what the reader gives, written back with
// XMLWriter, reads back the same.
func FuzzXML(f *testing.F) {
	addSeeds(f, "*.xml")
	f.Fuzz(func(t *testing.T, in []byte) {
		revs := drain(t, NewXML(bytes.NewReader(in), "fuzz.xml"), len(in))
		if len(revs) == 0 {
			return
		}
		var buf bytes.Buffer
		xw := NewXMLWriter(&buf, "0.11", SiteOf(revs[0].Page))
		for _, r := range revs {
			r.Page.Language, r.Page.Wiki = revs[0].Page.Language, revs[0].Page.Wiki
			xw.WriteRevision(r)
		}
		if err := xw.Close(); err != nil {
			t.Fatal(err)
		}
		back := drain(t, NewXML(&buf, "back.xml"), buf.Len())
		if len(back) != len(revs) {
			t.Fatalf("read back %d of %d revisions:\n%s", len(back), len(revs), buf.String())
		}
		for i := range revs {
			a, b := revs[i], back[i]
			if a.Page != b.Page || a.ID != b.ID || a.ParentID != b.ParentID || !a.Timestamp.Equal(b.Timestamp) ||
				a.User != b.User || a.Comment != b.Comment || a.Minor != b.Minor || a.Text != b.Text {
				t.Fatalf("revision %d changed:\n%+v\n%+v", i, *a, *b)
			}
		}
	})
}

func FuzzAPI(f *testing.F) {
	addSeeds(f, "*.json")
	f.Fuzz(func(t *testing.T, in []byte) {
		drain(t, NewAPI(bytes.NewReader(in), "fuzz.json"), len(in))
	})
}
