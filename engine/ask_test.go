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

// TestAskDoneWhen checks three answers a judge relies on.
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

// TestAskDecidesByWhatIsAsked checks the answers the issue found wrong: a
// rule that lists what a state allows decides over an FAQ that only
// shares its words, and the verdict is read from that rule.
func TestAskDecidesByWhatIsAsked(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()
	a, err := e.Ask(ctx, "Can I dodge while engaged?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Trabado" || d.Kind != wikirules.KindEffect || !strings.Contains(d.Text, "sólo pueden declarar") {
		t.Fatalf("deciding = %+v, want the Trabado bullet listing what may be declared", d)
	}
	if a.Verdict != "Yes" {
		t.Errorf("verdict = %q, want Yes (Esquivar is in the list)", a.Verdict)
	}
	a, err = e.Ask(ctx, "¿Se puede usar Trepar y Mover en la misma orden?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d != nil && d.FAQ != nil && strings.Contains(d.FAQ.Question, "esquina") {
		t.Errorf("deciding = the FAQ about corners: %s", d.Citation)
	}
	if strings.HasPrefix(a.Verdict, "Sí") {
		t.Errorf("verdict = %q: Trepar is an Entire Order, it does not combine", a.Verdict)
	}
}

// TestAskQuoteStandsAlone checks that a bullet is quoted under its lead-in
// (the rendered Integridad del Fireteam page: "… se cancela
// automáticamente en los siguientes casos:").
func TestAskQuoteStandsAlone(t *testing.T) {
	e := sampleEngine(t)
	a, err := e.Ask(context.Background(), "Si el Líder de Fireteam declara una ORA distinta a la del Fireteam, ¿qué pasa?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || !strings.Contains(d.Text, "declara una ORA distinta") {
		t.Fatalf("deciding = %+v, want the bullet on a different ARO", d)
	}
	if !strings.Contains(d.LeadIn, "se cancela automáticamente") || !strings.Contains(d.Quote, "se cancela automáticamente") || !strings.Contains(d.Quote, "\n- ") {
		t.Errorf("quote = %q (lead-in %q), want the bullet under its lead-in", d.Quote, d.LeadIn)
	}
}

// TestAskQuotesOnce checks that a lead-in quoted with its one bullet and
// that bullet quoted under its lead-in (the same text) are given once
// (Armas y Equipo de Plantilla, "Críticos con Armas de Plantilla:").
func TestAskQuotesOnce(t *testing.T) {
	e := sampleEngine(t)
	a, err := e.Ask(context.Background(), "Si saco un crítico con un arma de plantilla, ¿qué tropas sufren los efectos del crítico?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || !strings.Contains(d.Quote, "Objetivo Principal (y sólo ella)") {
		t.Fatalf("deciding = %+v, want the critical bullet under its lead-in", d)
	}
	seen := map[string]bool{}
	for _, s := range a.Sources {
		if s.Quote != "" && seen[s.Page+"\x00"+s.Quote] {
			t.Errorf("%s › %v quoted twice: %q", s.Page, s.Citation, s.Quote)
		}
		seen[s.Page+"\x00"+s.Quote] = true
	}
}

// TestAskLanguageAndEdition checks that labels and notes follow the
// question's language and that the default edition is the newest one the
// knowledge base holds page by page: the deciding page's newest edition,
// named in a note (the seeds hold one N5 page, Módulo de Combate; Berserk
// and Trabado are N4 and CodeOne).
func TestAskLanguageAndEdition(t *testing.T) {
	e := sampleEngine(t)
	ctx := context.Background()
	for _, tc := range []struct{ q, lang, deciding, note string }{
		{"Can I declare Berserk while Engaged?", "en", "Deciding", "edition: N4,"},
		{"¿Se puede declarar Berserk estando trabado?", "es", "Decide", "edición: N4,"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Language != tc.lang || a.Labels.Deciding != tc.deciding {
			t.Errorf("%q: language %q, label %q; want %q, %q", tc.q, a.Language, a.Labels.Deciding, tc.lang, tc.deciding)
		}
		if a.Edition != "n4" || !a.EditionDefaulted || !strings.Contains(strings.Join(a.Notes, " "), tc.note) {
			t.Errorf("%q: edition %q (defaulted %v), notes %q; want n4 named", tc.q, a.Edition, a.EditionDefaulted, a.Notes)
		}
	}
}

// TestAskNotFoundNearest checks that an abstention names the pages to read
// and gives no deciding source.
func TestAskNotFoundNearest(t *testing.T) {
	e := sampleEngine(t)
	a, err := e.Ask(context.Background(), "¿Qué MOD impone el estado Aturdido y cómo se cancela?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Found || a.Verdict != NotFound || a.Deciding() != nil {
		t.Fatalf("found %v verdict %q deciding %+v, want not found", a.Found, a.Verdict, a.Deciding())
	}
	if len(a.Nearest) == 0 {
		t.Errorf("no nearest pages")
	}
}

// TestAskNonsense checks that nonsense and off-topic questions are not
// found: markup, bare numbers, code, and
// questions naming no game term the knowledge base knows, in both
// languages. Each once decided on some text by matching a number or a
// common word.
func TestAskNonsense(t *testing.T) {
	e := sampleEngine(t)
	for _, q := range []string{
		"<script>alert(1)</script>",
		"javascript:alert(document.cookie)",
		"1 2 3",
		"¿Me puedes ayudar?",
		"' OR 1=1 --",
		"../../etc/passwd",
		"¿Cuál es la capital de Francia?",
		"what is the weather tomorrow",
		"¿Quién ganó el mundial de 2010?",
		"hello world",
	} {
		a, err := e.Ask(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Found || a.Verdict != NotFound || len(a.Sources) != 0 {
			t.Errorf("Ask(%q) = found %v verdict %q deciding %+v, want %q", q, a.Found, a.Verdict, a.Deciding(), NotFound)
		}
	}
}

// TestAskTerse checks that short questions naming a game term are still
// answered, markup around a real question is ignored, and English filler
// ("rules", "work") does not count as a subject the knowledge base lacks.
func TestAskTerse(t *testing.T) {
	e := sampleEngine(t)
	for _, tc := range []struct{ q, page string }{
		{"<b>¿Se puede declarar Berserk estando trabado?</b>", "Trabado"},
		{"Berserk Engaged", "Trabado"},
		{"Impersonation rules", "Suplantado"},
		{"How does Impersonation work?", "Suplantado"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); !a.Found || d == nil || d.Page != tc.page {
			t.Errorf("Ask(%q): found %v deciding %+v, want a source on %s", tc.q, a.Found, d, tc.page)
		}
	}
}

// TestProse checks the markup dropped from a question.
func TestProse(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<script>alert(1)</script>", ""},
		{"<b>¿Berserk</b> trabado?", "¿Berserk  trabado?"},
		{"<style>p{}</style>MOD -3 <br/>", "MOD -3"},
		{"¿MOD < 3 o > 6?", "¿MOD < 3 o > 6?"},
	} {
		if got := prose(tc.in); got != tc.want {
			t.Errorf("prose(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestAskOverriddenSet checks that only a source speaking of the deciding
// rule is shown as overridden: for the Dodge
// errata, the "Ejemplo Esquivar y Arma Posicionable" whose seefaq note
// points to it, and not Sexto Sentido's exception, Inmovilizado-A's effect
// and cancellation or the Condiciones de Visibilidad rules, which are
// relevant to the words of the question but are other rules.
func TestAskOverriddenSet(t *testing.T) {
	e := sampleEngine(t)
	for _, q := range []string{
		"¿Qué MOD aplico al Esquivar una mina que no veo?",
		"¿Qué MOD aplico al esquivar una mina sin LDT?",
		"¿Se apilan los MOD de Esquivar por Arma Posicionable y plantilla fuera de LDT?",
		"dodging a mine without LoF",
		"What MOD do I apply when dodging a mine I can't see?",
		"Dodging a mine without LoF: is the modifier -3 or -6?",
	} {
		a, err := e.Ask(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Kind != wikirules.KindErrata || d.Page != "Esquivar" {
			t.Errorf("%q: deciding = %+v, want the Esquivar errata", q, d)
			continue
		}
		var got []string
		for _, s := range a.ByRole(RoleOverridden) {
			got = append(got, s.Citation.String())
		}
		ov := a.ByRole(RoleOverridden)
		if len(ov) != 1 || ov[0].Kind != wikirules.KindExample || ov[0].Page != "Esquivar" ||
			!strings.Contains(ov[0].Citation.String(), "Ejemplo Esquivar y Arma Posicionable") {
			t.Errorf("%q: overridden = %q, want exactly the Esquivar y Arma Posicionable example", q, got)
		}
	}
}

// TestModifiers checks the modifiers a text states with the attribute
// each applies to, which decide whether text gives "a different value of
// the same modifier" as the verdict.
func TestModifiers(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []modifier
	}{
		{"Para Esquivar un Arma de Plantilla careciendo de LDT hacia el atacante se debe aplicar un MOD de -3 a su Tirada de FIS.", []modifier{{"fis", "-3"}}},
		{"a excepción del MOD de FIS-6 del Estado Cegado", []modifier{{"fis", "-6"}}},
		{"El Zhanshi sólo sufre un MOD de -3, no de -6.", []modifier{{"", "-3"}}},
		{"aplicará un MOD de +3 a CD. Además, FIS -3", []modifier{{"cd", "+3"}, {"fis", "-3"}}},
	} {
		got := modifiers(tc.text)
		if len(got) != len(tc.want) {
			t.Errorf("modifiers(%q) = %v, want %v", tc.text, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("modifiers(%q) = %v, want %v", tc.text, got, tc.want)
			}
		}
	}
}

// TestOlderEditionNeedsAnAnswer asks without an edition what only the
// N4 FAQ of Isolated State rules on ("Can the Order provided by an
// Isolated Trooper be transformed into a Regular Order with a Command
// Token? No."): the N5 Command Tokens bullets the question's words reach
// entail no verdict, so they do not override the FAQ.
func TestOlderEditionNeedsAnAnswer(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Isolated trooper: can I spend a Command Token to turn its Order into a Regular Order?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range a.ByRole(RoleOverridden) {
		if s.Kind == wikirules.KindFAQ && s.Page == "Isolated State" {
			t.Errorf("the Isolated State FAQ is overridden (%s) by %+v", s.Citation, a.Deciding())
		}
	}
	if d := a.Deciding(); d == nil || d.Page != "Isolated State" || a.Verdict != "No" {
		t.Errorf("deciding %+v, verdict %q: want the Isolated State FAQ, No", d, a.Verdict)
	}
}

// TestCountSpentByAnotherAct checks that a "how many" question is not
// answered with the number another act spends: Tokens de Mando's
// "consumiendo 1 único Token de Mando" (the Strategic Use's cost) is no
// count of the Tokens a player has, but is of what that use consumes (the
// corpus's seeds and wiki pages, default edition).
func TestCountSpentByAnotherAct(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, notWant, want string }{
		{"¿Cuántos Tokens de Mando tiene cada jugador?", "1", ""},
		{"¿Cuántos Tokens de Mando recibe cada jugador?", "1", ""},
		{"¿Cuántos Tokens de Mando consume el Uso Estratégico?", "", "1"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if tc.notWant != "" && strings.HasPrefix(a.Verdict, tc.notWant) {
			t.Errorf("%q: %q, the number the Strategic Use consumes", tc.q, a.Verdict)
		}
		if tc.want != "" && !strings.HasPrefix(a.Verdict, tc.want) {
			t.Errorf("%q: %q, want %q", tc.q, a.Verdict, tc.want)
		}
	}
}
