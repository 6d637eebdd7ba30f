package wikitext

import (
	"flag"
	"runtime"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/sample"
)

// worstShapes are the inputs known to have made wikitext parsers (this one
// included) super-linear, each a function building it to about size bytes.
func worstShapes(t testing.TB) map[string]func(size int) string {
	seed := testInputs(t)[sample.DumpName]
	rep := func(s string) func(int) string {
		return func(size int) string { return strings.Repeat(s, size/len(s)) }
	}
	half := func(open, close string) func(int) string {
		return func(size int) string {
			n := size / 2 / len(open)
			return strings.Repeat(open, n) + strings.Repeat(close, n)
		}
	}
	return map[string]func(int) string{
		"paragraph of short lines":    rep("palabra\n"),
		"brace runs":                  half("{{", "}}"),
		"argument runs":               half("{{{", "}}}"),
		"link runs":                   half("[[", "]]"),
		"brace run closed piecewise":  piecewise("{", "}}x"),
		"link run closed piecewise":   piecewise("[", "]]x"),
		"nested templates":            half("{{a|", "}}"),
		"unclosed templates":          rep("{{a|b\n"),
		"unclosed links":              rep("[[a|"),
		"language conversion":         half("-{", "}-"),
		"unclosed language runs":      rep("-{a|"),
		"nested lists":                rep(nestedLists(60)),
		"table openers":               rep("{|\n|"),
		"table rows":                  rep("{|\n| a || b\n|-\n"),
		"template tables":             half("{{weapon}}\n", "|}\n"),
		"comments":                    rep("<!-- x -->"),
		"unclosed comments":           rep("<!-- "),
		"unclosed tags":               rep("<ref>{{a}}"),
		"tags without >":              rep("<ref "),
		"closed tags":                 rep("<ref>a</ref>"),
		"includeonly":                 rep("<includeonly>a"),
		"ignored tags":                rep("<noinclude>{{a|</noinclude>"),
		"one long line":               rep("abc "),
		"one long line of quotes":     rep("a''b'''c "),
		"heading lines in a template": func(size int) string { return "{{a|" + rep("\n== b ==")(size) },
		"behaviour switches":          rep("__NOTOC___"),
		"underscores":                 rep("_"),
		"seed dump":                   rep(seed),
	}
}

// piecewise returns a function building one long run of open, then close
// repeated: each close matches part of the run, and what lies between grows.
func piecewise(open, close string) func(int) string {
	return func(size int) string {
		n := size / 2 / len(close)
		return strings.Repeat(open, 2*n) + strings.Repeat(close, n)
	}
}

// nestedLists returns list lines "*# x" … down to 2*depth list characters.
func nestedLists(depth int) string {
	var b strings.Builder
	for d := 1; d <= depth; d++ {
		b.WriteString(strings.Repeat("*#", d) + " x\n")
	}
	return b.String()
}

// measure parses src and returns the work counted, the allocations and the
// bytes allocated.
func measure(src string) (work int, mallocs, bytes uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, work = parse(src)
	runtime.ReadMemStats(&after)
	return work, after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// TestLinearTime feeds the parser inputs of the worst shapes known at
// -linear-mib and half of it, and checks that the work (bytes examined by
// the scans) and the allocations at most about double, and that the work
// stays under 8 and the bytes allocated under 100 per input byte (the
// bytes allocated are not compared: a slice that doubles its capacity
// makes them jump by up to 2 either way). Work is counted, not timed.
// With -short the inputs are 1 MiB.
// linearMiB is the size of TestLinearTime's larger inputs: 2 MiB by
// default (the work counted is exact, so a quadratic shape already
// shows at that size), 8 for the largest revision ingest accepts.
var linearMiB = flag.Float64("linear-mib", 2, "size in MiB of the larger inputs of TestLinearTime (8: the largest revision ingested)")

func TestLinearTime(t *testing.T) {
	size := int(*linearMiB * (1 << 20))
	if testing.Short() {
		size = 1 << 20
	}
	for name, build := range worstShapes(t) {
		t.Run(name, func(t *testing.T) {
			small, large := build(size/2), build(size)
			w1, m1, _ := measure(small)
			w2, m2, b2 := measure(large)
			ratio := float64(len(large)) / float64(len(small))
			check := func(what string, a, b uint64) {
				if float64(b) > 1.15*ratio*float64(a)+4096 {
					t.Errorf("%s: %d for %d bytes, %d for %d bytes: more than doubles",
						what, a, len(small), b, len(large))
				}
			}
			check("work", uint64(w1), uint64(w2))
			check("allocations", m1, m2)
			if w2 > 8*len(large) {
				t.Errorf("work %d for %d bytes: over 8 per byte", w2, len(large))
			}
			if b2 > 100*uint64(len(large)) {
				t.Errorf("%d bytes allocated for %d bytes: over 100 per byte", b2, len(large))
			}
			t.Logf("%s: %d bytes: work %d, %d allocations, %d bytes allocated", name, len(large), w2, m2, b2)
		})
	}
}
