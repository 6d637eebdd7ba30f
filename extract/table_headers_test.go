package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// tableRowsOf extracts src (wikitext, page text or HTML by format) as an
// English page and returns the plain text of its table rows, checking
// that the records and layout still rebuild the text.
func tableRowsOf(t *testing.T, src string, format wikirules.Format) []string {
	t.Helper()
	ts := time.Date(2025, 4, 25, 15, 31, 0, 0, time.UTC)
	rev := wikirules.Revision{Page: wikirules.Page{Title: "Chart", Language: "en", Wiki: "infinity-en"}, Timestamp: ts,
		Text: src, ID: wikirules.DeriveRevisionID("Chart", ts, src), Format: format}
	var x *wikirules.Extraction
	if format == wikirules.FormatContribs {
		x = ExtractText(rev)
		if Rebuild(src, x) != src {
			t.Errorf("records and layout do not rebuild the text")
		}
	} else {
		x = ExtractRendered(rev)
	}
	var out []string
	for _, r := range x.Records {
		if r.Ordinal > 0 && r.Kind != wikirules.KindEffect {
			out = append(out, r.Plain)
		}
	}
	return out
}

func TestTableHeadersWikitext(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"caption row and header row", "{| class=\"wikitable\"\n|-\n! colspan=\"3\" | Chart\n|-\n! Level !! Attack MOD !! Burst MOD\n|-\n| 3 || +3 || +1 SD\n|}\n",
			[]string{"Level: 3; Attack MOD: +3; Burst MOD: +1 SD"}},
		{"two header rows, rowspan and colspan", "{|\n! rowspan=2 | Weapon !! colspan=2 | Range\n|-\n! Short !! Long\n|-\n| Pistol || +3 || -3\n|}\n",
			[]string{"Weapon: Pistol; Range Short: +3; Range Long: -3"}},
		{"a data cell spanning differently labelled columns", "{|\n! Level !! Attack MOD !! Burst MOD\n|-\n| 1 || colspan=2 | none\n|}\n",
			[]string{"Level: 1; none"}},
		{"a rowspan cell is a value of the rows it covers", "{|\n! Ammo !! Roll !! Effect\n|-\n| rowspan=2 | PARA || PH-6 || IMM-A\n|-\n| PH-3 || IMM-B\n|}\n",
			[]string{"Ammo: PARA; Roll: PH-6; Effect: IMM-A", "Ammo: PARA; Roll: PH-3; Effect: IMM-B"}},
		{"a header column: the row header heads its row", "{|\n! Range\n| 8 || 16\n|-\n! Burst\n| 2\n|}\n",
			[]string{"Range: 8; 16", "Burst: 2"}},
		{"header row and header column", "{|\n! Ammunition !! No. of Rolls\n|-\n! N\n| 1\n|}\n",
			[]string{"Ammunition: N; No. of Rolls: 1"}},
		{"no header cells: the row stays as it is", "{|\n| a || b\n|-\n| c || d\n|}\n",
			[]string{"a | b", "c | d"}},
		{"a one-cell header over one column is the table's title", "{|\n! Quick Reference\n|-\n| The army is in Loss of Lieutenant.\n|}\n",
			[]string{"The army is in Loss of Lieutenant."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tableRowsOf(t, tc.src, wikirules.FormatContribs)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("rows\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestTableHeadersHTML(t *testing.T) {
	src := `<div class="mw-parser-output"><table class="wikitable"><tbody>` +
		`<tr><th colspan="3">Martial Arts Chart</th></tr>` +
		`<tr><th rowspan="2">Level</th><th colspan="2">MOD</th></tr>` +
		`<tr><th>Attack</th><th>Burst</th></tr>` +
		`<tr><td>3</td><td>+3</td><td>+1 SD</td></tr>` +
		`<tr><td>4</td><td colspan="2">see below</td></tr>` +
		`</tbody></table><table><tr><td>a</td><td>b</td></tr></table></div>`
	got := tableRowsOf(t, src, wikirules.FormatHTML)
	want := []string{"Level: 3; MOD Attack: +3; MOD Burst: +1 SD", "Level: 4; see below", "a | b"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows\n%q\nwant\n%q", got, want)
	}
}

func TestTableHeadersPageText(t *testing.T) {
	src := "Chart\n\nIntro line of the page.\n\n" +
		"Ammunition Saving Roll No. of Rolls No. of Critical Rolls Special Effect\n" +
		"N ARM/BTS* 1 2\n" +
		"AP ARM/BTS* 1 2 Reduces the ARM or BTS value of its target to half of its original value.\n" +
		"PARA PH-6 1 2 IMM-A\n\n" +
		"Level Attack MOD Opponent MOD Damage MOD (PH) Burst MOD\n" +
		"3 +3 -3 +2 0\n" +
		"5 +3 -3 +1B, +1 SD\n" +
		"4 +3 -3 +3\n"
	got := tableRowsOf(t, src, wikirules.FormatPageText)
	want := []string{
		"Ammunition: N; Saving Roll: ARM/BTS*; No. of Rolls: 1; No. of Critical Rolls: 2",
		"Ammunition: AP; Saving Roll: ARM/BTS*; No. of Rolls: 1; No. of Critical Rolls: 2; Special Effect: Reduces the ARM or BTS value of its target to half of its original value.",
		"Ammunition: PARA; Saving Roll: PH-6; No. of Rolls: 1; No. of Critical Rolls: 2; Special Effect: IMM-A",
		"Level: 3; Attack MOD: +3; Opponent MOD: -3; Damage MOD (PH): +2; Burst MOD: 0",
		// "+1B, +1 SD" is one cell, so the row is one cell short; every
		// column is numeric: which one is empty cannot be told, and the
		// rows stay as they are
		"5 +3 -3 +1B, +1 SD",
		"4 +3 -3 +3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows\n%q\nwant\n%q", got, want)
	}
}

func TestTextRowsAbstain(t *testing.T) {
	labels := []string{"Name", "Attack MOD", "Skill Type"}
	// a mixed column (numbers and words) types nothing: no row is read
	if got := textRows(labels, []string{"A 1 Short", "B x Long"}); got != nil {
		t.Errorf("mixed column: %q, want nil", got)
	}
	// a header word no table word covers leaves the table as it is
	var c rconv
	c.v = Default()
	if got := c.headerLabels("Level Attack MOD Frobnication"); got != nil {
		t.Errorf("header labels %q, want nil", got)
	}
}
