package wikitext

import (
	"strings"
	"testing"
)

// fuzzMaxBytes bounds the repeated input FuzzParse builds, so that an
// execution stays around a millisecond.
const fuzzMaxBytes = 64 << 10

// FuzzParse checks that Parse never panics, keeps every span in bounds and
// nested in its parent, tiles the source at the top level, sorts its
// diagnostics and is deterministic. To reach large inputs it also parses
// the input repeated (1 to 16 copies, as reps says, up to fuzzMaxBytes)
// and repeated twice as often, and checks that the work grows less than
// 3.5 times: linear work doubles, quadratic work quadruples. (Doubling can
// cost more than twice where the copies first fill MaxDepth with pieces
// left open: 16 to 32 copies of the input in testdata/fuzz/FuzzParse/
// 701be1c7d8352ab8 cost 2.84 times the work, 64 to 128 copies 2.13.) Seeds: the testdata
// pages, the seed dump (222 KB) and its revisions, the table-test inputs
// and the worst shapes of TestLinearTime at 16 KiB; inputs found failing
// are kept under testdata/fuzz.
//
// Minimising each new input is capped (Go's default spends up to a minute
// on each, which stalls the run on long inputs):
//
//	go test ./wikitext -run XXX -fuzz FuzzParse -fuzztime 5m -fuzzminimizetime 10x
func FuzzParse(f *testing.F) {
	inputs := testInputs(f)
	for _, src := range inputs {
		if len(src) > 100000 { // the dump: its revisions, and all as one long revision
			for _, r := range seedRevisions(src) {
				f.Add(r, uint8(0))
			}
		}
		f.Add(src, uint8(1))
	}
	for _, tt := range parseTests {
		f.Add(tt.input, uint8(7))
	}
	for _, tt := range mediawikiTests {
		f.Add(tt.input, uint8(15))
	}
	for _, build := range worstShapes(f) {
		f.Add(build(16<<10), uint8(0))
	}
	f.Fuzz(func(t *testing.T, src string, reps uint8) {
		doc := Parse(src)
		checkDocument(t, src, doc)
		if a, b := Dump(doc), Dump(Parse(src)); a != b {
			t.Fatalf("Parse(%q) is not deterministic:\n%s\n%s", src, a, b)
		}
		if src == "" {
			return
		}
		n := min(1+int(reps)%16, max(1, fuzzMaxBytes/len(src)))
		once, twice := strings.Repeat(src, n), strings.Repeat(src, 2*n)
		_, w1 := parse(once)
		doc2, w2 := parse(twice)
		checkDocument(t, twice, doc2)
		if float64(w2) > 3.5*float64(w1)+4*float64(len(src))+1024 {
			t.Fatalf("%d copies of %q: work %d, %d copies: work %d: super-linear", n, src, w1, 2*n, w2)
		}
	})
}

// checkDocument fails t when doc, parsed from src, breaks the span
// invariants or its diagnostics are out of bounds or unsorted.
func checkDocument(t *testing.T, src string, doc *Document) {
	t.Helper()
	if err := checkSpans(doc); err != nil {
		t.Fatalf("Parse(%.200q): %v", src, err)
	}
	for i, d := range doc.Diagnostics {
		if d.Pos < 0 || d.Pos > d.End || d.End > len(src) {
			t.Fatalf("Parse(%.200q): diagnostic %v out of bounds", src, d)
		}
		if i > 0 && d.Pos < doc.Diagnostics[i-1].Pos {
			t.Fatalf("Parse(%.200q): diagnostics not sorted", src)
		}
	}
}
