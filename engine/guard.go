package engine

import (
	"slices"
	"strings"
	"unicode"

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

// guardVerdict withholds the verdict of answer a, decided by d among
// cands, when d's text does not entail it for q's case, saying why: d
// states it of the subject's own where q asks of another (ownScoped);
// the guards of guard3.go (guardVerdict3: a part of the name asked
// about, another act, entering the state, a negated or privative case);
// d
// does not write a page q names as a name (unnamedPage); d makes an
// exception the question's case may fall in (openException); d stands on
// another variant of a page q names (siblingVariant); or d is an
// alternative of another rule of its page whose exception takes out what
// q asks about (exceptionContested).
func (e *Engine) guardVerdict(q query, d *candidate, cands []*candidate, a *Answer) {
	if a.Verdict == q.v.Labels.SeeDeciding || a.Verdict == NotFound {
		return
	}
	if boxLevel(q, d) < 0 {
		// The text is of another level than the level asked: its box, an
		// FAQ asking of that level, a chart row of it.
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("level-other", levelOf(d)))
		return
	}
	if d.rec == nil {
		return
	}
	text := d.rec.Plain
	if d.leadIn != nil {
		text = d.leadIn.Plain + "\n" + text
	}
	if ownScoped(q, text) {
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("own-scoped"))
		return
	}
	if q.kind != askYesNo {
		return
	}
	if e.guardVerdict3(q, d, text, a) {
		return
	}
	if u := unnamedPage(q, d, text); u != nil {
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("page-unnamed", u.shown()))
		return
	}
	if u := openException(q, d); u != nil {
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("exception-open", u.shown()))
		return
	}
	if t := siblingVariant(q, d); t != "" {
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("variant-other", d.page, t))
		return
	}
	if c := e.exceptionContested(q, d, cands); c != nil {
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("contested", citationOf(c, q.v)))
	}
}

// unnamedPage returns a page q names (a topic unit written as a name)
// that is not d's page and that d's text holds only in words not written
// as a name: "Troopers possessing the Wound Attribute" does not speak of
// the Possessed State, though the stems meet. The rules write a game
// concept with a capital; a text whose words share a stem with it in
// lower case speaks of something else, and what it entails is not the
// question's answer. Nil when d's text writes each such page as a name,
// or d stands on a page q names.
func unnamedPage(q query, d *candidate, text string) *unit {
	if hasFold(q.topics, d.page) {
		// A text on a page the question names is about its subject;
		// what it entails of another name the question writes is read
		// by the polarity's own checks.
		return nil
	}
	var capital map[string]bool
	for i := range q.units {
		u := &q.units[i]
		if !(u.topic || u.term) || !u.named || u.idf == 0 || u.trivial() || u.holds(d.pageKeys) {
			continue
		}
		if capital == nil {
			capital = map[string]bool{}
			for _, t := range lang.Split(text) {
				if startsUpper(t.Text) {
					capital[stem(lang.Fold(t.Text))] = true
				}
			}
		}
		if !startsUpper(u.typed) || !u.holds(keySet(text)) {
			// Not written as a name by the question, or not held at
			// all: other checks rule on a text that lacks it.
			continue
		}
		held := false
		for _, alt := range u.alts {
			for _, k := range alt {
				held = held || capital[k]
			}
		}
		if !held {
			return u
		}
	}
	return nil
}

// exceptionContested returns a text of d's page that speaks of a
// concept q asks about which d's exception takes out, when d opens as an
// alternative of another rule of its page ("Alternatively, … may cancel
// all of their target's States … except Unconscious", AlternativeOpeners):
// the exception leaves that concept out of the alternative only, not out
// of what the other rule grants ("This cancels Unconscious State"). A
// question that names another concept the alternative speaks of ("…
// cancel Unconscious together with IMM-A?") asks about the alternative
// itself, and keeps its verdict. Nil otherwise.
func (e *Engine) exceptionContested(q query, d *candidate, cands []*candidate) *candidate {
	words := lang.Words(d.rec.Plain)
	alt := false
	for _, v := range sortedVocabs() {
		alt = alt || startsWithAny(words, v.ps.alt)
	}
	if !alt {
		return nil
	}
	var excepted []*unit
	v := vocabFor(d.lang)
	for _, s := range sentences(d.rec.Plain) {
		for _, cl := range clauses(s, v) {
			if !cl.exception {
				continue
			}
			out := cl.excepted()
			for _, u := range q.objects(d) {
				if u.holds(out) && !containsUnit(excepted, u) {
					excepted = append(excepted, u)
				}
			}
		}
	}
	if len(excepted) == 0 {
		return nil
	}
	own := keySet(d.rec.Plain)
	for _, u := range q.objects(d) {
		if !containsUnit(excepted, u) && !classWord(u) && u.holds(own) {
			return nil
		}
	}
	for _, c := range cands {
		if c == d || c.rec == nil || c.newerEd != 0 || lang.Fold(c.page) != lang.Fold(d.page) {
			continue
		}
		if slices.ContainsFunc(excepted, func(u *unit) bool { return u.holds(c.keys) }) {
			return c
		}
	}
	return nil
}

// numberAbsent returns the name a numeric question asks a number of
// ("What MOD … a trooper in Suppressive Fire State?") when no page title
// names it, the deciding text d stands on no page the question names and
// states no number of the kind asked, and no candidate that speaks of
// the name (d among them) states one either (nor any figure): the number
// asked for is in no text about
// the subject, and a text that only mentions it answers another
// question. A question asking for no number is read by mentionOnly. ""
// otherwise.
func (e *Engine) numberAbsent(q query, d *candidate, cands []*candidate) string {
	if hasFold(q.topics, d.page) {
		// A text on a page the question names is about its subject.
		return ""
	}
	if q.kind != askNumeric {
		return e.mentionOnly(q, d)
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
			if !speaksOf(q, c, name) {
				// d itself is read too: a row of the name that writes
				// its figure ("EXP … 3") may decide with no verdict.
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

// classWord reports whether every word u is written in is a class word of
// titles in some language ("State" of "Unconscious State"): it names a
// kind of rule, no concept of its own.
func classWord(u *unit) bool { return everyWordIn(u, "classsuf", "classpre") }

// openException returns a concept q asks about that d's text does not
// hold when d's text makes an exception in words that name none of q's
// concepts ("Unconscious Troopers automatically fall Prone unless they
// are a Troop Type unable to do so" for a TAG): whether q's case is the
// exception is not in the text, so neither is the verdict. Nil when d
// holds every concept q asks about, or its exception names one (the
// exception then answers of it) or a variant of its page's concept
// ("salvo que posea Inmunidad (Crítico)": what is excepted is named).
func openException(q query, d *candidate) *unit {
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(d.rec.Plain))
	}
	var out map[string]bool
	for _, s := range sentences(d.rec.Plain) {
		for _, cl := range clauses(s, v) {
			if cl.exception {
				if out == nil {
					out = map[string]bool{}
				}
				for k := range cl.excepted() {
					out[k] = true
				}
			}
		}
	}
	if out == nil {
		return nil
	}
	for k := range out {
		if d.pageKeys[k] {
			// The exception names a variant of the page's own concept
			// ("salvo que posea Inmunidad (Crítico)"): it is closed.
			return nil
		}
	}
	own := keySet(d.rec.Plain)
	var missing *unit
	for _, u := range q.objects(d) {
		if classWord(u) {
			continue
		}
		if u.holds(out) {
			return nil
		}
		if missing == nil && !u.holds(own) {
			missing = u
		}
	}
	return missing
}

// markOlderEdition, for a question asked without an edition, marks the
// candidates that hold in no edition newer than that of the deciding
// candidate d when a candidate of the newest edition the knowledge base
// holds (e.newest) answers q about as relevantly (within contenderRatio
// of d's score, or above it: it competes by precedence), on any page: the default answer speaks for
// the newest edition, and an older page ("Unconscious", N4 and CodeOne)
// does not decide over an N5 text that answers ("Troopers in Unconscious
// State revert to Normal State if a Wound is removed"); when d entails a
// yes/no or numeric verdict, c must entail one too. A text of d's own
// rule (its page, or its twin in the other language) is no such
// candidate (markOlder, TwinWarnings). Candidates of unknown edition are
// left alone. It reports whether it marked any.
func (e *Engine) markOlderEdition(q query, d *candidate, cands []*candidate) bool {
	dn, ok := newestOf(d.editions())
	if !ok || dn == e.newest || !d.editions().Has(dn) {
		return false
	}
	found := false
	for _, c := range cands {
		if c == d || c.newerEd != 0 || !c.editions().Has(e.newest) || c.score < contenderRatio*d.score {
			continue
		}
		if c.faq != nil && !c.faqFit || e.titles.sameRule(d.page, c.page) {
			// A page of d's own rule: markOlder rules on it, and a twin
			// in the other language does not displace the page in the
			// judge's words (the answer warns that it lags).
			continue
		}
		if hasFold(q.topics, d.page) && !hasFold(q.topics, c.page) && !namesATopic(q, c) {
			// d stands on a page the question names (Targeted:
			// Marcado); a newer text elsewhere that holds nothing the
			// question names ("+1 SD" of Martial Arts for "What MOD does
			// Targeted give to the attacker?") speaks of another rule.
			continue
		}
		if ok, _ := e.answers(q, c); !ok {
			continue
		}
		if (q.kind == askYesNo || q.kind == askNumeric) && entailsVerdict(e, q, d) && !entailsVerdict(e, q, c) {
			// d says "No." and c nothing the question asks ("The
			// Strategic Use of Command Tokens…" for whether an Isolated
			// Trooper's Order can be made Regular): c does not answer,
			// and overrides nothing.
			continue
		}
		found = true
		break
	}
	if !found {
		return false
	}
	marked := false
	for _, c := range cands {
		if c.newerEd == 0 && c.editions() != 0 && !c.editions().Has(e.newest) {
			c.newerEd = e.newest
			marked = true
		}
	}
	return marked
}

// entailsVerdict reports whether c entails a verdict for q (verdict:
// not Labels.SeeDeciding).
func entailsVerdict(e *Engine, q query, c *candidate) bool {
	v, _ := e.verdict(q, c)
	return v != "" && v != q.v.Labels.SeeDeciding
}

// mentionOnly returns the name a question asks about when no page title
// names it, the deciding text d, on a page the question does not name,
// holds it, and d holds no word of a page the question names beside it
// ("Can a trooper in Suppressive Fire State Dodge?" against "The
// following Troopers cannot be part of a Fireteam: Troopers that
// activate or are in the Suppressive Fire State"): d mentions the
// concept and speaks of something else, and no page describes it. ""
// otherwise.
func (e *Engine) mentionOnly(q query, d *candidate) string {
	if d.rec == nil {
		return ""
	}
	own := keySet(recordText(d.rec))
	if d.leadIn != nil {
		for k := range keySet(recordText(d.leadIn)) {
			own[k] = true
		}
	}
	asked := false
	for i := range q.units {
		u := &q.units[i]
		if !u.topic || classWord(u) || u.idf == 0 {
			continue
		}
		if u.holds(own) {
			return ""
		}
		asked = true
	}
	if !asked {
		return ""
	}
	for _, u := range q.namedUnits() {
		if u.topic || !u.inClause || u.coded() || oneLetter(u) || q.asksFor(u) || attribute(u) || e.titled(u) {
			continue
		}
		if !u.holds(own) {
			return ""
		}
		_, shown := q.nameOf(u)
		return shown
	}
	return ""
}

// siblingVariant returns the page q names of which d's page is another
// variant: the two titles differ only in one code, a letter or a number
// ("Inmovilizado-A", "Inmovilizado-B"; "Albedo-A"), and d's text does not
// write the title q names. The variants are ruled apart; what the text
// says of one is no verdict on the other. "" otherwise.
func siblingVariant(q query, d *candidate) string {
	dw := lang.Words(d.page)
	for _, t := range q.topics {
		tw := lang.Words(t)
		if len(tw) != len(dw) || lang.Fold(t) == lang.Fold(d.page) {
			continue
		}
		diff := -1
		for i := range tw {
			if tw[i] != dw[i] {
				if diff >= 0 {
					diff = -2
					break
				}
				diff = i
			}
		}
		if diff < 0 || !codeWord(tw[diff]) || !codeWord(dw[diff]) {
			continue
		}
		if indexWords(lang.Words(d.rec.Plain), tw) >= 0 {
			continue
		}
		return t
	}
	return ""
}

// codeWord reports whether folded word w is a code: one letter, or
// digits.
func codeWord(w string) bool {
	if len([]rune(w)) == 1 {
		return true
	}
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

// namesATopic reports whether candidate c's text names a page question
// q names: its title, or a name of it as the question writes it,
// capital letter and all ("Targeted", not the "targets" of any attack).
func namesATopic(q query, c *candidate) bool {
	text := recordText(c.rec)
	if c.faq != nil {
		text = c.faq.Question + "\n" + c.faq.Answer
	}
	folded := lang.Fold(text)
	for _, t := range q.topics {
		if strings.Contains(folded, lang.Fold(t)) {
			return true
		}
	}
	for i := range q.units {
		if u := &q.units[i]; u.topic && u.typed != "" && strings.Contains(text, u.typed) {
			return true
		}
	}
	return false
}
