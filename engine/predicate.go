package engine

import (
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// An FAQ answers the question its own question asks. "¿Cómo se apilan
// los MOD de Esquivar…?" answers how Dodge MODs stack, not what LoF arc a
// Mine has, however many words (Esquivar, LDT, Armas Posicionables) the
// two share: what an FAQ asks is its predicate, the plain words of its
// asking clause ("apilan"), beside the things it names.

// predicate returns the plain words of the asking clause of a question
// (an FAQ's, or the judge's), each as a unit whose alternatives are its
// glossary synonyms (a verb row of the glossary: "apilan" = "stack"): its
// content words that
// are no name (written with a capital, or in capitals, or a page title),
// no number, no interrogative, no quantity or counted noun, no verb of
// using ("declarar": UseVerbs), no word of a permission or obligation
// phrase ("allowed", "hay que": what is asked of the act, not the act)
// and no verb that asks everything of what it
// names ("funciona", "interact": then it has none). Nil when it has none.
func (e *Engine) predicate(question string) []unit {
	v := vocabFor(detectLanguage(question))
	return e.predicateOf(question, interrogative(question, v), v)
}

// mainPredicate returns the predicate of the main clause of a question's
// asking clause: up to its first conditional or concessive phrase. "¿Se
// puede declarar Berserk si se empieza la Orden en Estado Trabado?" asks
// whether Berserk may be declared (no predicate word: a use verb and a
// name); "empieza" states the case.
func (e *Engine) mainPredicate(question string) []unit {
	v := vocabFor(detectLanguage(question))
	clause := interrogative(question, v)
	for i := 1; i < len(clause); i++ {
		if startsWithAny(clause[i:], v.ps.cond) {
			clause = clause[:i]
			break
		}
	}
	return e.predicateOf(question, clause, v)
}

// predicateOf returns the predicate of clause, the asking clause (folded
// words) of question, in v's language.
func (e *Engine) predicateOf(question string, clause []string, v *Vocabulary) []unit {
	names := capitalized(question)
	wh := map[string]bool{}
	for _, p := range v.ps.wh {
		for _, w := range p {
			wh[w] = true
		}
	}
	for _, w := range clause {
		if v.has("openverb", w) {
			return nil
		}
	}
	var out []unit
	for _, m := range e.gloss.Segment(strings.Join(clause, " ")) {
		tk := keys(m.Text)
		if len(tk) == 0 || e.named(m.Text, names) {
			continue
		}
		w := strings.Fields(m.Text)
		if len(w) == 1 && (wh[w[0]] || v.has("useverb", w[0]) || v.has("modal", w[0]) || isNumber(w[0]) || v.has("numnoun", w[0]) || v.has("count", w[0]) || len([]rune(w[0])) < 3) {
			continue
		}
		u := unit{alts: [][]string{tk}}
		for _, o := range m.Synonyms {
			if startsUpper(o) {
				// A synonym written as a name: the segment names a
				// game concept, not what is asked of it.
				u.alts = nil
				break
			}
			if ok := keys(o); len(ok) > 0 {
				u.alts = append(u.alts, ok)
			}
		}
		if u.alts != nil {
			if len(w) == 1 {
				u.alts = append(u.alts, sameActs(w[0])...)
			}
			out = append(out, u)
		}
	}
	return out
}

// sameActs returns the keys of the verbs of every vocabulary that ask the
// act folded word w asks: those of the SameActs groups keyed as a group
// holding a word of w's stem, in any language; nil when none does.
func sameActs(w string) [][]string {
	k := stem(w)
	acts := map[string]bool{}
	for _, v := range sortedVocabs() {
		for act, g := range v.Question.SameActs {
			for _, x := range g {
				if xk := keys(x); len(xk) == 1 && xk[0] == k {
					acts[act] = true
				}
			}
		}
	}
	var out [][]string
	for _, v := range sortedVocabs() {
		for act, g := range v.Question.SameActs {
			if !acts[act] {
				continue
			}
			for _, x := range g {
				if xk := keys(x); len(xk) > 0 {
					out = append(out, xk)
				}
			}
		}
	}
	return out
}

// named reports whether a segment of an FAQ question names something: a
// word of it is written with a capital there (names, by stem) or is a
// page title.
func (e *Engine) named(text string, names map[string]bool) bool {
	for _, k := range keys(text) {
		if names[k] || e.titles.isExact(k) {
			return true
		}
	}
	return false
}

// openAsk returns what an asking clause (folded words) asks for when it
// opens with an open interrogative of v ("how", "when", "where", "why",
// keyed alike in every language), else "": a clause opening with a
// numeric phrase ("how many", "how far") asks for a number.
func openAsk(clause []string, v *Vocabulary) string {
	if startsWithAny(clause, v.ps.numeric) {
		return ""
	}
	for w, key := range v.Question.OpenInterrogatives {
		if p := lang.Words(w); len(p) > 0 && len(p) <= len(clause) && indexWords(clause[:len(p)], p) == 0 {
			return key
		}
	}
	return ""
}

// asksLikeFAQ reports whether the judge's question q (its keys qk,
// glossary synonyms included) asks what an FAQ asks. An FAQ asking how,
// when, where or why something is done ("¿Cómo se apilan los MOD…?") asks
// it of its verb, the first word of its predicate: it answers a question
// asking the same (how, of the same things), one holding that verb ("do
// Dodge MODs stack?"), or one asking for a number the FAQ's answer gives
// of what it counts (the MOD that stacking leaves: "what MOD do I apply
// dodging a mine I can't see?"), not another ("what LoF arc does a Mine
// have?"). A yes/no FAQ asks a yes/no question what its predicate says
// (samePredicate). An FAQ question with no predicate ("¿Cómo funciona…?")
// asks everything of what it names, but not a kind of block the judge asks
// for (intents: how a state is cancelled) it does not speak of. Any other
// FAQ question, one with no predicate, or a verb of another language than q's
// that no glossary row translates (it cannot be matched), passes.
func (e *Engine) asksLikeFAQ(q query, f *wikirules.FAQ, qk map[string]bool) bool {
	faqQuestion := f.Question
	fl := detectLanguage(faqQuestion)
	fv := vocabFor(fl)
	fclause := interrogative(faqQuestion, fv)
	asks := openAsk(fclause, fv)
	if len(q.intents) > 0 && !sharesIntent(q.intents, stemIntents(lang.Words(faqQuestion), fv)) {
		// "¿Cómo funciona la Habilidad Especial Teniente y el Estado
		// Aislado?" asks everything of how the two interact, not how
		// Isolated is cancelled.
		return false
	}
	if asks == "" && q.kind == askYesNo && startsWithAny(fclause, fv.ps.yesNo) {
		return e.samePredicate(q, faqQuestion, fl, qk)
	}
	if asks == "" || asks == openAsk(q.clause, q.v) || !startsWithAny(q.clause, q.v.ps.wh) && !startsWithAny(q.clause, q.v.ps.yesNo) {
		// A judge's question that opens with neither an interrogative
		// nor a yes/no opener ("dodging a mine without LoF") names
		// what it is about and asks everything of it.
		return true
	}
	p := e.predicate(faqQuestion)
	if len(p) == 0 {
		return true
	}
	verb := &p[0]
	if fl != q.lang && len(verb.alts) == 1 {
		return true
	}
	return verb.holds(qk) || q.kind == askNumeric && e.givesNumberOf(q, f.Answer) ||
		q.kind == askYesNo && e.answerStates(q, f.Answer)
}

// answerStates reports whether an FAQ's answer states the act a yes/no
// question asks of (the first word of its predicate, glossary synonyms
// included): "¿Cuándo se aplican los MODs de Firewall…?" answers "am I
// forced to hack through the enemy Repeater?" with "no es obligatorio
// usar el Repetidor enemigo" (forced: obligatorio). An FAQ asking when or
// how a thing is done rules on whether it must or may be done.
func (e *Engine) answerStates(q query, answer string) bool {
	ours := e.predicate(q.text)
	if len(ours) == 0 || answer == "" {
		return false
	}
	// The answer's plain words only: a name it writes ("Hacker") is what
	// it speaks of, not an act it states ("hack").
	names, ak := capitalized(answer), map[string]bool{}
	for _, m := range e.gloss.Segment(answer) {
		if e.named(m.Text, names) {
			continue
		}
		for _, k := range keys(m.Text) {
			ak[k] = true
		}
		for _, o := range m.Synonyms {
			for _, k := range keys(o) {
				ak[k] = true
			}
		}
	}
	return ours[0].holds(ak)
}

// stemIntents returns the intents whose phrases the words hold, compared
// by stem ("activar" holds the phrase "activa").
func stemIntents(words []string, v *Vocabulary) []string {
	var out []string
	for _, k := range []string{"activation", "cancellation", "requirement", "effect"} {
		for _, p := range v.ps.intents[k] {
			if containsWords(words, p) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// sharesIntent reports whether two lists of intents share one.
func sharesIntent(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// samePredicate reports whether a yes/no FAQ question asks what the
// yes/no question q (its keys qk, glossary synonyms included) asks of
// the things both name: the act one asks about, the first word of its
// predicate (predicate: the plain words of its asking clause, with their
// glossary synonyms and the verbs that ask the same act; for the FAQ, of
// its main clause: mainPredicate), stands in the other. Sharing other
// words is not asking the same. "Can the Order provided by an Isolated
// Trooper be transformed into a Regular Order…?" asks "can I spend a
// Command Token to turn his Order into a Regular one?" (turn: spending is
// how, a verb of using), not "Isolated trooper: can I still spend Orders
// from the pool on him?" (pool); "¿se puede mover a través de una
// esquina…?" (través) asks "¿puedo reducir mi peana para pasar por una
// esquina?" (pasar), not "si a mitad de movimiento toco la peana de un
// enemigo, ¿sigo moviendo?" (sigo), though both say mitad and peana. An
// FAQ question without a predicate ("¿Esto funciona con Aislado?" asks
// everything) passes, as do two questions whose acts are what they name
// (a use verb and a name), and two of different languages when neither
// act has a glossary translation (they cannot be matched).
func (e *Engine) samePredicate(q query, faqQuestion, fl string, qk map[string]bool) bool {
	theirs := e.mainPredicate(faqQuestion)
	ours := e.predicate(q.text)
	if len(e.predicate(faqQuestion)) == 0 {
		return true
	}
	fk := keySet(faqQuestion)
	for _, m := range e.gloss.Segment(faqQuestion) {
		for _, o := range m.Synonyms {
			for _, k := range keys(o) {
				fk[k] = true
			}
		}
	}
	if len(ours) > 0 && ours[0].holds(fk) || len(theirs) > 0 && theirs[0].holds(qk) {
		return true
	}
	if len(ours) == 0 && len(theirs) == 0 {
		// Both acts are what they name ("¿se puede declarar Berserk si
		// …?" and "¿puedo declarar Berserk estando trabado?").
		return true
	}
	if fl == q.lang {
		return false
	}
	// Two languages: an act no glossary row translates cannot be matched.
	for _, p := range [][]unit{theirs, ours} {
		if len(p) > 0 && len(p[0].alts) > 1 {
			return false // a translated act, and the other side lacks it
		}
	}
	return true
}

// givesNumberOf reports whether text states a number of one of the
// quantities q asks for ("MOD" of "what MOD", by stem or glossary
// synonym): e.number reads it as q's answer.
func (e *Engine) givesNumberOf(q query, text string) bool {
	if len(q.numNouns) == 0 {
		return false
	}
	for _, s := range sentences(text) {
		if e.number(q, s) != "" {
			return true
		}
	}
	return false
}
