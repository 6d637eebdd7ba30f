package source

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// Inputs crafted to be read as something they are not: pages of other
// namespaces and content models, CRLF copies, values of the wrong type,
// oversized lines, deleted texts, damaged compression.

// xmlExport returns an XML export with the given siteinfo body and pages.
func xmlExport(siteinfo, pages string) string {
	return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="es">` +
		"<siteinfo><sitename>Infinity</sitename><dbname>infinity_es</dbname>" + siteinfo + "</siteinfo>\n" +
		pages + "</mediawiki>\n"
}

// xmlPage returns a <page> with one revision of id and text; ns < 0 leaves
// out <ns>; model "" leaves out <model>.
func xmlPage(title string, ns, id int, model, text string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<page><title>%s</title>", title)
	if ns >= 0 {
		fmt.Fprintf(&b, "<ns>%d</ns>", ns)
	}
	fmt.Fprintf(&b, "<revision><id>%d</id><timestamp>2021-02-11T10:26:28Z</timestamp>", id)
	if model != "" {
		fmt.Fprintf(&b, "<model>%s</model>", model)
	}
	fmt.Fprintf(&b, "<text xml:space=\"preserve\">%s</text></revision></page>\n", text)
	return b.String()
}

// apiDoc returns a formatversion 2 response with the given query
// members before "pages" and the page objects.
func apiDoc(before string, pages ...string) string {
	return `{"query":{"general":{"sitename":"Infinity","lang":"es","wikiid":"infinity_es"},` + before +
		`"pages":[` + strings.Join(pages, ",") + `]}}`
}

// apiPageDoc returns a page object; ns < 0 leaves out "ns"; rev is the
// revision object's members after revid and timestamp.
func apiPageDoc(title string, ns, id int, rev string) string {
	nsField := ""
	if ns >= 0 {
		nsField = fmt.Sprintf(`"ns":%d,`, ns)
	}
	return fmt.Sprintf(`{%s"title":%q,"revisions":[{"revid":%d,"timestamp":"2021-02-11T10:26:28Z"%s}]}`, nsField, title, id, rev)
}

func apiText(text string) string {
	return fmt.Sprintf(`,"slots":{"main":{"contentmodel":"wikitext","content":%q}}`, text)
}

// readErrs reads r to the end and returns its revisions and its errors,
// the final one included.
func readErrs(t *testing.T, r Reader) ([]*wikirules.Revision, []*Error) {
	t.Helper()
	revs, errs, final := readAllErrs(t, r)
	var e *Error
	if errors.As(final, &e) {
		errs = append(errs, e)
	}
	return revs, errs
}

func sha1Hex(s string) string {
	sum := sha1.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

func contribsDump(title, text string) string {
	return "Infinity - Contribuciones del usuario [es]\n\n" + title + "\n\n2021-02-11T10:26:28Z\n\nHellLois2:\n\n" + text + "\n"
}

func htmlPage(title string, conf string) string {
	return `<html lang="es"><head><title>` + title + ` - Infinity</title><script>RLCONF={` + conf +
		`};</script></head><body><h1 id="firstHeading">` + title +
		`</h1><div id="mw-content-text"><div class="mw-parser-output"><p>x</p></div></div></body></html>`
}

// TestNamespaceOfEveryReader: a title with a namespace prefix is in that
// namespace whatever the reader, also where the source gives no
// namespace or says 0.
func TestNamespaceOfEveryReader(t *testing.T) {
	titles := map[string]int{
		"Discusión:Esquivar": 1, "Usuario discusión:Ana": 3, "Plantilla discusión:Faqbox": 11, "Talk:Dodge": 1,
		"Módulo:Armas": 828, "User:Bob": 2, "Template:Box": 10, "MediaWiki:Common.css": 8, "Categoría:Estados": 14,
		"Category:States": 14, "Archivo:Logo.png": 6, "File:Logo.png": 6, "Ayuda:Edición": 12, "Help:Editing": 12,
		"Project:Acerca de": 4, "Esquivar": 0, "G: Jumper": 0,
	}
	for title, want := range titles {
		inputs := map[string]Reader{
			"contribs":     NewContribs(strings.NewReader(contribsDump(title, "x")), "c.txt"),
			"xml, no ns":   NewXML(strings.NewReader(xmlExport("", xmlPage(title, -1, 1, "", "x"))), "x.xml"),
			"xml, ns 0":    NewXML(strings.NewReader(xmlExport("", xmlPage(title, 0, 1, "", "x"))), "x.xml"),
			"api, no ns":   NewAPI(strings.NewReader(apiDoc("", apiPageDoc(title, -1, 1, apiText("x")))), "a.json"),
			"api, ns 0":    NewAPI(strings.NewReader(apiDoc("", apiPageDoc(title, 0, 1, apiText("x")))), "a.json"),
			"page text":    NewPageText(strings.NewReader(title+"\nDe Infinity\nx\n"), "p.txt"),
			"html, no ns":  NewHTML(strings.NewReader(htmlPage(title, `"wgTitle":"x"`)), "h.html"),
			"html, ns 0":   NewHTML(strings.NewReader(htmlPage(title, `"wgNamespaceNumber":0`)), "h.html"),
			"html, own ns": NewHTML(strings.NewReader(htmlPage(title, fmt.Sprintf(`"wgNamespaceNumber":%d`, max(want, 0)))), "h.html"),
		}
		for name, r := range inputs {
			revs := readAll(t, r)
			if len(revs) != 1 || revs[0].Page.Title != title || revs[0].Page.Namespace != want {
				t.Errorf("%s, %q: got %d revisions, page %+v; want namespace %d", name, title, len(revs), revs[0].Page, want)
			}
		}
	}
}

// TestSiteinfoNamespaces: the names an export's or the API's siteinfo
// gives (the project namespace is named after the wiki) are namespaces too.
func TestSiteinfoNamespaces(t *testing.T) {
	site := `<namespaces><namespace key="0" case="first-letter" /><namespace key="4" case="first-letter">Infinity</namespace>` +
		`<namespace key="5" case="first-letter">Infinity discusión</namespace></namespaces>`
	xmlRevs := readAll(t, NewXML(strings.NewReader(xmlExport(site,
		xmlPage("Infinity:Acerca de", -1, 1, "", "x")+xmlPage("Infinity discusión:Acerca de", 0, 2, "", "x"))), "x.xml"))
	fv1 := `"namespaces":{"4":{"id":4,"case":"first-letter","*":"Infinity","canonical":"Project"},"5":{"id":5,"*":"Infinity discusión","canonical":"Project talk"}},` +
		`"namespacealiases":[{"id":4,"*":"IW"}],`
	fv2 := `"namespaces":{"4":{"id":4,"name":"Infinity","canonical":"Project"},"5":{"id":5,"name":"Infinity discusión","canonical":"Project talk"}},` +
		`"namespacealiases":[{"id":4,"alias":"IW"}],`
	for name, revs := range map[string][]*wikirules.Revision{
		"xml": xmlRevs,
		"api fv1": readAll(t, NewAPI(strings.NewReader(apiDoc(fv1, apiPageDoc("Infinity:Acerca de", -1, 1, apiText("x")),
			apiPageDoc("Infinity discusión:Acerca de", 0, 2, apiText("x")), apiPageDoc("IW:Normas", -1, 3, apiText("x")))), "a.json")),
		"api fv2": readAll(t, NewAPI(strings.NewReader(apiDoc(fv2, apiPageDoc("Infinity:Acerca de", -1, 1, apiText("x")),
			apiPageDoc("Infinity discusión:Acerca de", 0, 2, apiText("x")), apiPageDoc("IW:Normas", -1, 3, apiText("x")))), "a.json")),
	} {
		want := []int{4, 5, 4}[:len(revs)]
		if len(revs) < 2 {
			t.Fatalf("%s: %d revisions", name, len(revs))
		}
		for i, r := range revs {
			if r.Page.Namespace != want[i] {
				t.Errorf("%s: %q in namespace %d, want %d", name, r.Page.Title, r.Page.Namespace, want[i])
			}
		}
	}
}

// TestContentModels: every reader that is told a content model keeps it.
func TestContentModels(t *testing.T) {
	xmlRevs := readAll(t, NewXML(strings.NewReader(xmlExport("", xmlPage("Estilo.css", 0, 1, "css", "/* x */"))), "x.xml"))
	apiRevs := readAll(t, NewAPI(strings.NewReader(apiDoc("", apiPageDoc("Datos.json", 0, 1,
		`,"slots":{"main":{"contentmodel":"json","content":"{}"}}`))), "a.json"))
	legacy := readAll(t, NewAPI(strings.NewReader(apiDoc("", apiPageDoc("Módulo:Armas", 828, 1,
		`,"contentmodel":"Scribunto","*":"return {}"`))), "a.json"))
	htmlRevs := readAll(t, NewHTML(strings.NewReader(htmlPage("Estilo.css", `"wgPageContentModel":"css"`)), "h.html"))
	for name, got := range map[string]struct {
		revs  []*wikirules.Revision
		model string
	}{"xml": {xmlRevs, "css"}, "api": {apiRevs, "json"}, "api legacy": {legacy, "Scribunto"}, "html": {htmlRevs, "css"}} {
		if len(got.revs) != 1 || got.revs[0].Model != got.model {
			t.Errorf("%s: %d revisions, model %q; want %q", name, len(got.revs), got.revs[0].Model, got.model)
		}
	}
}

// TestCRLFCopies: a copy of an input with CRLF line ends (or a text with
// "\r" in it) gives the same revisions: same text, SHA-1 and derived id.
func TestCRLFCopies(t *testing.T) {
	lf := seedDump(t)
	crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
	a := readAll(t, NewContribs(bytes.NewReader(lf), "lf.txt"))
	b := readAll(t, NewContribs(bytes.NewReader(crlf), "crlf.txt"))
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d and %d revisions", len(a), len(b))
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].SHA1 != b[i].SHA1 || a[i].Text != b[i].Text || strings.Contains(b[i].Text, "\r") {
			t.Errorf("revision %d: %s %s / %s %s", i, a[i].ID, a[i].SHA1, b[i].ID, b[i].SHA1)
		}
	}
	x := readAll(t, NewXML(strings.NewReader(xmlExport("", xmlPage("P", 0, 1, "", "a&#13;\nb&#13;c"))), "x.xml"))
	j := readAll(t, NewAPI(strings.NewReader(apiDoc("", apiPageDoc("P", 0, 1, apiText("a\r\nb\rc")))), "a.json"))
	p := readAll(t, NewPageText(strings.NewReader("P\r\na\r\n"), "p.txt"))
	for name, revs := range map[string][]*wikirules.Revision{"xml": x, "api": j, "page text": p} {
		if len(revs) != 1 || strings.Contains(revs[0].Text, "\r") {
			t.Fatalf("%s: %+v", name, revs)
		}
		if sum := sha1Hex(revs[0].Text); revs[0].SHA1 != sum {
			t.Errorf("%s: SHA1 %s, text's %s", name, revs[0].SHA1, sum)
		}
	}
}

// TestAPIValueErrors: a value of the wrong type is reported at its offset
// in the file; ids and flags MediaWiki never writes are refused.
func TestAPIValueErrors(t *testing.T) {
	good := apiPageDoc("Esquivar", 0, 7, apiText("x"))
	nsCero := strings.Replace(apiPageDoc("Suplantado", 0, 8, apiText("y")), `"ns":0`, `"ns":"cero"`, 1)
	in := apiDoc("", good, nsCero, apiPageDoc("Trabado", 0, 9, apiText("z")))
	e := readErr(t, NewAPI(strings.NewReader(in), "x.json"))
	if want := int64(strings.Index(in, `"cero"`)); e.Offset != want || !strings.Contains(e.Error(), "string where an integer is wanted") || !e.Skippable {
		t.Errorf(`"ns":"cero": %v (offset %d, Skippable %v), want byte %d`, e, e.Offset, e.Skippable, want)
	}
	// Reading goes on after the refused page.
	revs, errs := readErrs(t, NewAPI(strings.NewReader(in), "x.json"))
	if len(revs) != 2 || len(errs) != 1 || revs[1].Page.Title != "Trabado" {
		t.Errorf("after a bad ns: %d revisions, %d errors", len(revs), len(errs))
	}
	userNum := apiDoc("", apiPageDoc("Esquivar", 0, 7, `,"user":5`+apiText("x")))
	e = readErr(t, NewAPI(strings.NewReader(userNum), "x.json"))
	if want := int64(strings.Index(userNum, `5,"slots"`)); e.Offset != want || !strings.Contains(e.Error(), `"user"`) {
		t.Errorf(`"user":5: %v, want byte %d`, e, want)
	}

	for _, tt := range []struct {
		name, rev string
		ok        bool
		minor     bool
	}{
		{"minor fv1", `,"minor":""`, true, true},
		{"minor fv2", `,"minor":true`, true, true},
		{"not minor fv2", `,"minor":false`, true, false},
		{"not minor fv1", ``, true, false},
		{"minor yes", `,"minor":"yes"`, false, false},
		{"minor 1", `,"minor":1`, false, false},
		{"minor null", `,"minor":null`, false, false},
	} {
		in := apiDoc("", apiPageDoc("Esquivar", 0, 7, tt.rev+apiText("x")))
		revs, errs := readErrs(t, NewAPI(strings.NewReader(in), "x.json"))
		if tt.ok && (len(revs) != 1 || revs[0].Minor != tt.minor) || !tt.ok && (len(revs) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "bad minor")) {
			t.Errorf("%s: %d revisions, errors %v", tt.name, len(revs), errs)
		}
	}
	for _, id := range []string{`"abc"`, `"12a"`, `"d12"`, `"wiki:abc"`, `"infinity-es:0"`} {
		in := strings.Replace(apiDoc("", apiPageDoc("Esquivar", 0, 7, apiText("x"))), `"revid":7`, `"revid":`+id, 1)
		if revs, errs := readErrs(t, NewAPI(strings.NewReader(in), "x.json")); len(revs) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "bad revid") {
			t.Errorf("revid %s: %d revisions, errors %v", id, len(revs), errs)
		}
	}
	for _, id := range []string{`"d0123456789abcdef"`, `"infinity-es:1234"`, `"1234"`} {
		in := strings.Replace(apiDoc("", apiPageDoc("Esquivar", 0, 7, apiText("x"))), `"revid":7`, `"revid":`+id, 1)
		if revs := readAll(t, NewAPI(strings.NewReader(in), "x.json")); len(revs) != 1 {
			t.Errorf("revid %s refused", id)
		}
	}
}

// TestLoneJSONValue: a file holding only a number or a string is no page.
func TestLoneJSONValue(t *testing.T) {
	dir := t.TempDir()
	for _, in := range []string{"12345", "12345\n", `"hola"`, " true "} {
		if f, err := Detect([]byte(in), "x"); err == nil || !strings.Contains(err.Error(), "JSON value") {
			t.Errorf("Detect(%q) = %v, %v", in, f, err)
		}
		p := filepath.Join(dir, "v.txt")
		os.WriteFile(p, []byte(in), 0o644)
		if _, _, err := Open(p, ""); err == nil {
			t.Errorf("Open of %q: no error", in)
		}
		if e := readErr(t, NewAPI(strings.NewReader(in), "x.json")); !strings.Contains(e.Error(), "want an object") {
			t.Errorf("API reader on %q: %v", in, e)
		}
	}
	if f, err := Detect([]byte("1984\nDe Infinity\nUna página.\n"), "x"); err != nil || f != wikirules.FormatPageText {
		t.Errorf("a page titled 1984: %v, %v", f, err)
	}
}

// TestMessagesStayShort: whatever the size of a bad value, an error quotes
// an excerpt of it.
func TestMessagesStayShort(t *testing.T) {
	huge := strings.Repeat("A", 1<<20)
	dir := t.TempDir()
	oneLine := filepath.Join(dir, "one-line.txt")
	os.WriteFile(oneLine, []byte(`"`+huge+`"`), 0o644)
	cases := map[string]func() error{
		"contribs header": func() error {
			_, err := NewContribs(strings.NewReader(huge+"\n\nT\n"), "c.txt").Next()
			return err
		},
		"api error": func() error {
			_, err := NewAPI(strings.NewReader(`{"error":{"code":"x","info":"`+huge+`"}}`), "a.json").Next()
			return err
		},
		"api string": func() error {
			_, err := NewAPI(strings.NewReader(`"`+huge+`"`), "a.json").Next()
			return err
		},
		"api key": func() error {
			_, err := NewAPI(strings.NewReader(`{"query":{"pages":{"`+huge+`":1}}}`), "a.json").Next()
			return err
		},
		"api timestamp": func() error {
			_, err := NewAPI(strings.NewReader(strings.Replace(apiDoc("", apiPageDoc("P", 0, 1, apiText("x"))), "2021-02-11T10:26:28Z", huge, 1)), "a.json").Next()
			return err
		},
		"xml ns": func() error {
			_, err := NewXML(strings.NewReader(xmlExport("", "<page><title>P</title><ns>"+huge+"</ns></page>")), "x.xml").Next()
			return err
		},
		"xml timestamp": func() error {
			_, err := NewXML(strings.NewReader(strings.Replace(xmlExport("", xmlPage("P", 0, 1, "", "x")), "2021-02-11T10:26:28Z", huge, 1)), "x.xml").Next()
			return err
		},
		"one-line file": func() error {
			r, _, err := Open(oneLine, "")
			if err != nil {
				return err
			}
			_, err = r.Next()
			return err
		},
	}
	for name, f := range cases {
		err := f()
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if len(err.Error()) > 400 {
			t.Errorf("%s: message of %d bytes: %.200s…", name, len(err.Error()), err)
		}
	}
}

// TestTitleTooLong: a title over MediaWiki's 255 bytes is refused by
// every reader, with an error at it.
func TestTitleTooLong(t *testing.T) {
	long := strings.Repeat("Título largo ", 400<<10/13) // 400 KiB
	readers := map[string]Reader{
		"contribs":  NewContribs(strings.NewReader(contribsDump(long, "x")), "c.txt"),
		"xml":       NewXML(strings.NewReader(xmlExport("", xmlPage(long, 0, 1, "", "x"))), "x.xml"),
		"api":       NewAPI(strings.NewReader(apiDoc("", apiPageDoc(long, 0, 1, apiText("x")))), "a.json"),
		"page text": NewPageText(strings.NewReader(long+"\nx\n"), "p.txt"),
		"html":      NewHTML(strings.NewReader(htmlPage(long, "")), "h.html"),
	}
	for name, r := range readers {
		revs, errs := readErrs(t, r)
		if len(revs) != 0 || len(errs) == 0 || !strings.Contains(errs[0].Error(), "at most 255 bytes") || len(errs[0].Error()) > 400 {
			t.Errorf("%s: %d revisions, errors %.300v", name, len(revs), errs)
		}
	}
}

// TestTextlessRevisions: revisions whose text is deleted are not returned
// but listed, with the reason.
func TestTextlessRevisions(t *testing.T) {
	x := NewXML(strings.NewReader(xmlExport("",
		xmlPage("P", 0, 1, "", "x")+
			`<page><title>Q</title><ns>0</ns><revision><id>2</id><timestamp>2021-02-11T10:26:28Z</timestamp><text deleted="deleted" /></revision></page>`)), "x.xml")
	a := NewAPI(strings.NewReader(apiDoc("",
		apiPageDoc("P", 0, 1, apiText("x")),
		apiPageDoc("Q", 0, 2, `,"slots":{"main":{"contentmodel":"wikitext","texthidden":""}}`),
		apiPageDoc("R", 0, 3, `,"slots":{"main":{"texthidden":true}}`))), "a.json")
	for name, tt := range map[string]struct {
		r    Reader
		want int
	}{"xml": {x, 1}, "api": {a, 2}} {
		revs := readAll(t, tt.r)
		got := tt.r.(TextlessReporter).Textless()
		if len(revs) != 1 || len(got) != tt.want || got[0].Page != "Q" || !strings.Contains(got[0].Why, "deleted") || got[0].Offset <= 0 {
			t.Errorf("%s: %d revisions, textless %+v", name, len(revs), got)
		}
	}
}

// TestAPINullTitle: a page whose title is null is reported at the title,
// and the pages after it are read.
func TestAPINullTitle(t *testing.T) {
	bad := strings.Replace(apiPageDoc("X", 0, 2, apiText("y")), `"X"`, `null`, 1)
	in := apiDoc("", apiPageDoc("P", 0, 1, apiText("x")), bad, apiPageDoc("R", 0, 3, apiText("z")))
	revs, errs := readErrs(t, NewAPI(strings.NewReader(in), "a.json"))
	if len(revs) != 2 || len(errs) != 1 {
		t.Fatalf("%d revisions, errors %v", len(revs), errs)
	}
	if want := int64(strings.Index(in, "null")); errs[0].Offset != want || !strings.Contains(errs[0].Error(), "title is null") {
		t.Errorf("error %v at %d, want the title at byte %d", errs[0], errs[0].Offset, want)
	}
	noTitle := apiDoc("", `{"ns":0,"revisions":[{"revid":2,"timestamp":"2021-02-11T10:26:28Z"`+apiText("y")+`}]}`, apiPageDoc("R", 0, 3, apiText("z")))
	revs, errs = readErrs(t, NewAPI(strings.NewReader(noTitle), "a.json"))
	if len(revs) != 1 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "no title") {
		t.Errorf("page without title: %d revisions, errors %v", len(revs), errs)
	}
	xml := xmlExport("", "<page><title></title><ns>0</ns><revision><id>2</id></revision></page>"+xmlPage("R", 0, 3, "", "z"))
	revs, errs = readErrs(t, NewXML(strings.NewReader(xml), "x.xml"))
	if len(revs) != 1 || len(errs) != 1 || errs[0].Offset != int64(strings.Index(xml, "<title></title>")) {
		t.Errorf("xml empty title: %d revisions, errors %v", len(revs), errs)
	}
}

// TestXMLOnlyUTF8: an export declaring another encoding gets an error
// that says only UTF-8 is read.
func TestXMLOnlyUTF8(t *testing.T) {
	in := `<?xml version="1.0" encoding="ISO-8859-1"?>` + "\n" + xmlExport("", xmlPage("P", 0, 1, "", "x"))
	e := readErr(t, NewXML(strings.NewReader(in), "x.xml"))
	if !strings.Contains(e.Error(), "only UTF-8 is read") || strings.Contains(e.Error(), "CharsetReader") {
		t.Errorf("error %v", e)
	}
	ascii := `<?xml version="1.0" encoding="US-ASCII"?>` + "\n" + xmlExport("", xmlPage("P", 0, 1, "", "x"))
	if revs := readAll(t, NewXML(strings.NewReader(ascii), "x.xml")); len(revs) != 1 {
		t.Errorf("US-ASCII export: %d revisions", len(revs))
	}
}

func gzipped(t *testing.T, b []byte) []byte {
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestCompressedErrors: errors in a compressed file say that their offsets
// count decompressed bytes, and damage in the compressed stream is
// reported as such, not as the XML it garbled.
func TestCompressedErrors(t *testing.T) {
	dir := t.TempDir()
	export, err := os.ReadFile("testdata/export-0.11.xml")
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(export, []byte("<timestamp>2021-02-11T10:26:28Z"), []byte("<timestamp>ayer"), 1)
	p := filepath.Join(dir, "bad.xml.gz")
	os.WriteFile(p, gzipped(t, bad), 0o644)
	r, _, err := Open(p, "")
	if err != nil {
		t.Fatal(err)
	}
	e := readErr(t, r)
	if !strings.Contains(e.Error(), "byte ") || !strings.Contains(e.Error(), "of the decompressed gzip data") || e.Compression != "gzip" {
		t.Errorf("error %v", e)
	}

	// One bit flipped in the deflate stream of the seed export decompresses
	// into garbled XML long before gzip checks its CRC, at the end.
	seed, _ := seedExport(t)
	gz := gzipped(t, []byte(seed))
	gz[len(gz)/3+4] ^= 0x10
	p = filepath.Join(dir, "damaged.xml.gz")
	os.WriteFile(p, gz, 0o644)
	r, _, err = Open(p, "")
	if err != nil {
		if !strings.Contains(err.Error(), "gzip") {
			t.Fatalf("Open: %v", err)
		}
		return
	}
	var first error // what an ingest without -keep-going reports
	for first == nil {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			first = err
		}
	}
	if first == nil || !strings.Contains(first.Error(), "damaged gzip data") || !strings.Contains(first.Error(), "reader had failed here first") {
		t.Errorf("damaged gzip: first error %v", first)
	}
	if _, again := r.Next(); again != first {
		t.Errorf("damaged gzip: then %v", again)
	}
}
