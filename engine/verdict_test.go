package engine

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

func TestOpeningYesNo(t *testing.T) {
	e := sampleEngine(t)
	for _, tc := range []struct{ answer, want, qual string }{
		{"A: Si. Berserk se puede declarar cuando se está en el Estado Trabado.", "yes", ""},
		{"A: Sí, siempre que…", "yes", "siempre que…"},
		{"Si.", "yes", ""},
		{"Yes. Related Pages: Dodge", "yes", ""},
		{"A: No. Berserk no produce Tiradas Enfrentadas", "no", ""},
		{"A: No, sólo se aplica un MOD de -3.", "no", "sólo se aplica un MOD de -3"},
		// A conditional "if" is not a yes (case E02 of the judge examples).
		{"A: Si la Tropa con Visor Multiespectral Nivel 1 y Sexto Sentido es el objetivo de un Ataque CD a través de una Zona de Visibilidad Nula, esta ignora el MOD -6", "", ""},
		{"A: Las ORAs de Programas Hacker y las ORAs de Reset se consideran ORAs válidas", "", ""},
		{"", "", ""},
		// A qualified yes keeps its condition.
		{"A: Si, pero sólo en Turno Activo. Un Ataque CC…", "yes", "pero sólo en Turno Activo"},
		{"A: Sí, con la excepción de la posición del objetivo.", "yes", "con la excepción de la posición del objetivo"},
		{"A: No, salvo que una regla diga lo contrario", "no", "salvo que una regla diga lo contrario"},
		{"No, unless the Trooper has Sixth Sense.", "no", "unless the Trooper has Sixth Sense"},
	} {
		got, rest := e.openingYesNo(tc.answer)
		if got != tc.want {
			t.Errorf("openingYesNo(%.40q) = %q, want %q", tc.answer, got, tc.want)
		}
		if q := qualifier(rest); got != "" && q != tc.qual {
			t.Errorf("qualifier of %.40q = %q, want %q", tc.answer, q, tc.qual)
		}
	}
}

// TestExampleVerdictPolarity checks, for every judge example whose
// verdict starts with a yes or a no, that the engine never gives the
// opposite one (the examples' verdicts are free text; their first word is
// not). The engine gives a yes/no only when the deciding FAQ's answer
// starts with one (or says a MOD is ignored), so some give none.
func TestExampleVerdictPolarity(t *testing.T) {
	e := sampleEngine(t)
	data, err := os.ReadFile("testdata/judge-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	cf, err := ParseCases(data, "judge-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	polarity := func(v string) string {
		w := strings.ToLower(strings.Trim(strings.Fields(v + " x")[0], ",.:;"))
		switch w {
		case "no":
			return "no"
		case "sí", "si", "yes":
			return "yes"
		}
		return ""
	}
	checked := 0
	for _, c := range cf.Cases {
		want := polarity(c.Verdict)
		if want == "" {
			continue
		}
		a, err := e.Ask(context.Background(), c.Q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		switch got := polarity(a.Verdict); got {
		case want:
			checked++
		case "":
			t.Logf("%s: no yes/no verdict (example: %q)", c.ID, c.Verdict)
		default:
			t.Errorf("%s: verdict %q, want one that starts %q (example: %q)", c.ID, a.Verdict, want, c.Verdict)
		}
	}
	if checked < 3 {
		t.Errorf("only %d examples got the right yes/no verdict, want at least 3 (E02, E03, E06)", checked)
	}
}

func TestEditionNamed(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want wikirules.Edition
	}{
		{"In CodeOne, can I declare Berserk while Engaged?", wikirules.C1},
		{"¿En Code One se puede esquivar?", wikirules.C1},
		{"¿Cómo se cancela Trabado en N4?", wikirules.N4},
		{"¿Qué cambia de N4 a C1 en Esquivar?", 0}, // two editions: none chosen
		{"¿Se puede declarar Berserk estando trabado?", 0},
		{"Arma C10 de prueba", 0},
	} {
		if got := editionNamed(tc.q); got != tc.want {
			t.Errorf("editionNamed(%q) = %v, want %v", tc.q, got, tc.want)
		}
	}
}

// TestRestrictedAgainst checks that a text restricting a rule to the
// Active Turn answers no to a question asked of the opponent's turn or of
// an ARO, and says nothing for a question asked of the Active Turn or of
// no turn.
func TestRestrictedAgainst(t *testing.T) {
	e := sampleEngine(t)
	for _, tc := range []struct {
		q, text string
		want    bool
	}{
		{"¿Puedo usar la Ráfaga extra en CC cuando me atacan en el turno del rival?", "Si, pero sólo en Turno Activo.", true},
		{"¿Los MOD a la Ráfaga se aplican cuando disparo en ORA?", "Como regla general, los MOD que modifican el valor de Ráfaga (R) se aplican únicamente en Turno Activo.", true},
		{"Can I use the extra Burst in the Reactive Turn?", "Yes, but only in the Active Turn.", true},
		{"¿Puedo usar la Ráfaga extra en mi Turno Activo?", "Si, pero sólo en Turno Activo.", false},
		{"¿Puedo usar la Ráfaga extra en CC?", "Si, pero sólo en Turno Activo.", false},
		{"¿Se aplica en Turno Reactivo?", "Se aplica tanto en Turno Activo como en Turno Reactivo.", false},
		{"¿Se aplica en Turno Reactivo?", "Se aplica en Turno Activo.", false},
	} {
		if got := restrictedAgainst(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("restrictedAgainst(%q, %q) = %v, want %v", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestGrantedAgainst checks that a permission given at the start of a
// Movement answers no to a question asking whether it may be done at its
// end, and says nothing when the text allows both, denies it, or the
// question asks no permission or asks of the condition the text names.
func TestGrantedAgainst(t *testing.T) {
	e := sampleEngine(t)
	start := "Al declarar cualquier Habilidad Corta u ORA con la Etiqueta Movimiento, una Tropa puede cambiar su estado de Normal a Cuerpo a Tierra, y viceversa, al inicio de su Movimiento."
	for _, tc := range []struct {
		q, text string
		want    bool
	}{
		{"¿Puedo tirarme Cuerpo a Tierra al final de mi movimiento?", start, true},
		{"Can I go Prone at the end of my Movement?", "A Trooper may change its status from Normal to Prone at the start of their Movement.", true},
		{"¿Puedo tirarme Cuerpo a Tierra al inicio de mi movimiento?", start, false},
		{"Can I go Prone at the end of my Movement?", "A Trooper may change its status from Normal to Prone, and vice versa, at either the start of their Movement or at the end of their Movement.", false},
		{"Can I go Prone at the end of my Movement?", "A Trooper cannot change its status at the start of their Movement.", false},
		{"¿Qué pasa al final de mi movimiento?", start, false},
	} {
		if got := grantedAgainst(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("grantedAgainst(%q, %q) = %v, want %v", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestNumberPassages checks the number read for a "how many" question:
// from the example that speaks to it when a record runs several together
// ("Ejemplo 1: … sólo deberá realizar una Tirada …. Ejemplo 2: …
// realizaría 2 Tiradas"), a number over an article, an article as one
// only after a restriction or as two before "y otra", a count noun
// between the article and what is counted, and the distance to the quantity noun counted
// in content words.
func TestNumberPassages(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ q, text, want string }{
		{"A Dog-Warrior with Total Immunity is hit by a Missile Launcher (EXP). How many Saving Rolls does he make?",
			"Ejemplo 1: Un Dog-Warrior recibe un impacto de Lanzamisiles. Gracias a su Inmunidad (Total), en vez de realizar 3 Tiradas de Salvación por la Munición EXP, sólo deberá realizar una Tirada de Salvación. Ejemplo 2: Un Dog-Warrior recibe un impacto con un Arma CC Monofilo. Si el impacto fuese un Crítico, el Dog-Warrior realizaría 2 Tiradas de Salvación.",
			"1"},
		{"¿Cuántas Tiradas de Salvación obliga a hacer la Munición DA por impacto?",
			"Determinados tipos de Munición exigen la realización de más de una Tirada de Salvación por cada Ataque exitoso (por ejemplo, la Munición DA obliga a realizar 2 Tiradas de Salvación).",
			"2"},
		{"What is the range of a weapon with the ZoC Trait?",
			"El alcance de esta arma o pieza de Equipo es el equivalente a la Zona de Control (20 cm).",
			"20 cm"},
		{"Total Immunity against a Plasma weapon: how many Saving Rolls?",
			"Las armas de Plasma obligan a realizar una Tirada de Salvación de BLI y otra de PB.",
			"2"},
		{"Total Immunity against a Plasma weapon: how many Saving Rolls?",
			"Las armas de Plasma obligan a realizar una Tirada de Salvación de BLI.",
			""},
		{"Recibo dos usos de GizmoKit en la misma Orden y paso las dos tiradas de FIS: ¿cuánta EST recupero?",
			"En este caso, aunque supere todas las Tiradas de FIS, la Tropa únicamente recuperará un punto de su Atributo EST.",
			"1"},
		// "NAME=N" is the value of NAME: no count of the Saving Rolls
		// asked for, but the answer when NAME is what is asked.
		{"How many Saving Rolls does E/M Ammunition force?",
			"Si Bioinmunidad se utiliza contra un impacto con Munición E/M para hacer la Tirada de Salvación con BLI, el valor de BLI no se reducirá a la mitad. La Propiedad BLI=0 sólo se aplica si la Tirada de Salvación se utiliza con el Atributo BLI.",
			""},
		{"What PS does the Spotlight hit have?",
			"Each successful Roll forces the target to make a Saving Roll against their halved BTS (PS=5).",
			"5"},
	} {
		if got := e.number(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("number(%.50q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestNumberCases checks that a sentence giving values of the kind asked
// for to different cases answers only a question whose asking clause
// names one case and no other, and that a value and what it becomes are
// no cases.
func TestNumberCases(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	jump := "Mientras Salto Controlado esté activo, impone un MOD de +3 a todas las Tropas Aliadas y un MOD de -3 a todas las Tropas Enemigas, al declarar la Habilidad Salto de Combate."
	for _, tc := range []struct{ q, text, want string }{
		{"Enemy hacker has Controlled Jump running. My Combat Jumper comes down now: what MOD goes on my PH roll?", jump, ""},
		{"Con Salto Controlado activo, ¿qué MOD tiene un enemigo que hace Salto de Combate?", jump, "MOD -3"},
		{"Con Salto Controlado activo, ¿qué MOD tiene una Tropa Aliada que hace Salto de Combate?", jump, "MOD +3"},
		{"En CodeOne, ¿cómo queda el MOD de Mimetismo (-6) contra un Visor Multiespectral N1?",
			"Además, reduce de -6 a -3 el MOD de Mimetismo (-6).", "MOD -3"},
	} {
		if got := e.number(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("number(%.50q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestNumberKinds checks that a number answers a numeric question only
// when it is of the kind the question asks (a distance, an angle, a MOD,
// a Burst, a count per the same unit), read from the words next to it,
// and that the verdict shows its unit in the question's language.
func TestNumberKinds(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const hacking = "Measurements must always be made from the Active Trooper, checking a maximum of 8 inches from any point along their path."
	for _, tc := range []struct{ q, text, want string }{
		// An angle is no distance, and the reverse.
		{"How far can a trooper with Super-Jump jump?", "During their entire trajectory, Troopers have a 360˚ LoF.", ""},
		{"What LoF arc does a Mine have?", "Mines have a 360˚ LoF arc.", "360°"},
		{"What LoF arc does a Mine have?", "A Mine has a LoF arc of 8 inches.", ""},
		{"N5: checking the Hacking Area, how far do I measure from its path?", hacking, "8 inches"},
		{"¿Cuánto puede moverse una tropa trabada que supera Esquivar?", "En tal caso, deberá romper el contacto de Silueta, moviéndose hasta 5 cm para separarse del enemigo.", "5 cm"},
		// A count per another unit does not say how many per this one;
		// the unit the text counts per is shown, in the question's language.
		{"How many Command Tokens can I use per turn?", "Each player has four Command Tokens per game.", ""},
		{"¿Cuántos Tokens de Mando tiene cada jugador por partida?", "Each player has four Command Tokens per game.", "4 por partida"},
		{"How many Command Tokens does each player have?", "Each player has four Command Tokens per game.", "4 per game"},
		// A MOD is signed or next to a modifier word; a plain number is not one.
		{"What MOD do I apply to Dodge a Mine?", "A Mine imposes a -3 PH MOD to any attempt to Dodge its effects.", "MOD -3"},
		{"What MOD do I apply to Dodge a Mine?", "A Mine has 3 uses and can be dodged.", ""},
		{"Three-member Fireteam: what Burst bonus does the Team Leader get?", "The Team Leader can apply a +1 bonus to the Burst (B) value of their BS Weapons.", "Burst +1"},
		// A Burst is after its word or letter, or what a comparison bounds.
		{"What is Spotlight's Burst in N5?", "In the Active Turn, this Program's Burst of 2 allows the user to perform two WIP Rolls.", "Burst 2"},
		{"What's the maximum Burst an attack can ever have?", "El valor máximo de Ráfaga (R) de cualquier Ataque nunca puede ser superior a 6, independientemente de la cantidad de MOD a R.", "Burst 6"},
		{"What Burst does a Panzerfaust have?", "A Panzerfaust is a weapon with B1 and two uses.", "Burst 1"},
		{"How many uses does a Panzerfaust have?", "A Panzerfaust is a weapon with B1 and two uses.", "2"},
		// A duration is asked, no number read as one: a trooper's label
		// in an example ("Trooper 2") is not how long a template stays.
		{"How long does a Smoke template stay on the table?", "The Troopers 1, 2 and 3 declare a BS Attack ARO against the Smoke Template.", ""},
		{"¿Hasta cuándo se queda en la mesa la plantilla de humo?", "Las Tropas 1, 2 y 3 declaran la ORA Ataque CD contra la Plantilla de Humo.", ""},
		// A number word before a MOD counts modifiers; the modifier is
		// the signed number.
		{"Me disparan a través de una Zona de Baja Visibilidad y otra de Mala Visibilidad a la vez: ¿qué MOD aplico?",
			"En caso de que fueran dos Zonas de Mala Visibilidad las que coincidieran, sólo se aplicaría un único MOD de -6.", "MOD -6"},
		// What is taken off or added is a modifier.
		{"¿Cuánto se resta al Daño por Cobertura Parcial en la Tirada de Salvación?",
			"Para calcular el Daño del Ataque el jugador debe restar al Daño del Arma: (-3) MOD por Cobertura Parcial si la hubiera.", "MOD -3"},
	} {
		if got := e.number(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("number(%.50q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestProposesFor checks that an FAQ's "yes" confirms the number its
// question proposes only for the judge's case: IMM-B and Targeted
// together, not IMM-B alone; and that "what is X's Burst" and "what PS"
// are numeric questions.
func TestProposesFor(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	faq := "Do State MODs all stack with each other? For example, if a Trooper is in IMM-B and Targeted State, do they apply a -6 MOD to all their Reset Rolls?"
	for _, tc := range []struct {
		q    string
		want bool
	}{
		{"My trooper is IMM-B and Targeted at once. What is the total MOD on his Reset Roll?", true},
		{"IMM-B trooper: what MOD does he take on Reset?", false},
		{"A Targeted trooper tries to Reset out of it. What MOD?", false},
	} {
		q := e.analyze(prose(tc.q))
		if got := e.proposesFor(q, faq, q.keys()); got != tc.want {
			t.Errorf("proposesFor(%q) = %v, want %v", tc.q, got, tc.want)
		}
	}
	for _, s := range []string{"What is Spotlight's Burst in N5?", "N5 Spotlight hits: what PS is the Saving Roll against?"} {
		if q := e.analyze(prose(s)); q.kind != askNumeric {
			t.Errorf("%q: kind %v, want numeric", s, q.kind)
		}
	}
	// A quantity noun the question gives its value to is named, not
	// asked for: the answer is what the value does, not a number.
	for _, s := range []string{"What does the +1 SD MOD of N5 Martial Arts let me do?", "What does a -3 MOD to Dodge mean for my roll?"} {
		if q := e.analyze(prose(s)); q.kind == askNumeric {
			t.Errorf("%q: kind numeric, want open", s)
		}
	}
}

// TestInterrogativeClause checks the clause that asks: a "!" of a name
// ("Retreat!") or a "." of a number ends no sentence, a full stop before
// a capital does; the word after a determiner is no verb.
func TestInterrogativeClause(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ q, clause, verb string }{
		{"Can a trooper with a Retreat! token shoot?", "can a trooper with a retreat token shoot", ""},
		{"My trooper is Engaged. Can he Dodge?", "can he dodge", ""},
		{"In step 5.1 the enemy falls Unconscious. Is my trooper still Engaged?", "is my trooper still engaged", ""},
		{"Si el Médico falla la tirada de VOL, ¿el objetivo muere?", "el objetivo muere", "muer"},
		// A name's "!" before a capital ends no question.
		{"Does a trooper with Courage ignore the effects of Retreat! State?", "does a trooper with courage ignore the effects of retreat state", "ignor"},
		// A word capitalized only in a name elsewhere is the verb here.
		{"Does a Mine trigger when an enemy declares a Skill inside its Trigger Area?", "does a mine trigger when an enemy declares a skill inside its trigger area", "trigg"},
	} {
		q := e.analyze(prose(tc.q))
		if got := strings.Join(q.clause, " "); got != tc.clause {
			t.Errorf("clause of %q = %q, want %q", tc.q, got, tc.clause)
		}
		if tc.verb == "" {
			continue
		}
		if v := q.verb(); v == nil || v.alts[0][0] != tc.verb {
			t.Errorf("verb of %q = %v, want %q", tc.q, v, tc.verb)
		}
	}
}

// TestNegatedRelative checks that a negation in a relative clause, also
// after a negation adverb or a possessive relative's subject, is not the
// clause's polarity, that one after a relative clause's verb is, and that
// "cease to" blocks.
func TestNegatedRelative(t *testing.T) {
	for _, tc := range []struct {
		lang, s string
		want    bool
	}{
		{"es", "puedo declarar el disparo desde un punto al que todavía no he llegado", false},
		{"es", "las ORA que no requieren LDT pueden ser declaradas", false},
		{"es", "la Tropa Activa no puede declarar una Habilidad", true},
		{"en", "troopers in this state cease to generate Orders", true},
		{"es", "es automática y obligatoria por lo que no puede desconectarse", true},
		{"es", "Una Lista de Ejército en Infinity CodeOne forma un Grupo de Combate de Tropas cuyo número de integrantes no supera un total de 10", false},
		{"en", "a Combat Group whose number of members does not exceed 10", false},
		{"es", "Las Tropas que disparan no pueden declarar Esquivar", true},
		{"es", "Las Tropas cuyo Token esté descubierto no pueden declarar Esquivar", true},
	} {
		v := vocabFor(tc.lang)
		got := false
		for _, c := range clauses(tc.s, v) {
			if !c.sub && !c.exception && c.negated(v) {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("negated(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestAsideNegation checks that a phrase set aside between commas does
// not cut a negation from what it denies: "éste no puede provocar, en
// ningún caso, la caída al vacío" is one negated clause holding the fall,
// and the rule answers no to whether a movement can make a trooper fall;
// a comma before any other phrase still cuts.
func TestAsideNegation(t *testing.T) {
	v := vocabFor("es")
	holding := func(s, w string) *clause {
		for _, c := range clauses(s, v) {
			if slices.Contains(c.words, w) {
				return &c
			}
		}
		return nil
	}
	s := "Independientemente del tipo de movimiento, éste no puede provocar, en ningún caso, la caída al vacío de la Tropa."
	if c := holding(s, "caida"); c == nil || !c.negated(v) || !slices.Contains(c.words, "provocar") {
		t.Errorf("clause of %q holding caida = %v, want one negated clause with provocar", s, c)
	}
	s = "éste no puede provocar, en este caso, la caída al vacío de la Tropa."
	if c := holding(s, "caida"); c == nil || c.negated(v) {
		t.Errorf("clause of %q holding caida = %v, want it cut from the negation", s, c)
	}
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "¿Un movimiento puede hacer que mi tropa caiga al vacío desde un tejado?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict != "No" || a.Deciding() == nil || a.Deciding().Page != "Condiciones Generales de Movimiento" {
		t.Errorf("verdict %q from %v, want No from Condiciones Generales de Movimiento", a.Verdict, a.Deciding())
	}
}

// TestNextPolarSentence checks that when the sentence holding the most
// of what is asked says nothing of it, the next one that holds enough and
// rules on it gives the verdict: the Esquivar FAQ's "Las ORAs de
// Programas Hacker y las ORAs de Reset se consideran ORAs válidas …" holds
// the Hacking Area and the ARO, "Las ORA de Esquiva no se consideran
// válidas para las ORA de Zona de Hackeo" answers no.
func TestNextPolarSentence(t *testing.T) {
	e := wikiEngine(t)
	q := "El enemigo activo está dentro de la Zona de Hackeo de mi hacker, que no lo ve: ¿puede mi hacker declarar Esquivar como ORA?"
	a, err := e.Ask(context.Background(), q, Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Kind != "faq" || d.Page != "Esquivar" || a.Verdict != "No" {
		t.Errorf("verdict %q from %v, want No from the Esquivar FAQ", a.Verdict, d)
	}
}

// TestRepeatedWordOnce checks that a word the question says twice weighs
// once in what a text must hold: "… la TS con PB: ¿se divide a la mitad
// la PB?" asks one thing of PB, and the Bioinmunidad FAQ's "este Atributo
// no se reducirá a la mitad" holds enough of it to answer no.
func TestRepeatedWordOnce(t *testing.T) {
	e := wikiEngine(t)
	q := "Me impacta munición AP y con Bioinmunidad elijo hacer la TS con PB: ¿se divide a la mitad la PB?"
	a, err := e.Ask(context.Background(), q, Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	d := a.Deciding()
	if d == nil || d.Kind != "faq" || d.Page != "Propiedades" || a.Verdict != "No" {
		t.Errorf("verdict %q from %v, want No from the Propiedades FAQ", a.Verdict, d)
	}
}

// TestContestNotQuestionNumber checks that a text whose number is the
// one the question itself states does not contest the deciding text:
// "How many troopers can one Combat Group hold?" is answered 10 by the
// Combat Group limit, and G: Jumper's "cuentan como una única Tropa" (1,
// the question's "one") leaves it so; a number the question does not
// state still contests.
func TestContestNotQuestionNumber(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "How many troopers can one Combat Group hold in N4?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict != "10" {
		t.Errorf("verdict %q (notes %q), want 10", a.Verdict, a.Notes)
	}
	q := e.analyze("How many troopers can one Combat Group hold in N4?")
	if !q.states("1") || q.states("10") || q.states("4") {
		t.Errorf("states 1, 10, 4 = %v %v %v, want true false false", q.states("1"), q.states("10"), q.states("4"))
	}
}

// TestSentencesAbbreviation checks that a period before a lower-case
// word ends no sentence ("No. of Rolls", "etc. éste") and one before a
// capital does.
func TestSentencesAbbreviation(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int
	}{
		{"Ammunition: EXP; Saving Roll: ARM/BTS*; No. of Rolls: 3; No. of Critical Rolls: 4", 1},
		{"Mover, Saltar, Trepar, etc. éste no puede provocar la caída. En caso de que no disponga de otro punto", 2},
		{"Fallar no tiene consecuencias. Se puede volver a intentar.", 2},
	} {
		if got := sentences(tc.text); len(got) != tc.want {
			t.Errorf("sentences(%q) = %q, want %d", tc.text, got, tc.want)
		}
	}
}

// TestContestNamesLess checks that a text leaving out a name the question
// writes, which the deciding text holds, does not contest it: "How many
// Saving Rolls per hit does EXP ammo force?" is answered 3 by the EXP row
// of the Ammunition Summary Chart, whatever a rule says of DA ammunition.
func TestContestNamesLess(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "How many Saving Rolls per hit does EXP ammo force?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); a.Verdict != "3" || d == nil || d.Page != "Ammunition Summary Chart" {
		t.Errorf("verdict %q from %v (notes %q), want 3 from the Ammunition Summary Chart", a.Verdict, d, a.Notes)
	}
}

// TestSpendGloss checks that "gasto" (I spend) is read as the glossary's
// spend/consume concept: "¿gasto el uso igualmente?" after failing the
// roll is answered yes by "… se consumen cada vez que se declara su uso,
// sin importar si se falla …".
func TestSpendGloss(t *testing.T) {
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "Declaro un arma Desechable y fallo la tirada: ¿gasto el uso igualmente?", Options{Edition: wikirules.N4})
	if err != nil {
		t.Fatal(err)
	}
	if d := a.Deciding(); a.Verdict != "Sí" || d == nil || d.Page != "Propiedades" {
		t.Errorf("verdict %q from %v, want Sí from Propiedades", a.Verdict, d)
	}
}

// TestNumberOtherNoun checks that a number right before another counted
// noun is not the count asked for: "how many uses" is read from "both of
// the weapon's uses", not from "in a single Order", and is shown per the
// Order both count in; "three … use modes" counts modes, not Command
// Tokens.
func TestNumberOtherNoun(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze("With the bonus, a Panzerfaust (B1, 2 uses): how many uses do I spend in that Order?")
	text := "For example, a Trooper with a Panzerfaust (a weapon with B1 and two uses) using the bonus would make an attack with B2, expending both of the weapon's uses in a single Order."
	if got := e.number(q, text); got != "2 per Order" {
		t.Errorf("number = %q, want 2 per Order", got)
	}
	// A table row's cell answers for its own column header only.
	const row = "Level: 5; Attack MOD: +3; Opponent MOD: -3; Burst MOD: +1B, +1 SD"
	for _, tc := range []struct{ q, want string }{
		{"What Attack MOD does Martial Arts level 5 give?", "MOD +3"},
		// "+1B" asked as a Burst MOD is shown as one, as "+1 bonus to
		// the Burst" is.
		{"What is the Burst MOD of Martial Arts level 5?", "Burst +1"},
	} {
		if got := e.number(e.analyze(tc.q), row); got != tc.want {
			t.Errorf("number(%q, row) = %q, want %q", tc.q, got, tc.want)
		}
	}
	// A number with a noun phrase of its own after it counts that.
	for _, tc := range []struct{ q, text, want string }{
		{"How many Command Tokens do I get in N5?", "Command Tokens have three different gaming use modes:", ""},
		{"How many Command Tokens do I get in N5?", "Each player has four Command Tokens per game.", "4 per game"},
		{"¿Cuántas Tiradas de Salvación obliga a hacer la Munición DA?", "La Munición DA obliga a realizar 2 Tiradas de Salvación por cada impacto.", "2"},
	} {
		if got := e.number(e.analyze(tc.q), tc.text); got != tc.want {
			t.Errorf("number(%q, %q) = %q, want %q", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestPolarityEntailed checks yes/no verdicts read from rule text against
// what the text entails: a closed list answers no for what it leaves out,
// a restriction of when ("sólo durante ese Turno") is no list; a question
// asking "only" is not answered yes by a text that does not restrict; a
// question asking whether something is required is answered by an
// obligation, not by a permission; "always" asserts what a rule states
// (a yes as a permission is); a text of another language that holds
// little of what is asked answers nothing.
func TestPolarityEntailed(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, page, lang, text string
		want                int
	}{
		{"Estando Trabado, ¿puede declarar Descubrir?", "Trabado", "es",
			"Las Tropas en estado Trabado sólo pueden declarar Ataque CC, Esquivar o Reset.", -1},
		{"Estando Trabado, ¿puede declarar Esquivar?", "Trabado", "es",
			"Las Tropas en estado Trabado sólo pueden declarar Ataque CC, Esquivar o Reset.", 1},
		{"¿Puedo declarar Descubrir con la Orden Irregular?", "Tokens de Mando", "es",
			"Convertir la Orden Irregular en una Orden Regular, pero sólo durante ese Turno de Jugador.", 0},
		{"Can I break up my Fireteam on purpose without spending an Order or a Command Token?", "Tokens de Mando", "es",
			"Convertir la Orden Irregular que proporcione una Tropa Irregular en una Orden Regular, cambiando la Orden correspondiente, pero sólo durante ese Turno de Jugador.", 0},
		{"¿Su Zona de Hackeo incluye sólo a los Hackers enemigos?", "Zona de Hackeo", "es",
			"Si un Hacker se encuentra dentro de la ZC de un Repetidor Enemigo, su Zona de Hackeo incluye a todos los Hackers enemigos de la mesa de juego.", 0},
		{"¿El Objetivo Principal tiene que estar en LDT al declarar el Ataque?", "Plantilla Terminal", "es",
			"El Objetivo Principal debe estar en LDT en el momento de declarar el Ataque.", 1},
		{"¿El Objetivo Principal tiene que estar en LDT al declarar el Ataque?", "Plantilla Terminal", "es",
			"El Objetivo Principal puede estar en LDT en el momento de declarar el Ataque.", 0},
		{"Must the Main Target be in LoF when the Attack is declared?", "Direct Template", "en",
			"The Main Target must be in LoF at the moment the Attack is declared.", 1},
		{"Si el piloto sale expulsado ya Muerto, ¿pongo igualmente la plantilla de humo?", "Escape System", "en",
			"Always place the Smoke Circular Template, even if the Pilot lost all his Wounds and was ejected Dead.", 1},
		// A blocking verb denies an act the sentence does not name only
		// when it holds most of what is asked: what Shock cancels is no
		// answer to whether it kills; what Courage ignores is one to
		// whether a trooper with it suffers the effects.
		// A single one of what a question counts two of: a no.
		{"My remote with Remote Presence is at its second Unconscious level. Does my Engineer need two successful rolls to bring it back?", "Remote Presence", "en",
			"Regardless of which level of Unconscious State the Trooper is in, with a single successful WIP Roll with the Engineer Special Skill, or PH Roll with a GizmoKit, the Trooper will recover lost STR until they have 1 point of STR and will cancel their Unconscious State.", -1},
		{"Does my Engineer need two successful rolls to bring it back?", "Remote Presence", "en",
			"With a single Order, the Engineer may make a WIP Roll to bring the Trooper back.", 0},
		{"¿La Munición Shock se carga a una tropa con Sin Incapacidad por Herida?", "Sin Incapacidad por Herida", "es",
			"La Munición Shock anula el estado Inconsciente de las Tropas con esta Habilidad Especial, que pasan a estado Muerto.", 0},
		// An obligation stated in the plain present with an
		// affirmation; "también pueden" allows, it does not require.
		{"¿Mis tropas con Visor Multiespectral tienen que hacer tirada enfrentada contra Eclipse?", "Munición Eclipse", "es",
			"Los Visores Multiespectrales se ven afectados por la Propiedad Reflectante, por tanto, las Tropas equipadas con esta pieza de Equipo también realizan Tiradas Enfrentadas contra armas con la Munición Eclipse.", 1},
		{"¿Mis tropas con Visor Multiespectral tienen que hacer tirada enfrentada contra Eclipse?", "Munición Eclipse", "es",
			"Las Tropas equipadas con Visor Multiespectral también pueden realizar Tiradas Enfrentadas contra armas con la Munición Eclipse.", 0},
		// Whether one thing is another: an identity phrase between
		// them, also in a condition's consequence written without a
		// comma; a text naming only what is asked about says nothing
		// of it.
		{"In CodeOne, is my whole army list a single Combat Group?", "Órdenes y Reserva de Órdenes", "es",
			"Una Lista de Ejército en Infinity CodeOne forma un Grupo de Combate de Tropas cuyo número de integrantes no supera un total de 10.", 1},
		{"N5: my trooper has more Wounds than his VITA. Is he Dead?", "Heridas", "es",
			"En cambio, si la Tropa acumula más Heridas que el valor de su Atributo VITA/EST pasa entonces a estado Muerto.", 1},
		{"Cuando un Berserk me carga y yo le devuelvo el ataque CC, ¿es tirada enfrentada?", "Berserk", "es",
			"Convierte la Tirada Enfrentada de CC en una Tirada Normal.", 0},
		// What a rule says is not done is not required, when the
		// denial holds what is asked; a denial of another act is not.
		{"Con VMS, ¿tengo que hacer Tirada Enfrentada contra el Humo?", "Munición Humo", "es",
			"Los Visores Multiespectrales ignoran los efectos de la Munición Humo, por tanto, las Tropas equipadas con esta pieza de Equipo no realizan Tiradas Enfrentadas contra armas con la Munición Humo.", -1},
		{"Con VMS, ¿tengo que hacer Tirada Enfrentada contra el Humo?", "Munición Humo", "es",
			"Las Tropas equipadas con esta pieza de Equipo no sufren los MOD de la Munición Humo.", 0},
		// The rules' word for the judge's ("arrojar" for "lanzar").
		{"¿En N4 el humo se puede lanzar a un punto vacío sin objetivo?", "Munición Humo", "es",
			"La Munición Humo es un tipo de munición no ofensiva, por lo que no es necesario tomar a una miniatura como objetivo y se puede arrojar a un punto aislado, solitario o vacío del campo de batalla.", 1},
		// The obligation asked about is read as the text's obligation
		// phrase, not as a word it must hold ("require", "requires").
		{"Does creating a Fireteam during the game require a Command Token?", "Types of Fireteam", "en",
			"Creating a Fireteam during the game requires the Operational Use of a Command Token.", 1},
		{"Does creating a Fireteam during the game require a Command Token?", "Types of Fireteam", "en",
			"Creating a Fireteam during the game is done by spending a Command Token.", 0},
		// A list item naming what is asked about takes its lead-in's
		// predicate; an item naming something else says nothing of it.
		{"Can a Peripheral be part of a Fireteam?", "Types of Fireteam", "en",
			"The following Troopers cannot be part of a Fireteam: Peripherals and their Controllers.", -1},
		{"Can a Hacker be part of a Fireteam?", "Types of Fireteam", "en",
			"The following Troopers cannot be part of a Fireteam: Peripherals and their Controllers.", 0},
		{"¿Una tropa con Coraje sufre los efectos de ¡¡¡Retirada!!!?", "Retreat State", "en",
			"Troopers with the Special Skills Courage, Religious Troop, Veteran or any other Special Skill that protects them from the effects of Retreat! State ignore all effects of Retreat! State.", -1},
	} {
		q := e.analyze(prose(tc.q))
		d := &candidate{rec: &wikirules.Record{Page: tc.page, Plain: tc.text}, page: tc.page, lang: tc.lang, pageKeys: keySet(tc.page)}
		if got := e.polarity(q, d, tc.text); got != tc.want {
			t.Errorf("polarity(%q, %.50q) = %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestVerdictNeedsEveryPageAsked checks that a yes/no verdict read from a
// prohibition or permission is given only when the deciding text speaks
// of every page the asking clause names, and, for a text in another
// language than the question, every page its case names too: what
// Isolated cancels (an FAQ on hacking programs, "anula … hasta que dicho
// estado sea cancelado") says nothing of whether a Command Token cancels
// Isolated; the Spanish Trabado rule on declaring a BS Attack against an
// engaged trooper says nothing of a trooper in Retreat!, however well it
// matches "declare a BS Attack".
func TestVerdictNeedsEveryPageAsked(t *testing.T) {
	e := wikiEngine(t)
	for _, tc := range []struct {
		q        string
		names    []string // a word of the page asked about, in either language
		decides  bool     // something must decide (with or without a verdict)
		withPage bool     // the deciding page's title may hold the name
	}{
		{"Can I use a Command Token to cancel the Isolated state?", []string{"command token", "token de mando"}, true, false},
		{"Can a trooper in Retreat! State declare a BS Attack?", []string{"retreat", "retirada"}, false, true},
		// "Retreat!" names Retreat State as its redirects and links do:
		// an FAQ on declaring a skill's details does not decide.
		{"Can a trooper in Retreat! declare a BS Attack?", []string{"retreat", "retirada"}, false, true},
		{"¿Puede una tropa en Retirada! declarar un Ataque CD?", []string{"retreat", "retirada"}, false, true},
	} {
		a, err := e.Ask(context.Background(), tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Deciding()
		if d == nil {
			if tc.decides {
				t.Errorf("%q: nothing decides; want a deciding source without a verdict", tc.q)
			}
			continue
		}
		if a.Verdict == a.Labels.SeeDeciding {
			continue
		}
		text := strings.ToLower(d.Text)
		if tc.withPage {
			text += " " + strings.ToLower(d.Citation.Page)
		}
		named := false
		for _, n := range tc.names {
			named = named || strings.Contains(text, n)
		}
		if !named {
			t.Errorf("%q: verdict %q from %s, which names none of %q:\n%s", tc.q, a.Verdict, d.Citation.Page, tc.names, d.Text)
		}
	}
}

// TestVerdictOfTheAct checks that a yes or no read from rule text is said
// of the question's act: a sentence naming the act only in a condition
// and denying something else by an exception ("When Dismounting …, any
// Game States … applied to the Pilot …, with the exception of
// Unconscious") gives none, and one allowing the act in the case asked
// ("If the Vehicle or TAG is in Unconscious State, the Pilot can still
// Dismount") gives the yes, however the question is worded.
func TestVerdictOfTheAct(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	if err := e.init(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, page, text string
		want          int
	}{
		{"Can the Pilot dismount from a TAG in Unconscious State?", "Pilot",
			"When Dismounting from a TAG or Vehicle, any Game States that the TAG or Vehicle was in will also be applied to the Pilot (if applicable), with the exception of Unconscious.", 0},
		{"Can the Pilot dismount from a TAG in Unconscious State?", "Pilot",
			"If the Vehicle or TAG is in Unconscious State, the Pilot can still Dismount and use their Profile.", 1},
		{"My TAG is Unconscious: is the Pilot allowed to dismount?", "Pilot",
			"If the Vehicle or TAG is in Unconscious State, the Pilot can still Dismount and use their Profile.", 1},
		{"¿Puede desmontar el Piloto si su TAG está Inconsciente?", "Piloto",
			"Cuando se desmonte de un TAG o Vehículo, cualquier estado que éste tuviera se aplicará también al Piloto, siempre que sea posible y con la excepción del estado Inconsciente.", 0},
		{"¿Puede desmontar el Piloto si su TAG está Inconsciente?", "Piloto",
			"Si el Vehículo o TAG se encuentra en estado Inconsciente, el Piloto puede Desmontar y emplear su Perfil.", 1},
		// The act in a main clause, denied: still a no.
		{"Can the Pilot dismount from a TAG in Unconscious State?", "Pilot",
			"The Pilot cannot Dismount while the TAG is in Unconscious State.", -1},
	} {
		q := e.analyze(tc.q)
		lg := detectLanguage(tc.text)
		d := &candidate{rec: &wikirules.Record{Plain: tc.text}, page: tc.page, lang: lg, pageKeys: keySet(tc.page)}
		if got := e.polarity(q, d, tc.text); got != tc.want {
			t.Errorf("%q\n  against %q: polarity %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
	for _, q := range []string{
		"Can the Pilot dismount from a TAG in Unconscious State?",
		"My TAG is Unconscious: is the Pilot allowed to dismount?",
		"Can my Pilot get out when the TAG has gone Unconscious?",
	} {
		a, err := e.Ask(ctx, q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := a.Deciding(); a.Verdict != "Yes" || d == nil || !strings.Contains(d.Text, "can still Dismount") {
			t.Errorf("%q: verdict %q from %+v, want Yes from Pilot's \"the Pilot can still Dismount\"", q, a.Verdict, d)
		}
	}
}

// TestVerdictQualifierLanguage checks that the qualifier of an FAQ's yes
// or no is quoted in the question's language only: an English question
// decided by a Spanish FAQ gets "Yes, see the deciding source", not
// "Yes, con la excepción de…"; a Spanish one gets the qualifier.
func TestVerdictQualifierLanguage(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	faq := &wikirules.FAQ{
		Question: "¿Se necesita especificar todos los detalles de una Habilidad al declararla?",
		Answer:   "Sí, con la excepción de la posición del objetivo, el cual se elige en el paso de Resolución.",
	}
	for _, tc := range []struct{ q, want string }{
		{"Must I specify every detail of a Skill when declaring it?", "Yes, see the deciding source"},
		{"¿Debo especificar todos los detalles de una Habilidad al declararla?", "Sí, con la excepción de la posición del objetivo, el cual se elige en el paso de Resolución"},
	} {
		q := e.analyze(tc.q)
		d := &candidate{faq: faq, page: "Activación de una Tropa", lang: "es", qkeys: keySet(faq.Question), pageKeys: keySet("Activación de una Tropa")}
		if got, _ := e.verdict(q, d); got != tc.want {
			t.Errorf("%q: verdict %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestPermissionUnderUnmetCondition checks that a permission stated
// without a condition the question names (a concept with its own page: a
// state the trooper is in) gives no yes under it, while the same
// permission answers the question that names no such condition.
func TestPermissionUnderUnmetCondition(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const (
		piloto = "Al ejecutar una Habilidad con la etiqueta Movimiento un Piloto puede Montar o Desmontar únicamente de su propio TAG o Vehículo (ver Condiciones Generales de Movimiento)."
		pilot  = "By performing any Skill with the Movement Label, Pilots may Mount or Dismount their own Vehicle or TAG, and only their own Vehicle or TAG (see the General Movement Rules)."
	)
	for _, tc := range []struct {
		q, page, text string
		want          int
	}{
		{"Mi TAG está Trabado al empezar la Orden: ¿puede desmontar el Piloto?", "Piloto", piloto, 0},
		{"¿Puede desmontar el Piloto de su TAG?", "Piloto", piloto, 1},
		{"My TAG is Engaged: can the Pilot dismount?", "Pilot", pilot, 0},
		{"Can the Pilot dismount from his TAG?", "Pilot", pilot, 1},
	} {
		q := e.analyze(tc.q)
		d := &candidate{rec: &wikirules.Record{Plain: tc.text}, page: tc.page, lang: detectLanguage(tc.text), pageKeys: keySet(tc.page)}
		if got := e.polarity(q, d, tc.text); got != tc.want {
			t.Errorf("%q\n  against %q: polarity %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestVerdictReadings checks verdicts read from real quotes as Ask's
// deciding sources give them: a name of one letter and a word ("G:
// Jumper") is held by a text naming it (the letter alone is held by no
// text); a bullet's number is read with its lead-in.
func TestVerdictReadings(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, page, lang, lead, text, want string
	}{
		{"All of my G: Jumper's Proxies are Null. Does he count as a casualty?", "G: Jumper", "es", "",
			"Si todos los Proxies de un G: Jumper se encuentran en estado Nulo o Aislado, el G: Jumper se considerará una baja hasta que al menos uno de sus Proxies se recupere de dicho estado.", "Yes"},
		{"¿Cuánto se resta al Daño por Cobertura Parcial en la Tirada de Salvación?", "Tirada de Salvación", "es",
			"Para calcular el Daño del Ataque el jugador debe restar al Daño del Arma:", "(-3) MOD por Cobertura Parcial si la hubiera.", "MOD -3"},
	} {
		q := e.analyze(prose(tc.q))
		d := &candidate{rec: &wikirules.Record{Page: tc.page, Plain: tc.text}, page: tc.page, lang: tc.lang, pageKeys: keySet(tc.page)}
		if tc.lead != "" {
			d.leadIn = &wikirules.Record{Page: tc.page, Plain: tc.lead}
		}
		if got, _ := e.entails(q, d); got != tc.want {
			t.Errorf("entails(%.50q, %.50q) = %q, want %q", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestExampleNumber checks that a number of an example answers a
// question only about the example's page: "sólo deberá realizar una
// Tirada de Salvación" is the count of a trooper with Immunity, not of
// every critical hit with EXP Ammunition.
func TestExampleNumber(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	text := "Ejemplo 1: Un Dog-Warrior recibe un impacto de Lanzamisiles. Gracias a su Inmunidad (Total), en vez de realizar 3 Tiradas de Salvación por la Munición EXP, sólo deberá realizar una Tirada de Salvación."
	ex := func() *candidate {
		return &candidate{rec: &wikirules.Record{Page: "Inmunidad", Kind: wikirules.KindExample, Plain: text}, page: "Inmunidad", lang: "es",
			keys: keySet(text), ctx: map[string]bool{}, pageKeys: keySet("Inmunidad")}
	}
	for _, tc := range []struct{ q, want string }{
		{"Un crítico con munición EXP: ¿cuántas Tiradas de Salvación en total tiene que hacer mi objetivo por ese impacto?", ""},
		{"A Dog-Warrior with Total Immunity is hit by a Missile Launcher (EXP). How many Saving Rolls does he make?", "1"},
	} {
		q := e.analyze(prose(tc.q))
		if _, n := e.verdict(q, ex()); n != tc.want {
			t.Errorf("verdict(%.50q) number = %q, want %q", tc.q, n, tc.want)
		}
	}
}

// TestTerseLabel checks that a negation in a see-also entry's label
// denies only what the label names: "TAGs cannot be Prone" answers
// whether a TAG can be Prone, not whether a trooper can shoot while
// Prone; nor does a number in a label answer a numeric question.
func TestTerseLabel(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const label = "Restrictions Chart (TAGs cannot be Prone.)"
	for _, tc := range []struct {
		q    string
		want int
	}{
		{"Can I shoot while Prone?", 0},
		{"Can a TAG be Prone?", -1},
	} {
		q := e.analyze(tc.q)
		d := &candidate{rec: &wikirules.Record{Kind: wikirules.KindReference, Plain: label}, page: "Unconscious State", lang: "en", pageKeys: keySet("Unconscious State")}
		if got := e.polarity(q, d, label); got != tc.want {
			t.Errorf("%q against %q: polarity %d, want %d", tc.q, label, got, tc.want)
		}
	}
	// Nor is a label's number the rule's.
	q := e.analyze("How many wounds does it take for a trooper to enter Dead State in N5?")
	d := &candidate{rec: &wikirules.Record{Kind: wikirules.KindReference, Plain: "AutoRepair (the Trooper recovers one or two Wounds)"}, page: "Heridas", lang: "en", pageKeys: keySet("Heridas")}
	if got, _ := e.entails(q, d); got != q.v.Labels.SeeDeciding {
		t.Errorf("a see-also label's number: verdict %q, want %q", got, q.v.Labels.SeeDeciding)
	}
}

// TestNoteContests checks that a note under a record that reads the
// other way than the record (Ingeniero's "Inconsciente no se puede
// cancelar al mismo tiempo que otros Estados" under "puede anular todos
// aquellos estados … (Inconsciente, …)") leaves the verdict to the quote.
func TestNoteContests(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const text = "Alternativamente, al superar una única Tirada Normal de VOL, una Tropa con Ingeniero puede anular todos aquellos estados de su objetivo que sean cancelables por esta Habilidad Especial (Inconsciente, Inmovilizado-A y B, Marcado...), retirando los correspondientes Tokens de Estado."
	q := e.analyze("Can an Engineer cancel the Unconscious state with the option that cancels all states?")
	rec := &wikirules.Record{Page: "Ingeniero", Plain: text, Notes: []string{"Inconsciente no se puede cancelar al mismo tiempo que otros Estados."}}
	d := &candidate{rec: rec, page: "Ingeniero", lang: "es", pageKeys: keySet("Ingeniero")}
	if got, _ := e.entails(q, d); got != q.v.Labels.SeeDeciding {
		t.Errorf("with the note: verdict %q, want %q", got, q.v.Labels.SeeDeciding)
	}
}

// TestOnlyForWhom checks that a restriction of whom a rule applies to
// ("acts as a Zero Visibility Zone, but only for Troopers with … a
// Multispectral Visor") is read as no closed list of what is allowed: it
// gives no yes to "can a trooper with a Multispectral Visor shoot through
// it?", while a list of what may be used still answers.
func TestOnlyForWhom(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const wnz = "A White Noise Zone acts as a Zero Visibility Zone, but only for Troopers with the Marksmanship Special Skill or equipped with a Multispectral Visor of any Level, or any other piece of Equipment that specifies the same."
	const retreat = "Troops with a Retreat! Token can only use Short Movement Skills, Cautious Movement, Dodge or Reset."
	for _, tc := range []struct {
		q, page, text string
		want          int
	}{
		{"Can a trooper with a Multispectral Visor shoot through a White Noise Zone?", "White Noise Zone", wnz, 0},
		{"Can a trooper in Retreat! declare Dodge?", "Retreat State", retreat, 1},
	} {
		q := e.analyze(tc.q)
		d := &candidate{rec: &wikirules.Record{Plain: tc.text}, page: tc.page, lang: "en", pageKeys: keySet(tc.page)}
		if got := e.polarity(q, d, tc.text); got != tc.want {
			t.Errorf("%q against %.40q: polarity %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestRestrictionOfWhomGrantsNothing checks that a restriction of whom
// a modifier applies to ("Los MOD negativos se aplican únicamente a los
// enemigos") is no closed list of what is allowed, though a word of it
// ("se") is one of a permission phrase ("se permite"): it gives no yes to
// whether another rule's MOD applies to a skill another sentence names,
// while a list granted by that phrase still answers.
func TestRestrictionOfWhomGrantsNothing(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const mods = "Los MOD negativos se aplican únicamente a los enemigos. Los MOD negativos de otras Habilidades, armas y Equipos, como Ataque CC (-3), Esquivar (-3), se aplican sólo a los enemigos al efectuar una Tirada Enfrentada."
	const engaged = "En estado Trabado sólo se permite declarar Ataque CC, Esquivar o Reset."
	for _, tc := range []struct {
		q, page, text string
		want          int
	}{
		{"En N5, ¿los MOD de Zona de Visibilidad se aplican a Esquivar?", "Módulo de Combate", mods, 0},
		{"Estando Trabado, ¿puede declarar Descubrir?", "Trabado", engaged, -1},
		{"Estando Trabado, ¿puede declarar Esquivar?", "Trabado", engaged, 1},
	} {
		q := e.analyze(prose(tc.q))
		d := &candidate{rec: &wikirules.Record{Page: tc.page, Plain: tc.text}, page: tc.page, lang: "es", pageKeys: keySet(tc.page)}
		if got := e.polarity(q, d, tc.text); got != tc.want {
			t.Errorf("%q against %.40q: polarity %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestDistanceByItsUnit checks that a length states what it measures:
// "hasta 8 pulgadas" answers how far, with no distance noun beside it,
// while a number of another kind ("8 Órdenes", "360°") does not.
func TestDistanceByItsUnit(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze(prose("Para comprobar en ORA si la Tropa Activa ha entrado en la Zona de Hackeo, ¿hasta qué distancia se mide desde su recorrido?"))
	for _, tc := range []struct{ text, want string }{
		{"Las mediciones se hacen desde la Tropa Activa, comprobando hasta 8 pulgadas desde cualquier punto de su recorrido.", "8 pulgadas"},
		{"Measurements must always be made from the Active Trooper, checking a maximum of 8 inches from any point along their path.", "8 pulgadas"},
		{"Las mediciones se hacen desde la Tropa Activa, comprobando hasta 8 Órdenes de su recorrido.", ""},
		{"Las mediciones se hacen desde la Tropa Activa, con una LDT de 360° desde cualquier punto de su recorrido.", ""},
	} {
		if got := e.number(q, tc.text); got != tc.want {
			t.Errorf("number(%.50q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestVerdictOfAnException checks what an exception denies: its own
// object, not a parenthesis opened after it ("except Unconscious
// (Immobilized-A and B, Targeted, etc.)" may list the main clause's
// examples), while an exception standing in its own parenthesis
// ("(except for Jump)") still excepts.
func TestVerdictOfAnException(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const way = "Alternatively, by passing a Normal WIP Roll, a Trooper with Engineer may cancel all of their target's States that can be canceled by this Special Skill except Unconscious (Immobilized-A and B, Targeted, etc.), removing the corresponding State Tokens."
	for _, tc := range []struct {
		q, page, text string
		want          int
	}{
		// The exception's own object: a no.
		{"Can an Engineer cancel the Unconscious State of a TAG?", "Engineer", way, -1},
		// A parenthesis after the exception is not excepted: it lists
		// examples of what the main clause allows. A state it does not
		// list is not allowed by name.
		{"Can an Engineer remove Immobilized-A from a trooper?", "Engineer", way, 1},
		{"Can an Engineer remove Immobilized-B?", "Engineer", way, 1},
		{"Can an Engineer remove Isolated from a trooper?", "Engineer", way, 0},
		// An exception in its own parenthesis excepts.
		{"Can I drop Prone as part of a Jump?", "Prone State",
			"A Trooper may change its status from Normal to Prone, and vice versa, at either the start of their Movement or at the end of their Movement, by performing any Short Skill or ARO with the Movement Label (except for Jump) or as a result of a failed Guts Roll.", -1},
	} {
		q := e.analyze(tc.q)
		d := &candidate{rec: &wikirules.Record{Plain: tc.text}, page: tc.page, lang: detectLanguage(tc.text), pageKeys: keySet(tc.page)}
		if got := e.polarity(q, d, tc.text); got != tc.want {
			t.Errorf("%q\n  against %q: polarity %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestCountUnmet checks that a text allowing something only if a count
// passes a bound answers no for a question stating a count of the same
// noun on the other side of it, in either language, and nothing for a
// count that passes it or a question stating none.
func TestCountUnmet(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	text := "Remove two Regular Orders for this Turn from their opponent's Order Pool. This option may only be performed during the opponent's Tactical Phase, right after the Order Count, but only if the number of Orders ( Regular + Irregular + Tactical) is higher than ten."
	for _, tc := range []struct {
		q    string
		want bool
	}{
		{"N5: going second, can I strip two Regular Orders from an opponent who only has nine Orders?", true},
		{"En N5 juego segundo y el rival sólo tiene 9 Órdenes en total. ¿Puedo gastar un Token de Mando para quitarle dos Órdenes Regulares?", true},
		{"Going second, can I strip two Regular Orders from an opponent who has 12 Orders?", false},
		{"Going second, can I strip two Regular Orders from my opponent?", false},
	} {
		if got := countUnmet(e.analyze(prose(tc.q)), text); got != tc.want {
			t.Errorf("countUnmet(%q) = %v, want %v", tc.q, got, tc.want)
		}
	}
}

// TestPolarityOfTheVerbsNoun checks that a clause writing the noun of
// the question's verb ("at the end of their Movement" for "at the end of
// my Move") holds what the question asks, and that it answers nothing
// when it states another case ("at the start").
func TestPolarityOfTheVerbsNoun(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const q = "In N5, can I go Prone at the end of my Move?"
	for _, tc := range []struct {
		text string
		want int
	}{
		{"A Trooper may change its status from Normal to Prone, and vice versa, at either the start of their Movement or at the end of their Movement, by performing any Short Skill or ARO with the Movement Label (except for Jump) or as a result of a failed Guts Roll.", 1},
		{"A Trooper may change its status from Normal to Prone, and vice versa, at the start of their Movement.", 0},
	} {
		d := &candidate{rec: &wikirules.Record{Plain: tc.text}, page: "Prone State", lang: "en", pageKeys: keySet("Prone State")}
		if got := e.polarity(e.analyze(q), d, tc.text); got != tc.want {
			t.Errorf("%q\n  against %q: polarity %d, want %d", q, tc.text, got, tc.want)
		}
	}
}

// TestPolarityOfAParaphrase checks that a clause holding a paraphrase of
// what the question asks ("enters the Dead State" for "¿muere?") holds
// it, in another language too, and that a clause stating another state
// answers nothing.
func TestPolarityOfAParaphrase(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const q = "Si el Médico falla la tirada de VOL, ¿el objetivo muere?"
	for _, tc := range []struct {
		text string
		want int
	}{
		{"If the WIP Roll fails, the target automatically enters the Dead State and is removed from the game table.", 1},
		{"Si la Tirada de VOL falla, el objetivo pasa automáticamente a estado Muerto.", 1},
		{"If the WIP Roll fails, the target automatically enters the Unconscious State.", 0},
	} {
		d := &candidate{rec: &wikirules.Record{Plain: tc.text}, page: "Doctor", lang: detectLanguage(tc.text), pageKeys: keySet("Doctor")}
		if got := e.polarity(e.analyze(q), d, tc.text); got != tc.want {
			t.Errorf("%q\n  against %q: polarity %d, want %d", q, tc.text, got, tc.want)
		}
	}
}

// TestNumberWorkedSum checks that a worked sum's total ("Attack Damage =
// 15 (13 + 2)") never answers a question asking a MOD or what something
// adds, while the MOD the example lists does, in either language; that a
// total still answers a question asking the value itself; and that what a
// numeric phrase counts stays a count ("how many Orders … add to").
func TestNumberWorkedSum(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const sum = "The Caliban's Success Value is calculated: SV = 23 (23 +3 - 3). Attack Damage = 15 (13 + 2)."
	const mods = "The Caliban must apply the following MODs: +2 to Attack Damage for Martial Arts L3. " + sum
	for _, tc := range []struct{ q, text, want string }{
		{"N4 Martial Arts L3: what does it add to Attack Damage?", sum, ""},
		{"N4 Martial Arts L3: what does it add to Attack Damage?", mods, "MOD +2"},
		{"N4 Martial Arts L3: what Damage MOD does it give?", sum, ""},
		{"N4 Martial Arts L3: what Damage MOD does it give?", mods, "MOD +2"},
		{"Artes Marciales N3: ¿qué suma al Daño del Ataque?", "Daño del Ataque = 15 (13 + 2).", ""},
		// A MOD word right after the sum makes its total look like a MOD
		// (kindOf reads one within three words after a number).
		{"N4 Martial Arts L3: what does it add to Attack Damage?", "Attack Damage = 15 (13 +2 MOD).", "MOD +2"},
		{"Artes Marciales N3: ¿qué MOD suma al Daño?", "Daño = 15 (13 +2 MOD).", "MOD +2"},
		{"What Damage does the Caliban's attack have?", sum, "15"},
		// The terms of a sum are no value asked: "SV = 26" is of "SV",
		// not of the "Success Value" asked, and 23 is the attribute
		// before the MOD.
		{"Cuervo Goldstein with Martial Arts L4: what Success Value does he get?", "Cuervo Goldstein's Success Value is calculated: SV = 26 (23 + 3).", ""},
		{"How many Orders does a Lieutenant add to the Order Pool?", "A Lieutenant adds 2 Orders to the Order Pool.", "2"},
	} {
		if got := e.number(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("number(%.50q) = %q, want %q", tc.q, got, tc.want)
		}
	}
	if workedSum("(PH)") || workedSum(" cm") || !workedSum(" (23 +3 - 3).") {
		t.Error("workedSum reads a parenthesis of numbers joined by + or - only")
	}
}

// TestNumberOfItsLevel checks the MOD read from an example's list of
// MODs: a sentence naming another level of the skill does not answer for
// the level asked (L3's +2 is no answer for L2; "L1 and L2" holds L2), a
// MOD to Damage does not answer what goes on the CC Attack, and a Burst
// MOD asked is one of the Burst ("+1B"), not the MOD beside it.
func TestNumberOfItsLevel(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const l3 = "The Caliban must apply the following MODs: +2 to Attack Damage for Martial Arts L3."
	const l1 = "The Hsien must apply the following MODs: +1 to Attack Damage for Martial Arts L1."
	const doctor = "The Doctor will receive +1B in CC since his Peripheral is in the combat. Cuervo Goldstein: +3 for Martial Arts L4."
	for _, tc := range []struct{ q, text, want string }{
		{"N4 Martial Arts L2: what does it add to Attack Damage?", l3, ""},
		{"N4 Martial Arts L3: what does it add to Attack Damage?", l3, "MOD +2"},
		{"N4 Martial Arts L2: what does it add to Attack Damage?", "+1 to Attack Damage for Martial Arts L1 and L2.", "MOD +1"},
		{"N4 Martial Arts L1: what MOD to my CC Attack?", l1, ""},
		{"N4 Martial Arts L1: what Damage MOD?", l1, "MOD +1"},
		{"In N4, what Burst bonus does a Doctor get in CC when his Peripheral is in the combat?", doctor, "Burst +1"},
		{"In N4, what Burst bonus does a Doctor get in CC?", "Cuervo Goldstein: +3 for Martial Arts L4.", ""},
	} {
		if got := e.number(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("number(%.60q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestNumberOfTheLevelAsked checks that a question naming a level in
// words ("level 3") is answered by the chart row or example sentence of
// that level only: the row "Level: 4; …" is read whole, so its Damage
// cell, which names no level, is no answer for level 3; nor is an
// example's "+2 … for Martial Arts L3" for level 1.
func TestNumberOfTheLevelAsked(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	const l3 = "Level: 3; Attack MOD: +3; Opponent MOD: -3; Damage MOD (PH): +2; Burst MOD: 0"
	const l4 = "Level: 4; Attack MOD: +3; Opponent MOD: -3; Damage MOD (PH): +3; Burst MOD: 0"
	const item = "The Caliban must apply the following MODs: +2 to Attack Damage for Martial Arts L3."
	for _, tc := range []struct{ q, text, want string }{
		{"N4 Martial Arts Level 3: what Damage MOD does it give?", l4, ""},
		{"N4 Martial Arts Level 3: what Damage MOD does it give?", l3, "MOD +2"},
		{"N4 Martial Arts L3: what Damage MOD does it give?", l4, ""},
		{"N4 Martial Arts Level 1: what does it add to Attack Damage?", item, ""},
		{"N4 Martial Arts level 3: what does it add to Attack Damage?", item, "MOD +2"},
		{"¿Qué MOD de Daño da Artes Marciales nivel 3?", l4, ""},
	} {
		if got := e.number(e.analyze(prose(tc.q)), tc.text); got != tc.want {
			t.Errorf("number(%.60q) = %q, want %q", tc.q, got, tc.want)
		}
	}
	if got := levelsNamed([]string{"martial", "arts", "l4", "and", "level", "2"}); !got["4"] || !got["2"] || len(got) != 2 {
		t.Errorf("levelsNamed = %v, want 4 and 2", got)
	}
}

// TestNumberPerBefore checks that a count is per what the text names
// before it as well as after: "Cada vez que … consumiendo una Orden
// concede una única ORA" answers "¿cuántas ORA … por cada Orden?" with
// one per Order, and a count the text gives per nothing does not answer a
// question asking it per Order.
func TestNumberPerBefore(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze(prose("¿Cuántas ORA tiene cada tropa enemiga por cada Orden que gasto?"))
	for _, tc := range []struct{ text, want string }{
		{"Cada vez que el Jugador Activo activa una Tropa consumiendo una Orden concede una única ORA a cada Tropa enemiga, independientemente del número de Habilidades que contenga la Orden.", "1 por Orden"},
		{"Concede una única ORA a cada Tropa enemiga.", ""},
	} {
		if got := e.number(q, tc.text); got != tc.want {
			t.Errorf("number(%.50q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestRestrictedLacked checks that a text stating what is asked only if a
// condition holds ("sólo si se utiliza el Repetidor enemigo") answers no
// for a case that goes without it ("sin usar ese repetidor", "without
// using that Repeater"), and says nothing of a case that does not say it
// lacks it, nor when the condition is itself negated.
func TestRestrictedLacked(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	faq := "Los MODs de Firewall se aplicarán sólo si se utiliza el Repetidor enemigo para usar un Programa de Hacker contra un Hacker enemigo."
	without := "Mi hacker está dentro de la ZC de un Repetidor enemigo, pero ataca a un hacker enemigo que ya tiene en su propia Zona de Hackeo, sin usar ese repetidor. ¿Le aplico el -3 de Firewall?"
	for _, tc := range []struct {
		q, text string
		want    bool
	}{
		{without, faq, true},
		{"Ataco con mi hacker a un hacker enemigo sin utilizar el Repetidor enemigo en cuya ZC estoy. ¿Sufro el MOD de Firewall?", faq, true},
		{"My hacker attacks an enemy hacker in his own Hacking Area without using the enemy Repeater. Do I apply the Firewall MOD?", faq, true},
		{"Mi hacker ataca a través de un Repetidor enemigo. ¿Le aplico el -3 de Firewall?", faq, false},
		{without, "Los MODs de Firewall se aplicarán sólo si no se utiliza el Repetidor enemigo.", false},
		{without, "Los MODs de Firewall se aplicarán si se utiliza el Repetidor enemigo.", false},
		// The restricted statement is of another thing than asked.
		{without, "Un Hacker puede usar un Programa sólo si se utiliza el Repetidor enemigo.", false},
	} {
		q := e.analyze(prose(tc.q))
		if got := restrictedLacked(q, tc.text); got != tc.want {
			t.Errorf("restrictedLacked(%q, %q) = %v, want %v", tc.q, tc.text, got, tc.want)
		}
	}
}
