package extract

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// The extractors' fuzz targets read a small input that stands for a long
// one (grow): "5000\x00PREFIX\x00UNIT\x00SUFFIX" is PREFIX, UNIT repeated
// 5000 times and SUFFIX, up to 1 MiB, so that the fuzzer mutates, and
// minimises, a few hundred bytes that stand for a long revision: Go's
// minimisation costs time quadratic in the length of what it minimises,
// and removes the count's digits first (they lead the input). Run one with
//
//	go test -run '^$' -fuzz '^FuzzExtract$' -fuzztime 5m ./extract

// maxGrown bounds the size of a grown input.
const maxGrown = 1 << 20

// grow returns the input s stands for: when s is a count (1 to 6 digits),
// a NUL, a prefix, a NUL, a unit, a NUL and the rest, the prefix, the unit
// repeated count times (up to maxGrown bytes in all) and the rest; any
// other input as it is.
func grow(s string) string {
	d := 0
	for d < len(s) && d < 6 && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	if d == 0 || d >= len(s) || s[d] != 0 {
		return s
	}
	n, _ := strconv.Atoi(s[:d])
	rest := s[d+1:]
	i := strings.IndexByte(rest, 0)
	if i < 0 {
		return s
	}
	j := strings.IndexByte(rest[i+1:], 0)
	if j < 0 {
		return s
	}
	j += i + 1
	unit, reps := rest[i+1:j], 0
	if len(unit) > 0 {
		reps = max(min(n, (maxGrown-len(s))/len(unit)), 0)
	}
	return rest[:i] + strings.Repeat(unit, reps) + rest[j+1:]
}

// seed adds the input grow reads as s with its marked unit (marked)
// repeated n times.
func seed(f *testing.F, n int, s string) { f.Add(strconv.Itoa(n) + "\x00" + s) }

// marked returns unit between the marks of the part grow repeats.
func marked(unit string) string { return "\x00" + unit + "\x00" }

// FuzzExtract checks that extraction never panics and stays lossless on
// any input: spans in bounds, records and layout never overlapping, every
// byte covered (a diagnostic names any byte left over, and there must be
// none), record ids unique, and the same input giving the same ids.
// Seeds: the fixtures, malformed pairs, and templates of the worst shapes
// with long revisions.
func FuzzExtract(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.wiki")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(string(b[:min(len(b), 300)])) // minimising costs time quadratic in the length
		}
	}
	for _, s := range []string{
		"", "{{", "}}", "{{c1end}}{{n4end}}", "{{c1}}\n* a\n{{n4list}}\n* b", "* {{c1end}} x {{n4}}\n",
		"{{greybox-start}}\n{{greybox-start|t}}\n{{important-end}}", "{{weapon}}\n{{weaponrow}}\n|}",
		"{{faqbox}}", "{{skill-label|A}}\n{{skillbox}}", "{{seefaq}}\n{{seefaq|x}}", "{{update}}{{original}}{{original-end}}",
		"== a ==\n{{n4inline}}x{{n4inline-end}}\n[[Category:]]", "{{important|}}\n{{important|[[a|b]]}}",
	} {
		f.Add(s)
	}
	seed(f, 5000, "{{effects}}\n"+marked("palabra &eacute; <b>x</b>\n"))
	seed(f, 5000, marked("* a [[Enlace]]\n** b {{seefaq|n}}\n*** c\n"))
	seed(f, 8000, marked("{|\n|"))
	seed(f, 3000, "{{weapon}}\n"+marked("{{weaponrow|Arma|1|2}}\n")+"|}\n")
	seed(f, 2000, "{{c1}}\n"+marked("* a\n{{n4inline}}x{{n4inline-end}}\n")+"{{c1end}}{{n4list}}\n* b\n{{n4end}}")
	seed(f, 1000, marked("{{faqbox | type = faq | title = N4 FAQ | version = 1.0 | q = ¿x? | a = y | related = [[A]] }}\n"))
	seed(f, 4000, marked("<!-- c --><ref>r</ref>{{{{{{x}}}}}}"))
	seed(f, 999, "{{greybox-start|t}}\n"+marked("== h ==\n'''b''' ''i''\n")+"{{greybox-end}}")
	f.Fuzz(func(t *testing.T, text string) {
		text = grow(text)
		rev := wikirules.Revision{Page: wikirules.Page{Title: "Fuzz"}, ID: "r", Text: text}
		x := ExtractText(rev)
		at := 0
		for _, p := range Partition(x) {
			if p.Span.Start < at || p.Span.Start > p.Span.End || p.Span.End > len(text) {
				t.Fatalf("piece %+v after %d (len %d)", p, at, len(text))
			}
			at = p.Span.End
		}
		for _, d := range x.Diagnostics {
			if strings.Contains(d, "neither a record nor layout") {
				t.Fatalf("uncovered bytes: %s", d)
			}
		}
		if Rebuild(text, x) != text {
			t.Fatalf("rebuild differs")
		}
		ids := map[string]bool{}
		for _, r := range x.Records {
			if ids[r.ID] {
				t.Fatalf("record id %s twice", r.ID)
			}
			ids[r.ID] = true
		}
		if len(text) > 8<<10 {
			return // determinism is checked on short inputs: a second run doubles the cost of every try of minimisation
		}
		y := ExtractText(rev)
		for i := range x.Records {
			if x.Records[i].ID != y.Records[i].ID {
				t.Fatalf("ids differ between two runs")
			}
		}
	})
}
