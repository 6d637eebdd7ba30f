package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestAskUnscopedEdition checks that a question pinned to an edition is
// answered from a page that does not say its edition when no page of that
// edition answers it, with the note "edition unknown" (the Spanish
// movement rules excerpt names no edition).
func TestAskUnscopedEdition(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "¿Puedo terminar mi movimiento encima de una miniatura aliada?", Options{Edition: wikirules.N5})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || !strings.Contains(d.Text, "no podrá finalizar su Movimiento") {
		t.Fatalf("deciding = %+v, want the movement rule", d)
	}
	if !strings.Contains(strings.Join(a.Notes, "\n"), "edición desconocida") {
		t.Errorf("notes = %q, want the edition unknown", a.Notes)
	}
}

// TestAskHeadingSubject checks that a question whose heading names a rule
// ("MediKit: …") no text speaks of is not answered from a text that
// shares its other words (PARA ammunition's rolls).
func TestAskHeadingSubject(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "MediKit: what roll does the target make, and can it be used at range?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Found {
		t.Errorf("answer = %+v, want not found", a.Deciding())
	}
}

// TestStrayMention checks that a concept no page describes, named by a
// text only as a list item or within parentheses, is not answered from
// it ("not found"), and that strayOnly tells a mention in passing from one
// the text speaks of.
func TestStrayMention(t *testing.T) {
	e := wikiEngine(t)
	for _, q := range []string{
		"¿Quién puede declarar Alertar y qué efecto tiene?",
		"¿Cuándo se hace la tirada de Regeneración y qué recupera?",
	} {
		a, err := e.Ask(context.Background(), q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		if a.Found {
			t.Errorf("%q: deciding %+v, want not found", q, a.Deciding())
		}
	}
	// Nor from an example that shows it used ("el Orco Hacker declara
	// Oblivion", where the question asks about Carbonita).
	a, err := e.Ask(context.Background(), "¿Qué hace el programa de hackeo Carbonita?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Found {
		t.Errorf("Carbonita: deciding %+v, want not found", a.Deciding())
	}
	u := &unit{alts: [][]string{keys("Alertar")}}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Las únicas ORA que se pueden ejecutar contra un Marcador de Suplantado son: Descubrir, Esquivar, Reset o Alertar.", true},
		{"El Marcador declara un Ataque, Alertar o cualquier Habilidad que requiera una tirada.", true},
		{"Puede ser curado (con Médico, Alertar, Regeneración...).", true},
		{"Alertar permite avisar a las Tropas aliadas, que entran en estado Alerta.", false},
		{"Esquivar, Reset y Descubrir son ORA. Alertar permite avisar a las Tropas aliadas.", false},
		{"Esquivar permite mover.", false},
	} {
		if got := strayOnly(tc.text, u); got != tc.want {
			t.Errorf("strayOnly(%.50q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	// A term standing within a longer term's mention is that mention: "E/M"
	// of "Munición E/M" listed among others is listed.
	em := &unit{alts: [][]string{keys("E/M"), keys("Munición E/M")}}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Las Propiedades que reducen los Atributos, por ejemplo, AP o Munición E/M o BLI=0.", true},
		{"Un impacto con Munición E/M obliga a realizar dos Tiradas.", false},
	} {
		if got := strayOnly(tc.text, em); got != tc.want {
			t.Errorf("strayOnly(%.50q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	// Nor does an FAQ asking of it only in passing answer a question about it.
	a, err = e.Ask(context.Background(), "How many Saving Rolls does E/M Ammunition force, and against which Attribute?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d != nil && d.FAQ != nil {
		t.Errorf("E/M Ammunition: deciding FAQ %q, want none asking of it in passing", d.FAQ.Question)
	}
}

// TestAskConditionList checks that "can I dodge while engaged?" is
// decided by the Trabado rule listing the skills an Engaged trooper may
// declare (Esquivar among them), not by the Esquivar bullet about
// entering Engaged, and answered yes.
func TestAskConditionList(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Mi tropa está trabada con un enemigo: ¿puede declarar Esquivar?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Trabado" || !strings.Contains(d.Text, "sólo pueden declarar") {
		t.Fatalf("deciding = %+v, want the Trabado list", d)
	}
	if a.Verdict != "Sí" {
		t.Errorf("verdict = %q, want Sí", a.Verdict)
	}
}

// TestAskChildOverLeadIn checks that a bullet holding what is asked
// decides over the lead-in that introduces it: "Anular 2 Órdenes
// Regulares…" under the Strategic Use lead-in, with the number 2.
func TestAskChildOverLeadIn(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Juego segundo: con el Uso Estratégico, ¿cuántas Órdenes Regulares le puedo quitar al rival en su primer turno?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || !strings.Contains(d.Text, "Anular 2 Órdenes Regulares") {
		t.Fatalf("deciding = %+v, want the Anular bullet", d)
	}
	if !strings.Contains(a.Verdict, "2") {
		t.Errorf("verdict = %q, want 2", a.Verdict)
	}
}

// TestAskTwoPagesAnyWords checks that a question naming two pages is
// answered although its asking clause holds only words no text holds
// ("¿Pasa algo malo?"): the Ingeniero bullet on failing to cancel
// another state.
func TestAskTwoPagesAnyWords(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Fallo la tirada de Ingeniero intentando quitar el estado Marcado. ¿Pasa algo malo?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || !strings.Contains(d.Text, "no tiene consecuencias negativas") {
		t.Fatalf("deciding = %+v, want the Ingeniero bullet", d)
	}
}

// TestAskUnscopedPageKept checks that a page's text of unknown edition
// is not dropped as an older edition's alternative because an FAQ of an
// older edition relates to the page: the English Command Tokens page
// (no edition marker) answers an English question over the Spanish N4
// page, although an N3 FAQ of Retreat! relates to Command Tokens.
func TestAskUnscopedPageKept(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Can the second player remove two Regular Orders with a Command Token if the opponent has only 8 Orders?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Command Tokens" || !strings.Contains(d.Text, "higher than ten") {
		t.Fatalf("deciding = %+v, want the English Command Tokens option", d)
	}
}

// TestAskOtherCount checks that a section counting what the question
// counts otherwise does not answer it: the Three Member Fireteam Bonus
// does not answer a question about a four-member Fireteam; the Four
// Member bonus of the current revision (oldid 1730) does.
func TestAskOtherCount(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Four-member Fireteam in N4: do the other members get Sixth Sense in the Reactive Turn?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Fireteam Bonuses" || !strings.Contains(d.Citation.Section, "Four Member Fireteam Bonus") || d.Citation.Revision != "infinity-en:1730" {
		t.Errorf("verdict = %q (deciding %+v), want the Four Member Fireteam Bonus", a.Verdict, d)
	}
	if c := counts("Three Member Fireteam Bonus"); c["memb"] != "3" {
		t.Errorf("counts = %v, want memb: 3", c)
	}
}

// TestAskOlderEditionPage checks that, with no edition asked, a page of
// an older edition of a rule (the N3 wiki's Retreat! (State)) does not
// decide when the newer edition's page of the rule answers (the N4
// Retreat State): it is listed as overridden, and the answer speaks for N4.
func TestAskOlderEditionPage(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Can I spend a Command Token to cancel Retreat! on one trooper?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Retreat State" || a.Edition != "n4" {
		t.Fatalf("deciding = %+v (edition %q), want the N4 Retreat State page", d, a.Edition)
	}
	if a.Verdict != "Yes" {
		t.Errorf("verdict = %q, want Yes", a.Verdict)
	}
	older := false
	for _, s := range a.Sources {
		older = older || s.Role == RoleOverridden && s.Page == "Retreat! (State)"
	}
	if !older {
		t.Errorf("sources = %+v, want the N3 page overridden", a.Sources)
	}
}

// TestAskTwinInEdition checks that a question asked in an edition its
// page holds no text of is answered from that page's twin in the other
// language when the twin may hold it: the Spanish Zona de Hackeo is N4
// and CodeOne, the English Hacking Area does not say its edition; the
// answer says "edition unknown" (in the judge's language) and gives no
// verdict of its own.
func TestAskTwinInEdition(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "¿Cuánto mide la Zona de Hackeo en N5?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Page != "Hacking Area" {
		t.Fatalf("deciding = %+v (verdict %q), want the Hacking Area page", d, a.Verdict)
	}
	if !strings.Contains(strings.Join(a.Notes, "\n"), "edición desconocida") {
		t.Errorf("notes = %q, want the edition unknown", a.Notes)
	}
	if a.Verdict != vocabFor("es").Labels.SeeDeciding {
		t.Errorf("verdict = %q, want none", a.Verdict)
	}
}

// TestAskBlockingQuestion checks the joint reading of a question whether
// X blocks Y against its source, both ways: a text saying Y cannot happen
// answers yes ("no pueden trazar LDT a través de una Zona de Ruido
// Blanco"); X's own blocking verb answers yes ("Eclipse … preventing them
// from drawing LoF"); a blocking verb whose actor is another thing gives
// no verdict ("Eclipse Ammunition is a variant of Smoke Ammunition
// designed to block the effect of Multispectral Visors" says nothing of
// whether Smoke blocks them).
func TestAskBlockingQuestion(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, want string }{
		{"Does a White Noise Zone block LoF for a trooper with a Multispectral Visor?", "Yes"},
		{"¿La Zona de Ruido Blanco impide trazar LDT a una tropa con Visor Multiespectral?", "Sí"},
		{"Does Eclipse stop Multispectral Visors from drawing LoF?", "Yes"},
		{"Does Smoke block LoF for a trooper with a Multispectral Visor?", ""},
		{"Does Smoke stop a Multispectral Visor from drawing LoF?", ""},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tc.want != "" && a.Verdict != tc.want:
			t.Errorf("%q: verdict %q (deciding %+v), want %q", tc.q, a.Verdict, a.Deciding(), tc.want)
		case tc.want == "" && (a.Verdict == "Yes" || a.Verdict == "No"):
			t.Errorf("%q: verdict %q (deciding %+v), want none", tc.q, a.Verdict, a.Deciding())
		}
	}
}

// TestAskTextAboutOtherPage checks that a text opening with the name of
// another page the question does not name (White Noise Zone's "Eclipse
// Ammunition works in exactly the same way as Smoke Ammunition, but …")
// does not decide over a text of the question's own rule about as
// relevant.
func TestAskTextAboutOtherPage(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Can a trooper with a Multispectral Visor shoot through a White Noise Zone?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || strings.HasPrefix(d.Text, "Eclipse") {
		t.Fatalf("deciding = %+v, want a text of the White Noise Zone rule", d)
	}
	if a.Verdict == "Yes" {
		t.Errorf("verdict = %q, want no yes", a.Verdict)
	}
}

// TestAskRequirementDenied checks that whether something is required is
// answered no only by a clause saying it is not needed: "A Mine never
// triggers if the Small Teardrop Template would affect an ally" denies
// another act, and Spotlight's "does not need to have the Hackable
// Characteristic" another requirement, than LoF.
func TestAskRequirementDenied(t *testing.T) {
	e := wikiEngine(t)
	for _, q := range []string{"In N5, do Mines need LoF to trigger?", "In N5, does Spotlight need LoF?"} {
		a, err := e.Ask(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict == "No" || a.Verdict == "Yes" {
			t.Errorf("%q: verdict %q (deciding %+v), want none", q, a.Verdict, a.Deciding())
		}
	}
}

// TestAskClosedListAndPrivative checks the verdicts of a closed list
// ("sólo pueden declarar A, B…", "can only use …": yes for an item, no
// for a name no item is, the list's subject being no item), of a
// privative before the act asked ("permite responder … sin aplicar el MOD
// de -6" for "¿aplica el MOD?") and of an exception narrowing a denial
// ("no aplicará ningún tipo de Modificador negativo, a excepción del MOD
// de FIS-6 …", quoted after the no).
func TestAskClosedListAndPrivative(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct{ q, want string }{
		{"¿Las Tropas Trabadas pueden declarar Ataque CD?", "No"},
		{"¿Las Tropas en estado Trabado pueden declarar Ataque CC?", "Sí"},
		{"Can Troopers in Retreat declare a BS Attack?", "No"},
		{"Can Troopers in Retreat declare Dodge?", "Yes"},
		{"¿Una tropa con Sexto Sentido aplica el MOD de -6 de Zona de Visibilidad Nula al responder a un ataque?", "No"},
		{"Does a trooper with Sixth Sense apply the -6 MOD for Zero Visibility Zone when reacting?", "No"},
		{"¿Una tropa con Sexto Sentido que Esquiva aplica modificadores negativos?", "No, a excepción del MOD de FIS-6 del estado Inmovilizado-A"},
		{"Does a trooper with Sixth Sense apply negative MODs when it Dodges?", "No, see the deciding source"},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict != tc.want {
			t.Errorf("%q: verdict %q (deciding %+v), want %q", tc.q, a.Verdict, a.Deciding(), tc.want)
		}
	}
}
