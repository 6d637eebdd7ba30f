package extract

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/wikirules/wikirules"
)

func TestDebugDump(t *testing.T) {
	title := os.Getenv("DUMP")
	if title == "" {
		t.Skip()
	}
	x := ExtractText(seedRevision(t, title))
	b, _ := json.MarshalIndent(x, "", "  ")
	os.Stdout.Write(b)
}

func TestDebugStats(t *testing.T) {
	if os.Getenv("STATS") == "" {
		t.Skip()
	}
	kinds := map[string]int{}
	for _, rev := range seedRevisions(t) {
		x := ExtractText(rev)
		for _, d := range x.Diagnostics {
			t.Log(d)
		}
		for k, n := range x.Unknown {
			t.Logf("%s: unknown %s x%d", rev.Page.Title, k, n)
		}
		for _, r := range x.Records {
			kinds[string(r.Kind)]++
		}
	}
	t.Log(kinds)
}

func TestDebugBrief(t *testing.T) {
	title := os.Getenv("BRIEF")
	if title == "" {
		t.Skip()
	}
	x := ExtractText(seedRevision(t, title))
	for _, r := range x.Records {
		alt := ""
		if r.Alternative != "" {
			alt = " alt=" + r.Alternative[len(r.Alternative)-4:]
		}
		txt := r.Plain
		if len(txt) > 90 {
			txt = txt[:90]
		}
		t.Logf("%-12s %2d.%d %-6s %v%s %v f=%v n=%v | %s", r.Kind, r.Ordinal, r.Depth, r.Editions, r.Section, alt, r.Title, r.Fields, r.Notes, txt)
	}
	t.Log("cats", x.Categories, "ed", x.PageEditions, "unk", x.Unknown, "faqs", len(x.FAQs))
	for _, f := range x.FAQs {
		t.Logf("FAQ %s %s %s %s | Q=%s | A=%.60s | rel=%v", f.ID, f.Type, f.Title, f.Editions, f.Question, f.Answer, f.Related)
	}
}

func TestDebugFixture(t *testing.T) {
	name := os.Getenv("FIX")
	if name == "" {
		t.Skip()
	}
	b, _ := os.ReadFile("testdata/" + name)
	x := ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "Fixture"}, ID: "r1", Text: string(b)})
	for _, r := range x.Records {
		t.Logf("%-12s %2d.%d %-6s %v alt=%q v=%q sup=%v by=%q id=%s %v f=%v n=%v | %.80s", r.Kind, r.Ordinal, r.Depth, r.Editions, r.Section, r.Alternative, r.Version, r.Superseded, r.SupersededBy, r.ID, r.Title, r.Fields, r.Notes, r.Text)
	}
	t.Log("cats", x.Categories, "ed", x.PageEditions, "unk", x.Unknown, "faqs", len(x.FAQs), "diag", x.Diagnostics, "cov", x.Coverage(len(b)))
}
