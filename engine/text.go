package engine

import (
	"strings"
	"unicode"

	"github.com/wikirules/wikirules/lang"
)

// stem reduces a folded word to the key the engine compares, for Spanish
// and English alike: a Spanish pronoun attached to an infinitive or a
// gerund dropped ("moverme" → "mover"); a Spanish future, conditional or
// imperfect reduced to its stem (tense), or else a plural "s" or "es"
// dropped (of "-ires" only the "s": "requires" = "require") and the "n" of a present plural ("afectan" = "afecta"), then
// one verb ending (gerund "-ando"/"-iendo"/"-ing", participle "-ido",
// "-ada", "-ida" leaving three letters or more and "-ado", "-ed" four:
// "estado" keeps its "est" apart from EST,
// infinitive "-ar"/"-er"/"-ir" leaving three or more) or else a final
// vowel (a/o from five letters, e from four: "máxima" = "máximo", "move" =
// "moving"), then at most six letters kept ("trabados" → "trab",
// "declarar" → "declar", "esquina" ≠ "esquivar"). Numbers are kept whole.
// A final "y" of four letters or more is read "i" ("apply" = "applies").
// The key is a prefix of the word but for that "i" (the index's
// dictionary is read by prefix, docFreq, which then counts only the
// words that keep the "y" apart).
func stem(w string) string {
	if w == "" || unicode.IsDigit(rune(w[0])) {
		return w
	}
	for _, cl := range clitics {
		if b, ok := strings.CutSuffix(w, cl); ok && len(b) >= 4 && verbBase(b) {
			w = b
			break
		}
	}
	if b, ok := tense(w); ok {
		w = b
	} else {
		switch {
		case len(w) > 4 && strings.HasSuffix(w, "ires"):
			// An English "-ire" verb or noun with its "s" ("requires" =
			// "require", "fires" = "fire"): dropping "es" would leave
			// an infinitive "-ir" to drop as well. A Spanish plural in
			// "-ires" is rare (none in the corpus).
			w = w[:len(w)-1]
		case len(w) > 4 && strings.HasSuffix(w, "es") && !strings.HasSuffix(w, "ees"):
			w = w[:len(w)-2]
		case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
			w = w[:len(w)-1]
		}
		if len(w) >= 5 && strings.HasSuffix(w, "an") || len(w) >= 6 && strings.HasSuffix(w, "en") {
			// A present plural as its singular (afectan = afecta,
			// pueden = puede), a noun in "-en" or "-an" as its plural
			// (imagen = imágenes).
			w = w[:len(w)-1]
		}
		w = verbEnding(w)
	}
	if len(w) >= 4 && strings.HasSuffix(w, "y") {
		w = w[:len(w)-1] + "i" // apply = applies, ally = allies
	}
	if len(w) > 6 {
		w = w[:6]
	}
	return w
}

// verbOfNoun returns the verb an English noun in "-ment" is made of
// ("movement" → "move", "deployment" → "deploy"), with ok; a noun whose
// stem would keep fewer than four letters is no verb's ("element",
// "moment").
func verbOfNoun(w string) (string, bool) {
	b, ok := strings.CutSuffix(w, "ment")
	if !ok || len(b) < 4 {
		return "", false
	}
	return b, true
}

// clitics are the Spanish pronouns written onto an infinitive or gerund,
// longest first.
var clitics = []string{"selas", "selos", "sela", "selo", "nos", "los", "las", "les", "me", "te", "se", "lo", "la", "le"}

// verbBase reports whether w ends as an infinitive or a gerund.
func verbBase(w string) bool {
	for _, e := range []string{"ar", "er", "ir", "ando", "iendo"} {
		if strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// tense returns the stem of a Spanish future, conditional or imperfect
// written onto its infinitive or stem, with ok: "afectará", "afectarán",
// "afectarían" → "afect" as "afecta", "encontraba" → "encontr". A
// future keeps five letters or more before the "-ar", "-er", "-ir": a
// shorter one is as often a present of a verb whose stem ends in "r"
// ("dispara", "declara", "primera"); a singular conditional ("-aría")
// is as often an adjective ("necesaria", "contraria") and is left as it
// is.
func tense(w string) (string, bool) {
	for _, e := range []struct {
		suffix string
		keep   int
	}{
		{"arian", 5}, {"erian", 5}, {"irian", 5},
		{"aran", 5}, {"iran", 5}, {"aras", 5}, {"iras", 5}, {"ara", 5}, {"ira", 5},
		{"aban", 4}, {"aba", 4},
	} {
		if b, ok := strings.CutSuffix(w, e.suffix); ok && len(b) >= e.keep {
			return b, true
		}
	}
	return w, false
}

// verbEnding drops one verb ending of w, or its final vowel (see stem).
func verbEnding(w string) string {
	for _, e := range []struct {
		suffix string
		keep   int
	}{{"iendo", 3}, {"ando", 3}, {"ing", 3}, {"ado", 4}, {"ido", 3}, {"ada", 3}, {"ida", 3}, {"ed", 4}, {"ar", 3}, {"er", 3}, {"ir", 3}} {
		if b, ok := strings.CutSuffix(w, e.suffix); ok && len(b) >= e.keep {
			return b
		}
	}
	switch {
	case len(w) > 4 && (strings.HasSuffix(w, "a") || strings.HasSuffix(w, "o")):
		return w[:len(w)-1]
	case len(w) >= 4 && strings.HasSuffix(w, "e"):
		return w[:len(w)-1]
	}
	return w
}

// stopwords are the folded stopwords of every vocabulary: articles,
// pronouns and the words every judge question carries ("puedo", "can").
// They never decide a match, whatever the language of the text.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range sortedVocabs() {
		for w := range v.sets["stop"] {
			m[w] = true
		}
	}
	return m
}()

// analyzer gives the keys the engine compares: folded words, stopwords
// dropped, each reduced by stem.
var analyzer = lang.Analyzer{Stop: stopwords, Stem: lang.StemFunc(stem)}

// keys returns the stems of the content words of s (stopwords dropped),
// in order, without repeats.
func keys(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range lang.Split(s) {
		if k, ok := keyOf(t.Text); ok && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// keySet returns keys(s) as a set.
func keySet(s string) map[string]bool {
	m := map[string]bool{}
	for _, t := range lang.Split(s) {
		if k, ok := keyOf(t.Text); ok {
			m[k] = true
		}
	}
	return m
}

// containsWords reports whether the folded words of phrase occur
// consecutively among the folded words of text.
func containsWords(text, phrase []string) bool {
	if len(phrase) == 0 || len(phrase) > len(text) {
		return false
	}
outer:
	for i := 0; i+len(phrase) <= len(text); i++ {
		for j, p := range phrase {
			if stem(text[i+j]) != stem(p) {
				continue outer
			}
		}
		return true
	}
	return false
}
