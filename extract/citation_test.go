package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wikirules/wikirules"
)

// citationClashes lists the citations (Citation.String) that two or more
// of the FAQ and errata records of one extraction share, or any two of its
// records when it draws more than one skill box (levels): a judge following
// such a citation cannot tell which text it means. Repeated IMPORTANT or
// REMEMBER boxes ("Importante › ¶1" three times on Suplantado) and rendered
// charts are not numbered apart yet and are left out.
func citationClashes(x *wikirules.Extraction) []string {
	boxes := 0
	for _, r := range x.Records {
		if r.Kind == wikirules.KindSkill {
			boxes++
		}
	}
	seen := map[string]int{}
	for _, r := range x.Records {
		if boxes > 1 || r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata {
			seen[wikirules.CitationOf(r).String()]++
		}
	}
	var out []string
	for c, n := range seen {
		if n > 1 {
			out = append(out, fmt.Sprintf("%dx %s", n, c))
		}
	}
	return out
}

// TestCitationsUnique extracts every revision of the embedded sample (the
// wikitext dump and the rendered seeds) and every corpus page: no two FAQ
// records, nor two records of a page of levels, share a citation. Visor Multiespectral draws a
// box per level, each with its own Efectos block; Salto de Combate repeats
// its "FAQs & Errata" heading over each FAQ box.
func TestCitationsUnique(t *testing.T) {
	var xs []*wikirules.Extraction
	var names []string
	for _, rev := range seedRevisions(t) {
		xs, names = append(xs, ExtractText(rev)), append(names, rev.Page.Title+" "+rev.ID)
	}
	for _, s := range []string{seedActivacion, seedModulo, seedIntegridad} {
		xs, names = append(xs, ExtractRendered(renderedSeed(t, s))), append(names, s)
	}
	for _, e := range corpusEntries(t) {
		xs, names = append(xs, ExtractRendered(corpusRevision(t, e))), append(names, e.File)
	}
	for i, x := range xs {
		if c := citationClashes(x); len(c) > 0 {
			t.Errorf("%s: records share citations:\n%s", names[i], strings.Join(c, "\n"))
		}
	}
}

// TestCitationLevelBox: the effects of each level of Visor Multiespectral
// are cited under their level's box, and the level-2 and level-3 records
// that were both "Visor Multiespectral › Efectos › 2" no longer meet.
func TestCitationLevelBox(t *testing.T) {
	x := ExtractText(seedRevision(t, "Visor Multiespectral"))
	want := map[string]string{
		"Convierte en 0 cualquier MOD impuesto por Mimetismo.": "VISOR MULTIESPECTRAL NIVEL 2 › Efectos",
		"Al declarar Descubrir":                                "VISOR MULTIESPECTRAL NIVEL 3 › Efectos",
		"Reduce de -6 a -3 el MOD de Mimetismo":                "VISOR MULTIESPECTRAL NIVEL 1 › Efectos",
	}
	for prefix, sec := range want {
		found := false
		for _, r := range x.Records {
			if !strings.HasPrefix(r.Plain, prefix) {
				continue
			}
			found = true
			if got := wikirules.CitationOf(r).Box + " › " + strings.Join(r.Section, " › "); got != sec {
				t.Errorf("%.40q: box and section %q, want %q (the first record with this text)", prefix, got, sec)
			}
			break
		}
		if !found {
			t.Errorf("no record starts %q", prefix)
		}
	}
}

// TestCitationFAQOrdinal: FAQ and errata entries are numbered per type
// under their section, as the page shows them: Trabado's errata is "N4
// Errata › 1" and its FAQ, after it, "N4 FAQ › 1"; on Salto de Combate,
// whose third "FAQs & Errata" heading holds one more N4 FAQ box, that box is
// the third N4 FAQ.
func TestCitationFAQOrdinal(t *testing.T) {
	cases := []struct {
		page string
		want []string // "kind section ordinal" of the FAQ records, in page order
	}{
		{"Trabado", []string{"errata FAQs & Errata › N4 Errata 1", "faq FAQs & Errata › N4 FAQ 1"}},
		{"Salto de Combate", []string{"faq FAQs & Errata › N4 FAQ 1", "faq FAQs & Errata › N4 FAQ 2",
			"errata FAQs & Errata › N4 Errata 1", "faq FAQs & Errata › N4 FAQ 3"}},
	}
	for _, tc := range cases {
		x := ExtractText(seedRevision(t, tc.page))
		var got []string
		for _, r := range x.Records {
			if r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata {
				got = append(got, fmt.Sprintf("%s %s %d", r.Kind, strings.Join(r.Section, " › "), r.Ordinal))
			}
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: FAQ records\n%s\nwant\n%s", tc.page, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}
