package engine

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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
		tok     numberToken
		s       string
		sp      span
		rivals  []numberToken // the other numbers of its sentence that could answer
	}
	counted := q.countedUnit()
	// A MOD question naming the Burst ("what Burst bonus") asks a MOD
	// of the Burst; its letter alone is part of another name ("IMM-B").
	burstMod := false
	for _, n := range q.numNouns {
		burstMod = burstMod || q.quantity == kindMod && len(n) > 1 && q.v.has("noun:"+kindBurst, n)
	}
	// The levels the question names ("Martial Arts level 3", "L3"): a
	// sentence naming levels answers for those only.
	asked := levelsNamed(lang.Words(q.text))
	tv := vocabFor(detectLanguage(text))
	var best *pick
	for _, ps := range passages(text, tv) {
		if len(asked) > 0 && namesOtherLevel(asked, levelsNamed(lang.Words(ps))) {
			// The chart row "Level: 4; … Damage MOD (PH): +3" is no
			// answer for level 3, even in its cell naming no level.
			continue
		}
		pw, _ := matchAll(q, newSpan(ps))
		for _, s := range sentences(ps) {
			toks := numberTokens(s)
			if len(toks) == 0 && counted == nil {
				// No number, and no article counts (articleOnes): the
				// sentence gives none.
				continue
			}
			sp := newSpan(s)
			sv := vocabFor(detectLanguage(s))
			toks = append(toks, articleOnes(sp, counted, sv)...)
			toks = dropLabelled(toks, sp, sv)
			if len(toks) == 0 {
				continue
			}
			if len(asked) > 0 && namesOtherLevel(asked, levelsNamed(sp.words)) {
				// The example's "+3 to Attack Damage for Martial Arts L4"
				// is no answer for level 3.
				continue
			}
			if namesOtherCode(q, sp) {
				// "+2 to Attack Damage for Martial Arts L3" is no answer
				// for Martial Arts L2.
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
					// "B1" ("+1B") names the Burst (MOD) it gives, "8 inches" a distance
					// by its unit of length: its own anchor.
					var own []numberToken
					for _, t := range toks {
						if t.lettered && (q.quantity == kindBurst || burstMod) || t.kind == kindDistance && q.quantity == kindDistance {
							own = append(own, t)
							anchors = append(anchors, t.word)
						}
					}
					if toks = own; len(toks) == 0 {
						continue
					}
				} else {
					anchors = at
				}
			}
			var fitting []numberToken
			var picked *pick
			for _, t := range toks {
				if t.of != "" && !nouns[stem(t.of)] {
					// The value of another name ("La Propiedad BLI=0" for
					// "how many Saving Rolls"): not a number of what is asked.
					continue
				}
				if t.header != nil && !q.asksHeader(t.header, nouns) {
					// The value of another column of a row ("Attack MOD:
					// +3" for "what Burst MOD").
					continue
				}
				if asksMod := modNoun || q.quantity == kindMod; t.sum && asksMod || t.term && !asksMod {
					// Of a worked sum ("Attack Damage = 15 (13 + 2)"), a
					// MOD is a term after the first ("what does it add
					// to Attack Damage": 2), a value its total ("what
					// Attack Damage": 15, not 13).
					continue
				}
				if burstMod {
					if t.kind == kindBurst && strings.ContainsAny(t.val, "+-") {
						// "+1B": a MOD to the Burst.
						t.kind, t.burst = kindMod, true
					} else if t.kind == kindMod && !t.burst {
						// "+3 for Martial Arts L4" is no Burst MOD.
						continue
					}
				}
				if t.kind == kindMod && t.header == nil {
					if n := modTarget(sp, t.word, sv); n != "" && !nouns[stem(n)] && !q.holdsWord(n) {
						// "+1 to Attack Damage" is a MOD to Damage, not to
						// the CC Attack asked.
						continue
					}
				}
				if !q.fits(t) {
					// A number of another kind ("360˚ LoF" for "how far",
					// "four … per game" for "how many per turn").
					continue
				}
				if n := t.word + 1; counted != nil && !t.counts && n < len(sp.words) && !nouns[sp.stems[n]] &&
					!opensUnit(counted, sp.stems[n]) && sv.has("count", sp.words[n]) {
					// A number right before another counted noun counts
					// it ("in a single Order" for "how many uses").
					continue
				}
				if counted != nil && gerundBefore(q, sp, t.word, sv) {
					// "consumiendo 1 único Token de Mando" for "¿cuántos
					// Tokens de Mando tiene cada jugador?": the number is
					// what another act spends or uses, not the count asked.
					continue
				}
				if counted != nil && !t.counts && countsAnother(sp, t.word, counted, nouns, sv) {
					// "Command Tokens have three different gaming use
					// modes" for "how many Command Tokens": three modes.
					continue
				}
				d := numberReach + 1
				for _, a := range anchors {
					d = min(d, contentDistance(sp, a, t.word))
				}
				if d > numberReach {
					continue
				}
				fitting = append(fitting, t)
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
					best = &pick{text: format(q.v, t), dist: d, w: w, near: near, pw: pw, article: t.article, tok: t, s: s, sp: sp}
					picked = best
				}
			}
			if picked != nil {
				picked.rivals = fitting
			}
		}
	}
	if best == nil {
		return ""
	}
	t, ok := selectCase(q, best.s, best.sp, best.tok, best.rivals, vocabFor(detectLanguage(best.s)))
	if !ok {
		return ""
	}
	if lo, hi, ok := rangeOf(q, best.sp, best.rivals, vocabFor(detectLanguage(best.s))); ok {
		// "How many Troopers can a Fireteam Core have?" of "a minimum of
		// three and a maximum of five": the range, "3–5".
		return format(q.v, lo) + "–" + format(q.v, hi)
	}
	if x, ok := extremeOf(q, best.sp, t, best.rivals, vocabFor(detectLanguage(best.s))); !ok {
		return ""
	} else if x.word != t.word {
		return format(q.v, x)
	}
	if t.word != best.tok.word {
		return format(q.v, t)
	}
	return best.text
}

// selectCase returns the number of a sentence q asks for, of t (the one
// picked) and the other values of its kind the sentence gives (rivals),
// when they are for different cases ("un MOD de +3 a todas las Tropas Aliadas y un MOD de -3 a
// todas las Tropas Enemigas"): each value's case is the words after it up
// to the next number or list conjunction, else those before it back to
// the previous one, and the number is the one whose case q's asking
// clause names when it names no other ("what MOD does an enemy trooper
// get?"); values no words of
// their own tell apart are one value and what it becomes, no cases
// ("reduce de -6 a -3 el MOD"). A question that names
// neither ("what MOD goes on my PH roll?", the enemy named only as the
// hacker) gets none (false): which side it is on is not read.
func selectCase(q query, s string, sp span, t numberToken, rivals []numberToken, v *Vocabulary) (numberToken, bool) {
	var others []numberToken
	for _, r := range rivals {
		if r.word != t.word && r.val != t.val && r.kind == t.kind {
			others = append(others, r)
		}
	}
	if len(others) == 0 {
		return t, true
	}
	all := append([]numberToken{t}, others...)
	at := make([]int, len(all))
	for i, x := range all {
		at[i] = x.word
	}
	slices.Sort(at)
	// A case ends where its clause does: at a comma, a semicolon, a
	// colon or a parenthesis after word i.
	terms := lang.Split(s)
	ends := func(i int) bool {
		return i+1 < len(terms) && strings.ContainsAny(s[terms[i].End:terms[i+1].Start], ",;:()")
	}
	// The case of the number at word i: its words up to (after) or back
	// to (before) the next number, list conjunction or end of clause.
	caseOf := func(i int, after bool) map[string]bool {
		k := map[string]bool{}
		step := 1
		if !after {
			step = -1
		}
		for j := i + step; j >= 0 && j < len(sp.words) && abs(j-i) <= numberReach; j += step {
			if slices.Contains(at, j) || v.has("conj", sp.words[j]) || !after && ends(j) {
				break
			}
			if !stopwords[sp.words[j]] && !v.has("function", sp.words[j]) {
				k[sp.stems[j]] = true
			}
			if after && ends(j) {
				break
			}
		}
		return k
	}
	// The cases, when each has words no other has.
	distinct := func(after bool) []map[string]bool {
		cs := make([]map[string]bool, len(all))
		for i, x := range all {
			cs[i] = caseOf(x.word, after)
		}
		for i := range cs {
			own := false
			for k := range cs[i] {
				shared := false
				for j := range cs {
					shared = shared || j != i && cs[j][k]
				}
				own = own || !shared
			}
			if !own {
				return nil
			}
		}
		return cs
	}
	cs := distinct(true)
	if cs == nil {
		cs = distinct(false)
	}
	if cs == nil {
		// No words of their own tell the values apart: not cases, but
		// one value and what it becomes ("reduce de -6 a -3 el MOD").
		return t, true
	}
	// A unit of the asking clause names a case when it holds it and no
	// other ("Tropa Aliada", not "Tropa").
	named := map[int]bool{}
	for i := range q.units {
		u := &q.units[i]
		if !u.inClause || u.idf == 0 {
			continue
		}
		held := -1
		for j, k := range cs {
			if u.holds(k) {
				if held >= 0 {
					held = -2
					break
				}
				held = j
			}
		}
		if held >= 0 {
			named[held] = true
		}
	}
	chosen := -1
	for i := range cs {
		if !named[i] {
			continue
		}
		if chosen >= 0 {
			return t, false
		}
		chosen = i
	}
	if chosen < 0 {
		return t, false
	}
	return all[chosen], true
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
			out = append(out, numberToken{word: i, show: itoa(n), val: itoa(n), counts: true})
			continue
		}
		restricted := false
		for j := max(0, i-restrictReach); j < i; j++ {
			if startsWithAny(sp.words[j:], v.ps.restr) {
				restricted = true
			}
		}
		if restricted {
			out = append(out, numberToken{word: i, show: "1", val: "1", article: true, counts: true})
		}
	}
	return out
}

// one reports whether a folded word is a number word of value one that is
// also an article ("un", "una", "one").
func one(w string) bool {
	return wordTables().articles[w]
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
// lang.Words counts them), its value, its kind and how modifiers shows it.
type numberToken struct {
	word     int
	show     string // "MOD -3", "5 cm", "2": as modifiers reads it
	val      string // "-3", "5", "2"
	kind     string // the kind of number ("distance", "angle", "mod", "burst"), "" for a count or a value
	unit     string // a distance's unit of length ("cm", "inch")
	per      string // what a count is per ("turn", "order", "game"), or ""
	burst    bool   // a modifier of the Burst ("+1 bonus to the Burst")
	lettered bool   // a Burst written after its letter ("B2")
	article  bool   // an article read as one (articleOnes)
	counts   bool   // known to count what is asked (articleOnes)
	// sum marks the total of a worked sum, written after "=" and before
	// the sum it is worked from ("Attack Damage = 15 (13 + 2)", "SV = 23
	// (23 +3 - 3)"), and that sum's first term (13, 23: the value the
	// MODs are added to): an example's values, never a MOD. term marks
	// every term of the sum (13 and 2): the value asked is its total.
	sum, term bool
	of        string // the folded name it is the value of ("bli" of "BLI=0"), or ""
	// header holds the folded words of the column header a table row's
	// cell names before its value ("attack", "mod" of "Attack MOD: +3"
	// in "Level: 5; Attack MOD: +3; …"), or nil.
	header []string
}

// Kinds of number, read from the words next to it (numberTokens) and from
// what a question asks (asksFor): a number of one kind does not answer a
// question asking another ("360˚" for "how far"). A count or a value (a
// Damage, a PS, a number of Orders) is of no kind ("").
const (
	kindDistance = "distance" // before a unit of length: "5 cm", "8 inches"
	kindAngle    = "angle"    // before a degree sign or word: "360˚"
	kindMod      = "mod"      // after or before a modifier word, or signed: "MOD -3", "a -6 MOD", "(-3)"
	kindBurst    = "burst"    // after a Burst word or letter: "Burst of 2", "Ráfaga 2", "B2"
	// A duration ("how long", "¿hasta cuándo?") is asked but no number is
	// read as one: the wiki states how long an effect lasts by a phase or
	// an event ("until the end of the Order", "hasta la Fase de Estados"),
	// so such a question gets no number for a verdict.
	kindDuration = "duration"
)

// numberTokens returns the numbers of a sentence with their kind: digit
// runs with their sign, a MOD before them or a unit after them ("MOD -3",
// "5 cm"), a Burst letter before them ("B2"), and the number words of any
// vocabulary (not "un"/"one", which are articles too). A number within a
// phrase that says what a count is per ("in a single Order") is part of
// that phrase, not a number of its own.
func numberTokens(s string) []numberToken {
	terms := lang.Split(s)
	words := make([]string, len(terms))
	for i, t := range terms {
		words[i] = lang.Fold(t.Text)
	}
	perAt := make([]string, len(terms)) // the per unit of the phrase starting at each word
	inPer := make([]bool, len(terms))
	for i := range words {
		if k, n := perPhrase(words[i:]); n > 0 {
			perAt[i] = k
			for j := i; j < i+n; j++ {
				inPer[j] = true
			}
		}
	}
	var out []numberToken
	// The word of a worked sum's first term, and the byte its terms end at.
	first, termsEnd := -1, -1
	for i, t := range terms {
		w := words[i]
		if w == "" || inPer[i] {
			continue
		}
		val, kind := "", ""
		if unicode.IsDigit(rune(w[0])) {
			val = w
			if d := strings.TrimRightFunc(w, unicode.IsLetter); d != w && allDigits(d) && isBefore(kindBurst, w[len(d):]) {
				// "+1B": a Burst written before its letter.
				val, kind = d, kindBurst
			}
			if t.Start > 0 {
				switch prev := s[:t.Start]; {
				case strings.HasSuffix(prev, "-"), strings.HasSuffix(prev, "−"):
					val = "-" + val
				case strings.HasSuffix(prev, "+"):
					val = "+" + val
				}
			}
		} else if n, ok := numberWord(w); ok {
			val = n
		} else if d := strings.TrimLeftFunc(w, unicode.IsLetter); d != "" && d != w && allDigits(d) && isBefore(kindBurst, w[:len(w)-len(d)]) {
			// "B2", "R1": a Burst written after its letter.
			val, kind = d, kindBurst
		}
		lettered := kind == kindBurst
		if val == "" {
			continue
		}
		tok := numberToken{word: i, show: val, val: val, kind: kind, lettered: lettered}
		if i+1 < len(terms) {
			if u := unitWord(words[i+1]); u != "" {
				tok.show, tok.unit = val+" "+u, u
			}
		}
		if i > 0 && isModWord(words[i-1]) || i > 1 && isModWord(words[i-2]) && strings.ContainsAny(val, "+-") {
			tok.show = "MOD " + val
		}
		if i > 0 && strings.TrimSpace(s[terms[i-1].End:t.Start]) == "=" {
			// "BLI=0", "(PS=5)", "CD = 12": the value of what is named
			// before the sign, written as part of its name or of a profile.
			tok.of = words[i-1]
		}
		if strings.HasSuffix(strings.TrimSpace(s[:t.Start]), "=") && workedSum(s[t.End:]) {
			// The total; the terms of its sum follow, up to the
			// parenthesis that closes it.
			tok.sum = true
			first, termsEnd = i+1, t.End+strings.IndexByte(s[t.End:], ')')
		} else if t.Start < termsEnd {
			tok.term, tok.sum = true, i == first
		}
		if raw := s[terms[max(i-1, 0)].Start:terms[max(i-1, 0)].End]; tok.of == "" && i > 0 && tok.kind == "" && !strings.ContainsAny(val, "+-") &&
			strings.TrimSpace(s[terms[i-1].End:t.Start]) == "" && isAttribute(raw) && !isModWord(words[i-1]) {
			// "with PS 5", "FIS 10": an attribute's abbreviation right
			// before an unsigned number names what the number is the
			// value of, as "PS=5" does.
			tok.of = words[i-1]
		}
		tok.header = cellHeader(s[:t.Start])
		if tok.kind == "" {
			tok.kind = kindOf(s, terms, words, i, tok)
		}
		if tok.kind == kindMod && !unicode.IsDigit(rune(w[0])) {
			// A number word before a MOD counts modifiers ("sólo se
			// aplicaría un único MOD de -6"): the wiki writes a
			// modifier's value in digits.
			tok.kind, tok.show = "", val
		}
		if tok.kind == kindMod && tok.header != nil {
			// A cell's value is of its header alone ("Attack MOD: +3;
			// …; Burst MOD: +1B": +3 is no Burst).
			for _, w := range tok.header {
				tok.burst = tok.burst || isBefore(kindBurst, w) && len(w) > 1
			}
		} else if tok.kind == kindMod {
			for j := i + 1; j < len(words) && j <= i+4; j++ {
				tok.burst = tok.burst || isBefore(kindBurst, words[j]) && len(words[j]) > 1
			}
		}
		for j := i + 1; j < len(words) && j <= i+7 && tok.per == ""; j++ {
			tok.per = perAt[j]
		}
		for j := i - 1; j >= 0 && j >= i-perBefore && tok.per == ""; j-- {
			// A count per something is also written after what it is
			// per: "Cada vez que … consumiendo una Orden concede una
			// única ORA", "each time … by spending an Order, grants a
			// single ARO".
			tok.per = perAt[j]
		}
		out = append(out, tok)
	}
	return out
}

// kindOf returns the kind of the number tok, word i of a sentence, read
// from the words next to it: a MOD word before it or within three words
// after it ("a -3 PH MOD", "Convierte en 0 cualquier MOD"), a unit of
// length after it, a degree sign or word after it, a Burst word before it
// (stop words between: "Burst of 2"), a comparison after the name of a
// kind ("Ráfaga … superior a 6"), or a sign (a modifier, unless what
// it counts follows: "+1 Command Token").
func kindOf(s string, terms []lang.Term, words []string, i int, tok numberToken) string {
	if strings.HasPrefix(tok.show, "MOD ") {
		return kindMod
	}
	if tok.unit != "" {
		return kindDistance
	}
	rest := strings.TrimLeft(s[terms[i].End:], " ")
	for _, v := range sortedVocabs() {
		for _, a := range v.Quantities.After[kindAngle] {
			if w := lang.Words(a); len(w) == 0 && strings.HasPrefix(rest, a) || len(w) == 1 && i+1 < len(words) && words[i+1] == w[0] {
				return kindAngle
			}
		}
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if isBefore(kindBurst, words[j]) {
			return kindBurst
		}
		if !stopwords[words[j]] {
			break
		}
	}
	for j := i + 1; j < len(words) && j <= i+3; j++ {
		if isModWord(words[j]) {
			return kindMod
		}
	}
	if n := comparisonBefore(words[:i]); n > 0 {
		// "Ráfaga … superior a 6": the kind of what is compared, named
		// within compareReach words before the comparison.
		for j := i - n - 1; j >= 0 && j >= i-n-compareReach; j-- {
			for _, k := range []string{kindBurst, kindAngle, kindDistance} {
				for _, v := range sortedVocabs() {
					if v.has("noun:"+k, words[j]) && len(words[j]) > 1 {
						return k
					}
				}
			}
		}
	}
	if strings.ContainsAny(tok.val, "+-") {
		for _, v := range sortedVocabs() {
			if i+1 < len(words) && v.has("count", words[i+1]) {
				return ""
			}
		}
		return kindMod
	}
	return ""
}

// compareReach is how many words before a comparison ("superior a") the
// name of what it compares may stand.
const compareReach = 8

// comparisonBefore returns the length in words of the comparison phrase
// of any vocabulary words end with ("… superior a"), or 0.
func comparisonBefore(words []string) int {
	for _, v := range sortedVocabs() {
		for _, p := range v.ps.compare {
			if len(p) <= len(words) && indexWords(words[len(words)-len(p):], p) == 0 {
				return len(p)
			}
		}
	}
	return 0
}

// perPhrase returns the per unit of the phrase of any vocabulary words
// start with ("per game": "game") and its length in words, or "", 0.
func perPhrase(words []string) (string, int) {
	for _, v := range sortedVocabs() {
		for k, ps := range v.ps.per {
			for _, p := range ps {
				if len(p) <= len(words) && indexWords(words[:len(p)], p) == 0 {
					return k, len(p)
				}
			}
		}
	}
	return "", 0
}

// isBefore reports whether a folded word, written before a number, makes
// it of kind k in some vocabulary ("burst", "ráfaga", "b").
func isBefore(k, w string) bool {
	for _, v := range sortedVocabs() {
		if v.has("before:"+k, w) {
			return true
		}
	}
	return false
}

// modTarget returns the quantity noun a MOD at word i is applied to, when
// one of the three words after it is one ("damage" of "+1 to Attack
// Damage", "daño" of "+2 al Daño"): not a modifier word, a unit or the
// Burst, which the MOD's own kind tells (numberTokens). "" when none.
func modTarget(sp span, i int, v *Vocabulary) string {
	for j := i + 1; j < len(sp.words) && j <= i+3; j++ {
		w := sp.words[j]
		if v.has("numnoun", w) && !isModWord(w) && unitWord(w) == "" && !v.has("noun:"+kindBurst, w) && !v.has("noun:"+kindDistance, w) {
			return w
		}
	}
	return ""
}

// holdsWord reports whether a unit of q holds the folded word w.
func (q query) holdsWord(w string) bool {
	k := map[string]bool{stem(w): true}
	for i := range q.units {
		if q.units[i].holds(k) {
			return true
		}
	}
	return false
}

// gerundBefore reports whether the number at word i of sp follows a
// Spanish gerund ("consumiendo 1 único Token de Mando", "gastando más de
// 1") whose verb the question does not name, over the digits and a
// comparison of sv ("más de") between: the number counts what that act
// takes, not the count asked. An infinitive before the number ("emplear
// más de 1") is not read so: it is as often the act asked in other words
// ("mover hasta 5 cm").
func gerundBefore(q query, sp span, i int, sv *Vocabulary) bool {
	j := i - 1
	if j >= 0 && allDigits(sp.words[j]) {
		j--
	}
	for _, c := range sv.ps.compare {
		if n := len(c); j+1 >= n && slices.Equal(sp.words[j+1-n:j+1], c) {
			j -= n
			break
		}
	}
	if j < 0 {
		return false
	}
	w := sp.words[j]
	if len(w) < 6 || !strings.HasSuffix(w, "ando") && !strings.HasSuffix(w, "iendo") {
		return false
	}
	return !q.holdsWord(w)
}

// namesOtherCode reports whether a sentence names a code of the kind the
// question names but never the question's own: a level written as letters
// and a number ("L3" for a question naming "L2"; "L2 and L3" holds L2).
// The numbers of such a sentence are of another level.
func namesOtherCode(q query, sp span) bool {
	other := false
	for i := range q.units {
		u := &q.units[i]
		if len(u.alts) == 0 || len(u.alts[0]) != 1 {
			continue
		}
		k := u.alts[0][0]
		p := codePrefix(k)
		if p == "" {
			continue
		}
		for _, w := range sp.words {
			if w == k {
				return false
			}
			if codePrefix(w) == p {
				other = true
			}
		}
	}
	return other
}

// levelsNamed returns the numbers of the levels the folded words name: a
// number right after a level label of v ("level 3", "Level: 4" of a chart
// row, "nivel 2"), a code of a level label's letters and a number
// ("l3"), or a code of a level code's letters right after a content word
// ("visor multiespectral n2"; "en n5" names an edition); the labels are
// of every language (a Spanish question is asked of English pages, and a
// chart row's words are too few to tell its own).
func levelsNamed(words []string) map[string]bool {
	in := func(set, w string) bool {
		for _, v := range Vocabularies() {
			if v.has(set, w) {
				return true
			}
		}
		return false
	}
	var out map[string]bool
	add := func(n string) {
		if out == nil {
			out = map[string]bool{}
		}
		out[strings.TrimLeft(n, "0")] = true
	}
	for i, w := range words {
		if !in("levellabel", w) {
			p := codePrefix(w)
			switch {
			case p == "":
			case in("levellabel", p):
				add(w[len(p):])
			case in("levelcode", p) && i > 0 && !stopwords[words[i-1]] && !in("function", words[i-1]) && codePrefix(words[i-1]) == "" && !allDigits(words[i-1]):
				add(w[len(p):])
			}
			continue
		}
		if i+1 < len(words) && words[i+1] != "" && allDigits(words[i+1]) {
			add(words[i+1])
		}
	}
	return out
}

// namesOtherLevel reports whether a sentence naming the levels named
// names none of the levels asked.
func namesOtherLevel(asked, named map[string]bool) bool {
	if len(named) == 0 {
		return false
	}
	for n := range asked {
		if named[n] {
			return false
		}
	}
	return true
}

// codePrefix returns the letters of a folded code of letters then digits
// ("l" of "l3"), "" for any other word.
func codePrefix(w string) string {
	i := strings.IndexFunc(w, unicode.IsDigit)
	if i <= 0 || !allDigits(w[i:]) {
		return ""
	}
	for _, r := range w[:i] {
		if !unicode.IsLetter(r) {
			return ""
		}
	}
	return w[:i]
}

// workedSum reports whether rest, the text after a number, opens with the
// sum the number was worked out from: a parenthesis holding two numbers
// joined by "+" or "-" ("(13 + 2)", "(23 +3 - 3)", "(11 +3 MOD)"); a
// parenthesised signed number alone ("(-3)") is a MOD, no sum.
func workedSum(rest string) bool {
	rest = strings.TrimLeft(rest, " ")
	if !strings.HasPrefix(rest, "(") {
		return false
	}
	end := strings.IndexByte(rest, ')')
	return end > 0 && reSumTerms.MatchString(rest[1:end])
}

// reSumTerms finds two numbers joined by a plus or minus sign.
var reSumTerms = regexp.MustCompile(`\d\s*[+\-−]\s*\d`)

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// asksFor returns the kind of number a numeric question's clause asks for
// and what it asks it per: a MOD when it names a modifier ("what MOD",
// "what Burst bonus"), a Burst, an angle ("what LoF arc") or a distance
// ("how far", "¿cuánto puedo moverme?", "range") or a duration ("how
// long") by v's quantity words, else "" (a count or a value); per is the per unit of the clause's per
// phrase ("per turn": "turn"), or "".
func asksFor(clause []string, v *Vocabulary) (kind, per string) {
	for i := range clause {
		if per == "" {
			per, _ = perPhrase(clause[i:])
		}
	}
	has := func(list string) bool {
		for _, w := range clause {
			if v.has(list, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("modword") || containsAny(clause, v.ps.asks[kindMod]) && !countsNoun(clause, v):
		// "what MOD", or what is taken off or added ("¿cuánto se resta
		// al Daño…?", "what does L4 add to Attack Damage?"): a modifier;
		// what a numeric phrase counts is a count ("how many Orders does
		// it add to the Pool?").
		kind = kindMod
	case has("noun:" + kindBurst):
		kind = kindBurst
	case has("noun:" + kindAngle):
		kind = kindAngle
	case has("noun:"+kindDistance) || containsAny(clause, v.ps.asks[kindDistance]):
		kind = kindDistance
	case containsAny(clause, v.ps.asks[kindDuration]):
		kind = kindDuration
	}
	return kind, per
}

// countsNoun reports whether a numeric phrase of clause is followed by a
// count noun of v ("how many Orders", "cuántas Tiradas").
func countsNoun(clause []string, v *Vocabulary) bool {
	for i := range clause {
		for _, p := range v.ps.numeric {
			if n := i + len(p); n < len(clause) && indexWords(clause[i:n], p) == 0 && v.has("count", clause[n]) {
				return true
			}
		}
	}
	return false
}

// statesKind reports whether a text measures the kind of number q asks
// for, with or without a number: a unit of length for a distance ("up
// to his first MOV Attribute value in inches"), a degree sign or word
// for an angle, or a measure relative to another of the kind (Relative:
// "halve the distance they can move"). Other kinds are told by words too common to say so
// ("Partial Cover MODs").
func statesKind(q query, text string) bool {
	folded := ""
	for _, v := range sortedVocabs() {
		for _, r := range v.Quantities.Relative[q.quantity] {
			if folded == "" {
				folded = lang.Fold(text)
			}
			if strings.Contains(folded, lang.Fold(r)) {
				return true
			}
		}
	}
	switch q.quantity {
	case kindDistance:
		for _, w := range lang.Words(text) {
			if unitWord(w) != "" {
				return true
			}
		}
	case kindAngle:
		for _, v := range sortedVocabs() {
			for _, a := range v.Quantities.After[kindAngle] {
				if w := lang.Words(a); len(w) == 0 && strings.Contains(text, a) || len(w) == 1 && slices.Contains(lang.Words(text), w[0]) {
					return true
				}
			}
		}
	}
	return false
}

// fits reports whether a number of a text answers q: it is of the kind q
// asks for and, when q asks a count per something ("per turn"), the text
// counts it per the same ("four Command Tokens per game" does not say how
// many per turn).
func (q query) fits(t numberToken) bool {
	return t.kind == q.quantity && (q.per == "" || t.per == q.per)
}

// format shows the number t in the language of v, with its unit: "8
// pulgadas", "MOD -3", "360°", "Burst 2", "4 per game".
func format(v *Vocabulary, t numberToken) string {
	label := func(k string) string {
		if l := v.Quantities.Labels[k]; l != "" {
			return l
		}
		return k
	}
	s := t.val
	switch t.kind {
	case kindMod:
		s = "MOD " + t.val
		if t.burst {
			s = label(kindBurst) + " " + t.val
		}
	case kindDistance:
		s = t.val + " " + label(t.unit)
	case kindAngle:
		s = t.val + label("degree")
	case kindBurst:
		s = label(kindBurst) + " " + t.val
	}
	if t.per != "" {
		s += " " + label(t.per)
	}
	return s
}

// numberWord returns the value of a folded number word of any vocabulary,
// leaving out the words that are also articles (value 1 of a word of at
// most three letters: "un", "una", "one").
func numberWord(w string) (string, bool) {
	n, ok := wordTables().numbers[w]
	return n, ok
}

// vocabWords holds, by folded word, the values numberWord and unitWord
// return: the first vocabulary's (sortedVocabs order) that has the word.
// It is made once, as the vocabularies are (Vocabularies), so that a
// word is looked up rather than compared with every folded entry of
// every vocabulary (a text's every word is asked).
type vocabWords struct {
	numbers map[string]string
	units   map[string]string
	// articles holds the folded number words of value 1 of at most three
	// letters of any vocabulary ("un", "una", "one"): what one reports.
	articles map[string]bool
}

var (
	wordTablesOnce sync.Once
	wordTablesMemo vocabWords
)

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

func wordTables() *vocabWords {
	wordTablesOnce.Do(func() {
		t := vocabWords{numbers: map[string]string{}, units: map[string]string{}, articles: map[string]bool{}}
		for _, v := range sortedVocabs() {
			for k, n := range v.Numbers {
				w := lang.Fold(k)
				if n == 1 && len(w) <= 3 {
					t.articles[w] = true
				}
				if !hasKey(t.numbers, w) && !(n == 1 && len(w) <= 3) {
					t.numbers[w] = itoa(n)
				}
			}
			for k, u := range v.Units {
				if w := lang.Fold(k); !hasKey(t.units, w) {
					t.units[w] = u
				}
			}
		}
		wordTablesMemo = t
	})
	return &wordTablesMemo
}

// states reports whether q's asking clause states the number n, in
// digits or as a number word of any vocabulary, "one" and "un" too
// ("how many troopers can one Combat Group hold").
func (q query) states(n string) bool {
	for _, w := range q.clause {
		if w == n {
			return true
		}
		for _, v := range sortedVocabs() {
			for k, x := range v.Numbers {
				if lang.Fold(k) == w && itoa(x) == n {
					return true
				}
			}
		}
	}
	return false
}

// unitWord returns the unit of length a folded word names in any
// vocabulary ("cm", "inch"), or "".
func unitWord(w string) string {
	return wordTables().units[w]
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

// countsAnother reports whether the number at word i of sp counts a
// noun phrase of its own: a content word follows it, and none of the
// countReach words after it is what the question counts (counted, or
// one of nouns). A number with nothing after it, or a function word
// ("four per game", "3 por Orden"), is left to the other checks.
func countsAnother(sp span, i int, counted *unit, nouns map[string]bool, v *Vocabulary) bool {
	n := i + 1
	if n >= len(sp.words) || v.has("function", sp.words[n]) || v.has("stop", sp.words[n]) || unitWord(sp.words[n]) != "" {
		return false
	}
	for k := n; k < len(sp.words) && k <= i+countReach; k++ {
		if nouns[sp.stems[k]] || opensUnit(counted, sp.stems[k]) {
			return false
		}
	}
	return true
}

// countReach is how many words after a number the noun it counts may
// stand ("four Command Tokens", "tres modos de uso distintos").
const countReach = 4

// cellHeader returns the folded words of the header of the table cell
// that before ends in, as extract writes a row with its column headers
// ("Level: 5; Attack MOD: +3; Burst MOD: +1B"): the words between the
// cell's start (the row's start or the last "; ") and its ": ", when the
// value follows that colon directly; nil for a number that is not a
// cell's value.
func cellHeader(before string) []string {
	cell := before[strings.LastIndex(before, "; ")+1:]
	h, v, ok := strings.Cut(cell, ": ")
	if !ok || strings.ContainsAny(h, ".;") || strings.TrimLeft(v, "+-−( ") != "" {
		return nil
	}
	if w := lang.Words(h); len(w) > 0 && len(w) <= 4 {
		return w
	}
	return nil
}

// asksHeader reports whether q asks for the column header h: every
// content word of h (words of two letters or fewer, "No." of "No. of
// Rolls", left out) is a quantity noun of q (nouns, by stem) or a word of
// the question, and, when q names quantity nouns, one of them is in h
// ("Level: 5" does not answer "what Attack MOD").
func (q query) asksHeader(h []string, nouns map[string]bool) bool {
	quantity := len(nouns) == 0
	for _, w := range h {
		if q.v.has("function", w) || q.v.has("stop", w) || len([]rune(w)) <= 2 {
			continue
		}
		st := stem(w)
		if nouns[st] {
			quantity = true
			continue
		}
		held := false
		for i := range q.units {
			if q.units[i].holds(map[string]bool{st: true}) {
				held = true
				break
			}
		}
		if !held {
			return false
		}
	}
	return quantity
}

// countUnmet reports whether text allows what it states only if a count
// passes a bound ("but only if the number of Orders … is higher than
// ten", "sólo si … más de 10 Tropas") and q states that count of the same
// noun, every time it states one, on the other side of the bound ("an
// opponent who only has nine Orders"): the condition is not met, and what
// it allows is not allowed in q's case. A count on the bound's side says
// nothing (other conditions may still fail), nor does a question stating
// no count of the noun.
func countUnmet(q query, text string) bool {
	qw := lang.Words(q.text)
	for _, s := range sentences(text) {
		w := lang.Words(s)
		for _, v := range sortedVocabs() {
			from := onlyIfAt(w, v)
			if from < 0 {
				continue
			}
			for j := from; j < len(w); j++ {
				bound, n, ok := boundAt(w[j:], v)
				if !ok {
					continue
				}
				noun := ""
				for _, x := range w[from:j] {
					if v.has("count", x) {
						noun = x
					}
				}
				if noun == "" {
					break
				}
				counts := countsOf(q, qw, noun)
				if len(counts) == 0 {
					break
				}
				for _, m := range counts {
					if meets(bound, m, n) {
						return false
					}
				}
				return true
			}
		}
	}
	return false
}

// onlyIfAt returns the index in w after the first restriction phrase of v
// followed by a conditional one ("only if", "sólo si"), or -1.
func onlyIfAt(w []string, v *Vocabulary) int {
	for i := range w {
		for _, r := range v.ps.restr {
			if !startsWithAny(w[i:], [][]string{r}) {
				continue
			}
			k := i + len(r)
			for _, c := range v.ps.ifs {
				if startsWithAny(w[k:], [][]string{c}) {
					return k + len(c)
				}
			}
		}
	}
	return -1
}

// boundAt reads a bound of v opening w with the number after it ("higher
// than ten"): its kind (a key of Quantities.Bounds) and the number.
func boundAt(w []string, v *Vocabulary) (string, int, bool) {
	for kind, ps := range v.ps.bounds {
		for _, p := range ps {
			if !startsWithAny(w, [][]string{p}) || len(p) >= len(w) {
				continue
			}
			if n, ok := countWord(w[len(p)]); ok {
				return kind, n, true
			}
		}
	}
	return "", 0, false
}

// countWord reads a folded word as a count: a number word or one or two
// digits.
func countWord(w string) (int, bool) {
	if n, ok := numberWord(w); ok {
		return atoi(n), true
	}
	if w != "" && len(w) <= 2 && w[0] >= '0' && w[0] <= '9' && (len(w) == 1 || w[1] >= '0' && w[1] <= '9') {
		return atoi(w), true
	}
	return 0, false
}

// countsOf returns the counts q's words qw state of noun (a folded word
// of a text, of either language): each number right before a word that
// is noun, or that a unit of q holds together with noun (a glossary term
// and its translation: "Órdenes" for "orders").
func countsOf(q query, qw []string, noun string) []int {
	nk := stem(noun)
	same := func(x string) bool {
		xk := stem(x)
		if xk == nk {
			return true
		}
		for i := range q.units {
			u := &q.units[i]
			if u.holds(map[string]bool{xk: true}) && u.holds(map[string]bool{nk: true}) {
				return true
			}
		}
		return false
	}
	var out []int
	for i := 0; i+1 < len(qw); i++ {
		if n, ok := countWord(qw[i]); ok && same(qw[i+1]) {
			out = append(out, n)
		}
	}
	return out
}

// meets reports whether count m passes a bound of kind on n.
func meets(kind string, m, n int) bool {
	switch kind {
	case "above":
		return m > n
	case "below":
		return m < n
	case "at_least":
		return m >= n
	case "at_most":
		return m <= n
	}
	return true
}

// rangeOf returns the ends of the range sentence sp gives, of the
// numbers toks that may answer q, when q asks for neither end: the first
// number within three words after a phrase of the lower end ("a minimum
// of three") and after one of the upper end ("and a maximum of five"),
// the lower less than the upper; false when q asks for an end or the
// sentence does not give both.
func rangeOf(q query, sp span, toks []numberToken, v *Vocabulary) (lo, hi numberToken, ok bool) {
	for _, side := range []string{"max", "min"} {
		if containsAny(q.clause, q.v.ps.extremes[side]) {
			return lo, hi, false
		}
	}
	lo, okLo := endAfter(sp, "min", toks, v)
	hi, okHi := endAfter(sp, "max", toks, v)
	if !okLo || !okHi {
		return lo, hi, false
	}
	a, errA := strconv.Atoi(lo.val)
	b, errB := strconv.Atoi(hi.val)
	return lo, hi, errA == nil && errB == nil && a < b && lo.kind == hi.kind
}

// endAfter returns the first number of toks within three words after a
// phrase of side (an extreme of v: "min", "max") in sp.
func endAfter(sp span, side string, toks []numberToken, v *Vocabulary) (numberToken, bool) {
	for i := range sp.words {
		for _, p := range v.ps.extremes[side] {
			if !startsWithAny(sp.words[i:], [][]string{p}) {
				continue
			}
			end := i + len(p)
			for _, x := range toks {
				if x.word >= end && x.word <= end+3 {
					return x, true
				}
			}
		}
	}
	return numberToken{}, false
}

// extremeOf returns the number of sentence sp that answers q when q asks
// for one end of a range (an extreme of its language: "at most",
// "como máximo") and the sentence names ends: of t (the number picked)
// and its rivals, the one standing right after a phrase of the end asked
// ("a minimum of three and a maximum of five": five for "at most");
// false when the sentence gives a number only for the other end ("a
// minimum of three" for "at most"). A question asking no end is answered by
// no one number when the sentence gives both; a sentence naming no end
// keeps t.
func extremeOf(q query, sp span, t numberToken, rivals []numberToken, v *Vocabulary) (numberToken, bool) {
	asked := ""
	for _, side := range []string{"max", "min"} {
		if containsAny(q.clause, q.v.ps.extremes[side]) {
			if asked != "" {
				return t, true
			}
			asked = side
		}
	}
	// after returns the first number of toks within three words after a
	// phrase of side, and whether the sentence holds such a phrase.
	after := func(side string, toks []numberToken) (numberToken, bool, bool) {
		named := false
		for i := range sp.words {
			for _, p := range v.ps.extremes[side] {
				if !startsWithAny(sp.words[i:], [][]string{p}) {
					continue
				}
				named = true
				end := i + len(p)
				for _, x := range toks {
					if x.word >= end && x.word <= end+3 {
						return x, true, true
					}
				}
			}
		}
		return numberToken{}, false, named
	}
	toks := append([]numberToken{t}, rivals...)
	if asked == "" {
		// "How many Troopers can a Fireteam Core have?" of "a minimum of
		// three and a maximum of five": a range, not one number.
		_, lo, _ := after("min", toks)
		_, hi, _ := after("max", toks)
		return t, !(lo && hi)
	}
	other := "min"
	if asked == "min" {
		other = "max"
	}
	x, found, named := after(asked, toks)
	if found {
		return x, true
	}
	if _, otherGiven, _ := after(other, toks); otherGiven && !named {
		return t, false
	}
	return t, true
}
