package main

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/pipeline"
)

// twinsDB is a knowledge base file of the seeds (Spanish) and the English
// fixture export of package pairs (Isolated State N5, Targeted State…):
// a private copy of sampleDB with the export ingested.
func twinsDB(t *testing.T) string {
	t.Helper()
	path := sampleDBCopy(t)
	writeKB(t, path, false, pipeline.Options{}, "../../pairs/testdata/infinity-en.xml")
	return path
}

type lagDoc struct {
	Pairs []struct {
		ES, EN struct {
			Wiki, Title string
		}
		Reasons []struct{ Method, Detail string }
	}
	Lagging []struct {
		Page, Twin struct{ Wiki, Title string }
		Why        []struct{ By, Newer, Older string }
	}
}

// TestLagJSON: query lag -json lists Aislado as behind its English twin
// Isolated State by edition (N5 over N4), and -wiki keeps one wiki's pages.
func TestLagJSON(t *testing.T) {
	db := twinsDB(t)
	var doc lagDoc
	decode(t, runQuery(t, "lag", "-db", db, "-json"), &doc)
	if len(doc.Pairs) != 4 {
		t.Errorf("%d pairs, want 4 (Aislado, Ingeniero, Marcado, Munición Eclipse): %+v", len(doc.Pairs), doc.Pairs)
	}
	if len(doc.Lagging) != 1 {
		t.Fatalf("lagging: %+v, want Aislado alone", doc.Lagging)
	}
	l := doc.Lagging[0]
	if l.Page.Title != "Aislado" || l.Page.Wiki != "infinity-es" || l.Twin.Title != "Isolated State" || l.Twin.Wiki != "infinity-en" {
		t.Errorf("lagging %+v, want Aislado behind Isolated State", l)
	}
	if len(l.Why) != 1 || l.Why[0].By != "edition" || l.Why[0].Newer != "n5" || l.Why[0].Older != "n4" {
		t.Errorf("why %+v, want edition n5 over n4", l.Why)
	}
	decode(t, runQuery(t, "lag", "-db", db, "-json", "-wiki", "infinity-en"), &doc)
	if len(doc.Lagging) != 0 {
		t.Errorf("-wiki infinity-en: %+v, want none (no English page lags)", doc.Lagging)
	}
	out := runQuery(t, "lag", "-db", db, "-lang", "en")
	if !strings.Contains(out, "Aislado (infinity-es) is behind Isolated State (infinity-en): the English page Isolated State has version N5; this one is N4") {
		t.Errorf("lag text:\n%s", out)
	}
}

// TestAskWarnsTwin: a Spanish question decided by Aislado warns that the
// English Isolated State is N5 and cites its record; the same question in
// English, decided by Isolated State, does not warn. show warns too.
func TestAskWarnsTwin(t *testing.T) {
	db := twinsDB(t)
	es := runQuery(t, "ask", "-db", db, "¿Puede una tropa en estado Aislado recibir Órdenes de la Reserva de Órdenes?")
	for _, want := range []string{
		"AVISO: la página inglesa Isolated State tiene la versión N5; esta es N4",
		"Restriction: Troopers in Isolated State cannot receive Orders from their Order Pool.\n  — Isolated State › Effects › 1 [N5]",
		"— Aislado › Efectos › 1 [N4]",
	} {
		if !strings.Contains(es, want) {
			t.Errorf("Spanish answer lacks %q:\n%s", want, es)
		}
	}
	var doc struct {
		Sources      []struct{ Page string }
		TwinWarnings []struct {
			Message      string
			Match        string
			TwinCitation struct{ Page string } `json:"twin_citation"`
		} `json:"twin_warnings"`
	}
	decode(t, runQuery(t, "ask", "-db", db, "-json", "¿Puede una tropa en estado Aislado recibir Órdenes de la Reserva de Órdenes?"), &doc)
	if len(doc.TwinWarnings) != 1 || doc.TwinWarnings[0].TwinCitation.Page != "Isolated State" || doc.Sources[0].Page != "Aislado" {
		t.Errorf("ask -json: sources %+v, warnings %+v", doc.Sources, doc.TwinWarnings)
	}
	en := runQuery(t, "ask", "-db", db, "Can an Isolated trooper receive Orders from the Order Pool?")
	if strings.Contains(en, "WARNING") || strings.Contains(en, "AVISO") || !strings.Contains(en, "— Isolated State › Effects › 1 [N5]") {
		t.Errorf("English answer:\n%s", en)
	}
	show := runQuery(t, "show", "-db", db, "Aislado")
	if !strings.HasPrefix(show, "AVISO: la página inglesa Isolated State tiene la versión N5; esta es N4") {
		t.Errorf("show Aislado:\n%s", show)
	}
	if show := runQuery(t, "show", "-db", db, "Marcado"); strings.Contains(show, "AVISO") {
		t.Errorf("show Marcado warns, yet Targeted State is not newer:\n%s", show)
	}
}

// TestSearchPairsOnce: query search ranks both twins' records and shows
// the pair once, the newer side (Isolated State, N5) first naming the
// other with its folded results; without the index (FTS5 finds no
// English record for a Spanish word) Aislado's results name the newer
// twin.
func TestSearchPairsOnce(t *testing.T) {
	db := twinsDB(t)
	runQuery(t, "index", "-db", db)
	type result struct {
		Wiki     string
		Citation struct{ Page string }
		Twin     *struct {
			Wiki, Title, Language string
			Newer                 bool
			Results               int
		}
	}
	var out struct{ Results []result }
	decode(t, runQuery(t, "search", "-db", db, "-json", "-n", "4", "aislado"), &out)
	if len(out.Results) < 2 || out.Results[0].Citation.Page != "Isolated State" || out.Results[0].Wiki != "infinity-en" {
		t.Fatalf("results %+v, want Isolated State first", out.Results)
	}
	if tw := out.Results[0].Twin; tw == nil || tw.Title != "Aislado" || tw.Wiki != "infinity-es" || tw.Language != "es" || tw.Newer || tw.Results == 0 {
		t.Errorf("first result's twin %+v, want Aislado, older, with its results folded", tw)
	}
	for _, r := range out.Results {
		if r.Citation.Page == "Aislado" {
			t.Errorf("Aislado listed beside its twin: %+v", out.Results)
		}
	}
	text := runQuery(t, "search", "-db", db, "-n", "4", "aislado")
	if !strings.Contains(text, "also in Spanish: Aislado (infinity-es); ") {
		t.Errorf("text output does not name the twin:\n%s", text)
	}
	decode(t, runQuery(t, "search", "-db", db, "-json", "-fts5", "-n", "4", "aislado"), &out)
	if tw := out.Results[0].Twin; out.Results[0].Citation.Page != "Aislado" || tw == nil || tw.Title != "Isolated State" || !tw.Newer {
		t.Errorf("fts5: first result %+v twin %+v, want Aislado naming Isolated State as newer", out.Results[0], tw)
	}
}

// TestLagSaysWhatDiffers: the report names the pages, counts the records
// of each side, and says in the reader's language which number differs,
// citing both records; not "rule 0: 0 added".
func TestLagSaysWhatDiffers(t *testing.T) {
	rec := func(page, section, text string) wikirules.Record {
		return wikirules.Record{Page: page, Section: []string{section}, Kind: wikirules.KindRule, Ordinal: 1, Plain: text, Text: text}
	}
	l := pairs.Lag{Pair: pairs.Pair{ES: pairs.PageRef{Title: "Propiedades"}, EN: pairs.PageRef{Title: "Traits"}}}
	l.Align = pairs.Align(
		[]wikirules.Record{rec("Propiedades", "BLI = 0", "Reduce el BLI a 0."), rec("Propiedades", "BLI = 0", "Solo una vez."), rec("Propiedades", "Otra", "Nada.")},
		[]wikirules.Record{rec("Traits", "ARM = 0", "Reduces ARM to 0 and BS by -3."), rec("Traits", "ARM = 0", "Only once.")})
	for judge, want := range map[string][]string{
		"en": {
			"records: 2 of Propiedades paired with one of Traits (1 of them differ in substance); without a pair: 1 of Propiedades, 0 of Traits",
			"a number differs: the English text says -3 and the Spanish one does not (paired by position in the block)\n      — Propiedades › BLI = 0 › 1\n      — Traits › ARM = 0 › 1\n",
		},
		"es": {
			"registros: 2 de Propiedades emparejados con uno de Traits (1 difieren en el fondo); sin pareja: 1 de Propiedades, 0 de Traits",
			"una cifra difiere: el texto inglés dice -3 y el español no (emparejados por su posición en el bloque)",
		},
	} {
		var b strings.Builder
		printPairing(&b, &l, judge)
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("-lang %s: no %q in\n%s", judge, w, b.String())
			}
		}
	}
}

// TestLagEditionsNotTranslations: an N4 record paired with an N5 one (by
// position in the block) is no translation of it: lag does not report a
// figure of one as missing from the other, it counts the pair as of
// different editions; records of a shared edition are still compared.
func TestLagEditionsNotTranslations(t *testing.T) {
	rec := func(page, section, text string, ed wikirules.Editions) wikirules.Record {
		return wikirules.Record{Page: page, Section: []string{section}, Kind: wikirules.KindRule, Ordinal: 1, Plain: text, Text: text, Editions: ed}
	}
	n4, n5 := wikirules.Editions(wikirules.N4), wikirules.Editions(wikirules.N5)
	l := pairs.Lag{Pair: pairs.Pair{ES: pairs.PageRef{Title: "Propiedades"}, EN: pairs.PageRef{Title: "Traits"}}}
	l.Align = pairs.Align(
		[]wikirules.Record{rec("Propiedades", "BLI = 0", "Reduce el BLI a 0.", n4), rec("Propiedades", "BLI = 0", "Solo una vez.", n4|n5)},
		[]wikirules.Record{rec("Traits", "ARM = 0", "Reduces ARM to 0 and BS by -3.", n5), rec("Traits", "ARM = 0", "Only once, at -6.", n5)})
	var b strings.Builder
	printPairing(&b, &l, "en")
	out := b.String()
	for _, want := range []string{
		"(1 of them differ in substance)",
		"; pairs of records of different editions: 1 (not compared as translations)",
		"the English text says -6",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "-3") {
		t.Errorf("an N4 record is compared with an N5 one as its translation:\n%s", out)
	}
}

// TestCLILang checks the CLI's own language: Spanish only for a
// Spanish locale, English for an English one, for C/POSIX and for none,
// so that lag under LANG=C.UTF-8 speaks the English of show, faq and
// pages.
func TestCLILang(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "C.UTF-8"}, "en"},
		{map[string]string{"LANG": "POSIX"}, "en"},
		{map[string]string{}, "en"},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, "en"},
		{map[string]string{"LANG": "es_ES.UTF-8"}, "es"},
		{map[string]string{"LC_MESSAGES": "es", "LANG": "en_US.UTF-8"}, "es"},
		{map[string]string{"LC_ALL": "en_GB.UTF-8", "LANG": "es_ES.UTF-8"}, "en"},
	} {
		if got := cliLang(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.env, got, tc.want)
		}
	}
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "C.UTF-8")
	if out := runQuery(t, "lag", "-all"); !strings.Contains(out, "Every pair:") {
		t.Errorf("lag under LANG=C.UTF-8 is not in English:\n%.300s", out)
	}
}
