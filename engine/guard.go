package engine

import (
	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// The guards below run once the deciding source is chosen and the answer
// built. They never add confidence: each either withholds a verdict the
// deciding text does not entail for the judge's case, or turns an answer
// into "not found" when what the question asks is in no text about its
// subject. A judge acts on what the engine says; silent is better than
// wrong.

// ownScoped reports whether text states what it states of a group or
// thing scoped to the subject's own ("activar a otra Tropa que pertenezca
// a su Grupo de Combate", "in the same Order") where the yes/no question
// q asks of another one ("¿… activar tropas de otro?"): a permission for
// one's own does not say whether it reaches another. It holds when q
// writes a word of another (Scope.Other) and none of one's own
// (Scope.Own), and a sentence of text writes an own word right before
// what q's other word stands for: the name right after it ("otro Grupo
// de Combate"), or, when no word follows it ("… de otro"), any name q
// writes before it.
func ownScoped(q query, text string) bool {
	if q.kind != askYesNo {
		return false
	}
	qw := lang.Words(q.text)
	others := map[*unit]bool{}
	for i, w := range qw {
		if scopeWord("scopeown", w) {
			return false
		}
		if !scopeWord("scopeother", w) {
			continue
		}
		if after := contentStems(qw[i+1:]); len(after) > 0 {
			if u := q.nameAt(after); u != nil {
				others[u] = true
			}
			continue
		}
		for k := range qw[:i] {
			if u := q.nameAt(contentStems(qw[k:i])); u != nil {
				others[u] = true
			}
		}
	}
	if len(others) == 0 {
		return false
	}
	for _, s := range sentences(text) {
		words := lang.Words(s)
		for i, w := range words {
			if !scopeWord("scopeown", w) {
				continue
			}
			j := i + 1
			for j < len(words) && scopeWord("scopeown", words[j]) {
				j++ // "su propio", "its own"
			}
			if j == len(words) || stopwords[words[j]] {
				continue
			}
			if u := q.nameAt(contentStems(words[j:])); u != nil && others[u] {
				return true
			}
		}
	}
	return false
}

// contentStems returns the stems of the first content words of words
// (stopwords dropped), as a unit holds them ("Grupo de Combate": grup,
// combat).
func contentStems(words []string) []string {
	var st []string
	for _, k := range words[:min(len(words), 6)] {
		if !stopwords[k] {
			st = append(st, stem(k))
		}
	}
	return st
}

// nameAt returns the unit of q that names a game concept (a glossary
// term, a page, a name) whose alternative the stems st start with, or
// nil.
func (q query) nameAt(st []string) *unit {
	for i := range q.units {
		u := &q.units[i]
		if u.idf == 0 || u.trivial() || !(u.term || u.page || u.named) {
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

// scopeWord reports whether folded word w is in the scope list (list
// "scopeown" or "scopeother") of some vocabulary: a text may be in the
// other language than the question.
func scopeWord(list, w string) bool {
	for _, v := range sortedVocabs() {
		if v.has(list, w) {
			return true
		}
	}
	return false
}

// guardVerdict withholds the verdict of answer a, decided by d, when d's
// text does not entail it for q's case (ownScoped), saying why.
func (e *Engine) guardVerdict(q query, d *candidate, a *Answer) {
	if a.Verdict == q.v.Labels.SeeDeciding || a.Verdict == NotFound || d.rec == nil {
		return
	}
	text := d.rec.Plain
	if d.leadIn != nil {
		text = d.leadIn.Plain + "\n" + text
	}
	if ownScoped(q, text) {
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("own-scoped"))
	}
}

// numberAbsent returns the name a numeric question asks a number of
// ("What MOD … a trooper in Suppressive Fire State?") when no page title
// names it, the deciding text d stands on no page the question names and
// states no number of the kind asked, and no other candidate that speaks
// of the name states one either (nor any figure): the number asked for is in no text about
// the subject, and a text that only mentions it answers another
// question. "" otherwise.
func (e *Engine) numberAbsent(q query, d *candidate, cands []*candidate) string {
	if q.kind != askNumeric || hasFold(q.topics, d.page) {
		// A text on a page the question names is about its subject.
		return ""
	}
	if v, _ := e.verdict(q, d); v != q.v.Labels.SeeDeciding {
		return ""
	}
	for _, u := range q.namedUnits() {
		if u.topic || !u.inClause || u.coded() || oneLetter(u) || q.asksFor(u) || attribute(u) || e.titled(u) {
			continue
		}
		name, shown := q.nameOf(u)
		for i, c := range cands {
			if i >= numberReadMax {
				break
			}
			if c == d || !speaksOf(q, c, name) {
				continue
			}
			if v, _ := e.verdict(q, c); v != q.v.Labels.SeeDeciding || statesDigits(c) {
				// A number the verdict does not read (a table row,
				// "No. of Rolls: 3") may still be the one asked.
				return ""
			}
		}
		return shown
	}
	return ""
}

// numberReadMax is how many of the best candidates numberAbsent reads
// for a number about the name asked of.
const numberReadMax = 20

// titled reports whether a page title names the concept u (in any of its
// terms).
func (e *Engine) titled(u *unit) bool {
	for _, alt := range u.alts {
		if e.titles.holding(alt) {
			return true
		}
	}
	return false
}

// statesDigits reports whether c's text writes a figure, c being no
// example (an example's figures are of its case).
func statesDigits(c *candidate) bool {
	if c.faq != nil {
		return reNumber.MatchString(c.faq.Answer)
	}
	return c.rec.Kind != wikirules.KindExample && reNumber.MatchString(recordText(c.rec))
}
