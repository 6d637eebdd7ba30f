package diff

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Class says how much a change matters to a judge. Classes are ordered:
// Cosmetic < Wording < Translation < Substantive; a record's class is the
// highest of its field changes, a diff's the highest of its changes.
type Class string

// Change classes, from least to most substantive.
const (
	// Cosmetic: only case, white space, punctuation or markup changed.
	Cosmetic Class = "cosmetic"
	// Wording: words changed, but no number, name, negation or language.
	Wording Class = "wording"
	// Translation: the text changed language (e.g. an English note
	// replaced by its Spanish translation), numbers unchanged.
	Translation Class = "translation"
	// Substantive: a number, a MOD, a distance, a skill or state name, a
	// yes/no, a negation, an added or removed record, an edition, an update
	// version, a skill type or label, or a move changed.
	Substantive Class = "substantive"
)

// Rank orders classes: 0 for none, 1 cosmetic … 4 substantive.
func (c Class) Rank() int {
	switch c {
	case Cosmetic:
		return 1
	case Wording:
		return 2
	case Translation:
		return 3
	case Substantive:
		return 4
	}
	return 0
}

// maxClass returns the higher of two classes.
func maxClass(a, b Class) Class {
	if b.Rank() > a.Rank() {
		return b
	}
	return a
}

// TextChange is the classification of one changed text: its class, the
// reasons (e.g. "case", "punctuation", "MOD -6 → -3", "es → en",
// "name Inconsciente → Muerto", "negation added"), and the word-level
// edits. It is the zero value when the texts are equal.
type TextChange struct {
	Class   Class    `json:"class"`
	Reasons []string `json:"reasons,omitempty"`
	Edits   []Edit   `json:"edits,omitempty"`
}

// Text classifies the change from old to new (Markdown or plain text).
// answer marks an FAQ answer, where a changed leading yes/no ("Sí", "No",
// "Yes") is substantive. The checks run in this order, the first that
// applies deciding: equal → zero value; different numbers (digits or
// number words, signs kept) → Substantive naming each, e.g. "MOD -6 → -3";
// equal after folding case, white space, punctuation and Markdown/wiki
// markup → Cosmetic (reasons name the folds needed); the languages guessed by
// Language differ → Translation; a changed yes/no, a negation added or
// removed, or a game term (a capitalised word inside a sentence, an
// abbreviation such as LDT) present on one side only → Substantive;
// otherwise Wording.
func Text(old, new string, answer bool) TextChange {
	if old == new {
		return TextChange{}
	}
	tc := TextChange{Edits: Words(old, new)}
	if nums := numberChanges(old, new); nums != nil {
		tc.Class, tc.Reasons = Substantive, append(nums, polarityChange(old, new, answer)...)
		return tc
	}
	if reasons := cosmeticReasons(old, new); reasons != nil {
		tc.Class, tc.Reasons = Cosmetic, reasons
		return tc
	}
	la, lb := Language(old), Language(new)
	if la != "" && lb != "" && la != lb {
		tc.Class, tc.Reasons = Translation, []string{la + " → " + lb}
		return tc
	}
	reasons := polarityChange(old, new, answer)
	if na, nb := negations(old), negations(new); na != nb {
		if nb > na {
			reasons = append(reasons, "negation added")
		} else {
			reasons = append(reasons, "negation removed")
		}
	}
	reasons = append(reasons, termChanges(old, new)...)
	if reasons != nil {
		tc.Class, tc.Reasons = Substantive, reasons
		return tc
	}
	tc.Class = Wording
	return tc
}

// markupRe matches Markdown and wikitext markup that carries no words:
// emphasis, link brackets, HTML tags, heading and list marks.
var markupRe = regexp.MustCompile(`'''?|\*\*?|__?|\[\[|\]\]|[\[\]` + "`" + `]|</?[a-zA-Z][^>]*>|\{\{|\}\}`)

func stripMarkup(s string) string { return markupRe.ReplaceAllString(s, "") }

func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

func stripPunct(s string) string {
	return strings.Map(func(r rune) rune {
		if (unicode.IsPunct(r) || unicode.IsSymbol(r)) && !strings.ContainsRune("*_[]{}<>`", r) {
			return ' '
		}
		return r
	}, s)
}

// cosmeticReasons returns which folds (markup, whitespace, case,
// punctuation) make old and new equal, or nil when they do not. A fold is
// named when leaving it out of the full normalisation keeps them apart;
// "whitespace" is named when no other fold is needed.
func cosmeticReasons(old, new string) []string {
	type fold struct {
		name string
		f    func(string) string
	}
	folds := []fold{
		{"markup", stripMarkup},
		{"punctuation", stripPunct},
		{"case", strings.ToLower},
		{"whitespace", collapseSpace},
	}
	norm := func(s string, skip int) string {
		for i, f := range folds {
			if i != skip {
				s = f.f(s)
			}
		}
		return collapseSpace(s)
	}
	if norm(old, -1) != norm(new, -1) {
		return nil
	}
	var out []string
	for i, f := range folds {
		if f.name != "whitespace" && norm(old, i) != norm(new, i) {
			out = append(out, f.name)
		}
	}
	if len(out) == 0 {
		out = append(out, "whitespace")
	}
	return out
}

// polarityChange names a changed leading yes/no of an FAQ answer.
func polarityChange(old, new string, answer bool) []string {
	if !answer {
		return nil
	}
	if pa, pb := polarity(old), polarity(new); pa != pb && pa != "" && pb != "" {
		return []string{"answer " + pa + " → " + pb}
	}
	return nil
}

// polarity returns "yes", "no" or "" for the first word of an answer.
func polarity(s string) string {
	for _, tok := range tokenize(s) {
		if !isWordToken(tok) {
			continue
		}
		switch strings.ToLower(tok) {
		case "sí", "yes":
			return "yes"
		case "no":
			return "no"
		}
		return ""
	}
	return ""
}

var negationWords = wordSet(`no nunca jamás ni tampoco ningún ninguna ninguno not never cannot nor none`)

// negations counts negation words in s (Spanish and English).
func negations(s string) int {
	n := 0
	toks := tokenize(s)
	for i, tok := range toks {
		w := strings.ToLower(tok)
		if negationWords[w] {
			n++
		}
		// English contractions: can't, don't, isn't → "t" after an apostrophe
		if w == "t" && i > 0 && (toks[i-1] == "'" || toks[i-1] == "’") {
			n++
		}
	}
	return n
}

// fold lower-cases a word and drops a plural ending, so that "Ataques"
// and "ataque", "Heridas" and "herida" compare equal.
func foldWord(w string) string {
	w = strings.ToLower(w)
	if len(w) > 3 && strings.HasSuffix(w, "s") {
		w = w[:len(w)-1]
	}
	return w
}

// term is a game term as written and folded.
type term struct{ show, key string }

// terms returns the game terms of s: abbreviations (LDT, MOD, IMP) and
// capitalised words that do not start a sentence and are not function
// words, folded by foldWord, in order of appearance.
func terms(s string) []term {
	var out []term
	start := true
	for _, tok := range tokenize(s) {
		if !isWordToken(tok) {
			if strings.ContainsAny(tok, ".:;!?¿¡\n") || tok == "•" {
				start = true
			}
			continue
		}
		r := []rune(tok)
		caps := isAllCaps(tok) && len(r) > 1
		if caps || (!start && unicode.IsUpper(r[0])) {
			w := strings.ToLower(tok)
			if !esWords[w] && !enWords[w] || caps {
				out = append(out, term{tok, foldWord(tok)})
			}
		}
		start = false
	}
	return out
}

// termChanges names the game terms found on one side only (absent from
// every word of the other side, case and plural folded).
func termChanges(old, new string) []string {
	words := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, tok := range tokenize(s) {
			if isWordToken(tok) {
				m[foldWord(tok)] = true
			}
		}
		return m
	}
	wa, wb := words(old), words(new)
	var gone, came []string
	seen := map[string]bool{}
	for _, t := range terms(old) {
		if !wb[t.key] && !seen[t.key] {
			gone = append(gone, t.show)
			seen[t.key] = true
		}
	}
	for _, t := range terms(new) {
		if !wa[t.key] && !seen[t.key] {
			came = append(came, t.show)
			seen[t.key] = true
		}
	}
	if gone == nil && came == nil {
		return nil
	}
	return []string{fmt.Sprintf("name %s → %s", orDash(strings.Join(gone, ", ")), orDash(strings.Join(came, ", ")))}
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
