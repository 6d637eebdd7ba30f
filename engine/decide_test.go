package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestConditionKeys checks that the conditions of a text run from a
// conditional phrase to the end of its clause, that a sentence's short
// opening phrase set off by a comma ("En Turno Reactivo, …") is one, and
// that a concession ("even if", "aunque") opens none.
func TestConditionKeys(t *testing.T) {
	en, es := vocabFor("en"), vocabFor("es")
	for _, tc := range []struct {
		v         *Vocabulary
		text      string
		want, not []string
	}{
		{en, "If the user deploys using a Special Skill, then he loses the Mine.", []string{"deploys", "skill"}, []string{"mine", "loses"}},
		{en, "Even if the player failed the roll, they could still repeat it.", nil, []string{"failed", "roll", "repeat"}},
		{en, "However, the MOD does not apply when repeating this Roll.", []string{"repeating", "roll"}, []string{"mod", "apply"}},
		{es, "Si falla la Tirada de VOL, no podrá intentarlo de nuevo.", []string{"falla", "tirada"}, []string{"intentarlo"}},
		{es, "En Turno Reactivo, situará el Token en contacto con su Silueta.", []string{"turno", "reactivo"}, []string{"token", "silueta"}},
		{en, "In the Active Turn, the Team Leader can apply a bonus.", []string{"active", "turn"}, []string{"leader", "bonus"}},
		{es, "Aunque falle, la Tropa podrá moverse.", nil, []string{"falle", "moverse"}},
	} {
		got := conditionKeys(tc.text, tc.v)
		for _, w := range tc.want {
			if !got[stem(w)] {
				t.Errorf("%q: condition lacks %q (%v)", tc.text, w, got)
			}
		}
		for _, w := range tc.not {
			if got[stem(w)] {
				t.Errorf("%q: condition holds %q (%v)", tc.text, w, got)
			}
		}
	}
}

// TestFAQCaseFits checks that an FAQ sharing a part of the judge's
// question both ways asks it as its case only when, with its answer, it
// holds most of the question and of its asking clause, or the judge's
// question holds most of its question and its answer most of the asking
// clause.
func TestFAQCaseFits(t *testing.T) {
	for _, tc := range []struct {
		fwd, rev, whole, clause float64
		want                    bool
	}{
		{0.35, 0.34, 0.71, 0.84, true},
		{0.42, 0.31, 0.83, 0.70, true},
		{0.35, 0.34, 0.50, 0.84, false}, // the answer holds little of the question
		{0.35, 0.34, 0.83, 0.40, false}, // nor of what it asks
		{0.15, 0.34, 0.83, 0.84, false}, // its question shares little of the judge's
		{0.42, 0.10, 0.83, 0.84, false}, // the judge's shares little of its question
		// The judge's question holds most of the FAQ's (its case: "I
		// Combat Jump onto a rooftop …" of "¿Se puede utilizar Salto de
		// combate sobre una azotea?") and the answer most of what it asks.
		{0.31, 0.66, 0.61, 0.83, true},
		{0.31, 0.66, 0.61, 0.50, false}, // the answer holds little of what it asks
		{0.20, 0.66, 0.61, 0.83, false}, // its question shares little of the judge's
	} {
		if got := faqCaseFits(tc.fwd, tc.rev, tc.whole, tc.clause); got != tc.want {
			t.Errorf("faqCaseFits(%v, %v, %v, %v) = %v, want %v", tc.fwd, tc.rev, tc.whole, tc.clause, got, tc.want)
		}
	}
}

// TestAskTriggeredCase checks that of the records about as relevant on
// the deciding page or a page the question names, the one whose condition
// is the case the question sets decides: the Minelayer bullet for a
// failed Superior Deployment roll, not the page's opening rule; Reset's
// "Si la Tropa no realiza una Tirada Enfrentada (por no ser objetivo de
// un Programa de Hackeo…)" for a Reset nobody hacks, not a Piloto bullet;
// Situar Posicionable's "En Turno Reactivo, situará el Token…" for a
// deployable placed in the Reactive Turn, not the Mines page's rule.
func TestAskTriggeredCase(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct{ q, page, text string }{
		{"Declaro Reset aunque nadie me está hackeando: ¿qué tirada hago?", "Reset", "realizará una Tirada Normal de VOL"},
		{"N5: mi tropa con Minelayer falla la tirada de su Habilidad de Despliegue Superior. ¿Qué ocurre con su mina?", "Minelayer", "will lose the Deployable Weapon"},
		{"Durante el Turno Reactivo declaro Situar Posicionable con una Mina: ¿dónde va el Token?", "Situar Posicionable", "En **Turno Reactivo**, situará el Token"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{Edition: editionNamed(tc.q)})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Page != tc.page || !strings.Contains(d.Text, tc.text) {
			t.Errorf("%q: deciding %+v, want %s: %q", tc.q, d, tc.page, tc.text)
		}
	}
}

// TestAskNumberStated checks that a question asking for a number is
// decided by a text about as relevant that states it (Aislado's "MOD de
// -9 al Atributo VOL"), not by one that gives none (Reset's "aplicando
// los MOD…").
func TestAskNumberStated(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct{ q, page, verdict string }{
		{"Reset de una tropa Aislada: ¿qué MOD?", "Aislado", "MOD -9"},
		{"¿Qué MOD sufre al hacer Reset una tropa en estado Aislado?", "Aislado", "MOD -9"},
		{"What MOD does an Isolated trooper get on its Reset roll?", "Isolated State", "MOD -9"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Page != tc.page || a.Verdict != tc.verdict {
			t.Errorf("%q: %q from %+v, want %q from %s", tc.q, a.Verdict, d, tc.verdict, tc.page)
		}
	}
}

// TestHoldsClauseNames checks that a text giving a number of another
// thing than a name the asking clause writes (DA's two Saving Rolls, for
// EXP) does not speak of every name asked about, and one that names it
// does.
func TestHoldsClauseNames(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze("How many Saving Rolls does EXP ammunition force?")
	cand := func(page, text string) *candidate {
		return &candidate{rec: &wikirules.Record{Page: page, Plain: text}, page: page, keys: keySet(text), ctx: map[string]bool{}, pageKeys: keySet(page)}
	}
	da := cand("Heridas y Estructura", "Determinados tipos de Munición exigen la realización de más de una Tirada de Salvación por cada Ataque exitoso (por ejemplo, la Munición DA obliga a realizar 2 Tiradas de Salvación por cada Ataque exitoso).")
	if holdsClauseNames(q, da) {
		t.Errorf("the DA example holds every name of %q", q.text)
	}
	exp := cand("Ammunition Summary Chart", "EXP Ammunition forces the target to make three Saving Rolls per hit.")
	if !holdsClauseNames(q, exp) {
		t.Errorf("the EXP row does not hold every name of %q", q.text)
	}
}

// TestSectionNamedInSetting checks that a section heading the question
// names in the case it sets, not only in its asking clause, weighs
// (fSection): "HoloMask and Repeater" for a question about hacking
// through the Repeater of a trooper in HoloMask; a heading it does not
// name ("Hacking Area in ARO") does not.
func TestSectionNamedInSetting(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze("The enemy is in HoloMask with a Repeater on its fake profile. What happens if I hack through it?")
	cand := func(section string) *candidate {
		text := "Any Hacking Program against that Trooper fails."
		return &candidate{rec: &wikirules.Record{Page: "Hacking Area", Section: []string{section}, Plain: text}, page: "Hacking Area",
			keys: keySet(text), ctx: keySet(section), pageKeys: keySet("Hacking Area")}
	}
	if f := e.features(q, cand("HoloMask and Repeater"), 0, q.keys(), false); f[fSection] != 1 {
		t.Errorf("HoloMask and Repeater: fSection = %v, want 1", f[fSection])
	}
	if f := e.features(q, cand("Hacking Area in ARO"), 0, q.keys(), false); f[fSection] != 0 {
		t.Errorf("Hacking Area in ARO: fSection = %v, want 0", f[fSection])
	}
}

// TestFAQAsksTheAct checks that an FAQ "asks this question" when it asks
// the judge's act, whatever words the two share: turning an Order into a
// Regular one with a Command Token is the act "Can the Order provided by
// an Isolated Trooper be transformed into a Regular Order with a Command
// Token?" asks (in English and in its Spanish twin), going on moving after
// touching an enemy is not the act "¿se puede mover a través de una
// esquina…?" asks, though both say mitad and peana.
func TestFAQAsksTheAct(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct {
		q    string
		faq  string // words of the FAQ's question
		fits bool
	}{
		{"My Lieutenant is Isolated: may I use a Command Token to change his Order into a Regular Order?", "transformed into a Regular Order", true},
		{"My Lieutenant is Isolated: may I use a Command Token to change his Order into a Regular Order?", "convertida en una Orden Regular", true},
		{"Can a Command Token convert an Isolated trooper's Order into a Regular Order?", "transformed into a Regular Order", true},
		{"Isolated trooper: can I still spend Orders from the pool on him?", "transformed into a Regular Order", false},
		{"Si en mitad del movimiento mi peana toca la de un enemigo, ¿sigo moviendo?", "a través” de una esquina", false},
		{"Al mover, si toco la peana de un enemigo a mitad de camino, ¿puedo seguir moviendo?", "a través” de una esquina", false},
		{"¿Puedo reducir mi peana para pasar por una esquina al trepar?", "a través” de una esquina", true},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		other := vocabFor(a.Language).reason("faq-other-question")
		var src *Source
		for i := range a.Sources {
			if s := &a.Sources[i]; s.Kind == wikirules.KindFAQ && strings.Contains(s.Text, tc.faq) {
				src = s
				break
			}
		}
		switch {
		case src == nil && tc.fits:
			t.Errorf("%q: no FAQ %q among the sources", tc.q, tc.faq)
		case src == nil:
		case tc.fits && (src.Reason == other || src.Role == RoleOverridden):
			t.Errorf("%q: FAQ %q is %s (%q), want one asking this question", tc.q, tc.faq, src.Role, src.Reason)
		case !tc.fits && (src.Role == RoleDeciding || src.Reason != other):
			t.Errorf("%q: FAQ %q is %s (%q), want it marked as asking something else", tc.q, tc.faq, src.Role, src.Reason)
		}
	}
}

// TestAskStateList checks that a state's own closed list of what a
// trooper in it may declare or use rules on the act: yes for what it
// names, no for a skill it leaves out, in either language of the
// question; and that it gives no No for what is not of the kind it lists
// (a weapon, a skill no text declares).
func TestAskStateList(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct{ q, page, verdict string }{
		{"Can a trooper in Retreat! declare a BS Attack?", "Retreat State", "No"},
		{"¿Puede una tropa en Retirada! declarar Ataque CD?", "Retreat State", "No"},
		{"Can a trooper in Retreat! use Cautious Movement?", "Retreat State", "Yes"},
		{"¿Puede una tropa trabada declarar Ataque CD?", "Trabado", "No"},
		{"Can an Engaged trooper declare Dodge?", "Trabado", "Yes"},
		{"Can an Engaged trooper declare a BS Attack?", "Trabado", "No"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Page != tc.page || a.Verdict != tc.verdict {
			t.Errorf("%q: %q deciding %+v, want %q on %s", tc.q, a.Verdict, d, tc.verdict, tc.page)
		}
	}
	for _, q := range []string{
		"Can a trooper in Retreat! use a Combi Rifle?",
		"¿Puede una tropa trabada usar Mimetismo?",
	} {
		a, err := e.Ask(ctx, q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict == "No" {
			t.Errorf("%q: No from %+v: the list does not enumerate what is asked", q, a.Deciding())
		}
	}
}

// TestConditionListOneSentence checks that a closed list of what the
// condition a question names allows is read in one sentence: "y sólo
// Ataques, que…" restricts to one thing, and the commas and "y" of the
// next sentence list nothing it restricts; a sentence that does list
// ("sólo puede declarar Esquivar, Reset o Ataque CC") is one.
func TestConditionListOneSentence(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze("Tengo Sexto Sentido y estoy trabado; me atacan desde fuera de mi LDT. ¿Puedo declarar Esquivar?")
	rec := func(text string) *candidate {
		return &candidate{rec: &wikirules.Record{Page: "Sexto Sentido", Plain: text}, page: "Sexto Sentido", lang: "es",
			keys: keySet(text), ctx: map[string]bool{}, pageKeys: keySet("Sexto Sentido")}
	}
	one := rec("Sexto Sentido permite a su poseedor responder ante Ataques, y sólo Ataques, que se declaren contra él desde fuera de su LDT. " +
		"El poseedor de esta Habilidad Especial dispone de una LDT de 360˚ hacia sus atacantes y podrá trazar LDT hacia ellos aunque se halle en estado Trabado.")
	if conditionList(q, one) {
		t.Errorf("conditionList: a restriction to one thing read as a closed list through the next sentence's separators")
	}
	list := rec("Una Tropa con Sexto Sentido en estado Trabado sólo puede declarar Esquivar, Reset o Ataque CC contra Ataques desde fuera de su LDT.")
	if !conditionList(q, list) {
		t.Errorf("conditionList: the closed list of one sentence not read as one")
	}
}

// TestAskExampleYieldsToRule checks that an example does not decide over
// a text of its page, of higher precedence, that answers the question
// and is nearly as relevant (exampleRatio): the example of Sexto Sentido
// holds more of a question that names its troopers, the Efectos bullet
// states the rule it shows.
func TestAskExampleYieldsToRule(t *testing.T) {
	e := wikiEngine(t)
	q := "Con Sexto Sentido, trabado con un Fusilero, un Nisse me dispara desde fuera de mi LDT: ¿puedo esquivar?"
	a, err := e.Ask(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Kind == wikirules.KindExample || d.Page != "Sexto Sentido" || !strings.Contains(d.Text, "puede declarar Esquivar ante Ataques desde fuera") {
		t.Errorf("%q: deciding %+v, want the Efectos bullet of Sexto Sentido", q, d)
	}
}

// TestAskExampleCorrected checks that an example whose note repeats an
// errata of its page does not decide: the errata correcting it does
// (Esquivar's Dodge and Deployable Weapon example, corrected to -3).
func TestAskExampleCorrected(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, q := range []string{
		"En el ejemplo de Esquivar y Arma Posicionable, ¿el Zhanshi esquiva la Mina con FIS-6?",
		"Dodging a Mine without LoF like the Zhanshi in the example: is it PH-6?",
	} {
		a, err := e.Ask(ctx, q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d == nil || d.Kind != wikirules.KindErrata || !strings.Contains(d.Text, "sólo sufre un MOD de -3") {
			t.Errorf("%q: deciding %+v, want the errata", q, d)
			continue
		}
		corrected := false
		for _, s := range a.Sources {
			corrected = corrected || s.Role == RoleOverridden && s.Kind == wikirules.KindExample
		}
		if !corrected {
			t.Errorf("%q: the example is not listed as overridden", q)
		}
	}
}

// TestAskGeneralOverOwnRule checks that for a question naming no page, a
// text naming its own page (a special case: G: Jumper's proxies count as
// one trooper of a Combat Group) yields to a text about as relevant that
// states the general rule (a Combat Group holds up to 10 troopers).
func TestAskGeneralOverOwnRule(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, q := range []string{
		"What is the most troopers a Combat Group can have in N4?",
		"How many troopers fit in one Combat Group?",
	} {
		a, err := e.Ask(ctx, q, Options{Edition: wikirules.N4})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); d == nil || d.Page != "Órdenes y Reserva de Órdenes" || !strings.Contains(d.Text, "no resulte superior a 10") {
			t.Errorf("%q: deciding %+v, want Órdenes y Reserva de Órdenes: the limit of 10", q, d)
		}
	}
}

// TestFAQFloor checks that an FAQ asking the question decides over the
// rule text of its own page (or of a page it relates to) down to
// pageFAQRatio of its relevance, and only down to faqRatio over a text of
// another page, over another FAQ, or when it lacks a name of the asking
// clause the text holds.
func TestFAQFloor(t *testing.T) {
	e := wikiEngine(t)
	nwi := e.analyze("Una tropa con EST y Sin Incapacidad por Herida pierde otro punto de EST: ¿muere?")
	engaged := e.analyze("¿Puede una tropa trabada declarar Ataque CD?")
	for _, q := range []query{nwi, engaged} {
		for i := range q.units {
			q.units[i].idf = 1 // as the index weighs them (gather)
		}
	}
	cand := func(page, text string, faq bool) *candidate {
		c := &candidate{page: page, keys: keySet(text), pageKeys: keySet(page)}
		if faq {
			c.faq = &wikirules.FAQ{Related: []string{"Tenaz"}}
		} else {
			c.rec = &wikirules.Record{Plain: text}
		}
		return c
	}
	nwiFAQ := cand("Sin Incapacidad por Herida", "¿Cómo funciona Sin Incapacidad por Herida con Tropas que tienen EST en lugar de Heridas? Al perder un punto más de su Atributo EST pasa a estado Muerto.", true)
	wounds := "Si una Tropa con Sin Incapacidad por Herida pierde un nuevo punto de su Atributo Heridas, pasa a estado Muerto."
	berserk := cand("Trabado", "¿Se puede declarar Berserk si se empieza la Orden en Estado Trabado? Sí.", true)
	list := "Las Tropas en este estado sólo pueden declarar Ataque CC, Esquivar, Inacción, Reset y aquellas Habilidades que lo especifiquen. No pueden declarar Ataque CD."
	for _, tc := range []struct {
		name      string
		q         query
		faq, best *candidate
		want      float64
	}{
		{"rule of its page", nwi, nwiFAQ, cand("Sin Incapacidad por Herida", wounds, false), pageFAQRatio},
		{"rule of a related page", nwi, nwiFAQ, cand("Tenaz", wounds, false), pageFAQRatio},
		{"rule of another page", nwi, nwiFAQ, cand("Munición Shock", wounds, false), faqRatio},
		{"FAQ of its page", nwi, nwiFAQ, cand("Sin Incapacidad por Herida", wounds, true), faqRatio},
		{"FAQ lacking the act asked", engaged, berserk, cand("Trabado", list, false), faqRatio},
	} {
		if got := faqFloor(tc.q, tc.faq, tc.best); got != tc.want {
			t.Errorf("%s: faqFloor = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestAskPageFAQOverItsRule checks that an FAQ of a page asking the
// judge's case (a trooper with STR instead of Wounds) decides over the
// page's rule text, which holds more of the question's words (the rule
// states the case for Wounds).
func TestAskPageFAQOverItsRule(t *testing.T) {
	e := wikiEngine(t)
	q := "Una tropa con EST tiene activo Sin Incapacidad por Herida y pierde otro punto de EST: ¿muere?"
	a, err := e.Ask(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); d == nil || d.Kind != wikirules.KindFAQ || d.Page != "Sin Incapacidad por Herida" || !strings.Contains(d.FAQ.Answer, "EST") {
		t.Errorf("%q: deciding %+v, want the FAQ of Sin Incapacidad por Herida on STR", q, d)
	}
}

// TestAskIllustratedRule checks that a sentence opening with an example
// phrase ("For example, if an Engineer cancels a Trooper's IMM-A State…")
// does not decide over the rule it illustrates, the record right before
// it ("…the positive effect is always applied first"), though it holds
// more of a question that sets its case; and that for a number the
// illustration stating the figure asked ("Por ejemplo, si coinciden…
// sólo se aplicará el MOD -6") still decides.
func TestAskIllustratedRule(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct {
		q       string
		ed      wikirules.Edition
		kind    wikirules.Kind
		want    string
		verdict string
	}{
		{"An Engineer removes IMM-A from my trooper in the same Order that a Riotstopper hits him: what goes first?", 0, wikirules.KindRule, "the positive effect is always applied first", ""},
		{"Una Zona de Baja Visibilidad y una de Mala Visibilidad coinciden entre mi tirador y su blanco: ¿qué MOD aplica?", wikirules.N4, wikirules.KindImportant, "Por ejemplo, si coinciden", "-6"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{Edition: tc.ed})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d == nil || d.Kind != tc.kind || !strings.Contains(d.Text, tc.want) {
			t.Errorf("%q: deciding %+v, want the %s holding %q", tc.q, d, tc.kind, tc.want)
			continue
		}
		if tc.verdict != "" && !strings.Contains(a.Verdict, tc.verdict) {
			t.Errorf("%q: verdict %q, want %q", tc.q, a.Verdict, tc.verdict)
		}
	}
}
