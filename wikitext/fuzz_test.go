package wikitext

import (
	"testing"
)

// FuzzParse checks that Parse never panics, keeps every span in bounds and
// nested in its parent, tiles the source at the top level, and is
// deterministic. Seeds: the testdata pages, the seed dump's revisions and
// the table-test inputs; crashers found are kept under testdata/fuzz.
//
//	go test ./wikitext -run XXX -fuzz FuzzParse -fuzztime 3m
func FuzzParse(f *testing.F) {
	inputs := testInputs(f)
	for _, src := range inputs {
		if len(src) > 100000 { // the dump: seed with its revisions
			for _, r := range seedRevisions(src) {
				f.Add(r)
			}
			continue
		}
		f.Add(src)
	}
	for _, tt := range parseTests {
		f.Add(tt.input)
	}
	f.Fuzz(func(t *testing.T, src string) {
		doc := Parse(src)
		if err := checkSpans(doc); err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		for i, d := range doc.Diagnostics {
			if d.Pos < 0 || d.Pos > d.End || d.End > len(src) {
				t.Fatalf("Parse(%q): diagnostic %v out of bounds", src, d)
			}
			if i > 0 && d.Pos < doc.Diagnostics[i-1].Pos {
				t.Fatalf("Parse(%q): diagnostics not sorted", src)
			}
		}
		if a, b := Dump(doc), Dump(Parse(src)); a != b {
			t.Fatalf("Parse(%q) is not deterministic:\n%s\n%s", src, a, b)
		}
	})
}
