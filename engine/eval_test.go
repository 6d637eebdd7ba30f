package engine

import "testing"

// TestCheckAnswerReadsQuote checks that an expected phrase is looked for
// in the quote a judge reads: a lead-in whose bullets hold the phrase
// decides (the lead-in's own text does not hold it).
func TestCheckAnswerReadsQuote(t *testing.T) {
	var c QuestionCase
	c.Expect.Kind, c.Expect.PageAny, c.Expect.Contains = "rule", []string{"Tokens de Mando"}, "Cancelar el estado Poseído"
	a := &Answer{Found: true, Sources: []Source{{Role: RoleDeciding, Kind: "rule", Page: "Tokens de Mando",
		Text:  "Consumir un Token de Mando permite una de las siguientes opciones:",
		Quote: "Consumir un Token de Mando permite una de las siguientes opciones:\n- Cancelar el estado Poseído de una Tropa Aliada."}}}
	if r := CheckAnswer(c, a); r.Rank != 1 {
		t.Errorf("rank %d, want 1 (the quote holds the phrase)", r.Rank)
	}
	a.Sources[0].Quote = ""
	if r := CheckAnswer(c, a); r.Rank != 0 {
		t.Errorf("rank %d without the bullets, want 0", r.Rank)
	}
}
