package source

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"io/fs"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
)

// TestPageTextSeeds reads the three rendered seeds: one revision each,
// text verbatim, timestamp from the newest update marker (inferred), ID
// derived from title, timestamp and text.
func TestPageTextSeeds(t *testing.T) {
	tests := []struct {
		file, title string
		ts          time.Time
	}{
		{"001_929bef096f6219fe.txt", "Activación de una Tropa", time.Date(2022, 11, 1, 0, 0, 0, 0, time.UTC)},
		{"002_6b633a49e6857498.txt", "Módulo de Combate", time.Time{}},
		{"003_cc92ccd7805be46c.txt", "Integridad del Fireteam", time.Date(2022, 3, 1, 0, 0, 0, 0, time.UTC)},
	}
	for _, tc := range tests {
		b, err := fs.ReadFile(sample.FS(), tc.file)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := sample.FS().Open(tc.file)
		r := NewPageText(f, tc.file)
		rev, err := r.Next()
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		sum := sha1.Sum(b)
		if rev.Page.Title != tc.title || rev.Page.Language != "es" || rev.Page.Wiki != "infinity-es" || rev.Page.Namespace != 0 {
			t.Errorf("%s: page %+v", tc.file, rev.Page)
		}
		if !rev.Timestamp.Equal(tc.ts) || !rev.TimestampInferred {
			t.Errorf("%s: timestamp %v inferred %v, want %v inferred", tc.file, rev.Timestamp, rev.TimestampInferred, tc.ts)
		}
		if rev.Text != string(b) || rev.SHA1 != hex.EncodeToString(sum[:]) || rev.Format != wikirules.FormatPageText {
			t.Errorf("%s: text, sha1 or format differ from the file", tc.file)
		}
		if rev.ID != wikirules.DeriveRevisionID(tc.title, tc.ts, string(b)) || rev.Origin != tc.file+":0" {
			t.Errorf("%s: id %s origin %s", tc.file, rev.ID, rev.Origin)
		}
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("%s: second Next = %v, want io.EOF", tc.file, err)
		}
		if r.Offset() != int64(len(b)) {
			t.Errorf("%s: offset %d, want %d", tc.file, r.Offset(), len(b))
		}
		f.Close()
	}
}

// TestInferUpdateDate reads update markers in Spanish and English.
func TestInferUpdateDate(t *testing.T) {
	tests := []struct {
		text string
		want time.Time
		ok   bool
	}{
		{"Actualización 1.1.1, Dec 2021\n", time.Date(2021, 12, 1, 0, 0, 0, 0, time.UTC), true},
		{"x\nActualización 1.1.1, dic 2021\ny\nActualización 1.3, nov 2022\n", time.Date(2022, 11, 1, 0, 0, 0, 0, time.UTC), true},
		{"Actualización marzo 2022", time.Date(2022, 3, 1, 0, 0, 0, 0, time.UTC), true},
		{"Update 1.2, September 2023\r\n", time.Date(2023, 9, 1, 0, 0, 0, 0, time.UTC), true},
		{"Actualización 1.0, enero de 2021", time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"La Actualización 1.3, nov 2022 cambia…", time.Time{}, false}, // not a marker line
		{"Actualización 1.3", time.Time{}, false},
		{"", time.Time{}, false},
	}
	for _, tc := range tests {
		got, ok := InferUpdateDate(tc.text)
		if !got.Equal(tc.want) || ok != tc.ok {
			t.Errorf("InferUpdateDate(%q) = %v, %v; want %v, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}

// TestOpenRendered checks that Open detects and reads the rendered seeds
// and HTML fixtures with the readers of this package.
func TestOpenRendered(t *testing.T) {
	tests := []struct {
		path   string
		format wikirules.Format
		title  string
	}{
		{"../sample/seeds/003_cc92ccd7805be46c.txt", wikirules.FormatPageText, "Integridad del Fireteam"},
		{"testdata/rendered/activacion-old-headings.html", wikirules.FormatHTML, "Activación de una Tropa"},
		{"testdata/rendered/integridad-new-headings.html", wikirules.FormatHTML, "Integridad del Fireteam"},
	}
	for _, tc := range tests {
		r, f, err := Open(tc.path, "")
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		rev, err := r.Next()
		f.Close()
		if err != nil || f.Format != tc.format || rev.Page.Title != tc.title || rev.Format != tc.format {
			t.Errorf("%s: format %s, revision %v, err %v; want %s %q", tc.path, f.Format, rev, err, tc.format, tc.title)
		}
	}
}

// FuzzPageText reads arbitrary input as rendered page text: one revision
// at most, its text the input with "\n" line ends. Seeds: templates of
// the rendered seeds' layout with a long page (see grow) and the start of
// each seed.
func FuzzPageText(f *testing.F) {
	for _, name := range []string{"001_929bef096f6219fe.txt", "002_6b633a49e6857498.txt", "003_cc92ccd7805be46c.txt"} {
		b, err := fs.ReadFile(sample.FS(), name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 600)])
	}
	seed(f, 5000, "Esquivar\nDe Infinity\nEfectos\n"+marked("- Una línea corta con una regla.\n  • otra\r\n")+"Actualización 1.1.1, Dec 2021\nFAQs & Errata\nQ: ¿x?\nA: y.\n")
	seed(f, 300, "\ufeff"+marked("Título ")+"\nActualización marzo 2022\n")
	f.Add([]byte("\ufeffT\r\nActualización 1.0, ene 2021\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		b = grow(b)
		revs := drain(t, NewPageText(bytes.NewReader(b), "fuzz"), len(b))
		if len(revs) > 1 {
			t.Fatalf("%d revisions from one page", len(revs))
		}
		if len(revs) == 1 && revs[0].Text != wikirules.NormalizeLineEnds(string(b)) {
			t.Fatal("text not verbatim")
		}
	})
}
