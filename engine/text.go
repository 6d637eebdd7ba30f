package engine

import (
	"strings"
	"unicode"

	"github.com/wikirules/wikirules/lang"
)

// stem reduces a folded word to the key the engine compares: a plural "s"
// or "es" dropped, a final vowel a/o/e dropped, then at most six letters
// kept ("trabados" → "trabad", "máxima" = "máximo" → "maxim", "declarar" →
// "declar", "esquina" ≠ "esquivar"). Numbers are kept whole.
func stem(w string) string {
	if w == "" || unicode.IsDigit(rune(w[0])) {
		return w
	}
	if len(w) > 4 && strings.HasSuffix(w, "es") && !strings.HasSuffix(w, "ees") {
		w = w[:len(w)-2]
	} else if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		w = w[:len(w)-1]
	}
	if len(w) > 4 && strings.ContainsRune("aoe", rune(w[len(w)-1])) {
		w = w[:len(w)-1] // gender and verb endings: máxima = máximo
	}
	if len(w) > 6 {
		w = w[:6]
	}
	return w
}

// stopwords are folded Spanish and English function words and the words
// every judge question carries ("puedo", "can"): they never decide a match.
var stopwords = toSet(`a al algo algun alguna alguno ante antes aqui asi aunque cada como con contra cual cuales cuando cuanto cuantos de del desde donde dos el ella ellas ellos en entre era es esa ese eso esta estas este esto estos fue ha hay hasta la las le les lo los mas me mi mis mientras muy mucho nada ni no nos o otra otro para pero poco por porque puede pueden puedo podria podemos que quien se sea ser si sin sobre solo su sus tambien tan te tiene tienen todo todos tu un una uno unos unas y ya yo mismo misma sigue seguir usar usando hace pasa ocurre esto qué
about after all also an and any are as at be been before being but by can could do does did for from get gets had has have how i if in into is it its may me might must my no not of on or other our should so some than that the their them then there these they this those to too up use used using was we were what when where which while who why will with would you your yes rule rules work works`)

func toSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// analyzer gives the keys the engine compares: folded words, stopwords
// dropped, each reduced by stem.
var analyzer = lang.Analyzer{Stop: stopwords, Stem: lang.StemFunc(stem)}

// keys returns the stems of the content words of s (stopwords dropped),
// in order, without repeats.
func keys(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range analyzer.Terms(s) {
		if !seen[t.Text] {
			seen[t.Text] = true
			out = append(out, t.Text)
		}
	}
	return out
}

// keySet returns keys(s) as a set.
func keySet(s string) map[string]bool {
	m := map[string]bool{}
	for _, k := range keys(s) {
		m[k] = true
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
