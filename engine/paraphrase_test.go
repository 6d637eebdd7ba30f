package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestPolarityOfConferAndOutside checks the paraphrase groups "confer"
// ("give a MOD" of "obtiene un MOD") and "outside" ("out of its LoF" of
// "from outside their LoF"): the deciding texts of J419 and J225 answer
// yes, a negated one no, and one that states neither answers nothing.
func TestPolarityOfConferAndOutside(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, page, text string
		want          int
	}{
		{"Does Targeted State give a MOD to the attacker?", "Marcado",
			"Cualquier Tropa que declare un Ataque CD, Programa de Hackeo o un Ataque de Comunicaciones contra una Tropa en estado Marcado obtiene un MOD de +3 al Atributo que emplee al realizar dicho Ataque.", 1},
		{"Does Targeted State give a MOD to the attacker?", "Marcado",
			"Cualquier Tropa que declare un Ataque CD contra una Tropa en estado Marcado no obtiene ningún MOD.", -1},
		{"Does Targeted State give a MOD to the attacker?", "Marcado",
			"Una Tropa en estado Marcado puede cancelarlo mediante una Tirada de Reset.", 0},
		{"Can any troop type declare Reset against Spotlight, even if the hacker is out of its LoF?", "Spotlight",
			"The target of a Hacking Program or a Comms Attack can declare a Reset, regardless of their Troop Type (LI, MI, HI, etc.), and even if this Hacking Program or Comms Attack is performed from outside their LoF.", 1},
	} {
		d := &candidate{rec: &wikirules.Record{Plain: tc.text}, page: tc.page, lang: detectLanguage(tc.text), pageKeys: keySet(tc.page)}
		if got := e.polarity(e.analyze(tc.q), d, tc.text); got != tc.want {
			t.Errorf("%q\n  against %q: polarity %d, want %d", tc.q, tc.text, got, tc.want)
		}
	}
}

// TestCoverageOfAParaphrase checks that a plain word of the question is
// held by a one-word phrase of its paraphrase group: "siguen funcionando"
// is what Tenaz's "continuarán funcionando con normalidad" states (J422),
// so that bullet covers more of the question than its sibling holding
// "activado" and "automáticamente"; a phrase of several words gives no
// alternative ("sin importar" is not "importar").
func TestCoverageOfAParaphrase(t *testing.T) {
	e := wikiEngine(t)
	if err := e.init(context.Background()); err != nil {
		t.Fatal(err)
	}
	q := e.analyze(prose("¿Con Tenaz activado siguen funcionando el equipo automático?"))
	cand := func(text string) *candidate {
		return &candidate{rec: &wikirules.Record{Page: "Tenaz", Plain: text}, page: "Tenaz", lang: "es", keys: keySet(text), pageKeys: keySet("Tenaz")}
	}
	right := cand("Esta Habilidad Especial no interfiere con las Habilidades Especiales Automáticas ni con el Equipo Automático, que continuarán funcionando con normalidad.")
	other := cand("Al final del turno en el que la Tropa ha activado la Habilidad Tenaz ésta pasa automáticamente a estado Muerto, y debe ser retirada de la mesa de juego.")
	for _, u := range q.units {
		if u.typed == "siguen" && !u.holds(right.keys) {
			t.Errorf("the unit %q (alternatives %v) is not held by %q", u.typed, u.alts, right.rec.Plain)
		}
	}
	if r, o := e.coverage(q, right, right.keys), e.coverage(q, other, other.keys); r < o+0.2 {
		t.Errorf("coverage of the bullet stating it %.2f, of its sibling %.2f: want the first well higher", r, o)
	}
	for _, u := range paraphraseAlts(stem("igualmente")) {
		if slices.Equal(u, []string{stem("importar")}) {
			t.Errorf("paraphraseAlts(igualmente) holds %v: a key of the phrase \"sin importar\"", u)
		}
	}
}
