package extract

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestFAQWithoutAnswer: an FAQ entry whose answer is empty or cut off
// (the rendered Minelayer page ends inside its question) is reported,
// not stored as an FAQ that answers nothing; its entry beside it stays.
func TestFAQWithoutAnswer(t *testing.T) {
	text := "== FAQs & Errata ==\n{{faqbox | type = faq | title = N4 FAQ | version = 1.0 | q = Q: ¿Se puede? | a = A: | related = [[Esquivar]] }}\n" +
		"{{faqbox | type = faq | title = N4 FAQ | version = 1.0 | q = Q: ¿Se apila? | a = A: Sí. | related = [[Esquivar]] }}\n"
	x := ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "Esquivar"}, ID: "r", Text: text})
	if len(x.FAQs) != 1 || x.FAQs[0].Question != "¿Se apila?" {
		t.Fatalf("FAQs %+v, want only ¿Se apila?", x.FAQs)
	}
	for _, r := range x.Records {
		if strings.Contains(r.Text, "¿Se puede?") {
			t.Errorf("record %s %q holds the unanswered entry", r.Kind, r.Text)
		}
	}
	found := false
	for _, d := range x.Diagnostics {
		found = found || strings.Contains(d, `"¿Se puede?" has no answer`)
	}
	if !found {
		t.Errorf("diagnostics %q: none names the unanswered entry", x.Diagnostics)
	}
	if got := x.Coverage(len(text)); got < 0.99 {
		t.Errorf("coverage %v: the entry's span is neither record nor layout", got)
	}
}
