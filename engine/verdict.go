package engine

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Verdict thresholds.
const (
	// polarMin is the share of what a yes/no question asks (its non-topic
	// weight) that the clause giving the polarity must hold.
	polarMin = 0.3
	// numberReach is how many words from a word of the question (a
	// quantity noun first) a number may stand to be the one asked for.
	numberReach = 12
	// perBefore is how many words before a number the phrase saying what
	// it counts per ("consumiendo una Orden … una única ORA") may open.
	perBefore = 7
	// yesShare is the share of what the asking clause asks that the clause
	// giving a yes must hold.
	yesShare = 0.8
	// blockShare is the share of what is asked a sentence must hold
	// beyond which a blocking verb in it denies an act it does not name.
	blockShare = 0.5
	// verdictTextMax is the most bytes of a source's text (a record's
	// plain text with its notes, an FAQ's answer) a verdict reads: the
	// longest record of the corpus is about 1.7 kB, and a longer text is
	// a page the extractor could not split (one line of megabytes), on
	// which reading every sentence for each question costs about a second
	// of CPU per MB. Its verdict says to see the deciding source.
	verdictTextMax = 32 << 10
)

// verdict returns the short answer the deciding source d entails for q, in
// q's language, and the number it rests on ("" when none): for a yes/no
// question a no when d restricts what it says to a condition whose
// opposite q names ("sólo en Turno Activo" for a question asked of an ARO,
// restrictedAgainst) or allows it only in that opposite ("puede … al
// inicio de su Movimiento" for a question asked of its end,
// grantedAgainst), else the yes or no an FAQ answer opens with, else the polarity of
// the clause of d that speaks to what is asked (a prohibition, a
// permission, a closed list, an exception); the qualifier of an FAQ's yes
// or no is quoted only in the question's language (else the verdict says
// to see the deciding source: "Yes, see the deciding source"); for a numeric question the
// number (with its unit or as a MOD) standing next to the quantity asked
// about. When d entails nothing it returns Labels.SeeDeciding: an answer is
// never more confident than its source.
func (e *Engine) verdict(q query, d *candidate) (string, string) {
	if d.verdictFor != q.text || q.text == "" {
		d.whole = false
		d.verdict, d.number = e.entails(q, d)
		d.verdictFor = q.text
	}
	return d.verdict, d.number
}

// entails works out verdict's answer for q and d.
func (e *Engine) entails(q query, d *candidate) (string, string) {
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
	if len(text) > verdictTextMax {
		return see, ""
	}
	switch q.kind {
	case askYesNo:
		subj := text
		if d.faq != nil {
			subj = d.faq.Question + "\n" + text
		}
		if (restrictedAgainst(q, text) || restrictedLacked(q, text) || bannedUnder(q, text)) && subjectHeld(q, d, subj) {
			return q.yesNo(questionNegative(q), ""), ""
		}
		if grantedAgainst(q, text) && subjectHeld(q, d, subj) && topicsHeld(q, d, subj) {
			return q.yesNo(questionNegative(q), ""), ""
		}
		if d.faq != nil {
			if yn, rest := e.openingYesNo(text); yn != "" {
				if !faqAsks(q, d) {
					// The yes or no is said of the FAQ's own question.
					return see, ""
				}
				qual := qualifier(rest)
				if qual != "" && sourceLang(d, text) != q.lang {
					// The qualifier is in the other language: the
					// verdict keeps to the judge's, and says that the
					// source qualifies it.
					qual = q.v.Labels.SeeDeciding
				}
				return q.yesNo(yn == "yes", qual), ""
			}
		}
		if !questionNegative(q) && countUnmet(q, text) && topicsHeld(q, d, subj) {
			// "only if the number of Orders … is higher than ten" for
			// an opponent who has nine: not allowed.
			return q.yesNo(false, ""), ""
		}
		if conditionContradicted(q, text, vocabFor(d.lang)) {
			// "si la Tropa acumula más Heridas que…" for a trooper with as
			// many: the text rules on another case.
			return see, ""
		}
		if p, whole := e.polarityWhole(q, d, text); p != 0 && topicsHeld(q, d, subj) {
			if d.faq == nil && ownConceptActs(q, d, text) {
				return see, ""
			}
			if noteContests(e, q, d, p) {
				return see, ""
			}
			if p > 0 && d.rec != nil && d.rec.Kind == wikirules.KindExample {
				// An example tells what one trooper does in its case
				// ("… el Dāturazi declara sin necesidad de LDT un
				// Ataque Especulativo"): that it is done there does not
				// allow it in the question's.
				return see, ""
			}
			d.whole = whole
			qual := ""
			if p < 0 {
				// A denial an exception narrows: the no holds but for it.
				qual = exceptionQualifier(q, d, text)
			}
			if qual != "" && sourceLang(d, text) != q.lang {
				qual = see
			}
			return q.yesNo(p > 0, qual), ""
		}
	case askNumeric:
		if d.faq != nil {
			if yn, _ := e.openingYesNo(text); yn == "yes" {
				// "Do they apply a -6 MOD?" "Yes.": the number is the
				// one the FAQ's question proposes.
				if n := e.number(q, d.faq.Question); n != "" {
					return n, reNumber.FindString(n)
				}
			}
		}
		if terse(d) {
			// A see-also entry's number is of the page it points to
			// ("… recover one or two Wounds" under Inconsciencia y
			// Muerte): a link's label, not this rule's number.
			return see, ""
		}
		if d.rec != nil && d.rec.Kind == wikirules.KindExample && !namesPageOf(q, d) {
			// A number of an example is that example's case ("sólo
			// deberá realizar una Tirada de Salvación" of a trooper with
			// Immunity): it answers only of the page the question names.
			return see, ""
		}
		if d.rec != nil && d.rec.Kind == wikirules.KindExample {
			// Its numbers are of the troopers its bullets' lead-ins name
			// (example.go): another's are no answer.
			own, ok := ownCase(q, d.rec.Text, text)
			if !ok {
				return see, ""
			}
			text = own
		}
		if n := e.number(q, text); n != "" {
			return n, reNumber.FindString(n)
		}
		if d.leadIn != nil && d.faq == nil {
			// A bullet is read with the lead-in that says what it is
			// ("… el jugador debe restar al Daño del Arma:" "(-3) MOD
			// por Cobertura Parcial").
			if n := e.number(q, d.leadIn.Plain+" "+text); n != "" {
				return n, reNumber.FindString(n)
			}
		}
	}
	return see, ""
}

// faqAsks reports whether the question an FAQ d asks, its first
// sentence (what follows may be an example of it: "For example, if a
// Trooper is in IMM-B and Targeted State, …"), or d's page title holds every
// page q's asking clause names but a class word ("estado" of "en estado
// Aislado" against "una Tropa Aislada": a kind of rule, no concept): its
// yes or no answers q only then. "Do State MODs all stack with each
// other? … Yes." does not answer "Does Targeted State give a MOD to the
// attacker?". It answers too when q asks the FAQ's example (exampleAsked).
func faqAsks(q query, d *candidate) bool {
	first := d.faq.Question
	if i := strings.IndexByte(first, '?'); i > 0 {
		first = first[:i+1]
	}
	k, page := newSpan(first).keys(), keySet(d.page)
	for i := range q.units {
		if u := &q.units[i]; u.topic && u.inClause && u.idf > 0 && !unholdable(u) && !classWord(u) && !u.holds(k) && !u.holds(page) {
			return exampleAsked(q, d)
		}
	}
	return true
}

// exampleAsked reports whether a question of d's FAQ opened by an example
// opener after its first ("… ¿Los MOD de Estados se apilan entre ellos?
// Por ejemplo, si una Tropa en IMM-B y en Estado Marcado, ¿aplicarían un
// MOD de -6 a todas las Tiradas de Reset?") is q's: it holds every unit
// of q's asking clause, its numbers too ("-6", not "-3"), and every page
// q names; d's page does not stand in for one (an FAQ on Esquivar about
// Reset Rolls says nothing of Dodge Rolls). The FAQ's yes or no answers
// its example as it answers its question.
func exampleAsked(q query, d *candidate) bool {
	rest := d.faq.Question
	for {
		i := strings.IndexByte(rest, '?')
		if i < 0 {
			return false
		}
		rest = strings.TrimSpace(rest[i+1:])
		j := strings.IndexByte(rest, '?')
		if j < 0 {
			return false
		}
		ex := rest[:j+1]
		w := lang.Words(ex)
		if !slices.ContainsFunc(sortedVocabs(), func(v *Vocabulary) bool { return startsWithAny(w, v.ps.exampleOpen) }) {
			continue
		}
		k := newSpan(ex).keys()
		held := true
		for i := range q.units {
			u := &q.units[i]
			if !u.inClause && !u.topic || u.idf == 0 && !u.trivial() || unholdable(u) || classWord(u) {
				continue
			}
			if !u.holds(k) {
				held = false
				break
			}
		}
		if held {
			return true
		}
	}
}

// namesPageOf reports whether q names the concept of d's page: a unit of
// q names a page or a game concept and a word of it is one of the
// title's ("Total Immunity" of the page Inmunidad).
func namesPageOf(q query, d *candidate) bool {
	for i := range q.units {
		u := &q.units[i]
		if !u.topic && !u.page && !u.named || u.idf == 0 {
			continue
		}
		for _, alt := range u.alts {
			for _, k := range alt {
				if d.pageKeys[k] {
					return true
				}
			}
		}
	}
	return false
}

// sourceLang returns the language of the deciding source d: its page's,
// else the language text (its answer) reads as.
func sourceLang(d *candidate, text string) string {
	if d.lang != "" {
		return d.lang
	}
	return detectLanguage(text)
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
		return clip(c)
	}
	return ""
}

func validEnd(s string) bool { return strings.ToValidUTF8(s, "") == s }

// clip cuts a quoted clause to its first 120 bytes, back to the last whole
// UTF-8 character, and marks the cut with "…"; a shorter clause is
// returned as it is.
func clip(c string) string {
	if len(c) <= 120 {
		return c
	}
	c = c[:120]
	for len(c) > 0 && !validEnd(c) {
		c = c[:len(c)-1]
	}
	return c + "…"
}

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

// sentences splits a text into its sentences and lines. A period ends a
// sentence when a space or the line's end follows, and not before a
// digit after a digit ("1. 5") nor before a lower-case word: a sentence
// opens with a capital, and "No. of Rolls", "etc. éste" are
// abbreviations inside one.
func sentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start := 0
		for i := 0; i < len(line); i++ {
			if line[i] == '.' && (i+1 == len(line) || line[i+1] == ' ') && !(i > 0 && line[i-1] >= '0' && line[i-1] <= '9' && i+1 < len(line) && i+2 < len(line) && line[i+2] >= '0' && line[i+2] <= '9') && !lowerAfter(line[i+1:]) {
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

// lowerAfter reports whether the text after a period, past its spaces,
// opens with a lower-case letter: the period closes an ellipsis or an
// abbreviation ("… Distancia... pero no con otros MOD", "No. of Rolls"),
// and the sentence goes on.
func lowerAfter(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, " "))
	return unicode.IsLower(r)
}

// topicsHeld reports whether text (with d's page title and sections)
// holds every page q names, in either language: a prohibition or
// permission about one of them says nothing of a question that joins it
// to another ("Command Token … cancel Isolated?" is not answered by what
// Isolated cancels). A text in another language than q must also hold
// the pages q's case names outside its asking clause: little of the
// question can be read in it, and a Spanish rule on declaring a BS Attack
// against an engaged trooper says nothing of "a trooper in Retreat!".
func topicsHeld(q query, d *candidate, text string) bool {
	k := keysOnPage(text, d)
	cross := d.lang != "" && d.lang != q.lang
	for i := range q.units {
		if u := &q.units[i]; u.topic && (u.inClause || cross) && u.idf > 0 && !unholdable(u) && !u.holds(k) {
			return false
		}
	}
	return true
}

// unholdable reports whether no text can hold u: each of its
// alternatives is one letter ("G" of "G: Jumper"), which holds reads as a
// letter of something else.
func unholdable(u *unit) bool {
	for _, alt := range u.alts {
		if len(alt) != 1 || len([]rune(alt[0])) != 1 || unicode.IsDigit([]rune(alt[0])[0]) {
			return false
		}
	}
	return true
}

// noteContests reports whether a note attached to d's record (an errata
// or a remark the wiki sets under the text: "Inconsciente no se puede
// cancelar al mismo tiempo que otros Estados" under Ingeniero's "puede
// anular todos aquellos estados … (Inconsciente, …)") reads, on its own,
// the other way than p, the polarity of the text with its notes: the
// verdict then depends on the case, which the quote shows.
func noteContests(e *Engine, q query, d *candidate, p int) bool {
	if d.faq != nil || d.rec == nil {
		return false
	}
	for _, n := range d.rec.Notes {
		if np := e.polarity(q, d, n); np != 0 && np != p {
			return true
		}
	}
	return false
}

// ownConceptActs reports whether rule text d, on a page the question q
// names nowhere, rules of its own page's concept: a word of the page's
// title (no class word) that q does not hold stands before the text's
// first permission, obligation or negation, where its subject is
// ("Pilots of a Vehicle or TAG in Unconscious State are not considered …
// casualties" on Pilot; "Una Tropa con Tenaz activado no puede ser
// curada" on Tenaz). What it allows or forbids is of that concept's
// troopers, not of the case the judge asks about.
func ownConceptActs(q query, d *candidate, text string) bool {
	if namesPageOf(q, d) || hasFold(q.topics, d.page) {
		return false
	}
	v := vocabFor(d.lang)
	words := lang.Words(lang.Fold(text))
	end := -1
	for i := range words {
		if startsWithAny(words[i:], v.ps.notNeg) || startsWithAny(words[i:], v.ps.perm) || startsWithAny(words[i:], v.ps.oblig) {
			end = i
			break
		}
	}
	if end < 0 {
		// No modal or negation: nothing marks where a subject ends.
		return false
	}
	subject := keySet(strings.Join(words[:end], " "))
	asked := keySet(q.text)
	for _, w := range lang.Words(d.page) {
		f := lang.Fold(w)
		if v.has("classsuf", f) || v.has("classpre", f) || q.v.has("classsuf", f) || q.v.has("classpre", f) {
			continue
		}
		for _, k := range keys(w) {
			if subject[k] && !asked[k] {
				return true
			}
		}
	}
	return false
}

// exceptionQualifier returns the exception of a sentence of text that
// narrows what its main clause denies of a concept q's asking clause
// names (narrows: "no aplicará ningún tipo de Modificador negativo, a
// excepción del MOD de FIS-6 del estado Inmovilizado-A" for "¿aplica
// modificadores negativos?"), as the text writes it from its exception
// phrase to the sentence's end (at most 120 bytes), else "".
func exceptionQualifier(q query, d *candidate, text string) string {
	v := vocabFor(d.lang)
	if d.lang == "" {
		v = vocabFor(detectLanguage(text))
	}
	var objs []*unit
	for i := range q.units {
		if u := &q.units[i]; u.inClause && u.named && u.idf > 0 && !u.trivial() && !u.holds(d.pageKeys) {
			objs = append(objs, u)
		}
	}
	for _, s := range sentences(text) {
		cs := clauses(s, v)
		for i, c := range cs {
			if !c.exception {
				continue
			}
			for _, u := range objs {
				if narrows(cs, i, u, v) {
					return quoteFrom(s, c.words[0], v)
				}
			}
		}
	}
	return ""
}

// quoteFrom returns sentence s from the first word that folds to w and
// opens an exception phrase of v, without its closing period, cut at 120
// bytes.
func quoteFrom(s, w string, v *Vocabulary) string {
	terms := lang.Split(s)
	words := make([]string, len(terms))
	for i, t := range terms {
		words[i] = lang.Fold(t.Text)
	}
	for i := range terms {
		if words[i] != w || !startsWithAny(words[i:], v.ps.exc) {
			continue
		}
		from := i
		for _, p := range v.ps.exc {
			// The clause opens inside a longer phrase ("a excepción de"
			// written "a excepción del"): it is quoted whole.
			if i > 0 && len(p) >= 2 && p[0] == words[i-1] && p[1] == words[i] {
				from = i - 1
			}
		}
		c := strings.TrimRight(strings.TrimSpace(s[terms[from].Start:]), ".")
		return clip(c)
	}
	return ""
}
