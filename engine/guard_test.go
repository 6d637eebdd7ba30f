package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestOwnScoped checks that a text stating something of the subject's own
// group is read as not answering a question asked of another group, and
// only then.
func TestOwnScoped(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	own := "La Orden que la Tropa Regular proporciona a su ejército se suma al cómputo general de la Reserva de Órdenes, y se puede emplear en activar a otra Tropa que pertenezca a su Grupo de Combate."
	for _, tc := range []struct {
		q, text string
		want    bool
	}{
		{"¿Puedo usar Órdenes de un Grupo de Combate para activar tropas de otro?", own, true},
		{"Can I spend an Order of one Combat Group to activate a trooper of a different Combat Group?", "The Order can be spent to activate any trooper of its own Combat Group.", true},
		// The question asks of the own group: the text answers it.
		{"¿Puedo usar la Orden para activar otra tropa de su Grupo de Combate?", own, false},
		// The question asks of no other group.
		{"¿Puedo usar Órdenes Regulares para activar Tropas del Grupo de Combate?", own, false},
		// The own word stands before no name the question asks about.
		{"¿Puedo activar una tropa de otro Grupo de Combate con mi Orden?", "Cada jugador usa su Orden Regular en activar tropas.", false},
		{"¿Puedo activar una tropa de otro Grupo de Combate con mi Orden?", own, true},
		// A numeric question reads no permission.
		{"¿Cuántas Órdenes de otro Grupo de Combate puedo usar?", own, false},
	} {
		if got := ownScoped(e.analyze(tc.q), tc.text); got != tc.want {
			t.Errorf("%q on %q: ownScoped %v, want %v", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestNumberAbsent checks that a numeric question about a concept no page
// describes, whose sources state no number about it, is not answered,
// while one whose sources state the number (a table row the verdict does
// not read) keeps its source.
func TestNumberAbsent(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	q := "What MOD do enemies suffer when they shoot at a trooper in Suppressive Fire State?"
	for _, ed := range []wikirules.Edition{0, wikirules.N5} {
		a, err := e.Ask(ctx, q, Options{Edition: ed})
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict != NotFound {
			t.Errorf("%q (edition %v): %q, want %q", q, ed, a.Verdict, NotFound)
		}
	}
	// A yes/no question about it, decided by a text that only mentions
	// it and holds no page the question names, is not answered either.
	q = "Can a trooper in Suppressive Fire State Dodge?"
	a, err := e.Ask(ctx, q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict != NotFound {
		t.Errorf("%q: %q, want %q", q, a.Verdict, NotFound)
	}
	// The text that rules on what it is asked with still answers.
	q = "Can a trooper in Suppressive Fire State join a Fireteam?"
	if a, err = e.Ask(ctx, q, Options{}); err != nil {
		t.Fatal(err)
	}
	if a.Verdict != "No" {
		t.Errorf("%q: %q, want No", q, a.Verdict)
	}
	q = "How many Saving Rolls per hit does EXP ammo force?"
	if a, err = e.Ask(ctx, q, Options{Edition: wikirules.N4}); err != nil {
		t.Fatal(err)
	}
	if a.Verdict == NotFound {
		t.Errorf("%q: not found, want the Ammunition Summary Chart among the sources", q)
	}
}

// TestGuardVerdict checks the verdicts withheld once the deciding text
// is chosen: a text that holds a state the question names only through
// a word of the same root written in lower case ("Troopers possessing the
// Wound Attribute" for Possessed), and an alternative rule whose
// exception takes out what another rule of its page grants ("This
// cancels Unconscious State" against "Alternatively, … except
// Unconscious"); and the verdicts kept: the alternative's exception
// answers a question about the alternative itself ("together with
// IMM-A"), and a state it lists is a yes; and a yes from a text whose
// exception, in words naming none of the question's concepts, may take
// out the question's case; and a text of another variant of the page the
// question names (Inmovilizado-B for Inmovilizado-A).
func TestGuardVerdict(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct {
		q        string
		ed       wikirules.Edition
		withheld bool
		want     string
	}{
		{"Can a Doctor cancel Possessed?", 0, true, ""},
		{"¿Puede un Ingeniero cancelar Poseído?", 0, true, ""},
		{"Can an Engineer cancel the Unconscious State of a TAG?", 0, true, ""},
		{"Can an Engineer remove Unconscious in N5?", wikirules.N5, true, ""},
		{"N5 Engineer: can one WIP Roll cancel Unconscious together with IMM-A?", wikirules.N5, false, "No"},
		{"Does an Engineer cancel Targeted?", 0, false, "Yes"},
		{"Can an Engineer cancel Unconscious in N5?", wikirules.N5, false, "Yes"},
		// "… fall Prone unless they are a Troop Type unable to do so":
		// whether a TAG is one the text does not say.
		{"My TAG just went Unconscious. Does it also fall Prone?", 0, true, ""},
		// Inmovilizado-B's "… excepto Reset" is no verdict on
		// Inmovilizado-A (which allows only Dodge).
		{"¿Puede una tropa en Inmovilizado-A declarar Reset?", 0, true, ""},
		{"¿Puede una tropa en Inmovilizado-B declarar Reset?", 0, false, "Sí"},
		// A negation of another thing than what is asked: "not to cause
		// any real harm, but … powerful enough to immobilize".
		{"Does Paralysis ammo cause Immobilized-A?", 0, true, ""},
		// A "no podrá declarar" whose actor is the adversary of the
		// Camouflage Marker the sentence names in a condition.
		{"¿Un Marcador de Camuflaje puede declarar ORA?", 0, true, ""},
		// "sin necesidad de realizar tirada" denies nothing of being a
		// target.
		{"¿Puede una tropa en estado Inconsciente ser objetivo de un Ataque?", 0, true, ""},
		// A passive names the question's subject as its agent; a list
		// cut at its commas keeps its actor.
		{"¿Un Médico puede curar a una tropa con Tenaz activado?", wikirules.N4, false, "No"},
		{"¿Una tropa con Coraje sufre los efectos de ¡¡¡Retirada!!!?", wikirules.N4, false, "No"},
		// "salvo que posea Inmunidad (Crítico)" names what it excepts.
		{"Con Inmunidad (Total) recibo un crítico: ¿hago la Tirada de Salvación adicional?", wikirules.N4, false, "Sí"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{Edition: tc.ed})
		if err != nil {
			t.Fatal(err)
		}
		see := vocabFor(a.Language).Labels.SeeDeciding
		switch {
		case tc.withheld && a.Verdict != see:
			t.Errorf("%q: verdict %q, want %q", tc.q, a.Verdict, see)
		case !tc.withheld && a.Verdict != tc.want:
			t.Errorf("%q: verdict %q, want %q", tc.q, a.Verdict, tc.want)
		}
	}
}

// TestDefaultEditionNewest checks that a question asked without an
// edition is answered by a text of the newest edition the knowledge base
// holds when one answers about as relevantly as an older page's text, and
// that the answer names that edition.
func TestDefaultEditionNewest(t *testing.T) {
	e := wikiEngine(t)
	ctx := context.Background()
	for _, tc := range []struct{ q, verdict, edition string }{
		// Ataque CC (N4, CodeOne) against Módulo de Combate (N5).
		{"What's the maximum Burst an attack can ever have?", "6", "n5"},
		// Unconscious (N4, CodeOne) against Normal State (N5).
		{"Si a mi tropa Inconsciente le quitan una Herida, ¿vuelve a estado Normal?", "", "n5"},
		// Marcado (N4, CodeOne), which the question names, against the
		// "+1 SD" of Martial Arts (N5), which names no Targeted.
		{"What MOD does Targeted give to the attacker?", "+3", "n4"},
		// A page that holds only N4 text answers for N4 and says so.
		{"¿Puede una tropa con Visor Multiespectral tomar como objetivo a una con Albedo?", "", "n4"},
	} {
		a, err := e.Ask(ctx, tc.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Edition != tc.edition || !a.EditionDefaulted {
			t.Errorf("%q: edition %q (defaulted %v), want %q", tc.q, a.Edition, a.EditionDefaulted, tc.edition)
		}
		if tc.verdict != "" && !strings.Contains(a.Verdict, tc.verdict) {
			t.Errorf("%q: verdict %q, want %q", tc.q, a.Verdict, tc.verdict)
		}
		named := false
		for _, n := range a.Notes {
			named = named || strings.Contains(n, strings.ToUpper(tc.edition))
		}
		if !named {
			t.Errorf("%q: no note names the edition %s: %q", tc.q, tc.edition, a.Notes)
		}
	}
}

// TestAttributeValue checks that an unsigned number written right after
// an attribute's abbreviation is read as that attribute's value, no count
// of what a question asks ("with PS 5" for "how many Saving Rolls"),
// while a signed one stays a modifier and a count stays a count.
func TestAttributeValue(t *testing.T) {
	for _, tc := range []struct {
		s, val, of string
	}{
		{"Each successful Roll forces the target to make a Saving Roll against their halved BTS, with PS 5.", "5", "ps"},
		{"Una Tropa con FIS 10 supera la Tirada.", "10", "fis"},
		{"The target must make a PH-6 Roll.", "-6", ""},
		{"DA Ammunition forces the target to make 2 Saving Rolls.", "2", ""},
	} {
		found := false
		for _, tok := range numberTokens(tc.s) {
			if tok.val != tc.val {
				continue
			}
			found = true
			if tok.of != tc.of {
				t.Errorf("%q: %s is the value of %q, want %q", tc.s, tok.val, tok.of, tc.of)
			}
		}
		if !found {
			t.Errorf("%q: no number %s", tc.s, tc.val)
		}
	}
	e := wikiEngine(t)
	a, err := e.Ask(context.Background(), "How many Saving Rolls does PARA ammo force?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict == "5" {
		t.Errorf("PARA ammo: verdict %q from a PS value", a.Verdict)
	}
}
