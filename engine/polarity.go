package engine

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// polarity reads a yes (+1) or a no (−1) from the text of d, 0 when it
// entails neither. What the text can be read for (the matcher's units:
// in a text of another language, the plain words it does not hold are
// left out) must be at least polarMin of what is asked, and the sentence
// of the text (or of its lead-in and the text together) holding the most
// of it must hold at least polarMin of that. It is cut into clauses
// (clauses); the main clauses holding the matched words give the
// polarity:
//   - an exception clause naming a concept q asks about ("… excepto
//     Esquivar", "except Unconscious") answers the opposite of its main
//     clause;
//   - a main clause with a restriction ("sólo pueden declarar A, B y C",
//     "only") answers yes for a concept it names, no for one it does not
//     (unless another sentence of the text names it without a negation)
//     when it is a list (enumerates: "sólo durante ese Turno" restricts
//     when, it lists nothing);
//   - otherwise a negation or blocking phrase in them gives a no; with
//     none, a yes needs a permission phrase (an obligation when q asks
//     whether something is required: "¿tiene que…?"), an obligation, an
//     affirmation ("siempre", "always", "sigue") or the question's own
//     verb in them (a rule that only describes is no
//     yes), and a restriction when q asks about one ("¿sólo a los
//     Hackers?"); a question asking whether something is required is
//     answered yes too by an affirmation without a permission ("también
//     realizan"), and one asking whether one thing is another by an
//     identity phrase between them ("… forma un Grupo de Combate",
//     identifies).
//
// The answer is then the agreement of that polarity with the question's
// own (its main clause negative or not: "does X prevent Y" is answered yes
// by "X prevents Y"). A condition of the question whose opposite the
// sentence states instead ("Reactive Turn" against "in the Active Turn")
// gives 0.
func (e *Engine) polarity(q query, d *candidate, text string) int {
	p, _ := e.polarityWhole(q, d, text)
	return p
}

// polarityWhole is polarity, and whether the sentence the polarity is
// read from holds every unit of what is asked that the text can be read
// for (the matcher's whole weight).
func (e *Engine) polarityWhole(q query, d *candidate, text string) (int, bool) {
	m := newMatcher(q, d, text)
	if m.weight == 0 || m.weight < polarMin*(m.weight+m.dropped) || m.weight < m.lostName {
		// What the text can be read for (in another language, the words
		// it does not translate left out) is too little of what is asked,
		// or weighs less than the names it lacks: what it says of the
		// rest ("tropa" of "¿… tropa … unirse a un Fireteam?") is not
		// said of the case.
		return 0, false
	}
	var best string
	bestW, bestRank := 0.0, 0.0
	verb := q.verb()
	// The sentences of text, each with what m weighs of it: nextPolarity
	// reads them again.
	sents := sentences(text)
	weights := make([]float64, len(sents))
	for i, s := range sents {
		k := newSpan(s).keys()
		w := m.matchKeys(k)
		weights[i] = w
		// Between sentences holding as much, the one holding the
		// question's verb ("obligatorio" for "forced").
		r := w
		if verb != nil && verb.holds(k) {
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
	if d.leadIn != nil && bulletUnasked(q, d) || leadInOnly(d) {
		return 0, false
	}
	need := m.weight
	if best != "" {
		// A closed list leaves out what it does not allow ("sólo pueden
		// declarar A, B o C" for D): what is asked beside the concepts it
		// is asked about is what the sentence must hold.
		if lv := vocabFor(detectLanguage(best)); listsAllowed(best, lv) {
			sp := newSpan(best)
			for _, u := range q.objects(d) {
				if slices.Contains(m.units, u) && !u.holds(sp.keys()) {
					need -= u.dw
				}
			}
		}
	}
	if best == "" || need <= 0 || bestW/need < polarMin {
		return 0, false
	}
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(best))
	}
	if opposed(q, best) || !subjectHeld(q, d, best) {
		return 0, false
	}
	qNeg := questionNegative(q)
	p := sentencePolarity(q, d, m, best, text, v)
	whole := p != 0 && bestW >= m.weight && m.dropped == 0
	if (p > 0) != qNeg && p != 0 && e.siblingSubject(q, best) {
		// A yes (the sentence's polarity agreeing with the question's:
		// "impidiéndoles" answers "¿impide …?") said of another concept
		// the sentence opens with (siblingSubject) is no yes for the
		// subject.
		return 0, false
	}
	if p == 0 && d.leadIn == nil {
		// The sentence holding the most of what is asked may say nothing
		// of it ("Las ORAs de Programas Hacker … se consideran ORAs
		// válidas …") while another that holds enough rules on it ("Las
		// ORA de Esquiva no se consideran válidas …"): the next that
		// gives a polarity, heaviest first.
		p = nextPolarity(q, d, m, best, text, sents, weights, need, v)
		whole = false
	}
	if p == 0 {
		return 0, false
	}
	if p > 0 && unmetCondition(q, d, text) {
		return 0, false
	}
	if p > 0 && !questionNegative(q) && otherSubject(q, d, best) {
		return 0, false
	}
	if qNeg {
		return -p, whole
	}
	return p, whole
}

// nextPolarity returns the polarity of the sentence of text (sents, with
// what m weighs of each) other than best that gives one and holds the
// most of what m weighs (at least polarMin of need), with no opposed
// condition and q's subject held; 0 when none does.
func nextPolarity(q query, d *candidate, m matcher, best, text string, sents []string, weights []float64, need float64, v *Vocabulary) int {
	type cand struct {
		s string
		w float64
	}
	var cs []cand
	for i, s := range sents {
		if s == best {
			continue
		}
		if w := weights[i]; w/need >= polarMin {
			cs = append(cs, cand{s, w})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		switch {
		case a.w > b.w:
			return -1
		case a.w < b.w:
			return 1
		}
		return 0
	})
	for _, c := range cs {
		if opposed(q, c.s) || !subjectHeld(q, d, c.s) {
			continue
		}
		if p := sentencePolarity(q, d, m, c.s, text, v); p != 0 {
			return p
		}
	}
	return 0
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
	// dropped is the weight of the units left out because d's text, in
	// another language, does not hold them.
	dropped float64
	// lostName is the weight of those that the question writes as a
	// name in its asking clause: a plain word of the question's language
	// cannot be in the text, but a name can ("Fireteam", "Berserk" are
	// written alike in both wikis), and one the text lacks may be
	// asked and not answered.
	lostName float64
}

func newMatcher(q query, d *candidate, text string) matcher {
	all := newSpan(text).keys()
	var m matcher
	pick := func(clauseOnly bool) {
		m.units, m.weight, m.dropped, m.lostName = nil, 0, 0, 0
		for i := range q.units {
			u := &q.units[i]
			if u.trivial() || u.idf == 0 || clauseOnly && !u.inClause || u.holds(d.pageKeys) || modalUnit(q, u) {
				continue
			}
			if slices.ContainsFunc(m.units, func(o *unit) bool { return sameAlts(o, u) }) {
				// A word the question says twice ("la TS con PB: ¿se
				// divide a la mitad la PB?") is one thing asked.
				continue
			}
			if crossLanguage(q, d, u) && !u.holds(all) {
				m.dropped += u.dw
				if u.named && u.inClause {
					m.lostName += u.dw
				}
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

// sameAlts reports whether units a and b have the same alternatives.
func sameAlts(a, b *unit) bool {
	return slices.EqualFunc(a.alts, b.alts, func(x, y []string) bool { return slices.Equal(x, y) })
}

// modalUnit reports whether u is the modality q asks about: the
// permission a question opening with a copula asks about, the rest of a
// permission phrase split by its subject ("allowed" of "is the Pilot
// allowed to dismount?", afterSplitPermission), or a one-word obligation
// phrase of a question asking whether something is required ("require",
// "necesita"). It is what the text must say of the act
// (sentencePolarity reads its own permission and obligation phrases:
// "can", "requires"), not a thing it must name.
func modalUnit(q query, u *unit) bool {
	w := lang.Fold(u.typed)
	if asksObligation(q) && slices.ContainsFunc(q.v.ps.oblig, func(p []string) bool { return len(p) == 1 && p[0] == w }) {
		return true
	}
	if len(q.clause) == 0 || !q.v.has("copula", q.clause[0]) {
		return false
	}
	for _, p := range q.v.ps.perm {
		if len(p) >= 2 && q.v.has("copula", p[0]) && p[len(p)-1] == w {
			return true
		}
	}
	return false
}

// match returns the weight of the matcher's units a span holds.
func (m matcher) match(sp span) float64 { return m.matchKeys(sp.keys()) }

// matchKeys is match of a span's keys.
func (m matcher) matchKeys(k map[string]bool) float64 {
	var w float64
	for _, u := range m.units {
		if u.holds(k) {
			w += u.dw
		}
	}
	return w
}

// clause is one clause of a sentence: its words and stems, whether it
// is a sub-clause (opens with a conditional or concessive phrase: a
// negation there is a condition, not the sentence's polarity) or an
// exception (opens with an exception phrase), and for each word the
// parenthesis of the sentence it stands in (0 for none, else 1 for the
// first, 2 for the second…).
type clause struct {
	span
	sub, exception bool
	// lead: the clause ends at a colon, a lead-in whose modality the
	// list items after it take ("The following Troopers cannot be part
	// of a Fireteam: Peripherals and their Controllers").
	lead  bool
	paren []int
}

// clauses cuts a sentence into its clauses: at , ; : and before a
// conditional, concessive, exception or contrast phrase of v. The clause
// a colon ends is marked lead.
func clauses(sentence string, v *Vocabulary) []clause {
	cond := v.ps.cond
	exc := v.ps.exc
	contrast := v.ps.contrast
	parens := parenthesesOf(sentence)
	var out []clause
	start := 0
	for i := 0; i <= len(sentence); i++ {
		if i < len(sentence) && !strings.ContainsRune(",;:", rune(sentence[i])) {
			continue
		}
		if i < len(sentence) && sentence[i] == ',' {
			if j := strings.IndexByte(sentence[i+1:], ','); j >= 0 && isAside(sentence[i+1:i+1+j], v) {
				// "no puede provocar, en ningún caso, la caída": the
				// clause goes on across the phrase set aside.
				i += j + 1
				continue
			}
		}
		terms := lang.Split(sentence[start:i])
		w := make([]string, len(terms))
		in := make([]int, len(terms))
		for k, t := range terms {
			w[k] = v.bare(lang.Fold(t.Text))
			in[k] = parenAt(parens, start+t.Start)
		}
		start = i + 1
		from := 0
		flush := func(end int) {
			if end <= from {
				return
			}
			part := w[from:end]
			c := clause{span: spanOf(part), paren: in[from:end]}
			c.sub = startsWithAny(part, cond)
			c.exception = startsWithAny(part, exc)
			if len(out) > 0 && v.has("conj", part[0]) && from == 0 {
				// ", or it is a VH or TAG": a piece opening with a
				// conjunction goes on with the clause before it.
				c.sub, c.exception = out[len(out)-1].sub, out[len(out)-1].exception
			}
			out = append(out, c)
			from = end
		}
		for k := 1; k < len(w); k++ {
			if startsWithAny(w[k:], cond) || startsWithAny(w[k:], exc) || startsWithAny(w[k:], contrast) ||
				startsWithAny(w[from:], v.ps.ifs) && startsWithAny(w[k:], v.ps.then) ||
				declaredCondition(w[from:k], v) && startsWithAny(w[k:], v.ps.notNeg) {
				// A consequence phrase ends a condition written
				// without a comma ("si … pasa entonces a estado
				// Muerto"), and so does a negation after a condition
				// of declaring something (declaredCondition): what it
				// opens is the main clause.
				flush(k)
			}
		}
		flush(len(w))
		if i < len(sentence) && sentence[i] == ':' && len(out) > 0 {
			out[len(out)-1].lead = true
		}
	}
	return out
}

// lacksAsked reports whether clause c holds a privative word right before
// a word of an act q's asking clause asks about ("sin aplicar", "without
// applying" for "¿aplica …?"): a unit of it that is no name, written in q
// with no privative word before it ("¿puede responder sin aplicar …?"
// asks of the case without it).
func lacksAsked(q query, c clause, v *Vocabulary) bool {
	for i := 0; i+1 < len(c.words); i++ {
		if !v.has("privative", c.words[i]) {
			continue
		}
		k := map[string]bool{c.stems[i+1]: true}
		for j := range q.units {
			u := &q.units[j]
			if !u.inClause || u.named || u.topic || u.idf == 0 || u.trivial() || !u.holds(k) {
				continue
			}
			free := false
			for n, w := range q.clause {
				if u.holds(map[string]bool{stem(w): true}) && (n == 0 || !q.v.has("privative", q.clause[n-1])) {
					free = true
				}
			}
			if free {
				return true
			}
		}
	}
	return false
}

// narrows reports whether exception clause cs[at] narrows a denial
// before it: a negated main clause before it names u, which the exception
// names too ("no aplicará ningún tipo de Modificador negativo, a
// excepción del MOD de FIS-6 …"). The denial answers of u, but for the
// case the exception takes out.
func narrows(cs []clause, at int, u *unit, v *Vocabulary) bool {
	if !u.holds(cs[at].excepted()) {
		return false
	}
	for _, c := range cs[:at] {
		if !c.sub && !c.exception && c.negated(v) && u.holds(c.keys()) {
			return true
		}
	}
	return false
}

// declaredCondition reports whether words, the start of a piece of a
// sentence, are a whole condition of declaring something: a conditional
// phrase, a use verb and its object, the last word a content word ("Si la
// Tropa declara Esquivar no aplicará …"). A negation right after it opens
// the main clause, the comma left out; one after a relative word or a
// list conjunction ("… declara Esquivar y no …") goes on with the
// condition.
func declaredCondition(words []string, v *Vocabulary) bool {
	if len(words) < 3 || !startsWithAny(words, v.ps.cond) {
		return false
	}
	last := words[len(words)-1]
	if !content(last, v) || v.has("useverb", last) {
		return false
	}
	for _, w := range words[1 : len(words)-1] {
		if v.has("useverb", w) {
			return true
		}
	}
	return false
}

// isAside reports whether piece (the text between two commas) is wholly
// one of v's asides.
func isAside(piece string, v *Vocabulary) bool {
	w := lang.Words(piece)
	for _, p := range v.ps.asides {
		if slices.Equal(w, p) {
			return true
		}
	}
	return false
}

// parenthesesOf returns the byte spans of the outermost parentheses of s;
// one left open runs to the end of s.
func parenthesesOf(s string) [][2]int {
	var out [][2]int
	depth, open := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '(':
			if depth == 0 {
				open = i
			}
			depth++
		case s[i] == ')' && depth > 0:
			if depth--; depth == 0 {
				out = append(out, [2]int{open, i})
			}
		}
	}
	if depth > 0 {
		out = append(out, [2]int{open, len(s)})
	}
	return out
}

// parenAt returns 1 + the index of the parenthesis of spans holding byte
// offset i, 0 when none does.
func parenAt(spans [][2]int, i int) int {
	for k, r := range spans {
		if i > r[0] && i < r[1] {
			return k + 1
		}
	}
	return 0
}

// excepted returns the stems of what exception clause c takes out: its
// words but those of a parenthesis opened after its exception phrase.
// "… may cancel all of their target's States … except Unconscious
// (Immobilized-A and B, Targeted, etc.)" excepts Unconscious; the
// parenthesis may as well list examples of the main clause, and is not
// read as excepted. "(except for Jump)" stands in its own parenthesis and
// excepts Jump.
func (c clause) excepted() map[string]bool {
	m := make(map[string]bool, len(c.stems))
	own := 0
	if len(c.paren) > 0 {
		own = c.paren[0]
	}
	for i, s := range c.stems {
		if i >= len(c.paren) || c.paren[i] == 0 || c.paren[i] == own {
			m[s] = true
		}
	}
	return m
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
// pueden ser declaradas": the "no" qualifies the ORA), also with a
// negation adverb between them ("al que todavía no he llegado"), or
// with the subject of a possessive relative between them ("un Grupo …
// cuyo número de integrantes no supera un total de 10": the "no" limits
// the group's size).
func (c clause) negated(v *Vocabulary) bool { return c.negatedBy(v, v.ps.neg) }

// negatedBy is negated with the phrases ps.
func (c clause) negatedBy(v *Vocabulary, ps [][]string) bool {
	for i := range c.words {
		if !startsWithAny(c.words[i:], ps) {
			continue
		}
		if i > 0 && v.has("nounprep", c.words[i-1]) {
			continue
		}
		j := relativeBefore(c.words, i, v)
		if j >= 0 && v.has("relative", c.words[j]) && !endsWithAny(c.words[:j+1], v.ps.consec) {
			continue
		}
		if possessiveSubject(c.words[:j+1], v) {
			continue
		}
		return true
	}
	return false
}

// relativeBefore returns the index of the word that would open a relative
// clause holding the negation at words[i]: the word before it, or before
// a negation adverb ("al que todavía no"), a copula ("who is not",
// "that are not") or a relative verb ("that has no") standing between
// them; -1 at the start of words. The
// caller checks that word is a relative one.
func relativeBefore(words []string, i int, v *Vocabulary) int {
	j := i - 1
	if j > 0 && v.has("negadv", words[j]) {
		j--
	}
	if j > 0 && (v.has("copula", words[j]) || v.has("relverb", words[j])) && v.has("relative", words[j-1]) {
		j--
	}
	return j
}

// possessiveSubject reports whether words end with a possessive relative
// and its subject: a noun, optionally with one complement opened by a
// genitive ("cuyo número", "cuyo número de integrantes", "whose number of
// the members"), and the auxiliary carrying the negation ("does"). Anything else between them ("cuyo Token esté
// descubierto no pueden…") may be the relative clause's verb, the
// negation after it the main clause's.
func possessiveSubject(words []string, v *Vocabulary) bool {
	noun := func(w string) bool {
		return !v.has("function", w) && !v.has("relative", w) && !v.has("det", w) && !v.has("modal", w)
	}
	n := len(words)
	if n > 0 && v.has("opener", words[n-1]) {
		// An auxiliary carries the negation ("whose number … does
		// not"): it is the relative clause's verb.
		n--
		words = words[:n]
	}
	if n >= 2 && noun(words[n-1]) && v.has("possrel", words[n-2]) {
		return true
	}
	k := n - 1
	if k < 0 || !noun(words[k]) {
		return false
	}
	k--
	if k >= 0 && v.has("det", words[k]) {
		k--
	}
	return k >= 2 && v.has("genitive", words[k]) && noun(words[k-1]) && v.has("possrel", words[k-2])
}

// keys returns the stems of a span as a set, with the stem of the verb
// of each noun it writes as the verb's noun (verbOfNoun: "Movement" holds
// "Move") and the keys of every paraphrase group whose phrase it holds
// ("enters the Dead State" holds "muere", paraphraseGroups).
func (sp span) keys() map[string]bool {
	m := make(map[string]bool, len(sp.stems))
	for _, s := range sp.stems {
		m[s] = true
	}
	for _, w := range sp.words {
		if b, ok := verbOfNoun(w); ok {
			m[stem(b)] = true
		}
	}
	for _, g := range paraphraseGroups() {
		if g.heldBy(sp.stems) {
			for _, k := range g.keys {
				m[k] = true
			}
		}
	}
	return m
}

// paraphraseGroup is one group of the vocabularies' Paraphrases, in
// every language: its phrases as stems and the keys they hold.
type paraphraseGroup struct {
	phrases [][]string
	keys    []string
}

// heldBy reports whether stems hold one of g's phrases, its words in a
// row.
func (g paraphraseGroup) heldBy(stems []string) bool {
	for _, p := range g.phrases {
	next:
		for i := 0; i+len(p) <= len(stems); i++ {
			for j, s := range p {
				if stems[i+j] != s {
					continue next
				}
			}
			return true
		}
	}
	return false
}

// paraphraseGroups returns the Paraphrases of every vocabulary, a group
// for each key, its phrases those of every language.
var paraphraseGroups = sync.OnceValue(func() []paraphraseGroup {
	byKey := map[string]*paraphraseGroup{}
	var order []string
	for _, v := range sortedVocabs() {
		for _, name := range slices.Sorted(maps.Keys(v.Polarity.Paraphrases)) {
			g := byKey[name]
			if g == nil {
				g = &paraphraseGroup{}
				byKey[name] = g
				order = append(order, name)
			}
			for _, p := range v.Polarity.Paraphrases[name] {
				w := lang.Words(p)
				if len(w) == 0 {
					continue
				}
				g.phrases = append(g.phrases, spanOf(w).stems)
				for _, k := range keys(p) {
					if !slices.Contains(g.keys, k) {
						g.keys = append(g.keys, k)
					}
				}
			}
		}
	}
	out := make([]paraphraseGroup, 0, len(order))
	for _, name := range order {
		out = append(out, *byKey[name])
	}
	return out
})

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
	// A yes or a no is said of a predicate: a sentence that names the
	// question's act (its verb: "dismount" of "can a Pilot dismount if
	// his TAG is Unconscious?") only in a condition or an exception rules
	// on something else in that case. "When Dismounting …, any States …
	// will also be applied to the Pilot, with the exception of
	// Unconscious" denies applying Unconscious, not dismounting. (A
	// sentence that does not name the act at all may word it otherwise,
	// or in another language: it is read as before.)
	verb := q.verb()
	acts := verb == nil || verb.holds(d.pageKeys) || !verb.holds(newSpan(sentence).keys())
	for _, c := range cs {
		if !acts && !c.sub && !c.exception && verb.holds(c.keys()) {
			acts = true
		}
	}
	// An exception naming what is asked about: the opposite of the main
	// clause before it. One naming what the main clause names as well
	// narrows it ("no aplicará ningún tipo de Modificador negativo, a
	// excepción del MOD de FIS-6 …" for "¿aplica modificadores
	// negativos?"): the main clause answers, and the exception qualifies
	// it (exceptionQualifier).
	mainNeg := false
	for i, c := range cs {
		if c.exception {
			if !acts {
				continue
			}
			for _, u := range objs {
				if u.holds(c.excepted()) && !narrows(cs, i, u, v) {
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
	// An item naming what is asked about takes the predicate of the
	// lead-in before it, whose subject it is: "cannot be part of a
	// Fireteam" is said of "Peripherals and their Controllers". The
	// lead-in is then a main clause, its actor the item's (leadOf).
	lead, leadOf := -1, -1
	for i, c := range cs {
		if lead >= 0 && leadOf < 0 && !c.sub && !c.exception && namesObject(c, objs) {
			leadOf = lead
			if !matches(cs[lead]) {
				main = append(main, cs[lead])
			}
		}
		if !c.sub && !c.exception && matches(c) {
			main = append(main, c)
		}
		if c.lead && !c.sub && !c.exception && leadOf < 0 {
			lead = i
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
	// A blocking verb is an act of its own: in a sentence that does not
	// name the question's act, it denies that act only when the sentence
	// holds most of what is asked ("Troopers with … Courage … ignore all
	// effects of Retreat!" for "¿una tropa con Coraje sufre los efectos
	// de Retirada?"). "La Munición Shock anula el estado Inconsciente de
	// las Tropas con esta Habilidad" says what Shock cancels, not whether
	// it kills them ("¿se carga a …?": the heaviest of what is asked).
	// So is a negation in a see-also entry's label (terse): "Restrictions
	// Chart (TAGs cannot be Prone.)" denies being Prone, not shooting
	// while Prone; a label does not word the question's act otherwise.
	actAbsent := verb != nil && !verb.holds(d.pageKeys) && !verb.holds(newSpan(sentence).keys())
	otherAct := actAbsent && m.match(newSpan(sentence)) <= blockShare*m.weight
	blockingAsked := questionBlocking(q)
	// A main clause whose actor is another than the question's subject,
	// or whose negation is of something else than what is asked, rules
	// on that, neither for nor against.
	// A clause that only says something is not needed ("no es necesario
	// tomar a una miniatura como objetivo y se puede arrojar a un punto
	// … vacío") and allows an act says what that act may do without: it
	// is read as its permission, not as a no.
	needOnly := func(c clause) bool {
		return !asksObligation(q) && onlyNeedless(c, v) && c.holdsAny(v.ps.perm)
	}
	own := main[:0:0]
	// antecedents are the negated clauses a relative clause after them
	// answers for (relativeAffirms): what that relative clause states is
	// said of what they name.
	var antecedents []clause
	for _, c := range main {
		if !(leadOf >= 0 && &c.words[0] == &cs[leadOf].words[0]) && actorOther(q, d, cs, c, v) {
			continue
		}
		if c.negated(v) && !needOnly(c) {
			if relativeAffirms(cs, c, m, v) {
				antecedents = append(antecedents, c)
				continue
			}
			if deniesOther(q, cs, c, objs, v) || deniesUnasked(q, d, c, m, v) {
				continue
			}
		}
		own = append(own, c)
	}
	if main = own; len(main) == 0 {
		return 0
	}
	for _, c := range main {
		if c.negated(v) && !needOnly(c) {
			if !acts || otherAct && !c.negatedBy(v, v.ps.notNeg) || actAbsent && terse(d) {
				return 0
			}
			if asksObligation(q) && !c.holdsAny(v.ps.oblig) && deniesDoing(m, c, v) {
				// What a rule says is not done, in the plain present
				// and of nearly all that is asked ("las Tropas equipadas
				// … no realizan Tiradas Enfrentadas contra … Humo" for
				// "¿tengo que hacer Tirada Enfrentada contra el Humo?"),
				// is not required: the no mirrors the yes a plain
				// "también realizan" gives.
				return -1
			}
			if asksObligation(q) && (!c.holdsAny(v.ps.oblig) || !requiredHeld(q, m, c)) {
				// Whether something is required is denied by a clause
				// saying it is not needed, of what is asked ("Mines have
				// no need of LoF"), not by a negation of another act or
				// of another requirement ("A Mine never triggers if …",
				// "The target … does not need to have the Hackable
				// Characteristic" for "does Spotlight need LoF?").
				return 0
			}
			if !blockingAsked && !c.negatedBy(v, v.ps.notNeg) && !governed(q, m, c, v) {
				// A blocking verb denies what it governs, its object:
				// "impidiéndoles trazar LDT" denies drawing LoF, "las
				// Tropas con Coraje ignoran todos los efectos de
				// ¡¡¡Retirada!!!" that they suffer them. "La Munición
				// Shock anula el estado Inconsciente de las Tropas con
				// esta Habilidad Especial" cancels a state of those
				// troopers: it does not deny that Shock affects or
				// kills them.
				return 0
			}
			if blockingAsked && !c.negatedBy(v, v.ps.notNeg) && !blockedBy(q, d, cs, c, v) {
				// A blocking verb against a question whether X blocks Y
				// is its answer only when X is its actor (blockedBy):
				// "the Multispectral Visors ignore the effects of Smoke"
				// denies that Smoke blocks them, and "Eclipse … designed
				// to block the effect of Multispectral Visors" says
				// nothing of Smoke. That Y cannot happen is read ("no
				// pueden trazar LDT": yes, it blocks), and that it can.
				return 0
			}
			if blockingAsked && c.negatedBy(v, v.ps.notNeg) && deniedActor(q, c, v) {
				// X of "does X ignore Y?" is the subject of what the
				// text says cannot be done ("Las Tropas equipadas con
				// Visor Multiespectral no pueden trazar LDT a través de
				// una Zona de Ruido Blanco"): X fails against Y, it does
				// not ignore or block it; polarity turns this into a no.
				return 1
			}
			return -1
		}
	}
	// "permite responder … sin aplicar el MOD de -6" for "¿aplica el MOD
	// de -6?": what the main clause allows is done without the act asked
	// about, a no.
	for _, c := range main {
		if lacksAsked(q, c, v) {
			return -1
		}
	}
	// A restriction to one ("una única pieza", "a single") against a
	// question about more ("dos piezas"): a no.
	if n := q.count(); n > 1 {
		counted := q.countedNoun()
		for _, c := range main {
			if c.holdsAny(restr) && c.holdsAny(v.ps.single) || counted != nil && singleOf(c, counted, v) {
				return -1
			}
		}
	}
	for _, c := range cs {
		if c.sub || c.exception || !c.holdsAny(restr) || len(objs) == 0 {
			continue
		}
		if !grants(cs, v) {
			// "acts as a Zero Visibility Zone, but only for Troopers
			// with … a Multispectral Visor": a restriction of whom a
			// rule applies to, no list of what is allowed.
			continue
		}
		// A closed list: does it name what is asked about? Its items may
		// run on into the clauses after it ("Ataque CC, Esquivar, …").
		items := listItems(cs, c, v)
		for _, u := range objs {
			if slices.ContainsFunc(items, func(k map[string]bool) bool { return u.holdsWhole(k) }) {
				return 1
			}
		}
		for _, u := range objs {
			if namedElsewhere(u, sentence, text, v) {
				return 1
			}
		}
		if !enumerates(cs, c, v) {
			// "pero sólo durante ese Turno de Jugador": a restriction of
			// when or how, not a list of what is allowed; leaving out
			// what is asked says nothing of it.
			continue
		}
		return -1
	}
	// A yes: a main clause allows what it names (a permission phrase, or
	// the question's own verb) and holds nearly all the asking clause
	// asks.
	// A question asking whether something is required ("¿tiene que…?",
	// "must I…?") is answered by an obligation, not by a permission.
	modal := v.ps.perm
	oblig := asksObligation(q)
	if oblig {
		modal = v.ps.oblig
	}
	identity := asksIdentity(q)
	if !acts {
		return 0
	}
	var allMain, allWords []string
	allowed := false
	for _, c := range antecedents {
		allMain = append(allMain, c.stems...)
		allWords = append(allWords, c.words...)
	}
	for _, c := range main {
		allMain = append(allMain, c.stems...)
		allWords = append(allWords, c.words...)
		if c.holdsAny(modal) || c.holdsAny(v.ps.oblig) || !oblig && (c.holdsAny(v.ps.affirm) || verb != nil && verb.holds(c.keys())) {
			allowed = true
		}
		if oblig && c.holdsAny(v.ps.affirm) && !c.holdsAny(v.ps.perm) {
			// A rule states what is done in the plain present: "las
			// Tropas … también realizan Tiradas Enfrentadas" answers
			// whether they have to, as "deben realizar" does; "también
			// pueden" allows, it does not require.
			allowed = true
		}
		if identity && identifies(q, m, cs, c, v) {
			allowed = true
		}
	}
	// The case a permission of the question's act is given in is its
	// condition: "If the TAG is in Unconscious State, the Pilot can still
	// Dismount" allows dismounting in the case "if his TAG is
	// Unconscious" asks of. A condition stated negatively ("if it is not
	// …") is another case; a sentence whose main clauses do not name the
	// act ("if it hits a target with PH 12, this Trooper will have to
	// make a PH-6 Roll") says what happens in its case, not whether the
	// act is allowed in it.
	// A parenthesis opened after an exception phrase lists examples of
	// the main clause ("may cancel all … States … except Unconscious
	// (Immobilized-A and B, Targeted, etc.)", excepted): what it names is
	// what the main clause allows.
	for _, c := range cs {
		if !c.exception {
			continue
		}
		ex := c.excepted()
		for i, st := range c.stems {
			if i < len(c.paren) && c.paren[i] != 0 && !ex[st] {
				allMain = append(allMain, st)
				allWords = append(allWords, c.words[i])
			}
		}
	}
	if verb != nil && verb.holds(span{allWords, allMain}.keys()) {
		for _, c := range cs {
			if c.sub && !c.negated(v) {
				allMain = append(allMain, c.stems...)
				allWords = append(allWords, c.words...)
			}
		}
	}
	// The clauses of a sentence cut at its commas go on with the modality
	// of the main clause they continue ("A Trooper may change its status
	// …, at either the start … or at the end of their Movement"): a
	// permission in a main clause before the matching ones allows them.
	for _, c := range cs {
		if c.sub || c.exception {
			continue
		}
		if c.holdsAny(modal) {
			allowed = true
		}
		if matches(c) {
			break
		}
	}
	if allowed && asksOnly(q) {
		// "¿incluye sólo a los Hackers?": a text that does not restrict
		// what it allows does not say it is all.
		restricted := false
		for _, c := range main {
			restricted = restricted || c.holdsAny(restr)
		}
		if !restricted {
			return 0
		}
	}
	if allowed && m.match(span{allWords, allMain}) >= yesShare*m.weight {
		return 1
	}
	return 0
}

// deniesDoing reports whether clause c denies doing what is asked in
// the plain present: a negation of v, with no blocking verb and no
// permission phrase ("no puede" denies a permission, another modality),
// in a clause holding at least yesShare of what the matcher weighs, as a
// yes needs.
func deniesDoing(m matcher, c clause, v *Vocabulary) bool {
	var blocking [][]string
	for _, p := range v.ps.neg {
		if !slices.ContainsFunc(v.ps.notNeg, func(n []string) bool { return slices.Equal(n, p) }) {
			blocking = append(blocking, p)
		}
	}
	return c.negatedBy(v, v.ps.notNeg) && !c.holdsAny(v.ps.perm) && !c.holdsAny(blocking) &&
		m.match(c.span) >= yesShare*m.weight
}

// namesObject reports whether clause c holds one of the concepts objs a
// question asks about.
func namesObject(c clause, objs []*unit) bool {
	k := c.keys()
	return slices.ContainsFunc(objs, func(u *unit) bool { return u.holds(k) })
}

// deniesOther reports whether the negation of main clause c of the
// clauses cs of a sentence is of something else than what q asks:
//   - its only negation says something is not needed ("sin necesidad de
//     realizar tirada", "no need") and q asks no obligation: what needs
//     no roll is still done, and nothing is denied;
//   - it names none of the concepts q asks about (objs) while a clause
//     of the sentence opening with a contrast names one ("designed not
//     to cause any real harm, but it is powerful enough to immobilize"
//     for "does it cause Immobilized-A?"): what it denies is another
//     thing. (A clause going on from it, a list after its colon or in a
//     parenthesis, is what it denies.)
func deniesOther(q query, cs []clause, c clause, objs []*unit, v *Vocabulary) bool {
	if !asksObligation(q) && !c.negatedBy(v, needless(v)) {
		return true
	}
	for _, u := range objs {
		if u.holds(c.keys()) {
			return false
		}
	}
	for _, x := range cs {
		if x.sub || x.exception || &x.words[0] == &c.words[0] || !startsWithAny(x.words, v.ps.contrast) {
			continue
		}
		for _, u := range objs {
			if u.holds(x.keys()) {
				return true
			}
		}
	}
	return false
}

// relativeAffirms reports whether the negated main clause c of the
// clauses cs of a sentence is followed by a relative clause (opening
// with a relative word) that holds no negation and holds a unit of
// what is asked that c does not: "no interfiere con … el Equipo
// Automático, que continuarán funcionando" denies interfering and
// states that the equipment works; for "¿siguen funcionando?" the
// negation is of another act, and the relative clause is what answers.
func relativeAffirms(cs []clause, c clause, m matcher, v *Vocabulary) bool {
	for i := range cs {
		if &cs[i].words[0] != &c.words[0] || i+1 == len(cs) {
			continue
		}
		r := cs[i+1]
		if r.sub || r.exception || !v.has("relative", r.words[0]) || r.negated(v) {
			return false
		}
		ck, rk := c.keys(), r.keys()
		for _, u := range m.units {
			if u.holds(rk) && !u.holds(ck) {
				return true
			}
		}
		return false
	}
	return false
}

// deniesUnasked reports whether, in a text of the question's language,
// what the negation of clause c denies (the words after its first
// negation phrase, but those of a parenthesis it does not stand in) holds no word of
// the question while the words before it hold some of what is asked: the
// asked words stand only in c's subject or in an aside, and the negation
// is of another act. "Una Tropa con Tenaz activado no puede ser curada
// (… Equipo como Médico …)" says nothing of whether the automatic
// equipment of "¿con Tenaz activado siguen funcionando el equipo
// automático?" works.
func deniesUnasked(q query, d *candidate, c clause, m matcher, v *Vocabulary) bool {
	if d.lang != "" && d.lang != q.lang {
		// A text of another language may word the act otherwise.
		return false
	}
	for i := range c.words {
		if !startsWithAny(c.words[i:], v.ps.neg) {
			continue
		}
		if m.match(spanOf(c.words[:i])) == 0 {
			// The subject holds nothing asked either: the clause is
			// read for its topic ("A Mine never triggers if …").
			return false
		}
		var w, st []string
		own := 0
		if i < len(c.paren) {
			own = c.paren[i]
		}
		for k := i; k < len(c.words); k++ {
			if k < len(c.paren) && c.paren[k] != 0 && c.paren[k] != own {
				continue
			}
			w, st = append(w, c.words[k]), append(st, c.stems[k])
		}
		k := span{w, st}.keys()
		for i := range q.units {
			// Any word of the question, of its case too, and the
			// page's concept the matcher leaves out ("… no pueden
			// trazar LDT a través de una Zona de Ruido Blanco" on
			// Ruido Blanco).
			if u := &q.units[i]; u.idf > 0 && !u.trivial() && u.holds(k) {
				return false
			}
		}
		return true
	}
	return false
}

// onlyNeedless reports whether every negation of clause c says that
// something is not needed: a phrase of v holding an obligation ("sin
// necesidad de", "no need"), or a negation right before an obligation
// phrase ("no es necesario", "does not need").
func onlyNeedless(c clause, v *Vocabulary) bool {
	ps := needless(v)
	seen := false
	for i := range c.words {
		n := 0
		for _, p := range ps {
			if len(p) > n && startsWithAny(c.words[i:], [][]string{p}) {
				n = len(p)
			}
		}
		if n == 0 {
			continue
		}
		seen = true
		if !startsWithAny(c.words[i+n:], v.ps.oblig) {
			return false
		}
	}
	return seen
}

// needless returns v's negation and blocking phrases but those that say
// something is not needed: a negation phrase holding an obligation phrase
// ("sin necesidad de", "no need").
func needless(v *Vocabulary) [][]string {
	var out [][]string
	for _, p := range v.ps.neg {
		if !containsAny(p, v.ps.oblig) {
			out = append(out, p)
		}
	}
	return out
}

// actorOther reports whether the actor of main clause c of the clauses cs
// of a sentence is another than the subject of q (what q's asking clause
// names before its verb), which the sentence names in another clause: "De
// tal modo, si un Marcador de Camuflado … consume una Orden, su adversario
// puede declarar Descubrir …, pero si declara Descubrir …, no podrá
// declarar … Ataque CD" speaks of the adversary's troopers, not of what a
// Camouflage Marker may declare. c's actor is what it writes before its
// modal or negation phrase, with the clauses before it that a comma cut
// from it ("Troopers with the Special Skills Courage, Religious Troop,
// Veteran … ignore …"); a clause that writes none ("no podrá declarar")
// has the actor of the nearest main clause before it that writes one. A
// subject named in c itself, after its modal, may be the agent of a
// passive ("Una Tropa … no puede ser curada (… Médico …)"): no other
// actor is read then.
func actorOther(q query, d *candidate, cs []clause, c clause, v *Vocabulary) bool {
	subj := q.subjectUnits()
	if len(subj) == 0 {
		return false
	}
	for _, u := range subj {
		if u.holds(d.pageKeys) || u.holds(c.keys()) && !writesNoActor(c, v) {
			return false
		}
	}
	at := -1
	for i := range cs {
		if &cs[i].words[0] == &c.words[0] {
			at = i
		}
	}
	if at < 0 {
		return false
	}
	var actor []string
	for i := at; i >= 0 && actor == nil; i-- {
		if !cs[i].sub && !cs[i].exception {
			actor = actorRun(cs, i, v)
		}
	}
	if len(actor) == 0 {
		return false
	}
	ak := spanOf(actor).keys()
	for _, u := range subj {
		if u.holds(ak) {
			return false
		}
	}
	for i, x := range cs {
		if i == at {
			continue
		}
		for _, u := range subj {
			if u.holds(x.keys()) {
				return true
			}
		}
	}
	return false
}

// modalAt returns the index of the first word of clause c that opens a
// modal or negation phrase of v, or -1.
func modalAt(c clause, v *Vocabulary) int {
	for i := range c.words {
		if startsWithAny(c.words[i:], v.ps.perm) || startsWithAny(c.words[i:], v.ps.oblig) || startsWithAny(c.words[i:], v.ps.neg) {
			return i
		}
	}
	return -1
}

// content reports whether folded word w is a content word for v: no stop,
// function or relative word, determiner or list conjunction.
func content(w string, v *Vocabulary) bool {
	return !stopwords[w] && !v.has("function", w) && !v.has("det", w) && !v.has("conj", w) && !v.has("relative", w)
}

// writesNoActor reports whether clause c opens with its modal or negation
// phrase, no content word before it ("no podrá declarar …").
func writesNoActor(c clause, v *Vocabulary) bool {
	at := modalAt(c, v)
	if at < 0 {
		return false
	}
	for _, w := range c.words[:at] {
		if content(w, v) {
			return false
		}
	}
	return true
}

// actorRun returns the content words of clause i of cs before its modal or
// negation phrase, after those of the clauses before it a comma cut from
// it (main clauses with no such phrase); nil when clause i holds no such
// phrase or writes no content word before it.
func actorRun(cs []clause, i int, v *Vocabulary) []string {
	at := modalAt(cs[i], v)
	if at < 0 || writesNoActor(cs[i], v) {
		return nil
	}
	var out []string
	for j := i - 1; j >= 0; j-- {
		x := cs[j]
		if x.sub || x.exception || modalAt(x, v) >= 0 {
			break
		}
		for _, w := range x.words {
			if content(w, v) {
				out = append(out, w)
			}
		}
	}
	for _, w := range cs[i].words[:at] {
		if content(w, v) {
			out = append(out, w)
		}
	}
	return out
}

// subjectUnits returns the units of q's asking clause named before its
// verb (the subject of "¿Un Marcador de Camuflaje puede declarar ORA?",
// of "Can a Doctor heal …?"), or nil when q has no verb or writes no
// subject.
func (q query) subjectUnits() []*unit {
	verb := q.verb()
	if verb == nil {
		return nil
	}
	end := -1
	for i, w := range q.clause {
		if slices.Contains(verb.alts[0], stem(w)) {
			end = i
			break
		}
	}
	if end < 1 {
		return nil
	}
	start := 0
	if q.v.has("opener", q.clause[0]) && !q.v.has("det", q.clause[0]) {
		// "Can a Doctor heal …", "¿Puede una tropa …": the subject
		// follows the opener with its determiner; "¿Puedo mover …?",
		// "Can I …" write none.
		if len(q.clause) < 2 || !q.v.has("det", q.clause[1]) {
			return nil
		}
		start = 1
	}
	before := spanOf(q.clause[start:end]).keys()
	var out []*unit
	for i := range q.units {
		u := &q.units[i]
		if u.idf > 0 && !u.trivial() && u.named && u.holds(before) && !classWord(u) {
			out = append(out, u)
		}
	}
	return out
}

// listsAllowed reports whether a sentence states a closed list of what is
// allowed: a main clause with a restriction that enumerates.
func listsAllowed(sentence string, v *Vocabulary) bool {
	cs := clauses(sentence, v)
	for _, c := range cs {
		if !c.sub && !c.exception && c.holdsAny(v.ps.restr) && enumerates(cs, c, v) {
			return true
		}
	}
	return false
}

// enumerates reports whether a restricted clause c of cs states a closed
// list of what is allowed: it holds a permission phrase ("sólo pueden
// declarar …", "only … may"), or its items run on past it (a list
// conjunction in it, or clauses continuing it after a comma).
func enumerates(cs []clause, c clause, v *Vocabulary) bool {
	if c.holdsAny(v.ps.perm) {
		return true
	}
	for _, w := range c.words[1:] {
		if v.has("conj", w) {
			return true
		}
	}
	return len(restAfter(cs, c).keys) > 0
}

// endsWithAny reports whether words end with one of the phrases.
func endsWithAny(words []string, ps [][]string) bool {
	for _, p := range ps {
		if len(p) <= len(words) && indexWords(words[len(words)-len(p):], p) == 0 {
			return true
		}
	}
	return false
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

// listItems returns the keys of each item of the closed list restricted
// clause c of cs states: its words after its restriction phrase and the
// clauses after it (restAfter), cut at commas and list conjunctions. What
// stands before the restriction is the list's subject ("Troops with a
// Retreat! Token … can only use …"), not one of its items.
func listItems(cs []clause, c clause, v *Vocabulary) []map[string]bool {
	at := len(c.words)
	for i := range c.words {
		if startsWithAny(c.words[i:], v.ps.restr) {
			at = i
			break
		}
	}
	var out []map[string]bool
	add := func(words []string) {
		from := 0
		for i := 0; i <= len(words); i++ {
			if i < len(words) && !v.has("conj", words[i]) {
				continue
			}
			if i > from {
				out = append(out, spanOf(words[from:i]).keys())
			}
			from = i + 1
		}
	}
	add(c.words[at:])
	after := false
	for _, x := range cs {
		if after {
			if x.sub || x.exception {
				break
			}
			add(x.words)
		}
		if &x.words[0] == &c.words[0] {
			after = true
		}
	}
	return out
}

// unitSet is a set of stems a unit may be held by.
type unitSet struct{ keys map[string]bool }

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

// asksOnly reports whether q's asking clause holds a restriction phrase
// ("¿sólo a los Hackers?", "only one"): it asks whether what it names is
// all there is.
func asksOnly(q query) bool { return containsAny(q.clause, q.v.ps.restr) }

// asksObligation reports whether q's asking clause holds an obligation
// phrase of its language ("¿tiene que estar en LDT?", "must I roll?").
func asksObligation(q query) bool { return containsAny(q.clause, q.v.ps.oblig) }

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

// requiredHeld reports whether clause c holds what q asks is required:
// at least polarMin of the matcher's units that are not themselves an
// obligation word ("need" of "does Spotlight need LoF?").
func requiredHeld(q query, m matcher, c clause) bool {
	k := c.keys()
	var w, held float64
	for _, u := range m.units {
		if slices.ContainsFunc(q.v.ps.oblig, func(p []string) bool { return len(p) == 1 && p[0] == lang.Fold(u.typed) }) {
			continue
		}
		w += u.dw
		if u.holds(k) {
			held += u.dw
		}
	}
	return w == 0 || held >= polarMin*w
}

// questionBlocking reports whether q's asking clause is negative by a
// blocking verb alone ("does X block Y?", "¿impide X…?"), no negation
// phrase: it asks whether an act is stopped, which a text saying the act
// cannot (or can) happen answers the other way round.
func questionBlocking(q query) bool {
	blocking := false
	for _, c := range clauses(strings.Join(q.clause, " "), q.v) {
		if c.sub || c.exception || !c.negated(q.v) {
			continue
		}
		if c.negatedBy(q.v, q.v.ps.notNeg) {
			return false
		}
		blocking = true
	}
	return blocking
}

// governed reports whether the blocking phrase of clause c denies what
// q asks. It does not when q's subject (the names its asking clause
// writes before its verb, or before an open verb such as "afecta" when
// the verb is no unit) is the phrase's actor (all named in c before it)
// and the phrase's object (the words after it in c) holds neither q's
// verb nor all the units (of m, or naming a page) q asks after its verb:
// the subject then blocks something else ("La Munición Shock anula el
// estado Inconsciente de las Tropas con esta Habilidad Especial" cancels
// a state of those troopers; it does not deny that Shock affects or
// kills them). Otherwise the phrase's no stands ("impidiéndoles trazar
// LDT", "… ignore all effects of Retreat!", a question that names no
// subject: "¿puedo seguir …?").
func governed(q query, m matcher, c clause, v *Vocabulary) bool {
	at, n := -1, 0
	for i := range c.words {
		if p := firstPhrase(c.words[i:], v.ps.block); p > 0 {
			at, n = i, p
			break
		}
	}
	verb := q.verb()
	vi := -1
	if verb != nil {
		vi = slices.IndexFunc(q.clause, func(w string) bool { return slices.Contains(verb.alts[0], stem(w)) })
	} else {
		vi = verbless(q)
	}
	if at < 0 || vi < 1 {
		return true
	}
	start := 0
	if q.v.has("opener", q.clause[0]) {
		start = 1
	}
	subject := spanOf(q.clause[start:vi]).keys()
	actor := spanOf(c.words[:at]).keys()
	obj := spanOf(c.words[at+n:]).keys()
	if verb != nil && verb.holds(obj) {
		return true
	}
	asked := spanOf(q.clause[vi+1:]).keys()
	if q.v.has("openverb", q.clause[vi]) {
		// "¿X afecta a Y?": to block something is to affect it; a
		// blocking phrase denies it only as Y's ("los Visores
		// Multiespectrales ignoran los efectos de la Munición Humo":
		// Smoke does not affect them), with Y its actor.
		for i := range q.units {
			u := &q.units[i]
			if u.named && u.idf > 0 && !u.trivial() && u.holds(asked) && !u.holds(subject) && u.holds(actor) {
				return true
			}
		}
		return false
	}
	named := false
	for i := range q.units {
		u := &q.units[i]
		if u == verb || u.trivial() || u.idf == 0 {
			continue
		}
		if u.named && u.holds(subject) {
			if !u.holds(actor) {
				return true
			}
			named = true
		}
	}
	if !named {
		return true
	}
	for i := range q.units {
		u := &q.units[i]
		if u == verb || u.trivial() || u.idf == 0 || u.holds(subject) || !u.holds(asked) {
			continue
		}
		if (slices.Contains(m.units, u) || u.page) && !u.holds(obj) {
			return false
		}
	}
	return true
}

// verbless returns the index in q's asking clause of the word that
// stands where its verb does when that is no unit of q ("afecta", an
// open verb; "kill", a word the corpus lacks): the first after its
// opener that is no function word, determiner or stopword and no word of
// a name of q; -1 when there is none.
func verbless(q query) int {
	for i, w := range q.clause {
		if i == 0 && q.v.has("opener", w) || q.v.has("function", w) || q.v.has("det", w) {
			continue
		}
		k := stem(w)
		inName := false
		for j := range q.units {
			if u := &q.units[j]; u.named && slices.ContainsFunc(u.alts, func(alt []string) bool { return slices.Contains(alt, k) }) {
				inName = true
			}
		}
		if !inName {
			return i
		}
	}
	return -1
}

// firstPhrase returns the length of the first of ps (longest first)
// that words start with, 0 for none.
func firstPhrase(words []string, ps [][]string) int {
	for _, p := range ps {
		if len(p) <= len(words) && slices.Equal(words[:len(p)], p) {
			return len(p)
		}
	}
	return 0
}

// blockedBy reports whether the blocking verb of clause c (of d's text)
// is the act of what q asks blocks: the units q's asking clause names
// before its blocking phrase (X of "does X block Y?") stand on d's page
// or in c before its blocking phrase (where d's page is not named), and
// no other unit q names does there (the Visors of "los Visores Multiespectrales ignoran los efectos
// de la Munición Humo" are the actor, not Smoke). What stands before c's
// blocking phrase goes back over the clauses of cs a comma cut from it
// with no modal or negation phrase of their own (as actorRun): "Troopers with the Special Skills Courage, Religious Troop,
// Veteran … ignore all effects of Retreat!" lists its actors at commas.
func blockedBy(q query, d *candidate, cs []clause, c clause, v *Vocabulary) bool {
	at := func(words []string, ps [][]string) int {
		for i := range words {
			if startsWithAny(words[i:], ps) {
				return i
			}
		}
		return len(words)
	}
	asked := spanOf(lang.Words(strings.Join(q.clause, " ")))
	qBefore := spanOf(blockingActor(asked.words, q.v)).keys()
	// A relative clause before the phrase qualifies its actor ("any other
	// Special Skill that protects them from the effects of Retreat!"): what
	// it names acts on the actor, it is no actor of the phrase.
	head := c.words[:at(c.words, v.ps.neg)]
	if r := slices.IndexFunc(head, func(w string) bool { return v.has("relative", w) }); r > 0 {
		head = head[:r]
	}
	for i := range cs {
		if &cs[i].words[0] != &c.words[0] {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			x := cs[j]
			if x.sub || x.exception || modalAt(x, v) >= 0 {
				break
			}
			head = append(slices.Clip(x.words), head...)
		}
	}
	before := spanOf(head).keys()
	// A sentence naming its own page before the verb makes the page's
	// subject the actor ("Eclipse Ammunition is a variant of Smoke
	// Ammunition designed to block …").
	ownPage := len(d.pageKeys) > 0
	for k := range d.pageKeys {
		ownPage = ownPage && before[k]
	}
	actor, other, paged := false, false, false
	for i := range q.units {
		u := &q.units[i]
		if u.trivial() || u.idf == 0 || !u.named && !u.page && !u.topic {
			continue
		}
		switch {
		case u.holds(qBefore):
			actor = actor || u.holds(d.pageKeys) || u.holds(before) && !ownPage
			paged = paged || u.holds(d.pageKeys) && u.holds(before)
		case u.holds(before):
			other = true
		}
	}
	// X is the page's concept and the sentence names it before the verb
	// ("Ante cualquier Ataque Sorpresa declarado contra el poseedor de
	// Sexto Sentido éste ignorará el MOD" on Sexto Sentido): what else
	// stands there is the case it acts in, not another actor.
	return actor && (!other || paged)
}

// blockingActor returns the words of a question's asking clause (words)
// naming what it asks blocks: those before its first negation phrase
// ("does Eclipse block …"), or, when the phrase opens the clause (after
// its opener), those after the phrase up to its first relative word, the
// subject Spanish writes after the verb ("¿Impide la Munición Eclipse que
// un Visor Multiespectral trace LDT?").
func blockingActor(words []string, v *Vocabulary) []string {
	for i := range words {
		n := firstPhrase(words[i:], v.ps.neg)
		if n == 0 {
			continue
		}
		if i > 1 || i == 1 && !v.has("opener", words[0]) {
			return words[:i]
		}
		rest := words[i+n:]
		end := slices.IndexFunc(rest, func(w string) bool { return v.has("relative", w) })
		if end < 0 {
			end = len(rest)
		}
		return rest[:end]
	}
	return words
}

// deniedActor reports whether a unit q's asking clause names before its
// blocking phrase (X of "does X ignore Y?") stands in clause c before
// c's first negation phrase (not a blocking one): the act the text
// denies is X's.
func deniedActor(q query, c clause, v *Vocabulary) bool {
	at := func(words []string, ps [][]string) int {
		for i := range words {
			if startsWithAny(words[i:], ps) {
				return i
			}
		}
		return len(words)
	}
	asked := lang.Words(strings.Join(q.clause, " "))
	qBefore := spanOf(asked[:at(asked, q.v.ps.neg)]).keys()
	before := spanOf(c.words[:at(c.words, v.ps.notNeg)]).keys()
	for i := range q.units {
		u := &q.units[i]
		if u.trivial() || u.idf == 0 || !u.named && !u.page && !u.topic {
			continue
		}
		if u.holds(qBefore) && u.holds(before) {
			return true
		}
	}
	return false
}

// verb returns the unit of the first content word of q's asking clause
// after its opener (the verb of "¿puede declarar …?", "can I place …"),
// or nil.
func (q query) verb() *unit {
	clause := q.clause
	if len(clause) > 0 && q.v.has("copula", clause[0]) {
		// "¿es X …?", "is X …?": what follows names a thing, not what
		// it does, unless it is a permission phrase split by its subject
		// ("is the Pilot allowed to dismount?", "¿está el Piloto
		// permitido a…"): its verb follows it.
		clause = afterSplitPermission(clause, q.v)
		if clause == nil {
			return nil
		}
	}
	for i, w := range clause {
		k := stem(w)
		if stopwords[w] || q.v.has("opener", w) {
			continue
		}
		if i > 0 && q.v.has("det", clause[i-1]) {
			// A noun ("¿el objetivo muere?", "does a critical …
			// force"): the verb comes after it.
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
		case found.named && !found.term && !found.topic && !found.page && found.idf > 0 && lowerWritten(q.text, k):
			// A plain word named only by its capital in another place
			// of the question ("Trigger Area") and written here in lower
			// case is the verb: "does a Mine trigger when …".
			return found
		case found.topic || found.named || found.idf == 0:
			// The subject or an object ("can one Dodge let me …"): the
			// verb comes after it.
			continue
		}
		return found
	}
	return nil
}

// afterSplitPermission returns the words of a clause opening with a
// copula after the rest of a permission phrase of v that opens with a
// copula ("is allowed" in "is the Pilot allowed to dismount"), or nil
// when it holds none.
func afterSplitPermission(clause []string, v *Vocabulary) []string {
	for _, p := range v.ps.perm {
		if len(p) < 2 || !v.has("copula", p[0]) {
			continue
		}
		for i := 1; i+len(p)-1 <= len(clause); i++ {
			if indexWords(clause[i:i+len(p)-1], p[1:]) == 0 {
				return clause[i+len(p)-1:]
			}
		}
	}
	return nil
}

// opposed reports whether q names a condition whose opposite the sentence
// names instead (an opposites pair of q's vocabulary, or of any: the
// sentence may be of the other language).
func opposed(q query, sentence string) bool {
	return eachOpposition(oppositions(lang.Words(q.text)), lang.Words(sentence), func([]string) bool { return true })
}

// oppositions returns the opposites pairs of every vocabulary that the
// question's words qw hold one side of and not the other, as that side
// and the other, in the vocabularies' order.
func oppositions(qw []string) [][2][]string {
	var out [][2][]string
	for _, v := range sortedVocabs() {
		for _, pair := range v.ps.opposites {
			a, b := pair[0], pair[1]
			for _, x := range [2][2][]string{{a, b}, {b, a}} {
				if indexWords(qw, x[0]) >= 0 && indexWords(qw, x[1]) < 0 {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

// eachOpposition calls f with the words of the condition the sentence sw
// names where the question names its opposite (ops, of oppositions: sw
// holds the other side of a pair and not the question's), until f
// returns true; it reports whether one did.
func eachOpposition(ops [][2][]string, sw []string, f func(other []string) bool) bool {
	for _, x := range ops {
		if indexWords(sw, x[1]) >= 0 && indexWords(sw, x[0]) < 0 && f(x[1]) {
			return true
		}
	}
	return false
}

// restrictedAgainst reports whether text restricts what it states to a
// condition whose opposite q names ("los MOD … se aplican únicamente en
// Turno Activo", "Sí, pero sólo en Turno Activo" for a question asked of
// the Reactive Turn): a restriction phrase of any vocabulary stands within
// restrictReach words before that condition. Then the answer for q's
// condition is a no.
func restrictedAgainst(q query, text string) bool {
	ops := oppositions(lang.Words(q.text))
	if len(ops) == 0 {
		return false // q names no condition of a pair: none is opposed to it
	}
	for _, s := range sentences(text) {
		sw := lang.Words(s)
		restricted := eachOpposition(ops, sw, func(other []string) bool {
			i := indexWords(sw, other)
			for j := max(0, i-restrictReach); j < i; j++ {
				for _, vv := range sortedVocabs() {
					if startsWithAny(sw[j:], vv.ps.restr) {
						return true
					}
				}
			}
			return false
		})
		if restricted {
			return true
		}
	}
	return false
}

// grantedAgainst reports whether q asks whether something may be done
// (a one-word permission phrase in its asking clause, by its stem) in a
// condition of an opposites pair, and a sentence of text allows it (a
// permission phrase of any vocabulary, with no negation before the
// condition) only in the opposite condition ("una Tropa puede cambiar su
// estado de Normal a Cuerpo a Tierra … al inicio de su Movimiento" for
// "¿puedo tirarme Cuerpo a Tierra al final de mi movimiento?"). A rule
// allows what it states, in the case it states: the answer for the other
// case is a no. A sentence naming both sides ("at either the start … or
// at the end") is not opposed (eachOpposition).
func grantedAgainst(q query, text string) bool {
	asks := false
	for _, w := range q.clause {
		for _, p := range q.v.ps.perm {
			// "puedo" is the judge's "puede".
			asks = asks || len(p) == 1 && stem(p[0]) == stem(w)
		}
	}
	if !asks {
		return false
	}
	ops := oppositions(lang.Words(q.text))
	if len(ops) == 0 {
		return false
	}
	for _, s := range sentences(text) {
		sw := lang.Words(s)
		granted := eachOpposition(ops, sw, func(other []string) bool {
			i := indexWords(sw, other)
			allows := false
			for _, vv := range sortedVocabs() {
				if containsAny(sw[:i], vv.ps.notNeg) {
					return false
				}
				allows = allows || containsAny(sw[:i], vv.ps.perm)
			}
			return allows
		})
		if granted {
			return true
		}
	}
	return false
}

// bannedUnder reports whether a sentence of text forbids outright what it
// names under the condition of a pair q names ("No se permite el uso de
// los Tokens de Mando durante el Turno Reactivo" for a question asked of
// the Reactive Turn): it opens with a prohibition phrase of any
// vocabulary, names q's side of the pair and not the other, and states no
// exception or condition that would narrow the ban. Then the answer for
// q's condition is a no.
func bannedUnder(q query, text string) bool {
	ops := oppositions(lang.Words(q.text))
	if len(ops) == 0 {
		return false
	}
	for _, s := range sentences(text) {
		sw := lang.Words(s)
		opens, narrowed := false, false
		for _, vv := range sortedVocabs() {
			opens = opens || startsWithAny(sw, vv.ps.ban)
			narrowed = narrowed || containsAny(sw, vv.ps.exc) || containsAny(sw, vv.ps.ifs) || containsAny(sw, vv.ps.restr)
		}
		if !opens || narrowed {
			continue
		}
		for _, x := range ops {
			if indexWords(sw, x[0]) >= 0 && indexWords(sw, x[1]) < 0 {
				return true
			}
		}
	}
	return false
}

// restrictReach is how many words before a condition a restriction phrase
// may stand to restrict to it ("únicamente en Turno Activo").
const restrictReach = 3

// lackReach is how many words after the conditional of "only if" the
// condition may name what the question's case goes without ("sólo si se
// utiliza el Repetidor enemigo": the Repeater is the fourth).
const lackReach = 5

// restrictedLacked reports whether text restricts a statement to a
// condition the case of q goes without: a sentence holding a unit q asks
// about (its asking clause's, not a page it names) opens a condition
// with a restriction phrase and a conditional ("sólo si", "only if"),
// and within lackReach words after it, with no privative word or
// negation between, names what q names right after a privative word or
// its verb ("sin usar ese repetidor", "sin utilizar el Repetidor",
// "without using"). "Los MODs de Firewall se
// aplicarán sólo si se utiliza el Repetidor enemigo" for "… sin usar ese
// repetidor. ¿Le aplico el -3 de Firewall?". Then the answer for q's
// case is a no.
func restrictedLacked(q query, text string) bool {
	qw := lang.Words(q.text)
	var lacked []*unit
	for i, w := range qw {
		if !q.v.has("privative", w) {
			continue
		}
		// What is lacked is named first or after the verb of its use
		// ("sin utilizar el Repetidor", "without using the Repeater").
		st := contentStems(qw[i+1:])
		for j := 0; j < min(2, len(st)); j++ {
			if u := q.nameAt(st[j:]); u != nil {
				lacked = append(lacked, u)
				break
			}
		}
	}
	if len(lacked) == 0 {
		return false
	}
	for _, s := range sentences(text) {
		sw := lang.Words(s)
		sk := spanOf(sw).keys()
		if !slices.ContainsFunc(q.units, func(u unit) bool { return u.inClause && !u.topic && u.idf > 0 && !u.trivial() && u.holds(sk) }) {
			continue
		}
		for j := range sw {
			for _, v := range sortedVocabs() {
				r := matchAny(sw[j:], v.ps.restr)
				if r == 0 {
					continue
				}
				c := matchAny(sw[j+r:], v.ps.ifs)
				if c == 0 {
					continue
				}
				cond := sw[j+r+c : min(len(sw), j+r+c+lackReach)]
				for n := range cond {
					if v.has("privative", cond[n]) || startsWithAny(cond[n:], v.ps.notNeg) {
						cond = cond[:n]
						break
					}
				}
				ck := spanOf(cond).keys()
				for _, u := range lacked {
					if u.holds(ck) {
						return true
					}
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

// countedNoun returns the unit of the first word after the number q's
// asking clause states (count): what it counts ("rolls" of "two
// successful rolls", adjectives between), or nil.
func (q query) countedNoun() *unit {
	for i, w := range q.clause {
		if _, ok := numberWord(w); !ok && !(w != "" && w[0] >= '0' && w[0] <= '9' && len(w) <= 2) {
			continue
		}
		for _, x := range q.clause[i+1 : min(len(q.clause), i+1+singleReach)] {
			k := stem(x)
			for j := range q.units {
				if u := &q.units[j]; len(u.alts[0]) == 1 && u.alts[0][0] == k && q.v.has("count", x) {
					return u
				}
			}
		}
		return nil
	}
	return nil
}

// singleOf reports whether a clause says there is a single one of what
// u counts: a single phrase of v ("a single", "una única") with u within
// singleReach words after it ("with a single successful WIP Roll").
func singleOf(c clause, u *unit, v *Vocabulary) bool {
	for i := range c.words {
		for _, p := range v.ps.single {
			if !startsWithAny(c.words[i:], [][]string{p}) {
				continue
			}
			end := min(len(c.stems), i+len(p)+singleReach)
			for _, st := range c.stems[i+len(p) : end] {
				if u.holds(map[string]bool{st: true}) {
					return true
				}
			}
		}
	}
	return false
}

// singleReach is how many words after a number or a single phrase the
// noun it counts may stand ("a single successful WIP Roll").
const singleReach = 3

// subjectHeld reports whether the sentence giving a verdict, with d's page
// and section, holds q's subject: a unit of a page q names, or (when it
// names none) its weightiest named concept. A sentence about something
// else, however close its words, does not answer for the subject.
func subjectHeld(q query, d *candidate, sentence string) bool {
	k := keysOnPage(sentence, d)
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

// unmetCondition reports whether q names, outside the clause that asks, a
// game concept (a glossary term written as a name: "Trabado" of "mi TAG
// empieza la Orden Trabado: ¿puede el Piloto desmontar?") that neither
// d's text, its lead-in nor its page names. A permission stated without
// that condition does not entail a yes under it: a state or situation
// restricts what a trooper may do on another page.
func unmetCondition(q query, d *candidate, text string) bool {
	k := keysOnPage(text, d)
	if d.leadIn != nil {
		for key := range keySet(d.leadIn.Plain) {
			k[key] = true
		}
	}
	for i := range q.units {
		u := &q.units[i]
		if u.inClause || u.trivial() || u.idf == 0 || unholdable(u) || !u.page && !u.topic {
			continue
		}
		if !u.holds(k) {
			return true
		}
	}
	return false
}

// terse reports whether d is a see-also entry: a link's label, which
// names what it points to in a few words.
func terse(d *candidate) bool {
	return d.faq == nil && d.rec != nil && d.rec.Kind == wikirules.KindReference
}

// grants reports whether a sentence's main clauses hold a permission or
// obligation phrase or a use verb ("sólo pueden declarar …", "can only
// use …"): what a closed list of allowed things needs, where "only for
// Troopers with …" restricts whom a rule applies to.
func grants(cs []clause, v *Vocabulary) bool {
	for _, c := range cs {
		if c.sub || c.exception {
			continue
		}
		// A permission or obligation phrase is read whole: the "se" of
		// "se permite" grants nothing in "se aplican sólo a los enemigos".
		if c.holdsAny(v.ps.perm) || c.holdsAny(v.ps.oblig) {
			return true
		}
		for _, w := range c.words {
			if v.has("useverb", w) {
				return true
			}
		}
	}
	return false
}

// keysOnPage returns the keys of text with those of d's page and section:
// what a sentence of d says, read on its page (the Trabado page's "sólo
// pueden declarar…" speaks of engaged troopers).
func keysOnPage(text string, d *candidate) map[string]bool {
	k := keySet(text)
	for key := range d.pageKeys {
		k[key] = true
	}
	return k
}

// asksIdentity reports whether q's asking clause asks whether one thing is
// another ("is he Dead?", "¿la Zona de Hackeo … es su Zona de
// Control?"): it holds a copula, and no permission or obligation phrase.
func asksIdentity(q query) bool {
	if containsAny(q.clause, q.v.ps.perm) || containsAny(q.clause, q.v.ps.oblig) {
		return false
	}
	for _, w := range q.clause {
		if q.v.has("copula", w) {
			return true
		}
	}
	return false
}

// identifies reports whether main clause c of the clauses cs of a sentence
// says that one thing q names is another it asks about: an identity phrase
// of v in c ("se considera", "forma un", "pasa a estado") with a unit of
// the matcher after it, and a unit of q that is not one of those before it
// in the sentence ("Una Lista de Ejército … forma un Grupo de Combate" for
// "is my whole army list a single Combat Group?"; "si la Tropa acumula más
// Heridas … pasa entonces a estado Muerto" for "my trooper has more Wounds
// than his VITA: is he Dead?"). What a clause names on its own ("Convierte
// la Tirada Enfrentada en una Tirada Normal") says nothing of whether it
// is something else.
func identifies(q query, m matcher, cs []clause, c clause, v *Vocabulary) bool {
	var before []string
	for _, x := range cs {
		if &x.words[0] == &c.words[0] {
			break
		}
		before = append(before, x.stems...)
	}
	for i := range c.words {
		for _, p := range v.ps.identity {
			if !startsWithAny(c.words[i:], [][]string{p}) {
				continue
			}
			after := spanOf(c.words[i+len(p):]).keys()
			prior := span{stems: append(append([]string(nil), before...), c.stems[:i]...)}.keys()
			object := false
			for _, u := range m.units {
				object = object || u.holds(after)
			}
			if !object {
				continue
			}
			for k := range q.units {
				u := &q.units[k]
				if !u.trivial() && u.idf > 0 && u.holds(prior) && !u.holds(after) {
					return true
				}
			}
		}
	}
	return false
}

// bulletUnasked reports whether d is an item under a lead-in that names
// its case by words the question holds none of: of the words of d that
// its lead-in does not hold, function words aside, the question holds no
// name (a word d writes with a capital) by its stem and no other word as
// d writes it (in the question's language; by the stems of its glossary
// expansion in the other). Such an item answers for its own case only
// ("Troopers in Marker form" under "The following Troopers cannot be part
// of a Fireteam:" says nothing of a trooper joining a Fireteam already
// formed, though "form" and "formed" share a stem); one naming the
// question's case answers it ("Líder de Fireteam pasa a estado Aislado"
// for "Si mi Líder de Fireteam queda Aislado, …"; "No permite entrar en
// contacto …" for "¿… puede meterme en contacto con un enemigo?").
func bulletUnasked(q query, d *candidate) bool {
	if d.leadIn == nil || d.rec == nil {
		return false
	}
	l := d.lang
	if l == "" {
		l = detectLanguage(d.rec.Plain)
	}
	v := vocabFor(l)
	lead := keySet(d.leadIn.Plain)
	qk := q.keys()
	if l != q.lang {
		// Across languages a stem is the same word only through the
		// glossary or a name ("formado" is not "form").
		qk = keySet(strings.Join(q.expanded, "\n") + "\n" + strings.Join(q.topics, "\n"))
	}
	typed := map[string]bool{}
	for _, w := range lang.Words(q.text) {
		typed[lang.Fold(w)] = true
	}
	own := 0
	for _, t := range lang.Split(d.rec.Plain) {
		w := lang.Fold(t.Text)
		k := stem(w)
		if k == "" || v.has("function", w) || v.has("stop", w) || lead[k] {
			continue
		}
		switch {
		case startsUpper(t.Text) && qk[k], typed[w], l != q.lang && qk[k]:
			// A name of the question, a word as it writes it, a
			// translation of one of its terms.
			return false
		}
		own++
	}
	return own > 0
}

// leadInOnly reports whether d is a lead-in: a rule text that ends with
// a colon ("… una Tropa deja de formar parte automáticamente de un
// Fireteam en los siguientes casos:"). What it says holds in the cases
// the items after it name, and it names none.
func leadInOnly(d *candidate) bool {
	return d.rec != nil && d.faq == nil && strings.HasSuffix(strings.TrimSpace(d.rec.Plain), ":")
}

// otherSubject reports whether q names its subject (the first of its
// subjectUnits in its asking clause: "tropa" of "¿Puede una tropa
// abandonar un Fireteam …?") and sentence, with d's page and lead-in, does
// not hold it: what the sentence permits is permitted to another ("el
// Fireteam puede ser cancelado voluntariamente por el jugador"), not to
// the question's subject.
func otherSubject(q query, d *candidate, sentence string) bool {
	us := q.subjectUnits()
	var first *unit
	at := len(q.clause)
	for _, u := range us {
		if i := unitAt(u, stems(q.clause)); i >= 0 && i < at {
			first, at = u, i
		}
	}
	return first != nil && !first.holds(keysOnPage(sentence, d))
}

// siblingSubject reports whether sentence opens (after its determiners)
// with the name of a page q does not name while q's subject holds a word
// none of that page's names (in either language) does, and either shares
// a word with them (one class: "Eclipse Ammunition" for "Smoke
// Ammunition", "Munición Humo") or names a page itself ("Zona de Ruido
// Blanco"). What the sentence says is then said of that other concept: "Eclipse Ammunition works in exactly
// the same way as Smoke Ammunition, but the Zero Visibility Zone it
// generates also affects Multispectral Visors" does not say that Smoke
// affects them. q's subject is what its asking clause names before its
// verb (or, when the verb is no unit, the word standing for it:
// "afecta"), or after a blocking verb opening it (blockingActor).
func (e *Engine) siblingSubject(q query, sentence string) bool {
	vi := -1
	if verb := q.verb(); verb != nil {
		vi = slices.IndexFunc(q.clause, func(w string) bool { return slices.Contains(verb.alts[0], stem(w)) })
	} else {
		vi = verbless(q)
	}
	start := 0
	if len(q.clause) > 0 && q.v.has("opener", q.clause[0]) {
		start = 1
	}
	var subjectWords []string
	if vi >= 1 {
		subjectWords = q.clause[start:vi]
	} else if w := blockingActor(q.clause, q.v); len(w) < len(q.clause) {
		// "¿Impide la Zona de Ruido Blanco que …?": the subject after
		// the blocking verb.
		subjectWords = w
	}
	subject := spanOf(subjectWords).keys()
	if len(subject) == 0 {
		return false
	}
	words := lang.Words(sentence)
	v := vocabFor(detectLanguage(sentence))
	at := 0
	for at < len(words) && v.has("det", words[at]) {
		at++
	}
	st := stems(words)
	for _, p := range e.titles.in(words) {
		if p.derived || at+len(p.stems) > len(st) || !slices.Equal(st[at:at+len(p.stems)], p.stems) {
			continue
		}
		// p's name opens the sentence: its subject.
		if e.titleHeld(p.title, q.keys()) {
			return false
		}
		named := map[string]bool{}
		for _, n := range e.titles.names(p.title) {
			for _, k := range n.keys {
				named[k] = true
			}
		}
		shared, own := false, false
		for k := range subject {
			if named[k] {
				shared = true
			} else {
				own = true
			}
		}
		return own && (shared || len(e.titles.in(subjectWords)) > 0)
	}
	return false
}
