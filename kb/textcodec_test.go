package kb

import (
	"bytes"
	"compress/flate"
	"context"
	"io"
	"strings"
	"testing"

	kflate "github.com/klauspost/compress/flate"

	"github.com/wikirules/wikirules/bench/gen"
)

// TestTextCodec round-trips texts through encodeText and decodeText:
// short, incompressible and long wikitext (from the Esquivar fixture),
// invalid UTF-8 included, and checks which are stored compressed.
func TestTextCodec(t *testing.T) {
	wikitext := esquivar(t).Rev.Text
	noise := make([]byte, 4096)
	x := uint32(1)
	for i := range noise {
		x = x*1664525 + 1013904223
		noise[i] = byte(x >> 24)
	}
	for _, tc := range []struct {
		name       string
		text       string
		compressed bool
	}{
		{"empty", "", false},
		{"short", "{{skillbox|name=Esquivar}}", false},
		{"incompressible", string(noise), false},
		{"wikitext", wikitext, true},
		{"repeated wikitext with invalid UTF-8", strings.Repeat(wikitext+"\xff\xfe", 4), true},
	} {
		v := encodeText(tc.text)
		if _, isBlob := v.([]byte); isBlob != tc.compressed {
			t.Errorf("%s: stored compressed %v, want %v", tc.name, isBlob, tc.compressed)
		}
		if b, ok := v.([]byte); ok && len(b) > len(tc.text)/2 {
			t.Errorf("%s: %d bytes compressed to %d", tc.name, len(tc.text), len(b))
		}
		got, err := decodeText(v)
		if err != nil || got != tc.text {
			t.Errorf("%s: decode: %v, text equal %v", tc.name, err, got == tc.text)
		}
	}
	damaged := encodeText(wikitext).([]byte)
	if _, err := decodeText(damaged[:len(damaged)/2]); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("a truncated compressed text: %v, want an error saying it is damaged", err)
	}
}

// TestRevisionTextStorage checks that a long revision text is stored
// compressed and read back verbatim, that a text stored plain (as before
// the compression) reads alike and hashes alike, and that a re-put of the
// same revision with another text is still reported as a conflict.
func TestRevisionTextStorage(t *testing.T) {
	ctx := context.Background()
	it := esquivar(t)
	db := openTest(t, it)
	var typ string
	if err := db.db.QueryRow(`SELECT typeof(text) FROM revisions WHERE id = ?`, it.Rev.ID).Scan(&typ); err != nil || typ != "blob" {
		t.Fatalf("stored text of %d bytes as %s (%v), want a blob", len(it.Rev.Text), typ, err)
	}
	rev, err := db.Revision(ctx, it.Rev.ID)
	if err != nil || rev.Text != it.Rev.Text {
		t.Fatalf("Revision: %v, text equal %v", err, rev != nil && rev.Text == it.Rev.Text)
	}
	before, err := db.ContentHash(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.db.Exec(`UPDATE revisions SET text = ? WHERE id = ?`, it.Rev.Text, it.Rev.ID); err != nil {
		t.Fatal(err)
	}
	if rev, err := db.Revision(ctx, it.Rev.ID); err != nil || rev.Text != it.Rev.Text {
		t.Errorf("Revision of a plain text: %v", err)
	}
	if after, err := db.ContentHash(ctx); err != nil || after != before {
		t.Errorf("content hash of the plain copy %s (%v), want %s", after, err, before)
	}
	other := it
	other.Rev.Text += "\n* Otra línea."
	res, err := db.Put(ctx, []Item{it, other})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) != 2 || len(res.Conflicts) != 1 {
		t.Errorf("re-put: skipped %v, conflicts %v; want both skipped, the changed one a conflict", res.Skipped, res.Conflicts)
	}
}

// BenchmarkEncodeText compresses the revision texts of the seed dump
// (bench/gen.Bases: 50 real wiki revisions), every one of them, with the
// DEFLATE encoder encodeText uses (github.com/klauspost/compress/flate,
// level 1) and, side by side, with the standard library's at
// flate.BestSpeed; it reports MB/s of text and the compressed size in
// percent of the text.
//
//	go test ./kb -run '^$' -bench BenchmarkEncodeText
func BenchmarkEncodeText(b *testing.B) {
	bases, err := gen.Bases()
	if err != nil {
		b.Fatal(err)
	}
	var total int64
	for _, r := range bases {
		total += int64(len(r.Text))
	}
	std, err := flate.NewWriter(nil, flate.BestSpeed)
	if err != nil {
		b.Fatal(err)
	}
	fast := flateWriters.Get().(*kflate.Writer) // encodeText's encoder
	defer flateWriters.Put(fast)
	size := func(w interface {
		io.WriteCloser
		Reset(io.Writer)
	}) func(string) int {
		return func(s string) int {
			var buf bytes.Buffer
			w.Reset(&buf)
			io.WriteString(w, s)
			w.Close()
			return buf.Len()
		}
	}
	for _, bc := range []struct {
		name string
		enc  func(string) int
	}{{"klauspost", size(fast)}, {"stdlib", size(std)}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(total)
			var out int
			for b.Loop() {
				out = 0
				for _, r := range bases {
					out += bc.enc(r.Text)
				}
			}
			b.ReportMetric(100*float64(out)/float64(total), "%size")
		})
	}
}
