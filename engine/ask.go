package engine

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Retrieval and decision parameters.
const (
	searchLimit      = 25   // hits asked of the Searcher
	fullPass         = 24   // candidates scored on every feature (score)
	contextPages     = 8    // pages of the best hits whose records are read for lead-ins
	hitPages         = 2    // pages of the best hits whose records are all candidates
	minRelevance     = 0.3  // below this the best candidate does not decide anything
	contenderRatio   = 0.8  // candidates within this ratio of the best compete by precedence
	focusOpening     = 4    // words a text opens with that say what it is about (opensWithFocus)
	exampleRatio     = 0.6  // a text of its page this relevant, of higher precedence, decides over an example
	numberRatio      = 0.75 // for a number, a text this relevant that states it decides over one that states none
	narrowerRatio    = 0.4  // a text this relevant stating a narrower case of the question's rules on it (caseHeld)
	narrowerMore     = 2    // how many more units of the question's case a narrower case holds (caseHeld)
	banRatio         = 0.3  // a sentence this relevant forbidding what is asked under the question's condition rules on it (bannedUnder)
	caseRatio        = 0.75 // a record this relevant whose condition is the question's case rules on it (triggerShare)
	openingWords     = 4    // a sentence's opening phrase this short, set off by a comma, is a condition (conditionKeys)
	closeRatio       = 0.9  // a verdict a text this relevant on another page contradicts is withheld (contested)
	supportRatio     = 0.55 // candidates within this ratio of the best are quoted as supporting
	maxSupporting    = 4
	lengthTieBreak   = 0.0005 // per distinct word: between equals, the shorter text wins
	unknownWeightEN  = 0.3    // the same for an English question
	unknownWeight    = 0.6    // weight of a Spanish word no record holds, at the highest idf
	plainUnknown     = 0.4    // the share of that weight for a word not written as a name
	faqQuestionShare = 0.6    // share of an FAQ's relevance computed on its question alone
	crossWeight      = 0.5    // a plain word against a text of another language (it cannot hold it)
	contextHold      = 0.7    // a unit held only by the lead-in or the section path
	pageHold         = 0.85   // a unit held only by the page title (the subject)
	minAction        = 0.15   // share of what is asked (the non-topic units) a deciding source holds
	faqForwardMin    = 0.45   // share of the question an FAQ's own question must hold to decide it (faqFits)…
	faqReverseMin    = 0.15   // … with this share of its question the judge's question holds
	faqLooseForward  = 0.4    // or this share of the question…
	faqLooseReverse  = 0.4    // … with this share of the FAQ's
	faqCaseShare     = 0.25   // or this share of the question and of the FAQ's question…
	faqCaseHold      = 0.65   // … with its answer holding this share of the question and of its asking clause (faqCaseFits)
	faqCaseAsked     = 0.6    // or the judge's question holding this share of the FAQ's, and its answer this share of the asking clause
	faqRatio         = 0.7    // an FAQ asking the question decides over rule text down to this ratio of the best relevance
	pageFAQRatio     = 0.55   // … over rule text of its own page, down to this ratio (faqFloor)
	sceneWeight      = 0.6    // weight of a plain word outside the clause that asks
	generalRatio     = 5      // a topic this many times as spoken of as another of the question is general (markGeneral)
	commonIDF        = 2.5    // a one-word title whose stem is this common names no page (commonTitle)
	homelessCover    = 0.65   // relevance a source needs to decide a question about a concept no page describes
	cofocus          = 0.7    // a named unit this weighty as the focus, with a page, makes the question about it
)

// candidate is a record or FAQ that may answer a question, with its
// relevance and what it is matched on: its own text (keys), its lead-in
// and section path (ctx), its page title (pageKeys; for an FAQ the pages
// it relates to) and, for an FAQ, its question alone (qkeys).
type candidate struct {
	rec      *wikirules.Record
	faq      *wikirules.FAQ
	page     string // the page it is cited on
	lang     string // the language of that page
	keys     map[string]bool
	ctx      map[string]bool
	pageKeys map[string]bool
	qkeys    map[string]bool
	leadIn   *wikirules.Record   // the bullet or paragraph it continues
	children []*wikirules.Record // the bullets it introduces
	opener   *wikirules.Record   // the paragraph opening its section, when it is a later one (openers)
	box      *wikirules.Record   // the skill box it stands under (boxes): "VISOR MULTIESPECTRAL NIVEL 2" of its level's effects
	score    float64
	searched float64 // the Searcher's score of it, over the best hit's (0: not a hit)
	partial  bool    // a hit of the glossary terms alone, the question's words finding none
	faqFit   bool    // an FAQ whose question is the judge's question
	// faqShares: an FAQ whose question shares the judge's question both
	// ways on the same subject (faqFit but for how it asks, asksLikeFAQ).
	faqShares bool
	ownLang   *candidate // for an FAQ in another language, its translation in the question's language (translatedFAQs)

	// The verdict it entails for the question it was asked for (verdict),
	// worked out once: scoring, deciding, building and the contested
	// check all ask it.
	verdictFor      string // the question's text; "" before the first verdict
	verdict, number string
	// whole: the sentence the verdict is read from holds every unit of
	// what is asked that the text can be read for (polarity).
	whole bool
	// stateList: the closed list of what a state allows for the act the
	// question asks of a trooper in it (markStateLists).
	stateList bool
	// newerEd is the newer edition in which a page of the same rule
	// answers the question, when the candidate's page is an older
	// edition's (markOlder): it does not decide.
	newerEd wikirules.Edition
}

func (c *candidate) id() string {
	if c.faq != nil {
		return c.faq.ID
	}
	return c.rec.ID
}

// editions returns the editions the candidate holds in.
func (c *candidate) editions() wikirules.Editions {
	if c.faq != nil {
		return c.faq.Editions
	}
	return c.rec.Editions
}

// pagesNewest keeps, of each page's candidates, those that hold in the
// newest edition any of them holds in: the page's current text, without
// the older editions' alternatives it keeps. A candidate whose edition is
// unknown (scoped to none) is kept: it is no older edition's alternative,
// and an FAQ of an older edition related to its page (an N3 FAQ on
// Command Tokens) does not make the page's unscoped text old.
func pagesNewest(cands []*candidate) []*candidate {
	held := map[string]wikirules.Editions{}
	for _, c := range cands {
		held[c.page] |= c.editions()
	}
	out := cands[:0:0]
	for _, c := range cands {
		ed, ok := newestOf(held[c.page])
		if !ok || c.editions() == 0 || c.editions().Has(ed) {
			out = append(out, c)
		}
	}
	return out
}

// markOlder marks the candidates of the deciding candidate d's page,
// and of the other pages of its rule (titles.sameRule) in its language,
// when a page of the rule in that language whose newest edition is newer
// holds a text that answers q: without an edition asked, the answer
// speaks for the newest edition that answers, and an older edition's page
// of the rule (an N3 page beside the N4 one) does not decide over it. A
// twin in the other language does not displace the page in the judge's
// words: the answer warns that it lags (TwinWarnings). It reports whether
// it marked any.
func (e *Engine) markOlder(q query, d *candidate, cands []*candidate) bool {
	held := map[string]wikirules.Editions{}
	for _, c := range cands {
		held[c.page] |= c.editions()
	}
	age := func(p string) int {
		ed, ok := newestOf(held[p])
		if !ok {
			return -1
		}
		return slices.Index(editionOrder, ed)
	}
	if age(d.page) < 0 {
		return false
	}
	rule := func(p string) bool {
		return e.pageLanguage(p) == e.pageLanguage(d.page) && e.titles.sameRule(d.page, p)
	}
	newest := -1 // the newest edition of a page of d's rule that answers
	tried := map[string]bool{}
	for _, c := range cands {
		p := c.page
		if tried[p] || c.newerEd != 0 || age(p) < 0 || age(p) >= age(d.page) || newest >= 0 && age(p) >= newest || !rule(p) {
			continue
		}
		for _, o := range cands {
			if o.page != p || o.faq != nil && !o.faqFit {
				continue
			}
			if ok, _ := e.answers(q, o); ok {
				newest = age(p)
				break
			}
		}
		tried[p] = true
	}
	if newest < 0 {
		return false
	}
	for _, c := range cands {
		if age(c.page) > newest && rule(c.page) {
			c.newerEd = editionOrder[newest]
		}
	}
	return true
}

func (c *candidate) kind() wikirules.Kind {
	if c.faq != nil {
		return wikirules.Kind(c.faq.Type)
	}
	return c.rec.Kind
}

// rank is the precedence of a source (docs/DESIGN.md, "Precedence when
// sources disagree"): errata > FAQ > rule text (current update >
// original) > example. The important box ranks with the rule text (it
// beats examples as all rule text does).
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

// Ask answers a question (Spanish or English, worded freely) from the
// knowledge base as opt pins it. The answer quotes the deciding source
// first: among the sources that answer the question (they speak to its
// subject and to what it asks), the most relevant ones compete by
// precedence. Then come supporting sources (the rule an FAQ extends,
// other relevant text) and the sources it overrides, with the reason.
// The verdict is read from the deciding source when it entails one.
// When nothing answers, the answer says NotFound and names the nearest
// pages. Labels, notes and reasons are in the question's language.
// Without an edition in opt or in the question, every page answers with
// the text of the newest edition it holds (a page the wiki has not yet
// rewritten for the newest edition still has its older rule, and an N5
// page's N4 alternatives stay out), and the answer names the edition of
// the deciding source. With an edition, pages that do not say theirs
// compete too, and an answer one of them decides says "edition unknown".
// Errors come from the store or the searcher.
func (e *Engine) Ask(ctx context.Context, question string, opt Options) (*Answer, error) {
	return e.ask(ctx, question, opt)
}

// ask answers question in the edition opt (or the question) names, else
// the newest the knowledge base holds.
func (e *Engine) ask(ctx context.Context, question string, opt Options) (*Answer, error) {
	if err := e.init(ctx); err != nil {
		return nil, err
	}
	text := prose(question)
	q := e.analyze(text)
	named := false
	if opt.Edition == 0 {
		if ed := editionNamed(question); ed != 0 {
			opt.Edition, named = ed, true
		}
	}
	a, err := e.newAnswer(ctx, question, q.v, opt)
	if err != nil {
		return nil, err
	}
	if named {
		a.Notes = append(a.Notes, q.v.reason("edition-named", strings.ToUpper(a.Edition)))
	}
	f := e.filterFor(a)
	if a.EditionDefaulted {
		f.Edition = 0
	}
	if text != strings.TrimSpace(question) {
		a.Notes = append(a.Notes, q.v.reason("markup-ignored"))
	}
	// A page that does not say which edition it is may hold the rule of
	// the edition asked for: it competes, and an answer it decides says
	// "edition unknown".
	gf := f
	gf.Unscoped = f.Edition != 0
	if err := e.twinsInEdition(ctx, &q, gf); err != nil {
		return nil, err
	}
	cands, err := e.gather(ctx, q, gf)
	if err != nil {
		return nil, err
	}
	if a.EditionDefaulted {
		cands = pagesNewest(cands)
	}
	q.home = e.sectionHome(q, cands)
	e.markStateLists(q, cands)
	e.score(q, cands, f.Edition)
	d, why := e.decide(q, cands)
	for a.EditionDefaulted && d != nil && e.markOlder(q, d, cands) {
		d, why = e.decide(q, cands)
	}
	if a.EditionDefaulted && d != nil && e.markOlderEdition(q, d, cands) {
		d, why = e.decide(q, cands)
	}
	if d != nil {
		// A text whose page does not speak of what the question is
		// about answers another question (subject.go).
		name, err := e.absentSubject(ctx, q, d)
		if err != nil {
			return nil, err
		}
		if name != "" && !d.stateList {
			// The closed list of the state the trooper is in rules on
			// what it leaves out: that it does not name it is its
			// answer.
			d, why = nil, q.v.reason("subject-absent", name)
		}
	}
	if d != nil {
		if name := e.numberAbsent(q, d, cands); name != "" {
			d, why = nil, q.v.reason("number-absent", name)
		} else if name := e.capUnmentioned(q, d); name != "" {
			d, why = nil, q.v.reason("number-absent", name)
		}
	}
	unknownEd := d != nil && !a.EditionDefaulted && d.editions() == 0
	if d != nil && a.EditionDefaulted {
		a.Notes = a.Notes[:0]
		if ed, ok := newestOf(d.editions()); ok {
			a.Edition = wikirules.Editions(ed).String()
			a.Notes = append(a.Notes, q.v.reason("edition-page", strings.ToUpper(a.Edition)))
		} else {
			a.Edition = ""
			a.Notes = append(a.Notes, q.v.reason("edition-unknown"))
		}
		f = e.filterFor(a)
	}
	if d == nil {
		a.Verdict = NotFound
		a.Nearest = nearestPages(cands, 3)
		if len(cands) > 0 {
			a.Notes = append(a.Notes, q.v.reason("nearest", why, citationOf(cands[0], q.v)))
		}
		if len(a.Nearest) == 0 {
			// Words no document holds can leave the search empty; the
			// known ones still find pages to read.
			if a.Nearest, err = e.nearestKnown(ctx, q, f); err != nil {
				return nil, err
			}
		}
		return a, nil
	}
	if unknownEd {
		a.Notes = append(a.Notes, q.v.reason("edition-unknown"))
		f.Edition = 0
	}
	if d.rec != nil && d.rec.HeldFor != 0 {
		// The page's current revision holds no text of the edition asked
		// for: the deciding text is an older revision's, and the judge is
		// told so.
		a.Notes = append(a.Notes, q.v.reason("held-revision", strings.ToUpper(a.Edition), d.rec.RevisionID))
	}
	b := &builder{e: e, q: q, f: f, a: a, used: map[string]bool{}}
	if err := b.build(ctx, d, cands); err != nil {
		return nil, err
	}
	e.guardVerdict(q, d, cands, a)
	if c := e.contested(q, d, cands, a.Verdict, a.EditionDefaulted); c != nil {
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("contested", citationOf(c, q.v)))
	}
	if d.partial && !d.whole && a.Verdict != q.v.Labels.SeeDeciding && (!hasFold(q.topics, d.page) || hasFold(q.twinTopics, d.page)) {
		// Found by fewer words than the question's, on a page the
		// question does not name (or names only through its twin), the
		// deciding text holds less of the case than a hit does: what it
		// entails is left to the judge reading it, unless the sentence
		// it is read from holds every unit of what is asked (d.whole:
		// "When a TAG is in Possessed State, its Pilot cannot Mount or
		// Dismount" for "Can the Pilot dismount?").
		a.Verdict = q.v.Labels.SeeDeciding
		a.Notes = append(a.Notes, q.v.reason("partial-search"))
	}
	return a, nil
}

// twinsInEdition names, for a question asked in an edition (f.Edition),
// the twin in the other language of a page it names that holds no text
// of that edition: the Spanish Zona de Hackeo is N4 and CodeOne, its
// English twin Hacking Area does not say its edition, and in N5 only the
// twin can state the rule. The twin takes the page's place among the
// pages named (q.topics, and those that are a condition or the state
// gone back to), as a page named in the question's language does.
func (e *Engine) twinsInEdition(ctx context.Context, q *query, f wikirules.Filter) error {
	if f.Edition == 0 || len(q.topics) == 0 {
		return nil
	}
	holds := func(page string) (bool, error) { return e.holdsCurrent(ctx, page, f) }
	swap := map[string][]string{}
	for _, t := range q.topics {
		var twins []string
		for _, w := range e.titles.twinsOf(t) {
			if e.knownPage(w) {
				twins = append(twins, w)
			}
		}
		if len(twins) == 0 {
			continue
		}
		ok, err := holds(t)
		if err != nil || ok {
			if err != nil {
				return err
			}
			continue
		}
		for _, w := range twins {
			ok, err := holds(w)
			if err != nil {
				return err
			}
			if ok && !hasFold(q.topics, w) {
				swap[t] = append(swap[t], w)
			}
		}
	}
	if len(swap) == 0 {
		return nil
	}
	replace := func(ts []string) []string {
		var out []string
		for _, t := range ts {
			if w, ok := swap[t]; ok {
				out = append(out, w...)
			} else {
				out = append(out, t)
			}
		}
		return out
	}
	for _, ws := range swap {
		q.twinTopics = append(q.twinTopics, ws...)
	}
	q.topics, q.described = replace(q.topics), replace(q.described)
	q.conds, q.returns = replace(q.conds), replace(q.returns)
	return nil
}

// aboutOther reports whether c is a record whose text opens (after its
// determiners) with a name the wikis give a page other than its own that
// q does not name: its subject is that page's rule.
func (e *Engine) aboutOther(q query, c *candidate) bool {
	if c.rec == nil {
		return false
	}
	v := vocabFor(c.lang)
	words := lang.Words(c.rec.Plain)
	for len(words) > 0 && v.has("det", words[0]) {
		words = words[1:]
	}
	words = words[:min(len(words), 8)]
	st := stems(words)
	qk := q.keys()
	for _, p := range e.titles.in(words) {
		if p.derived || lang.Fold(p.title) == lang.Fold(c.page) || len(p.stems) > len(st) || indexWords(st[:len(p.stems)], p.stems) != 0 {
			continue
		}
		if !e.titleHeld(p.title, qk) && !e.titles.sameRule(p.title, c.page) {
			return true
		}
	}
	return false
}

// ownRule reports whether c is a record naming its own page (by a name
// the wikis give it) that q does not name.
func (e *Engine) ownRule(q query, c *candidate) bool {
	if c.rec == nil || e.titleHeld(c.page, q.keys()) {
		return false
	}
	for _, p := range e.titles.in(lang.Words(c.rec.Plain)) {
		if lang.Fold(p.title) == lang.Fold(c.page) && !p.derived {
			return true
		}
	}
	return false
}

// contested returns a text about as relevant as the deciding one d
// (within closeRatio of its relevance, of no lower precedence), on another
// page, that answers q and entails the contrary of verdict (the other
// yes or no, another number), else nil. Two pages ruling otherwise on
// the question leave the verdict to the judge reading both: wrong is
// worse than silent. Asked without an edition (defaulted), a text of the
// newest edition is contested by no text of older editions only.
func (e *Engine) contested(q query, d *candidate, cands []*candidate, verdict string, defaulted bool) *candidate {
	if verdict == q.v.Labels.SeeDeciding || verdict == NotFound {
		return nil
	}
	newest := defaulted && d.editions().Has(e.newest)
	for _, c := range cands {
		if c == d || c.score < closeRatio*d.score || c.newerEd != 0 {
			continue
		}
		if newest && c.editions() != 0 && !c.editions().Has(e.newest) {
			// Asked without an edition, the answer speaks for the
			// newest one (markOlderEdition): a text of an older edition
			// only does not contest a text of the newest that decides.
			continue
		}
		if c.rank() < d.rank() || lang.Fold(c.page) == lang.Fold(d.page) || c.faq != nil && !c.faqFit {
			continue
		}
		if ok, _ := e.answers(q, c); !ok {
			continue
		}
		if namesLess(q, d, c) {
			continue
		}
		v, n := e.verdict(q, c)
		if q.kind == askNumeric && n != "" && q.states(n) {
			// "How many troopers can one Combat Group hold?" against
			// "… cuentan como una única Tropa": the number the question
			// itself states is of its case, not the one it asks for.
			continue
		}
		if v != q.v.Labels.SeeDeciding && VerdictOutcome(v, verdict) == VerdictWrong {
			return c
		}
	}
	return nil
}

// namesLess reports whether the text of c leaves out a name q writes
// (a page title or a word with a capital) that the text of d holds: "How
// many Saving Rolls per hit does EXP ammo force?" is answered by the row
// of EXP, and what a rule says of ammunition in general ("la Munición DA
// obliga a realizar 2 Tiradas de Salvación") does not contest it.
func namesLess(q query, d, c *candidate) bool {
	dk, ck := keysOnPage(ownText(d), d), keysOnPage(ownText(c), c)
	for i := range q.units {
		u := &q.units[i]
		if u.named && u.inClause && u.idf > 0 && !u.trivial() && u.holds(dk) && !u.holds(ck) {
			return true
		}
	}
	return false
}

// ownText is the text of c: its FAQ's question and answer, or its
// record's text.
func ownText(c *candidate) string {
	if c.faq != nil {
		return c.faq.Question + "\n" + c.faq.Answer
	}
	return recordText(c.rec)
}

// preferUnless returns the candidates of ok (best first) for which not
// holds false when the best of them is within contenderRatio of ok[0]'s
// score, else ok: a text about as relevant that is not of the kind not
// marks decides over one that is.
func preferUnless(ok []*candidate, not func(*candidate) bool) []*candidate {
	var rest []*candidate
	for _, c := range ok {
		if !not(c) {
			rest = append(rest, c)
		}
	}
	if len(rest) > 0 && rest[0].score >= contenderRatio*ok[0].score {
		return rest
	}
	return ok
}

// nearestKnown returns up to three pages of the hits for the words of q
// some document holds.
func (e *Engine) nearestKnown(ctx context.Context, q query, f wikirules.Filter) ([]string, error) {
	known := e.knownWords(q.text)
	if known == "" {
		return nil, nil
	}
	sf := f
	sf.Limit = searchLimit
	hits, err := e.searcher(f).SearchText(ctx, known, sf)
	if err != nil {
		return nil, fmt.Errorf("engine: search %q: %w", known, err)
	}
	var out []string
	for _, h := range hits {
		if p := h.Citation.Page; len(out) < 3 && p != "" && !hasFold(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// nearestPages returns up to n distinct pages of the best candidates.
func nearestPages(cands []*candidate, n int) []string {
	var out []string
	for _, c := range cands {
		if len(out) == n {
			break
		}
		if c.page != "" && !hasFold(out, c.page) {
			out = append(out, c.page)
		}
	}
	return out
}

// decide picks the deciding candidate among those that answer q
// (answers), by precedence: an FAQ or errata whose question is the
// judge's question (faqFit) decides over rule text when its relevance is
// at least faqRatio of the best, an errata over an FAQ when it holds every
// glossary term of q the FAQ holds (it corrects that answer, not another
// one), the newer version between FAQs asking the same question; among
// the rest, the most relevant, except that a text of higher precedence
// within contenderRatio of it wins (the important box over an example),
// a text of an example's page of higher precedence down to exampleRatio
// of it decides over the example (it states the rule the example shows),
// and of the records within caseRatio of it and of its precedence,
// on its page or a page the question names, the one whose condition holds
// most of the case the question sets (triggerShare); for a numeric
// question, a text within numberRatio of the best that states the
// number over one that states none. It returns nil and why when nothing
// answers.
func (e *Engine) decide(q query, cands []*candidate) (*candidate, string) {
	if w := q.unknownAsked(); w != "" && q.pagesNamed() < 2 {
		// A question naming two pages or more asks how they meet, in
		// whatever words ("Fallo la tirada de Ingeniero intentando
		// quitar el estado Marcado. ¿Pasa algo malo?").
		return nil, q.v.reason("unknown-words", w)
	}
	if w := q.unknownName(); w != "" && e.holdsLanguage(q.lang) {
		return nil, q.v.reason("unknown-words", w)
	}
	var ok []*candidate
	why := ""
	for _, c := range cands {
		if c.faq != nil && !c.faqFit || c.newerEd != 0 {
			continue
		}
		if fine, w := e.answers(q, c); fine {
			ok = append(ok, c)
		} else if why == "" {
			why = w
		}
	}
	if len(ok) == 0 {
		if why == "" {
			why = q.v.reason("nothing-relevant")
		}
		return nil, why
	}
	if len(ok) > 1 && e.aboutOther(q, ok[0]) {
		// A text opening with the name of another page the question does
		// not name ("Eclipse Ammunition works in exactly the same way as
		// Smoke Ammunition, but …" on White Noise Zone) states that
		// page's rule: a text about as relevant that does not decides.
		ok = preferUnless(ok, func(c *candidate) bool { return e.aboutOther(q, c) })
	}
	if len(ok) > 1 && len(q.topics) == 0 && e.ownRule(q, ok[0]) {
		// A question naming no page asks a general rule; a text naming
		// its own page, which the question does not name ("…la Tropa con
		// G: Jumper…" for how many troopers a Combat Group holds), states
		// that page's special case: a text about as relevant that names
		// none decides.
		ok = preferUnless(ok, func(c *candidate) bool { return e.ownRule(q, c) })
	}
	if name, _ := q.focusName(); name != nil {
		// Of the texts that answer, those on a page where one speaks of
		// what the question is about (subject.go) compete; precedence
		// then chooses among them (the page's important box over the
		// bullet that names the variant asked about).
		pages := map[string]bool{}
		best := -1
		for i, c := range ok {
			if speaksOf(q, c, name) {
				pages[lang.Fold(c.page)] = true
				if best < 0 {
					best = i
				}
			}
		}
		if best >= 0 && ok[best].score >= contenderRatio*ok[0].score {
			var on []*candidate
			for _, c := range ok {
				if pages[lang.Fold(c.page)] {
					on = append(on, c)
				}
			}
			ok = on
		}
	}
	var best *candidate
	for _, c := range ok {
		if c.faq == nil || c.score < faqFloor(q, c, ok[0])*ok[0].score {
			continue
		}
		if best == nil || c.rank() > best.rank() && holdsTerms(q, c, best) {
			best = c
		}
	}
	if best != nil && best.ownLang != nil && best.ownLang.rank() >= best.rank() && slices.Contains(ok, best.ownLang) {
		// One FAQ in two languages: the entry in the judge's language
		// states its answer in the judge's words.
		best = best.ownLang
	}
	if best == nil {
		best = ok[0]
		for _, c := range ok[1:] {
			if c.score < contenderRatio*ok[0].score {
				break
			}
			if c.faq == nil && (c.rank() > best.rank() || c.rank() == best.rank() && listRules(q, c) && !listRules(q, best)) {
				best = c
			}
		}
		if best.kind() == wikirules.KindExample {
			// An example shows its page's rule played out in one case:
			// its length holds the question's scene words by chance. A
			// text of higher precedence on its page that answers states
			// the rule it shows, and decides down to exampleRatio of it.
			for _, c := range ok {
				if c.score < exampleRatio*best.score {
					break
				}
				if c.faq == nil && c.rank() > best.rank() && lang.Fold(c.page) == lang.Fold(best.page) && !leavesAsked(q, c, best) {
					best = c
					break
				}
			}
		}
		if c := correction(best, cands); c != nil {
			best = c
		}
	}
	if best.rec != nil {
		// Of the records about as relevant on the deciding page or a
		// page the question names, the one whose condition is the case
		// the question sets ("Si falla la tirada…" for "Fallé la
		// tirada…") rules on it: the others state the general rule, or
		// another case.
		bt := triggerShare(q, best)
		for _, c := range ok {
			if c.rec == nil || c == best || c.rank() != best.rank() || lang.Fold(c.page) != lang.Fold(best.page) && !onTopic(q, c) || c.score < caseRatio*best.score {
				continue
			}
			if t := triggerShare(q, c); t > bt {
				best, bt = c, t
			}
		}
		if conditionContradicted(q, best.rec.Plain, vocabFor(best.lang)) {
			// A record whose condition the question's case contradicts
			// ("más Heridas que" for "tantas heridas como") states another
			// case: a record about as relevant on its page whose condition
			// the question states ("tantas Heridas como") rules on it.
			for _, c := range ok {
				if c.rec == nil || c == best || c.rank() != best.rank() || lang.Fold(c.page) != lang.Fold(best.page) || c.score < metRatio*best.score {
					continue
				}
				if v := vocabFor(c.lang); conditionMeets(q, c.rec.Plain, v) && !conditionContradicted(q, c.rec.Plain, v) {
					best = c
					break
				}
			}
		}
	}
	if best.rec != nil && best.faq == nil && startsWithAny(lang.Words(q.text), q.v.ps.ifs) {
		// A question opening with a conditional phrase ("Si …") sets a
		// case. Of the texts of the deciding page of its precedence, one
		// that holds every unit of that case (outside the clause that
		// asks) the decider holds and narrowerMore more of them states
		// the rule of the narrower case ("Fallar la Tirada Normal de VOL al
		// tratar de cancelar otro estado… no tiene consecuencias
		// negativas" for a failed roll to cancel a state, over "Si el
		// ingeniero falla la Tirada Normal de VOL, el objetivo pierde 1
		// punto de EST"): it decides, down to narrowerRatio of the
		// decider's relevance, though it does not say the act asked.
		held := caseHeld(q, best)
		for _, c := range cands {
			if c.rec == nil || c.faq != nil || c == best || c.newerEd != 0 || c.rank() != best.rank() || lang.Fold(c.page) != lang.Fold(best.page) || c.score < narrowerRatio*best.score {
				continue
			}
			if h := caseHeld(q, c); len(h) >= len(held)+narrowerMore && holdsAll(h, held) {
				best, held = c, h
			}
		}
	}
	if best.rec != nil && best.faq == nil && q.kind == askYesNo && !bannedUnder(q, best.rec.Plain) {
		// A sentence that forbids outright, under the condition the
		// question names, what it asks of ("No se permite el uso de los
		// Tokens de Mando durante el Turno Reactivo" for spending one in
		// the Reactive Turn) rules on it over the text that grants it
		// in general ("…durante su Turno Activo… Consumir un Token de
		// Mando permite…"): it is the text of the question's case. It
		// stands on the deciding page or one the question names, and is
		// of no lower precedence.
		for _, c := range ok {
			if c.rec == nil || c.faq != nil || c.rank() < best.rank() || lang.Fold(c.page) != lang.Fold(best.page) && !onTopic(q, c) || c.score < banRatio*best.score {
				continue
			}
			if bannedUnder(q, c.rec.Plain) && subjectHeld(q, c, c.rec.Plain) {
				best = c
				break
			}
		}
	}
	if best.rec != nil && best.faq == nil && !best.stateList && !permits(best) {
		// The state's own list of what a trooper in it may declare rules
		// on the act over a text of its page, of its precedence, that
		// allows nothing ("Al declarar Ataque CD sobre una Tropa en
		// estado Trabado se deberá aplicar…" speaks of an attack on the
		// trooper, not of what it may declare).
		for _, c := range ok {
			if c.stateList && c.rank() >= best.rank() && lang.Fold(c.page) == lang.Fold(best.page) {
				best = c
				break
			}
		}
	}
	if best.rec != nil && best.faq == nil && !e.opensWithFocus(q, best) {
		// "What does the +1 SD MOD let me do?" is answered by the text
		// whose subject is what is asked about ("The "+1 SD" MOD allows
		// the player to roll one extra die…"), not by a sibling about as
		// relevant that only names it ("Level: 3; …; Burst MOD: +1 SD").
		for _, c := range ok {
			if c.score < contenderRatio*best.score {
				break
			}
			if c != best && c.rec != nil && c.faq == nil && c.rank() == best.rank() && lang.Fold(c.page) == lang.Fold(best.page) && e.opensWithFocus(q, c) {
				best = c
				break
			}
		}
	}
	if best.rec != nil && best.faq == nil {
		// A lead-in ("Consumiendo un Token de Mando … puede elegir una
		// de las siguientes opciones:") does not decide over the bullet
		// it introduces that holds more of what is asked ("Anular 2
		// Órdenes Regulares…"): the bullet is quoted with its lead-in.
		lead, bc := best, e.clauseCoverage(q, best, best.keys)
		for _, c := range ok {
			if c.rec == nil || c.leadIn == nil || c.leadIn.ID != lead.rec.ID || c.score < contenderRatio*lead.score {
				continue
			}
			if cc := e.clauseCoverage(q, c, c.keys); cc > bc {
				best, bc = c, cc
			}
		}
	}
	if r := illustrated(best, cands); r != nil {
		// For a number, an illustration stating it ("si coinciden una
		// Zona de Baja Visibilidad (MOD de -3) y una Zona de Mala
		// Visibilidad (MOD de -6) sólo se aplicará el MOD -6") gives the
		// figure the judge's case asks: it decides.
		if v, _ := e.verdict(q, best); q.kind != askNumeric || v == q.v.Labels.SeeDeciding {
			best = r
		}
	}
	if q.kind == askNumeric {
		// A question asking for a number is answered by a text that
		// states it: of the texts within numberRatio of the best, the
		// most relevant one that gives the number decides over one that
		// gives none (Reset's "aplicando los MOD correspondientes", for
		// the MOD of an Isolated trooper's Reset: Aislado's "MOD de -9"),
		// whatever their precedence (they do not disagree: one is
		// silent). It must speak of every name the asking clause writes:
		// a number given of another thing ("la Munición DA obliga a
		// realizar 2 Tiradas" for EXP) is not the one asked for; nor is a
		// number of another level than the one asked (boxLevel: the L4
		// chart row for "Martial Arts Level 3"), here or below.
		if v, _ := e.verdict(q, best); v == q.v.Labels.SeeDeciding {
			// The rule's own illustration, right after it, gives the
			// figure of the case it states in general ("…se aplicará
			// únicamente siempre el mayor de ellos." then "Por ejemplo,
			// si coinciden … sólo se aplicará el MOD -6"): it decides
			// before a text of another section that states a number.
			if r := illustration(best, ok); r != nil {
				if w, _ := e.verdict(q, r); w != q.v.Labels.SeeDeciding {
					best = r
				}
			}
		}
		if v, _ := e.verdict(q, best); v == q.v.Labels.SeeDeciding {
			for _, c := range ok {
				if c.score < numberRatio*ok[0].score {
					break
				}
				if c == best || !holdsClauseNames(q, c) || boxLevel(q, c) < 0 {
					continue
				}
				if w, _ := e.verdict(q, c); w != q.v.Labels.SeeDeciding {
					best = c
					break
				}
			}
		}
		if v, _ := e.verdict(q, best); v == q.v.Labels.SeeDeciding && best.rec != nil && !statesKind(q, best.rec.Plain) {
			// None gives the number: a text that measures what is asked
			// in its unit ("up to his first MOV Attribute value in
			// inches" for "how far") speaks to it, one that does not
			// ("360˚ LoF", the skill's lead) does not.
			for _, c := range ok {
				if c.score < contenderRatio*ok[0].score {
					break
				}
				if c != best && c.rec != nil && holdsClauseNames(q, c) && statesKind(q, c.rec.Plain) && boxLevel(q, c) >= 0 {
					best = c
					break
				}
			}
		}
	}
	if q.kind == askNumeric && best.faq == nil {
		// A text that holds none of the quantities asked for ("the PS and
		// Burst of…") does not state them: of the texts about as relevant,
		// one of its precedence that holds them all (a program's table
		// row, under its header) decides.
		if n, h := q.askedHeld(best); n > 0 && h == 0 {
			for _, c := range ok {
				if c.score < contenderRatio*ok[0].score {
					break
				}
				if m, g := q.askedHeld(c); c != best && c.faq == nil && c.rank() >= best.rank() && m > 0 && g == m && boxLevel(q, c) >= 0 {
					best = c
					break
				}
			}
		}
	}
	if best.faq != nil {
		for _, c := range ok {
			if c.faq != nil && c != best && sameQuestion(c.faq, best.faq) && newerVersion(c.faq.Version, best.faq.Version) && c.rank() >= best.rank() {
				best = c
			}
		}
	}
	// A question about a concept no page or section describes ("Orden
	// Coordinada", "Regeneración") is answered only by an FAQ asking it or
	// a text that holds it and most of the question: a stray mention does
	// not decide it.
	for _, f := range e.homelessFoci(q, cands) {
		own, text := best.keys, ""
		if best.rec != nil {
			text = best.rec.Plain
		}
		if best.faq != nil && best.faq.Question != "" {
			own, text = best.qkeys, best.faq.Question
		}
		// An FAQ asking the question answers it; but not one that names
		// the concept only among others ("por ejemplo, AP o Munición E/M
		// o BLI=0"), nor does a text that lists it or names it in passing
		// ("(… como Médico, MediKit, Regeneración…)").
		// Nor, for a numeric question, a text that does not give the
		// number: that it names the concept does not say how much.
		fits := best.faq != nil && best.faqFit
		if !fits && (!f.holds(own) || e.coverage(q, best, own) < homelessCover) || strayOnly(text, f) {
			return nil, q.v.reason("homeless", f.shown())
		}
		if v, _ := e.verdict(q, best); !fits && q.kind == askNumeric && v == q.v.Labels.SeeDeciding {
			return nil, q.v.reason("homeless", f.shown())
		}
		// Nor an example: it shows the concept used ("el Orco Hacker
		// declara Oblivion"), not what it is or does.
		if best.rec != nil && best.rec.Kind == wikirules.KindExample {
			return nil, q.v.reason("homeless", f.shown())
		}
	}
	return best, ""
}

// illustrated returns, when the record d opens with an example phrase of
// its language ("For example, if an Engineer cancels a Trooper's IMM-A
// State at the same time…"), the record right before it in its revision
// and section, when that one answers (it is in ok), opens with none and
// is of no lower precedence ("If a Trooper receives and removes Wounds or
// States in the same Order, the positive effect is always applied
// first"): the sentence shows that rule in one case, and holds the
// question's scene words because the judge asks that case; the rule
// decides it. Right before means no candidate of cands lies between.
func illustrated(d *candidate, cands []*candidate) *candidate {
	if d.rec == nil || d.rec.Kind == wikirules.KindExample {
		return nil
	}
	opens := func(c *candidate) bool {
		return startsWithAny(lang.Words(c.rec.Plain), vocabFor(c.lang).ps.exampleOpen)
	}
	if !opens(d) {
		return nil
	}
	sameBlock := func(c *candidate) bool {
		return c.rec != nil && c != d && c.rec.RevisionID == d.rec.RevisionID && slices.Equal(c.rec.Section, d.rec.Section) && c.rec.Span.End <= d.rec.Span.Start
	}
	var prev *candidate
	for _, c := range cands {
		if sameBlock(c) && (prev == nil || c.rec.Span.End > prev.rec.Span.End) {
			prev = c
		}
	}
	if prev == nil || opens(prev) || prev.rank() < d.rank() {
		return nil
	}
	return prev
}

// leavesAsked reports whether the text r leaves out a name of q's asking
// clause that the example ex states in its own words ("…but always
// outside of the enemy Deployment Zone" for "can he place the mine inside
// the enemy Deployment Zone?", beside a page's lead that speaks only of
// placing a Mine): r does not state the rule on the point asked, and the
// example, the only text that does, decides.
func leavesAsked(q query, r, ex *candidate) bool {
	for i := range q.units {
		u := &q.units[i]
		if u.inClause && u.named && u.idf > 0 && !u.trivial() && u.holds(ex.keys) && held(u, r, r.keys) == 0 {
			return true
		}
	}
	return false
}

// askedHeld returns how many units of q's asking clause name a quantity
// asked for (asksFor: "PS", "Burst") and how many of them c holds in its
// text or context.
func (q query) askedHeld(c *candidate) (n, h int) {
	for i := range q.units {
		u := &q.units[i]
		if !u.inClause || u.idf == 0 || !q.asksFor(u) {
			continue
		}
		n++
		if u.holds(c.keys) || u.holds(c.ctx) {
			h++
		}
	}
	return n, h
}

// illustration returns the record of ok right after the record d in its
// revision and section, when it opens with an example phrase of its
// language and d opens with none: the sentence that shows d's rule in one
// case (the converse of illustrated). Right after means no candidate of
// ok lies between. Nil when there is none.
func illustration(d *candidate, ok []*candidate) *candidate {
	if d.rec == nil || d.rec.Kind == wikirules.KindExample {
		return nil
	}
	opens := func(c *candidate) bool {
		return startsWithAny(lang.Words(c.rec.Plain), vocabFor(c.lang).ps.exampleOpen)
	}
	if opens(d) {
		return nil
	}
	var next *candidate
	for _, c := range ok {
		if c.rec == nil || c == d || c.rec.RevisionID != d.rec.RevisionID || !slices.Equal(c.rec.Section, d.rec.Section) || c.rec.Span.Start < d.rec.Span.End {
			continue
		}
		if next == nil || c.rec.Span.Start < next.rec.Span.Start {
			next = c
		}
	}
	if next == nil || !opens(next) || next.rank() < d.rank() {
		return nil
	}
	return next
}

// faqFloor is the share of the relevance of the best text best an FAQ c
// asking q needs to decide over it: faqRatio, or pageFAQRatio when best
// is rule text of the page the FAQ is shown on or relates to and the FAQ
// holds every name of q's asking clause the text holds (an errata on
// declaring Berserk while Engaged does not rule on declaring a BS
// Attack). A page's FAQ rules on the case of its rule it asks ("…con
// Tropas que tienen EST en lugar de Heridas?"), in fewer of the judge's
// words than the rule's text holds.
func faqFloor(q query, c, best *candidate) float64 {
	if best.faq != nil || lang.Fold(c.page) != lang.Fold(best.page) && !hasFold(c.faq.Related, best.page) {
		return faqRatio
	}
	for i := range q.units {
		u := &q.units[i]
		if u.inClause && (u.named || u.term) && u.idf > 0 && !u.trivial() && held(u, best, best.keys) > 0 && held(u, c, c.keys) == 0 {
			return faqRatio
		}
	}
	return pageFAQRatio
}

// correction returns the FAQ or errata among cands that corrects the
// example d: on d's page or relating to it, its answer repeated by a note
// of the example ("N4 Errata, sólo se aplica un MOD de -3"). The wiki
// ties the two; what the example shows is decided by the correction
// (errata > FAQ > example). Nil when d is no example or none corrects it.
func correction(d *candidate, cands []*candidate) *candidate {
	if d.rec == nil || d.rec.Kind != wikirules.KindExample || len(d.rec.Notes) == 0 {
		return nil
	}
	for _, c := range cands {
		if c.faq == nil || c.newerEd != 0 || lang.Fold(c.page) != lang.Fold(d.page) && !hasFold(c.faq.Related, d.page) {
			continue
		}
		ak := keySet(c.faq.Answer)
		for _, n := range d.rec.Notes {
			if noteMatch(n, c.faq, ak) >= noteThreshold {
				return c
			}
		}
	}
	return nil
}

// holdsClauseNames reports whether c holds (in its text, context or page)
// every name of q's asking clause that some document holds: a glossary
// term or a word written as a name.
func holdsClauseNames(q query, c *candidate) bool {
	own := c.keys
	if c.faq != nil && c.faq.Question != "" {
		own = c.qkeys
	}
	for i := range q.units {
		u := &q.units[i]
		if u.inClause && (u.named || u.term) && u.idf > 0 && !u.trivial() && held(u, c, own) == 0 {
			return false
		}
	}
	return true
}

// conditionList reports whether c, for a yes/no question, is the closed
// list of what the state the question names as a condition allows, on
// that state's page, naming what is asked about ("Las Tropas en este
// estado sólo pueden declarar Ataque CC, Esquivar…" for "trabada, ¿puede
// declarar Esquivar?"): among texts as relevant, the one that rules on it.
// The list is one sentence of it, as for stateList: the commas of a later
// sentence list nothing its restriction restricts ("responder ante
// Ataques, y sólo Ataques, que se declaren contra él… El poseedor … y
// podrá trazar LDT…" restricts to one thing).
func conditionList(q query, c *candidate) bool {
	if q.kind != askYesNo || c.rec == nil || !onCondition(q, c) {
		return false
	}
	v := vocabFor(c.lang)
	for _, s := range sentences(c.rec.Plain) {
		if closedList(s, v) {
			return true
		}
	}
	return false
}

// listRules reports whether c is a closed list that rules on q: the
// list of what the state q names as a condition allows, naming what is
// asked (conditionList), or the state's own list for the act q asks of a
// trooper in it (stateList).
func listRules(q query, c *candidate) bool { return conditionList(q, c) || c.stateList }

// permits reports whether the text of c holds a permission phrase of its
// language ("puede", "may").
func permits(c *candidate) bool {
	return c.rec != nil && containsAny(lang.Words(c.rec.Plain), vocabFor(c.lang).ps.perm)
}

// pagesNamed returns how many units of q name a page (a page and its
// translation are one unit).
func (q query) pagesNamed() int {
	n := 0
	for i := range q.units {
		if q.units[i].topic {
			n++
		}
	}
	return n
}

// unknownAsked returns the words of q's asking clause that no document
// holds, when they outnumber those some document holds ("the best army
// list for a tournament": the rules know the army list, not the best one
// for a tournament), else "".
func (q query) unknownAsked() string {
	var unknown []string
	known := 0
	for i := range q.units {
		u := &q.units[i]
		if !u.inClause || u.trivial() {
			continue
		}
		if u.idf == 0 {
			unknown = append(unknown, u.shown())
		} else {
			known++
		}
	}
	if len(unknown) > known {
		return strings.Join(unknown, ", ")
	}
	return ""
}

// unknownName returns a name q asks about ("Foxhole State", "Stealth: can
// my trooper…") that no document holds, else "": when the knowledge base
// has pages in q's language, it is a concept the knowledge base lacks, and
// whatever else matches speaks of something else. (Without pages in q's
// language a name of it may be missing only for want of a translation.)
// A name the question gives in brackets beside a page it names (the
// page's name in the other language, bracketTwin) is that page's.
func (q query) unknownName() string {
	for i := range q.units {
		u := &q.units[i]
		if u.idf == 0 && !u.term && !u.coded() && (u.named && u.inClause || q.heading(u)) && !q.bracketTwin(u) {
			return u.shown()
		}
	}
	return ""
}

// holdsLanguage reports whether the knowledge base has a page in language
// l ("es", "en").
func (e *Engine) holdsLanguage(l string) bool { return e.titles.holdsLanguage(l) }

// coded reports whether u holds a digit: a level or profile code ("L2",
// "B1"), which the rules write apart from the name they qualify.
func (u *unit) coded() bool {
	for _, k := range u.alts[0] {
		if strings.IndexFunc(k, unicode.IsDigit) >= 0 {
			return true
		}
	}
	return false
}

// heading reports whether u stands in the heading of q, the one or two
// words before a colon that opens it ("Stealth: can my trooper…?"), where
// a judge names the rule the question is about.
func (q query) heading(u *unit) bool {
	i := strings.Index(q.text, ":")
	if i < 0 {
		return false
	}
	head := keySet(q.text[:i])
	return len(uncoded(lang.Words(q.text[:i]))) <= 2 && u.holds(head)
}

// uncoded returns the words that hold no digit: a heading's edition or
// level ("N4 Minelayer", "Martial Arts L3") qualifies the rule it names.
func uncoded(words []string) []string {
	var out []string
	for _, w := range words {
		if strings.IndexFunc(w, unicode.IsDigit) < 0 {
			out = append(out, w)
		}
	}
	return out
}

// homelessFocus returns the concept a question asks about when no page or
// section describes it: when the question names no page (but by a
// description, query.described), its weightiest
// named unit that is neither an Attribute (attribute), what the question
// asks for (asksFor: "what MOD", "how many Orders"), nor a level, code or
// single letter ("B1", "N3", "X"), unless another named unit about as
// weighty (cofocus of its weight) has a page or section. Nil otherwise:
// an Attribute or a quantity is what a rule reads or gives, and a code
// qualifies a name; none is the concept asked about (focusName skips
// them alike).
func (e *Engine) homelessFocus(q query, cands []*candidate) *unit {
	if f := e.homelessFoci(q, cands); len(f) > 0 {
		return f[0]
	}
	return nil
}

// homelessFoci returns the homeless focus (homelessFocus) first, then the
// other named units about as weighty (cofocus of its weight) that no page
// or section describes either: "Does the target of Oblivion need the
// Hackable Characteristic?" asks of two such concepts, and a text holding
// only one ("The target of this Hacking Program does not need…", on
// another program's page) answers another question. Nil when the focus
// has a page, or another unit about as weighty has.
func (e *Engine) homelessFoci(q query, cands []*candidate) []*unit {
	if len(q.topics) > len(q.described) {
		return nil
	}
	named := slices.DeleteFunc(q.namedUnits(), func(u *unit) bool { return attribute(u) || q.asksFor(u) || u.coded() || oneLetter(u) })
	if len(named) == 0 || !e.homeless(named[0], cands) {
		return nil
	}
	foci := []*unit{named[0]}
	for _, u := range named[1:] {
		if u.dw < cofocus*named[0].dw {
			continue
		}
		if !e.homeless(u, cands) {
			return nil
		}
		foci = append(foci, u)
	}
	return foci
}

// homeless reports whether no page title and no section heading of the
// candidates names the concept u (in any of its terms).
func (e *Engine) homeless(u *unit, cands []*candidate) bool {
	for _, alt := range u.alts {
		if e.titles.holding(alt) {
			return false
		}
	}
	for _, c := range cands {
		if c.rec == nil {
			continue
		}
		for _, s := range c.rec.Section {
			st := keys(s)
			for _, alt := range u.alts {
				if containsStems(st, alt) {
					return false
				}
			}
		}
	}
	return true
}

// headingSubject reports whether u is the whole heading of q ("MediKit:
// what roll…", "Combat Jump: can I…"): the rule the question is about, not
// a word of a setting ("Going second: …").
func (q query) headingSubject(u *unit) bool {
	i := strings.Index(q.text, ":")
	if i < 0 || !q.heading(u) {
		return false
	}
	return len(uncoded(keys(q.text[:i]))) == len(u.alts[0])
}

// strayOnly reports whether text names u only in passing: every time
// within parentheses or as an item of a list (between commas or a comma
// and a list conjunction: "Descubrir, Esquivar, Reset o Alertar"). False
// when text does not name u.
func strayOnly(text string, u *unit) bool {
	found := false
	for _, s := range sentences(text) {
		terms := lang.Split(s)
		var content []int // indexes of the terms that are not stop words
		for i, t := range terms {
			if !stopwords[lang.Fold(t.Text)] || lang.Capitals(t.Text) {
				content = append(content, i)
			}
		}
		v := vocabFor(detectLanguage(s))
		// The longest terms first: a term standing within another's
		// mention ("E/M" of "Munición E/M") is that mention.
		alts := slices.Clone(u.alts)
		slices.SortStableFunc(alts, func(a, b []string) int { return len(b) - len(a) })
		var spans [][2]int
		for _, alt := range alts {
			if len(alt) == 0 {
				continue
			}
		next:
			for j := 0; j+len(alt) <= len(content); j++ {
				for k, a := range alt {
					if stem(lang.Fold(terms[content[j+k]].Text)) != a {
						continue next
					}
				}
				found = true
				first, last := content[j], content[j+len(alt)-1]
				if slices.ContainsFunc(spans, func(sp [2]int) bool { return sp[0] <= first && last <= sp[1] }) {
					continue
				}
				spans = append(spans, [2]int{first, last})
				if !parenthesized(s, terms[first].Start) && !listed(s, terms, first, last, v) {
					return false
				}
			}
		}
	}
	return found
}

// parenthesized reports whether byte offset at of s stands within
// parentheses.
func parenthesized(s string, at int) bool {
	return strings.Count(s[:at], "(") > strings.Count(s[:at], ")")
}

// listed reports whether terms[first..last] of sentence s stand as an item
// of a list: a comma or a list conjunction of v before them, and a comma,
// a list conjunction or the end of the sentence or clause after them, in
// a sentence holding a comma.
func listed(s string, terms []lang.Term, first, last int, v *Vocabulary) bool {
	if first == 0 || !strings.Contains(s, ",") {
		return false
	}
	before := s[terms[first-1].End:terms[first].Start]
	left := strings.Contains(before, ",") || v.has("conj", lang.Fold(terms[first-1].Text))
	after := s[terms[last].End:]
	if last+1 < len(terms) {
		after = s[terms[last].End:terms[last+1].Start]
	}
	right := strings.ContainsAny(after, ",.;:)") || strings.TrimSpace(after) == "" ||
		last+1 < len(terms) && v.has("conj", lang.Fold(terms[last+1].Text))
	return left && right
}

// containsStems reports whether the stems alt stand consecutively in st.
func containsStems(st, alt []string) bool {
	return indexWords(st, alt) >= 0
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

// citationOf returns the human citation of a candidate, its words in the
// language of vocabulary v.
func citationOf(c *candidate, v *Vocabulary) string {
	w := wikirules.CitationWordsFor(v.Language)
	if c.faq != nil {
		return wikirules.CitationOfFAQ(*c.faq, c.page).In(w)
	}
	return wikirules.CitationOf(*c.rec).In(w)
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

// sortByScore orders candidates best first (stable: gathering order
// breaks ties).
func sortByScore(cands []*candidate) {
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
}

// markStateLists sets stateList on the candidates that are the closed
// list of what a state allows for the act q asks of a trooper in it
// (stateList).
func (e *Engine) markStateLists(q query, cands []*candidate) {
	// Whether a unit is declared in some candidate depends on the unit
	// alone: worked out once per unit, not once per candidate.
	memo := map[*unit]bool{}
	declared := func(u *unit) bool {
		d, ok := memo[u]
		if !ok {
			d = declaredIn(u, cands)
			memo[u] = d
		}
		return d
	}
	for _, c := range cands {
		c.stateList = e.stateList(q, c, declared)
	}
}

// stateList reports whether c, for a yes/no question asking whether a
// trooper in a state may use or declare something ("Can a trooper in
// Retreat! declare a BS Attack?", "¿puede una tropa trabada declarar
// Esquivar?"), is that state's own closed list of what it allows for
// that act: a record of the page of a state the asking clause names as
// the trooper's (before its use verb, or after a state word: "while
// engaged"), a sentence of it a closed list whose restricted clause
// holds a use verb ("can only use Short Movement Skills, …", "sólo
// pueden declarar Ataque CC, Esquivar, …"), and what the question asks
// about, after its verb, of the kind such a list enumerates: a thing
// some text gathered declares or uses ("declare un Ataque CD"), not a
// MOD, a weapon or an effect. Such a list rules on what it leaves out
// as on what it names.
//
// declared reports whether a unit is a thing some candidate declares or
// uses (declaredIn over the candidates).
func (e *Engine) stateList(q query, c *candidate, declared func(*unit) bool) bool {
	if q.kind != askYesNo || c.rec == nil || c.faq != nil {
		return false
	}
	act := -1
	for i, w := range q.clause {
		if q.v.has("useverb", w) {
			act = i
			break
		}
	}
	if act < 0 {
		return false
	}
	st := stems(q.clause)
	state := false
	for i := range q.units {
		u := &q.units[i]
		if !u.topic || !u.holds(c.pageKeys) {
			continue
		}
		if at := unitAt(u, st); at >= 0 && (at < act || at > 0 && q.v.has("state", q.clause[at-1])) {
			state = true
		}
	}
	if !state {
		return false
	}
	asked := false
	for _, u := range q.objects(c) {
		if at := unitAt(u, st); at > act {
			if !declared(u) {
				return false
			}
			asked = true
		}
	}
	if !asked {
		return false
	}
	v := vocabFor(c.lang)
	for _, s := range sentences(c.rec.Plain) {
		if !closedList(s, v) {
			continue
		}
		cs := clauses(s, v)
		for _, cl := range cs {
			if cl.sub || cl.exception || !cl.holdsAny(v.ps.restr) || !enumerates(cs, cl, v) {
				continue
			}
			for _, w := range cl.words {
				if v.has("useverb", w) {
					return true
				}
			}
		}
	}
	return false
}

// unitAt returns the index in the stems st where one of u's alternatives
// starts, or -1.
func unitAt(u *unit, st []string) int {
	for i := range st {
		for _, alt := range u.alts {
			if len(alt) > 0 && i+len(alt) <= len(st) && slices.Equal(st[i:i+len(alt)], alt) {
				return i
			}
		}
	}
	return -1
}

// declaredIn reports whether a text of cands declares or uses u: a use
// verb of its language right before it, or before a determiner and it
// ("declara Ataque CD", "declare un Ataque CD").
func declaredIn(u *unit, cands []*candidate) bool {
	for _, c := range cands {
		text := ""
		switch {
		case c.rec != nil:
			text = c.rec.Plain
		case c.faq != nil:
			text = c.faq.Question + " " + c.faq.Answer
		}
		v := vocabFor(c.lang)
		w := lang.Words(text)
		st := stems(w)
		for i := range w {
			if !v.has("useverb", w[i]) {
				continue
			}
			j := i + 1
			if j < len(w) && v.has("det", w[j]) {
				j++
			}
			if j < len(st) && unitAt(u, st[j:]) == 0 {
				return true
			}
		}
	}
	return false
}

// opensWithFocus reports whether record c, for an open question asking
// what something does (the effect intent), opens with what is asked about:
// the weightiest unit of the asking clause that is neither a page the
// question names nor a bare number, held by the first opening words of
// the text (its determiners left out).
func (e *Engine) opensWithFocus(q query, c *candidate) bool {
	if q.kind != askOpen || c.rec == nil || !slices.Contains(q.intents, "effect") {
		return false
	}
	var focus *unit
	for i := range q.units {
		u := &q.units[i]
		if u.inClause && !u.topic && !u.trivial() && u.idf > 0 && (focus == nil || u.dw > focus.dw) {
			focus = u
		}
	}
	if focus == nil {
		return false
	}
	v := vocabFor(c.lang)
	words := lang.Words(c.rec.Plain)
	for len(words) > 0 && v.has("det", words[0]) {
		words = words[1:]
	}
	return focus.holds(keySet(strings.Join(words[:min(len(words), focusOpening)], " ")))
}

// caseHeld returns the units of the question's case (outside the clause
// that asks; names and words alike, not the pages c stands on) that c's
// text holds, by index in q.units.
func caseHeld(q query, c *candidate) map[int]bool {
	out := map[int]bool{}
	for i := range q.units {
		u := &q.units[i]
		if u.trivial() || u.inClause || u.idf == 0 || u.holds(c.pageKeys) {
			continue
		}
		if u.holds(c.keys) {
			out[i] = true
		}
	}
	return out
}

// holdsAll reports whether a holds every key of b.
func holdsAll(a, b map[int]bool) bool {
	for k := range b {
		if !a[k] {
			return false
		}
	}
	return true
}
