package source

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
)

// ErrUnsupportedFormat is wrapped by Open when no reader reads a file's
// format.
var ErrUnsupportedFormat = errors.New("no reader for this format")

// Constructor makes a Reader over r; name is used in errors and origins.
type Constructor func(r io.Reader, name string) Reader

// readers are the readers of each input format.
var readers = map[wikirules.Format]Constructor{
	wikirules.FormatContribs: NewContribs,
	wikirules.FormatXML:      NewXML,
	wikirules.FormatAPI:      NewAPI,
	wikirules.FormatPageText: NewPageText,
	wikirules.FormatHTML:     NewHTML,
}

// For returns the constructor of the reader of f, or nil when no reader
// reads it.
func For(f wikirules.Format) Constructor { return readers[f] }

// ForIdentity returns the constructor of the reader of f whose pages take
// the wiki and language of id where the input does not say them (see
// Identity; nil when no reader reads f). Rendered pages apply id as
// NewPageTextWith and NewHTMLWith say; the other readers' revisions get
// id's fields where they have an empty Page.Wiki or Page.Language, and
// their native revision ids are then qualified by the wiki (QualifyID).
func ForIdentity(f wikirules.Format, id Identity) Constructor {
	switch f {
	case wikirules.FormatPageText:
		return func(r io.Reader, name string) Reader { return NewPageTextWith(r, name, id) }
	case wikirules.FormatHTML:
		return func(r io.Reader, name string) Reader { return NewHTMLWith(r, name, id) }
	}
	c := readers[f]
	if c == nil || id == (Identity{}) {
		return c
	}
	return func(r io.Reader, name string) Reader { return &identityReader{Reader: c(r, name), id: id} }
}

// identityReader fills the wiki and language its reader leaves empty.
type identityReader struct {
	Reader
	id Identity
}

func (r *identityReader) Next() (*wikirules.Revision, error) {
	rev, err := r.Reader.Next()
	if rev != nil {
		if rev.Page.Wiki == "" && r.id.Wiki != "" {
			rev.Page.Wiki = r.id.Wiki
			rev.ID = QualifyID(r.id.Wiki, rev.ID)
			rev.ParentID = QualifyID(r.id.Wiki, rev.ParentID)
		}
		if rev.Page.Language == "" {
			rev.Page.Language = r.id.Language
		}
	}
	return rev, err
}

// Textless passes on the wrapped reader's list (see TextlessReporter).
func (r *identityReader) Textless() []TextlessRevision {
	if t, ok := r.Reader.(TextlessReporter); ok {
		return t.Textless()
	}
	return nil
}

// File is an input opened by Open: Path, the Format read, Compression
// ("", "gzip" or "bzip2") and Size, the file's size on disk in bytes.
// RawOffset is how many bytes of the file on disk were read so far (for a
// progress bar over compressed files, where Reader.Offset counts
// uncompressed bytes).
type File struct {
	Path        string
	Format      wikirules.Format
	Compression string
	Size        int64

	f   *os.File
	raw *CountingReader
	gz  *gzip.Reader
}

// RawOffset returns the bytes of the file on disk read so far.
func (f *File) RawOffset() int64 { return f.raw.N }

// Close closes the file (and its decompressor).
func (f *File) Close() error {
	var err error
	if f.gz != nil {
		err = f.gz.Close()
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// CountingReader reads R and counts in N the bytes read through it.
type CountingReader struct {
	R io.Reader
	N int64
}

func (c *CountingReader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	return n, err
}

// headSize is how many (decompressed) bytes Detect sees.
const headSize = 8 << 10

// Open opens path for reading revisions. The file may be gzip or bzip2
// compressed (recognised by its magic bytes, whatever its name). format ""
// (or "auto") detects the format from the first 8 KiB of content (Detect);
// any other value forces it. The name in errors and origins is path.
// Errors name the path: it cannot be opened, is a directory, its format is
// unknown, or no reader reads it (wraps ErrUnsupportedFormat).
func Open(path string, format wikirules.Format) (Reader, *File, error) {
	return OpenWith(path, format, Identity{})
}

// OpenWith is Open with the readers of ForIdentity: pages whose input does
// not say their wiki or language take id's.
func OpenWith(path string, format wikirules.Format, id Identity) (Reader, *File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if st.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: is a directory (use Walk)", path)
	}
	file := &File{Path: path, Size: st.Size(), f: f, raw: &CountingReader{R: f}}
	r, err := file.decompress()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(headSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		file.Close()
		// The start of a compressed file did not decompress: the
		// offset is in the decompressed content, as in every Error.
		e := &Error{File: path, Offset: int64(len(head)), Err: err}
		if file.Compression != "" {
			what := "damaged"
			if errors.Is(err, io.ErrUnexpectedEOF) {
				what = "truncated"
			}
			e.Err = fmt.Errorf("%s %s data (%d compressed bytes, %d decompressed): %w", what, file.Compression, file.Size, len(head), err)
		}
		return nil, nil, e
	}
	if format == "" || format == "auto" {
		if format, err = Detect(head, path); err != nil {
			file.Close()
			return nil, nil, err
		}
	}
	file.Format = format
	c := ForIdentity(format, id)
	if c == nil {
		file.Close()
		return nil, nil, fmt.Errorf("%s: format %q: %w", path, format, ErrUnsupportedFormat)
	}
	if file.Compression != "" {
		return &compressedReader{r: c(br, path), file: file}, file, nil
	}
	return c(br, path), file, nil
}

// compressedReader is the Reader of a compressed file: its errors say that
// their offsets count decompressed bytes (Error.Compression), and the first
// one makes it check the whole compressed stream (File.verify). Damage in
// a gzip or bzip2 file often decompresses into garbage that the format's
// reader meets first (malformed XML, invalid UTF-8), long before the
// decompressor detects it (gzip checks its CRC only at the end): when the
// stream is damaged, the error says so, with the reader's error as what
// was met first. It is final (nothing after the damage can be trusted).
type compressedReader struct {
	r       Reader
	file    *File
	checked bool
	err     error // the damaged stream's error, once found
}

func (c *compressedReader) Offset() int64 { return c.r.Offset() }

func (c *compressedReader) Next() (*wikirules.Revision, error) {
	if c.err != nil {
		return nil, c.err
	}
	rev, err := c.r.Next()
	var e *Error
	if err == nil || err == io.EOF || !errors.As(err, &e) {
		return rev, err
	}
	e.Compression = c.file.Compression
	if !c.checked {
		c.checked = true
		if at, derr := c.file.verify(); derr != nil {
			c.err = &Error{File: e.File, Offset: e.Offset, Compression: e.Compression,
				Err: fmt.Errorf("damaged %s data (%v, found at byte %d of the decompressed data when the whole file was checked); the %s reader had failed here first: %w",
					c.file.Compression, derr, at, c.file.Format, e.Err)}
			return nil, c.err
		}
	}
	return rev, err
}

// Textless passes on the wrapped reader's list (see TextlessReporter).
func (c *compressedReader) Textless() []TextlessRevision {
	if t, ok := c.r.(TextlessReporter); ok {
		return t.Textless()
	}
	return nil
}

// verify decompresses the whole file again, from a second handle, and
// returns the decompressor's error (nil when the stream is sound) and how
// many decompressed bytes came before it.
func (f *File) verify() (int64, error) {
	g, err := os.Open(f.Path)
	if err != nil {
		return 0, nil // cannot check: the reader's own error stands
	}
	defer g.Close()
	other := &File{Path: f.Path, raw: &CountingReader{R: g}}
	r, err := other.decompress()
	if err != nil {
		return 0, err
	}
	if other.gz != nil {
		defer other.gz.Close()
	}
	n, err := io.Copy(io.Discard, r)
	return n, err
}

// decompress returns the file's content, through gzip or bzip2 when its
// first bytes are their magic numbers (1f 8b; "BZh").
func (f *File) decompress() (io.Reader, error) {
	br := bufio.NewReaderSize(f.raw, 64<<10)
	magic, _ := br.Peek(3)
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		f.gz, f.Compression = gz, "gzip"
		return gz, nil
	case bytes.Equal(magic, []byte("BZh")):
		f.Compression = "bzip2"
		return bzip2.NewReader(br), nil
	}
	switch ext := strings.ToLower(filepath.Ext(f.Path)); ext {
	case ".gz", ".tgz", ".bz2":
		return nil, fmt.Errorf("the name says %s but the content is not compressed (first bytes %q)", ext, magic)
	}
	return br, nil
}

// Detect returns the format of an input from its first bytes (head,
// already decompressed) and its name:
//
//   - markup holding "<mediawiki" → FormatXML;
//   - other markup ("<html", "<!DOCTYPE", a .mw-parser-output fragment…) → FormatHTML;
//   - '{' or '[' → FormatAPI;
//   - a first line ending in a language tag ("… [es]") followed by a
//     title / blank / RFC 3339 timestamp block → FormatContribs;
//   - any other UTF-8 text → FormatPageText.
//
// A leading UTF-8 byte-order mark and white space are ignored. Errors name
// the input: empty, still compressed, not UTF-8 text, or a lone JSON value
// (a number or a string: neither a response nor a page).
func Detect(head []byte, name string) (wikirules.Format, error) {
	h := bytes.TrimPrefix(head, []byte("\ufeff"))
	h = bytes.TrimLeft(h, " \t\r\n")
	if len(h) == 0 {
		return "", fmt.Errorf("%s: cannot detect the format of an empty input", name)
	}
	if len(h) >= 2 && h[0] == 0x1f && h[1] == 0x8b || bytes.HasPrefix(h, []byte("BZh")) {
		return "", fmt.Errorf("%s: compressed input: open it with Open", name)
	}
	switch h[0] {
	case '<':
		lower := bytes.ToLower(h)
		if bytes.Contains(lower, []byte("<mediawiki")) {
			return wikirules.FormatXML, nil
		}
		return wikirules.FormatHTML, nil
	case '{', '[':
		return wikirules.FormatAPI, nil
	}
	// A lone JSON number, string or literal ("12345", "\"hola\"") is no
	// page: neither an API response (an object) nor page text.
	if t := bytes.TrimSpace(h); len(head) < headSize && json.Valid(t) {
		return "", fmt.Errorf("%s: holds only the JSON value %s: not an API response (an object) nor a page", name, wikirules.Excerpt(string(t), 40))
	}
	// Text: valid UTF-8 apart from a rune cut at the end of the head, and
	// no NUL byte (valid UTF-8, but no wiki text holds one: a binary file).
	if i := bytes.IndexByte(h, 0); i >= 0 {
		return "", fmt.Errorf("%s: byte %d: NUL byte: a binary file, not wiki text", name, int64(len(head)-len(h))+int64(i))
	}
	if cut := h[:len(h)-incompleteTail(h)]; !utf8.Valid(cut) {
		return "", fmt.Errorf("%s: byte %d: not UTF-8 text", name, int64(len(head)-len(h))+int64(firstInvalid(cut)))
	}
	if looksLikeContribs(string(h)) {
		return wikirules.FormatContribs, nil
	}
	lowerName := strings.ToLower(name)
	if strings.HasSuffix(lowerName, ".html") || strings.HasSuffix(lowerName, ".htm") {
		return wikirules.FormatHTML, nil
	}
	return wikirules.FormatPageText, nil
}

// looksLikeContribs reports whether text starts with a contributions dump
// header followed (after blank lines) by title, blank, timestamp.
func looksLikeContribs(text string) bool {
	lines := strings.SplitN(text, "\n", 8)
	if len(lines) < 5 {
		return false
	}
	if _, _, ok := parseContribsHeader(strings.TrimRight(lines[0], "\r")); !ok {
		return false
	}
	i := 1
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i+2 >= len(lines) || strings.TrimSpace(lines[i+1]) != "" {
		return false
	}
	_, err := time.Parse(time.RFC3339, strings.TrimSpace(lines[i+2]))
	return err == nil
}

// Walk expands paths into the files to read: a file is kept as given, a
// directory is replaced by every regular file below it in lexical order
// (filepath.WalkDir), skipping names that start with "." (hidden files and
// directories such as .git). The result keeps the order of paths, without
// duplicates. Errors name a path that does not exist or cannot be listed.
func Walk(paths []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, root := range paths {
		st, err := os.Stat(root)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			add(root)
			continue
		}
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p != root && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && !isDocumentation(d.Name()) {
				add(p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// isDocumentation reports whether a file met while walking a directory is
// documentation kept beside the inputs (README, LICENSE, *.md) rather than
// an input: such files are skipped (a file named explicitly is still read).
func isDocumentation(name string) bool {
	base := strings.ToUpper(strings.TrimSuffix(name, filepath.Ext(name)))
	switch base {
	case "README", "LICENSE", "LICENCE", "NOTICE", "COPYING", "CHANGELOG":
		return true
	}
	return strings.EqualFold(filepath.Ext(name), ".md")
}
