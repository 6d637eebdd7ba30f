package index

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Query is a ranked search. Text is free text in Spanish, English or both,
// with the glossary's abbreviations and typos allowed. Edition keeps only
// documents that hold in it (no edition of their own, or that edition);
// zero keeps all. Unscoped, with Edition, also keeps the documents whose
// edition is unknown (scoped to none, nor is their page). Kinds, Pages and
// Categories keep documents of those record kinds ("faq" and "errata"
// select FAQ entries), pages (an FAQ stands on every page it shows on or
// relates to) and page categories. Limit caps the
// hits returned (0 = 10, at most 1000); Total counts every match. Facets
// asks for the facet counts (they cost a pass over every match, so the
// hot path of the engine and the web search leaves them off). History
// includes superseded records, ranked below current text. NoSnippets
// leaves Hit.Snippet and the highlights empty (the hits and their scores
// are the same): the hits' stored documents are then loaded by id alone,
// without matching the text again for its locations.
type Query struct {
	Text       string            `json:"text"`
	Edition    wikirules.Edition `json:"edition,omitempty"`
	Unscoped   bool              `json:"unscoped,omitempty"`
	Kinds      []wikirules.Kind  `json:"kinds,omitempty"`
	Pages      []string          `json:"pages,omitempty"`
	Categories []string          `json:"categories,omitempty"`
	Limit      int               `json:"limit,omitempty"`
	History    bool              `json:"history,omitempty"`
	Facets     bool              `json:"facets,omitempty"`
	NoSnippets bool              `json:"no_snippets,omitempty"`
}

// Result is the answer to a Query. Hits are best first; Highlights[i] holds
// the byte ranges of Hits[i].Snippet that matched the query (the text
// between the « » markers, markers excluded). Facets (when asked) are keyed "edition"
// (edition set of each match: "n4", "c1,n4", "unknown" = edition unknown), "kind",
// "page" (each match counted once, under its page or an FAQ's first page)
// and "category" (multi-valued: a match counts under each category).
// For edition, kind and page the facet counts add up to Total.
type Result struct {
	Total      uint64             `json:"total"`
	Hits       []wikirules.Hit    `json:"hits"`
	Highlights [][]wikirules.Span `json:"highlights"`
	Facets     map[string]Facet   `json:"facets"`
	Took       time.Duration      `json:"took"`
	Expanded   []string           `json:"expanded,omitempty"` // query units and their synonyms, for display
}

// Facet is wikirules.Facet: the matches of a search counted by one
// field's value.
type Facet = wikirules.Facet

// FacetCount is wikirules.FacetCount: one facet value and its count.
type FacetCount = wikirules.FacetCount

// Ranking weights. Field boosts favour the page title and the skill name;
// synonyms weigh a little less than the words typed; fuzzy matches much less.
const (
	boostTitle    = 1.5
	boostBody     = 1.0
	factorName    = 1.6 // a skill header whose name is a query unit
	boostSynonym  = 0.6
	boostTypo     = 0.9  // a correction of a word no document contains
	boostAllUnits = 1.0  // a document matching every unit of the query
	factorErrata  = 1.15 // errata beat FAQs beat rule text (docs/DESIGN.md, "Precedence when sources disagree")
	factorFAQ     = 1.05
	factorFAQQ    = 1.6 // FAQ when the query reads like a question
	factorErrataQ = 1.8 // errata when the query reads like a question
	factorExample = 0.5 // examples lose to rule text (docs/DESIGN.md, "Precedence when sources disagree")
	factorOld     = 0.5 // superseded text (History searches)
	factorEdition = 1.1 // explicitly scoped to the chosen edition
	rerankWindow  = 60  // hits re-ranked beyond the limit
)

// facet fields and sizes.
var facetFields = []struct {
	name, field string
	size        int
}{
	{"edition", fieldEditionSet, 20},
	{"kind", fieldKind, 30},
	{"page", fieldPageFacet, 50},
	{"category", fieldCategory, 30},
}

// Search runs q. Any text is accepted: words are analysed, never parsed as
// query syntax; text with no searchable word gives an empty result. Errors
// come from bleve (a closed index, a cancelled ctx).
func (x *Index) Search(ctx context.Context, q Query) (*Result, error) {
	if x == nil || x.bi == nil {
		return nil, errClosed
	}
	start := time.Now()
	limit := q.Limit
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 1000)
	units := x.glossary.Segment(q.Text)
	lex := x.lexicon()
	defer lex.close()
	unitQs, expanded := x.textQuery(units, lex)
	res := &Result{Facets: map[string]Facet{}, Expanded: expanded, Hits: []wikirules.Hit{}, Highlights: [][]wikirules.Span{}}
	if len(unitQs) == 0 {
		res.Took = time.Since(start)
		return res, nil
	}
	run := func(text query.Query) (*bleve.SearchResult, error) {
		req := bleve.NewSearchRequestOptions(x.scoped(text, q), max(limit, rerankWindow), 0, false)
		req.Fields = []string{fieldRank}
		for _, f := range facetFields {
			if !q.Facets {
				break
			}
			if f.name == "category" && len(q.Categories) == 0 {
				continue // multi-valued and costly: only when filtering by category
			}
			req.AddFacet(f.name, bleve.NewFacetRequest(f.field, f.size))
		}
		sr, err := x.bi.SearchInContext(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("index: search %q: %w", q.Text, err)
		}
		return sr, nil
	}
	// Conjunction first: when at least conjunctionEnough documents match
	// every unit, they are the answer (a fixed number, not the limit, so
	// that the total and the facets do not depend on how many hits are
	// asked for) (in the disjunction they would rank first anyway,
	// by the share of units matched); otherwise the disjunction, which
	// scores every document matching enough units, is run.
	text := unitQs[0]
	if len(unitQs) > 1 {
		text = query.NewConjunctionQuery(unitQs)
	}
	sr, err := run(text)
	if err != nil {
		return nil, err
	}
	if len(unitQs) > 1 && sr.Total < conjunctionEnough {
		// The disjunction, with a bonus for the few documents matching every
		// unit. It stands for the query any-units OR all-units (boost
		// boostAllUnits) without scoring the conjunction twice: there a
		// document matching every unit scores (S + S) × 1 (its any-units
		// score equals its all-units score S, same clauses, same query norm)
		// and any other its any-units score × ½ (coordination, one clause of
		// two), so the all-units documents' scores are multiplied by
		// 2(1+boostAllUnits) and the ones the disjunction's window missed are
		// added from the conjunction's hits.
		all := sr.Hits
		text = anyUnits(unitQs)
		if sr, err = run(text); err != nil {
			return nil, err
		}
		inAll := make(map[string]bool, len(all))
		for _, dm := range all {
			inAll[dm.ID] = true
		}
		for _, dm := range sr.Hits {
			if inAll[dm.ID] {
				dm.Score *= 2 * (1 + boostAllUnits)
				delete(inAll, dm.ID)
			}
		}
		for _, dm := range all {
			if inAll[dm.ID] {
				dm.Score *= 2 * (1 + boostAllUnits)
				sr.Hits = append(sr.Hits, dm)
			}
		}
	}
	res.Total = sr.Total
	for name, fr := range sr.Facets {
		f := Facet{Other: fr.Other, Missing: fr.Missing}
		for _, t := range fr.Terms.Terms() {
			f.Counts = append(f.Counts, FacetCount{Value: t.Term, Count: t.Count})
		}
		res.Facets[name] = f
	}
	question := isQuestion(q.Text)
	ranks, err := x.ranks(ctx, sr.Hits)
	if err != nil {
		return nil, fmt.Errorf("index: re-rank %q: %w", q.Text, err)
	}
	cands := make([]scored, 0, len(sr.Hits))
	for _, dm := range sr.Hits {
		cands = append(cands, rerank(dm, ranks[dm.ID], q, units, question))
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].dm.ID < cands[j].dm.ID
	})
	if len(cands) > limit {
		cands = cands[:limit]
	}
	matched := text
	if q.NoSnippets {
		matched = nil
	}
	kept, err := x.stored(ctx, matched, cands2ids(len(cands), func(i int) string { return cands[i].dm.ID }))
	if err != nil {
		return nil, fmt.Errorf("index: load hits of %q: %w", q.Text, err)
	}
	for _, c := range cands {
		dm := kept[c.dm.ID]
		if dm == nil {
			continue // deleted since the search (a concurrent Update)
		}
		if err := c.decode(dm, q); err != nil {
			return nil, err
		}
		c.hit.Score = c.score
		var spans []wikirules.Span
		if !q.NoSnippets {
			c.hit.Snippet, spans = snippet(c.body, bodyRanges(dm.Locations))
		}
		res.Hits = append(res.Hits, c.hit)
		res.Highlights = append(res.Highlights, spans)
	}
	res.Took = time.Since(start)
	return res, nil
}

// scoped wraps a text query with the filters of q and, unless q.History,
// the exclusion of superseded records.
func (x *Index) scoped(text query.Query, q Query) query.Query {
	bq := query.NewBooleanQuery([]query.Query{text}, nil, nil)
	if f := filters(q); len(f) > 0 {
		bq.AddMust(f...)
	}
	if !q.History {
		bq.AddMustNot(termQuery(fieldSuperseded, "true"))
	}
	// A record held for an edition answers a search of that edition only.
	if q.Edition == 0 {
		bq.AddMustNot(termQuery(fieldHeld, heldAny))
	} else {
		other := query.NewBooleanQuery([]query.Query{termQuery(fieldHeld, heldAny)}, nil,
			[]query.Query{termQuery(fieldHeld, wikirules.Editions(q.Edition).String())})
		bq.AddMustNot(other)
	}
	return bq
}

func cands2ids(n int, id func(int) string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = id(i)
	}
	return out
}

// stored returns the documents ids as matched by text, by id, with their
// term locations (for highlights) and stored JSON and type: a second
// search restricted to those documents, so that the main one (over every
// match) gathers no locations and loads no stored document. A nil text
// loads the documents without locations.
func (x *Index) stored(ctx context.Context, text query.Query, ids []string) (map[string]*search.DocumentMatch, error) {
	out := make(map[string]*search.DocumentMatch, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var q query.Query = query.NewDocIDQuery(ids)
	if text != nil {
		q = query.NewConjunctionQuery([]query.Query{q, text})
	}
	req := bleve.NewSearchRequestOptions(q, len(ids), 0, false)
	req.IncludeLocations = text != nil
	req.Fields = []string{fieldJSON, fieldType}
	sr, err := x.bi.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	for _, dm := range sr.Hits {
		out[dm.ID] = dm
	}
	return out, nil
}

// filters returns the filter clauses of q; they carry no score.
func filters(q Query) []query.Query {
	var out []query.Query
	any := func(field string, values []string) {
		if len(values) == 0 {
			return
		}
		var qs []query.Query
		for _, v := range values {
			t := termQuery(field, v)
			t.SetBoost(0)
			qs = append(qs, t)
		}
		if len(qs) == 1 {
			// One value is its term's query: the same matches and
			// scores (none) without a disjunction searcher stepping
			// through its one clause's postings for every document the
			// text matches.
			out = append(out, qs[0])
			return
		}
		d := query.NewDisjunctionQuery(qs)
		d.SetBoost(0)
		out = append(out, d)
	}
	if q.Edition != 0 {
		eds := []string{wikirules.Editions(q.Edition).String()}
		if q.Unscoped {
			eds = append(eds, edUnknown)
		}
		any(fieldEditions, eds)
	}
	kinds := make([]string, len(q.Kinds))
	for i, k := range q.Kinds {
		kinds[i] = string(k)
	}
	any(fieldKind, kinds)
	any(fieldPage, q.Pages)
	any(fieldCategory, q.Categories)
	return out
}

// textQuery builds the scoring query of free text: the text is split into
// units (words, or glossary terms found in it); each unit becomes a
// disjunction over the text fields of every language, of the unit as typed,
// its synonyms (multi-word ones as phrases) and, for a single word of five
// letters or more that no document contains, the closest words of the
// documents (edit distance 1; 2 from eight letters). A glossary term of
// one word that no document contains adds no clause, and a unit left with
// no clause adds no query. It returns one query
// per unit (none when the text has no word); Search combines them.
func (x *Index) textQuery(units []lang.Unit, lex *lexicon) ([]query.Query, []string) {
	if len(units) == 0 {
		return nil, nil
	}
	var unitQs []query.Query
	var expanded []string
	for _, u := range units {
		if len(u.Synonyms) == 0 && x.stopword(u.Text) {
			continue // "de", "se", "the": no clause can match it
		}
		var qs []query.Query
		// seen holds the clauses added: a synonym analysed like the text
		// typed or an earlier synonym ("dodges", "dodged" and "Dodge" are
		// all "dodg" to the English stemmer) would count the same match
		// again.
		seen := map[string]bool{}
		add := func(term string, boost float64) {
			multi := len(lang.Split(term)) > 1
			if !multi && len(u.Synonyms) > 0 && !lex.known(term) && !x.held(lex, term) {
				// A glossary term of one word that no document holds (an
				// abbreviation only the question uses) matches nothing; its
				// clauses would only lower the unit's coordination factor.
				return
			}
			if key, ok := x.phraseKey(term); multi && ok {
				if seen["phrase\x00"+key] {
					return
				}
				seen["phrase\x00"+key] = true
				// One token of the phrase fields (phrase.go).
				for _, f := range []struct {
					field string
					boost float64
				}{{titlePhrase, boostTitle}, {textPhrase, boostBody}} {
					tq := termQuery(f.field, key)
					tq.SetBoost(boost * f.boost)
					qs = append(qs, tq)
				}
				return
			}
			for l, analyzer := range languages {
				k := l + "\x00" + x.analyzed(analyzer, term)
				if seen[k] {
					continue
				}
				seen[k] = true
				for _, f := range []struct {
					stem  string
					boost float64
				}{{textTitle, boostTitle}, {textBody, boostBody}} {
					field := f.stem + "_" + l
					if multi {
						mq := query.NewMatchPhraseQuery(term)
						mq.SetField(field)
						mq.SetBoost(boost * f.boost)
						qs = append(qs, mq)
						continue
					}
					qs = append(qs, x.wordQuery(term, field, boost*f.boost))
				}
			}
		}
		add(u.Text, 1)
		for _, s := range u.Synonyms {
			add(s, boostSynonym)
		}
		var fixes []string
		if n := utf8.RuneCountInString(u.Text); len(u.Synonyms) == 0 && !strings.Contains(u.Text, " ") && n >= 5 {
			fuzz := 1
			if n >= 8 {
				fuzz = 2
			}
			if !lex.known(u.Text) {
				// No document has the word: try the known words closest
				// to it, as the words typed.
				fixes = lex.suggest(u.Text, fuzz)
				for _, f := range fixes {
					add(f, boostTypo)
				}
			}
		}
		e := u.Text
		if len(u.Synonyms) > 0 {
			e += " = " + strings.Join(u.Synonyms, " | ")
		}
		if len(fixes) > 0 {
			e += " ~ " + strings.Join(fixes, " | ")
		}
		expanded = append(expanded, e)
		if len(qs) == 0 {
			continue // no term of the unit is held: it shows, but adds no query
		}
		unitQs = append(unitQs, query.NewDisjunctionQuery(qs))
	}
	return unitQs, expanded
}

// wordQuery is the query of a word in field: bleve's match query, which
// analyses the word with the field's analyzer and takes the disjunction
// of the terms it makes. A word that makes one term is that term's query:
// the same matches and scores (a disjunction of one clause scores its
// clause's score, and bleve ignores a disjunction's boost) without a
// disjunction searcher stepping through its one clause's postings.
func (x *Index) wordQuery(word, field string, boost float64) query.Query {
	m := x.bi.Mapping()
	if a := m.AnalyzerNamed(m.AnalyzerNameForPath(field)); a != nil && !matchWords {
		if ts := a.Analyze([]byte(word)); len(ts) == 1 {
			tq := query.NewTermQuery(string(ts[0].Term))
			tq.SetField(field)
			tq.SetBoost(boost)
			return tq
		}
	}
	mq := query.NewMatchQuery(word)
	mq.SetField(field)
	mq.SetBoost(boost)
	return mq
}

// matchWords makes wordQuery give bleve's match query for every word (the
// tests compare the two).
var matchWords = false

// anyUnits is the fallback query of several units: a disjunction (bleve
// multiplies the sum of the matched units' scores by the share of units
// matched), and for three units or more a document must match half of them
// (rounded up), which keeps common words from matching most of the wiki.
func anyUnits(unitQs []query.Query) query.Query {
	any := query.NewDisjunctionQuery(unitQs)
	if len(unitQs) >= 3 {
		any.SetMin(float64((len(unitQs) + 1) / 2))
	}
	return any
}

// analyzed returns the terms analyzer makes of text, joined by spaces.
func (x *Index) analyzed(analyzer, text string) string {
	a := x.bi.Mapping().AnalyzerNamed(analyzer)
	if a == nil {
		return text
	}
	var b strings.Builder
	for _, t := range a.Analyze([]byte(text)) {
		b.Write(t.Term)
		b.WriteByte(' ')
	}
	return b.String()
}

// held reports whether some document's text or title holds word as
// analysed for some language (the terms its clauses look for: "dodging"
// is held where "Dodge" is written, the English stems being alike).
// Without a reader every word counts as held.
func (x *Index) held(lex *lexicon, word string) bool {
	if lex.r == nil {
		return true
	}
	m := x.bi.Mapping()
	for l, an := range languages {
		a := m.AnalyzerNamed(an)
		if a == nil {
			return true
		}
		for _, t := range a.Analyze([]byte(word)) {
			for _, f := range []string{textTitle, textBody} {
				n, err := termDocs(lex.r, f+"_"+l, string(t.Term))
				if err != nil || n > 0 {
					return true
				}
			}
		}
	}
	return false
}

// stopword reports whether some language's analyzer drops every word of
// text ("de", "se", "the", "can"): such a unit carries no meaning in a
// mixed-language query, and counting it would make long queries demand
// more matching units than they have.
func (x *Index) stopword(text string) bool {
	for _, an := range languages {
		if a := x.bi.Mapping().AnalyzerNamed(an); a != nil && len(a.Analyze([]byte(text))) == 0 {
			return true
		}
	}
	return false
}

// nameMatches reports whether a skill name is one of the query units or
// their synonyms (the same lang.Key).
func nameMatches(name string, units []lang.Unit) bool {
	k := lang.Key(name)
	if k == "" {
		return false
	}
	for _, u := range units {
		if lang.Key(u.Text) == k {
			return true
		}
		for _, s := range u.Synonyms {
			if lang.Key(s) == k {
				return true
			}
		}
	}
	return false
}

// questionWords open a question in Spanish or English (folded, lower case).
var questionWords = map[string]bool{
	"que": true, "como": true, "cuando": true, "cual": true, "cuales": true, "donde": true,
	"quien": true, "puedo": true, "puede": true, "pueden": true, "se": true, "es": true,
	"hay": true, "debo": true, "debe": true, "aplica": true, "afecta": true, "cuanto": true,
	"can": true, "does": true, "do": true, "is": true, "are": true, "how": true, "what": true,
	"when": true, "which": true, "who": true, "why": true, "may": true, "should": true,
	"must": true, "if": true, "si": true,
}

// isQuestion reports whether text reads like a question: it has "¿" or "?",
// or its first word is a question word (qué, cómo, puedo, can, does…).
func isQuestion(text string) bool {
	if strings.ContainsAny(text, "¿?") {
		return true
	}
	w := lang.Words(text)
	return len(w) > 0 && questionWords[w[0]]
}

// bodyRanges returns the byte ranges of the body field that matched, from
// a hit's term locations, sorted.
func bodyRanges(locs search.FieldTermLocationMap) []wikirules.Span {
	var out []wikirules.Span
	for field, terms := range locs {
		if !strings.HasPrefix(field, textBody+"_") {
			continue
		}
		for _, locs := range terms {
			for _, l := range locs {
				if len(l.ArrayPositions) > 0 && l.ArrayPositions[0] != 0 {
					continue // name or section, not the body
				}
				out = append(out, wikirules.Span{Start: int(l.Start), End: int(l.End)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End < out[j].End
	})
	return out
}

// conjunctionEnough is how many documents matching every unit of a query
// make the answer without the any-units disjunction.
const conjunctionEnough = 20
