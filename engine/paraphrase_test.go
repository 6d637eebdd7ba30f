package engine

import (
	"context"
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
