package extract

import (
	"regexp"
	"strings"

	"github.com/wikirules/wikirules"
)

// The marker vocabulary of rendered pages: lines that stand for a
// template of the wiki (an update, an original, a box, an FAQ part, an
// edition note, the annex) or for page furniture, and the helpers that
// compare rendered text.

// Marker lines: what a rendered template shows instead of its content.
type marker uint8

const (
	mkNone        marker = iota
	mkFurniture          // "Mostrar texto original.", "Saltar a: navegación, buscar"
	mkUpdate             // "Actualización 1.1.1, Dec 2021"
	mkOriginal           // "Original"
	mkEditionNote        // "Esta regla N4 no se utiliza en CodeOne."
	mkAnnex              // "Anexo de Reglas"
	mkAnnexNote          // the annex box's fixed explanation
	mkBox                // "IMPORTANTE", "RECUERDA", "Ejemplo" …
	mkFAQHeading         // "FAQs & Errata"
	mkQuestion           // "Q: …"
	mkAnswer             // "A: …"
	mkPages              // "Páginas: A, B"
	mkFAQTitle           // "N4 FAQ 1.0, enero 2021" (inside an FAQ section)
	mkCategories         // "Categorías: A | B"
)

var (
	reUpdate      = regexp.MustCompile(`^(?:Actualización|Actualizacion|ACTUALIZACIÓN|Update|UPDATE)\s+(.{1,60})$`)
	reEditionNote = regexp.MustCompile(`(?i)^(?:esta regla|this rule)\s+(n4|n5|c1|codeone|code one)\s+(?:no se utiliza en|is not used in)\s+(n4|n5|c1|codeone|code one)\s*\.?$`)
	reFAQTitle    = regexp.MustCompile(`^((?:N4|N5|C1|CodeOne|ITS)\s+)?(FAQ|Errata)(?:\s*[-–—·:|,(]\s*|\s+)(\d[^)]*?)\)?$`)
	reNumbered    = regexp.MustCompile(`^\d+(?:\.\d+)*\.?\s`)
	reCategories  = regexp.MustCompile(`^(?:Categorías?|Categories|Category):\s*(.+)$`)
)

// furniture are lines of MediaWiki's page chrome and of the wiki's
// collapsible boxes that carry no rule text (compared case-folded).
var furniture = map[string]bool{
	"mostrar texto original.": true, "mostrar texto original": true, "ocultar texto original.": true,
	"ocultar texto original": true, "show original text.": true, "show original text": true,
	"saltar a: navegación, buscar": true, "saltar a navegación": true, "saltar a búsqueda": true,
	"jump to: navigation, search": true, "jump to navigation": true, "jump to search": true,
	"secciones principales": true, "main sections": true, "[mostrar]": true, "[ocultar]": true,
}

// renderedBoxes are box labels rendered pages show that have no template
// of their own in the vocabulary ("NOTA"); the others are found through
// the vocabulary's box labels (Important → "IMPORTANTE").
var renderedBoxes = map[string]Entry{
	"nota": {Role: RoleBoxStart, Group: "note", Kind: wikirules.KindNote, Label: "Nota"},
	"note": {Role: RoleBoxStart, Group: "note", Kind: wikirules.KindNote, Label: "Nota"},
}

// annexLabels and annexNotes are the heading and the fixed explanation of
// the {{n4annex}} box.
var (
	annexLabels = []string{"anexo de reglas", "rules annex"}
	annexNotes  = []string{"esta regla procede del anexo", "this rule comes from the annex"}
)

// markerOf classifies the text of a line; sectionFAQ says whether it
// stands in an FAQ section (where FAQ titles are recognised).
func markerOf(v *Vocabulary, text string, inFAQ bool) (marker, Entry) {
	fold := strings.ToLower(text)
	switch {
	case furniture[fold] || strings.HasPrefix(fold, "(redirigido desde") || strings.HasPrefix(fold, "(redirected from"):
		return mkFurniture, Entry{}
	case reUpdate.MatchString(text) && len(text) < 80:
		return mkUpdate, Entry{}
	case fold == "original" || fold == "original:":
		return mkOriginal, Entry{}
	case reEditionNote.MatchString(text):
		return mkEditionNote, Entry{}
	case strings.EqualFold(text, v.FAQLabel) || fold == "faqs y errata" || fold == "faq & errata":
		return mkFAQHeading, Entry{}
	case hasPrefixFold(text, "Q:", "P:", "[Errata]"):
		return mkQuestion, Entry{}
	case hasPrefixFold(text, "A:", "R:"):
		return mkAnswer, Entry{}
	case hasPrefixFold(text, "Páginas:", "Paginas:", "Pages:"):
		return mkPages, Entry{}
	case reCategories.MatchString(text):
		return mkCategories, Entry{}
	}
	for _, a := range annexLabels {
		if fold == a {
			return mkAnnex, Entry{}
		}
	}
	for _, a := range annexNotes {
		if strings.HasPrefix(fold, a) {
			return mkAnnexNote, Entry{}
		}
	}
	if inFAQ && reFAQTitle.MatchString(text) {
		return mkFAQTitle, Entry{}
	}
	if e, ok := boxLabel(v, text); ok {
		return mkBox, e
	}
	return mkNone, Entry{}
}

func hasPrefixFold(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			return true
		}
	}
	return false
}

// boxLabel finds the box a label line opens: a vocabulary box whose Label
// it shows (any case, accents folded: "IMPORTANTE", "VER TAMBIÉN"), a
// rendered-only box ("NOTA", upper case only), or an example ("Ejemplo").
func boxLabel(v *Vocabulary, text string) (Entry, bool) {
	key := foldKey(strings.TrimSuffix(text, ":"))
	if key == "" || len(key) > 30 {
		return Entry{}, false
	}
	if key == foldKey(v.ExampleLabel) || key == "ejemplos" || key == "example" {
		return Entry{Role: RoleBoxStart, Group: "greybox", Kind: wikirules.KindExample, Label: v.ExampleLabel}, true
	}
	if text != strings.ToUpper(text) {
		return Entry{}, false
	}
	// The entry of the first name in sorted order that matches, found
	// without sorting the vocabulary for every line.
	best, found := "", false
	var match Entry
	for name, e := range v.Templates {
		if (e.Role == RoleBoxStart || e.Role == RoleBlock) && e.Label != "" && (!found || name < best) && foldKey(e.Label) == key {
			best, match, found = name, e, true
		}
	}
	if found {
		return match, true
	}
	e, ok := renderedBoxes[key]
	return e, ok
}

// foldKey lower-cases s, folds accents and collapses white space.
func foldKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(collapse(s)) {
		if f, ok := foldAccents[r]; ok {
			r = f
		}
		b.WriteRune(r)
	}
	return b.String()
}

// groupBox returns the box entry of a vocabulary group named by an HTML
// class ("important" → the important box).
func groupBox(v *Vocabulary, group string) (Entry, bool) {
	best, found := Entry{}, false
	for name, e := range v.Templates {
		if e.Role == RoleBoxStart && e.Group == group && e.ContentParam == 0 {
			if !found || name < best.Label {
				best, found = e, true
			}
		}
	}
	return best, found
}

// contentWords returns the set of content words of s for similarity:
// lower case, accents folded, words of four letters or more, a final "s"
// dropped (plurals).
func contentWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(foldKey(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if len(w) < 4 {
			continue
		}
		out[strings.TrimSuffix(w, "s")] = true
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return float64(n) / float64(len(a)+len(b)-n)
}

// splitList splits "A, B, C" or "A | B" into trimmed non-empty parts.
func splitList(s string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '|' }) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
