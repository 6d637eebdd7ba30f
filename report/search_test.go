package report

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/wikirules/wikirules"
)

func TestUnmark(t *testing.T) {
	tests := []struct {
		in, want string
		spans    []wikirules.Span
	}{
		{"declarar «Berserk» en Estado «Trabado».", "declarar Berserk en Estado Trabado.", []wikirules.Span{{Start: 9, End: 16}, {Start: 27, End: 34}}},
		{"sin marcas", "sin marcas", []wikirules.Span{}},
		{"abre «sin cerrar", "abre «sin cerrar", []wikirules.Span{}},
		{"«á»", "á", []wikirules.Span{{Start: 0, End: 2}}},
		{"«Esquivar» y «sin cerrar", "Esquivar y «sin cerrar", []wikirules.Span{{Start: 0, End: 8}}},
	}
	for _, tc := range tests {
		got, spans := Unmark(tc.in)
		if got != tc.want || !reflect.DeepEqual(spans, tc.spans) {
			t.Errorf("Unmark(%q) = %q %v, want %q %v", tc.in, got, spans, tc.want, tc.spans)
		}
	}
}

func TestUnmarkSpans(t *testing.T) {
	const marked = "declarar «Berserk» en Estado «Trabado»." // « and » are 2 bytes each
	tests := []struct {
		name  string
		spans []wikirules.Span
		want  string
		out   []wikirules.Span
	}{
		{"both", []wikirules.Span{{Start: 11, End: 18}, {Start: 33, End: 40}}, "declarar Berserk en Estado Trabado.",
			[]wikirules.Span{{Start: 9, End: 16}, {Start: 27, End: 34}}},
		{"second only", []wikirules.Span{{Start: 33, End: 40}}, "declarar «Berserk» en Estado Trabado.",
			[]wikirules.Span{{Start: 31, End: 38}}},
		{"not at markers", []wikirules.Span{{Start: 0, End: 8}}, marked, []wikirules.Span{}},
		{"out of range", []wikirules.Span{{Start: 40, End: 60}}, marked, []wikirules.Span{}},
		{"none", nil, marked, []wikirules.Span{}},
	}
	for _, tc := range tests {
		got, out := UnmarkSpans(marked, tc.spans)
		if got != tc.want || !reflect.DeepEqual(out, tc.out) {
			t.Errorf("%s: UnmarkSpans = %q %v, want %q %v", tc.name, got, out, tc.want, tc.out)
		}
	}
}

// TestSearchResultsOnSample checks SearchResultOf and CountFacets on the
// knowledge base's FTS5 hits for real queries: highlights point at the
// words that were marked, and each facet adds up to the hits.
func TestSearchResultsOnSample(t *testing.T) {
	db := sampleDB(t)
	for _, q := range []string{"berserk trabado", "esquivar plantilla", "LDT"} {
		hits, err := db.SearchText(t.Context(), q, wikirules.Filter{Limit: 20})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if len(hits) == 0 {
			t.Fatalf("%q: no hits in the sample", q)
		}
		marked := 0
		for _, h := range hits {
			r := SearchResultOf(h)
			if r.Citation != h.Citation || r.Score != h.Score || r.Text == "" {
				t.Errorf("%q: result %+v does not carry hit %s", q, r.Result, h.Citation)
			}
			// The highlights, put back between markers, give the snippet.
			var back string
			pos := 0
			for _, sp := range r.Highlights {
				back += r.Snippet[pos:sp.Start] + MarkOpen + r.Snippet[sp.Start:sp.End] + MarkClose
				pos = sp.End
			}
			if back += r.Snippet[pos:]; back != h.Snippet {
				t.Errorf("%q: highlights %v of %q do not give back %q", q, r.Highlights, r.Snippet, h.Snippet)
			}
			marked += len(r.Highlights)
		}
		if marked == 0 {
			t.Errorf("%q: no snippet marks a matched word", q)
		}
		facets := CountFacets(hits)
		for _, name := range []string{"kind", "edition", "page"} {
			f, sum := facets[name], 0
			for i, c := range f.Counts {
				sum += c.Count
				if i > 0 && (c.Count > f.Counts[i-1].Count || c.Count == f.Counts[i-1].Count && c.Value < f.Counts[i-1].Value) {
					t.Errorf("%q: facet %s out of order at %d: %v", q, name, i, f.Counts)
				}
			}
			if sum != len(hits) {
				t.Errorf("%q: facet %s counts %d hits, want %d", q, name, sum, len(hits))
			}
		}
	}
}

func ExampleUnmark() {
	plain, spans := Unmark("declarar «Berserk» en Estado «Trabado».")
	fmt.Println(plain)
	for _, sp := range spans {
		fmt.Println(sp.Start, sp.End, plain[sp.Start:sp.End])
	}
	// Output:
	// declarar Berserk en Estado Trabado.
	// 9 16 Berserk
	// 27 34 Trabado
}
