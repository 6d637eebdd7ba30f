package engine

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// metRatio is how relevant, of the record whose condition the question's
// case contradicts, a record of its page whose condition the question
// states must be to rule instead: the other holds the question's words by
// naming another case ("más Heridas que … Muerto" for "tantas heridas
// como su VITA, ¿está muerta?").
const metRatio = 0.6

// degreeGap is how many words a degree frame may hold between its two
// parts ("más Heridas que", "as many Wounds as").
const degreeGap = 4

// degree is one occurrence of a degree frame in a run of words: its
// degree (a key of Quantities.Degrees) and the words it compares.
type degree struct {
	kind     string
	compared []string
}

// degreesIn returns the degree frames of v that occur in w.
func degreesIn(w []string, v *Vocabulary) []degree {
	var out []degree
	for kind, frames := range v.Quantities.Degrees {
		for _, f := range frames {
			open, close, ok := strings.Cut(f, "…")
			a, b := lang.Words(open), lang.Words(close)
			if !ok || len(a) == 0 {
				continue
			}
			for i := range w {
				if !startsWithAny(w[i:], [][]string{a}) {
					continue
				}
				from := i + len(a)
				if len(b) == 0 {
					out = append(out, degree{kind, w[from:min(len(w), from+degreeGap)]})
					continue
				}
				for j := from; j <= min(len(w)-len(b), from+degreeGap); j++ {
					if startsWithAny(w[j:], [][]string{b}) {
						out = append(out, degree{kind, w[from:j]})
						break
					}
				}
			}
		}
	}
	return out
}

// conditionWords returns the conditions of text in v's language as runs
// of words: the clauses conditionKeys reads the condition stems of (from
// a conditional phrase to the end of its clause; a sentence's short
// opening phrase set off by a comma).
func conditionWords(text string, v *Vocabulary) [][]string {
	var out [][]string
	for _, s := range sentences(text) {
		if i := strings.IndexByte(s, ','); i > 0 {
			if w := lang.Words(s[:i]); len(w) <= openingWords && !startsWithAny(w, v.ps.cond) {
				out = append(out, w)
			}
		}
		for _, piece := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",;:", r) }) {
			w := lang.Words(piece)
			conceded := -1
			for i := range w {
				for _, p := range v.ps.cond {
					if i+len(p) > conceded && startsWithAny(w[i:], [][]string{p}) && !startsWithAny(w[i:], v.ps.ifs) {
						conceded = i + len(p)
					}
				}
				if i >= conceded && startsWithAny(w[i:], v.ps.ifs) {
					out = append(out, w[i:])
					break
				}
			}
		}
	}
	return out
}

// conditionContradicted reports whether a condition of text (in the
// language of v) is one the case q sets does not meet, for q states it
// otherwise: the condition compares an amount with a degree ("si la Tropa
// acumula más Heridas que el valor de su Atributo VITA") and q compares
// the same amount with another ("tantas heridas como su VITA", "as many
// wounds as its VITA"), or the condition names one of a pair of opposite
// conditions and q the other ("en Turno Activo" for a question asked of an
// ARO). The text then states another case than q's: no verdict for q.
func conditionContradicted(q query, text string, v *Vocabulary) bool {
	conds := conditionWords(text, v)
	if len(conds) == 0 {
		return false
	}
	qw := lang.Words(q.text)
	qd := degreesIn(qw, q.v)
	ops := oppositions(qw)
	for _, c := range conds {
		if eachOpposition(ops, c, func([]string) bool { return true }) {
			return true
		}
		for _, td := range degreesIn(c, v) {
			keys := spanOf(td.compared).keys()
			for _, d := range qd {
				if d.kind != td.kind && comparesSame(q, d.compared, keys) {
					return true
				}
			}
		}
	}
	return false
}

// conditionMeets reports whether a condition of text compares an amount
// q compares with q's own degree ("tantas Heridas como" for "as many
// wounds as").
func conditionMeets(q query, text string, v *Vocabulary) bool {
	qd := degreesIn(lang.Words(q.text), q.v)
	if len(qd) == 0 {
		return false
	}
	for _, c := range conditionWords(text, v) {
		for _, td := range degreesIn(c, v) {
			keys := spanOf(td.compared).keys()
			for _, d := range qd {
				if d.kind == td.kind && comparesSame(q, d.compared, keys) {
					return true
				}
			}
		}
	}
	return false
}

// comparesSame reports whether the words a question compares (qw) and the
// stems a text compares (keys) name one amount: a unit of q held by both
// (a word, or its glossary translation: "wounds", "Heridas").
func comparesSame(q query, qw []string, keys map[string]bool) bool {
	qk := spanOf(qw).keys()
	for i := range q.units {
		u := &q.units[i]
		if !u.trivial() && u.holds(qk) && u.holds(keys) {
			return true
		}
	}
	return false
}

// withdrawnTwins returns cands without the FAQs whose twin page, in the
// other language, shows the same entry as withdrawn: the wiki of one
// language marks an entry "Removed in 1.3, Nov 2022" where the other
// still shows its translation (Aislado's N4 FAQ 1.0, withdrawn on Isolated
// State). The translation is one entry of one FAQ version; it is no more
// in force than the entry it translates. Unless superseded text is asked
// for (f.History).
func (e *Engine) withdrawnTwins(ctx context.Context, cands []*candidate, f wikirules.Filter) ([]*candidate, error) {
	if f.History {
		return cands, nil
	}
	removed := map[string][]*wikirules.FAQ{} // by folded twin title
	read := func(title string) ([]*wikirules.FAQ, error) {
		k := lang.Fold(title)
		if l, ok := removed[k]; ok {
			return l, nil
		}
		tf := f
		tf.Pages, tf.Limit = []string{title}, 0
		faqs, err := e.store.FAQs(ctx, "", tf)
		if err != nil {
			return nil, fmt.Errorf("engine: FAQs of %q: %w", title, err)
		}
		var l []*wikirules.FAQ
		for i := range faqs {
			if faqs[i].Removed != "" {
				l = append(l, &faqs[i])
			}
		}
		removed[k] = l
		return l, nil
	}
	out := cands[:0:0]
	for _, c := range cands {
		drop := false
		if c.faq != nil && c.faq.Removed == "" {
			for _, p := range c.faq.Pages {
				for _, w := range e.titles.twinsOf(p) {
					l, err := read(w)
					if err != nil {
						return nil, err
					}
					for _, r := range l {
						drop = drop || e.sameEntry(c.faq, r)
					}
				}
			}
		}
		if !drop {
			out = append(out, c)
		}
	}
	return out, nil
}

// reVersionNumber is the number of an FAQ version ("1.0" of "1.0, enero
// 2021").
var reVersionNumber = regexp.MustCompile(`\d+(?:\.\d+)*`)

// sameEntry reports whether FAQs a and b, of twin pages, are one entry in
// two languages: of one type and version number, their answers opening
// with the same yes or no, and their questions naming the same glossary
// terms (most of the terms of either, three at least), as translatedFAQs
// matches them.
func (e *Engine) sameEntry(a, b *wikirules.FAQ) bool {
	if a.Type != b.Type || reVersionNumber.FindString(a.Version) != reVersionNumber.FindString(b.Version) {
		return false
	}
	ay, _ := e.openingYesNo(a.Answer)
	if by, _ := e.openingYesNo(b.Answer); ay != by {
		return false
	}
	ta, tb := e.faqTerms(a.Question), e.faqTerms(b.Question)
	n := sharedTerms(ta, tb)
	return n >= 3 && 4*n >= 3*max(len(ta), len(tb))
}

// faqTerms returns the glossary terms an FAQ's question names, each as
// the set of its forms (the term and its synonyms, by stem).
func (e *Engine) faqTerms(question string) []map[string]bool {
	var out []map[string]bool
	for _, m := range e.gloss.Segment(question) {
		if len(m.Synonyms) == 0 {
			continue
		}
		set := map[string]bool{strings.Join(keys(m.Text), " "): true}
		for _, o := range m.Synonyms {
			set[strings.Join(keys(o), " ")] = true
		}
		delete(set, "")
		out = append(out, set)
	}
	return out
}

// capUnmentioned returns the word of q's asking clause a numeric answer
// leaves out when the number d gives is a bound on every case ("el valor
// máximo de Ráfaga de cualquier Ataque nunca puede ser superior a 6":
// a comparison phrase of d's language right before it) and neither d's
// text, its context nor its page holds that word ("What burst does a
// riotstopper have?"): a cap on all attacks is not the value of the thing
// asked about. It returns "" when d may answer, and for a question that
// asks for a bound (Quantities.Asks "bound": "maximum").
func (e *Engine) capUnmentioned(q query, d *candidate) string {
	if q.kind != askNumeric || d.rec == nil || hasFold(q.topics, d.page) || containsAny(q.clause, q.v.ps.asks["bound"]) {
		// A question asking for the bound ("the maximum Burst") is
		// answered by it.
		return ""
	}
	_, num := e.verdict(q, d)
	if num == "" || !bounded(d.rec.Plain, num, vocabFor(d.lang)) {
		return ""
	}
	for i := range q.units {
		u := &q.units[i]
		if !u.inClause || u.topic || u.trivial() || u.idf <= 0 || q.asksFor(u) || attribute(u) {
			continue
		}
		if !u.holds(d.keys) && !u.holds(d.ctx) && !u.holds(d.pageKeys) {
			return u.shown()
		}
	}
	return ""
}

// bounded reports whether the number num stands in text right after a
// comparison phrase of v ("superior a 6", "up to 2"): a bound.
func bounded(text, num string, v *Vocabulary) bool {
	w := lang.Words(text)
	for i, x := range w {
		if x != num {
			continue
		}
		for _, p := range v.ps.compare {
			if i >= len(p) && startsWithAny(w[i-len(p):], [][]string{p}) {
				return true
			}
		}
	}
	return false
}
