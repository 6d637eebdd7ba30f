package index

import (
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// densestQuadratic is densest as it was first written: for each range,
// every later range is read to count those the window holds.
func densestQuadratic(ranges []wikirules.Span) int {
	best, bestN := 0, -1
	for i, r := range ranges {
		from := max(0, r.Start-snippetLead)
		n := 0
		for _, s := range ranges[i:] {
			if s.End <= from+snippetBytes {
				n++
			}
		}
		if n > bestN {
			best, bestN = from, n
		}
	}
	return best
}

// wordRanges returns the byte ranges of the instances of word in body
// (case-sensitive), sorted, as bodyRanges gives them.
func wordRanges(body, word string) []wikirules.Span {
	var out []wikirules.Span
	for at := 0; ; {
		i := strings.Index(body[at:], word)
		if i < 0 {
			return out
		}
		out = append(out, wikirules.Span{Start: at + i, End: at + i + len(word)})
		at += i + len(word)
	}
}

// TestDensestAsQuadratic checks that densest chooses the window the
// quadratic count chose, on the pages of testdata/wiki-pages for their
// common words and on random sorted, overlapping ranges.
func TestDensestAsQuadratic(t *testing.T) {
	files, err := filepath.Glob("../testdata/wiki-pages/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("wiki pages: %v, %d files", err, len(files))
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		body := string(data)
		for _, w := range []string{"de", "la", "the", "a", "e", "Orden", "Order", "MOD", " "} {
			ranges := mergeSpans(wordRanges(body, w), len(body))
			if got, want := densest(ranges), densestQuadratic(ranges); got != want {
				t.Errorf("%s, %q: densest %d, quadratic %d", filepath.Base(f), w, got, want)
			}
			checked++
		}
	}
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 2000; k++ {
		n := 1 + rng.Intn(3000)
		var in []wikirules.Span
		for at := 0; at < n; {
			at += rng.Intn(60)
			in = append(in, wikirules.Span{Start: at, End: at + 1 + rng.Intn(300)})
		}
		ranges := mergeSpans(in, n+400)
		if got, want := densest(ranges), densestQuadratic(ranges); got != want {
			t.Fatalf("random ranges %v: densest %d, quadratic %d", ranges, got, want)
		}
		checked++
	}
	t.Logf("%d range sets", checked)
}

// TestSnippetLinear cuts the snippet of a body of one long line whose
// every word matches, at two sizes, the larger twice the other: the steps
// of choosing its window (windowWork) at most about double. The quadratic
// count read about n²/2 ranges for n matches (a 7 MiB one-line page, 13 s).
func TestSnippetLinear(t *testing.T) {
	size := 64 << 10
	var work [2]uint64
	for k, n := range []int{size, 2 * size} {
		body := strings.Repeat("tropa enemiga ", n/len("tropa enemiga "))
		ranges := append(wordRanges(body, "tropa"), wordRanges(body, "enemiga")...)
		ranges = bodyOrder(ranges)
		before := windowWork.Load()
		s, spans := snippet(body, ranges)
		work[k] = windowWork.Load() - before
		if len(spans) == 0 || !strings.HasPrefix(s, "«tropa» «enemiga»") || len(s) > 400 {
			t.Errorf("%d bytes: snippet %q, %d marks", n, s, len(spans))
		}
		if m := uint64(len(ranges)); work[k] < m {
			t.Errorf("%d bytes: window work %d, less than the %d ranges: not counted", n, work[k], m)
		}
	}
	t.Logf("window work %d at %d bytes, %d at %d", work[0], size, work[1], 2*size)
	if work[1] > work[0]*5/2 {
		t.Errorf("window work %d at %d bytes, %d at %d: more than twice", work[0], size, work[1], 2*size)
	}
}

// bodyOrder sorts ranges as bodyRanges does (by start, then end).
func bodyOrder(r []wikirules.Span) []wikirules.Span {
	out := append([]wikirules.Span(nil), r...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End < out[j].End
	})
	return out
}
