package engine

import (
	"slices"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// The guards of this file read what a yes or no of a rule text is said
// of: the thing the question asks about, or only a part of its name; the
// question's act, or a relative clause of another subject; the state the
// question's trooper is in, or how a trooper gets in or out of it. Like
// those of guard.go they never add confidence but for one reading: a
// question whose negation stands in a relative clause is answered by the
// sentence stating the same negated case, when the text holds one.

// partOnly returns the unit of q's asking clause naming a concept in
// several words ("Lieutenant Special Order") that the text of d (text,
// its page and section) does not hold while it holds another unit of q
// whose words are a part of that name ("Lieutenant"): the text speaks of
// the part, not of the thing asked about ("… does not revoke the Loss of
// Lieutenant" says nothing of the Lieutenant's Special Order). Nil
// otherwise.
func partOnly(q query, d *candidate, text string) *unit {
	own := keySet(text)
	for i := range q.units {
		u := &q.units[i]
		if !u.inClause || u.topic || !u.term || !u.named || u.idf == 0 || u.trivial() || len(u.alts[0]) < 2 {
			continue
		}
		if u.holds(own) || u.holds(d.pageKeys) || u.holds(d.ctx) {
			continue
		}
		for j := range q.units {
			p := &q.units[j]
			if j == i || p.idf == 0 || p.trivial() || !p.holds(own) || !partOf(p, u) {
				continue
			}
			return u
		}
	}
	return nil
}

// partOf reports whether an alternative of p is some alternative of u
// less one word or more: p's words are part of u's name.
func partOf(p, u *unit) bool {
	for _, a := range p.alts {
		for _, b := range u.alts {
			if len(a) == 0 || len(a) >= len(b) {
				continue
			}
			all := true
			for _, k := range a {
				all = all && slices.Contains(b, k)
			}
			if all {
				return true
			}
		}
	}
	return false
}

// relativeNegation returns the words around the negation q's asking
// clause writes only in a relative clause ("una posición en la que no ha
// estado": the noun phrase before the relative word, and the relative
// clause), or nil when it writes none there, or one in a main clause
// too. Such a question asks of a case the negation defines, with no
// negation of what it asks: a text answers it when it states that case.
func relativeNegation(q query) []string {
	if q.neg == 0 || questionNegative(q) {
		return nil
	}
	return relativeNegated(q.clause, q.v)
}

// relativeNegated returns, for the first negation of words that opens a
// relative clause (a relative word right before it, or with a negation
// adverb between them: "que no", "al que todavía no"), the words from
// relativeWindow words before the relative word to the end of words;
// nil when no negation of words stands in a relative clause.
func relativeNegated(words []string, v *Vocabulary) []string {
	for i := range words {
		if !startsWithAny(words[i:], v.ps.neg) {
			continue
		}
		j := relativeBefore(words, i, v)
		if j >= 0 && v.has("relative", words[j]) && !endsWithAny(words[:j+1], v.ps.consec) {
			return words[max(0, j-relativeWindow):]
		}
	}
	return nil
}

// relativeWindow is how many words before a relative word name what the
// relative clause qualifies ("una posición en la que").
const relativeWindow = 4

// sameCase reports whether two runs of words (a question's negated
// relative clause and a text's, with what they qualify) share a content
// stem: they speak of one case ("posición … no ha estado", "posición …
// aún no ha llegado").
func sameCase(a, b []string) bool {
	ka := map[string]bool{}
	for _, w := range a {
		if !stopwords[w] {
			ka[stem(w)] = true
		}
	}
	for _, w := range b {
		if !stopwords[w] && ka[stem(w)] && !negWord(w) {
			return true
		}
	}
	return false
}

// negWord reports whether folded word w is a one-word negation of some
// vocabulary.
func negWord(w string) bool {
	for _, v := range sortedVocabs() {
		for _, p := range v.ps.neg {
			if len(p) == 1 && p[0] == w {
				return true
			}
		}
	}
	return false
}

// relativeCase reads q, whose negation stands only in a relative clause
// (rel: relativeNegation), against d's text: the polarity of the
// sentences of the text that state the same negated case in a relative
// clause (sameCase), when they agree; 0 when none states it or they
// disagree. A sentence stating another case ("sólo … desde una posición
// en la que ya ha estado") does not say what holds in the negated one.
func (e *Engine) relativeCase(q query, d *candidate, text string, rel []string) int {
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(text))
	}
	rq := withoutRelative(q, rel)
	p := 0
	for _, s := range sentences(text) {
		tr := relativeNegated(lang.Words(s), v)
		if tr == nil || !sameCase(rel, tr) {
			continue
		}
		sp := e.polarity(q, d, s)
		if sp == 0 {
			sp = e.polarity(rq, d, s)
		}
		if sp == 0 || p != 0 && sp != p {
			return 0
		}
		p = sp
	}
	return p
}

// withoutRelative returns q without the units written only in its
// relative clause (rel, from relativeWindow words before its relative
// word): sameCase compares the case the clause defines, which a text
// may word in its own way ("ha estado", "ha llegado"); what the text
// must hold then is the rest of what is asked. relativeCase reads q
// itself first: a text wording the case as the question does holds it.
func withoutRelative(q query, rel []string) query {
	cut := min(relativeWindow, len(rel))
	inRel := map[string]bool{}
	for _, w := range rel[cut:] {
		inRel[stem(w)] = true
	}
	n := len(q.clause) - len(rel) + cut
	outside := map[string]bool{}
	for _, w := range q.clause[:max(0, n)] {
		outside[stem(w)] = true
	}
	units := make([]unit, 0, len(q.units))
	for _, u := range q.units {
		if u.holds(inRel) && !u.holds(outside) {
			continue
		}
		units = append(units, u)
	}
	q.units = units
	return q
}

// actInRelative reports whether the question's act (its verb) stands in
// the sentences of text that hold it only in a relative clause that
// qualifies the subject of another act ("A Vehicle or TAG whose Pilot is
// Dismounted cannot spend Orders" for "can a Pilot … dismount?"): a
// relative word before it with no negation, permission or obligation
// between them, and one of those after it in its clause. Such a text
// rules on the other act of whoever has done the question's. False when
// no sentence holds the verb (the text may word it otherwise), or one
// holds it outside a relative clause.
func actInRelative(q query, d *candidate, text string) bool {
	verb := q.verb()
	if verb == nil || verb.holds(d.pageKeys) || relativeAct(q, verb) {
		return false
	}
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(text))
	}
	modal := func(w []string) bool {
		return startsWithAny(w, v.ps.neg) || startsWithAny(w, v.ps.perm) || startsWithAny(w, v.ps.oblig)
	}
	seen := false
	for _, s := range sentences(text) {
		if !verb.holds(newSpan(s).keys()) {
			continue
		}
		for _, c := range clauses(s, v) {
			for i, k := range c.stems {
				if !verb.holds(map[string]bool{k: true}) {
					continue
				}
				seen = true
				rel := -1
				for j := i - 1; j >= 0; j-- {
					if modal(c.words[j:]) {
						break
					}
					if v.has("relative", c.words[j]) {
						rel = j
						break
					}
				}
				after := false
				for j := i + 1; j < len(c.words); j++ {
					after = after || modal(c.words[j:])
				}
				if rel < 0 || !after {
					return false
				}
			}
		}
	}
	return seen
}

// relativeAct reports whether q's asking clause writes its verb in a
// relative clause too ("do troopers that leave by the wide edge … count
// …?"): the question and a text then put the act in the same place. A
// relative clause of a copula ("a Pilot who is Immobilized dismount")
// ends with the first content word after it.
func relativeAct(q query, verb *unit) bool {
	for i, w := range q.clause {
		if !verb.holds(map[string]bool{stem(w): true}) {
			continue
		}
		for j, x := range q.clause[:i] {
			if !q.v.has("relative", x) {
				continue
			}
			if j+1 < i && q.v.has("copula", q.clause[j+1]) {
				k := j + 2
				for k < i && stopwords[q.clause[k]] {
					k++
				}
				if k < i {
					continue // the clause closed before the verb
				}
			}
			return true
		}
		return false
	}
	return false
}

// withoutHeld returns the unit q's asking clause says its case lacks
// (right after a privative word: "without a WIP Roll", "sin Token de
// Mando") when the text of d holds it with no privative or negation
// before it in its clause: the text states the act with what the
// question's case goes without ("… requires the Operational Use of a
// Command Token", "… succeeding at a Normal WIP Roll"), which says
// nothing of doing it without. Nil otherwise.
func withoutHeld(q query, d *candidate, text string) *unit {
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(text))
	}
	for i, w := range q.clause {
		if !q.v.has("privative", w) {
			continue
		}
		after := contentStems(q.clause[i+1:])
		u := q.unitAt(after)
		if u == nil || u.holds(d.pageKeys) {
			continue
		}
		held, lacked := false, false
		for _, s := range sentences(text) {
			for _, c := range clauses(s, v) {
				for j, k := range c.stems {
					if !u.holds(map[string]bool{k: true}) && !u.holds(spanOf(c.words[j:min(len(c.words), j+4)]).keys()) {
						continue
					}
					held = true
					for _, x := range c.words[:j] {
						lacked = lacked || v.has("privative", x)
					}
					lacked = lacked || startsWithAny(c.words[:j], v.ps.neg) || c.negated(v)
					break
				}
			}
		}
		if held && !lacked {
			return u
		}
	}
	return nil
}

// unitAt returns the unit of q (no topic, no bare number) whose
// alternative the stems st start with, or nil.
func (q query) unitAt(st []string) *unit {
	for i := range q.units {
		u := &q.units[i]
		if u.idf == 0 || u.trivial() {
			continue
		}
		for _, alt := range u.alts {
			if len(alt) > 0 && len(alt) <= len(st) && indexWords(st[:len(alt)], alt) == 0 {
				return u
			}
		}
	}
	return nil
}

// negatedCondition reports whether q states its case in a negated
// condition ("si su TAG no está Inconsciente") while a condition of
// d's text speaks of the same thing without a negation ("Si el
// Vehículo o TAG se encuentra en estado Inconsciente, el Piloto puede
// Desmontar"): the text rules on the other case.
func negatedCondition(q query, d *candidate, text string) bool {
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(text))
	}
	var asked []map[string]bool
	for _, c := range conditionWords(q.text, q.v) {
		sp := spanOf(c)
		if !sp.holdsAny(q.v.ps.neg) {
			continue
		}
		k := map[string]bool{}
		for _, w := range c {
			if !stopwords[w] && !negWord(w) && !q.v.has("det", w) {
				k[stem(w)] = true
			}
		}
		asked = append(asked, k)
	}
	if len(asked) == 0 {
		return false
	}
	for _, c := range conditionWords(text, v) {
		sp := spanOf(c)
		if sp.holdsAny(v.ps.neg) {
			continue
		}
		for _, k := range asked {
			for i := range q.units {
				u := &q.units[i]
				if !u.trivial() && u.idf > 0 && (u.named || u.term) && u.holds(k) && u.holds(sp.keys()) {
					return true
				}
			}
		}
	}
	return false
}

// stateEntry reports whether d is a bullet of how the concept of a page
// q names is entered or left (its Activation or Cancellation block:
// "A Trooper may change its status from Normal to Prone … (except for
// Jump)") while q asks of another game concept (q.objects: "Can a Prone
// trooper Jump?") and asks no entry or cancellation (q.intents): the
// text says how a trooper goes Prone, not whether a Prone trooper can
// Jump.
func stateEntry(q query, d *candidate) bool {
	if d.rec == nil || len(q.intents) > 0 || !hasFold(q.topics, d.page) {
		return false
	}
	if d.rec.Kind != wikirules.KindActivation && d.rec.Kind != wikirules.KindCancellation {
		return false
	}
	return len(q.objects(d)) > 0 && qualifies(q, d.page)
}

// qualifies reports whether q's asking clause writes the topic page as
// the state its subject is in: right after a function word ("a Prone
// trooper", "in Prone State", "en estado…", a class word skipped) or a
// state word ("while Engaged"), not as what a verb leads to ("go
// Prone", "drop Prone": entering it).
func qualifies(q query, page string) bool {
	for i := range q.units {
		u := &q.units[i]
		if !u.topic || classWord(u) || !slices.ContainsFunc(q.topics, func(t string) bool { return lang.Fold(t) == lang.Fold(page) }) {
			continue
		}
		for k, w := range q.clause {
			if !u.holds(map[string]bool{stem(w): true}) {
				continue
			}
			j := k - 1
			for j >= 0 && (q.v.has("classpre", q.clause[j]) || q.v.has("classsuf", q.clause[j])) {
				j--
			}
			return j >= 0 && (stopwords[q.clause[j]] || q.v.has("state", q.clause[j]))
		}
	}
	return false
}

// guardVerdict3 runs the guards of this file on answer a, decided by d,
// as guardVerdict describes: it reads a question whose negation stands in
// a relative clause against the sentences stating that case, and
// withholds a yes or no said of a part of what is asked (partOnly), of
// another act than the question's (actInRelative), or of entering or
// leaving the state the question's trooper is in (stateEntry). It
// reports whether it changed the verdict.
func (e *Engine) guardVerdict3(q query, d *candidate, text string, a *Answer) bool {
	if q.kind != askYesNo || d.faq != nil {
		return false
	}
	see := q.v.Labels.SeeDeciding
	if rel := relativeNegation(q); rel != nil {
		if p := e.relativeCase(q, d, text, rel); p != 0 {
			if v := q.yesNo(p > 0, ""); v != a.Verdict {
				a.Verdict = v
				a.Notes = append(a.Notes, q.v.reason("relative-case"))
			}
			return false
		}
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("relative-negation", strings.Join(rel, " ")))
		return true
	}
	if negatedCondition(q, d, text) {
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("condition-negated"))
		return true
	}
	if u := withoutHeld(q, d, text); u != nil {
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("without-held", u.shown()))
		return true
	}
	if restrictedOther(q, text) {
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("restricted-other"))
		return true
	}
	if u := partOnly(q, d, text); u != nil {
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("part-only", u.shown()))
		return true
	}
	if u := actAbsent(q, d, text, a.Verdict); u != nil {
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("act-absent", u.shown()))
		return true
	}
	if actInRelative(q, d, text) {
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("act-relative", q.verb().shown()))
		return true
	}
	if stateEntry(q, d) {
		a.Verdict = see
		a.Notes = append(a.Notes, q.v.reason("state-entry", d.page))
		return true
	}
	return false
}

// restrictedOther reports whether q asks of another one than a named one
// (a Scope.OtherThan frame in its asking clause: "a lower Level … than
// his profile lists") and text restricts what it allows in a main clause
// ("They may only use the Level listed"). The restriction allows the one
// it names; whether it allows the other the question asks of is not what
// it entails as a yes, so the verdict is withheld.
func restrictedOther(q query, text string) bool {
	if !framesIn(q.clause, q.v.Scope.OtherThan) {
		return false
	}
	for _, s := range sentences(text) {
		for _, c := range clauses(s, q.v) {
			if !c.sub && !c.exception && c.holdsAny(q.v.ps.restr) {
				return true
			}
		}
	}
	return false
}

// framesIn reports whether words w hold one of frames ("lower … than"),
// its two parts at most degreeGap words apart.
func framesIn(w []string, frames []string) bool {
	for _, f := range frames {
		open, close, ok := strings.Cut(f, "…")
		a, b := lang.Words(open), lang.Words(close)
		if !ok || len(a) == 0 || len(b) == 0 {
			continue
		}
		for i := range w {
			if !startsWithAny(w[i:], [][]string{a}) {
				continue
			}
			for j := i + len(a); j <= min(len(w)-len(b), i+len(a)+degreeGap); j++ {
				if startsWithAny(w[j:], [][]string{b}) {
					return true
				}
			}
		}
	}
	return false
}

// act returns the unit of the main verb of q's asking clause, as verb
// finds it but also when the word is one no text of the corpus holds
// ("join"), or nil when the clause names no act of its own: a modal or
// blocking word ("let me avoid", "stop … from drawing") hands the act to
// the verb after it, and an unknown word right before a name ("go
// Prone", "drop Prone") names no act but entering what the name is.
func (q query) act() *unit {
	clause := q.clause
	if len(clause) > 0 && q.v.has("copula", clause[0]) {
		clause = afterSplitPermission(clause, q.v)
		if clause == nil {
			return nil
		}
	}
	at := func(w string) *unit {
		k := stem(w)
		var u *unit
		for j := range q.units {
			for _, x := range q.units[j].alts[0] {
				if x == k {
					u = &q.units[j]
				}
			}
		}
		return u
	}
	for i, w := range clause {
		if stopwords[w] || q.v.has("opener", w) || q.v.has("modal", w) || startsWithAny(clause[i:], q.v.ps.neg) {
			continue
		}
		if i > 0 && q.v.has("det", clause[i-1]) {
			continue
		}
		u := at(w)
		switch {
		case u == nil:
			return nil
		case u.topic || u.named:
			continue
		case u.idf == 0 && i+1 < len(clause):
			if n := at(clause[i+1]); n != nil && (n.topic || n.named) {
				return nil
			}
		}
		return u
	}
	return nil
}

// actAbsent returns the main verb of q's asking clause (act) when no
// text of the corpus holds it nor a glossary equivalent (its idf is 0)
// in a language whose verb forms the stemmer joins (not UnjoinedVerbs),
// d's text holds no paraphrase of it (Polarity.Paraphrases: "mata" of a
// text saying "Muerto"), it is no word of d's page title, and d's verdict
// is a yes: the text then allows another act than the one asked ("…
// podrán volver a integrarse" for "can a trooper join …?"), which is no
// yes to the question. A no stays: a prohibition or a closed list denies
// acts it need not name. Nil otherwise.
func actAbsent(q query, d *candidate, text string, verdict string) *unit {
	if !strings.HasPrefix(verdict, q.v.Labels.Yes) || q.v.Question.UnjoinedVerbs {
		return nil
	}
	u := q.act()
	if u == nil || u.idf != 0 || u.holds(d.pageKeys) {
		return nil
	}
	stems := newSpan(text).stems
	for _, g := range paraphraseGroups() {
		if g.heldBy(u.alts[0]) && g.heldBy(stems) {
			return nil
		}
	}
	return u
}
