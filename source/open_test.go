package source

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
)

func TestDetect(t *testing.T) {
	seeds := map[string]wikirules.Format{
		"000_75a7fc8f63132767.txt": wikirules.FormatContribs,
		"001_929bef096f6219fe.txt": wikirules.FormatPageText,
		"002_6b633a49e6857498.txt": wikirules.FormatPageText,
		"003_cc92ccd7805be46c.txt": wikirules.FormatPageText,
	}
	for name, want := range seeds {
		b, err := fs.ReadFile(sample.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := Detect(b[:min(len(b), headSize)], name); got != want || err != nil {
			t.Errorf("Detect(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	tests := []struct {
		name, head string
		want       wikirules.Format
		err        string
	}{
		{"testdata/export-0.10.xml", "", wikirules.FormatXML, ""},
		{"testdata/export-0.11.xml", "", wikirules.FormatXML, ""},
		{"testdata/api-fv1.json", "", wikirules.FormatAPI, ""},
		{"testdata/api-fv2.json", "", wikirules.FormatAPI, ""},
		{"bom.xml", "\ufeff\n  <mediawiki xml:lang=\"es\">", wikirules.FormatXML, ""},
		{"page.html", "<!DOCTYPE html>\n<html class=\"client-nojs\" lang=\"es\" dir=\"ltr\">", wikirules.FormatHTML, ""},
		{"fragment", `<div class="mw-parser-output"><h2><span class="mw-headline" id="Efectos">Efectos</span></h2>`, wikirules.FormatHTML, ""},
		{"array.json", `[{"batchcomplete":true}]`, wikirules.FormatAPI, ""},
		{"saved.html", "Esquivar\n\nDe Infinity", wikirules.FormatHTML, ""},
		// A header without the title/timestamp block is rendered text.
		{"header only", "Infinity - Contribuciones del usuario [es]\n\nEsquivar\n\nno es una fecha\n\nx", wikirules.FormatPageText, ""},
		{"empty", " \n\t", "", "empty input"},
		{"gzip", "\x1f\x8b\x08\x00", "", "compressed"},
		{"binary", "Esquivar\xff\xfe", "", "byte 8: not UTF-8"},
		{"zeros", "\x00\x00\x00\x00", "", "byte 0: NUL byte: a binary file"},
		{"nul inside text", "Esquivar\n\nDe Infinity\x00", "", "byte 21: NUL byte"},
	}
	for _, tt := range tests {
		head := []byte(tt.head)
		if head == nil || tt.head == "" && strings.HasPrefix(tt.name, "testdata/") {
			b, err := os.ReadFile(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			head = b
		}
		got, err := Detect(head, tt.name)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Detect(%s) = %q, %v; want %q, %q", tt.name, got, err, tt.want, tt.err)
		}
	}
}

// TestOpenCompressed opens the XML fixture plain, gzip- and
// bzip2-compressed (the .bz2 in testdata was made with bzip2(1)), and
// under a name that hides the compression.
func TestOpenCompressed(t *testing.T) {
	plain, err := os.ReadFile("testdata/export-0.10.xml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	gzPath := filepath.Join(dir, "export.xml.gz")
	hidden := filepath.Join(dir, "export.dat")
	os.WriteFile(gzPath, gz.Bytes(), 0o644)
	os.WriteFile(hidden, gz.Bytes(), 0o644)
	for _, tt := range []struct{ path, compression string }{
		{"testdata/export-0.10.xml", ""},
		{gzPath, "gzip"},
		{hidden, "gzip"},
		{"testdata/export-0.10.xml.bz2", "bzip2"},
	} {
		r, f, err := Open(tt.path, "")
		if err != nil {
			t.Fatal(err)
		}
		if f.Format != wikirules.FormatXML || f.Compression != tt.compression {
			t.Errorf("%s: format %q compression %q", tt.path, f.Format, f.Compression)
		}
		checkFixture(t, tt.path, r)
		if r.Offset() != int64(len(plain)) || f.RawOffset() != f.Size {
			t.Errorf("%s: offset %d raw %d, want %d and %d", tt.path, r.Offset(), f.RawOffset(), len(plain), f.Size)
		}
		if err := f.Close(); err != nil {
			t.Error(err)
		}
	}
}

func TestOpenFormats(t *testing.T) {
	dir := t.TempDir()
	dump := filepath.Join(dir, "dump.txt")
	os.WriteFile(dump, seedDump(t), 0o644)
	page := filepath.Join(dir, "page.txt")
	b, _ := fs.ReadFile(sample.FS(), "003_cc92ccd7805be46c.txt")
	os.WriteFile(page, b, 0o644)

	r, f, err := Open(dump, "auto")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(readAll(t, r)); n != 50 || f.Format != wikirules.FormatContribs {
		t.Errorf("auto: %d revisions, format %q", n, f.Format)
	}
	f.Close()

	// A forced format wins over detection, and its reader reports the error.
	r, f, err = Open(dump, wikirules.FormatXML)
	if err != nil {
		t.Fatal(err)
	}
	if e := readErr(t, r); e.File != dump || !strings.Contains(e.Error(), "XML syntax error") {
		t.Errorf("forced xml: %v", e)
	}
	f.Close()

	if _, f, err := Open(page, ""); err == nil {
		if f.Format != wikirules.FormatPageText {
			t.Errorf("page text detected as %q", f.Format)
		}
		f.Close()
	} else if !errors.Is(err, ErrUnsupportedFormat) {
		t.Errorf("page text: %v", err)
	}
	if _, _, err := Open(page, "csv"); !errors.Is(err, ErrUnsupportedFormat) || !strings.Contains(err.Error(), page) {
		t.Errorf("format csv: %v, want ErrUnsupportedFormat naming the file", err)
	}
	if _, _, err := Open(dir, ""); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("directory: %v", err)
	}
	if _, _, err := Open(filepath.Join(dir, "missing"), ""); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

func TestWalk(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"b/2.xml", "b/10.xml", "a.json", ".git/config", "b/.hidden", "c/d/e.txt"} {
		p = filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("x"), 0o644)
	}
	single := filepath.Join(dir, "c/d/e.txt")
	got, err := Walk([]string{single, dir, filepath.Join(dir, "b")})
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range got {
		r, _ := filepath.Rel(dir, p)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := "c/d/e.txt a.json b/10.xml b/2.xml"
	if strings.Join(rel, " ") != want {
		t.Errorf("Walk = %v, want %s", rel, want)
	}
	if _, err := Walk([]string{filepath.Join(dir, "nope")}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing path: %v", err)
	}
}

func TestQualifyID(t *testing.T) {
	for _, tc := range []struct{ wiki, id, want string }{
		{"infinity-es", "1234", "infinity-es:1234"},
		{"infinity-en", "1234", "infinity-en:1234"},
		{"", "1234", "1234"},
		{"infinity-es", "d62f0085af8add7a9", "d62f0085af8add7a9"},
		{"infinity-es", "infinity-es:1234", "infinity-es:1234"},
		{"infinity-es", "", ""},
	} {
		if got := QualifyID(tc.wiki, tc.id); got != tc.want {
			t.Errorf("QualifyID(%q, %q) = %q, want %q", tc.wiki, tc.id, got, tc.want)
		}
	}
}

func TestOpenRejectsFalseCompressionName(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fake.gz")
	if err := os.WriteFile(p, []byte("not gzip at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := Open(p, "")
	if err == nil || !strings.Contains(err.Error(), "fake.gz") || !strings.Contains(err.Error(), "not compressed") {
		t.Errorf("Open(fake.gz) = %v, want an error naming the file and saying it is not compressed", err)
	}
}

func TestWalkSkipsDocumentation(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"README.md", "LICENSE", "notes.md", "000_dump.txt", "page.html"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Walk([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range got {
		names = append(names, filepath.Base(p))
	}
	if strings.Join(names, " ") != "000_dump.txt page.html" {
		t.Errorf("Walk = %v, want only the inputs", names)
	}
}

// TestOpenTruncatedBzip2: a bzip2 file cut before its first block ends
// gives nothing to detect a format from; the error names the file, the
// (decompressed) byte offset and what is wrong with the compressed data.
func TestOpenTruncatedBzip2(t *testing.T) {
	b, err := os.ReadFile("testdata/export-0.10.xml.bz2")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "cut.xml.bz2")
	if err := os.WriteFile(p, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Open(p, "")
	var e *Error
	if !errors.As(err, &e) || e.File != p || e.Offset != 0 || !strings.Contains(err.Error(), "truncated bzip2 data") {
		t.Errorf("Open(cut bzip2) = %v, want an *Error naming %s at byte 0: truncated bzip2 data", err, p)
	}
}

// TestReaders: every input format of the pipeline has a reader in the
// table, and nothing else has one.
func TestReaders(t *testing.T) {
	for _, f := range []wikirules.Format{wikirules.FormatContribs, wikirules.FormatXML, wikirules.FormatAPI,
		wikirules.FormatPageText, wikirules.FormatHTML} {
		if For(f) == nil {
			t.Errorf("For(%q) = nil, want its reader", f)
		}
	}
	for _, f := range []wikirules.Format{"", "auto", "csv"} {
		if For(f) != nil {
			t.Errorf("For(%q) has a reader", f)
		}
	}
}
