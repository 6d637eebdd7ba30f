package extract

import (
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestParserDiagnostics checks that what the wikitext parser finds
// malformed reaches the extraction's diagnostics, each naming the page,
// the revision and the byte where it starts: an unclosed template, link
// and table.
func TestParserDiagnostics(t *testing.T) {
	text := "{{skillbox |red| ROTO | HABILIDAD\n{{effects}}\n* Regla sin [[cierre.\n{| class=\"wikitable\"\n| a\n"
	rev := wikirules.Revision{Page: wikirules.Page{Title: "Roto", Language: "es"}, ID: "r1", Text: text}
	x := ExtractText(rev)
	want := []string{
		"Roto (rev r1): byte 0: unclosed {{ left as text",
		"Roto (rev r1): byte " + strconv.Itoa(strings.Index(text, "[[")) + ": unclosed [[ left as text",
		"Roto (rev r1): byte " + strconv.Itoa(strings.Index(text, "{|")) + ": unclosed table {| runs to the end",
	}
	for _, w := range want {
		found := false
		for _, d := range x.Diagnostics {
			found = found || d == w
		}
		if !found {
			t.Errorf("no diagnostic %q in %q", w, x.Diagnostics)
		}
	}
	if x := ExtractText(wikirules.Revision{Page: rev.Page, ID: "r2", Text: "{{n4only}}\n{{effects}}\n* Regla con [[Enlace]].\n"}); len(x.Diagnostics) != 0 {
		t.Errorf("well-formed text: diagnostics %q", x.Diagnostics)
	}
}
