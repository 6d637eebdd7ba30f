package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestHighlightPair reads the N5 wiki's pair form of a highlight
// (Possessed State, PDF 2.1): the markers leave no debris in the text, the
// words between them are the record's errata highlight, a start without
// its end and an end without its start mark nothing.
func TestHighlightPair(t *testing.T) {
	src := "{{cancellation}}\n{{update | PDF 2.1, July 2023}}\n" +
		"* {{erratahighlight}}When a TAG is in Possessed State, its Pilot cannot Mount.{{erratahighlight-end}} Then it acts.\n" +
		"* Before {{erratahighlight}}the start alone.\n" +
		"* The end alone.{{erratahighlight-end}}\n" +
		"{{update-end}}\n"
	ts := time.Date(2025, 4, 25, 15, 31, 0, 0, time.UTC)
	rev := wikirules.Revision{Page: wikirules.Page{Title: "Possessed State", Language: "en", Wiki: "infinity-en"}, Timestamp: ts,
		Text: src, ID: wikirules.DeriveRevisionID("Possessed State", ts, src), Format: wikirules.FormatContribs}
	x := ExtractText(rev)
	want := []string{"When a TAG is in Possessed State, its Pilot cannot Mount. Then it acts.", "Before the start alone.", "The end alone."}
	var got []string
	for _, r := range x.Records {
		got = append(got, r.Plain)
		if strings.Contains(r.Text, "{{") || strings.Contains(r.Text, "}}") {
			t.Errorf("template debris in %q", r.Text)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("records %q, want %q", got, want)
	}
	if h := x.Records[0].Fields["errata_highlight"]; h != "When a TAG is in Possessed State, its Pilot cannot Mount." {
		t.Errorf("highlight %q", h)
	}
	if h := x.Records[1].Fields["errata_highlight"] + x.Records[2].Fields["errata_highlight"]; h != "" {
		t.Errorf("an unpaired marker highlighted %q", h)
	}
	if Rebuild(src, x) != src || len(x.Unknown) > 0 {
		t.Errorf("rebuild ok %v, unknown templates %v", Rebuild(src, x) == src, x.Unknown)
	}
}
