package extract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// FuzzExtract checks that extraction never panics and stays lossless on
// any input: spans in bounds, records and layout never overlapping, every
// byte covered (a diagnostic names any byte left over, and there must be
// none), and the same input giving the same ids. Seeds: the fixtures, the
// golden pages and malformed pairs. Run with
// `go test ./extract -fuzz FuzzExtract -fuzztime 1m`.
func FuzzExtract(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.wiki")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err == nil {
			f.Add(string(b))
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
	f.Fuzz(func(t *testing.T, text string) {
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
		y := ExtractText(rev)
		for i := range x.Records {
			if x.Records[i].ID != y.Records[i].ID {
				t.Fatalf("ids differ between two runs")
			}
		}
	})
}
