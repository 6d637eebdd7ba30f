package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/wikirules/wikirules"
)

// seedExport returns the seed dump as an XML export (45 pages, 50
// revisions, ~245 KB: several of the stream's 64 KiB buffers) and the
// offset of each "<page>" tag in it.
func seedExport(t *testing.T) (string, []int) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteXML(&buf, seedRevisions(t)); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	pages := pageTags(s)
	if len(pages) != 45 {
		t.Fatalf("seed export has %d pages, want 45", len(pages))
	}
	return s, pages
}

// pageTags returns the offset of each "<page>" in s.
func pageTags(s string) []int {
	var pages []int
	for i := 0; ; {
		j := strings.Index(s[i:], "<page>")
		if j < 0 {
			return pages
		}
		pages = append(pages, i+j)
		i += j + 1
	}
}

// damage is one change to page Page (0-based) of the seed export: the
// first Old after the page's start becomes New. The error it causes must
// name the page as Where and hold Msg, at an offset from At (the offset of
// the change) to At+Slack.
type damage struct {
	page     int
	old, new string
	where    string // "" (the page's title) or a format for the page tag's offset
	msg      string
	slack    int64
	kept     bool // the damage follows the page's last revision, which was read
}

// applyDamage returns s with the damages made (in page order) and, for
// each, the offset in the result of the first byte changed.
func applyDamage(t *testing.T, s string, pages []int, ds []damage) (string, []int64) {
	t.Helper()
	var b strings.Builder
	var at []int64
	last := 0
	for _, d := range ds {
		i := strings.Index(s[pages[d.page]:], d.old)
		if i < 0 {
			t.Fatalf("%q not in page %d", d.old, d.page)
		}
		i += pages[d.page]
		b.WriteString(s[last:i])
		same := 0
		for same < len(d.old) && same < len(d.new) && d.old[same] == d.new[same] {
			same++
		}
		at = append(at, int64(b.Len()+same))
		b.WriteString(d.new)
		last = i + len(d.old)
	}
	b.WriteString(s[last:])
	return b.String(), at
}

// readAllErrs reads r to io.EOF or a final error, and returns the
// revisions and the Skippable errors met on the way.
func readAllErrs(t *testing.T, r Reader) ([]*wikirules.Revision, []*Error, error) {
	t.Helper()
	var revs []*wikirules.Revision
	var skipped []*Error
	for n := 0; n < 1000; n++ {
		rev, err := r.Next()
		if err == io.EOF {
			return revs, skipped, nil
		}
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("error %v (%T) is not *Error", err, err)
		}
		switch {
		case e != nil && e.Skippable:
			skipped = append(skipped, e)
		case e != nil:
			return revs, skipped, e
		default:
			revs = append(revs, rev)
		}
	}
	t.Fatal("reader does not end")
	return nil, nil, nil
}

// TestXMLResync damages pages of the seed export and reads it whole, from
// readers that give all, half or one byte per Read: each damaged page is
// one Skippable error naming the file, its offset (and line for a syntax
// error) in the whole input and the page; the revisions of a damaged page
// read before the damage stand, every other page is read, with origins at
// their offsets in the damaged input.
func TestXMLResync(t *testing.T) {
	s, pages := seedExport(t)
	clean := readAll(t, NewXML(strings.NewReader(s), "x.xml"))
	textTag := `xml:space="preserve">`
	tests := []struct {
		name    string
		damages []damage
	}{
		{"invalid UTF-8 in page 2, broken tag in page 4", []damage{
			{page: 1, old: textTag, new: textTag + "\xff", msg: "invalid UTF-8"},
			{page: 3, old: "</timestamp>", new: "</timestamp", msg: "invalid characters between </timestamp and >", slack: 20},
		}},
		{"Latin-1 title (title unknown)", []damage{
			{page: 2, old: "</title>", new: "\xe9</title>", msg: "invalid UTF-8", where: "page at byte %d"},
		}},
		{"end tag cut just before the next page", []damage{
			{page: 5, old: "</page>", new: "</pag", msg: "invalid characters between </pag and >", slack: 10, kept: true},
		}},
		{"unescaped < in a text", []damage{
			{page: 7, old: "{{", new: "<<{{", msg: "XML syntax error", slack: 2},
		}},
		{"element left open", []damage{
			{page: 10, old: "<model>", new: "<model><minor>", msg: "element <minor> closed by </model>", slack: 40},
		}},
		{"last page bad", []damage{
			{page: 44, old: textTag, new: textTag + "\xc3(", msg: "invalid UTF-8"},
		}},
		{"two adjacent pages bad", []damage{
			{page: 20, old: textTag, new: textTag + "\xff", msg: "invalid UTF-8"},
			{page: 21, old: "<ns>0</ns>", new: "<ns>x</ns>", msg: `<ns> "x" is not a number`, slack: 12},
		}},
	}
	readers := map[string]func(io.Reader) io.Reader{
		"whole": func(r io.Reader) io.Reader { return r },
		"half":  iotest.HalfReader,
		"one":   iotest.OneByteReader,
	}
	for _, tt := range tests {
		in, at := applyDamage(t, s, pages, tt.damages)
		pagesIn := pageTags(in)
		bad := map[string]bool{}
		for _, d := range tt.damages {
			bad[titleAt(s, pages[d.page])] = !d.kept
		}
		for rname, wrap := range readers {
			label := tt.name + "/" + rname
			revs, skipped, err := readAllErrs(t, NewXML(wrap(strings.NewReader(in)), "x.xml"))
			if err != nil {
				t.Errorf("%s: final error %v", label, err)
				continue
			}
			if len(skipped) != len(tt.damages) {
				t.Errorf("%s: %d errors %v, want %d", label, len(skipped), skipped, len(tt.damages))
				continue
			}
			for i, d := range tt.damages {
				e := skipped[i]
				if d.msg == "invalid UTF-8" && e.Line == 0 {
					t.Errorf("%s: invalid UTF-8 at byte %d without its line", label, e.Offset)
				}
				where := d.where
				if where == "" {
					where = fmt.Sprintf("page %q", titleAt(s, pages[d.page]))
				} else {
					where = fmt.Sprintf(where, pagesIn[d.page])
				}
				if e.File != "x.xml" || !strings.Contains(e.Error(), where) || !strings.Contains(e.Error(), d.msg) ||
					e.Offset < at[i] || e.Offset > at[i]+d.slack {
					t.Errorf("%s: error %q (offset %d), want %s, %q at %d..%d", label, e, e.Offset, where, d.msg, at[i], at[i]+d.slack)
				}
				syntax := strings.Contains(e.Error(), "syntax error")
				if e.Line > 0 && (e.Line != strings.Count(in[:e.Offset], "\n")+1 || syntax && !strings.Contains(e.Error(), fmt.Sprintf("on line %d:", e.Line))) {
					t.Errorf("%s: error %q at line %d, want the input's line %d", label, e, e.Line, strings.Count(in[:e.Offset], "\n")+1)
				}
			}
			var want []*wikirules.Revision
			for _, r := range clean {
				if !bad[r.Page.Title] {
					want = append(want, r)
				}
			}
			sameRevisions(t, label, revs, want)
			for i := range min(len(revs), len(want)) {
				if o := originIn(t, want[i].Origin, in, s); revs[i].Origin != o {
					t.Errorf("%s: %s origin %s, want %s", label, revs[i].Page.Title, revs[i].Origin, o)
				}
			}
		}
	}
}

// titleAt returns the <title> of the page whose tag is at off in s.
func titleAt(s string, off int) string {
	i := strings.Index(s[off:], "<title>") + off + len("<title>")
	return s[i : i+strings.Index(s[i:], "</title>")]
}

// originIn returns the origin a revision at origin o in the clean export s
// has in the damaged in: the same revision tag, found by its position
// among the "<revision>" tags.
func originIn(t *testing.T, o, in, s string) string {
	t.Helper()
	var off int
	if _, err := fmt.Sscanf(strings.TrimPrefix(o, "x.xml:"), "%d", &off); err != nil {
		t.Fatal(err)
	}
	k := strings.Count(s[:off], "<revision>")
	j := 0
	for range k + 1 {
		j += strings.Index(in[j:], "<revision>") + 1
	}
	return origin("x.xml", int64(j-1))
}

// TestXMLResyncFinal: a truncated export stays a final error (nothing
// follows to resynchronise on), and so do an error in <siteinfo> and the
// failure of the underlying reader.
func TestXMLResyncFinal(t *testing.T) {
	s, pages := seedExport(t)
	cut := s[:pages[3]+200]
	_, _, err := readAllErrs(t, NewXML(strings.NewReader(cut), "x.xml"))
	if err == nil || !strings.Contains(err.Error(), "truncated XML") {
		t.Errorf("truncated export: %v, want a final truncated XML error", err)
	}
	// An error in <siteinfo> is final: the pages would lose their wiki.
	site := strings.Replace(s, "<dbname>", "<dbname>\xff", 1)
	if _, _, err := readAllErrs(t, NewXML(strings.NewReader(site), "x.xml")); err == nil || !strings.Contains(err.Error(), "invalid UTF-8") {
		t.Errorf("invalid UTF-8 in <siteinfo>: %v, want a final error", err)
	}
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader(s[:pages[3]+200]), iotest.ErrReader(boom))
	revs, skipped, err := readAllErrs(t, NewXML(r, "x.xml"))
	want := strings.Count(s[:pages[3]], "<revision>")
	if !errors.Is(err, boom) || len(skipped) != 0 || len(revs) != want {
		t.Errorf("failing reader: %d revisions, skipped %v, error %v; want %d, none, %v", len(revs), skipped, err, want, boom)
	}
}

// TestContribsResync damages three revisions of the seed contributions
// dump (a byte that is not UTF-8 in one's text, in another's title line
// and in a third's user line): each is one Skippable error naming the file,
// its offset and line (and the page, when its title was read), and every
// other revision is read.
func TestContribsResync(t *testing.T) {
	dump := string(seedDump(t))
	clean := readAll(t, NewContribs(strings.NewReader(dump), "d.txt"))
	// lineStart returns the offset of the n-th line (0-based) of
	// revision k's header.
	lineStart := func(k, n int) int {
		var off int
		if _, err := fmtSscanOrigin(clean[k].Origin, "d.txt", &off); err != nil {
			t.Fatal(err)
		}
		for range n {
			off += strings.IndexByte(dump[off:], '\n') + 1
		}
		return off
	}
	type cut struct {
		at    int // offset in the clean dump where the byte goes
		rev   int
		where string
	}
	cuts := []cut{
		{lineStart(1, 6), 1, fmt.Sprintf("page %q", clean[1].Page.Title)},     // text
		{lineStart(3, 1) - 1, 3, ""},                                          // end of the title line
		{lineStart(5, 5) - 2, 5, fmt.Sprintf("page %q", clean[5].Page.Title)}, // before the user's ':'
	}
	var b strings.Builder
	last := 0
	var at []int
	for _, c := range cuts {
		b.WriteString(dump[last:c.at])
		at = append(at, b.Len())
		b.WriteString("\xe9")
		last = c.at
	}
	b.WriteString(dump[last:])
	in := b.String()
	for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader} {
		revs, skipped, err := readAllErrs(t, NewContribs(wrap(strings.NewReader(in)), "d.txt"))
		if err != nil || len(skipped) != len(cuts) {
			t.Fatalf("final error %v, skipped %v; want %d skipped", err, skipped, len(cuts))
		}
		for i, c := range cuts {
			e := skipped[i]
			if e.File != "d.txt" || e.Offset != int64(at[i]) || e.Line != strings.Count(in[:at[i]], "\n")+1 ||
				!strings.Contains(e.Error(), "invalid UTF-8") || !strings.Contains(e.Error(), c.where) {
				t.Errorf("error %q (offset %d line %d), want %s invalid UTF-8 at %d", e, e.Offset, e.Line, c.where, at[i])
			}
		}
		var want []*wikirules.Revision
		for k, r := range clean {
			if k != 1 && k != 3 && k != 5 {
				want = append(want, r)
			}
		}
		if len(revs) != len(want) {
			t.Fatalf("read %d revisions, want %d", len(revs), len(want))
		}
		for i := range want {
			if revs[i].ID != want[i].ID || revs[i].Text != want[i].Text {
				t.Errorf("revision %d: %s %q, want %s %q", i, revs[i].ID, revs[i].Page.Title, want[i].ID, want[i].Page.Title)
			}
		}
	}
}

// TestXMLResyncTruncatedLine: an export damaged in page 2 and cut inside
// page 10 gives a final truncated XML error whose message names the line
// of the whole input (the Error's Line, where the cut is), not the line
// counted by the decoder started after the resynchronisation.
func TestXMLResyncTruncatedLine(t *testing.T) {
	s, pages := seedExport(t)
	i := pages[2] + strings.Index(s[pages[2]:], "</revision>")
	cut := s[:i] + "</revisio>" + s[i+len("</revision>"):pages[10]+200]
	_, skipped, err := readAllErrs(t, NewXML(strings.NewReader(cut), "x.xml"))
	var e *Error
	if len(skipped) != 1 || !errors.As(err, &e) {
		t.Fatalf("skipped %v, error %v; want one skipped page and a final *Error", skipped, err)
	}
	if want := strings.Count(cut, "\n") + 1; e.Line != want {
		t.Errorf("Line = %d, want %d (the last line of the input)", e.Line, want)
	}
	if want := fmt.Sprintf("truncated XML (line %d)", e.Line); !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
}
