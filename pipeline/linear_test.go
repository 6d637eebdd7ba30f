package pipeline

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"html"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/source"
	"github.com/wikirules/wikirules/wikitext"
)

// The worst shapes of a revision known, each a unit repeated up to the
// revision's size: what made a stage quadratic once (a paragraph of short
// lines joined line by line, '{|\n|' repeated, many links in one record),
// and what makes many nodes or records (lists, table rows, tags,
// comments) or none (one long line). Brace runs are short here: long ones
// are the parser's own test (wikitext), measured apart from the stages
// below.
var worstShapes = []struct {
	name, unit string
	records    bool // makes a record per unit: stored at a smaller size
}{
	{"short lines", "palabra\n", false},
	{"long line", "palabra ", false},
	{"brace runs", "{{{{{{x}}}}}}{{a|{{b|{{c}}}}}}", false},
	{"nested lists", "* a\n** b\n*** c\n**** d\n*** e\n", true},
	{"tables", "{|\n|", false},
	{"table rows", "{|\n| a || b\n|-\n| c\n|}\n", true},
	{"comments", "<!-- x -->", false},
	{"tags", "<ref>x</ref><b>y</b><nowiki>z</nowiki><span style=\"a\">s</span>", false},
	{"entities", "&eacute;&lt;&#124;", false},
	{"links", "[[Página]] [[Otra|texto]] ", false},
}

// work returns the bytes the Go heap allocated while f ran, and how many
// allocations: counts, not time, so the test does not depend on the
// machine's load. They are the whole process's counts: the tests that
// call work are not parallel, and the package's parallel tests wait
// until they are done.
func work(f func()) (bytes, allocs uint64) {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc, b.Mallocs - a.Mallocs
}

// shapeText returns unit repeated to size bytes.
func shapeText(unit string, size int) string { return strings.Repeat(unit, size/len(unit)) }

// inputs returns text as one revision of page P in each input format.
func inputs(t testing.TB, text string) map[wikirules.Format][]byte {
	t.Helper()
	rev := &wikirules.Revision{Page: wikirules.Page{Title: "P", Language: "es", Wiki: "infinity-es"}, ID: "1",
		Timestamp: time.Date(2021, 2, 11, 10, 26, 28, 0, time.UTC), User: "HellLois2", Text: text}
	var xml, api bytes.Buffer
	if err := source.WriteXML(&xml, []*wikirules.Revision{rev}); err != nil {
		t.Fatal(err)
	}
	if err := source.WriteAPI(&api, []*wikirules.Revision{rev}); err != nil {
		t.Fatal(err)
	}
	return map[wikirules.Format][]byte{
		wikirules.FormatContribs: []byte("Infinity - Contribuciones del usuario [es]\n\nP\n\n2021-02-11T10:26:28Z\n\nHellLois2:\n\n" + text + "\n"),
		wikirules.FormatXML:      xml.Bytes(),
		wikirules.FormatAPI:      api.Bytes(),
		wikirules.FormatPageText: []byte("P\nDe Infinity\n" + text + "\n"),
		wikirules.FormatHTML: []byte(`<html lang="es"><head><title>P - Infinity</title></head><body><h1 id="firstHeading">P</h1>` +
			`<div id="mw-content-text"><div class="mw-parser-output"><p>` + html.EscapeString(text) + `</p></div></div></body></html>`),
	}
}

// readOne reads the one revision of data in format f.
func readOne(t testing.TB, f wikirules.Format, data []byte) *wikirules.Revision {
	t.Helper()
	r := source.For(f)(bytes.NewReader(data), "linear."+string(f))
	rev, err := r.Next()
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("%s: after the revision: %v", f, err)
	}
	return rev
}

// checkDoubling fails when the work measured at twice the size is more
// than about twice the work at the size (doublingExcess).
func checkDoubling(t *testing.T, what string, size int, small, large [2]uint64) {
	t.Helper()
	for _, e := range doublingExcess(size, small, large) {
		t.Errorf("%s: %s", what, e)
	}
}

// doublingExcess says how the work at twice the size is more than about
// twice the work at the size: 2.5 times, plus 8 bytes per byte of the
// larger input and 1,024 allocations (a buffer growing by a factor may
// take one more step at one size than at the other: encoding/xml's,
// io.ReadAll's and the HTML tokenizer's do). A quadratic stage exceeds
// that by orders of magnitude: joining lines one copy per line allocated
// 4.4 GB for 256 KiB. TestDoublingCatchesQuadratic checks that the sizes
// of TestStagesLinear are large enough for quadratic work to show.
func doublingExcess(size int, small, large [2]uint64) []string {
	var e []string
	if large[0] > small[0]*5/2+uint64(8*2*size) {
		e = append(e, fmt.Sprintf("%d bytes allocated at %d bytes, %d at %d: more than twice", small[0], size, large[0], 2*size))
	}
	if large[1] > small[1]*5/2+1024 {
		e = append(e, fmt.Sprintf("%d allocations at %d bytes, %d at %d: more than twice", small[1], size, large[1], 2*size))
	}
	return e
}

// linearMiB is the size of the larger revisions of TestStagesLinear, in
// MiB: 8 checks up to the largest revision ingested (MaxRevisionBytes),
// in some minutes; the default, defaultLinearMiB, keeps the test at some
// seconds and is large enough for quadratic work to show
// (TestDoublingCatchesQuadratic).
var linearMiB = flag.Float64("linear-mib", defaultLinearMiB, "size in MiB of the larger revisions of TestStagesLinear (8: the largest ingested)")

// defaultLinearMiB is the default of -linear-mib: 128 KiB.
const defaultLinearMiB = 0.125

// linearSize returns the size of the smaller revisions of
// TestStagesLinear: half of -linear-mib, or 32 KiB with -short.
func linearSize() int {
	if testing.Short() {
		return 32 << 10
	}
	return int(*linearMiB*(1<<20)) / 2
}

// TestStagesLinear feeds each reader, the extractors and the store
// revisions of every worst shape at two sizes, the larger twice the other
// (-linear-mib, default 128 KiB; 64 KiB with -short), and checks that the
// work of each stage, counted in bytes and allocations of the Go heap, at
// most about doubles with the revision. The store is fed the shapes that
// make a record per unit at a sixteenth of the size: 8 MiB of list items
// is 1.5 million records, whose storing is SQLite's I/O more than our
// code (minutes on a 2-core machine).
func TestStagesLinear(t *testing.T) {
	size := linearSize()
	storeRecords := size / 16
	ctx := context.Background()
	v := extract.Default()
	for _, sh := range worstShapes {
		var read [2]map[wikirules.Format][2]uint64
		var extr, stor [2][2]uint64
		rend := map[bool]*[2][2]uint64{false: {}, true: {}} // rendered text, HTML
		storeSize := size
		if sh.records {
			storeSize = storeRecords
		}
		for k, n := range []int{size, 2 * size} {
			text := shapeText(sh.unit, n)
			read[k] = map[wikirules.Format][2]uint64{}
			for f, data := range inputs(t, text) {
				var rev *wikirules.Revision
				b, a := work(func() { rev = readOne(t, f, data) })
				read[k][f] = [2]uint64{b, a}
				if extract.IsRendered(f) {
					b, a := work(func() { extract.ExtractRendered(*rev) })
					rend[f == wikirules.FormatHTML][k] = [2]uint64{b, a}
				}
			}
			rev := wikirules.Revision{Page: wikirules.Page{Title: "P"}, ID: "r", Text: text}
			doc := wikitext.Parse(text) // the parser's own cost is its test's
			var x *wikirules.Extraction
			b, a := work(func() { x = v.Extract(rev, doc) })
			extr[k] = [2]uint64{b, a}
			doc = nil

			if n = []int{storeSize, 2 * storeSize}[k]; n != len(text) {
				rev.Text = shapeText(sh.unit, n)
				x = v.Extract(rev, wikitext.Parse(rev.Text))
			}
			db, _ := openDB(t)
			b, a = work(func() {
				w, err := db.Begin(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if err := w.Put(ctx, kb.Item{Rev: rev, X: x}); err != nil {
					t.Fatalf("%s: store %d bytes: %v", sh.name, n, err)
				}
				if _, err := w.Commit(); err != nil {
					t.Fatal(err)
				}
			})
			stor[k] = [2]uint64{b, a}
			db.Close()
		}
		for f := range read[0] {
			checkDoubling(t, fmt.Sprintf("%s: %s reader", sh.name, f), size, read[0][f], read[1][f])
		}
		checkDoubling(t, sh.name+": extractor", size, extr[0], extr[1])
		checkDoubling(t, sh.name+": rendered text extractor", size, rend[false][0], rend[false][1])
		checkDoubling(t, sh.name+": rendered HTML extractor", size, rend[true][0], rend[true][1])
		checkDoubling(t, sh.name+": store", storeSize, stor[0], stor[1])
	}
}

// TestDoublingCatchesQuadratic checks that quadratic work shows at the
// sizes of TestStagesLinear: real stages pass the doubling check and the
// same stages with quadratic work added fail it, the work being what once
// made a stage quadratic (a paragraph joined one copy per line) or a
// milder kind (a list grown by a constant).
//
// The sizes are those of TestStagesLinear up to its default: a quadratic
// stage takes quadratic time, and at a larger size the quadratic work
// only stands out more against the linear.
func TestDoublingCatchesQuadratic(t *testing.T) {
	size := min(linearSize(), int(defaultLinearMiB*(1<<20))/2)
	v := extract.Default()
	shape := func(name string) string {
		for _, sh := range worstShapes {
			if sh.name == name {
				return sh.unit
			}
		}
		t.Fatalf("no shape %q", name)
		return ""
	}
	rendered := func(text string) *wikirules.Extraction {
		return extract.ExtractRendered(wikirules.Revision{Page: wikirules.Page{Title: "P"}, ID: "r", Format: wikirules.FormatPageText, Text: text})
	}
	extracted := func(text string) *wikirules.Extraction {
		return v.Extract(wikirules.Revision{Page: wikirules.Page{Title: "P"}, ID: "r", Text: text}, wikitext.Parse(text))
	}
	var joined string                // kept, so that the joins are done
	var sinkRecs []*wikirules.Record // the same for the list
	stages := []struct {
		name, shape string
		stage       func(text string) // the real stage
		quadratic   func(text string) // the same, with quadratic work added
	}{
		// A paragraph joined line by line, a copy of it per line.
		{"joined lines", "short lines",
			func(text string) { rendered(text) },
			func(text string) {
				rendered(text)
				cur := ""
				for _, line := range strings.Split(text, "\n") {
					cur += " " + line
				}
				joined = cur
			}},
		// A list of the records grown by a constant, 2 records, instead
		// of by a factor: a copy of the list per 2 records.
		{"list grown by 2", "table rows",
			func(text string) { extracted(text) },
			func(text string) {
				x := extracted(text)
				var recs []*wikirules.Record
				for i := range x.Records {
					if len(recs) == cap(recs) {
						grown := make([]*wikirules.Record, len(recs), len(recs)+2)
						copy(grown, recs)
						recs = grown
					}
					recs = append(recs, &x.Records[i])
				}
				sinkRecs = recs
			}},
	}
	for _, st := range stages {
		small, large := shapeText(shape(st.shape), size), shapeText(shape(st.shape), 2*size)
		measure := func(f func(string)) (s, l [2]uint64) {
			s[0], s[1] = work(func() { f(small) })
			l[0], l[1] = work(func() { f(large) })
			return s, l
		}
		if s, l := measure(st.stage); doublingExcess(size, s, l) != nil {
			t.Errorf("%s: the real stage fails the check at %d bytes: %v", st.name, size, doublingExcess(size, s, l))
		}
		if s, l := measure(st.quadratic); doublingExcess(size, s, l) == nil {
			t.Errorf("%s: quadratic work passes the check at %d bytes: %d bytes and %d allocations, then %d and %d",
				st.name, size, s[0], s[1], l[0], l[1])
		}
	}
	_, _ = joined, sinkRecs
}
