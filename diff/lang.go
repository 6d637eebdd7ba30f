package diff

import (
	"strings"
	"unicode"
)

// Language guessing for the translation class: the wiki is Spanish, but
// some notes and titles were first pasted in English and translated in a
// later revision (the seed pages "Activación de una Tropa" and
// "Suplantado"). Texts are short (a title can be three words), so the
// guess counts function words, a few game words of each language (from
// the project glossary) and spelling cues, rather than n-gram statistics.

var esWords = wordSet(`de la el los las en y que se del por con una su sus para es al lo como más o le les ha han este esta
	estos estas ese esa cuando puede pueden pero debe deben sin sobre entre hasta desde otra otro otros otras ser
	está están muy también sólo solo cada todos todas ya hay mismo misma cual cuál qué cómo dónde porque aunque
	ejemplo habilidad habilidades tropa tropas requisitos efectos orden órdenes ataque ataques tirada estado
	especial especiales equipo arma armas miniatura jugador turno activo reactivo marcador declarar declara
	comprueban comprueba momento consumir aliada enemiga enemigo daño objetivo suplantación`)

var enWords = wordSet(`the of and to in is are with for on when be by that this these those it its as from at can must if or not
	an was were has have had will would should may any each all also only other which who what how where then
	than there their they he she his her into out over under after before while because been being do does
	example skill skills trooper troopers troop requirements requirement effects effect order orders attack
	attacks roll state special equipment weapon weapons miniature player turn active reactive marker declare
	declaring declared checked check damage target impersonation`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var (
	esSuffixes = []string{"ción", "ciones", "mente", "idad", "idades", "ado", "ada", "ados", "adas", "aje"}
	enSuffixes = []string{"tion", "tions", "ing", "ness", "ly", "ment", "ments", "ed", "ity"}
)

// Language guesses whether s is Spanish ("es") or English ("en"); it
// returns "" when the evidence is too weak or mixed: the winning language
// needs a score of at least 2 and twice the other's. Each function or game
// word of a language scores 1, a word with one of its typical endings
// ("-ción", "-tion", "-ing", …) 1, and Spanish spelling (ñ, á, é, í, ó, ú,
// ¿, ¡) 1 per word. Numbers and abbreviations count for neither.
func Language(s string) string {
	es, en := 0, 0
	for _, tok := range tokenize(s) {
		if !isWordToken(tok) {
			if tok == "¿" || tok == "¡" {
				es++
			}
			continue
		}
		w := strings.ToLower(tok)
		if isAllCaps(tok) && len([]rune(tok)) > 1 {
			continue // LDT, LoF-like abbreviations are names
		}
		if esWords[w] {
			es++
		} else if hasSuffix(w, esSuffixes) {
			es++
		} else if strings.ContainsAny(w, "ñáéíóú") {
			es++
		}
		if enWords[w] {
			en++
		} else if hasSuffix(w, enSuffixes) && !strings.ContainsAny(w, "ñáéíóú") {
			en++
		}
	}
	switch {
	case es >= 2 && es >= 2*en:
		return "es"
	case en >= 2 && en >= 2*es:
		return "en"
	}
	return ""
}

func hasSuffix(w string, sfx []string) bool {
	for _, s := range sfx {
		if len(w) > len(s)+1 && strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

func isAllCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			if !unicode.IsUpper(r) {
				return false
			}
		}
	}
	return letters > 0
}
