package pipeline

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// faqbox is an errata that would decide rulings if it were read as one.
const faqbox = "{{faqbox | type = errata | title = N4 Errata | version = 9.0 | q = ¿MOD al Esquivar una mina? | a = Siempre +10. | related = [[Esquivar]] }}"

// TestNoRulesFromOtherPages: talk, user, template and module pages given
// by title only, and CSS or JSON pages of the main namespace, are stored
// but give no FAQ to query faq, whatever the source.
func TestNoRulesFromOtherPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	var dump strings.Builder
	dump.WriteString("Infinity - Contribuciones del usuario [es]\n\n")
	titles := []string{"Discusión:Esquivar", "Usuario discusión:Ana", "Plantilla discusión:Faqbox", "Talk:Dodge", "Módulo:Armas"}
	for _, title := range titles {
		dump.WriteString(title + "\n\n2021-02-11T10:26:28Z\n\nHellLois2:\n\n" + faqbox + "\n\n")
	}
	css := "/* " + faqbox + " */\n.faq { color: red }"
	export := `<mediawiki xml:lang="es"><siteinfo><sitename>Infinity</sitename><dbname>infinity_es</dbname></siteinfo>` +
		`<page><title>Estilo.css</title><ns>0</ns><revision><id>5</id><timestamp>2021-02-11T10:26:28Z</timestamp>` +
		`<model>css</model><format>text/css</format><text xml:space="preserve">` + strings.ReplaceAll(css, "&", "&amp;") + `</text></revision></page></mediawiki>`
	api := `{"query":{"general":{"lang":"es","wikiid":"infinity_es"},"pages":[{"ns":0,"title":"Datos.json","revisions":[` +
		`{"revid":6,"timestamp":"2021-02-11T10:26:28Z","slots":{"main":{"contentmodel":"json","content":"{\"a\": \"` + faqbox + `\"}"}}}]}]}}`
	files := []string{
		writeFile(t, dir, "dump.txt", []byte(dump.String())),
		writeFile(t, dir, "export.xml", []byte(export)),
		writeFile(t, dir, "api.json", []byte(api)),
	}
	db, path := openDB(t)
	sum, err := IngestFiles(ctx, db, files, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != len(titles)+2 || sum.FAQs != 0 || sum.Records != 0 {
		t.Errorf("added %d revisions, %d records, %d FAQs; want %d, 0, 0", sum.Added, sum.Records, sum.FAQs, len(titles)+2)
	}
	faqs, err := db.FAQs(ctx, "", wikirules.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(faqs) != 0 {
		t.Errorf("query faq lists %d FAQs, first %q from %v", len(faqs), faqs[0].Question, faqs[0].Pages)
	}
	got := queryStrings(t, path, `SELECT title || '=' || namespace FROM pages ORDER BY title`)
	want := "Datos.json=0|Discusión:Esquivar=1|Estilo.css=0|Módulo:Armas=828|Plantilla discusión:Faqbox=11|Talk:Dodge=1|Usuario discusión:Ana=3"
	if strings.Join(got, "|") != want {
		t.Errorf("pages %q, want %q", strings.Join(got, "|"), want)
	}
}

// TestCRLFCopyIsTheSameRevisions: a copy of the seed dump (or of its XML
// export, or API JSON with "\r\n" in its texts) with CRLF line ends adds
// nothing to a knowledge base holding the original.
func TestCRLFCopyIsTheSameRevisions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	lf := seedBytes(t)
	crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
	xml := bytes.ReplaceAll(seedXML(t), []byte("\n"), []byte("\r\n"))
	db, _ := openDB(t)
	first, err := IngestFiles(ctx, db, []string{writeFile(t, dir, "dump.txt", lf)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := contentHash(t, db)
	for name, data := range map[string][]byte{"dump-crlf.txt": crlf, "export-crlf.xml": xml} {
		sum, err := IngestFiles(ctx, db, []string{writeFile(t, dir, name, data)}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Added != 0 || sum.Skipped != first.Added {
			t.Errorf("%s: added %d, skipped %d; want 0 and %d", name, sum.Added, sum.Skipped, first.Added)
		}
	}
	if after := contentHash(t, db); after != before {
		t.Error("the CRLF copies changed the knowledge base")
	}
}

// TestTextlessCounted: revisions whose text is deleted are counted and
// listed in the summary, not silently dropped.
func TestTextlessCounted(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	export := `<mediawiki xml:lang="es"><siteinfo><dbname>infinity_es</dbname></siteinfo><page><title>Esquivar</title><ns>0</ns>` +
		`<revision><id>1</id><timestamp>2021-02-11T10:26:28Z</timestamp><text xml:space="preserve">* Regla.</text></revision>` +
		`<revision><id>2</id><timestamp>2021-02-12T10:26:28Z</timestamp><text deleted="deleted" /></revision></page></mediawiki>`
	api := `{"query":{"general":{"lang":"es","wikiid":"infinity_es"},"pages":{"1":{"ns":0,"title":"Trabado","revisions":[` +
		`{"revid":3,"timestamp":"2021-02-11T10:26:28Z","slots":{"main":{"texthidden":""}}}]}}}}`
	dir := t.TempDir()
	db, _ := openDB(t)
	sum, err := IngestFiles(ctx, db, []string{writeFile(t, dir, "a.xml", []byte(export)), writeFile(t, dir, "b.json", []byte(api))}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Added != 1 || sum.Textless != 2 || len(sum.TextlessListed) != 2 {
		t.Fatalf("added %d, textless %d %+v", sum.Added, sum.Textless, sum.TextlessListed)
	}
	if l := sum.TextlessListed[1]; l.Page != "Trabado" || l.ID != "infinity-es:3" || !strings.HasSuffix(l.File, "b.json") || !strings.Contains(l.Why, "deleted") {
		t.Errorf("listed %+v", l)
	}
}

// TestNotAPage: a file holding one JSON value is refused (listed with
// -keep-going), never stored as a page.
func TestNotAPage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	for _, in := range []string{"12345", `"hola"`} {
		db, _ := openDB(t)
		p := writeFile(t, dir, "value.txt", []byte(in))
		if _, err := IngestFiles(ctx, db, []string{p}, Options{}); err == nil || !strings.Contains(err.Error(), "JSON value") {
			t.Errorf("%s: error %v", in, err)
		}
		sum, err := IngestFiles(ctx, db, []string{p}, Options{KeepGoing: true})
		if err != nil || sum.Added != 0 || len(sum.Bad) != 1 {
			t.Errorf("%s with KeepGoing: %v, %+v", in, err, sum)
		}
	}
}
