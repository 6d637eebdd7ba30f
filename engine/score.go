package engine

import (
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Features of a candidate the relevance weighs (weights, by feature).
const (
	fCoverage   = iota // share of the question's weight it holds (coverage), an FAQ mostly on its question
	fClause            // the same over the units of the clause that asks
	fAction            // share of what is asked of its subject it holds (actionShare)
	fSearch            // the Searcher's score, over the best hit's
	fTopic             // it stands on (an FAQ: relates to) a page the question names
	fIntent            // a block of the kind the question asks for (intents)
	fEdition           // scoped to the edition asked for
	fExample           // an example
	fSkill             // a skill box
	fFAQFit            // an FAQ asking the judge's question
	fFAQOther          // an FAQ asking something else
	fLong              // how long past 50 words it is (per 100 words)
	fCross             // in another language than the question
	fSentence          // coverage by its best sentence alone
	fVerdict           // it entails a verdict of the kind asked (a yes or no, a number)
	fReminder          // a remember box or a note: it restates a rule stated elsewhere
	fList              // an open question, and a closed list ("las únicas ORA … son: A, B o C")
	fTranslated        // in another language than the question, on a page whose translation is a candidate too
	fCondition         // on a page the question names as a condition ("while engaged"), naming the other page
	fSection           // under a section heading the question names (a Trait of Traits: "the ARO Trait")
	fLevel             // of only other levels than the question names (-1: boxLevel), else 0
	nFeatures
)

// weights are the weights of the features in the relevance: a linear
// score, the share of the question a candidate covers first. They were
// chosen on the development part of testdata/questions.json (every case
// but each fifth) and are checked on the held-out part (TestQuestions).
var weights = [nFeatures]float64{
	fCoverage: 0.7, fClause: 0.2, fAction: 0.2, fSearch: 0.3, fTopic: 0.1, fIntent: 0.08, fEdition: 0.04,
	fExample: -0.1, fSkill: -0.15, fFAQFit: 0.1, fFAQOther: -0.05, fLong: -0.1, fCross: -0.1,
	fSentence: 0, fVerdict: 0.15, fReminder: -0.05, fList: 0.2, fTranslated: -0.2, fCondition: 0.2,
	fSection: 0.1, fLevel: 0.2,
}

// features returns the features of candidate c for q; the costly ones
// (fSentence, fVerdict: reading the text's sentences) only when full.
func (e *Engine) features(q query, c *candidate, ed wikirules.Edition, qk map[string]bool, full bool) [nFeatures]float64 {
	var f [nFeatures]float64
	own := c.keys
	f[fCoverage] = e.coverage(q, c, c.keys)
	if c.faq != nil {
		whole := f[fCoverage]
		fwd := e.coverage(q, c, c.qkeys)
		f[fCoverage] = faqQuestionShare*fwd + (1-faqQuestionShare)*f[fCoverage]
		rev := 1.0 // a question naming pages only ("Berserk Engaged") asks nothing more of an FAQ
		if q.asksMore() {
			rev = e.reverse(c.faq.Question, qk, q.topicKeys())
		}
		fits := faqFits(fwd, rev) || faqCaseFits(fwd, rev, whole, e.clauseCoverage(q, c, c.keys))
		c.faqShares = fits && e.sameSubject(c.faq.Question, q, qk) && e.namesTopics(q, c)
		c.faqFit = c.faqShares && e.asksLikeFAQ(q, c.faq, qk)
		if yn, _ := e.openingYesNo(c.faq.Answer); yn != "" && q.kind != askYesNo && !(yn == "yes" && q.kind == askNumeric && e.proposesFor(q, c.faq.Question, qk)) {
			// A yes or a no answers a yes/no question, not "which" or
			// "how many" — unless it confirms the number its question
			// proposes ("do they apply a -6 MOD?" "Yes") for the
			// judge's case (proposesFor: IMM-B and Targeted, not IMM-B
			// alone).
			c.faqFit = false
		}
		if c.faq.Question == "" { // an errata that only states its correction
			c.faqFit = e.coverage(q, c, c.keys) >= faqForwardMin
		} else {
			own = c.qkeys
		}
		if c.faqFit {
			f[fFAQFit] = 1
		} else {
			f[fFAQOther] = 1
		}
	}
	f[fClause] = e.clauseCoverage(q, c, own)
	f[fAction] = e.actionShare(q, c, own)
	f[fSearch] = c.searched
	if onTopic(q, c) {
		f[fTopic] = 1
	}
	if c.rec != nil && matchesIntent(q, c.rec) {
		f[fIntent] = 1
	}
	if ed != 0 && (c.rec != nil && c.rec.Editions.Has(ed) || c.faq != nil && c.faq.Editions.Has(ed)) {
		f[fEdition] = 1
	}
	switch c.kind() {
	case wikirules.KindExample:
		f[fExample] = 1
	case wikirules.KindSkill:
		f[fSkill] = 1
	case wikirules.KindRemember, wikirules.KindNote:
		f[fReminder] = 1
	}
	if n := len(c.keys); n > 50 {
		f[fLong] = float64(n-50) / 100
	}
	if c.lang != "" && c.lang != q.lang {
		f[fCross] = 1
	}
	if c.rec != nil && onCondition(q, c) {
		f[fCondition] = 1
	}
	if e.sectionNamed(c, qk) {
		f[fSection] = 1
	}
	if boxLevel(q, c) < 0 {
		// Only a demotion: a box of the level asked is one page's
		// part, and lifting it would lift that page over another the
		// question names ("Sixth Sense and a Multispectral Visor L1").
		f[fLevel] = -1
	}
	if q.kind == askOpen && c.rec != nil && closedList(c.rec.Plain, vocabFor(c.lang)) {
		f[fList] = 1
	}
	if !full {
		return f
	}
	if weights[fSentence] != 0 {
		// At weight 0 the feature adds nothing to the score: its
		// sentences are not read.
		f[fSentence] = e.sentenceCoverage(q, c)
	}
	if q.kind != askOpen {
		if v, _ := e.verdict(q, c); v != q.v.Labels.SeeDeciding {
			f[fVerdict] = 1
		}
	}
	return f
}

// score sets the relevance of every candidate (the weighted sum of its
// features, between equals the shorter text first) and sorts them best
// first. It also marks the FAQs whose question is the judge's question
// (faqFit).
//
// It scores in two passes: every candidate on the cheap features, then the
// fullPass best of them on all features (the others cannot catch up: the
// costly features add at most their weights).
func (e *Engine) score(q query, cands []*candidate, ed wikirules.Edition) {
	qk := q.keys()
	weigh := func(c *candidate, full bool) {
		if q.total == 0 {
			return
		}
		f := e.features(q, c, ed, qk, full)
		s := 0.0
		for i, w := range weights {
			s += w * f[i]
		}
		c.score = s - lengthTieBreak*float64(len(c.keys))
	}
	translated := e.translatedPages(q, cands)
	for _, c := range cands {
		weigh(c, false)
		if translated[lang.Fold(c.page)] {
			c.score += weights[fTranslated]
		}
	}
	sortByScore(cands)
	for _, c := range cands[:min(fullPass, len(cands))] {
		weigh(c, true)
		if translated[lang.Fold(c.page)] {
			c.score += weights[fTranslated]
		}
	}
	for foreign, own := range e.translatedFAQs(q, cands[:min(fullPass, len(cands))]) {
		// One FAQ in two languages asks one question: the entry in the
		// judge's language states it in the judge's words. When its
		// translation asks the judge's question and it does not, the
		// translation may pass only because its words cannot be matched:
		// if the entry shares the judge's question on the same subject
		// (it fails only on how it asks: a verb of another wording,
		// "transformed" for "turns"), the two ask it; if it does not
		// share it, the words the translation could not be checked on
		// are not in the FAQ either ("Do State MODs all stack…?" for
		// "Does Targeted State give a MOD to the attacker?"), and
		// neither asks it.
		foreign.ownLang = own
		if foreign.faqFit && !own.faqFit {
			if own.faqShares {
				own.faqFit = true
				own.score += weights[fFAQFit] - weights[fFAQOther]
			} else {
				foreign.faqFit = false
				foreign.score += weights[fFAQOther] - weights[fFAQFit]
			}
		}
		if !translated[lang.Fold(foreign.page)] {
			foreign.score += weights[fTranslated]
		}
	}
	sortByScore(cands)
}

// boxLevel compares the levels q names ("Visor Multiespectral N2",
// levelsNamed) with those c is of (levelOf). 1 when it is of one asked,
// -1 when only of others, 0 when either names none.
func boxLevel(q query, c *candidate) int {
	of := levelOf(c)
	if of == "" {
		return 0
	}
	asked := levelsNamed(lang.Words(q.text))
	if len(asked) == 0 {
		return 0
	}
	named := levelsNamed(lang.Words(of))
	switch {
	case len(named) == 0:
		return 0
	case namesOtherLevel(asked, named):
		return -1
	}
	return 1
}

// levelOf is the text that says which level c is of: the name of the
// skill box it stands under when that names a level ("VISOR
// MULTIESPECTRAL NIVEL 2"), for an FAQ its question ("… y Visor
// Multiespectral Nivel 1?"), else a record's title (a chart row's "L4"
// under the box "MARTIAL ARTS"); "" for none.
func levelOf(c *candidate) string {
	if c.faq != nil {
		return c.faq.Question
	}
	if c.box != nil && c.box.Skill != nil && len(levelsNamed(lang.Words(c.box.Skill.Name))) > 0 {
		return c.box.Skill.Name
	}
	if c.rec != nil {
		return c.rec.Title
	}
	return ""
}

// translatedFAQs returns the FAQ candidates in another language than the
// question, each with its translation among cands: an FAQ in the
// question's language whose question names the same glossary terms (most
// of the terms of either, three at least; a term matches its synonyms,
// by stem) and whose answer opens with the same yes or no. The English
// wiki's FAQ entries are translations of the Spanish wiki's, shown on
// the twin page or on another page they relate to.
func (e *Engine) translatedFAQs(q query, cands []*candidate) map[*candidate]*candidate {
	var own, foreign []*candidate
	for _, c := range cands {
		switch {
		case c.faq == nil || c.faq.Question == "" || c.lang == "":
		case c.lang == q.lang:
			own = append(own, c)
		default:
			foreign = append(foreign, c)
		}
	}
	if len(own) == 0 || len(foreign) == 0 {
		return nil
	}
	terms := map[*candidate][]map[string]bool{}
	for _, c := range append(append([]*candidate{}, own...), foreign...) {
		terms[c] = e.faqTerms(c.faq.Question)
	}
	out := map[*candidate]*candidate{}
	for _, f := range foreign {
		fy, _ := e.openingYesNo(f.faq.Answer)
		for _, o := range own {
			if oy, _ := e.openingYesNo(o.faq.Answer); oy != fy {
				continue
			}
			n := sharedTerms(terms[f], terms[o])
			if most := max(len(terms[f]), len(terms[o])); n >= 3 && 4*n >= 3*most {
				out[f] = o
				break
			}
		}
	}
	return out
}

// sharedTerms counts the terms of a that share a form with a term of b.
func sharedTerms(a, b []map[string]bool) int {
	n := 0
	for _, x := range a {
	next:
		for _, y := range b {
			for k := range x {
				if y[k] {
					n++
					break next
				}
			}
		}
	}
	return n
}

// translatedPages returns the folded titles of the candidates' pages in
// another language than the question whose translation (a glossary
// synonym of the title) is the page of a candidate in the question's
// language: "Eclipse Ammunition" for a Spanish question when "Munición
// Eclipse" is a candidate. The page in the question's language states the
// same rule in the judge's words.
func (e *Engine) translatedPages(q query, cands []*candidate) map[string]bool {
	same := map[string]bool{}
	for _, c := range cands {
		if c.lang == q.lang && c.page != "" {
			same[lang.Fold(c.page)] = true
		}
	}
	out := map[string]bool{}
	for _, c := range cands {
		if c.lang == "" || c.lang == q.lang || c.page == "" || out[lang.Fold(c.page)] {
			continue
		}
		for _, syn := range e.gloss.Synonyms(c.page) {
			if same[lang.Fold(syn)] {
				out[lang.Fold(c.page)] = true
			}
		}
	}
	return out
}

// sameSubject reports whether an FAQ's question and the judge's question
// q (its keys qk) have one subject: not when the FAQ names a page the
// judge's question does not name while that one names a page the FAQ's
// question does not (an FAQ about Berserk in Trabado does not answer a
// question about the Pilot in Trabado).
func (e *Engine) sameSubject(faqQuestion string, q query, qk map[string]bool) bool {
	fw := lang.Words(faqQuestion)
	fk := keySet(faqQuestion)
	faqOnly := false
	for _, p := range e.titles.in(fw) {
		if !e.titleHeld(p.title, qk) {
			faqOnly = true
			break
		}
	}
	if !faqOnly {
		return true
	}
	for _, t := range q.topics {
		if !e.titleHeld(t, fk) {
			return false
		}
	}
	return true
}

// namesTopics reports whether the FAQ c speaks of every page q names in
// the clause that asks (topicAsked) and of one at least when it names any: its question or
// the pages it shows on and relates to hold each (its title or a glossary
// synonym). "¿Cómo afecta el estado Aislado a Programas
// Hacker…?" shares Aislado with "¿Puedo usar un Token de Mando para
// cancelar el estado Aislado?" but not the Command Tokens it asks about:
// it answers another question.
func (e *Engine) namesTopics(q query, c *candidate) bool {
	k := make(map[string]bool, len(c.qkeys)+len(c.pageKeys))
	for x := range c.qkeys {
		k[x] = true
	}
	for x := range c.pageKeys {
		k[x] = true
	}
	held := len(q.topics) == 0
	for _, t := range q.topics {
		if e.titleHeld(t, k) {
			held = true
		} else if e.topicAsked(q, t) {
			return false
		}
	}
	return held
}

// topicAsked reports whether the page t that q names is named in the
// clause that asks (a unit of that clause names it): a page named only
// by the case the question sets out ("… que ya tiene en su propia Zona
// de Hackeo, … ¿Le aplico el -3 de Firewall?") is a circumstance of it,
// which an FAQ asking what the clause asks need not repeat.
func (e *Engine) topicAsked(q query, t string) bool {
	for i := range q.units {
		u := &q.units[i]
		if !u.topic || !u.inClause {
			continue
		}
		for _, alt := range u.alts {
			ak := make(map[string]bool, len(alt))
			for _, k := range alt {
				ak[k] = true
			}
			if len(alt) > 0 && e.titleHeld(t, ak) {
				return true
			}
		}
	}
	return false
}

// proposesFor reports whether an FAQ's question proposes a number for the
// judge's question q (its keys qk): a sentence of it holds the number
// asked for (number), and every term of that sentence that names a page
// (itself or a glossary synonym of it) other than the quantity asked
// about is held by the judge's question: "if a Trooper is in IMM-B and
// Targeted State, do they apply a -6 MOD to all their Reset Rolls?" for
// a question about IMM-B and Targeted, not about IMM-B alone.
func (e *Engine) proposesFor(q query, faqQuestion string, qk map[string]bool) bool {
	nouns := map[string]bool{}
	for _, n := range q.numNouns {
		nouns[stem(n)] = true
	}
	for _, s := range sentences(faqQuestion) {
		if e.number(q, s) == "" {
			continue
		}
		ok := true
		for _, m := range e.gloss.Segment(s) {
			k := keys(m.Text)
			if len(k) == 0 || len(k) == 1 && nouns[k[0]] || e.altIDF(k) < commonIDF {
				// The quantity asked about, or a word too common to name
				// anything ("State").
				continue
			}
			named := len(e.titles.in(lang.Words(m.Text))) > 0
			for _, o := range m.Synonyms {
				named = named || len(e.titles.in(lang.Words(o))) > 0
			}
			if !named {
				continue
			}
			u := unit{alts: [][]string{k}}
			for _, o := range m.Synonyms {
				if ok := keys(o); len(ok) > 0 {
					u.alts = append(u.alts, ok)
				}
			}
			if !u.holds(qk) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// titleHeld reports whether keys hold every stem of a name of the page
// titled title (its title, a redirect to it, its twin's title, the title
// without its class word: titles.names), or of a glossary synonym of its
// title. A derived name too common to name the page holds nothing.
func (e *Engine) titleHeld(title string, qk map[string]bool) bool {
	for _, n := range e.titles.names(title) {
		if n.derived && e.commonName(n.keys) {
			continue
		}
		all := len(n.keys) > 0
		for _, k := range n.keys {
			if !qk[k] {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return e.synonymHeld(title, qk)
}

// synonymHeld reports whether qk holds every stem of a glossary synonym of
// title.
func (e *Engine) synonymHeld(title string, qk map[string]bool) bool {
	for _, s := range e.gloss.Synonyms(title) {
		all := true
		for _, k := range keys(s) {
			if !qk[k] {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}

// faqFits reports whether an FAQ asks the judge's question, from the
// share of the question its own question (with its pages) holds (fwd) and
// the share of its question the judge's holds (rev): most of the
// question and some of the FAQ's, or a good part of both. An FAQ's
// question often carries an example ("Por ejemplo, …") the judge's lacks.
func faqFits(fwd, rev float64) bool {
	return fwd >= faqForwardMin && rev >= faqReverseMin || fwd >= faqLooseForward && rev >= faqLooseReverse
}

// faqCaseFits reports whether an FAQ asks the judge's question as its
// case: its question shares a part of the judge's both ways (fwd, rev)
// and, with its answer, holds most of the judge's question (whole) and of
// its asking clause (clause); or the judge's question holds most of the
// FAQ's (its case: "I Combat Jump onto a rooftop next to a low wall" of
// "¿Se puede utilizar Salto de combate sobre una azotea?") and its answer
// most of the asking clause ("no obtiene Cobertura Parcial durante esa
// Orden" for "Do I get Partial Cover during that Order?"), whatever
// circumstances the judge adds. An FAQ asking how things work together
// ("¿Cómo funciona Bioinmunidad y las Propiedades que reducen los
// Atributos…?") answers the case a judge asks in the words of its answer
// ("¿se divide a la mitad la PB?": "este Atributo no se reducirá a la
// mitad").
func faqCaseFits(fwd, rev, whole, clause float64) bool {
	return fwd >= faqCaseShare && rev >= faqCaseShare && whole >= faqCaseHold && clause >= faqCaseHold ||
		fwd >= faqCaseShare && rev >= faqCaseAsked && clause >= faqCaseAsked
}

// closedList reports whether a text states a closed list: a restriction
// phrase ("sólo", "las únicas", "only") followed by at least three items
// (two commas, or a comma and a conjunction, after it).
func closedList(text string, v *Vocabulary) bool {
	w := lang.Words(text)
	at := -1
	for i := range w {
		if startsWithAny(w[i:], v.ps.restr) {
			at = i
			break
		}
	}
	if at < 0 {
		return false
	}
	// Count the separators of the text after the restriction word.
	rest := text
	for _, t := range lang.Split(text) {
		if t.Position == at+1 {
			rest = text[t.Start:]
			break
		}
	}
	n := strings.Count(rest, ",")
	for _, x := range lang.Words(rest) {
		if v.has("conj", x) {
			n++
		}
	}
	return n >= 2
}

// sentenceCoverage is the coverage of c by its best sentence alone (an
// FAQ: its question), with its page, section and lead-in as context: a
// long text holds many words by chance, one sentence holding them all
// speaks to them.
func (e *Engine) sentenceCoverage(q query, c *candidate) float64 {
	text := ""
	if c.faq != nil {
		text = c.faq.Question
	} else {
		text = recordText(c.rec)
	}
	best := 0.0
	for _, s := range sentences(text) {
		best = max(best, e.coverage(q, c, keySet(s)))
	}
	return best
}

// clauseCoverage is coverage over the units of the clause that asks.
func (e *Engine) clauseCoverage(q query, c *candidate, own map[string]bool) float64 {
	return weightedCoverage(q, c, own, true)
}

// actionShare is the share of what q asks of the candidate's subject that
// it holds: the units its page title and section path do not hold, held
// by its text or lead-in; a plain word of the question's language left
// out against a text in another (it cannot hold it). 1 when q asks
// nothing more than the subject.
func (e *Engine) actionShare(q query, c *candidate, own map[string]bool) float64 {
	var total, got float64
	for i := range q.units {
		u := &q.units[i]
		if u.trivial() {
			continue
		}
		h := 0.0
		if u.idf > 0 {
			h = held(u, c, own)
		}
		// A unit the page title or section path holds names the subject;
		// an FAQ's pages are only those it relates to: what its own
		// question holds counts.
		if u.holds(c.pageKeys) && !(c.faq != nil && h == 1) {
			continue
		}
		if h == 0 && u.idf > 0 && crossLanguage(q, c, u) {
			continue
		}
		total += u.dw
		got += u.dw * h
	}
	if total == 0 {
		return 1
	}
	return got / total
}

// matchesIntent reports whether a record is a block of a kind the
// question asks for: its kind, or a heading of its section path in any
// vocabulary ("CANCELLATION" on a rendered English page); on the page of
// the state a question names as gone back to (query.returns), an
// activation block.
func matchesIntent(q query, r *wikirules.Record) bool {
	intents := q.intents
	if hasFold(q.returns, r.Page) {
		// The state a trooper goes back to is entered: its activation
		// answers, its cancellation (leaving it) does not.
		intents = []string{"activation"}
	}
	for _, in := range intents {
		if string(r.Kind) == in {
			return true
		}
		for _, v := range sortedVocabs() {
			for _, h := range v.Headings[in] {
				hw := lang.Words(h)
				for _, s := range r.Section {
					if containsWords(lang.Words(s), hw) {
						return true
					}
				}
			}
		}
	}
	return false
}

// sectionNamed reports whether the question (its keys qk, glossary
// alternatives and named pages included) names a heading of record c's
// section path: every stem of the heading, which is not a block heading
// of a vocabulary ("Efectos", "Requirements"). Among the sections of one
// page, the one titled by what is asked states its rule ("ARO" among the
// Traits for "a weapon with the ARO Trait"), and so does the one titled by
// the case the question sets, which a judge writes before asking (hacking
// through the Repeater of a trooper in HoloMask: "HoloMask and
// Repeater").
func (e *Engine) sectionNamed(c *candidate, qk map[string]bool) bool {
	if c.rec == nil {
		return false
	}
	own := map[string]bool{}
	for _, n := range e.titles.names(c.rec.Page) {
		own[strings.Join(n.keys, " ")] = true
	}
next:
	for _, h := range c.rec.Section {
		hk := keys(h)
		if len(hk) == 0 || blockHeading(h) || own[strings.Join(hk, " ")] {
			// A heading that is a name of the page ("Retreat! State"
			// on Retreat State) names the page, not one of its sections.
			continue
		}
		for _, k := range hk {
			if !qk[k] {
				continue next
			}
		}
		return true
	}
	return false
}

// blockHeading reports whether h is a block heading of a vocabulary
// ("Efectos", "Cancellation").
func blockHeading(h string) bool {
	fh := lang.Fold(h)
	for _, v := range sortedVocabs() {
		for _, hs := range v.Headings {
			for _, x := range hs {
				if lang.Fold(x) == fh {
					return true
				}
			}
		}
	}
	return false
}

// onCondition reports whether c stands on a page q names as a condition
// and its text names another page q names (what the condition restricts).
func onCondition(q query, c *candidate) bool {
	on := false
	for _, t := range q.conds {
		if lang.Fold(t) == lang.Fold(c.page) {
			on = true
		}
	}
	if !on || c.rec == nil {
		return false
	}
	// Its text, not a note under it: a note pointing to an FAQ
	// ("Sexto Sentido y Visor Multiespectral N1") names the FAQ's
	// subject, not what the record restricts.
	own := c.keys
	if len(c.rec.Notes) > 0 {
		text := c.rec.Plain
		if text == "" {
			text = c.rec.Text
		}
		own = keySet(c.rec.Title + "\n" + text)
	}
	for i := range q.units {
		u := &q.units[i]
		if u.topic && !u.holds(c.pageKeys) && u.holds(own) {
			return true
		}
	}
	return false
}

// onTopic reports whether c stands on (an FAQ: shows on or relates to) a
// page the question names, or under the section that is the home of the
// concept it asks about (query.home).
func onTopic(q query, c *candidate) bool {
	if c.rec != nil && q.home.page != "" && lang.Fold(c.rec.Page) == q.home.page {
		for _, h := range c.rec.Section {
			if lang.Fold(h) == q.home.heading {
				return true
			}
		}
	}
	for _, t := range q.topics {
		if c.rec != nil && lang.Fold(c.rec.Page) == lang.Fold(t) || c.faq != nil && (hasFold(c.faq.Related, t) || hasFold(c.faq.Pages, t)) {
			return true
		}
	}
	return false
}

// keys returns the stems of the question, its glossary expansion and the
// titles of the pages it names.
func (q query) keys() map[string]bool {
	m := keySet(q.text + "\n" + strings.Join(q.expanded, "\n") + "\n" + strings.Join(q.topics, "\n"))
	return m
}

// held is how much of unit u a candidate holds in own (its text or its
// FAQ question): 1 in own, contextHold in its lead-in or section path,
// pageHold in its page title, else 0.
func held(u *unit, c *candidate, own map[string]bool) float64 {
	switch {
	case u.holds(own):
		return 1
	case u.holds(c.pageKeys):
		return pageHold
	case u.holds(c.ctx):
		return contextHold
	}
	return 0
}

// unitWeight is the weight of u against candidate c, which holds h of it:
// its share of the question, but a plain word that c does not hold much
// less when c is in another language than the question (a Spanish rule
// cannot hold "shoot"; it can hold a glossary term, or a name both
// languages share: "Berserk").
func unitWeight(q query, u *unit, c *candidate, h float64) float64 {
	if h == 0 && crossLanguage(q, c, u) {
		return u.dw * crossWeight
	}
	return u.dw
}

// crossLanguage reports whether u is a plain word of the question's
// language (or a term whose translations are function words: oneSided)
// and c a text in another one.
func crossLanguage(q query, c *candidate, u *unit) bool {
	return (!u.term || u.oneSided) && c.lang != "" && c.lang != q.lang && !u.trivial()
}

// coverage is the share of the question's weight that candidate c holds,
// with own as its text.
func (e *Engine) coverage(q query, c *candidate, own map[string]bool) float64 {
	return weightedCoverage(q, c, own, false)
}

// weightedCoverage is the share of the weight of q's units (of the clause
// that asks only, with clauseOnly) that candidate c holds, with own as its
// text; 0 when those units weigh nothing.
func weightedCoverage(q query, c *candidate, own map[string]bool, clauseOnly bool) float64 {
	var total, got float64
	for i := range q.units {
		u := &q.units[i]
		if clauseOnly && !u.inClause {
			continue
		}
		h := 0.0
		if u.idf > 0 {
			h = held(u, c, own)
		}
		w := unitWeight(q, u, c, h)
		total += w
		got += w * h
	}
	if total == 0 {
		return 0
	}
	return got / total
}

// reverse is the share of the weighted words of an FAQ's question that the
// judge's question (its keys qk, expansion and named pages included)
// holds, the pages both name (topic, the stems of the judge's) left out:
// an FAQ about something else shares the subject but not the rest ("¿se
// puede mover a través de una esquina?" is not "¿Trepar y Mover en la
// misma Orden?"). A glossary term of the FAQ counts as held when any of
// its terms is.
func (e *Engine) reverse(faqQuestion string, qk, topic map[string]bool) float64 {
	inTopic := func(ks []string) bool {
		for _, k := range ks {
			if !topic[k] {
				return false
			}
		}
		return len(ks) > 0
	}
	var total, got float64
	covered := map[string]bool{}
	for _, m := range e.gloss.Segment(faqQuestion) {
		tk := keys(m.Text)
		if len(m.Synonyms) == 0 || len(tk) == 0 {
			continue
		}
		u := unit{alts: [][]string{tk}}
		for _, k := range tk {
			covered[k] = true
		}
		if inTopic(tk) {
			continue
		}
		for _, o := range m.Synonyms {
			if ok := keys(o); len(ok) > 0 {
				u.alts = append(u.alts, ok)
			}
		}
		w := 0.0
		for _, alt := range u.alts {
			w = max(w, e.altIDF(alt))
		}
		total += w
		if u.holds(qk) {
			got += w
		}
	}
	for _, k := range keys(faqQuestion) {
		if covered[k] || topic[k] {
			continue
		}
		w := e.idf(k)
		total += w
		if qk[k] {
			got += w
		}
	}
	if total == 0 {
		return 1 // the FAQ asks of nothing but the pages both name
	}
	return got / total
}

// answers reports whether candidate c answers q, and if not why: the
// question names a game concept the knowledge base knows (a glossary
// term, a name it holds, or the title of c's page or section) and c speaks
// of one of them (in its text, its context or its page); c holds at least
// minRelevance of the question's weight (bare numbers left out) and at
// least minAction of what the question asks of its subject
// (actionShare); a question counting something is answered only by a
// text stating a number of it (countUnstated). Sharing words is not
// answering: "<script>alert(1)</script>" reads as Alertar and the number
// 1, which a Suplantado bullet holds.
func (e *Engine) answers(q query, c *candidate) (bool, string) {
	if c.rec != nil && c.rec.Kind == wikirules.KindReference && e.quotesHeld(c.rec) {
		// A see-also box quotes another page: its page is not where the
		// rule stands, so it does not decide (the quoted page does). When
		// the knowledge base holds none of the pages it quotes, the quote
		// is the only text of that rule there is.
		return false, q.v.reason("reference")
	}
	if otherCount(q, c) {
		return false, q.v.reason("other-count")
	}
	if countUnstated(q, c) {
		return false, q.v.reason("not-what-is-asked")
	}
	own := c.keys
	if c.faq != nil && c.faq.Question != "" {
		own = c.qkeys
	}
	named, term := len(q.topics) > 0, onTopic(q, c)
	var total, got float64
	for i := range q.units {
		u := &q.units[i]
		if u.trivial() {
			continue
		}
		h := 0.0
		if u.idf > 0 {
			h = held(u, c, own)
		}
		w := unitWeight(q, u, c, h)
		total += w
		got += w * h
		if u.idf > 0 && (u.term || q.names[u.alts[0][0]]) {
			// A game concept: a glossary term, or a name the knowledge
			// base knows ("Retroalimentación", "Uso Estratégico").
			named = true
			if h > 0 {
				term = true
			}
		}
		if h == pageHold {
			// The candidate's page (or section) is named by the question.
			named, term = true, true
		}
	}
	for i := range q.units {
		// The rule a question's heading names ("MediKit: what roll…") is
		// its subject: a text that does not speak of it answers something
		// else.
		if u := &q.units[i]; u.idf > 0 && !u.coded() && q.headingSubject(u) && held(u, c, own) == 0 {
			return false, q.v.reason("heading-not-held", u.shown())
		}
	}
	// The pages a question names are its subject: a text that speaks of
	// none of them (in its words, its context or its page) answers
	// another question, whatever else it shares. The head of a family of
	// titles ("State" of "Targeted State": States, Isolated State…)
	// names the subject only when the question names nothing more
	// specific: every state's text holds it. Likewise a general mechanic
	// beside a specific page ("does Spotlight force a Saving Roll?":
	// markGeneral) names the subject only through the specific one: the
	// texts of Shock Ammunition speak of Saving Rolls, not of Spotlight.
	specific := false
	for i := range q.units {
		u := &q.units[i]
		specific = specific || u.topic && !u.head && u.idf > 0 && !u.trivial()
	}
	var subject *unit
	for i := range q.units {
		u := &q.units[i]
		if !u.topic || u.idf == 0 || u.trivial() || specific && (u.head || u.general) {
			continue
		}
		if held(u, c, own) > 0 {
			subject = nil
			break
		}
		if subject == nil {
			subject = u
		}
	}
	if subject != nil {
		return false, q.v.reason("heading-not-held", subject.shown())
	}
	switch {
	case !named:
		return false, q.v.reason("no-term")
	case !term:
		return false, q.v.reason("no-term-held")
	case total == 0 || got/total < minRelevance:
		return false, q.v.reason("too-little")
	case e.actionShare(q, c, own) < minAction:
		return false, q.v.reason("not-what-is-asked")
	}
	return true, ""
}

// quotesHeld reports whether the knowledge base holds a page the see-also
// box r quotes (a title or a redirect's), or r names none.
func (e *Engine) quotesHeld(r *wikirules.Record) bool {
	if len(r.Links) == 0 {
		return true
	}
	for _, l := range r.Links {
		if e.knownPage(l) || e.titles.isExact(strings.Join(keys(l), " ")) {
			return true
		}
	}
	return false
}

// otherCount reports whether a heading of c's section path counts a noun
// the question counts otherwise: the question asks of a "Four-member
// Fireteam", the section is "Three Member Fireteam Bonus". The section
// speaks of another thing of the same kind, whatever words they share.
func otherCount(q query, c *candidate) bool {
	if c.rec == nil {
		return false
	}
	asked := counts(q.text)
	if len(asked) == 0 {
		return false
	}
	for _, h := range c.rec.Section {
		for noun, n := range counts(h) {
			if m, ok := asked[noun]; ok && m != n {
				return true
			}
		}
	}
	return false
}

// countUnstated reports whether the clause that asks counts something
// (countedNouns: "can a Fireteam Core have six members?", "one roll or
// two?") and candidate c states no number of it: not its text, its
// lead-in, the bullets it introduces nor its section path (an FAQ: its
// question and answer). What such a question asks is how many; a text
// stating no number speaks of the thing counted ("members of a Fireteam
// cannot be part of a Coordinated Order", "reroll a failed WIP Roll"),
// and one counting another thing ("two distinct levels of Unconscious
// State", for rolls) speaks of something else.
func countUnstated(q query, c *candidate) bool {
	nouns := countedNouns(q.clause, q.v)
	if len(nouns) == 0 {
		return false
	}
	var texts []string
	if c.faq != nil {
		texts = []string{c.faq.Question, c.faq.Answer}
	} else {
		texts = append(texts, recordText(c.rec), strings.Join(c.rec.Section, "\n"))
		if c.leadIn != nil {
			texts = append(texts, recordText(c.leadIn))
		}
		for _, ch := range c.children {
			texts = append(texts, recordText(ch))
		}
	}
	holds := func(keys map[string]bool) bool {
		for _, n := range nouns {
			if u := q.unitOf(stem(n)); u != nil && u.holds(keys) || keys[stem(n)] {
				return true
			}
		}
		return false
	}
	for _, t := range texts {
		if statesCount(t, holds) {
			return false
		}
	}
	return true
}

// countedNouns returns the nouns a clause (folded words, in v's
// language) counts: the noun right after a number (a figure or a number
// word, not a bare "one" or article: "six members"; not a letter, the
// code of a value: "+1 B"), or after the first
// number of a choice between numbers ("one roll or two", "¿una tirada o
// dos?"; there a "one" counts).
func countedNouns(clause []string, v *Vocabulary) []string {
	noun := func(i int) bool {
		if i >= len(clause) {
			return false
		}
		n := clause[i]
		_, num := v.Numbers[n]
		return len([]rune(n)) > 1 && !stopwords[n] && !isNumber(n) && !num && !v.has("conj", n)
	}
	var out []string
	for i, w := range clause {
		_, word := numberWord(w)
		if (word || isNumber(w)) && noun(i+1) {
			out = append(out, clause[i+1])
			continue
		}
		if _, ok := v.Numbers[w]; (ok || isNumber(w)) && noun(i+1) {
			for j := i + 2; j+1 < len(clause) && j <= i+3; j++ {
				if _, ok := v.Numbers[clause[j+1]]; v.has("conj", clause[j]) && (ok || isNumber(clause[j+1])) {
					out = append(out, clause[i+1])
				}
			}
		}
	}
	return out
}

// statesCount reports whether text states a number of what holds (a test
// of a sentence's stems) accepts: in a sentence that holds it, or as a
// bare value no noun follows ("if a value greater than one is listed",
// "a minimum of three and…"). A number is a figure, a number word of
// some vocabulary that is not a bare "one" or article (numberWord), or
// any number word after a comparison or restriction phrase of that
// vocabulary ("greater than one", "only one", "sólo una").
func statesCount(text string, holds func(map[string]bool) bool) bool {
	for _, s := range sentences(text) {
		w := lang.Words(s)
		for i := range w {
			if !numberAt(w, i) {
				continue
			}
			if i+1 == len(w) || stopwords[w[i+1]] || isNumber(w[i+1]) || holds(keySet(s)) {
				return true
			}
			bare := false
			for _, v := range sortedVocabs() {
				_, num := v.Numbers[w[i+1]]
				bare = bare || num || v.has("conj", w[i+1])
			}
			if bare {
				return true
			}
		}
	}
	return false
}

// numberAt reports whether w[i] is a number (statesCount).
func numberAt(w []string, i int) bool {
	if _, ok := numberWord(w[i]); ok || isNumber(w[i]) {
		return true
	}
	for _, v := range sortedVocabs() {
		if _, ok := v.Numbers[w[i]]; !ok {
			continue
		}
		for _, ps := range [][][]string{v.ps.compare, v.ps.restr} {
			for _, p := range ps {
				if i >= len(p) && startsWithAny(w[i-len(p):], [][]string{p}) {
					return true
				}
			}
		}
	}
	return false
}

// counts returns the nouns a text counts with a number word or figure
// right before them ("three member" → member: 3), by stem.
func counts(text string) map[string]string {
	var out map[string]string
	w := lang.Words(text)
	for i := 0; i+1 < len(w); i++ {
		n, ok := numberWord(w[i])
		if !ok && isNumber(w[i]) {
			n, ok = w[i], true
		}
		if !ok || stopwords[w[i+1]] || isNumber(w[i+1]) {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[stem(w[i+1])] = n
	}
	return out
}

// triggerShare is the share of the case q sets that the conditions of
// record c's text hold: the weight of q's units outside its asking clause
// that are neither a page it names nor c's page ("Fallé el Ataque
// Intuitivo contra un CAMO", "mi Minelayer despliega con una Habilidad de
// Despliegue Superior y falla la tirada"), held by the clauses of c that
// open with a conditional phrase of c's language ("Si falla la Tirada…",
// "If the user deploys using a Special Skill with the Superior Deployment
// Label, and fails a Roll…"). A concession ("Even if the player failed
// the roll…") states that the rule holds in that case too, not a rule
// for it. 0 for an FAQ, a question setting no case, or one asking when
// (it asks for the condition itself).
func triggerShare(q query, c *candidate) float64 {
	if c.rec == nil || q.total == 0 || openAsk(q.clause, q.v) == "when" {
		return 0
	}
	v := vocabFor(c.lang)
	cond := conditionKeys(c.rec.Plain, v)
	if len(cond) == 0 {
		return 0
	}
	var total, got float64
	for i := range q.units {
		u := &q.units[i]
		if u.trivial() || u.inClause || u.topic || u.holds(c.pageKeys) {
			continue
		}
		total += u.dw
		if u.idf > 0 && u.holds(cond) {
			got += u.dw
		}
	}
	if total == 0 {
		return 0
	}
	return got / total
}

// conditionKeys returns the stems of the conditions of text in v's
// language: from each conditional phrase ("si", "if", "when") to the end
// of its clause (the next , ; : or the sentence's end), and a sentence's
// short opening phrase set off by a comma, which says when or how the
// rest holds ("En Turno Reactivo, situará…", "Empleado a distancia, el
// GizmoKit…"). A conditional phrase within a concessive one ("even if")
// opens none.
func conditionKeys(text string, v *Vocabulary) map[string]bool {
	cond := map[string]bool{}
	for _, s := range sentences(text) {
		if i := strings.IndexByte(s, ','); i > 0 {
			if w := lang.Words(s[:i]); len(w) <= openingWords && !startsWithAny(w, v.ps.cond) {
				for _, x := range w {
					cond[stem(x)] = true
				}
			}
		}
		for _, piece := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",;:", r) }) {
			w := lang.Words(piece)
			conceded := -1 // the end of the last concessive phrase
			for i := range w {
				for _, p := range v.ps.cond {
					if i+len(p) > conceded && startsWithAny(w[i:], [][]string{p}) && !startsWithAny(w[i:], v.ps.ifs) {
						conceded = i + len(p)
					}
				}
				if i >= conceded && startsWithAny(w[i:], v.ps.ifs) {
					for _, x := range w[i:] {
						cond[stem(x)] = true
					}
					break
				}
			}
		}
	}
	return cond
}
