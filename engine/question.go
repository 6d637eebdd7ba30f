package engine

import (
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/lang"
)

// answerType is what a question asks for.
type answerType int

const (
	askOpen    answerType = iota // how, when, what happens…
	askYesNo                     // can I…, ¿puede…?
	askNumeric                   // how many, which MOD, how far
)

// query is an analysed question: its language and vocabulary, what it
// asks for (kind) in its interrogative clause, its units (a typed word, or
// a glossary concept the question names with all its terms as
// alternatives), the sum of their weight × idf (total), the pages it names
// (topics), the quantity words it asks about (numNouns) and the negations
// of its interrogative clause (neg).
type query struct {
	text     string
	lang     string
	v        *Vocabulary
	kind     answerType
	clause   []string // folded words of the interrogative clause
	expanded []string
	units    []unit
	total    float64
	topics   []string
	// described are the topics named only by a name dropping a family's
	// head ("la plantilla de humo" for Munición Humo): the question
	// describes the page more than it names it.
	described []string
	// twinTopics are the topics named in the question's edition through
	// a page of the other language, its twin holding no text of that
	// edition (twinsInEdition).
	twinTopics []string
	numNouns   []string
	quantity   string // the kind of number a numeric question asks for (asksFor)
	per        string // what it counts per ("turn"), or ""
	neg        int
	intents    []string        // kinds of block the question asks for ("cancellation")
	conds      []string        // the topics that are a condition of what is asked ("while engaged")
	home       section         // the section describing the concept asked about, when no page does (sectionHome)
	returns    []string        // the topics a cancellation question names as the state gone back to ("back to Normal State")
	names      map[string]bool // stems of the words written as names (capitalized)
}

// unit is one thing a question asks about: alternatives (each the stems
// of a word or glossary term) of which a text must hold one, its weight
// and its idf (that of its rarest known alternative). A topic unit is
// part of the name of a page the question names (its subject); the other
// units are what the question asks of it.
type unit struct {
	alts     [][]string
	weight   float64
	idf      float64
	term     bool    // a glossary term (a game concept), not a plain word
	oneSided bool    // a glossary term whose synonyms are all function words ("same" for "misma"): no text of another language holds it
	topic    bool    // part of the title of a page the question names
	inClause bool    // in the clause that asks
	page     bool    // one of its alternatives is the title of a page
	named    bool    // a name: a page title, or written with a capital (in the question or the glossary)
	head     bool    // one word that is, or translates to, the class head of a family of titles ("ammo": Munición, Ammunition)
	general  bool    // a topic many more texts speak of than another topic of the question (markGeneral): "Saving Roll" beside "Spotlight"
	dw       float64 // its share of total: weight × idf, or the weight of an unknown word
	typed    string  // its words as the question writes them ("Coraje", not the stem "coraj")
}

// shown returns u as the question writes it, for the reader: its typed
// words, else its first alternative's stems.
func (u *unit) shown() string {
	if u.typed != "" {
		return u.typed
	}
	return strings.Join(u.alts[0], " ")
}

// trivial reports whether u is a bare number ("1", "2010"): a number
// matches by accident (IMP-1, R2) and names no subject.
func (u *unit) trivial() bool {
	for _, k := range u.alts[0] {
		if k == "" || !unicode.IsDigit(rune(k[0])) {
			return false
		}
	}
	return true
}

// holds reports whether keys hold one alternative of u (all its stems; one
// may miss in a term of three or more; a one-letter alternative never
// counts).
func (u *unit) holds(keys map[string]bool) bool {
	for _, alt := range u.alts {
		if len(alt) == 1 && len(alt[0]) == 1 && !unicode.IsDigit(rune(alt[0][0])) {
			// A one-letter abbreviation ("B", "R") is a letter of
			// something else in a text ("IMM-B").
			continue
		}
		miss := 0
		for _, k := range alt {
			if !keys[k] {
				miss++
			}
		}
		if miss == 0 || miss == 1 && len(alt) >= 3 {
			return true
		}
	}
	return false
}

// holdsWhole reports whether keys hold every stem of one alternative of u
// (no one-letter one): an item of a closed list names u only so, "Ataque
// CC" is no "Ataque CD".
func (u *unit) holdsWhole(keys map[string]bool) bool {
	for _, alt := range u.alts {
		if len(alt) == 1 && len(alt[0]) == 1 && !unicode.IsDigit(rune(alt[0][0])) {
			continue
		}
		if !slices.ContainsFunc(alt, func(k string) bool { return !keys[k] }) {
			return true
		}
	}
	return false
}

// detectLanguage returns the language of a question: the one whose own
// opening marks it holds (Spanish "¿", "¡"), else the language whose
// function words it holds most of (Spanish on a tie: the wiki this
// project starts from is the Spanish one).
func detectLanguage(question string) string {
	for _, v := range sortedVocabs() {
		for _, marks := range [][]string{v.Question.QuestionMarks, v.Question.ExclamationMarks} {
			for _, m := range marks {
				if strings.Contains(question, m) {
					return v.Language
				}
			}
		}
	}
	best, bestN := "es", 0
	words := lang.Words(question)
	for _, v := range sortedVocabs() {
		n := 0
		for _, w := range words {
			if v.has("function", w) {
				n++
			}
		}
		if n > bestN {
			best, bestN = v.Language, n
		}
	}
	return best
}

// interrogative returns the folded words of the clause that asks: what
// follows the last question mark of v that opens a question ("¿"), else the last sentence ending
// in "?" that holds an asking clause (the last one when none does; the whole text when there is
// no "?"); then, of its clauses (split
// at , : ;), the last one that opens with a yes/no opener or an
// interrogative word of v, or the whole sentence.
func interrogative(question string, v *Vocabulary) []string {
	s := question
	open := -1
	for _, m := range v.Question.QuestionMarks {
		open = max(open, strings.LastIndex(s, m))
	}
	if open >= 0 {
		s = s[open:]
	} else if j := strings.LastIndex(s, "?"); j >= 0 {
		// A sentence end before the "?" may be a name's "!" ("Retreat!
		// State"): when the sentence after it holds no asking clause, the
		// nearest start before it whose sentence holds one is the start.
		at := lastSentenceStart(s[:j])
		for k := at; k > 0 && askingPart(s[at:j], v) < 0; {
			k = lastSentenceStart(s[:k-1])
			if askingPart(s[k:j], v) >= 0 {
				at = k
			}
		}
		s = s[at:j]
	}
	if j := strings.Index(s, "?"); j >= 0 {
		s = s[:j]
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ':' || r == ';' })
	if i := askingPart(s, v); i >= 0 {
		return lang.Words(strings.Join(parts[i:], " "))
	}
	return lang.Words(s)
}

// askingPart returns the index of the last of s's clauses (split at , :
// ;) that opens with a yes/no opener or an interrogative word of v, or
// -1.
func askingPart(s string, v *Vocabulary) int {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ':' || r == ';' })
	yn, wh := v.ps.yesNo, v.ps.wh
	for i := len(parts) - 1; i >= 0; i-- {
		w := lang.Words(parts[i])
		if startsWithAny(w, yn) || startsWithAny(w, wh) {
			return i
		}
	}
	return -1
}

// lastSentenceStart returns the byte offset where the last sentence of s
// starts: after the last ".", "!" or "?" that white space and a character
// other than a lower-case letter follow. A "!" of a name ("Retreat!
// token", "¡Alarma! se aplica") or a "." of a number ("5.1") ends no
// sentence.
func lastSentenceStart(s string) int {
	for k := len(s) - 1; k >= 0; k-- {
		if !strings.ContainsRune(".!?", rune(s[k])) {
			continue
		}
		rest := strings.TrimLeft(s[k+1:], " \t\n")
		if rest == "" || len(rest) == len(s[k+1:]) {
			continue // at the end ("Retreat!?") or no white space after it
		}
		if r, _ := utf8.DecodeRuneInString(rest); unicode.IsLower(r) {
			continue
		}
		return k + 1
	}
	return 0
}

// startsWithAny reports whether words start with one of the phrases.
func startsWithAny(words []string, ps [][]string) bool {
	for _, p := range ps {
		if len(p) <= len(words) && indexWords(words[:len(p)], p) == 0 {
			return true
		}
	}
	return false
}

// matchAny returns how many words the longest of the phrases words start
// with spans, or 0.
func matchAny(words []string, ps [][]string) int {
	n := 0
	for _, p := range ps {
		if len(p) > n && len(p) <= len(words) && indexWords(words[:len(p)], p) == 0 {
			n = len(p)
		}
	}
	return n
}

// containsAny reports whether words hold one of the phrases.
func containsAny(words []string, ps [][]string) bool {
	for _, p := range ps {
		if indexWords(words, p) >= 0 {
			return true
		}
	}
	return false
}

// classify says what the interrogative clause asks for: a number when it
// holds a numeric phrase ("cuántos", "how many"), or an interrogative word
// followed within three words by a quantity noun ("qué MOD", "what PH
// MOD"); an open answer when it opens with an interrogative word; else a
// yes or a no. It returns the quantity nouns the clause names.
func classify(clause []string, v *Vocabulary) (answerType, []string) {
	var nouns []string
	for _, w := range clause {
		if v.has("numnoun", w) {
			nouns = append(nouns, w)
		}
	}
	if containsAny(clause, v.ps.numeric) {
		return askNumeric, nouns
	}
	wh := v.ps.wh
	for i := range clause {
		if !startsWithAny(clause[i:], wh) || relativeAt(clause, i, v) {
			continue
		}
		// A quantity noun within three content words of the
		// interrogative ("what is Spotlight's Burst", "what PS"), unless
		// the question gives it its value: "what does the +1 SD MOD let
		// me do?" names a MOD and asks what it does.
		for j, n := i+1, 0; j < len(clause) && n < 3; j++ {
			if v.has("numnoun", clause[j]) && !valued(clause[i+1:j]) {
				return askNumeric, nouns
			}
			if !stopwords[clause[j]] {
				n++
			}
		}
	}
	if startsWithAny(clause, wh) {
		return askOpen, nouns
	}
	if alternatives(clause, v) {
		// "is the modifier -3 or -6?": a choice between numbers.
		return askNumeric, nouns
	}
	if startsWithAny(clause, v.ps.yesNo) || v.Language == "es" || !containsAny(clause, wh) {
		// A Spanish question that does not open with an interrogative
		// word is a yes/no one ("¿El movimiento … hace saltar minas?"),
		// and so is a question without any ("An Eclipse grenade lands
		// on my trooper. Guts Roll?").
		return askYesNo, nouns
	}
	return askOpen, nouns
}

// relativeAt reports whether the interrogative at clause[i] is a relative
// word opening a relative clause after a content word ("una tropa con
// Sexto Sentido que Esquiva aplica modificadores negativos": the folded
// "que" is not "qué"): it asks for nothing, and the quantity noun after it
// is what a yes/no question asks about.
func relativeAt(clause []string, i int, v *Vocabulary) bool {
	return i > 0 && v.has("relative", clause[i]) && content(clause[i-1], v) && !v.has("opener", clause[i-1])
}

// alternatives reports whether a clause offers a choice between numbers
// ("-3 or -6", "¿2 o 3?").
func alternatives(clause []string, v *Vocabulary) bool {
	for i := 1; i+1 < len(clause); i++ {
		if v.has("conj", clause[i]) && isNumber(clause[i-1]) && isNumber(clause[i+1]) {
			return true
		}
	}
	return false
}

func isNumber(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

// valued reports whether one of the two words before a quantity noun
// (before, the words between the interrogative and the noun) is a
// number: the noun is then given its value ("the +1 SD MOD", "el MOD
// de -3" is read the other way round and stays asked).
func valued(before []string) bool {
	for k := max(0, len(before)-2); k < len(before); k++ {
		if isNumber(before[k]) {
			return true
		}
	}
	return false
}

// negations counts the negation and blocking phrases of words.
func negations(words []string, v *Vocabulary) int {
	n := 0
	ps := v.ps.neg
	for i := 0; i < len(words); i++ {
		for _, p := range ps {
			if i+len(p) <= len(words) && indexWords(words[i:i+len(p)], p) == 0 {
				n++
				i += len(p) - 1
				break
			}
		}
	}
	return n
}

// analyze turns a question into a query.
func (e *Engine) analyze(question string) query {
	q := query{text: question, lang: detectLanguage(question)}
	q.v = vocabFor(q.lang)
	q.clause = interrogative(question, q.v)
	q.kind, q.numNouns = classify(q.clause, q.v)
	q.quantity, q.per = asksFor(q.clause, q.v)
	q.neg = negations(q.clause, q.v)
	q.intents = intents(q.clause, q.v)
	if len(q.intents) == 0 {
		q.intents = intents(lang.Words(question), q.v)
	}

	inClause := map[string]bool{}
	for _, w := range q.clause {
		inClause[stem(w)] = true
	}
	typed := keys(question)
	asTyped := map[string]string{} // a key → the first word of the question it stands for
	for _, t := range analyzer.Terms(question) {
		if _, ok := asTyped[t.Text]; !ok {
			asTyped[t.Text] = question[t.Start:t.End]
		}
	}
	names := capitalized(question)
	q.names = names
	covered := map[string]bool{}
	// An edition named in the question is an option of the answer
	// (editionNamed), not something a text must hold.
	for _, k := range keys(strings.Join(reEditionNamed.FindAllString(question, -1), " ")) {
		covered[k] = true
	}
	for _, m := range e.gloss.Segment(question) {
		q.expanded = append(q.expanded, m.Synonyms...)
		tk := keys(m.Text)
		if len(m.Synonyms) == 0 || len(tk) == 0 {
			continue // a plain word, or a term of function words only ("sin")
		}
		u := unit{weight: 1, term: true, alts: [][]string{tk}, named: capital(m.Text, question), typed: m.Text}
		for _, o := range m.Synonyms {
			if startsUpper(o) {
				u.named = true
			}
		}
		// A term is in the asking clause when all its words are ("Líder
		// de Fireteam" is not in "¿se cancela el Fireteam?").
		u.inClause = true
		for _, k := range tk {
			covered[k] = true
			if !inClause[k] {
				u.inClause = false
			}
		}
		for _, o := range m.Synonyms {
			if ok := keys(o); len(ok) > 0 {
				u.alts = append(u.alts, ok)
			}
		}
		u.oneSided = len(u.alts) == 1
		q.units = append(q.units, u)
	}
	for _, k := range typed {
		if !covered[k] {
			// A plain word outside the clause that asks sets the scene
			// ("Si me pilla una plantilla estando detrás de un muro
			// bajo, …"): it weighs less than what is asked.
			w := 1.0
			if !inClause[k] {
				w = sceneWeight
			}
			q.units = append(q.units, unit{alts: paraphraseAlts(k), weight: w, inClause: inClause[k], named: names[k], typed: asTyped[k]})
		}
	}
	qw := lang.Words(question + " \n " + strings.Join(q.expanded, " \n "))
	typedPages := map[string]bool{}
	for _, p := range e.titles.in(lang.Words(question)) {
		typedPages[p.title] = true
	}
	for _, p := range e.titles.in(qw) {
		if p.head && (!typedPages[p.title] || !complement(lang.Words(question), p.stems, q.v)) {
			// A name dropping a family's head ("Humo" of Munición
			// Humo) names the page where the judge writes it as the
			// complement of a noun ("la plantilla de humo"), not where
			// a synonym holds it (the glossary's "close combat" for
			// "trabado" does not name Salto de Combate) nor an
			// adjective of another noun ("un disparo especulativo").
			continue
		}
		if !typedPages[p.title] && e.twinIn(p.title, q.lang) {
			// A page of another language named only through the
			// glossary ("Isolated" for a Spanish question on Aislado):
			// its twin in the question's language states the rule in
			// the judge's words, and is named in its own right.
			continue
		}
		if !e.commonTitle(p, names) {
			q.topics = append(q.topics, p.title)
			if p.head {
				q.described = append(q.described, p.title)
			}
		}
	}
	for i := range q.units {
		u := &q.units[i]
		for _, alt := range u.alts {
			if e.titles.isExact(strings.Join(alt, " ")) {
				u.page, u.named = true, true
			}
			if e.titles != nil && len(u.alts[0]) == 1 && len(alt) == 1 && e.titles.isHead(alt[0]) {
				u.head = true
			}
		}
	}
	q.topics = dropContained(q.topics)
	q.conds = e.conditionTopics(q, question)
	q.returns = e.returnTopics(q)
	topicKeys := map[string]bool{}
	for _, t := range q.topics {
		for _, n := range e.titles.names(t) {
			if n.derived && e.commonName(n.keys) {
				continue
			}
			for _, k := range n.keys {
				topicKeys[k] = true
			}
		}
	}
	for i := range q.units {
		u := &q.units[i]
		for _, alt := range u.alts {
			all := len(alt) > 0
			for _, k := range alt {
				if !topicKeys[k] {
					all = false
				}
			}
			if all {
				u.topic = true
			}
		}
		// The idf of what was typed; of the rarest synonym when the
		// knowledge base lacks the typed word (an English word of a
		// Spanish knowledge base).
		if u.idf = e.altIDF(u.alts[0]); u.idf == 0 {
			for _, alt := range u.alts[1:] {
				u.idf = max(u.idf, e.altIDF(alt))
			}
		}
		switch {
		case u.idf > 0:
			u.dw = u.weight * u.idf
			q.total += u.dw
		case len(u.alts[0][0]) > 2:
			// A word no record holds weighs against every candidate: a
			// name written with a capital ("Tohaa", "Foxhole") is a
			// subject the knowledge base lacks; another word (a verb the
			// rules word otherwise) much less, and less in an English
			// question (whose words the glossary may just not know).
			w := unknownWeight
			if q.lang != "es" {
				w = unknownWeightEN
			}
			if !names[u.alts[0][0]] {
				w *= plainUnknown
			}
			u.dw = u.weight * w * e.maxIDF()
			q.total += u.dw
		}
	}
	e.markGeneral(&q)
	return q
}

// mentions is the number of documents that may speak of u: for each of
// its distinct alternatives (its names in either language), the document
// frequency of its rarest stem, summed. It bounds from above the texts
// holding one of its names.
func (e *Engine) mentions(u *unit) int {
	seen := map[string]bool{}
	n := 0
	for _, alt := range u.alts {
		j := strings.Join(alt, " ")
		if seen[j] || len(alt) == 0 {
			continue
		}
		seen[j] = true
		m := -1
		for _, k := range alt {
			if f := e.docFreq(k); m < 0 || f < m {
				m = f
			}
		}
		n += m
	}
	return n
}

// markGeneral marks the topic units of q that name a general mechanic
// beside a specific page: a topic that at least generalRatio times as
// many documents speak of as another topic of the question ("Saving
// Roll", held by the texts of every weapon and ammunition, beside
// "Spotlight", of one program). Such a topic is what the specific one is
// asked of, not a subject of its own (answers).
func (e *Engine) markGeneral(q *query) {
	least := -1
	for i := range q.units {
		u := &q.units[i]
		if !u.topic || u.head || u.idf == 0 || u.trivial() {
			continue
		}
		if m := e.mentions(u); m > 0 && (least < 0 || m < least) {
			least = m
		}
	}
	if least <= 0 {
		return
	}
	for i := range q.units {
		u := &q.units[i]
		if u.topic && !u.head && u.idf > 0 && !u.trivial() && e.mentions(u) >= generalRatio*least {
			u.general = true
		}
	}
}

// complement reports whether the stems st stand in words as the
// complement of a noun, as the language of v writes one: after a noun and
// a function word where its titles open with their head ("plantilla de
// humo": class prefixes), before a noun where they close with it ("Smoke
// template": class suffixes).
func complement(words, st []string, v *Vocabulary) bool {
	ws := stems(words)
	content := func(i int) bool { return i >= 0 && i < len(words) && !stopwords[words[i]] && !isNumber(words[i]) }
	for at := 0; at+len(st) <= len(ws); at++ {
		if indexWords(ws[at:at+len(st)], st) != 0 {
			continue
		}
		if len(v.ClassWords.Prefixes) > 0 && at >= 2 && stopwords[words[at-1]] && content(at-2) {
			return true
		}
		if len(v.ClassWords.Suffixes) > 0 && content(at+len(st)) {
			return true
		}
	}
	return false
}

// capitalized returns the stems of the words of a question written with a
// capital that do not open a sentence: names (of skills, troops,
// equipment) rather than common words.
func capitalized(question string) map[string]bool {
	out := map[string]bool{}
	for _, t := range lang.Split(question) {
		r := []rune(t.Text)
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			continue
		}
		// The rune before the word, not its last byte: "¿" and "¡" are
		// two bytes in UTF-8, and a word after them opens a sentence.
		before := strings.TrimRight(question[:t.Start], " \t\"'«(")
		if last, _ := utf8.DecodeLastRuneInString(before); before == "" || strings.ContainsRune(".?!¿¡:", last) {
			continue
		}
		out[stem(lang.Fold(t.Text))] = true
	}
	return out
}

// lowerWritten reports whether question writes a word of stem k in lower
// case: a word capitalized elsewhere as part of a name ("Trigger Area")
// is a plain word there ("does a Mine trigger when …").
func lowerWritten(question, k string) bool {
	for _, t := range lang.Split(question) {
		r := []rune(t.Text)
		if len(r) > 0 && unicode.IsLower(r[0]) && stem(lang.Fold(t.Text)) == k {
			return true
		}
	}
	return false
}

// intents returns the intents (kinds of block) whose phrases the words
// hold, in a fixed order.
func intents(words []string, v *Vocabulary) []string {
	var out []string
	for _, k := range []string{"activation", "cancellation", "requirement", "effect"} {
		if containsAny(words, v.ps.intents[k]) {
			out = append(out, k)
		}
	}
	return out
}

// startsUpper reports whether s starts with an upper-case letter.
func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// capital reports whether the words of text (as the glossary segmented
// them, folded) stand capitalized in question, not opening a sentence.
func capital(text, question string) bool {
	ks := keys(text)
	names := capitalized(question)
	for _, k := range ks {
		if names[k] {
			return true
		}
	}
	return false
}

// commonTitle reports whether a page title is one common word of the
// rules ("State", "Normal": its stem in a good share of the documents)
// that the question did not write as a name: "el estado Aturdido" does
// not name the page State.
func (e *Engine) commonTitle(p pageKey, names map[string]bool) bool {
	if p.derived {
		return e.commonName(keys(strings.Join(p.words, " ")))
	}
	if len(p.words) != 1 {
		return false
	}
	k := stem(p.words[0])
	if names[k] {
		return false
	}
	return e.idf(k) > 0 && e.idf(k) < commonIDF
}

// twinIn reports whether the page titled title is of another language
// than l and has a twin of language l in the knowledge base.
func (e *Engine) twinIn(title, l string) bool {
	if e.pageLanguage(title) == l {
		return false
	}
	for _, n := range e.titles.twinsOf(title) {
		if e.pageLanguage(n) == l {
			return true
		}
	}
	return false
}

// commonName reports whether a name derived from a title (its keys ks)
// is too common a word of the rules to name the page, written as a name
// or not: "Normal" (of Normal State) stands in "Normal Roll" and a Normal
// trooper. Without a key it names nothing either ("State" alone).
func (e *Engine) commonName(ks []string) bool {
	f := e.altIDF(ks)
	return len(ks) == 0 || f > 0 && f < commonIDF
}

// named returns the named units of q (page titles, names: what a
// question asks about), weightiest first.
func (q query) namedUnits() []*unit {
	var out []*unit
	for i := range q.units {
		if u := &q.units[i]; u.named && !u.trivial() && u.idf > 0 {
			out = append(out, u)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].dw > out[j].dw })
	return out
}

// conditionTopics returns the topics of q that state a condition of what
// it asks: named outside its asking clause ("Mi tropa está trabada…:
// ¿puede declarar Esquivar?"), or after a conditional or state phrase in
// it ("can I dodge while engaged?"). With two pages named, the one that is
// a condition is where the rule restricting the other is written.
func (e *Engine) conditionTopics(q query, question string) []string {
	if len(q.topics) < 2 {
		return nil
	}
	clause := q.clause
	cut := len(clause)
	for i := range clause {
		if startsWithAny(clause[i:], q.v.ps.cond) || q.v.has("state", clause[i]) {
			cut = i
			break
		}
	}
	head := map[string]bool{}
	for _, w := range clause[:cut] {
		head[stem(w)] = true
	}
	expanded := func(words []string) map[string]bool {
		m := map[string]bool{}
		for _, w := range words {
			m[stem(w)] = true
		}
		for _, u := range e.gloss.Segment(strings.Join(words, " ")) {
			for _, syn := range u.Synonyms {
				for _, k := range keys(syn) {
					m[k] = true
				}
			}
		}
		return m
	}
	headX := expanded(clause[:cut])
	_ = head
	var out []string
	for _, t := range q.topics {
		if !e.titleHeld(t, headX) {
			out = append(out, t)
		}
	}
	if len(out) == len(q.topics) {
		return nil // every page is a condition: none is
	}
	return out
}

// returnTopics returns the topics of a cancellation question that its
// asking clause names right after a return phrase ("what brings an
// Unconscious trooper back to Normal State?"): the state entered, whose
// activation answers, while the other states it names are those
// cancelled. None when every topic would be one.
func (e *Engine) returnTopics(q query) []string {
	if !slices.Contains(q.intents, "cancellation") || len(q.topics) < 2 {
		return nil
	}
	clause := stems(q.clause)
	var out []string
	for i := range q.clause {
		for _, p := range q.v.ps.intents["return"] {
			if i+len(p) > len(q.clause) || indexWords(q.clause[i:i+len(p)], p) != 0 {
				continue
			}
			at := i + len(p)
			for at < len(q.clause) && stopwords[q.clause[at]] {
				at++
			}
			for _, t := range q.topics {
				for _, n := range e.titles.names(t) {
					if len(n.keys) > 0 && at+len(n.keys) <= len(clause) && indexWords(clause[at:at+len(n.keys)], n.keys) == 0 && !slices.Contains(out, t) {
						out = append(out, t)
					}
				}
			}
		}
	}
	if len(out) == len(q.topics) {
		return nil
	}
	return out
}

// section is a section of a page: the folded page title and heading.
type section struct{ page, heading string }

// sectionHome returns the section of a candidate's page whose heading is
// the name of the concept q asks about (focusName), one word of it or
// more, when no page is titled by it: a Trait of Propiedades
// ("Desechable"), a rule of a page's own ("Zona de Control (ZC)"). Its
// records speak of the concept as a page's speak of the page: they are
// on the question's topic. Not a block heading ("Efectos"), nor a name
// of the page itself.
func (e *Engine) sectionHome(q query, cands []*candidate) section {
	name, _ := q.focusName()
	if len(name) != 1 || name[0].page {
		return section{}
	}
	u := name[0]
	for _, c := range cands {
		if c.rec == nil {
			continue
		}
		own := map[string]bool{}
		for _, n := range e.titles.names(c.rec.Page) {
			own[strings.Join(n.keys, " ")] = true
		}
		for _, h := range c.rec.Section {
			hk := strings.Join(keys(baseTitle(h)), " ")
			if hk == "" || blockHeading(h) || own[hk] {
				continue
			}
			for _, alt := range u.alts {
				if strings.Join(alt, " ") == hk {
					return section{page: lang.Fold(c.rec.Page), heading: lang.Fold(h)}
				}
			}
		}
	}
	return section{}
}

// asksMore reports whether q holds a known word beyond the pages it names.
func (q query) asksMore() bool {
	for i := range q.units {
		if u := &q.units[i]; !u.topic && !u.trivial() && u.idf > 0 {
			return true
		}
	}
	return false
}

// topicKeys returns the stems of the titles of the pages q names.
func (q query) topicKeys() map[string]bool {
	m := map[string]bool{}
	for _, t := range q.topics {
		for _, k := range keys(t) {
			m[k] = true
		}
	}
	return m
}

// dropContained drops the titles whose words stand inside another title
// of the list ("Trepar" when "Trepar Plus" is named too).
func dropContained(titles []string) []string {
	var out []string
	for i, t := range titles {
		tw := lang.Words(t)
		inside := false
		for j, o := range titles {
			if i != j && len(lang.Words(o)) > len(tw) && containsWords(lang.Words(o), tw) {
				inside = true
			}
		}
		if !inside {
			out = append(out, t)
		}
	}
	return out
}

// altIDF is the idf of an alternative: the mean idf of its stems, 0 when
// a stem is unknown to the knowledge base.
func (e *Engine) altIDF(alt []string) float64 {
	var s float64
	for _, k := range alt {
		f := e.idf(k)
		if f == 0 {
			return 0
		}
		s += f
	}
	return s / float64(len(alt))
}

// paraphraseAlts returns the alternatives of the plain word whose key is
// k: k itself, then the key of each one-word phrase of every paraphrase group (in
// every vocabulary) one of whose one-word phrases has key k ("siguen" is
// held by "continuarán": the rule says the equipment goes on working in
// other words).
func paraphraseAlts(k string) [][]string {
	alts := [][]string{{k}}
	for _, g := range paraphraseKeys() {
		if !slices.ContainsFunc(g, func(a []string) bool { return len(a) == 1 && a[0] == k }) {
			continue
		}
		for _, alt := range g {
			if !slices.ContainsFunc(alts, func(a []string) bool { return slices.Equal(a, alt) }) {
				alts = append(alts, alt)
			}
		}
	}
	return alts
}

// paraphraseKeys returns the Paraphrases of every vocabulary, a group for
// each key, its one-word phrases (of every language) as keys: the key of
// a phrase of several words is not the phrase ("sin importar" is not
// "importar").
var paraphraseKeys = sync.OnceValue(func() [][][]string {
	byKey := map[string]int{}
	var out [][][]string
	for _, v := range sortedVocabs() {
		for _, name := range slices.Sorted(maps.Keys(v.Polarity.Paraphrases)) {
			i, ok := byKey[name]
			if !ok {
				i = len(out)
				byKey[name] = i
				out = append(out, nil)
			}
			for _, p := range v.Polarity.Paraphrases[name] {
				if ks := keys(p); len(ks) > 0 && len(lang.Words(p)) == 1 {
					out[i] = append(out[i], ks)
				}
			}
		}
	}
	return out
})
