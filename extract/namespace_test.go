package extract

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestOtherNamespacesYieldNoRules: a user page holding a faqbox must not
// become an errata that decides rulings; its text is kept as layout.
func TestOtherNamespacesYieldNoRules(t *testing.T) {
	text := "{{faqbox | type = errata | title = N4 Errata | version = 9.0 | q = ¿MOD al Esquivar una mina? | a = Siempre +10. | related = [[Esquivar]] }}\n* Regla falsa.\n"
	for _, ns := range []int{1, 2, 10, 14} {
		rev := wikirules.Revision{Page: wikirules.Page{Title: "Usuario:Troll", Namespace: ns}, ID: "r1", Text: text}
		x := ExtractText(rev)
		if len(x.Records) != 0 || len(x.FAQs) != 0 {
			t.Errorf("namespace %d: %d records, %d FAQs; want none", ns, len(x.Records), len(x.FAQs))
		}
		if got := x.Coverage(len(text)); got != 1 {
			t.Errorf("namespace %d: coverage %v, want 1 (the text is layout)", ns, got)
		}
		if len(x.Diagnostics) == 0 {
			t.Errorf("namespace %d: no diagnostic says why", ns)
		}
	}
	main := ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "Esquivar"}, ID: "r2", Text: text})
	if len(main.FAQs) != 1 {
		t.Errorf("main namespace: %d FAQs, want 1", len(main.FAQs))
	}
}

func TestRedirectYieldsNoRules(t *testing.T) {
	for _, text := range []string{"#REDIRECT [[Regla Nueva]]", "#redirección [[Regla Nueva|x]]\n", "#REDIRECCION[[Regla Nueva]]"} {
		x := ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "Regla Vieja"}, ID: "r", Text: text})
		if len(x.Records) != 0 || len(x.Diagnostics) != 1 || !strings.Contains(x.Diagnostics[0], "redirect to Regla Nueva") {
			t.Errorf("%q: %d records, diagnostics %q", text, len(x.Records), x.Diagnostics)
		}
	}
	if wikirules.RedirectTarget("# Lista\n* [[Esquivar]]") != "" {
		t.Error("a numbered list is not a redirect")
	}
}

// TestOtherModelsYieldNoRules: a CSS, JSON or JavaScript page of the main
// namespace is not wikitext: a faqbox in one of its comments is no FAQ.
func TestOtherModelsYieldNoRules(t *testing.T) {
	text := "/* {{faqbox | type = faq | title = N4 FAQ | version = 1.0 | q = ¿Se puede? | a = Sí. | related = [[Esquivar]] }} */\n.x { color: red }\n"
	for _, model := range []string{"css", "json", "javascript", "Scribunto", "text"} {
		x := ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "Estilo.css"}, Model: model, ID: "r", Text: text})
		if len(x.Records) != 0 || len(x.FAQs) != 0 || len(x.Diagnostics) != 1 || !strings.Contains(x.Diagnostics[0], "content model \""+model+"\" is not wikitext") {
			t.Errorf("%s: %d records, %d FAQs, diagnostics %q", model, len(x.Records), len(x.FAQs), x.Diagnostics)
		}
	}
	for _, model := range []string{"", "wikitext"} {
		if x := ExtractText(wikirules.Revision{Page: wikirules.Page{Title: "Esquivar"}, Model: model, ID: "r", Text: text}); len(x.FAQs) != 1 {
			t.Errorf("model %q: %d FAQs, want 1", model, len(x.FAQs))
		}
	}
}
