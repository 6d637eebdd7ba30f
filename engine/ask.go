package engine

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Retrieval and decision parameters.
const (
	searchLimit      = 40   // hits asked of the Searcher
	glossaryWeight   = 0.8  // weight of a glossary expansion against a typed word
	topicBonus       = 0.15 // relevance added to sources on (or FAQs related to) a page the question names
	minRelevance     = 0.45 // below this the best candidate does not decide anything
	contenderRatio   = 0.8  // candidates within this ratio of the best compete by precedence
	supportRatio     = 0.55 // candidates within this ratio of the best are quoted as supporting
	maxSupporting    = 4
	numberBonus      = 0.05   // a text stating a number, when the question asks for one
	lengthTieBreak   = 0.0005 // per distinct word: between equals, the shorter text wins
	unknownWeightEN  = 0.3    // the same for an English question
	unknownWeight    = 0.6    // weight of a Spanish word no record holds, at the highest idf
	faqQuestionShare = 0.6    // share of an FAQ's relevance computed on its question alone
	exampleDamping   = 0.85   // examples are narrative: their word matches count for less
)

// query is an analysed question: its units (a typed word, or a glossary
// concept the question names with all its terms as alternatives), the sum
// of their weight × idf (total), the pages it names and whether it asks
// for a number.
type query struct {
	text     string
	expanded []string
	units    []unit
	total    float64
	topics   []string
	number   bool
}

// unit is one thing a question asks about: alternatives (each the stems
// of a word or glossary term) of which a text must hold one, its weight
// and its idf (that of its rarest known alternative).
type unit struct {
	alts   [][]string
	weight float64
	idf    float64
	term   bool    // a glossary term (a game concept), not a plain word
	dw     float64 // its share of total: weight × idf, or the weight of an unknown word
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

// numberWords are folded words that make a question ask for a number.
var numberWords = toSet(`mod mods modificador modificadores modifier modifiers cuanto cuantos cuanta how much many distancia distance cm rafaga burst valor value penalizador penalty maxima maximo maximum`)

// analyze turns a question into a query.
func (e *Engine) analyze(question string) query {
	q := query{text: question}
	typed := keys(question)
	covered := map[string]bool{}
	for _, m := range e.gloss.Segment(question) {
		q.expanded = append(q.expanded, m.Synonyms...)
		tk := keys(m.Text)
		if len(m.Synonyms) == 0 || len(tk) == 0 {
			continue // a plain word, or a term of function words only ("sin")
		}
		u := unit{weight: 1, term: true, alts: [][]string{tk}}
		for _, k := range tk {
			covered[k] = true
		}
		for _, o := range m.Synonyms {
			if ok := keys(o); len(ok) > 0 {
				u.alts = append(u.alts, ok)
			}
		}
		q.units = append(q.units, u)
	}
	for _, k := range typed {
		if !covered[k] {
			q.units = append(q.units, unit{alts: [][]string{{k}}, weight: 1})
		}
	}
	es := spanish(question)
	for i := range q.units {
		u := &q.units[i]
		for _, alt := range u.alts {
			u.idf = max(u.idf, e.altIDF(alt))
		}
		switch {
		case u.idf > 0:
			u.dw = u.weight * u.idf
			q.total += u.dw
		case len(u.alts[0][0]) > 2:
			// A word no record holds ("Tohaa") is a subject the knowledge
			// base may lack: it weighs against every candidate, less in an
			// English question (whose words the glossary may just not know).
			// A text with no function word of either language (a bare
			// list of terms, code) gives no reason for the English
			// discount.
			w := unknownWeight
			if !es && english(question) {
				w = unknownWeightEN
			}
			u.dw = w * e.maxIDF()
			q.total += u.dw
		}
	}
	qw := lang.Words(question + " \n " + strings.Join(q.expanded, " \n "))
	for _, p := range e.pages {
		if containsWords(qw, p.words) {
			q.topics = append(q.topics, p.title)
		}
	}
	for _, w := range lang.Words(question) {
		if numberWords[w] {
			q.number = true
		}
	}
	return q
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

// holds reports whether keys hold one alternative of u (all its stems; one
// may miss in a term of three or more).
func (u *unit) holds(keys map[string]bool) bool {
	for _, alt := range u.alts {
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

// candidate is a record or FAQ that may answer a question, with its
// relevance.
type candidate struct {
	rec   *wikirules.Record
	faq   *wikirules.FAQ
	page  string // the page it is cited on
	keys  map[string]bool
	qkeys map[string]bool // an FAQ's question alone
	score float64
}

func (c *candidate) id() string {
	if c.faq != nil {
		return c.faq.ID
	}
	return c.rec.ID
}

func (c *candidate) kind() wikirules.Kind {
	if c.faq != nil {
		return wikirules.Kind(c.faq.Type)
	}
	return c.rec.Kind
}

// rank is the precedence of a source (docs/DESIGN.md, "Precedence when
// sources disagree"): errata > FAQ > rule text (current update > original)
// > example. The important box ranks with the rule text (it beats examples
// as all rule text does).
func (c *candidate) rank() int {
	switch c.kind() {
	case wikirules.KindErrata:
		return 6
	case wikirules.KindFAQ:
		return 5
	case wikirules.KindExample:
		return 2
	}
	if c.rec != nil && c.rec.Superseded {
		return 3
	}
	return 4
}

// gather collects candidates: the Searcher's hits for the question and its
// glossary expansion, the records of the pages the question names and the
// FAQs shown on or related to them.
func (e *Engine) gather(ctx context.Context, q query, f wikirules.Filter) ([]*candidate, error) {
	seen := map[string]*candidate{}
	var out []*candidate
	addRec := func(r wikirules.Record) {
		if isFAQKind(r.Kind) || r.Kind == wikirules.KindTemplate || seen[r.ID] != nil {
			return
		}
		c := &candidate{rec: &r, page: r.Page, keys: keySet(recordText(&r))}
		seen[r.ID] = c
		out = append(out, c)
	}
	addFAQ := func(fq wikirules.FAQ, page string) {
		if seen[fq.ID] != nil {
			return
		}
		c := &candidate{faq: &fq, page: page, keys: keySet(faqText(&fq)), qkeys: keySet(fq.Question)}
		seen[fq.ID] = c
		out = append(out, c)
	}
	sf := f
	sf.Limit = searchLimit
	text := q.text
	if len(q.expanded) > 0 {
		text += " " + strings.Join(q.expanded, " ")
	}
	hits, err := e.search.SearchText(ctx, searchWords(text), sf)
	if err != nil {
		return nil, fmt.Errorf("engine: search %q: %w", q.text, err)
	}
	for _, h := range hits {
		switch {
		case h.FAQ != nil:
			addFAQ(*h.FAQ, h.Citation.Page)
		case h.Record != nil:
			addRec(*h.Record)
		}
	}
	if len(q.topics) > 0 {
		tf := f
		tf.Pages = q.topics
		recs, err := e.store.Records(ctx, tf)
		if err != nil {
			return nil, fmt.Errorf("engine: records of %v: %w", q.topics, err)
		}
		for _, r := range recs {
			addRec(r)
		}
		faqs, err := e.store.FAQs(ctx, "", tf)
		if err != nil {
			return nil, fmt.Errorf("engine: FAQs of %v: %w", q.topics, err)
		}
		for _, fq := range faqs {
			addFAQ(fq, faqPage(&fq, q.topics))
		}
	}
	return out, nil
}

// searchWords returns the words of text the Searcher is asked for: its
// folded words without stopwords and repeats, in order. Function words
// match nearly every record and decide nothing, yet the Searcher would
// score every record holding one.
func searchWords(text string) string {
	seen := map[string]bool{}
	var out []string
	for _, w := range lang.Words(text) {
		if !stopwords[w] && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// faqPage returns the page an FAQ is cited on: the first of topics it is
// shown on or related to, else its first page.
func faqPage(f *wikirules.FAQ, topics []string) string {
	for _, t := range topics {
		if hasFold(f.Pages, t) || hasFold(f.Related, t) {
			return t
		}
	}
	if len(f.Pages) > 0 {
		return f.Pages[0]
	}
	if len(f.Related) > 0 {
		return f.Related[0]
	}
	return ""
}

func hasFold(list []string, s string) bool {
	fs := lang.Fold(s)
	for _, x := range list {
		if lang.Fold(x) == fs {
			return true
		}
	}
	return false
}

// score sets the relevance of every candidate: the share of the question's
// weighted idf its words cover, plus topicBonus when it stands on (or, for
// an FAQ, relates to) a page the question names; long texts are damped.
func (e *Engine) score(q query, cands []*candidate) {
	for _, c := range cands {
		if q.total == 0 {
			continue
		}
		s := e.coverage(q, c.keys)
		if c.faq != nil {
			s = faqQuestionShare*e.coverage(q, c.qkeys) + (1-faqQuestionShare)*s
		}
		if c.kind() == wikirules.KindExample {
			s *= exampleDamping
		}
		if q.number && c.rec != nil && strings.ContainsAny(c.rec.Plain, "0123456789") {
			s += numberBonus // the question asks for a number; this text gives one
		}
		s -= lengthTieBreak * float64(len(c.keys)) // between equals, the focused text
		if n := len(c.keys); n > 50 {
			s /= 1 + float64(n-50)/200
		}
		if len(q.topics) > 0 {
			on := 0
			for _, t := range q.topics {
				if c.rec != nil && lang.Fold(c.rec.Page) == lang.Fold(t) || c.faq != nil && (hasFold(c.faq.Related, t) || hasFold(c.faq.Pages, t)) {
					on++
				}
			}
			s += topicBonus * float64(on) / float64(len(q.topics))
		}
		c.score = s
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
}

// coverage is the share of the question's weighted idf that keys hold.
func (e *Engine) coverage(q query, keys map[string]bool) float64 {
	if q.total == 0 {
		return 0
	}
	var s float64
	for i := range q.units {
		if u := &q.units[i]; u.idf > 0 && u.holds(keys) {
			s += u.weight * u.idf
		}
	}
	return s / q.total
}

// spanishWords and englishWords are function words that tell the language
// of a question.
var (
	spanishWords = toSet(`el la los las de del que se puede puedo un una en con por para es al como cuando estando mi su si sobre hay tiene`)
	englishWords = toSet(`the a an of is are can does do my to in on with when while and it be how what which if i`)
)

// english reports whether a question holds an English function word.
func english(question string) bool {
	for _, w := range lang.Words(question) {
		if englishWords[w] {
			return true
		}
	}
	return false
}

// spanish reports whether a question reads as Spanish: it opens with "¿"
// or holds at least as many Spanish function words as English ones.
func spanish(question string) bool {
	if strings.Contains(question, "¿") {
		return true
	}
	es, en := 0, 0
	for _, w := range lang.Words(question) {
		if spanishWords[w] {
			es++
		}
		if englishWords[w] {
			en++
		}
	}
	return es >= en && es > 0
}

// Ask answers a question (Spanish or English, worded freely) from the
// knowledge base as opt pins it. The answer quotes the deciding source
// first (chosen among the most relevant candidates by precedence), then
// supporting sources (the rule an FAQ extends, other relevant rule text),
// then the sources it overrides with the reason; when nothing is relevant
// enough it says NotFound. Errors come from the store or the searcher.
func (e *Engine) Ask(ctx context.Context, question string, opt Options) (*Answer, error) {
	if err := e.init(ctx); err != nil {
		return nil, err
	}
	named := false
	if opt.Edition == 0 {
		if ed := editionNamed(question); ed != 0 {
			opt.Edition, named = ed, true
		}
	}
	f := opt.filter()
	a := newAnswer(question, opt)
	if named {
		a.Notes = append(a.Notes, "edition: "+strings.ToUpper(wikirules.Editions(opt.Edition).String())+", named in the question")
	}
	text := prose(question)
	if text != strings.TrimSpace(question) {
		a.Notes = append(a.Notes, "markup in the question ignored (HTML tags, script and style elements)")
	}
	q := e.analyze(text)
	cands, err := e.gather(ctx, q, f)
	if err != nil {
		return nil, err
	}
	e.score(q, cands)
	if len(cands) == 0 || cands[0].score < minRelevance {
		a.Verdict = NotFound
		if len(cands) > 0 {
			a.Notes = append(a.Notes, fmt.Sprintf("nearest text (not deciding, relevance %.2f): %s", cands[0].score, citationOf(cands[0])))
		}
		return a, nil
	}
	d := decide(q, cands)
	if ok, why := e.speaks(q, d); !ok {
		a.Verdict = NotFound
		a.Notes = append(a.Notes, fmt.Sprintf("nearest text (not deciding: %s): %s", why, citationOf(d)))
		return a, nil
	}
	b := &builder{e: e, q: q, f: f, a: a, used: map[string]bool{}}
	if err := b.build(ctx, d, cands); err != nil {
		return nil, err
	}
	return a, nil
}

// newAnswer returns an empty answer with the edition and as-of notes.
func newAnswer(question string, opt Options) *Answer {
	a := &Answer{Question: question, Sources: []Source{}, Data: DataVersion{Revisions: []PageRevision{}}}
	ed := opt.Edition
	if ed == 0 {
		ed = wikirules.N4
		a.EditionDefaulted = true
		a.Notes = append(a.Notes, "edition: N4 (no edition given; ask with -edition c1 or n5 for another)")
	}
	a.Edition = wikirules.Editions(ed).String()
	if !opt.AsOf.IsZero() {
		t := opt.AsOf.UTC()
		a.AsOf = &t
		a.Notes = append(a.Notes, "as of "+t.Format("2006-01-02 15:04 MST")+": answered from the revisions current at that date and the FAQ versions published by then")
	}
	return a
}

// decide picks the deciding candidate: among those within contenderRatio
// of the best relevance, the one of highest precedence (then relevance),
// except that an errata takes precedence over an FAQ only when it holds
// every glossary term of q the FAQ holds (it corrects that answer, not
// another one); between FAQs asking the same question, the newer version.
func decide(q query, cands []*candidate) *candidate {
	best := cands[0]
	for _, c := range cands[1:] {
		if c.score < contenderRatio*cands[0].score {
			break
		}
		if c.rank() > best.rank() && (best.kind() != wikirules.KindFAQ || holdsTerms(q, c, best)) {
			best = c
		}
	}
	if best.faq != nil {
		for _, c := range cands {
			if c.faq != nil && c != best && sameQuestion(c.faq, best.faq) && newerVersion(c.faq.Version, best.faq.Version) && c.rank() >= best.rank() {
				best = c
			}
		}
	}
	return best
}

// holdsTerms reports whether c holds every glossary term unit of q that
// other holds.
func holdsTerms(q query, c, other *candidate) bool {
	for i := range q.units {
		if u := &q.units[i]; u.term && u.idf > 0 && u.holds(other.keys) && !u.holds(c.keys) {
			return false
		}
	}
	return true
}

// sameQuestion reports whether two FAQs ask the same thing (their
// question words overlap by at least a half, Jaccard).
func sameQuestion(a, b *wikirules.FAQ) bool {
	return lang.Jaccard(keySet(a.Question), keySet(b.Question)) >= 0.5
}

// newerVersion reports whether FAQ version a ("1.1, marzo 2021") is newer
// than b, comparing the leading dotted numbers.
func newerVersion(a, b string) bool {
	na, nb := versionNumbers(a), versionNumbers(b)
	for i := 0; i < len(na) && i < len(nb); i++ {
		if na[i] != nb[i] {
			return na[i] > nb[i]
		}
	}
	return len(na) > len(nb)
}

func versionNumbers(v string) []int {
	var out []int
	head := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' })
	if len(head) == 0 {
		return nil
	}
	for _, p := range strings.Split(head[0], ".") {
		n := 0
		for _, r := range p {
			if r < '0' || r > '9' {
				return out
			}
			n = n*10 + int(r-'0')
		}
		out = append(out, n)
	}
	return out
}

// citationOf returns the human citation of a candidate.
func citationOf(c *candidate) string {
	if c.faq != nil {
		return wikirules.CitationOfFAQ(*c.faq, c.page).String()
	}
	return wikirules.CitationOf(*c.rec).String()
}

// reEditionNamed finds an edition named in a question: "CodeOne", "Code
// One", "C1", "N4", "N5" (as words, any case).
var reEditionNamed = regexp.MustCompile(`(?i)(?:^|[^\pL\pN])(code\s?one|c1|n4|n5)(?:[^\pL\pN]|$)`)

// editionNamed returns the edition a question names when it names exactly
// one (0 otherwise): "In CodeOne, can I…?" is asked of CodeOne even
// without -edition.
func editionNamed(question string) wikirules.Edition {
	var found wikirules.Edition
	for _, m := range reEditionNamed.FindAllStringSubmatch(question, -1) {
		e, err := wikirules.ParseEdition(strings.Join(strings.Fields(m[1]), " "))
		if err != nil {
			continue
		}
		if found != 0 && found != e {
			return 0
		}
		found = e
	}
	return found
}
