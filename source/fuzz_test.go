package source

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// The readers' fuzz targets read a small input that stands for a long
// one (grow): "5000\x00PREFIX\x00UNIT\x00SUFFIX" is PREFIX, UNIT repeated
// 5000 times and SUFFIX, up to 1 MiB. Seeds are such templates of every
// shape the readers know, with long revisions, plus small plain inputs.
// The fuzzer mutates the count too, and Go's minimisation of a new input,
// whose cost is quadratic in its length (it tries removing every
// subsequence, running the target each time) and which only minimises
// byte and string arguments, removes the count's digits first (they lead
// the input): every later try runs on a short input. Seeds of a few KB
// stalled a worker for the whole minimisation budget (60 s) each time a
// mutation found new coverage. Run one with
//
//	go test -run '^$' -fuzz '^FuzzXML$' -fuzztime 5m ./source

// growMark separates the parts of a grown input.
const growMark = 0

// maxGrown bounds the size of a grown input.
const maxGrown = 1 << 20

// grow returns the input in stands for: when in is a count (1 to 6
// digits), a mark, a prefix, a mark, a unit, a mark and the rest, the
// prefix, the unit repeated count times (up to maxGrown bytes in all) and
// the rest; any other input as it is.
func grow(in []byte) []byte {
	d := 0
	for d < len(in) && d < 6 && in[d] >= '0' && in[d] <= '9' {
		d++
	}
	if d == 0 || d >= len(in) || in[d] != growMark {
		return in
	}
	n, _ := strconv.Atoi(string(in[:d]))
	rest := in[d+1:]
	i := bytes.IndexByte(rest, growMark)
	if i < 0 {
		return in
	}
	j := bytes.IndexByte(rest[i+1:], growMark)
	if j < 0 {
		return in
	}
	j += i + 1
	unit, reps := rest[i+1:j], 0
	if len(unit) > 0 {
		reps = max(min(n, (maxGrown-len(in))/len(unit)), 0)
	}
	out := make([]byte, 0, len(in)+len(unit)*reps)
	out = append(out, rest[:i]...)
	for range reps {
		out = append(out, unit...)
	}
	return append(out, rest[j+1:]...)
}

// seed adds the input grow reads as s with its marked unit (marked)
// repeated n times.
func seed(f *testing.F, n int, s string) { f.Add([]byte(strconv.Itoa(n) + "\x00" + s)) }

// marked returns unit between the marks of the part grow repeats.
func marked(unit string) string { return "\x00" + unit + "\x00" }

// longText is the unit of a long revision in the seeds: one line of
// each construct a rule page has.
const longText = "* Una línea corta con [[Enlace]] y {{plantilla|a=b}} ''x'' &lt;b&gt;\n"

// drain reads r to the end or the first error and checks what every
// reader promises: SHA1 is the hex SHA-1 of Text, Text has "\n" line
// ends, titles are what MediaWiki accepts, errors are *Error and sticky
// and quote no more than an excerpt of the input, and the number of
// revisions is bounded by the input size.
func drain(t *testing.T, r Reader, size int) []*wikirules.Revision {
	var out []*wikirules.Revision
	skips := 0
	for {
		rev, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %v is %T, not *Error", err, err)
			}
			if len(e.Error()) > 2000 {
				t.Fatalf("error message of %d bytes", len(e.Error()))
			}
			if e.Skippable {
				skips++
				if skips > size+1 {
					t.Fatalf("%d skippable errors from %d bytes", skips, size)
				}
				continue
			}
			if _, again := r.Next(); again != err {
				t.Fatalf("error not sticky: %v then %v", err, again)
			}
			return out
		}
		sum := sha1.Sum([]byte(rev.Text))
		if rev.SHA1 != hex.EncodeToString(sum[:]) {
			t.Fatalf("revision %s: SHA1 %s is not the SHA-1 of its text", rev.ID, rev.SHA1)
		}
		if strings.Contains(rev.Text, "\r") {
			t.Fatalf("revision %s: text with \\r", rev.ID)
		}
		if strings.TrimSpace(rev.Page.Title) == "" || len(rev.Page.Title) > wikirules.MaxTitleBytes+65 {
			t.Fatalf("revision %s: title of %d bytes", rev.ID, len(rev.Page.Title))
		}
		out = append(out, rev)
		if len(out) > size+1 {
			t.Fatalf("%d revisions from %d bytes", len(out), size)
		}
	}
}

func FuzzContribs(f *testing.F) {
	head := "Infinity - Contribuciones del usuario [es]\n\n"
	rev := func(title, ts, text string) string {
		return title + "\n\n" + ts + "\n\nHellLois2:\n\n" + text + "\n\n"
	}
	seed(f, 5000, head+rev("Esquivar", "2021-02-11T10:26:28Z", "{{effects}}\n"+marked(longText)))
	seed(f, 20000, head+rev("Suplantado", "2021-02-11T11:04:04Z", marked("palabra\r\n"))+rev("Discusión:Suplantado", "2021-02-11T11:04:05Z", "x"))
	seed(f, 1000, head+marked(rev("Trabado", "2021-02-11T11:04:04+01:00", "* a\n** b"))+rev("Usuario:Ana", "2021-02-11T11:04:06Z", "y"))
	seed(f, 3000, head+rev(marked("Título "), "2021-02-11T11:04:04Z", "x"))
	f.Add([]byte("W - C [es]\n\nT\n\n2021-02-11T11:04:04Z\n\nU:\n\n\n\nT2\n\n2021-02-11T11:04:05Z\n\nU:\n\nx\r\n\r\n"))
	f.Add([]byte("W - C [es]\n\nT\n\nayer\n\nU:\n\nx\n\nT\n\n2021-02-11T11:04:04Z\n\nU:\n\n\xff\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		in = grow(in)
		for _, rev := range drain(t, NewContribs(bytes.NewReader(in), "fuzz.txt"), len(in)) {
			if strings.HasSuffix(rev.Text, "\n") || rev.ID != wikirules.DeriveRevisionID(rev.Page.Title, rev.Timestamp, rev.Text) {
				t.Fatalf("revision %q: text %q id %s", rev.Page.Title, rev.Text, rev.ID)
			}
		}
	})
}

// xmlSeedHead is the start of the XML seeds: an export 0.11 with its
// siteinfo and namespaces.
const xmlSeedHead = `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="es">` +
	`<siteinfo><sitename>Infinity</sitename><dbname>infinity_es</dbname><namespaces>` +
	`<namespace key="0" case="first-letter" /><namespace key="1" case="first-letter">Discusión</namespace>` +
	`<namespace key="4" case="first-letter">Infinity</namespace></namespaces></siteinfo>` + "\n"

// FuzzXML also checks that what the reader gives, written back with
// XMLWriter, reads back the same.
func FuzzXML(f *testing.F) {
	rev := func(id, body string) string {
		return "<revision><id>" + id + "</id><parentid>100</parentid><timestamp>2021-02-11T10:26:28Z</timestamp>" +
			"<contributor><username>HellLois2</username><id>3</id></contributor><minor/><comment>c &amp; d</comment>" +
			"<model>wikitext</model><format>text/x-wiki</format>" + body + "</revision>"
	}
	text := func(s string) string { return `<text xml:space="preserve">` + s + "</text>" }
	seed(f, 5000, xmlSeedHead+"<page><title>Esquivar</title><ns>0</ns><id>12</id>"+rev("101", text(marked("* línea &lt;b&gt; [[x]]\n")))+"</page></mediawiki>")
	seed(f, 2000, xmlSeedHead+"<page><title>Discusión:Esquivar</title><ns>1</ns>"+rev("102", text(marked("&#13;\n{{a|b}}")))+
		rev("103", `<text deleted="deleted" />`)+"</page><page><title>Infinity:Acerca de</title>"+rev("104", text("x"))+"</page></mediawiki>")
	seed(f, 3000, xmlSeedHead+marked("<page><title>P</title><ns>0</ns>"+rev("105", text("y"))+"</page>\n")+"</mediawiki>")
	seed(f, 1000, xmlSeedHead+"<page><title>Estilo.css</title><ns>0</ns>"+strings.Replace(rev("106", text(marked("/* x */ "))), "wikitext", "css", 1)+
		"</page><page><title>Q</title><ns>x</ns>"+rev("107", text("z"))+"</page><page><title>R</title>"+rev("108", text("\xff"))+"</page></mediawiki>")
	f.Add([]byte(xmlSeedHead + `<page><title>Esquivar</title><ns>0</ns><revision><id>1</id><timestamp>2021-02-11T10:26:28Z</timestamp>` +
		`<contributor><ip>81.45.12.7</ip></contributor><text bytes="1" sha1="1gpg6gb5ceyagz6wv71rkwdd3jdf8tk">x</text><sha1>1gpg6gb5ceyagz6wv71rkwdd3jdf8tk</sha1></revision></page></mediawiki>`))
	f.Add([]byte(`<?xml version="1.0" encoding="ISO-8859-1"?><mediawiki><page><title>T</title></page></mediawiki>`))
	// A title of 100 KB that CheckTitle passes (the spaces after the prefix
	// are not counted), quoted by the error of a revision without <id>.
	seed(f, 100_000, xmlSeedHead+"<page><title>Discusión:"+marked(" ")+"x</title><ns>1</ns><revision><timestamp>2021-02-11T10:26:28Z</timestamp>"+text("x")+"</revision></page></mediawiki>")
	f.Fuzz(func(t *testing.T, in []byte) {
		in = grow(in)
		revs := drain(t, NewXML(bytes.NewReader(in), "fuzz.xml"), len(in))
		if len(revs) == 0 {
			return
		}
		var buf bytes.Buffer
		xw := NewXMLWriter(&buf, "0.11", SiteOf(revs[0].Page))
		for _, r := range revs {
			r.Page.Language, r.Page.Wiki = revs[0].Page.Language, revs[0].Page.Wiki
			xw.WriteRevision(r)
		}
		if err := xw.Close(); err != nil {
			t.Fatal(err)
		}
		back := drain(t, NewXML(&buf, "back.xml"), buf.Len())
		if len(back) != len(revs) {
			t.Fatalf("read back %d of %d revisions:\n%s", len(back), len(revs), buf.String())
		}
		for i := range revs {
			a, b := revs[i], back[i]
			// The writer gives no siteinfo namespaces: a page that the
			// export's names kept in the main namespace may read back in
			// the one the default names give its prefix.
			if wikirules.DefaultNamespaces().Resolve(a.Page.Title, a.Page.Namespace, true) != a.Page.Namespace {
				b.Page.Namespace = a.Page.Namespace
			}
			am, _ := modelFormat(a.Model)
			bm, _ := modelFormat(b.Model)
			if a.Page != b.Page || a.ID != b.ID || a.ParentID != b.ParentID || !a.Timestamp.Equal(b.Timestamp) ||
				a.User != b.User || a.Comment != b.Comment || a.Minor != b.Minor || a.Text != b.Text || am != bm {
				t.Fatalf("revision %d changed:\n%+v\n%+v", i, *a, *b)
			}
		}
	})
}

func FuzzAPI(f *testing.F) {
	general := `"general":{"sitename":"Infinity","lang":"es","wikiid":"infinity_es"},`
	fv2rev := func(id, extra, content string) string {
		return `{"revid":` + id + `,"parentid":100,"minor":false,"user":"HellLois2","timestamp":"2021-02-11T10:26:28Z","comment":"c"` + extra +
			`,"slots":{"main":{"contentmodel":"wikitext","contentformat":"text/x-wiki","content":"` + content + `"}}}`
	}
	seed(f, 5000, `{"batchcomplete":true,"query":{`+general+`"pages":[{"pageid":12,"ns":0,"title":"Esquivar","revisions":[`+
		fv2rev("101", "", marked(`* l\u00ednea [[x]] {{a|b}}\r\n`))+`]}]}}`)
	seed(f, 2000, `{"batchcomplete":"","query":{`+general+`"namespaces":{"4":{"id":4,"*":"Infinity","canonical":"Project"}},"namespacealiases":[{"id":6,"*":"Imagen"}],`+
		`"pages":{"12":{"pageid":12,"ns":0,"title":"Infinity:Acerca de","revisions":[{"revid":102,"parentid":0,"minor":"","user":"81.45.12.7","anon":"",`+
		`"timestamp":"2021-02-11T10:26:28Z","comment":"","slots":{"main":{"contentmodel":"wikitext","*":"`+marked(`x\n`)+`"}}},`+
		`{"revid":103,"timestamp":"2021-02-11T10:26:29Z","slots":{"main":{"texthidden":""}}}]}}}}`)
	seed(f, 1000, `{"query":{`+general+`"pages":[`+marked(`{"ns":0,"title":"P","revisions":[`+fv2rev("104", "", "y")+`]},`)+
		`{"ns":"cero","title":"Q","revisions":[]},{"title":null},{"revisions":[`+fv2rev(`"abc"`, `,"minor":"yes"`, "z")+`],"title":"R"}]}}`)
	seed(f, 3000, `[{"query":{"pages":[{"title":"Legacy","ns":0,"revisions":[{"revid":105,"timestamp":"2021-02-11T10:26:28Z","contentmodel":"css","*":"`+
		marked(`/* a */`)+`"}]}]}},{"error":{"code":"x","info":"y"}}]`)
	seed(f, 100_000, `{"query":{"pages":[{"ns":1,"title":"Discusión:`+marked(" ")+`x","revisions":[{"revid":"x","timestamp":"2021-02-11T10:26:28Z","content":"x"}]}]}}`)
	f.Add([]byte(`12345`))
	f.Add([]byte("{\"query\":{\"pages\":[{\"title\":\"\xff\",\"revisions\":[{\"revid\":1,\"timestamp\":\"2021-02-11T10:26:28Z\",\"sha1\":\"0\",\"content\":\"x\"}]}]}}"))
	f.Fuzz(func(t *testing.T, in []byte) {
		in = grow(in)
		drain(t, NewAPI(bytes.NewReader(in), "fuzz.json"), len(in))
	})
}
