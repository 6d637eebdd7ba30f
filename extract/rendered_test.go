package extract

import (
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// Rendered seeds of the embedded sample (README of sample/seeds).
const (
	seedActivacion = "001_929bef096f6219fe.txt"
	seedModulo     = "002_6b633a49e6857498.txt"
	seedIntegridad = "003_cc92ccd7805be46c.txt"
)

// renderedSeed reads a rendered seed file of the embedded sample with
// source.NewPageText.
func renderedSeed(t testing.TB, name string) wikirules.Revision {
	t.Helper()
	return readPage(t, sample.FS(), name, source.NewPageText)
}

// readPage reads the one revision of the rendered page name of fsys with
// the reader newReader makes.
func readPage(t testing.TB, fsys fs.FS, name string, newReader func(io.Reader, string) source.Reader) wikirules.Revision {
	t.Helper()
	f, err := fsys.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rev, err := newReader(f, name).Next()
	if err != nil {
		t.Fatal(err)
	}
	return *rev
}

// dumpCatalog is the FAQ catalogue of every revision of the seed dump.
func dumpCatalog(t testing.TB) (*FAQCatalog, []wikirules.FAQ) {
	var faqs []wikirules.FAQ
	for _, r := range seedRevisions(t) {
		faqs = append(faqs, ExtractText(r).FAQs...)
	}
	return NewFAQCatalog(faqs...), faqs
}

// htmlFixtures is the folder of the rendered-HTML fixtures, shared with
// the HTML reader's tests (package source).
const htmlFixtures = "../source/testdata/rendered"

// htmlFixture reads an HTML fixture of htmlFixtures with source.NewHTML.
func htmlFixture(t testing.TB, name string) wikirules.Revision {
	t.Helper()
	return readPage(t, os.DirFS(htmlFixtures), name, source.NewHTML)
}

func findRecord(x *wikirules.Extraction, plainPrefix string) *wikirules.Record {
	for i := range x.Records {
		if strings.HasPrefix(x.Records[i].Plain, plainPrefix) {
			return &x.Records[i]
		}
	}
	return nil
}

func recordByID(x *wikirules.Extraction, id string) *wikirules.Record {
	for i := range x.Records {
		if x.Records[i].ID == id {
			return &x.Records[i]
		}
	}
	return nil
}

// TestRenderedActivacionUpdates checks seed 001: the ORA rules of update
// 1.1.1 are current, the "Original" text is superseded by them, and the
// text after the original block is neither.
func TestRenderedActivacionUpdates(t *testing.T) {
	x := ExtractRendered(renderedSeed(t, seedActivacion))
	const ora = "ORA: Orden de Reacción Automática"
	tests := []struct {
		prefix     string
		version    string
		superseded bool
		depth      int
	}{
		{"Una Tropa del Jugador Reactivo tendrá derecho a declarar una ORA", "1.1.1, Dec 2021", false, 0},
		{"Si disponen, en algún momento, de Línea de Tiro (LDT)", "1.1.1, Dec 2021", false, 1},
		{"Si se activa una Miniatura enemiga en el interior de su Zona de Control (ZC) o Zona de Hackeo.", "1.1.1, Dec 2021", false, 1},
		{"El objetivo de la ORA ha de ser siempre", "1.1.1, Dec 2021", false, 0},
		{"La declaración de ORA de las Tropas del Jugador Reactivo se considerará válida", "", true, 0},
		{"Si disponen de Línea de Tiro (LDT) con al menos una de las Tropas", "", true, 1},
		{"La ORA debe seleccionar como objetivo", "", true, 0},
		{"No se puede reaccionar a una ORA", "", false, 0},
		{"Las Habilidades sólo pueden declararse desde una posición", "1.3, nov 2022", false, 0},
		{"2.1. Comprobación de ORA: El Jugador Reactivo comprueba si tiene derecho", "1.1.1, dic 2021", false, 1},
		{"6.2 Conclusión: Se efectúan las Tiradas de Agallas", "", true, 1},
		{"Los jugadores deben declarar a su adversario", "", false, 0},
	}
	for _, tc := range tests {
		r := findRecord(x, tc.prefix)
		if r == nil {
			t.Errorf("no record %q", tc.prefix)
			continue
		}
		if r.Version != tc.version || r.Superseded != tc.superseded || r.Depth != tc.depth {
			t.Errorf("%q: version %q superseded %v depth %d, want %q %v %d", tc.prefix, r.Version, r.Superseded, r.Depth, tc.version, tc.superseded, tc.depth)
		}
		if r.Superseded {
			by := recordByID(x, r.SupersededBy)
			if by == nil || by.Version == "" || by.Superseded {
				t.Errorf("%q: superseded by %q, want a current update record", tc.prefix, r.SupersededBy)
			}
		}
	}
	// The ORA section: 9 current records of 1.1.1 and 9 superseded ones,
	// pairwise (the i-th original by the i-th update record).
	var cur, old []wikirules.Record
	for _, r := range x.Records {
		if len(r.Section) == 1 && r.Section[0] == ora {
			if r.Version == "1.1.1, Dec 2021" {
				cur = append(cur, r)
			} else if r.Superseded {
				old = append(old, r)
			}
		}
	}
	if len(cur) != 9 || len(old) != 9 {
		t.Fatalf("ORA section: %d current and %d superseded records, want 9 and 9", len(cur), len(old))
	}
	for i := range old {
		if old[i].SupersededBy != cur[i].ID || old[i].Ordinal != cur[i].Ordinal {
			t.Errorf("original %d (%q) superseded by %s ordinal %d, want %s ordinal %d", i, old[i].Plain[:30], old[i].SupersededBy, old[i].Ordinal, cur[i].ID, cur[i].Ordinal)
		}
	}
}

// TestRenderedFAQSameAsDump checks that the FAQ on LDT and ZC requirements
// of seed 001 is the FAQ of the seed dump (same ID), given the dump's FAQs,
// and that without them it is reported as unidentified.
func TestRenderedFAQSameAsDump(t *testing.T) {
	cat, faqs := dumpCatalog(t)
	var want wikirules.FAQ
	for _, f := range faqs {
		if strings.Contains(f.Question, "requisitos de LDT y ZC") {
			want = f
		}
	}
	if want.ID == "" {
		t.Fatal("the seed dump has no FAQ on LDT and ZC requirements")
	}
	rev := renderedSeed(t, seedActivacion)
	x := ExtractRenderedWith(rev, RenderedOptions{FAQs: cat})
	if len(x.FAQs) != 4 {
		t.Fatalf("%d FAQs, want 4 (Q: lines of seed 001)", len(x.FAQs))
	}
	got := x.FAQs[0]
	if got.ID != want.ID || got.Title != "N4 FAQ" || got.Version != "1.0, enero 2021" || got.Question != want.Question || got.Answer != want.Answer {
		t.Errorf("FAQ = %s %q %q Q=%q A=%q\nwant %s %q %q Q=%q A=%q", got.ID, got.Title, got.Version, got.Question, got.Answer,
			want.ID, want.Title, want.Version, want.Question, want.Answer)
	}
	if got.Editions != wikirules.Editions(wikirules.N4) {
		t.Errorf("FAQ editions %v, want n4", got.Editions)
	}
	if rel := x.FAQs[1].Related; strings.Join(rel, "|") != "Activación de una Tropa|Ataque CD|Ruido Blanco" {
		t.Errorf("second FAQ related %q, want its Páginas line", rel)
	}
	r := findRecord(x, "Q: ¿Cómo funcionan los requisitos de LDT y ZC")
	if r == nil || r.Fields["faq_id"] != want.ID || r.Kind != wikirules.KindFAQ {
		t.Errorf("FAQ record %+v, want kind faq with faq_id %s", r, want.ID)
	}
	// Entries 3 and 4 are not in the dump: no title, a diagnostic each.
	if x.FAQs[2].Title != "" || len(x.Diagnostics) != 2 {
		t.Errorf("unknown FAQs: title %q, diagnostics %q", x.FAQs[2].Title, x.Diagnostics)
	}
	bare := ExtractRendered(rev)
	if bare.FAQs[0].ID == want.ID || len(bare.Diagnostics) != 4 {
		t.Errorf("without a catalogue: ID %s, %d diagnostics; want another ID and 4", bare.FAQs[0].ID, len(bare.Diagnostics))
	}
}

// TestRenderedSameRecordsAsWikitext compares the list of "Composición de
// una Orden" in seed 001 with the same list in the dump's wikitext.
func TestRenderedSameRecordsAsWikitext(t *testing.T) {
	wx := ExtractText(seedRevision(t, "Activación de una Tropa"))
	rx := ExtractRendered(renderedSeed(t, seedActivacion))
	key := func(r wikirules.Record) string {
		return strings.Join(r.Section, "›") + "|" + string(r.Kind) + "|" + r.Plain + "|" +
			strings.Repeat("*", r.Depth) + string(rune('0'+r.Ordinal))
	}
	var want, got []string
	for _, r := range wx.Records {
		if r.Depth > 0 && r.Section[0] == "Composición de una Orden" {
			want = append(want, key(r))
		}
	}
	for _, r := range rx.Records {
		if r.Depth > 0 && r.Section[0] == "Composición de una Orden" {
			got = append(got, key(r))
		}
	}
	if len(want) != 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rendered items\n%s\nwant (wikitext)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRenderedModulo checks seed 002: the rule that Burst never exceeds 6
// is in the Important box of "Modificadores (MOD)"; the unmarked list lines
// are items with their "- " sub-items one level deeper; the "VER TAMBIÉN"
// box quotes the page "Modificadores (MOD) Detallados" up to the next box:
// its lines are references to that page, not the page's own rules.
func TestRenderedModulo(t *testing.T) {
	x := ExtractRendered(renderedSeed(t, seedModulo))
	r := findRecord(x, "El valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6")
	if r == nil {
		t.Fatal("no record of the Burst maximum")
	}
	if r.Kind != wikirules.KindImportant || strings.Join(r.Section, "›") != "Modificadores (MOD)›Importante" {
		t.Errorf("Burst maximum: kind %s section %q, want important in Modificadores (MOD) › Importante", r.Kind, r.Section)
	}
	tests := []struct {
		prefix  string
		ordinal int
		depth   int
		kind    wikirules.Kind
	}{
		{"Armas CD: Aquellas armas", 1, 1, wikirules.KindRule},
		{"Armas CD (VOL):", 6, 1, wikirules.KindRule},
		{"Los MOD negativos se aplican únicamente a los enemigos.", 2, 1, wikirules.KindReference},
		{"Los MOD negativos de Habilidades y Equipos Automáticos", 2, 2, wikirules.KindReference},
		{"Este MOD no puede aplicarse a Habilidades Largas.", 4, 2, wikirules.KindReference},
		{"Modificadores (MOD) Detallados", 0, 0, wikirules.KindReference},
		{"En las Tiradas Enfrentadas los Críticos siempre ganan", 0, 0, wikirules.KindRemember},
		{"Algunos tipos de Munición que cargan ciertas armas", 0, 0, wikirules.KindNote},
	}
	for _, tc := range tests {
		r := findRecord(x, tc.prefix)
		if r == nil {
			t.Errorf("no record %q", tc.prefix)
			continue
		}
		if r.Ordinal != tc.ordinal || r.Depth != tc.depth || r.Kind != tc.kind {
			t.Errorf("%q: %s %d.%d, want %s %d.%d", tc.prefix, r.Kind, r.Ordinal, r.Depth, tc.kind, tc.ordinal, tc.depth)
		}
		if want := "Modificadores (MOD) Detallados"; tc.kind == wikirules.KindReference && r.Fields["target"] != want {
			t.Errorf("%q: target %q, want %q", tc.prefix, r.Fields["target"], want)
		}
	}
}

// TestRenderedIntegridad checks seed 003: the cancellation conditions are
// six bullets of the March 2022 update, the page is N4 only (not CodeOne)
// and an annex rule.
func TestRenderedIntegridad(t *testing.T) {
	x := ExtractRendered(renderedSeed(t, seedIntegridad))
	if x.PageEditions != wikirules.Editions(wikirules.N4) {
		t.Errorf("page editions %v, want n4 only", x.PageEditions)
	}
	var bullets []string
	for _, r := range x.Records {
		if r.Version == "marzo 2022" && r.Depth == 1 {
			bullets = append(bullets, r.Plain)
		}
		if r.Editions != wikirules.Editions(wikirules.N4) || r.Fields["annex"] != "true" {
			t.Errorf("%q: editions %v annex %q, want n4 annex", r.Plain, r.Editions, r.Fields["annex"])
		}
	}
	want := []string{
		"Si el Líder de Fireteam pasa a estado Aislado o Nulo.",
		"Si el Líder de Fireteam declara una ORA distinta a la ORA del Fireteam.",
		"En caso de que, por cualquier motivo, el número de miembros se reduzca a una cantidad inferior a 2.",
		"Si se produce una situación de ¡¡¡Retirada!!!",
	}
	if len(bullets) != 6 || strings.Join(bullets[:4], "\n") != strings.Join(want, "\n") {
		t.Errorf("cancellation bullets (%d):\n%s", len(bullets), strings.Join(bullets, "\n"))
	}
	if r := findRecord(x, "En un Fireteam de cinco miembros"); r == nil || r.Kind != wikirules.KindExample || !strings.Contains(r.Plain, "En cambio, si dos miembros") {
		t.Errorf("example record %+v, want one example of both paragraphs", r)
	}
	if r := findRecord(x, "De manera automática"); r == nil || r.Section[0] != "Recomposición del Fireteam Durante la Fase Táctica" {
		t.Errorf("last paragraph %+v, want it under its heading", r)
	}
}

// TestRenderedFAQLayouts reads FAQ blocks of the English layout, an
// errata among them: each entry's title and version lines, its question
// and answer apart (an errata's answer is never glued to its question), its
// related pages, and a withdrawn entry.
func TestRenderedFAQLayouts(t *testing.T) {
	text := "https://infinitythewiki.com/Dodge\n\nDodge\n\nFrom Infinity\n\n" +
		"This N4 rule is not used in CodeOne.\n\nFAQs & Errata\n\n" +
		"N4 Errata\nVersion: 1.3, Nov 2022\n\nQ: [Errata] Dodge against a Deployable Weapon.\n\nA: Apply a -3 PH MOD, not -6.\n\nRelated Pages: Dodge, Mines\n\n\n" +
		"N4 FAQ\nVersion: Removed in 1.3, Nov 2022 1.0, Jan 2021\n\nQ: Can a Trooper Dodge a Mine?\n\nA: Yes, with a -6 MOD.\n\nRelated Pages: Dodge\n\n\n" +
		"N4 FAQ\nVersion: 1.0, Jan 2021\n\nQ: Does Dodge cancel Engaged State?\n\nA: Yes, if the roll succeeds.\n"
	x := ExtractRendered(wikirules.Revision{Page: wikirules.Page{Title: "Dodge", Language: "en", Wiki: "infinity-en"}, ID: "r", Text: text, Format: wikirules.FormatPageText})
	type want struct{ typ, title, version, removed, question, answer, related string }
	wants := []want{
		{"errata", "N4 Errata", "1.3, Nov 2022", "", "Dodge against a Deployable Weapon.", "Apply a -3 PH MOD, not -6.", "Dodge|Mines"},
		{"faq", "N4 FAQ", "1.0, Jan 2021", "1.3, Nov 2022", "Can a Trooper Dodge a Mine?", "Yes, with a -6 MOD.", "Dodge"},
		{"faq", "N4 FAQ", "1.0, Jan 2021", "", "Does Dodge cancel Engaged State?", "Yes, if the roll succeeds.", ""},
	}
	if len(x.FAQs) != len(wants) {
		t.Fatalf("%d FAQs, want %d: %+v", len(x.FAQs), len(wants), x.FAQs)
	}
	for i, w := range wants {
		f := x.FAQs[i]
		got := want{f.Type, f.Title, f.Version, f.Removed, f.Question, f.Answer, strings.Join(f.Related, "|")}
		if got != w {
			t.Errorf("FAQ %d = %+v, want %+v", i, got, w)
		}
		if f.Editions != wikirules.Editions(wikirules.N4) {
			t.Errorf("FAQ %d editions %v, want n4", i, f.Editions)
		}
	}
	recs := recordsOf(x, wikirules.KindErrata)
	if len(recs) != 1 || recs[0].Fields["answer"] != "Apply a -3 PH MOD, not -6." || strings.Contains(recs[0].Fields["question"], "Apply") {
		t.Errorf("errata record %+v", recs)
	}
	for _, r := range recordsOf(x, wikirules.KindFAQ) {
		if (r.Fields["removed"] != "") != r.Superseded {
			t.Errorf("%q: superseded %v, removed %q: a withdrawn entry, and only it, is not current", r.Fields["question"], r.Superseded, r.Fields["removed"])
		}
	}
	if len(x.Diagnostics) != 0 {
		t.Errorf("diagnostics %q", x.Diagnostics)
	}
}
