package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// lostSearch is how many hits the search is asked for when Lost looks for
// the expected text beyond the searchLimit hits an answer reads.
const lostSearch = 400

// Stages at which Lost finds the expected text of a case leaves the
// answer, from the first to the last an answer goes through.
const (
	LostMissing   = "missing"   // no record or FAQ of the knowledge base matches the expectation, in any edition
	LostFiltered  = "filtered"  // it matches only outside the question's filter (edition, as-of date, superseded text)
	LostSearch    = "search"    // within the filter, on a page the question does not name, and not among the searchLimit hits
	LostGather    = "gather"    // a hit, or on a page named, that gather drops (a twin's current text, a withdrawn entry, an older edition)
	LostAbstained = "abstained" // a candidate, but the answer abstains
	LostOutranked = "outranked" // a candidate that scores below the answer's sources
	LostNone      = ""          // among the answer's sources
)

// Lost says where the text a question case expects falls out of the
// answer: the stage (one of the Lost… constants) and a line with the
// figures of that stage (search rank, candidate rank and relevance against
// the best candidate's, the answer's reason to abstain). It retraces the
// steps of ask up to scoring; the answer itself is Ask's.
func (e *Engine) Lost(ctx context.Context, c QuestionCase) (stage, detail string, err error) {
	if c.Expect.Kind == "none" {
		return LostNone, "", nil
	}
	opt, err := caseOptions(c.Edition, c.AsOf)
	if err != nil {
		return "", "", err
	}
	a, err := e.Ask(ctx, c.Q, opt)
	if err != nil {
		return "", "", err
	}
	if CheckAnswer(c, a).Rank != 0 {
		return LostNone, "", nil
	}
	if err := e.init(ctx); err != nil {
		return "", "", err
	}
	matches := expectedMatch(c)
	text := prose(c.Q)
	q := e.analyze(text)
	if opt.Edition == 0 {
		if ed := editionNamed(c.Q); ed != 0 {
			opt.Edition = ed
		}
	}
	an, err := e.newAnswer(ctx, c.Q, q.v, opt)
	if err != nil {
		return "", "", err
	}
	f := e.filterFor(an)
	if an.EditionDefaulted {
		f.Edition = 0
	}
	gf := f
	gf.Unscoped = f.Edition != 0
	if err := e.twinsInEdition(ctx, &q, gf); err != nil {
		return "", "", err
	}
	within, err := e.expectedHeld(ctx, c, gf, matches)
	if err != nil {
		return "", "", err
	}
	if len(within) == 0 {
		any, err := e.expectedHeld(ctx, c, wikirules.Filter{History: true}, matches)
		if err != nil {
			return "", "", err
		}
		if len(any) == 0 {
			return LostMissing, "no text of " + strings.Join(c.Expect.PageAny, ", ") + " holds the phrase", nil
		}
		return LostFiltered, fmt.Sprintf("only outside the filter (edition %s)", strings.ToUpper(an.Edition)), nil
	}
	cands, err := e.gather(ctx, q, gf)
	if err != nil {
		return "", "", err
	}
	if an.EditionDefaulted {
		cands = pagesNewest(cands)
	}
	q.home = e.sectionHome(q, cands)
	e.markStateLists(q, cands)
	e.score(q, cands, f.Edition)
	sortByScore(cands)
	for i, cd := range cands {
		if !matches(cd) {
			continue
		}
		if !a.Found {
			return LostAbstained, fmt.Sprintf("candidate %d of %d: %s", i+1, len(cands), strings.Join(a.Notes, "; ")), nil
		}
		return LostOutranked, fmt.Sprintf("candidate %d of %d, relevance %.2f, the best's %.2f", i+1, len(cands), cd.score, cands[0].score), nil
	}
	rank, err := e.searchRank(ctx, q, gf, matches)
	if err != nil {
		return "", "", err
	}
	named := false
	for _, p := range within {
		named = named || hasFold(q.topics, p)
	}
	switch {
	case rank == 0 && !named:
		return LostSearch, fmt.Sprintf("not among the first %d hits; held on %v, pages named %v", lostSearch, within, q.topics), nil
	case rank > searchLimit && !named:
		return LostSearch, fmt.Sprintf("hit %d (%d are read); held on %v, pages named %v", rank, searchLimit, within, q.topics), nil
	}
	return LostGather, fmt.Sprintf("hit %d, held on %v, pages named %v", rank, within, q.topics), nil
}

// expectedMatch returns whether a candidate is the text case c expects,
// as CheckAnswer matches a source: of the kind, on one of the pages (an
// FAQ also on those it shows on or relates to), holding the phrase.
func expectedMatch(c QuestionCase) func(*candidate) bool {
	want := foldSpace(c.Expect.Contains)
	return func(cd *candidate) bool {
		if !kindMatches(c.Expect.Kind, string(cd.kind())) {
			return false
		}
		onPage := len(c.Expect.PageAny) == 0
		for _, p := range c.Expect.PageAny {
			if lang.Fold(p) == lang.Fold(cd.page) || cd.faq != nil && (hasFold(cd.faq.Related, p) || hasFold(cd.faq.Pages, p)) {
				onPage = true
			}
		}
		t := ""
		if cd.rec != nil {
			t = cd.rec.Text + "\n" + cd.rec.Plain
		} else {
			t = faqText(cd.faq)
		}
		return onPage && strings.Contains(foldSpace(t), want)
	}
}

// expectedHeld returns the pages whose records or FAQs, under f, match
// what case c expects (an FAQ counts on the expected page it is cited on).
func (e *Engine) expectedHeld(ctx context.Context, c QuestionCase, f wikirules.Filter, matches func(*candidate) bool) ([]string, error) {
	var pages []string
	add := func(cd *candidate) {
		if matches(cd) && !hasFold(pages, cd.page) {
			pages = append(pages, cd.page)
		}
	}
	f.Pages = c.Expect.PageAny
	recs, err := e.store.Records(ctx, f)
	if err != nil {
		return nil, err
	}
	for i := range recs {
		add(&candidate{rec: &recs[i], page: recs[i].Page})
	}
	faqs, err := e.store.FAQs(ctx, "", f)
	if err != nil {
		return nil, err
	}
	for i := range faqs {
		add(&candidate{faq: &faqs[i], page: faqPage(&faqs[i], c.Expect.PageAny)})
	}
	return pages, nil
}

// searchRank is the rank (1-based; 0: none) of the first hit matching
// among the first lostSearch hits of the words gather searches for q.
func (e *Engine) searchRank(ctx context.Context, q query, f wikirules.Filter, matches func(*candidate) bool) (int, error) {
	sf := f
	sf.Limit, sf.NoSnippets = lostSearch, true
	_, words := e.searchQuery(q, f)
	hits, err := e.searcher(f).SearchText(ctx, words, sf)
	if err != nil {
		return 0, err
	}
	for i, h := range hits {
		cd := &candidate{faq: h.FAQ, page: h.Citation.Page}
		if h.Record != nil {
			cd = &candidate{rec: h.Record, page: h.Record.Page}
		}
		if matches(cd) {
			return i + 1, nil
		}
	}
	return 0, nil
}
