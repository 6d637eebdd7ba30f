package extract

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// TestWorkedExampleParagraph reads the PARA page of the corpus: its
// bullets are rule text, and the paragraph under "PARA Ammunition" that
// works the Heavy Riotstopper's roll out for a PH 12 target ("(12 – 6 =
// 6)") is an example, not a fifth rule.
func TestWorkedExampleParagraph(t *testing.T) {
	x := ExtractRendered(corpusRevision(t, corpusFile(t, "en_Paralysis_PARA_Ammunition_article.txt")))
	var examples, bullets int
	for _, r := range x.Records {
		switch {
		case strings.Contains(r.Plain, "(12 – 6 = 6)"):
			if r.Kind != wikirules.KindExample || r.Fields["example"] != "1" {
				t.Errorf("the worked paragraph is %s (fields %v), want an example", r.Kind, r.Fields)
			}
			examples++
		case r.Ordinal > 0:
			if r.Kind != wikirules.KindRule {
				t.Errorf("bullet %d %q is %s, want rule", r.Ordinal, r.Plain, r.Kind)
			}
			bullets++
		}
	}
	if examples != 1 || bullets != 4 {
		t.Errorf("%d worked examples and %d bullets, want 1 and 4", examples, bullets)
	}
}

// TestIsExampleParagraph: a worked calculation with its result marks an
// example; a roll or MOD stated as rule text does not.
func TestIsExampleParagraph(t *testing.T) {
	for text, want := range map[string]bool{
		"this Trooper will have to make a PH-6 Roll (12 – 6 = 6).":                             true,
		"Con un Atributo de CD = 13, el Valor de éxito (VE) será 13 + 3 - 3 = 13.":             true,
		"After a successful attack, the target must make a PH-6 Roll per impact suffered.":     false,
		"si coinciden una Zona de Baja Visibilidad (MOD de -3) y una Zona de Mala Visibilidad": false,
		"The Burst (B) value can never be higher than 6 = the maximum.":                        false,
	} {
		if got := isExampleParagraph(text); got != want {
			t.Errorf("isExampleParagraph(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestWorkedExamplesInCorpus: across the corpus's articles and old
// revisions, a paragraph filed as an example by its worked calculation is
// never a list item, and only the PARA page has one today.
func TestWorkedExamplesInCorpus(t *testing.T) {
	pages := map[string]bool{}
	for _, e := range corpusEntries(t) {
		for _, r := range ExtractRendered(corpusRevision(t, e)).Records {
			if r.Kind != wikirules.KindExample || r.Fields["paragraph"] == "" {
				continue
			}
			if r.Depth > 0 {
				t.Errorf("%s: list item %q filed as an example", e.File, r.Plain)
			}
			pages[r.Page] = true
		}
	}
	if len(pages) != 1 || !pages["Paralysis (PARA) Ammunition"] {
		t.Errorf("worked example paragraphs on %v, want Paralysis (PARA) Ammunition only", pages)
	}
}
