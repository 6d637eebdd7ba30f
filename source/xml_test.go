package source

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// fixtureRevision is what the fixtures under testdata/ hold (written by
// hand from the seed pages Esquivar and Suplantado; see the files).
type fixtureRevision struct {
	title, id, parent, ts, user, comment string
	minor                                bool
	prefix, suffix                       string
}

var fixtureRevisions = []fixtureRevision{
	{"Esquivar", "infinity-es:101", "", "2021-02-10T18:00:00Z", "HellLois2", "Página creada con «{{section-common-skills}}»", false,
		"{{section-common-skills}}\n\n{{skillbox |greenyellow| ESQUIVAR | HABILIDAD CORTA / ORA}}", "* En Turno Reactivo se dispone de una ORA válida."},
	{"Esquivar", "infinity-es:102", "infinity-es:101", "2021-02-11T10:26:28Z", "81.45.12.7", "", true,
		"{{section-common-skills}}", "hasta un máximo de 5 cm.\n\n[[Category: Common Skills]]"},
	{"Esquivar", "infinity-es:105", "infinity-es:102", "2021-03-01T09:00:00Z", "Judge \"Mk\" <Ñ>", "errata 1.1 & typo", false,
		"{{section-common-skills}}", "hasta un máximo de 5 cm (2 pulgadas) & <nada más>.\n\n[[Category: Common Skills]]"},
	{"Suplantado", "infinity-es:201", "", "2021-02-11T11:03:18Z", "HellLois2", "", false,
		"{{section-game-states}}\n{{n4only}}", "de 360˚.\n* Las únicas ORA que se pueden ejecutar contra un Marcador de Suplantado son: [[Descubrir]], [[Esquivar]], [[Reset]] o [[Alertar]]."},
	{"Suplantado", "infinity-es:202", "infinity-es:201", "2021-02-11T11:04:04Z", "HellLois2", "categoría", false,
		"{{section-game-states}}", "[[Alertar]].\n\n[[Category: Game States]]"},
}

func checkFixture(t *testing.T, file string, r Reader) {
	t.Helper()
	revs := readAll(t, r)
	if len(revs) != len(fixtureRevisions) {
		t.Fatalf("%s: %d revisions, want %d", file, len(revs), len(fixtureRevisions))
	}
	for i, w := range fixtureRevisions {
		g := revs[i]
		if g.Page.Title != w.title || g.Page.Language != "es" || g.Page.Wiki != "infinity-es" || g.Page.Namespace != 0 {
			t.Errorf("%s #%d: page %+v", file, i, g.Page)
		}
		if g.ID != w.id || g.ParentID != w.parent || g.Timestamp.Format(time.RFC3339) != w.ts || g.User != w.user ||
			g.Comment != w.comment || g.Minor != w.minor {
			t.Errorf("%s #%d: got id %s parent %q ts %s user %q comment %q minor %v", file, i, g.ID, g.ParentID,
				g.Timestamp.Format(time.RFC3339), g.User, g.Comment, g.Minor)
		}
		if !strings.HasPrefix(g.Text, w.prefix) || !strings.HasSuffix(g.Text, w.suffix) {
			t.Errorf("%s #%d: text %q", file, i, g.Text)
		}
		if g.SHA1 == "" || !strings.HasPrefix(g.Origin, file+":") {
			t.Errorf("%s #%d: sha1 %q origin %q", file, i, g.SHA1, g.Origin)
		}
	}
}

// TestFixtures reads the same revisions from the XML exports and the API
// responses of testdata (checkFixture).
func TestFixtures(t *testing.T) {
	for _, tc := range []struct {
		file string
		open func(io.Reader, string) Reader
	}{
		{"testdata/export-0.10.xml", NewXML},
		{"testdata/export-0.11.xml", NewXML},
		{"testdata/api-fv1.json", NewAPI},
		{"testdata/api-fv2.json", NewAPI},
		{"testdata/api-legacy-fv1.json", NewAPI},
	} {
		f, err := os.Open(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		checkFixture(t, tc.file, tc.open(f, tc.file))
		f.Close()
	}
}

func TestSHA1Base36(t *testing.T) {
	tests := []struct{ hex, b36 string }{
		// sha1("") as MediaWiki stores it for an empty revision.
		{"da39a3ee5e6b4b0d3255bfef95601890afd80709", "phoiac9h4m842xq45sp7s6u21eteeq1"},
		{"0000000000000000000000000000000000000001", "0000000000000000000000000000001"},
		{"not hex", ""},
	}
	for _, tt := range tests {
		if got := SHA1Base36(tt.hex); got != tt.b36 {
			t.Errorf("SHA1Base36(%q) = %q, want %q", tt.hex, got, tt.b36)
		}
	}
}

// readErr reads r to its first error, which must be an *Error (sticky
// unless skippable), and returns it.
func readErr(t *testing.T, r Reader) *Error {
	t.Helper()
	for {
		_, err := r.Next()
		if err == nil {
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %v (%T) is not *Error", err, err)
		}
		if _, again := r.Next(); !e.Skippable && again != err {
			t.Errorf("Next after failure returned %v, want the same error", again)
		}
		return e
	}
}

// TestReaderErrors checks that bad input to the contributions, page text
// and HTML readers gives a sticky *Error (readErr) naming the file, byte
// offset and line.
func TestReaderErrors(t *testing.T) {
	full := string(readFixture(t, "activacion-old-headings.html"))
	cut := full[:strings.Index(full, "FAQs &amp; Errata")]
	tests := []struct {
		name, in string
		open     func(io.Reader, string) Reader
		off      int64
		line     int
		msg      string
	}{
		{"no-header-tag.txt", "Infinity - Contribuciones del usuario\n\nX\n", NewContribs, 0, 1, "language tag"},
		{"not-a-revision.txt", "W - C [es]\n\nTitle\n\nnot a time\n\nU:\n\ntext", NewContribs, 12, 3, "want a revision header"},
		{"invalid-utf-8.txt", "W - C [es]\n\nT\n\n2021-02-11T11:04:04Z\n\nU:\n\nab\xffc\n", NewContribs, 43, 9, "invalid UTF-8"},
		{"bad-utf8", "Título\nUna línea\nmal \xff aquí\n", NewPageText, 23, 3, "invalid UTF-8"},
		{"empty", "", NewPageText, 0, 1, "empty"},
		{"no-title", "\nTexto sin título\n", NewPageText, 0, 1, "no page title"},
		{"cut.html", cut, NewHTML, int64(len(cut)), 1 + strings.Count(cut, "\n"), "cut short"},
		{"plain.html", "<html><body><p>Hola</p></body></html>", NewHTML, 0, 1, "not a rendered MediaWiki page"},
		{"latin1.html", "<div class=\"mw-parser-output\"><p>Acci\xf3n</p></div>", NewHTML, 37, 1, "invalid UTF-8"},
		{"empty.html", "  \n", NewHTML, 0, 1, "empty"},
	}
	for _, tc := range tests {
		e := readErr(t, tc.open(strings.NewReader(tc.in), tc.name))
		if e.File != tc.name || e.Offset != tc.off || e.Line != tc.line || !strings.Contains(e.Error(), tc.msg) {
			t.Errorf("%s: error %q (file %q line %d offset %d), want line %d offset %d %q",
				tc.name, e, e.File, e.Line, e.Offset, tc.line, tc.off, tc.msg)
		}
	}
}

func TestXMLErrors(t *testing.T) {
	src, err := os.ReadFile("testdata/export-0.11.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	textAt := strings.Index(s, "{{section-game-states}}")
	tests := []struct {
		name   string
		in     string
		msg    string
		offset int64 // -1: any
		line   int   // -1: any
	}{
		{"truncated inside text", s[:textAt+10], "truncated XML", -1, -1},
		{"truncated between pages", s[:strings.Index(s, "  <page>\n    <title>Suplantado")], "truncated XML", -1, -1},
		{"invalid UTF-8", s[:textAt] + "\xff" + s[textAt:], "invalid UTF-8", int64(textAt), strings.Count(s[:textAt], "\n") + 1},
		{"sha1 mismatch", strings.Replace(s, "360˚", "360°", 1), `page "Suplantado" revision 201: text SHA-1`, -1, -1},
		{"bad timestamp", strings.Replace(s, "2021-02-11T11:04:04Z", "11 feb 2021", 1), `revision 202: bad <timestamp>`, -1, -1},
		{"not an export", "<html><body>x</body></html>", "root element <html>", -1, -1},
		{"syntax error", s[:textAt] + "</mediawiki>" + s[textAt:], "element <text> closed by </mediawiki>", -1, strings.Count(s[:textAt], "\n") + 1},
		{"empty", "", "no <mediawiki> element", 0, -1},
		{"id a path", strings.Replace(s, "<id>102</id>", "<id>../../etc</id>", 1), `bad <id> "../../etc"`, -1, -1},
		{"parentid a number in exponent form", strings.Replace(s, "<parentid>101</parentid>", "<parentid>1.5e300</parentid>", 1), `bad <parentid> "1.5e300"`, -1, -1},
	}
	for _, tt := range tests {
		e := readErr(t, NewXML(strings.NewReader(tt.in), "x.xml"))
		if e.File != "x.xml" || !strings.Contains(e.Error(), tt.msg) ||
			(tt.offset >= 0 && e.Offset != tt.offset) || (tt.line >= 0 && e.Line != tt.line) {
			t.Errorf("%s: error %q (offset %d line %d)", tt.name, e, e.Offset, e.Line)
		}
	}
	// A text whose byte count disagrees with the bytes attribute.
	bad := strings.Replace(s, `<text bytes="`, `<text bytes="9`, 1)
	if e := readErr(t, NewXML(strings.NewReader(bad), "x.xml")); !strings.Contains(e.Error(), `page "Esquivar" revision 101: text has`) {
		t.Errorf("bytes mismatch: %v", e)
	}
	// A mismatching base-36 <sha1> in the middle of a long export is caught
	// at that revision, after the good ones were read.
	parts := strings.SplitN(s, "</sha1>", 4)
	r := NewXML(strings.NewReader(parts[0]+"</sha1>"+parts[1]+"</sha1>"+parts[2]+"z</sha1>"+parts[3]), "x.xml")
	n := 0
	err = nil
	for err == nil {
		if _, err = r.Next(); err == nil {
			n++
		}
	}
	var e *Error
	if n != 2 || !errors.As(err, &e) || !e.Skippable || !strings.Contains(err.Error(), `page "Esquivar" revision 105: text SHA-1`) {
		t.Fatalf("read %d revisions before %v, want 2 and a skippable error on revision 105", n, err)
	}
	// The export is well-formed: reading goes on with Suplantado.
	var ids []string
	for {
		rev, err := r.Next()
		if err != nil {
			if err != io.EOF {
				t.Fatal(err)
			}
			break
		}
		ids = append(ids, rev.ID)
	}
	if strings.Join(ids, " ") != "infinity-es:201 infinity-es:202" {
		t.Errorf("after the skippable error: %v, want infinity-es:201 infinity-es:202", ids)
	}
	// A syntax error is final.
	if e := readErr(t, NewXML(strings.NewReader(s[:textAt]+"<"), "x.xml")); e.Skippable {
		t.Errorf("truncated export gave a skippable error %v", e)
	}
}
