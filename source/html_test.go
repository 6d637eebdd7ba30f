package source

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "rendered", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHTMLFixtures reads the two rendered HTML fixtures: a saved page with
// RLCONF and the footer's last-edit line (native id, exact time), and one
// without them (derived id, time of its update marker, inferred).
func TestHTMLFixtures(t *testing.T) {
	tests := []struct {
		file, title, id string
		ts              time.Time
		inferred        bool
	}{
		{"activacion-old-headings.html", "Activación de una Tropa", "infinity-es:18342", time.Date(2022, 11, 30, 10, 15, 0, 0, time.UTC), false},
		{"integridad-new-headings.html", "Integridad del Fireteam", "", time.Date(2022, 3, 1, 0, 0, 0, 0, time.UTC), true},
	}
	for _, tc := range tests {
		b := readFixture(t, tc.file)
		rev, err := NewHTML(strings.NewReader(string(b)), tc.file).Next()
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		id := tc.id
		if id == "" {
			id = wikirules.DeriveRevisionID(tc.title, tc.ts, string(b))
		}
		if rev.Page.Title != tc.title || rev.Page.Language != "es" || rev.Page.Wiki != "infinity-es" {
			t.Errorf("%s: page %+v", tc.file, rev.Page)
		}
		if rev.ID != id || !rev.Timestamp.Equal(tc.ts) || rev.TimestampInferred != tc.inferred {
			t.Errorf("%s: id %s time %v inferred %v; want %s %v %v", tc.file, rev.ID, rev.Timestamp, rev.TimestampInferred, id, tc.ts, tc.inferred)
		}
		if rev.Text != string(b) || rev.Format != wikirules.FormatHTML {
			t.Errorf("%s: text not verbatim or format %s", tc.file, rev.Format)
		}
	}
}

// TestParseLastMod reads MediaWiki's footer line in Spanish and English.
func TestParseLastMod(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"Esta página se editó por última vez el 11 feb 2021 a las 10:26.", time.Date(2021, 2, 11, 10, 26, 0, 0, time.UTC), true},
		{"Esta página se editó por última vez el 3 de marzo de 2022 a las 09:05.", time.Date(2022, 3, 3, 9, 5, 0, 0, time.UTC), true},
		{"This page was last edited on 11 February 2021, at 10:26.", time.Date(2021, 2, 11, 10, 26, 0, 0, time.UTC), true},
		{"Texto disponible bajo licencia", time.Time{}, false},
	}
	for _, tc := range tests {
		got, ok := parseLastMod(tc.in)
		if !got.Equal(tc.want) || ok != tc.ok {
			t.Errorf("parseLastMod(%q) = %v %v, want %v %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzHTML reads arbitrary input as rendered HTML: no panic, and what
// drain checks of every reader. Seeds: templates of both heading layouts
// with a long article (see grow).
func FuzzHTML(f *testing.F) {
	// Seeds stay near 300 bytes: each run of the reader costs some 0.1 ms
	// (goquery), and minimisation tries every subsequence.
	head := `<html lang="es"><head><title>E - I</title><script>RLCONF={"wgNamespaceNumber":0,"wgRevisionId":102,` +
		`"wgPageContentModel":"wikitext"};</script></head><body><h1 id="firstHeading">E</h1><div class="mw-parser-output">`
	foot := `</div></body></html>`
	seed(f, 3000, head+`<h2><span class="mw-headline">Efectos</span></h2>`+marked("<ul><li>Una &amp; <b>x</b></li></ul>\r\n")+foot)
	seed(f, 2000, head+`<div class="mw-heading mw-heading2"><h2>A</h2></div>`+marked("<p>Actualización 1.0, ene 2021</p>")+foot)
	seed(f, 500, strings.Replace(head, ">E</h1>", ">"+marked("Título ")+"</h1>", 1)+foot)
	f.Add([]byte(`<div id="mw-content-text"><p>x</p></div><div id="footer-info-lastmod">Editada el 11 feb 2021 a las 10:26.</div>`))
	f.Add([]byte(`<div class="mw-parser-output"><h2><span class="mw-headline">A</span></h2><p>Actualización 1.0, ene 2021</p>`))
	f.Add([]byte(`<html><body><h1 id="firstHeading">Discusión:Esquivar</h1><div class="mw-parser-output"></div></body></html>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		b = grow(b)
		revs := drain(t, NewHTML(bytes.NewReader(b), "fuzz.html"), len(b))
		if len(revs) > 1 {
			t.Fatalf("%d revisions from one page", len(revs))
		}
	})
}
