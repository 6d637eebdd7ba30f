package extract

import (
	"io"
	"os"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// renderedSeed reads a rendered seed file of the embedded sample with
// source.NewPageText.
func renderedSeed(t testing.TB, name string) wikirules.Revision {
	t.Helper()
	f, err := sample.FS().Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rev, err := source.NewPageText(f, name).Next()
	if err != nil {
		t.Fatal(err)
	}
	return *rev
}

func TestDebugRendered(t *testing.T) {
	name := os.Getenv("RENDERED")
	if name == "" {
		t.Skip()
	}
	var rev wikirules.Revision
	if b, err := os.ReadFile(name); err == nil {
		rev = wikirules.Revision{Page: wikirules.Page{Title: "Fixture"}, ID: "r1", Text: string(b), Format: wikirules.FormatPageText}
		if len(b) > 0 && b[0] == '<' {
			rev.Format = wikirules.FormatHTML
		}
	} else {
		rev = renderedSeed(t, name)
	}
	var faqs []wikirules.FAQ
	for _, r := range seedRevisions(t) {
		faqs = append(faqs, ExtractText(r).FAQs...)
	}
	x := ExtractRenderedWith(rev, RenderedOptions{FAQs: NewFAQCatalog(faqs...)})
	for _, r := range x.Records {
		by := ""
		if r.SupersededBy != "" {
			by = r.SupersededBy[len(r.SupersededBy)-4:]
		}
		t.Logf("%-10s %2d.%d %-5s %v v=%q sup=%v by=%s id=%s f=%v [%d,%d) | %.70s", r.Kind, r.Ordinal, r.Depth, r.Editions, r.Section, r.Version, r.Superseded, by, r.ID[len(r.ID)-4:], r.Fields, r.Span.Start, r.Span.End, r.Plain)
	}
	for _, f := range x.FAQs {
		t.Logf("FAQ %s %s %q %q | %.60s | %v", f.ID, f.Type, f.Title, f.Version, f.Question, f.Related)
	}
	t.Log("ed", x.PageEditions, "cats", x.Categories, "links", len(x.Links), "diag", x.Diagnostics, "cov", x.Coverage(len(rev.Text)))
	_ = io.EOF
}
