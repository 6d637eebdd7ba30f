package engine

import (
	"slices"
	"strings"
	"unicode"

	"github.com/wikirules/wikirules/lang"
)

// number reads the number a numeric question asks for from text: of the
// sentences holding a quantity noun of q (a modifier word for a modifier
// noun: "bonificador" is read off "MOD de +3"), or, when q names none,
// holding what it asks, the number (digits, or a number word of any
// vocabulary) nearest to such a word within numberReach words. A number
// after a MOD word or with a sign is a modifier ("MOD -3"); one before a
// unit keeps it ("5 cm"). "" when no number stands close enough.
func (e *Engine) number(q query, text string) string {
	nouns := map[string]bool{}
	modNoun := false
	for _, n := range q.numNouns {
		nouns[stem(n)] = true
		if isModWord(n) {
			modNoun = true
		}
		for _, s := range e.gloss.Synonyms(n) {
			// An abbreviation of one or two letters ("R", "B") stands for
			// the noun only where it is typed so; in a text it is a letter
			// of something else ("IMM-B").
			if len(lang.Fold(s)) <= 2 {
				continue
			}
			for _, k := range keys(s) {
				nouns[k] = true
			}
		}
	}
	type pick struct {
		text    string
		dist    int
		w       float64
		near    int     // distance to the nearest other word of the question
		pw      float64 // the weight its passage holds
		article bool
	}
	counted := q.countedUnit()
	var best *pick
	for _, ps := range passages(text, vocabFor(detectLanguage(text))) {
		pw, _ := matchAll(q, newSpan(ps))
		for _, s := range sentences(ps) {
			toks := numberTokens(s)
			sp := newSpan(s)
			toks = append(toks, articleOnes(sp, counted, vocabFor(detectLanguage(s)))...)
			toks = dropLabelled(toks, sp, vocabFor(detectLanguage(s)))
			if len(toks) == 0 {
				continue
			}
			w, at := matchAll(q, sp)
			var clauseAt []int
			for i, st := range sp.stems {
				for j := range q.units {
					if u := &q.units[j]; u.inClause && !u.topic && u.holds(map[string]bool{st: true}) {
						clauseAt = append(clauseAt, i)
					}
				}
			}
			var anchors []int
			for i, st := range sp.stems {
				if nouns[st] || modNoun && isModWord(sp.words[i]) {
					anchors = append(anchors, i)
				}
			}
			if len(anchors) == 0 {
				if len(nouns) > 0 {
					continue
				}
				anchors = at
			}
			sv := vocabFor(detectLanguage(s))
			for _, t := range toks {
				if t.of != "" && !nouns[stem(t.of)] {
					// The value of another name ("La Propiedad BLI=0" for
					// "how many Saving Rolls"): not a number of what is asked.
					continue
				}
				if n := t.word + 1; counted != nil && !t.counts && n < len(sp.words) && !nouns[sp.stems[n]] &&
					!opensUnit(counted, sp.stems[n]) && sv.has("count", sp.words[n]) {
					// A number right before another counted noun counts
					// it ("in a single Order" for "how many uses").
					continue
				}
				d := numberReach + 1
				for _, a := range anchors {
					d = min(d, contentDistance(sp, a, t.word))
				}
				if d > numberReach {
					continue
				}
				near := len(sp.words)
				for _, a := range clauseAt {
					if !slices.Contains(anchors, a) {
						near = min(near, abs(a-t.word))
					}
				}
				// The passage holding most of the question, then a number
				// over an article read as one ("más de una Tirada …, la
				// Munición DA obliga a realizar 2 Tiradas"), then the
				// sentence holding most of the question, the number
				// nearest the quantity asked, nearest the rest of the
				// question ("MOD de +3 a las Aliadas y MOD de -3 a las
				// Enemigas" for an enemy).
				better := best == nil || pw > best.pw
				if !better && pw == best.pw {
					better = best.article && !t.article ||
						best.article == t.article && (w > best.w || w == best.w && (d < best.dist || d == best.dist && near < best.near))
				}
				if better {
					best = &pick{t.show, d, w, near, pw, t.article}
				}
			}
		}
	}
	if best == nil {
		return ""
	}
	return best.text
}

// countedUnit returns the unit of what a "how many" question counts (the
// word after its numeric phrase: "cuántas Tiradas de Salvación"), or nil.
func (q query) countedUnit() *unit {
	for i := range q.clause {
		for _, p := range q.v.ps.numeric {
			if i+len(p) < len(q.clause) && indexWords(q.clause[i:i+len(p)], p) == 0 {
				k := stem(q.clause[i+len(p)])
				for j := range q.units {
					u := &q.units[j]
					if len(u.alts[0]) > 0 && u.alts[0][0] == k {
						return u
					}
				}
			}
		}
	}
	return nil
}

// articleOnes returns the articles of a sentence that stand before what a
// question counts: as the number 1 after a restriction ("sólo deberá
// realizar una Tirada de Salvación" for "how many Saving Rolls"), as one
// more for each "and another" after it ("una Tirada de Salvación de BLI y
// otra de PB": 2); any other article counts nothing ("realizar una Tirada
// de BLI"). What is counted may follow a count noun ("únicamente
// recuperará un punto de su Atributo EST" for "how much STR").
func articleOnes(sp span, counted *unit, v *Vocabulary) []numberToken {
	if counted == nil {
		return nil
	}
	var out []numberToken
	for i := 0; i+1 < len(sp.words); i++ {
		if !one(sp.words[i]) {
			continue
		}
		// The words after the article, stop words left out as the
		// unit's stems leave them ("una Tirada de Salvación").
		var next []string
		end := i + 1
		for ; end < len(sp.words) && len(next) < 4; end++ {
			if !stopwords[sp.words[end]] {
				next = append(next, sp.stems[end])
			}
		}
		at := -1
		for _, alt := range counted.alts {
			if len(alt) == 0 {
				continue
			}
			if len(alt) <= len(next) && indexWords(next[:len(alt)], alt) == 0 {
				at = 0
				break
			}
			// "un punto de su Atributo EST": a count noun, then what
			// is counted.
			if v.has("count", sp.words[i+1]) {
				if j := indexWords(next[1:], alt); j >= 0 {
					at = j + 1
					break
				}
			}
		}
		if at < 0 {
			continue
		}
		n := 1
		for j := i + 2; j+1 < len(sp.words) && j < i+10; j++ {
			if v.has("conj", sp.words[j]) && v.has("another", sp.words[j+1]) {
				n++
			}
		}
		if n > 1 {
			out = append(out, numberToken{word: i, show: itoa(n), counts: true})
			continue
		}
		restricted := false
		for j := max(0, i-restrictReach); j < i; j++ {
			if startsWithAny(sp.words[j:], v.ps.restr) {
				restricted = true
			}
		}
		if restricted {
			out = append(out, numberToken{word: i, show: "1", article: true, counts: true})
		}
	}
	return out
}

// one reports whether a folded word is a number word of value one that is
// also an article ("un", "una", "one").
func one(w string) bool {
	for _, v := range sortedVocabs() {
		for k, n := range v.Numbers {
			if n == 1 && lang.Fold(k) == w && len(w) <= 3 {
				return true
			}
		}
	}
	return false
}

// dropLabelled drops the numbers that label something rather than count
// it ("Ejemplo 2", "Paso 1", "página 60") and those of an exception or
// "instead of" clause ("en vez de realizar 3 Tiradas").
func dropLabelled(toks []numberToken, sp span, v *Vocabulary) []numberToken {
	var out []numberToken
	for _, t := range toks {
		if t.word > 0 && t.word <= len(sp.words) && v.has("label", sp.words[t.word-1]) {
			continue
		}
		instead := false
		for j := max(0, t.word-4); j < t.word; j++ {
			if startsWithAny(sp.words[j:], v.ps.exc) {
				instead = true
			}
		}
		if !instead {
			out = append(out, t)
		}
	}
	return out
}

// matchAll returns the weight of the units of q (its subject's too) a span
// holds and the word indexes where they stand.
func matchAll(q query, sp span) (float64, []int) {
	set := map[string]int{}
	for i, s := range sp.stems {
		if _, ok := set[s]; !ok {
			set[s] = i
		}
	}
	keys := sp.keys()
	var w float64
	var at []int
	for i := range q.units {
		u := &q.units[i]
		if u.idf == 0 || u.trivial() || !u.holds(keys) {
			continue
		}
		w += u.dw
		for _, alt := range u.alts {
			for _, k := range alt {
				if j, ok := set[k]; ok {
					at = append(at, j)
				}
			}
		}
	}
	return w, at
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// numberToken is a number in a sentence: the index of its word (as
// lang.Words counts them) and how a verdict shows it.
type numberToken struct {
	word    int
	show    string
	article bool   // an article read as one (articleOnes)
	counts  bool   // known to count what is asked (articleOnes)
	of      string // the folded name it is the value of ("bli" of "BLI=0"), or ""
}

// numberTokens returns the numbers of a sentence: digit runs with their
// sign, a MOD before them or a unit after them ("MOD -3", "5 cm"), and the
// number words of any vocabulary (not "un"/"one", which are articles too).
func numberTokens(s string) []numberToken {
	terms := lang.Split(s)
	var out []numberToken
	for i, t := range terms {
		w := lang.Fold(t.Text)
		if w == "" {
			continue
		}
		val := ""
		if unicode.IsDigit(rune(w[0])) {
			val = w
			if t.Start > 0 {
				switch prev := s[:t.Start]; {
				case strings.HasSuffix(prev, "-"), strings.HasSuffix(prev, "−"):
					val = "-" + w
				case strings.HasSuffix(prev, "+"):
					val = "+" + w
				}
			}
		} else if n, ok := numberWord(w); ok {
			val = n
		}
		if val == "" {
			continue
		}
		show := val
		if i+1 < len(terms) {
			if u := unitWord(lang.Fold(terms[i+1].Text)); u != "" {
				show = val + " " + u
			}
		}
		if i > 0 && isModWord(lang.Fold(terms[i-1].Text)) || i > 1 && isModWord(lang.Fold(terms[i-2].Text)) && strings.ContainsAny(val, "+-") {
			show = "MOD " + val
		}
		of := ""
		if i > 0 && strings.TrimSpace(s[terms[i-1].End:t.Start]) == "=" {
			// "BLI=0", "(PS=5)", "CD = 12": the value of what is named
			// before the sign, written as part of its name or of a profile.
			of = lang.Fold(terms[i-1].Text)
		}
		out = append(out, numberToken{word: i, show: show, of: of})
	}
	return out
}

// numberWord returns the value of a folded number word of any vocabulary,
// leaving out the words that are also articles (value 1 of a word of at
// most three letters: "un", "una", "one").
func numberWord(w string) (string, bool) {
	for _, v := range sortedVocabs() {
		for k, n := range v.Numbers {
			if lang.Fold(k) == w && !(n == 1 && len(w) <= 3) {
				return itoa(n), true
			}
		}
	}
	return "", false
}

// unitWord returns the unit a folded word names in any vocabulary, or "".
func unitWord(w string) string {
	for _, v := range sortedVocabs() {
		for k, u := range v.Units {
			if lang.Fold(k) == w {
				return u
			}
		}
	}
	return ""
}

// isModWord reports whether a folded word names a modifier in some
// vocabulary ("mod", "modificador", "modifier").
func isModWord(w string) bool {
	for _, v := range sortedVocabs() {
		if v.has("modword", w) {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}

// modifiers returns the modifiers a text states, in order: the numbers
// numberTokens shows as a MOD, with the attribute named in the words right
// after them (an attribute: a glossary abbreviation of up to four capitals,
// "FIS", "VOL") or "".
func modifiers(text string) []modifier {
	var out []modifier
	for _, s := range sentences(text) {
		terms := lang.Split(s)
		for _, t := range numberTokens(s) {
			m := modifier{value: strings.TrimPrefix(t.show, "MOD ")}
			if !strings.HasPrefix(t.show, "MOD ") {
				// An attribute and a signed number: "FIS -6", "FIS-3".
				if t.word == 0 || !strings.ContainsAny(m.value, "+-") {
					continue
				}
				raw := s[terms[t.word-1].Start:terms[t.word-1].End]
				if !isAttribute(raw) {
					continue
				}
				m.attr = strings.ToLower(raw)
				out = append(out, m)
				continue
			}
			for j := t.word + 1; j < len(terms) && j <= t.word+5; j++ {
				if raw := s[terms[j].Start:terms[j].End]; isAttribute(raw) {
					m.attr = strings.ToLower(raw)
					break
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// isAttribute reports whether a word as written is an attribute's
// abbreviation: two to four capital letters ("FIS", "VOL", "PH", "WIP").
func isAttribute(raw string) bool {
	if len(raw) < 2 || len(raw) > 4 {
		return false
	}
	for _, r := range raw {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// modifier is a modifier a text states: its value ("-3") and the attribute
// it applies to ("fis"), "" when the text names none near it.
type modifier struct {
	attr, value string
}

// modNumbers returns the values of modifiers(text), as "-3", in order.
func modNumbers(text string) []string {
	var out []string
	for _, m := range modifiers(text) {
		out = append(out, m.value)
	}
	return out
}

// passages cuts a text into its passages: its lines, and within a line
// at each numbered label that opens one ("Ejemplo 2:", "Step 1:"), the
// examples a record of examples runs together. A sentence is read in its
// passage: "realizaría 2 Tiradas" of the second example does not answer
// a question about the first.
func passages(text string, v *Vocabulary) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		terms := lang.Split(line)
		start := 0
		for i := 0; i+1 < len(terms); i++ {
			n := terms[i+1]
			if !v.has("label", lang.Fold(terms[i].Text)) || n.Text[0] < '0' || n.Text[0] > '9' {
				continue
			}
			if rest := strings.TrimLeft(line[n.End:], " "); !strings.HasPrefix(rest, ":") || terms[i].Start == 0 {
				continue
			}
			out = append(out, line[start:terms[i].Start])
			start = terms[i].Start
		}
		out = append(out, line[start:])
	}
	return out
}

// contentDistance is the number of words from word a to word b of a span,
// stop words left out ("El alcance de esta arma … es el equivalente a la
// Zona de Control (20 cm)").
func contentDistance(sp span, a, b int) int {
	if a > b {
		a, b = b, a
	}
	n := 0
	for i := a + 1; i <= b && i < len(sp.words); i++ {
		if !stopwords[sp.words[i]] {
			n++
		}
	}
	return n
}

// opensUnit reports whether stem st is the first word of one of u's
// alternatives ("tir" of "Tiradas de Salvación").
func opensUnit(u *unit, st string) bool {
	for _, alt := range u.alts {
		if len(alt) > 0 && alt[0] == st {
			return true
		}
	}
	return false
}
