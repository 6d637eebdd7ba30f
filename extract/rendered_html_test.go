package extract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestRenderedHTMLOldHeadings reads the fixture with the older heading
// markup (<h2><span class="mw-headline">): sections, list items, the
// Important box by its label, update and original boxes by their
// elements, FAQ boxes with and without a title line, categories.
func TestRenderedHTMLOldHeadings(t *testing.T) {
	cat, _ := dumpCatalog(t)
	rev := htmlFixture(t, "activacion-old-headings.html")
	x := ExtractRenderedWith(rev, RenderedOptions{FAQs: cat})
	tests := []struct {
		prefix     string
		section    string
		kind       wikirules.Kind
		ordinal    int
		depth      int
		version    string
		superseded bool
	}{
		{"La Orden sirve para activar a una Tropa", "Composición de una Orden", wikirules.KindRule, 0, 0, "", false},
		{"1 Habilidad Corta de Movimiento + 1 Habilidad Corta (o viceversa).", "Composición de una Orden", wikirules.KindRule, 3, 1, "", false},
		{"Aunque se declaren de manera secuencial", "Composición de una Orden›Importante", wikirules.KindImportant, 0, 0, "", false},
		{"Si disponen, en algún momento, de Línea de Tiro (LDT)", "ORA: Orden de Reacción Automática", wikirules.KindRule, 1, 1, "1.1.1, Dec 2021", false},
		{"Si disponen de Línea de Tiro (LDT) con al menos una", "ORA: Orden de Reacción Automática", wikirules.KindRule, 1, 1, "", true},
		{"No hay límite al número de Tropas", "ORA: Orden de Reacción Automática", wikirules.KindRule, 0, 0, "", false},
		{"Q: ¿Se necesita especificar todos los detalles", "FAQs & Errata›N4 FAQ", wikirules.KindFAQ, 2, 0, "1.0, enero 2021", false},
	}
	for _, tc := range tests {
		r := findRecord(x, tc.prefix)
		if r == nil {
			t.Errorf("no record %q", tc.prefix)
			continue
		}
		if got := strings.Join(r.Section, "›"); got != tc.section || r.Kind != tc.kind || r.Ordinal != tc.ordinal ||
			r.Depth != tc.depth || r.Version != tc.version || r.Superseded != tc.superseded {
			t.Errorf("%q: %s %q %d.%d v=%q sup=%v; want %s %q %d.%d v=%q sup=%v", tc.prefix, r.Kind, got, r.Ordinal, r.Depth,
				r.Version, r.Superseded, tc.kind, tc.section, tc.ordinal, tc.depth, tc.version, tc.superseded)
		}
	}
	if r := findRecord(x, "La Orden sirve"); r == nil || !strings.Contains(r.Text, "**activar**") || strings.Join(r.Links, "|") != "Tropa|Mover|Saltar|Ataque CC" {
		t.Errorf("Markdown and links of the first paragraph: %+v", r)
	}
	// The same two FAQs as the dump: one through the catalogue, one
	// through its title line.
	want := map[string]bool{"faq-ebfde7e9105a01dc": true, "faq-e0d96ff557f42056": true}
	for _, f := range x.FAQs {
		if !want[f.ID] {
			t.Errorf("FAQ %s %q is not one of the dump's", f.ID, f.Question)
		}
		delete(want, f.ID)
	}
	if len(want) > 0 || len(x.Diagnostics) > 0 {
		t.Errorf("missing FAQs %v; diagnostics %q", want, x.Diagnostics)
	}
	if strings.Join(x.Categories, "|") != "Basic Rules" {
		t.Errorf("categories %q, want Basic Rules", x.Categories)
	}
}

// TestRenderedHTMLNewHeadings reads the fixture with the newer heading
// markup (<div class="mw-heading">): edition note, annex, an update box
// whose marker is a bold paragraph, nested lists, boxes known by class.
func TestRenderedHTMLNewHeadings(t *testing.T) {
	x := ExtractRendered(htmlFixture(t, "integridad-new-headings.html"))
	if x.PageEditions != wikirules.Editions(wikirules.N4) {
		t.Errorf("page editions %v, want n4", x.PageEditions)
	}
	tests := []struct {
		prefix  string
		section string
		kind    wikirules.Kind
		ordinal int
		depth   int
		item    string
		version string
	}{
		{"Si el Líder de Fireteam pasa a estado Aislado o Nulo.", "", wikirules.KindRule, 1, 1, "", "marzo 2022"},
		{"Tanto en Turno Activo como Reactivo, el Fireteam puede ser cancelado", "", wikirules.KindRule, 5, 2, "5.1", "marzo 2022"},
		{"En Turno Activo, dicha Tropa no será activada", "", wikirules.KindRule, 6, 1, "", ""},
		{"En un Fireteam de cinco miembros", "Ejemplo", wikirules.KindExample, 0, 0, "", ""},
		{"Un Fireteam cancelado no se puede recomponer", "Recomposición del Fireteam Durante la Fase Táctica›Recuerda", wikirules.KindRemember, 0, 0, "", ""},
		{"Puede cambiarse con un Token de Mando.", "Recomposición del Fireteam Durante la Fase Táctica›Notas", wikirules.KindRule, 1, 2, "1.1", ""},
	}
	for _, tc := range tests {
		r := findRecord(x, tc.prefix)
		if r == nil {
			t.Errorf("no record %q", tc.prefix)
			continue
		}
		if got := strings.Join(r.Section, "›"); got != tc.section || r.Kind != tc.kind || r.Ordinal != tc.ordinal ||
			r.Depth != tc.depth || r.Fields["item"] != tc.item || r.Version != tc.version {
			t.Errorf("%q: %s %q %d.%d item %q v=%q; want %s %q %d.%d item %q v=%q", tc.prefix, r.Kind, got, r.Ordinal, r.Depth,
				r.Fields["item"], r.Version, tc.kind, tc.section, tc.ordinal, tc.depth, tc.item, tc.version)
		}
		if r.Editions != wikirules.Editions(wikirules.N4) || r.Fields["annex"] != "true" {
			t.Errorf("%q: editions %v annex %q, want n4 annex", tc.prefix, r.Editions, r.Fields["annex"])
		}
	}
}

// renderedInputs returns every rendered revision of the tests: the three
// seeds as page text and the HTML fixtures.
func renderedInputs(t testing.TB) []wikirules.Revision {
	revs := []wikirules.Revision{renderedSeed(t, seedActivacion), renderedSeed(t, seedModulo), renderedSeed(t, seedIntegridad)}
	files, _ := filepath.Glob(filepath.Join(htmlFixtures, "*.html"))
	if len(files) < 2 {
		t.Fatalf("HTML fixtures: %v", files)
	}
	for _, f := range files {
		revs = append(revs, htmlFixture(t, filepath.Base(f)))
	}
	return revs
}

// checkRendered checks what every rendered extraction promises: spans in
// bounds, records not overlapping each other nor layout, unique IDs,
// SupersededBy naming a record of the revision.
func checkRendered(t *testing.T, rev wikirules.Revision, x *wikirules.Extraction) {
	t.Helper()
	ids := map[string]bool{}
	for _, r := range x.Records {
		ids[r.ID] = true
	}
	if len(ids) != len(x.Records) {
		t.Errorf("%s: %d records share IDs", rev.Page.Title, len(x.Records)-len(ids))
	}
	end := 0
	for _, pc := range Partition(x) {
		s := pc.Span
		if s.Start < 0 || s.End > len(rev.Text) || s.Start > s.End {
			t.Fatalf("%s: span %v out of [0,%d]", rev.Page.Title, s, len(rev.Text))
		}
		if s.Start < end {
			t.Errorf("%s: span %v overlaps the piece before (ends %d)", rev.Page.Title, s, end)
		}
		end = max(end, s.End)
	}
	for _, r := range x.Records {
		if r.SupersededBy != "" && !ids[r.SupersededBy] {
			t.Errorf("%s: %s superseded by unknown %s", rev.Page.Title, r.ID, r.SupersededBy)
		}
	}
}

// TestRenderedCoverage checks that records and layout partition every
// rendered input (coverage 100 %, Rebuild gives the text back) and that
// extraction is deterministic.
func TestRenderedCoverage(t *testing.T) {
	for _, rev := range renderedInputs(t) {
		x := ExtractRendered(rev)
		checkRendered(t, rev, x)
		if c := x.Coverage(len(rev.Text)); c != 1 {
			t.Errorf("%s (%s): coverage %.4f; diagnostics %q", rev.Page.Title, rev.Format, c, x.Diagnostics)
		}
		if Rebuild(rev.Text, x) != rev.Text {
			t.Errorf("%s (%s): Rebuild does not give the text back", rev.Page.Title, rev.Format)
		}
		again := ExtractRendered(rev)
		for i := range x.Records {
			if x.Records[i].ID != again.Records[i].ID {
				t.Errorf("%s: record %d ID %s then %s", rev.Page.Title, i, x.Records[i].ID, again.Records[i].ID)
			}
		}
	}
}

// FuzzRenderedText extracts arbitrary text as a rendered page: no panic,
// spans valid and not overlapping. Seeds: the start of each rendered seed
// (the whole ones are several KB, too long to minimise) and templates
// with long pages (see grow).
func FuzzRenderedText(f *testing.F) {
	for _, rev := range renderedInputs(f) {
		if rev.Format == wikirules.FormatPageText {
			f.Add(rev.Text[:min(len(rev.Text), 600)])
		}
	}
	for _, e := range corpusEntries(f) {
		f.Add(corpusRevision(f, e).Text)
	}
	f.Add("T\nActualización 1.0, ene 2021\nOriginal\nFAQs & Errata\nQ: x\nA: y\nPáginas: a, b\n")
	seed(f, 5000, "Esquivar\nDe Infinity\nEFECTOS\n"+marked("- Una regla corta.\n  • otra\n")+"IMPORTANTE\nx\n")
	seed(f, 3000, "T\nFAQs & Errata\n"+marked("N4 FAQ 1.0\nQ: ¿x?\nA: y.\nPáginas: a, b\n"))
	seed(f, 8000, "T\n"+marked("{|\n|"))
	seed(f, 2000, "T\n"+marked("Actualización 1.1.1, Dec 2021\nMostrar texto original.\nOriginal\nx\n"))
	f.Fuzz(func(t *testing.T, s string) {
		s = grow(s)
		rev := wikirules.Revision{Page: wikirules.Page{Title: "Fuzz"}, ID: "r1", Text: s, Format: wikirules.FormatPageText}
		checkRendered(t, rev, ExtractRendered(rev))
	})
}

// FuzzRenderedHTML extracts arbitrary markup as rendered HTML: no panic,
// spans valid and not overlapping. Seeds: the start of each HTML fixture's
// article and templates with long articles (see grow).
func FuzzRenderedHTML(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(htmlFixtures, "*.html"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		s := string(b)
		if i := strings.Index(s, `<div class="mw-content-ltr mw-parser-output"`); i >= 0 {
			s = s[i:]
		}
		f.Add(s[:min(len(s), 300)]) // the reader's run costs some 0.1 ms: minimising more is too slow
	}
	f.Add(`<div class="mw-parser-output"><p>a<ul><li>b<ul><li>c</div></li></p>`)
	seed(f, 4000, `<div class="mw-parser-output"><h2><span class="mw-headline">Efectos</span></h2>`+
		marked("<ul><li>Una regla &amp; <b>x</b></li></ul>")+"</div>")
	seed(f, 2000, `<div class="mw-parser-output"><div class="mw-heading mw-heading2"><h2>FAQs</h2></div>`+
		marked(`<div class="faqbox"><p><b>Q:</b> ¿x?</p><p><b>A:</b> y.</p></div>`)+"</div>")
	seed(f, 3000, `<div class="mw-parser-output">`+marked(`<div class="n4only"><table><tr><td>a</td></tr></table></div>`)+"</div>")
	f.Fuzz(func(t *testing.T, s string) {
		s = grow(s)
		rev := wikirules.Revision{Page: wikirules.Page{Title: "Fuzz"}, ID: "r1", Text: s, Format: wikirules.FormatHTML}
		checkRendered(t, rev, ExtractRendered(rev))
	})
}

// TestRenderedHTMLEditionBlocks reads the elements the wiki's edition
// templates render (class "c1", "n4"): their items are scoped to the
// edition and are alternatives of each other; the rest holds in both.
func TestRenderedHTMLEditionBlocks(t *testing.T) {
	text := `<div class="mw-parser-output"><p>Intro.</p>
<div class="c1"><ul><li>Only in CodeOne.</li></ul></div>
<div class="n4"><ul><li>Only in N4.</li></ul></div>
<ul><li>Both.</li></ul></div>`
	x := ExtractRendered(wikirules.Revision{Page: wikirules.Page{Title: "P"}, ID: "r", Text: text, Format: wikirules.FormatHTML})
	want := "rule 0/0 [N4 C1]  | Intro.\nrule 1/1 [C1]  | Only in CodeOne. {alt 1}\nrule 1/1 [N4]  | Only in N4. {alt 1}\nrule 2/1 [N4 C1]  | Both.\n"
	if got := dumpRecords(x); got != want {
		t.Errorf("records:\n%s\nwant:\n%s", got, want)
	}
}
