package extract

import (
	"regexp"
	"strings"

	"github.com/wikirules/wikirules/lang"
)

// The marker vocabulary of rendered pages: lines that stand for a
// template of the wiki (an update, an original, a box, a block header, an
// FAQ part, an edition note, the annex) or for page furniture, read with
// the lines of every Language, and the helpers that compare rendered text.

// Marker lines: what a rendered template shows instead of its content.
type marker uint8

const (
	mkNone        marker = iota
	mkFurniture          // "Show original text.", "Jump to: navigation, search", "isolated0.jpg"
	mkBanner             // "NOTICE: Infinity N5.2 and FAQ 5.0.0": a site notice starts
	mkUpdate             // "Update PDF 2.1, July 2023"
	mkOriginal           // "Original"
	mkEditionNote        // "This N4 rule is not used in CodeOne."
	mkAnnex              // "Anexo de Reglas"
	mkAnnexNote          // the annex box's fixed explanation
	mkBox                // "IMPORTANT", "VER TAMBIÉN", "EFFECTS" … (a box or a block header)
	mkExample            // "Example 1. Martial Arts L3 vs Martial Arts L1", "Ejemplo"
	mkFAQHeading         // "FAQs & Errata", "FAQs"
	mkQuestion           // "Q: …"
	mkAnswer             // "A: …"
	mkPages              // "Related Pages: A, B", "Páginas: A, B"
	mkVersion            // "Version: 1.0, Jan 2021" (inside an FAQ section)
	mkFAQTitle           // "N4 FAQ", "N4 FAQ 1.0, enero 2021" (inside an FAQ section)
	mkCategories         // "Categorías: A | B"
)

var (
	reFAQTitle     = regexp.MustCompile(`^((?:N3|N4|N5|C1|CodeOne|ITS)\s+)?(FAQ|Errata)(?:(?:\s*[-–—·:|,(]\s*|\s+)(\d[^)]*?)\)?)?$`)
	reFAQTitleLong = regexp.MustCompile(`^((?:N3|N4|N5|C1|CodeOne|ITS)\s+Frequently Asked Questions?)\s+(FAQ|Errata)\s+Version:\s*(.+)$`)
	reNumbered     = regexp.MustCompile(`^\d+(?:\.\d+)*\.?\s`)
	reImageLine    = regexp.MustCompile(`(?i)^(?:\S+\.(?:jpe?g|png|gif|svg|webp)\s*)+$`)
	rePlaceholder  = regexp.MustCompile(`^(?:MISSING\b.*\bMISSING|Z{4,}\b.*\bZ{4,})$`)
)

// markerOf classifies the text of a line; inFAQ says whether it stands in
// an FAQ section (where FAQ title and version lines are recognised).
func markerOf(v *Vocabulary, text string, inFAQ bool) (marker, Entry) {
	fold := foldKey(strings.TrimSuffix(strings.TrimSpace(text), " |"))
	mk, e := mkNone, Entry{}
	v.eachLanguage(func(l *Language) bool {
		mk, e = l.marker(v, text, fold, inFAQ)
		return mk != mkNone
	})
	if mk != mkNone {
		return mk, e
	}
	if reImageLine.MatchString(text) || rePlaceholder.MatchString(text) {
		return mkFurniture, Entry{}
	}
	if inFAQ && (reFAQTitle.MatchString(text) || reFAQTitleLong.MatchString(text)) {
		return mkFAQTitle, Entry{}
	}
	if g, ok := v.labelLine(text); ok {
		if e, ok := groupEntry(v, g); ok {
			return mkBox, e
		}
	}
	return mkNone, Entry{}
}

// marker is markerOf for the lines of one language; fold is the line
// folded by foldKey.
func (l *Language) marker(v *Vocabulary, text, fold string, inFAQ bool) (marker, Entry) {
	ix := l.index()
	switch {
	case ix.furniture[fold] || hasFoldedPrefix(fold, ix.furnPrefix) || hasFoldedPrefix(fold, ix.showOrig):
		return mkFurniture, Entry{}
	case hasAnyPrefix(text, l.Banners):
		return mkBanner, Entry{}
	case updateVersionOf(l, text) != "":
		return mkUpdate, Entry{}
	case ix.original[strings.TrimSuffix(fold, ":")]:
		return mkOriginal, Entry{}
	case l.EditionNote != nil && l.EditionNote.MatchString(text):
		return mkEditionNote, Entry{}
	case ix.faqHeadings[fold]:
		return mkFAQHeading, Entry{}
	case hasAnyPrefix(text, l.Question):
		return mkQuestion, Entry{}
	case hasAnyPrefix(text, l.Answer):
		return mkAnswer, Entry{}
	case hasAnyPrefix(text, l.Related):
		return mkPages, Entry{}
	case inFAQ && hasAnyPrefix(text, l.Version):
		return mkVersion, Entry{}
	case categoryLine(l, text) != nil:
		return mkCategories, Entry{}
	case ix.annex[fold]:
		return mkAnnex, Entry{}
	case hasFoldedPrefix(fold, ix.annexNote):
		return mkAnnexNote, Entry{}
	case exampleTitle(l, text):
		return mkExample, groupOrZero(v, "greybox")
	}
	return mkNone, Entry{}
}

// updateVersionOf returns the version of an update marker line ("Update
// PDF 2.1, July 2023" → "PDF 2.1, July 2023"): a line under 80 bytes
// starting with an Update word, whose version holds a digit; "" for any
// other line.
func updateVersionOf(l *Language, text string) string {
	if len(text) >= 80 {
		return ""
	}
	for _, w := range l.Update {
		rest, ok := strings.CutPrefix(text, w)
		if !ok || rest == "" || rest[0] != ' ' {
			continue
		}
		if rest = strings.TrimSpace(rest); rest != "" && len(rest) <= 60 && strings.ContainsAny(rest, "0123456789") {
			return rest
		}
	}
	return ""
}

// updateVersion returns the version of an update marker line in any
// language.
func (v *Vocabulary) updateVersion(text string) string {
	out := ""
	v.eachLanguage(func(l *Language) bool {
		out = updateVersionOf(l, text)
		return out != ""
	})
	return out
}

// categoryLine returns the categories of a category line ("Categorías: A
// | B"), nil for another line.
func categoryLine(l *Language, text string) []string {
	rest, ok := cutAnyPrefix(text, l.Categories)
	if !ok || rest == "" {
		return nil
	}
	return splitList(rest)
}

// categoriesOf returns the categories of a category line in any language.
func (v *Vocabulary) categoriesOf(text string) []string {
	var out []string
	v.eachLanguage(func(l *Language) bool {
		out = categoryLine(l, text)
		return out != nil
	})
	return out
}

// exampleTitle reports whether a line is the title of an example: an
// Example word alone, or followed by a space, a digit or a period ("Example
// 1. …", "Example of Minelayer and Infiltration"), in at most 90 bytes not
// ending in a period.
func exampleTitle(l *Language, text string) bool {
	if len(text) > 90 || strings.HasSuffix(text, ".") && len(text) > 12 {
		return false
	}
	for _, p := range l.ExamplePrefixes {
		rest, ok := strings.CutPrefix(text, p)
		if !ok {
			continue
		}
		if rest == "" || rest == ":" || rest[0] == ' ' || rest[0] == '.' || rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
	return false
}

// reWorkedSum is a worked calculation with its result ("12 – 6 = 6",
// "13 + 3 - 3 = 13"): rule text states a roll as "PH-6", an example works
// it out for a trooper with a value.
var reWorkedSum = regexp.MustCompile(`\b\d+\s*[-–−+]\s*\d+(?:\s*[-–−+]\s*\d+)*\s*=\s*\d+\b`)

// isExampleParagraph reports whether a paragraph of rule text is an
// example of the rule: it works a calculation out for a trooper ("if it
// hits a target with a PH Attribute of 12 … (12 – 6 = 6)"). A paragraph
// opening "For example," is left to the rule it stands in: the wiki puts
// such sentences inside the rule's own box (IMPORTANT) as part of it.
func isExampleParagraph(plain string) bool { return reWorkedSum.MatchString(plain) }

// isExampleLabel reports whether an example's title line is only the
// label ("Ejemplo", "Example:"): the example then has no title.
func (v *Vocabulary) isExampleLabel(text string) bool {
	t := strings.TrimSuffix(strings.TrimSpace(text), ":")
	out := false
	v.eachLanguage(func(l *Language) bool {
		out = l.index().examples[foldKey(t)]
		return out
	})
	return out
}

func hasPrefixFold(s string, prefixes ...string) bool { return hasAnyPrefix(s, prefixes) }

// foldKey lower-cases s, folds accents (lang.Fold) and collapses white
// space.
func foldKey(s string) string { return lang.Fold(collapse(s)) }

// groupEntry returns the entry of a vocabulary group a rendered label or
// an HTML class names ("important" → the important box, "effects" → the
// effects block): the group's rendered-only entry, else its start
// template (the first by name without a content parameter).
func groupEntry(v *Vocabulary, group string) (Entry, bool) {
	if e, ok := v.RenderedBoxes[group]; ok {
		return e, true
	}
	e, ok := v.groupEntries()[group]
	return e, ok
}

func groupOrZero(v *Vocabulary, group string) Entry {
	e, _ := groupEntry(v, group)
	return e
}

// contentWords returns the set of content words of s for similarity
// (lang.Jaccard): its folded words (lang.Words) of four letters or more, a
// final "s" dropped (plurals).
func contentWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range lang.Words(s) {
		if len(w) < 4 {
			continue
		}
		out[strings.TrimSuffix(w, "s")] = true
	}
	return out
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
