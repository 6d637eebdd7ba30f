package engine

import (
	"context"
	"testing"
)

// TestQuestionsDefault runs testdata/questions-default.json, questions a
// judge asks without naming an edition, and logs its figures. It checks
// what the default-edition path must never do whatever the floors: give
// a verdict contrary to the expected one, or answer without naming the
// edition it speaks for (an edition, or a note that the deciding page
// does not say its edition).
func TestQuestionsDefault(t *testing.T) {
	e := wikiEngine(t)
	rep := evaluateFile(t, e, "testdata/questions-default.json")
	for _, l := range rep.Summary() {
		t.Logf("default edition: %s", l)
	}
	if rep.VerdictWrong > 0 {
		for _, r := range rep.Results {
			if r.Verdict == VerdictWrong {
				t.Errorf("%s: contrary verdict: %s\n  got: %s", r.ID, r.Input, r.Got)
			}
		}
	}
	ctx := context.Background()
	unknown := e.vocabUnknownNotes()
	for _, r := range rep.Results {
		a, err := e.Ask(ctx, r.Input, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Verdict == NotFound {
			continue
		}
		if !a.EditionDefaulted {
			t.Errorf("%s: asked without an edition, the answer is not defaulted", r.ID)
		}
		if a.Edition == "" && !holdsAny(a.Notes, unknown) {
			t.Errorf("%s: the answer names no edition: %q", r.ID, a.Notes)
		}
	}
}

// vocabUnknownNotes returns the note an answer gives, in each language,
// when its deciding page does not say its edition.
func (e *Engine) vocabUnknownNotes() []string {
	var out []string
	for _, v := range sortedVocabs() {
		out = append(out, v.reason("edition-unknown"))
	}
	return out
}

func holdsAny(list, want []string) bool {
	for _, s := range list {
		for _, w := range want {
			if s == w {
				return true
			}
		}
	}
	return false
}
