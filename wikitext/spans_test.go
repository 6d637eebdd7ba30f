package wikitext

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/sample"
)

// checkSpans checks the span invariants of a parsed document: every node
// lies in [0, len(src)], children lie inside their parent, in order and
// without overlap, Text is never empty and the top-level nodes tile the
// whole source.
func checkSpans(doc *Document) error {
	pos := 0
	var prev Node
	for _, n := range doc.Nodes {
		if _, ok := n.(*Text); ok {
			if _, ok := prev.(*Text); ok {
				return fmt.Errorf("top level: adjacent Text nodes at %d", n.Pos())
			}
		}
		prev = n
		if n.Pos() != pos {
			return fmt.Errorf("top level: %T [%d,%d) does not start at %d: the nodes do not tile the source", n, n.Pos(), n.End(), pos)
		}
		if err := checkNode(doc.Src, n, 0); err != nil {
			return err
		}
		pos = n.End()
	}
	if pos != len(doc.Src) {
		return fmt.Errorf("top level ends at %d, want %d", pos, len(doc.Src))
	}
	return nil
}

func checkNode(src string, n Node, depth int) error {
	if n.Pos() < 0 || n.Pos() > n.End() || n.End() > len(src) {
		return fmt.Errorf("%T [%d,%d) out of bounds (len %d)", n, n.Pos(), n.End(), len(src))
	}
	if t, ok := n.(*Text); ok && t.Start == t.Stop {
		return fmt.Errorf("empty Text at %d", t.Start)
	}
	if depth > 4*MaxDepth+10 {
		return fmt.Errorf("%T at %d: tree deeper than %d", n, n.Pos(), depth)
	}
	pos := n.Pos()
	_, table := n.(*Table)
	if _, ok := n.(*Argument); ok {
		table = true // Name and Default are two lists
	}
	var prev Node
	for _, c := range n.Children() {
		if _, ok := c.(*Text); ok && !table {
			if _, ok := prev.(*Text); ok {
				return fmt.Errorf("%T [%d,%d) has adjacent Text children at %d", n, n.Pos(), n.End(), c.Pos())
			}
		}
		prev = c
		if c == nil {
			return fmt.Errorf("%T [%d,%d) has a nil child", n, n.Pos(), n.End())
		}
		if c.Pos() < pos || c.End() > n.End() {
			return fmt.Errorf("%T [%d,%d) child %T [%d,%d) outside parent or before previous sibling end %d",
				n, n.Pos(), n.End(), c, c.Pos(), c.End(), pos)
		}
		if err := checkNode(src, c, depth+1); err != nil {
			return err
		}
		pos = c.End()
	}
	return nil
}

// testInputs returns the testdata pages, the real wiki pages of the
// repository's test data (../testdata/wiki-pages) and the seed files (the
// dump and the rendered pages, which parse as text), by name.
func testInputs(t testing.TB) map[string]string {
	t.Helper()
	in := map[string]string{}
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	wikiPages, err := filepath.Glob("../testdata/wiki-pages/*.txt")
	if err != nil || len(wikiPages) == 0 {
		t.Fatalf("listing ../testdata/wiki-pages: %v (%d found)", err, len(wikiPages))
	}
	files = append(files, wikiPages...)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in[f] = string(b)
	}
	seeds, err := fs.Glob(sample.FS(), "*.txt")
	if err != nil || len(seeds) == 0 {
		t.Fatalf("listing the seed files: %v (%d found)", err, len(seeds))
	}
	for _, name := range seeds {
		b, err := fs.ReadFile(sample.FS(), name)
		if err != nil {
			t.Fatalf("reading seed %s: %v", name, err)
		}
		in[name] = string(b)
	}
	if in[sample.DumpName] == "" {
		t.Fatalf("seed dump %s missing", sample.DumpName)
	}
	return in
}

// seedRevisions splits the contributions dump into revision texts: a
// revision is what follows a "User:" line up to the next page title,
// which is a line followed by a blank line and a timestamp line.
func seedRevisions(dump string) []string {
	lines := strings.SplitAfter(dump, "\n")
	isStamp := func(s string) bool {
		s = strings.TrimSpace(s)
		return len(s) == 20 && s[4] == '-' && s[10] == 'T' && s[19] == 'Z'
	}
	var revs []string
	start := -1
	for i := 0; i < len(lines); i++ {
		if i+4 < len(lines) && isStamp(lines[i+2]) && strings.TrimSpace(lines[i+1]) == "" &&
			strings.HasSuffix(strings.TrimSpace(lines[i+4]), ":") {
			if start >= 0 {
				revs = append(revs, strings.Join(lines[start:i], ""))
			}
			i += 4
			start = i + 1
		}
	}
	if start >= 0 {
		revs = append(revs, strings.Join(lines[start:], ""))
	}
	return revs
}

func TestSpansOnCorpus(t *testing.T) {
	inputs := testInputs(t)
	revs := seedRevisions(inputs[sample.DumpName])
	if len(revs) != 50 {
		t.Errorf("seed dump split into %d revisions, want 50", len(revs))
	}
	for i, r := range revs {
		inputs[fmt.Sprintf("%s revision %d", sample.DumpName, i+1)] = r
	}
	for name, src := range inputs {
		doc := Parse(src)
		if err := checkSpans(doc); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestSeedDump checks the constructs the rule extractor relies on in the
// real seed dump: counts of templates by name, tables opened by {{weapon}}
// and {{n4-hacking-header}}, FAQ boxes with their named parameters.
func TestSeedDump(t *testing.T) {
	src := testInputs(t)[sample.DumpName]
	doc := Parse(src)
	counts := map[string]int{}
	var tables []*Table
	var faqs []*Template
	items := map[int]int{}
	Inspect(doc, func(n Node) bool {
		switch n := n.(type) {
		case *Template:
			counts[n.Key()]++
			if n.Key() == "faqbox" {
				faqs = append(faqs, n)
			}
		case *Table:
			tables = append(tables, n)
		case *ListItem:
			items[n.Depth]++
		}
		return true
	})
	want := map[string]int{
		"faqbox":            strings.Count(src, "{{faqbox"),
		"weapon":            strings.Count(src, "{{weapon}}"),
		"n4-hacking-header": strings.Count(src, "{{n4-hacking-header}}"),
		"skillbox":          strings.Count(src, "{{skillbox"),
		"seefaq":            strings.Count(src, "{{seefaq"),
	}
	for k, v := range want {
		if v == 0 || counts[k] != v {
			t.Errorf("%d templates %q, want %d", counts[k], k, v)
		}
	}
	if len(tables) != want["weapon"]+want["n4-hacking-header"] {
		t.Errorf("%d tables, want one per {{weapon}} and {{n4-hacking-header}} (%d)", len(tables), want["weapon"]+want["n4-hacking-header"])
	}
	for _, tb := range tables {
		open, ok := tb.Open.(*Template)
		if !ok || !tb.Closed || (open.Key() != "weapon" && open.Key() != "n4-hacking-header") {
			t.Errorf("table at %d opened by %v (closed %v)", tb.Start, tb.Open, tb.Closed)
		}
		if !strings.HasSuffix(src[tb.Start:tb.Stop], "\n|}") {
			t.Errorf("table at %d does not end with a bare |}", tb.Start)
		}
	}
	for _, f := range faqs {
		for _, key := range []string{"type", "title", "version", "q", "a", "related"} {
			if f.Param(key) == nil {
				t.Errorf("faqbox at %d lacks %q", f.Start, key)
			}
		}
		if ty := f.Param("type"); ty != nil && ty.ValueText(src) != "faq" && ty.ValueText(src) != "errata" {
			t.Errorf("faqbox at %d: type %q", f.Start, ty.ValueText(src))
		}
	}
	if items[1] == 0 || items[2] == 0 {
		t.Errorf("list items by depth %v, want depths 1 and 2", items)
	}
	if len(doc.Diagnostics) != 0 {
		t.Errorf("diagnostics on the seed dump: %v", doc.Diagnostics)
	}
}
