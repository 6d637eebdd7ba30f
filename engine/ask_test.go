package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestAskDoneWhen checks the three answers issue 7 names as done-when.
func TestAskDoneWhen(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()

	t.Run("berserk engaged", func(t *testing.T) {
		a, err := e.Ask(ctx, "¿Se puede declarar Berserk estando trabado?", Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d == nil || d.Kind != wikirules.KindErrata || !strings.Contains(d.Text, "Berserk se puede declarar") {
			t.Fatalf("deciding = %+v, want the N4 errata on Berserk in Trabado", d)
		}
		if a.Verdict != "Sí" {
			t.Errorf("verdict = %q, want Sí", a.Verdict)
		}
		sup := a.ByRole(RoleSupporting)
		if len(sup) == 0 || sup[0].Page != "Trabado" || sup[0].Kind != wikirules.KindEffect || !strings.Contains(sup[0].Text, "sólo pueden declarar") {
			t.Errorf("first supporting = %+v, want the Trabado effect bullet the errata extends", sup)
		}
	})

	t.Run("dodge mine", func(t *testing.T) {
		a, err := e.Ask(ctx, "¿Qué MOD aplico al esquivar una mina sin LDT?", Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Kind != wikirules.KindErrata {
			t.Fatalf("deciding = %+v, want the errata", d)
		}
		if a.Verdict != "MOD -3" {
			t.Errorf("verdict = %q, want MOD -3", a.Verdict)
		}
		ov := a.ByRole(RoleOverridden)
		if len(ov) == 0 || ov[0].Kind != wikirules.KindExample || !strings.Contains(ov[0].Text, "FIS -6") || ov[0].Reason == "" {
			t.Errorf("overridden = %+v, want the −6 example with a reason", ov)
		}
	})

	t.Run("engaged cancellation codeone", func(t *testing.T) {
		a, err := e.Ask(ctx, "¿Cómo se cancela el estado Trabado?", Options{Edition: wikirules.C1})
		if err != nil {
			t.Fatal(err)
		}
		if a.Edition != "c1" || a.EditionDefaulted {
			t.Errorf("edition = %q (defaulted %v), want c1", a.Edition, a.EditionDefaulted)
		}
		var c1 bool
		for _, s := range a.Sources {
			if s.Citation.Editions.Has(wikirules.N4) && !s.Citation.Editions.Has(wikirules.C1) {
				t.Errorf("N4-only source quoted in a CodeOne answer: %s", s.Citation)
			}
			if s.Kind == wikirules.KindCancellation && s.Citation.Editions.Has(wikirules.C1) && strings.Contains(s.Text, "estado considerado") {
				c1 = true
			}
		}
		if !c1 {
			t.Errorf("the CodeOne cancellation bullet is not quoted: %+v", a.Sources)
		}
	})
}

// TestAskNotFound checks that questions the knowledge base cannot decide
// get NotFound and no deciding source.
func TestAskNotFound(t *testing.T) {
	e := sampleEngine(t)
	for _, q := range []string{"¿Cuántos puntos cuesta un Tohaa Makaul?", "What is the best army list for a tournament?", "¿?", "zzzz qqqq"} {
		a, err := e.Ask(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Found || a.Verdict != NotFound || a.Deciding() != nil || len(a.Sources) != 0 {
			t.Errorf("Ask(%q) = found %v verdict %q with %d sources, want %q and none", q, a.Found, a.Verdict, len(a.Sources), NotFound)
		}
	}
}

// TestAskJSON checks the JSON shape: every source has a citation, and the
// roles come in order deciding → supporting → overridden.
func TestAskJSON(t *testing.T) {
	e := sampleEngine(t)
	a, err := e.Ask(context.Background(), "Dodging a mine without LoF: is the modifier -3 or -6?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Sources []struct {
			Role     string             `json:"role"`
			Citation wikirules.Citation `json:"citation"`
		} `json:"sources"`
		Data DataVersion `json:"data_version"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	order := map[string]int{"deciding": 0, "supporting": 1, "overridden": 2}
	last := 0
	for i, s := range doc.Sources {
		if s.Citation.Page == "" || s.Citation.Anchor == "" {
			t.Errorf("source %d has no citation: %+v", i, s)
		}
		if order[s.Role] < last {
			t.Errorf("source %d: role %s after a heavier one", i, s.Role)
		}
		last = order[s.Role]
	}
	if len(doc.Sources) < 3 || doc.Sources[0].Role != "deciding" {
		t.Errorf("sources = %+v, want deciding first and at least 3", doc.Sources)
	}
	if len(doc.Data.Revisions) == 0 || len(doc.Data.FAQVersions) == 0 {
		t.Errorf("data version = %+v, want revisions and FAQ versions", doc.Data)
	}
}

// TestAskAsOf pins the answer to a date: before the seed dump's edits
// (February 2021) the knowledge base held nothing, after them the errata.
func TestAskAsOf(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()
	q := "¿Se puede declarar Berserk estando trabado?"
	before, err := e.Ask(ctx, q, Options{AsOf: time.Date(2020, 12, 31, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if before.Found || before.AsOf == nil || !strings.Contains(strings.Join(before.Notes, " "), "2020-12-31") {
		t.Errorf("as of 2020-12-31: found %v, as_of %v, notes %q; want not found and an as-of note", before.Found, before.AsOf, before.Notes)
	}
	after, err := e.Ask(ctx, q, Options{AsOf: time.Date(2021, 3, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if d := after.Deciding(); d == nil || d.Kind != wikirules.KindErrata {
		t.Errorf("as of 2021-03-01: deciding %+v, want the errata", d)
	}
	for _, s := range after.Sources {
		if s.Citation.Timestamp.After(time.Date(2021, 3, 1, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("source from after the pin: %s", s.Citation)
		}
	}
}

// TestVerdictNumbers checks the modifier reading, including the denial
// "no de -6" of the Dodge errata.
func TestVerdictNumbers(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"En el ejemplo de Esquivar y Arma Posicionable, el Zhanshi sólo sufre un MOD de -3, no de -6.", "-3"},
		{"excepto Esquivar con un MOD de -6 a FIS.", "-6"},
		{"deberán superar una Tirada de FIS-3", "-3"},
		{"Sin modificador alguno.", ""},
	} {
		got := ""
		if ns := modNumbers(tc.text); len(ns) > 0 {
			got = ns[0]
		}
		if got != tc.want {
			t.Errorf("modNumbers(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestGlossary checks the expansions the engine relies on for English
// questions (the glossary's own tests are lang's).
func TestGlossary(t *testing.T) {
	g := lang.Default()
	expand := func(q string) []string {
		var out []string
		for _, u := range g.Segment(q) {
			out = append(out, u.Synonyms...)
		}
		return out
	}
	for _, tc := range []struct{ q, want string }{
		{"Can I declare Berserk while Engaged?", "Trabado"},
		{"Dodging a mine without LoF", "LDT"},
		{"Is Dodge a valid ARO?", "ORA"},
		{"Does the -6 apply in a Zero Visibility Zone?", ""},
	} {
		got := strings.Join(expand(tc.q), "|")
		if tc.want != "" && !strings.Contains("|"+got+"|", "|"+tc.want+"|") {
			t.Errorf("expand(%q) = %q, want %q among them", tc.q, got, tc.want)
		}
		if strings.Contains(got, "|S|") || strings.HasPrefix(got, "S|") {
			t.Errorf("expand(%q) = %q: the article matched an abbreviation", tc.q, got)
		}
	}
	if _, err := lang.ParseGlossary("t.md", "| es | en |\n|---|---|\n| solo |\n"); err == nil {
		t.Error("a one-term row parsed without error")
	}
}

// TestAskShowsTypedWords checks that a note naming what a question asks
// about shows the question's words, not the stems the engine compares
// ("Foxhole", not "foxhol"), and that the answer's labels follow the
// question's language.
func TestAskShowsTypedWords(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "What does Foxhole State do for a trooper?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(a.Notes, "\n")
	if a.Verdict != NotFound || !strings.Contains(notes, "asks about Foxhole,") {
		t.Errorf("verdict %q, notes %q: want not found, asking about Foxhole", a.Verdict, notes)
	}
	es, err := e.Ask(context.Background(), "¿Puedo gastar un Token de Mando para que mi tropa pase automáticamente la Tirada de Agallas?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if es.Labels.Data != "Datos" || es.Labels.Why != "por qué" {
		t.Errorf("labels of a Spanish question = %+v", es.Labels)
	}
}
