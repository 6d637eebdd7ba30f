package engine

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestSearchWords checks the text Ask hands the Searcher: folded words,
// stopwords and repeats dropped, order kept (questions of the case files
// with their glossary expansions).
func TestSearchWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"¿Se puede declarar Berserk estando trabado? Engaged declare declared declaring ejecutar",
			"declarar berserk trabado engaged declare declared declaring ejecutar"},
		{"Dodging a mine without LoF: is the modifier -3 or -6? LDT Línea de Tiro Line of Fire MOD Modifier Mina sin modifier",
			"dodging mine without lof modifier 3 6 ldt linea tiro line fire mod mina"},
		{"Can I shrink my base to move through a corner? Mover esquina peana mover moving",
			"shrink base move through corner mover esquina peana moving"},
		{"¿Qué pasa si no hay nada?", ""},
	} {
		if got := searchWords(tc.in); got != tc.want {
			t.Errorf("searchWords(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestIndexWords checks that the text asked of the index keeps a glossary
// term of several words whole, its function words included, besides its
// plain words: the index expands the term to the other language's.
func TestIndexWords(t *testing.T) {
	e := New(nil, nil)
	for _, tc := range []struct{ in, want string }{
		{"¿Su Zona de Hackeo incluye a los hackers?", "zona de hackeo zona hackeo incluye hackers"},
		{"¿Qué pasa si no hay nada?", ""},
	} {
		if got := e.indexWords(tc.in); got != tc.want {
			t.Errorf("indexWords(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestNamesOnly checks the names a question whose words find nothing is
// searched again by: its glossary terms when it has two; else the words
// it writes with a capital too, those some document holds (not a word
// opening a sentence, nor a name no text holds).
func TestNamesOnly(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{"Mi Zona de Hackeo incluye al Repetidor", "zona de hackeo repetidor"},
		{"Cuántos miembros admite como máximo un Fireteam Core", "miembros fireteam core"},
		{"Cuántos miembros admite un Fireteam Xyzzyq", "miembros fireteam"},
	} {
		if got := strings.Join(e.namesOnly(tc.in), " "); got != tc.want {
			t.Errorf("namesOnly(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestGatherNamesAcrossLanguages checks that a Spanish question whose
// words no text holds half of (the rule stands only on the English wiki)
// finds it by its names ("miembros", "Fireteam", "Core"), and that a hit
// holding one name alone is no candidate.
func TestGatherNamesAcrossLanguages(t *testing.T) {
	e := wikiEngine(t)
	ctx := t.Context()
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	f := wikirules.Filter{Edition: wikirules.N5, Unscoped: true}
	cands, err := e.gather(ctx, e.analyze("¿Con cuántos miembros como mínimo se forma un Fireteam Core?"), f)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range cands {
		if c.rec != nil && strings.Contains(c.rec.Plain, "Fireteam Core must contain") {
			found = true
		}
		if c.rec == nil || c.searched == 0 {
			continue
		}
		k, held := keySet(recordText(c.rec)+" "+c.page+" "+strings.Join(c.rec.Section, " ")), 0
		for _, name := range []string{"Fireteam", "Core", "members", "miembros"} {
			if k[keys(name)[0]] {
				held++
			}
		}
		if held < 2 {
			t.Errorf("hit %s (%s) holds one name alone", c.id(), c.page)
		}
	}
	if !found {
		t.Errorf("no candidate states how many Troopers a Fireteam Core has; %d candidates", len(cands))
	}
}

// TestHoldsNames checks that a hit of the names alone counts only when it
// holds two of them, a synonym standing for its term and the page title
// and section path counting as its text: "What does Strategos L2 let my
// Lieutenant do?" is not answered by a text of Lieutenants alone.
func TestHoldsNames(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(t.Context()); err != nil {
		t.Fatal(err)
	}
	alts := e.nameAlts([]string{"strategos", "teniente"})
	rec := func(page, text string, section ...string) wikirules.Hit {
		return wikirules.Hit{Record: &wikirules.Record{Page: page, Plain: text, Section: section}}
	}
	for _, tc := range []struct {
		h    wikirules.Hit
		want bool
	}{
		{rec("Aislado", "The Lieutenant loses the Command Tokens."), false},
		{rec("Aislado", "Strategos lets the Lieutenant keep a Command Token."), true},
		{rec("Strategos", "The Lieutenant keeps a Command Token."), true},
		{rec("Teniente", "Un Token de Mando.", "Strategos"), true},
	} {
		if got := holdsNames(tc.h, alts, 2); got != tc.want {
			t.Errorf("holdsNames(%q on %s %v) = %v, want %v", tc.h.Record.Plain, tc.h.Record.Page, tc.h.Record.Section, got, tc.want)
		}
	}
}
