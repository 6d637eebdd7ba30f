package engine

import (
	"slices"
	"strings"
	"unicode"

	"github.com/wikirules/wikirules/lang"
)

// Verdict thresholds.
const (
	// polarMin is the share of what a yes/no question asks (its non-topic
	// weight) that the clause giving the polarity must hold.
	polarMin = 0.5
	// numberReach is how many words from a word of the question (a
	// quantity noun first) a number may stand to be the one asked for.
	numberReach = 12
	// yesShare is the share of what the asking clause asks that the clause
	// giving a yes must hold.
	yesShare = 0.8
)

// verdict returns the short answer the deciding source d entails for q, in
// q's language, and the number it rests on ("" when none): for a yes/no
// question the yes or no an FAQ answer opens with, else the polarity of
// the clause of d that speaks to what is asked (a prohibition, a
// permission, a closed list, an exception); for a numeric question the
// number (with its unit or as a MOD) standing next to the quantity asked
// about. When d entails nothing it returns Labels.SeeDeciding: an answer is
// never more confident than its source.
func (e *Engine) verdict(q query, d *candidate) (string, string) {
	see := q.v.Labels.SeeDeciding
	text := ""
	if d.faq != nil {
		text = d.faq.Answer
	} else {
		text = d.rec.Plain
		if len(d.rec.Notes) > 0 {
			text += "\n" + strings.Join(d.rec.Notes, "\n")
		}
	}
	switch q.kind {
	case askYesNo:
		if d.faq != nil {
			if yn, rest := e.openingYesNo(text); yn != "" {
				return q.yesNo(yn == "yes", qualifier(rest)), ""
			}
		}
		if p := e.polarity(q, d, text); p != 0 {
			return q.yesNo(p > 0, ""), ""
		}
	case askNumeric:
		if n := e.number(q, text); n != "" {
			return n, reNumber.FindString(n)
		}
	}
	return see, ""
}

// yesNo returns the yes or no label of q's language, with a qualifying
// clause when there is one ("Sí, pero sólo en Turno Activo").
func (q query) yesNo(yes bool, qual string) string {
	s := q.v.Labels.No
	if yes {
		s = q.v.Labels.Yes
	}
	if qual != "" {
		s += ", " + qual
	}
	return s
}

// openingYesNo reads the yes or no an FAQ answer opens with, in any
// language ("A: Si. …", "Sí, …", "Yes.", "No"), and the rest of the
// answer. A "Si" followed by more words is the conditional "if" ("Si la
// Tropa …"), not a yes: "" is returned.
func (e *Engine) openingYesNo(answer string) (string, string) {
	a := strings.TrimSpace(answer)
	for _, v := range sortedVocabs() {
		for _, p := range v.AnswerPrefixes {
			if len(a) >= len(p) && strings.EqualFold(strings.ReplaceAll(a[:len(p)], " ", ""), strings.ReplaceAll(p, " ", "")) {
				a = strings.TrimSpace(a[len(p):])
			}
		}
	}
	first, rest := a, ""
	if i := strings.IndexFunc(a, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		first, rest = a[:i], a[i:]
	}
	f := lang.Fold(first)
	punct := func() bool {
		r := strings.TrimLeft(rest, " ")
		return rest == "" || r != "" && strings.ContainsRune(".,;:!)", rune(r[0]))
	}
	for _, v := range sortedVocabs() {
		for _, w := range v.Polarity.No {
			if lang.Fold(w) == f && punct() {
				return "no", rest
			}
		}
		for _, w := range v.Polarity.Yes {
			// A yes word written with a diacritic ("Sí") is a yes before
			// anything when typed so; its bare form ("Si", "if") and a
			// plain one ("Yes") need punctuation after them.
			if lang.Fold(w) == f && (w != lang.Fold(w) && strings.EqualFold(first, w) || punct()) {
				return "yes", rest
			}
		}
	}
	return "", ""
}

// qualifier returns the clause that limits a yes or a no (up to its
// sentence's end, at most 120 bytes) when the rest of an answer opens
// with a qualifier of any vocabulary ("pero sólo en Turno Activo"), else "".
func qualifier(rest string) string {
	clause := strings.TrimLeft(rest, " ,;:")
	w := lang.Words(clause)
	for _, v := range sortedVocabs() {
		if !startsWithAny(w, v.ps.qual) {
			continue
		}
		end := len(clause)
		if i := strings.IndexAny(clause, ".;\n"); i >= 0 {
			end = i
		}
		c := strings.TrimSpace(clause[:end])
		if len(c) > 120 {
			c = c[:120]
			for len(c) > 0 && !validEnd(c) {
				c = c[:len(c)-1]
			}
			c += "…"
		}
		return c
	}
	return ""
}

func validEnd(s string) bool { return strings.ToValidUTF8(s, "") == s }

// span is a run of words of a text: its folded words and, for each, its
// stem.
type span struct {
	words []string
	stems []string
}

func newSpan(s string) span {
	w := lang.Words(s)
	st := make([]string, len(w))
	for i, x := range w {
		st[i] = stem(x)
	}
	return span{w, st}
}

// sentences splits a text into its sentences and lines.
func sentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start := 0
		for i := 0; i < len(line); i++ {
			if line[i] == '.' && (i+1 == len(line) || line[i+1] == ' ') && !(i > 0 && line[i-1] >= '0' && line[i-1] <= '9' && i+1 < len(line) && i+2 < len(line) && line[i+2] >= '0' && line[i+2] <= '9') {
				if s := strings.TrimSpace(line[start : i+1]); s != "" {
					out = append(out, s)
				}
				start = i + 1
			}
		}
		if s := strings.TrimSpace(line[start:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// matched returns the weight of q's non-topic units that the stems hold,
// and the word indexes where they stand.
func matchUnits(q query, sp span) (float64, []int) {
	set := map[string]int{}
	for i, s := range sp.stems {
		if _, ok := set[s]; !ok {
			set[s] = i
		}
	}
	keys := map[string]bool{}
	for s := range set {
		keys[s] = true
	}
	var w float64
	var at []int
	for i := range q.units {
		u := &q.units[i]
		if u.topic || u.idf == 0 || u.trivial() {
			continue
		}
		if u.holds(keys) {
			w += u.dw
			for _, alt := range u.alts {
				for _, k := range alt {
					if j, ok := set[k]; ok {
						at = append(at, j)
					}
				}
			}
		}
	}
	return w, at
}

// actionWeight is the weight of q's non-topic units (what it asks of its
// subject).
func (q query) actionWeight() float64 {
	var w float64
	for i := range q.units {
		if u := &q.units[i]; !u.topic && !u.trivial() && u.idf > 0 {
			w += u.dw
		}
	}
	return w
}

// polarity reads a yes (+1) or a no (−1) from the text of d, 0 when it
// entails neither. The sentence of the text (or of its lead-in and the
// text together) holding the most of what q's asking clause asks must hold
// at least polarMin of it. It is cut into clauses (clauses); the main
// clauses holding the matched words give the polarity:
//   - an exception clause naming a concept q asks about ("… excepto
//     Esquivar", "except Unconscious") answers the opposite of its main
//     clause;
//   - a main clause with a restriction ("sólo pueden declarar A, B y C",
//     "only") answers yes for a concept it names, no for one it does not
//     (unless another sentence of the text names it without a negation);
//   - otherwise a negation or blocking phrase in them gives a no; with
//     none, a yes needs a permission phrase or the question's own verb in
//     them (a rule that only describes is no yes).
//
// The answer is then the agreement of that polarity with the question's
// own (its main clause negative or not: "does X prevent Y" is answered yes
// by "X prevents Y"). A condition of the question whose opposite the
// sentence states instead ("Reactive Turn" against "in the Active Turn")
// gives 0.
func (e *Engine) polarity(q query, d *candidate, text string) int {
	m := newMatcher(q, d, text)
	if m.weight == 0 {
		return 0
	}
	var best string
	bestW, bestRank := 0.0, 0.0
	verb := q.verb()
	for _, s := range sentences(text) {
		sp := newSpan(s)
		w := m.match(sp)
		// Between sentences holding as much, the one holding the
		// question's verb ("obligatorio" for "forced").
		r := w
		if verb != nil && verb.holds(sp.keys()) {
			r += verb.dw
		}
		if r > bestRank {
			best, bestW, bestRank = s, w, r
		}
	}
	if d.leadIn != nil && m.match(newSpan(d.leadIn.Plain)) > 0 {
		if best == "" {
			best = text
		}
		// A bullet under a lead-in that holds some of what is asked is a
		// case of it: the lead-in gives its modality ("Consumir un Token
		// de Mando permite una de las siguientes opciones:") or what
		// happens ("… se cancela automáticamente en los siguientes
		// casos:").
		best = d.leadIn.Plain + " " + best
		bestW = m.match(newSpan(best))
	}
	if best == "" || bestW/m.weight < polarMin {
		return 0
	}
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(best))
	}
	if opposed(q, best) || !subjectHeld(q, d, best) {
		return 0
	}
	qNeg := questionNegative(q)
	p := sentencePolarity(q, d, m, best, text, v)
	if p == 0 {
		return 0
	}
	if qNeg {
		return -p
	}
	return p
}

// matcher weighs how much of what q asks a span of d's text holds: the
// units of q's asking clause (of all of q when the clause holds none)
// that d's page and section do not name (d's subject: "Engaged" on the
// Trabado page, where "can I dodge while engaged?" asks about Dodge),
// leaving out a plain word of the question's language that d's text, in
// another language, does not hold (it cannot).
type matcher struct {
	units  []*unit
	weight float64
}

func newMatcher(q query, d *candidate, text string) matcher {
	all := keySet(text)
	var m matcher
	pick := func(clauseOnly bool) {
		m.units, m.weight = nil, 0
		for i := range q.units {
			u := &q.units[i]
			if u.trivial() || u.idf == 0 || clauseOnly && !u.inClause || u.holds(d.pageKeys) {
				continue
			}
			if crossLanguage(q, d, u) && !u.holds(all) {
				continue
			}
			m.units = append(m.units, u)
			m.weight += u.dw
		}
	}
	pick(true)
	if m.weight == 0 {
		pick(false)
	}
	return m
}

// match returns the weight of the matcher's units a span holds.
func (m matcher) match(sp span) float64 {
	k := sp.keys()
	var w float64
	for _, u := range m.units {
		if u.holds(k) {
			w += u.dw
		}
	}
	return w
}

// hasClauseUnits reports whether q's asking clause holds a non-topic unit.
func (q query) hasClauseUnits() bool {
	for i := range q.units {
		if u := &q.units[i]; u.inClause && !u.topic && !u.trivial() && u.idf > 0 {
			return true
		}
	}
	return false
}

// clause is one clause of a sentence: its words and stems, and whether it
// is a sub-clause (opens with a conditional or concessive phrase: a
// negation there is a condition, not the sentence's polarity) or an
// exception (opens with an exception phrase).
type clause struct {
	span
	sub, exception bool
}

// clauses cuts a sentence into its clauses: at , ; : (a parenthesis stays
// in its clause) and before a
// conditional, concessive, exception or contrast phrase of v.
func clauses(sentence string, v *Vocabulary) []clause {
	cond := v.ps.cond
	exc := v.ps.exc
	contrast := v.ps.contrast
	var out []clause
	for _, piece := range strings.FieldsFunc(sentence, func(r rune) bool { return strings.ContainsRune(",;:", r) }) {
		w := lang.Words(piece)
		start := 0
		flush := func(end int) {
			if end <= start {
				return
			}
			part := w[start:end]
			c := clause{span: spanOf(part)}
			c.sub = startsWithAny(part, cond)
			c.exception = startsWithAny(part, exc)
			if len(out) > 0 && v.has("conj", part[0]) && start == 0 {
				// ", or it is a VH or TAG": a piece opening with a
				// conjunction goes on with the clause before it.
				c.sub, c.exception = out[len(out)-1].sub, out[len(out)-1].exception
			}
			out = append(out, c)
			start = end
		}
		for i := 1; i < len(w); i++ {
			if startsWithAny(w[i:], cond) || startsWithAny(w[i:], exc) || startsWithAny(w[i:], contrast) {
				flush(i)
			}
		}
		flush(len(w))
	}
	return out
}

// spanOf returns the span of folded words.
func spanOf(words []string) span {
	st := make([]string, len(words))
	for i, x := range words {
		st[i] = stem(x)
	}
	return span{words, st}
}

// holdsAny reports whether a span holds one of the phrases.
func (sp span) holdsAny(ps [][]string) bool { return containsAny(sp.words, ps) }

// negated reports whether a clause holds a negation or blocking phrase of
// v that does not open a relative clause ("las ORA que no requieren LDT
// pueden ser declaradas": the "no" qualifies the ORA).
func (c clause) negated(v *Vocabulary) bool {
	for i := range c.words {
		if startsWithAny(c.words[i:], v.ps.neg) && !(i > 0 && v.has("relative", c.words[i-1])) {
			return true
		}
	}
	return false
}

// keys returns the stems of a span as a set.
func (sp span) keys() map[string]bool {
	m := make(map[string]bool, len(sp.stems))
	for _, s := range sp.stems {
		m[s] = true
	}
	return m
}

// sentencePolarity gives the polarity of a sentence for q (+1, −1, 0),
// as polarity describes.
func sentencePolarity(q query, d *candidate, m matcher, sentence, text string, v *Vocabulary) int {
	cs := clauses(sentence, v)
	objs := q.objects(d)
	matches := func(c clause) bool {
		k := c.keys()
		for _, u := range m.units {
			if u.holds(k) {
				return true
			}
		}
		return false
	}
	names := func(c clause, u *unit) bool { return u.holds(c.keys()) }
	// An exception naming what is asked about: the opposite of the main
	// clause before it.
	mainNeg := false
	for _, c := range cs {
		if c.exception {
			for _, u := range objs {
				if names(c, u) {
					if mainNeg {
						return 1
					}
					return -1
				}
			}
			continue
		}
		if !c.sub && c.negated(v) {
			mainNeg = true
		}
	}
	var main []clause
	for _, c := range cs {
		if !c.sub && !c.exception && matches(c) {
			main = append(main, c)
		}
	}
	if len(main) == 0 {
		// "A Mine never triggers if the template would affect an ally":
		// the conditions hold what is asked, the main clause the subject
		// and the polarity.
		for _, c := range cs {
			if !c.sub && !c.exception && holdsTopic(q, c) {
				main = append(main, c)
			}
		}
	}
	if len(main) == 0 {
		return 0
	}
	restr := v.ps.restr
	for _, c := range main {
		if c.negated(v) {
			return -1
		}
	}
	// A restriction to one ("una única pieza", "a single") against a
	// question about more ("dos piezas"): a no.
	if n := q.count(); n > 1 {
		for _, c := range main {
			if c.holdsAny(restr) && c.holdsAny(v.ps.single) {
				return -1
			}
		}
	}
	for _, c := range cs {
		if c.sub || c.exception || !c.holdsAny(restr) || len(objs) == 0 {
			continue
		}
		// A closed list: does it name what is asked about? Its items may
		// run on into the clauses after it ("Ataque CC, Esquivar, …").
		rest := restAfter(cs, c)
		for _, u := range objs {
			if names(c, u) || rest.holds(u) {
				return 1
			}
		}
		for _, u := range objs {
			if namedElsewhere(u, sentence, text, v) {
				return 1
			}
		}
		return -1
	}
	// A yes: a main clause allows what it names (a permission phrase, or
	// the question's own verb) and holds nearly all the asking clause
	// asks.
	perm := v.ps.perm
	verb := q.verb()
	var allMain []string
	allowed := false
	for _, c := range main {
		allMain = append(allMain, c.stems...)
		if c.holdsAny(perm) || verb != nil && verb.holds(c.keys()) {
			allowed = true
		}
	}
	if allowed && m.match(span{stems: allMain}) >= yesShare*m.weight {
		return 1
	}
	return 0
}

// holdsTopic reports whether a clause holds a unit of a page q names.
func holdsTopic(q query, c clause) bool {
	k := c.keys()
	for i := range q.units {
		if u := &q.units[i]; u.topic && u.holds(k) {
			return true
		}
	}
	return false
}

// restAfter returns the stems of the clauses after c that are neither
// sub-clauses nor exceptions (a list's items cut at its commas).
func restAfter(cs []clause, c clause) *unitSet {
	set := &unitSet{keys: map[string]bool{}}
	after := false
	for _, x := range cs {
		if after {
			if x.sub || x.exception {
				break
			}
			for _, s := range x.stems {
				set.keys[s] = true
			}
		}
		if &x.words[0] == &c.words[0] {
			after = true
		}
	}
	return set
}

// unitSet is a set of stems a unit may be held by.
type unitSet struct{ keys map[string]bool }

func (s *unitSet) holds(u *unit) bool { return u.holds(s.keys) }

// namedElsewhere reports whether a sentence of text other than sentence
// (a seefaq note, another sentence of the record) names u without a
// negation in the clause naming it.
func namedElsewhere(u *unit, sentence, text string, v *Vocabulary) bool {
	for _, s := range sentences(text) {
		if s == sentence {
			continue
		}
		for _, c := range clauses(s, v) {
			if u.holds(c.keys()) && !c.sub && !c.negated(v) {
				return true
			}
		}
	}
	return false
}

// questionNegative reports whether the main clauses of q's asking clause
// hold a negation or blocking phrase.
func questionNegative(q query) bool {
	for _, c := range clauses(strings.Join(q.clause, " "), q.v) {
		if !c.sub && !c.exception && c.negated(q.v) {
			return true
		}
	}
	return false
}

// verb returns the unit of the first content word of q's asking clause
// after its opener (the verb of "¿puede declarar …?", "can I place …"),
// or nil.
func (q query) verb() *unit {
	if len(q.clause) > 0 && q.v.has("copula", q.clause[0]) {
		// "¿es X …?", "is X …?": what follows names a thing, not what
		// it does.
		return nil
	}
	for _, w := range q.clause {
		k := stem(w)
		if stopwords[w] || q.v.has("opener", w) {
			continue
		}
		var found *unit
		for i := range q.units {
			u := &q.units[i]
			for _, x := range u.alts[0] {
				if x == k {
					found = u
				}
			}
		}
		switch {
		case found == nil:
			return nil
		case found.topic || found.named || found.idf == 0:
			// The subject or an object ("can one Dodge let me …"): the
			// verb comes after it.
			continue
		}
		return found
	}
	return nil
}

// opposed reports whether q names a condition whose opposite the sentence
// names instead (an opposites pair of q's vocabulary, or of any: the
// sentence may be of the other language).
func opposed(q query, sentence string) bool {
	qw := lang.Words(q.text)
	sw := lang.Words(sentence)
	for _, v := range sortedVocabs() {
		for _, pair := range v.Opposites {
			if len(pair) != 2 {
				continue
			}
			a, b := lang.Words(pair[0]), lang.Words(pair[1])
			for _, x := range [][2][]string{{a, b}, {b, a}} {
				if indexWords(qw, x[0]) >= 0 && indexWords(qw, x[1]) < 0 && indexWords(sw, x[1]) >= 0 && indexWords(sw, x[0]) < 0 {
					return true
				}
			}
		}
	}
	return false
}

// objects returns the units of q that name a game concept (a page title,
// or a name: a skill, a state, a piece of equipment…) other than the
// subject of d (what its page and section name): what a closed list or an
// exception is asked about.
func (q query) objects(d *candidate) []*unit {
	var out []*unit
	for i := range q.units {
		u := &q.units[i]
		if u.idf > 0 && (u.page || q.names[u.alts[0][0]]) && !u.holds(d.pageKeys) {
			out = append(out, u)
		}
	}
	return out
}

// count returns the number q's asking clause states for what it asks
// about ("dos piezas", "two Mines"), or 0.
func (q query) count() int {
	for _, w := range q.clause {
		if n, ok := numberWord(w); ok {
			return atoi(n)
		}
		if w != "" && w[0] >= '0' && w[0] <= '9' && len(w) <= 2 {
			return atoi(w)
		}
	}
	return 0
}

// subjectHeld reports whether the sentence giving a verdict, with d's page
// and section, holds q's subject: a unit of a page q names, or (when it
// names none) its weightiest named concept. A sentence about something
// else, however close its words, does not answer for the subject.
func subjectHeld(q query, d *candidate, sentence string) bool {
	k := keySet(sentence)
	for key := range d.pageKeys {
		k[key] = true
	}
	var best *unit
	any := false
	for i := range q.units {
		u := &q.units[i]
		if u.idf == 0 {
			continue
		}
		if u.topic {
			any = true
			if u.holds(k) {
				return true
			}
		}
		if u.named && (best == nil || u.dw > best.dw) {
			best = u
		}
	}
	if any {
		return false
	}
	return best == nil || best.holds(k)
}

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
		text string
		dist int
		w    float64
		near int // distance to the nearest other word of the question
	}
	counted := q.countedUnit()
	var best *pick
	for _, s := range sentences(text) {
		toks := numberTokens(s)
		sp := newSpan(s)
		toks = append(toks, articleOnes(sp, counted)...)
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
		for _, t := range toks {
			d := numberReach + 1
			for _, a := range anchors {
				d = min(d, abs(a-t.word))
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
			// The sentence holding most of the question, then the number
			// nearest the quantity asked, then nearest the rest of the
			// question ("MOD de +3 a las Aliadas y MOD de -3 a las
			// Enemigas" for an enemy).
			if best == nil || w > best.w || w == best.w && (d < best.dist || d == best.dist && near < best.near) {
				best = &pick{t.show, d, w, near}
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

// articleOnes returns, as the number 1, the articles of a sentence that
// stand right before what a question counts ("sólo deberá realizar una
// Tirada de Salvación" for "how many Saving Rolls").
func articleOnes(sp span, counted *unit) []numberToken {
	if counted == nil {
		return nil
	}
	var out []numberToken
	for i := 0; i+1 < len(sp.words); i++ {
		if !one(sp.words[i]) {
			continue
		}
		for _, alt := range counted.alts {
			if len(alt) > 0 && i+len(alt) < len(sp.stems) && indexWords(sp.stems[i+1:i+1+len(alt)], alt) == 0 {
				out = append(out, numberToken{word: i, show: "1"})
				break
			}
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
	word int
	show string
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
		out = append(out, numberToken{word: i, show: show})
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
