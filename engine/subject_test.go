package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// TestFocusName checks what a question is read to be about beyond the
// pages it names: the most specific name it writes, with the words of
// the name it stands in, and none when a page named is the weightiest.
func TestFocusName(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, want string
	}{
		{"What does the Oblivion hacking program do to the target's Attack MOD and Damage?", "Oblivion"},
		{"N5: how does a trooper go back into Camouflaged State after it has been revealed?", "Camouflaged State"},
		{"What Burst does Total Reaction give in ARO?", "Total Reaction"},
		{"¿Cuántas Órdenes cuesta la Reacción Total?", "Reacción Total"},
		{"Does a Disconnected Peripheral count for my Victory Points?", "Disconnected Peripheral"},
		// A page named is the weightiest: the page is the subject.
		{"Does the Stun state stop a trooper from declaring Dodge?", ""},
		// A level or code qualifies a name: it is no subject ("N1").
		{"En CodeOne, ¿cómo queda el MOD de Mimetismo (-6) contra un Visor Multiespectral N1?", "Mimetismo"},
		// An Attribute is read for its value: it is no subject ("PH 12").
		{"Heavy Riotstopper hits a PH 12 target. What does the target need to roll to stay free?", "Heavy Riotstopper"},
		// The head of a family of titles ("Munición" of Munición EXP,
		// Munición Shock…) is the class of the name it goes with.
		{"How many saves per hit does EXP ammo force?", "EXP"},
		{"What does Smoke ammo block?", "Smoke"},
		{"Hit by AP ammo: is my ARM halved?", "AP"},
		{"¿Cuántas tiradas hace una tropa impactada por munición EXP?", "EXP"},
		{"Mi tropa supera la tirada de BLI. ¿Tiene que hacer una Tirada de Agallas?", ""},
	} {
		_, got := e.analyze(tc.q).focusName()
		if got != tc.want {
			t.Errorf("%q: focus %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestNameHeld checks that a name of several words is held only where
// its words stand together (in either order, as the two languages write
// them), and a name of one word wherever it stands.
func TestNameHeld(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	name, _ := e.analyze("What Burst does Total Reaction give in ARO?").focusName()
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Total Reaction lets the trooper use its full Burst in ARO.", true},
		{"Con Reacción Total la tropa usa su Ráfaga completa en ORA.", true},
		{"The Reaction is declared after the Order is total.", false},
		{"Declara la Orden Completa; las ORA de Reacción se declaran después.", false},
	} {
		if got := nameHeld(name, tc.text); got != tc.want {
			t.Errorf("nameHeld(%v, %q) = %v, want %v", len(name), tc.text, got, tc.want)
		}
	}
}

// TestAskSubjectAbsent checks that a question about something neither
// the deciding text nor its page speaks of is answered "not found"
// although it names a page (Daño, State, ORA's page), and that a question
// whose subject the page speaks of in another bullet (Inmunidad (Total))
// or whose name the page title completes (a Disconnected Peripheral), or
// that an FAQ naming it in passing asks of a page the question names
// (AP for Bioinmunidad), is still answered.
func TestAskSubjectAbsent(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, q := range []string{
		"What does the Oblivion hacking program do to the target's Attack MOD and Damage?",
		"N5: how does a trooper go back into Camouflaged State after it has been revealed?",
		"What Burst does Total Reaction give in ARO?",
		"¿Cuántas Órdenes cuesta la Reacción Total?",
	} {
		a, err := e.Ask(ctx, q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		if a.Found {
			t.Errorf("%q: deciding %+v, want not found", q, a.Deciding())
		}
	}
	for _, tc := range []struct{ q, page, text string }{
		{"Con Inmunidad (Total) recibo un crítico: ¿hago la Tirada de Salvación adicional?", "Inmunidad", "salvo que posea Inmunidad (Crítico)"},
		{"Does a Disconnected Peripheral count for my Victory Points?", "Disconnected State", "does not count towards"},
		// The FAQ names AP only as an example, but asks of Bioinmunidad,
		// which the question names: AP is the case it asks of it.
		{"With Bioimmunity I pick BTS against an AP hit. Does AP halve my BTS?", "Propiedades", "este Atributo no se reducirá a la mitad"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Page != tc.page || !strings.Contains(d.Text, tc.text) {
			t.Errorf("%q: deciding %+v, want %s: %q", tc.q, d, tc.page, tc.text)
		}
	}
}

// TestWithoutRedirects: a page that is a redirect alias of another (the
// redirect page of a dump) is no page a question names; its target is.
func TestWithoutRedirects(t *testing.T) {
	names := []titledPage{
		{title: "Ataque CC", lang: "es", aliases: []string{"Combate Cuerpo a Cuerpo"}},
		{title: "Combate cuerpo a cuerpo", lang: "es"},
		{title: "Esquivar", lang: "es"},
	}
	got := withoutRedirects(names)
	if len(got) != 2 || got[0].title != "Ataque CC" || got[1].title != "Esquivar" {
		t.Fatalf("withoutRedirects = %+v; want Ataque CC and Esquivar", got)
	}
	ps := newTitles(got).in(lang.Words("¿Qué Ráfaga tiene un Combate Cuerpo a Cuerpo?"))
	if len(ps) != 1 || ps[0].title != "Ataque CC" {
		t.Errorf("pages named = %+v; want Ataque CC, by its redirect", ps)
	}
}

// TestSectionHome checks the section that describes a concept no page is
// titled by: the Trait "Desechable" of Propiedades, not a block heading
// nor a page a question names.
func TestSectionHome(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    string
		want section
	}{
		{"Declaro un arma Desechable y fallo la tirada: ¿gasto el uso igualmente?", section{"propiedades", "desechable"}},
		{"¿Se puede declarar Berserk estando trabado?", section{}},
	} {
		q := e.analyze(tc.q)
		cands, err := e.gather(ctx, q, wikirules.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if got := e.sectionHome(q, cands); got != tc.want {
			t.Errorf("%q: home %v, want %v", tc.q, got, tc.want)
		}
	}
}

// TestBracketTwin checks that a name the question writes in brackets
// beside a page it names, either way round ("Foco (Spotlight)"), is read
// as that page's name in the other language: no unknown name the
// question asks about, while the same word alone still is one.
func TestBracketTwin(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, unknown string
	}{
		{"En N5, ¿cuántas Tiradas de VOL hago con Foco (Spotlight) en mi Turno Activo?", ""},
		{"En N5, ¿cuántas Tiradas de VOL hago con Spotlight (Foco) en mi Turno Activo?", ""},
		{"En N5, ¿cuántas Tiradas de VOL hago con Foco en mi Turno Activo?", "Foco"},
		// Brackets holding something else than the page's name.
		{"En N5, ¿cuántas Tiradas de VOL hago con Foco (Turno Activo)?", "Foco"},
	} {
		if got := e.analyze(prose(tc.q)).unknownName(); got != tc.unknown {
			t.Errorf("%q: unknown name %q, want %q", tc.q, got, tc.unknown)
		}
	}
}

// TestHomelessFocusNotAttributeNorQuantity checks that a question naming
// no page but an Attribute, the quantity it asks for or a level is not
// read as asking about a concept no page describes: those are what a
// rule reads or gives, and the homeless-focus check would then reject
// every text that does not write them as a subject.
func TestHomelessFocusNotAttributeNorQuantity(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ q, want string }{
		{"What MOD do I apply?", ""},
		{"¿Cuántos MOD aplico?", ""},
		{"What BS does he use?", ""},
		{"What BTS do I roll against?", ""},
		{"¿Qué PB tiene?", ""},
		{"What does my B1 weapon do?", ""},
		// A concept no page describes stays the focus.
		{"¿Qué hace una Orden Coordinada?", "Orden Coordinada"},
	} {
		q := e.analyze(tc.q)
		got := ""
		if u := e.homelessFocus(q, nil); u != nil {
			got = u.typed
		}
		if got != tc.want {
			t.Errorf("%q: homeless focus %q, want %q", tc.q, got, tc.want)
		}
	}
}
