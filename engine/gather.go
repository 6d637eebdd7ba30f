package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// gather collects candidates: the Searcher's hits for the question and its
// glossary expansion, the records of the pages the question names and the
// FAQs shown on or related to them. Every record candidate on a page whose
// records are read (the pages named, and those of the best hits) gets its
// context: the lead-in it continues, the bullets it introduces.
//
// When the question's words find nothing, it searches again with its
// glossary terms alone; the candidates those hits give are partial: they
// hold less of the question than the Searcher asks of a hit.
func (e *Engine) gather(ctx context.Context, q query, f wikirules.Filter) ([]*candidate, error) {
	partial := false
	seen := map[string]*candidate{}
	var out []*candidate
	addRec := func(r *wikirules.Record) {
		if isFAQKind(r.Kind) || r.Kind == wikirules.KindTemplate || seen[r.ID] != nil {
			return
		}
		c := &candidate{rec: r, page: r.Page, keys: keySet(recordText(r))}
		seen[r.ID] = c
		out = append(out, c)
	}
	addFAQ := func(fq *wikirules.FAQ, page string) {
		// An entry a later FAQ version withdrew ("Removed in 1.3") is not
		// in force: it neither decides nor supports, unless superseded
		// text is asked for.
		if seen[fq.ID] != nil || (fq.Removed != "" && !f.History) {
			return
		}
		c := &candidate{faq: fq, page: page, keys: keySet(faqText(fq)), qkeys: attributeKeys(keySet(fq.Question))}
		seen[fq.ID] = c
		out = append(out, c)
	}
	sf := f
	sf.Limit = searchLimit
	sf.NoSnippets = true // candidates are read from their records and FAQs
	text, words := e.searchQuery(q, f)
	hits, err := e.searcher(f).SearchText(ctx, words, sf)
	if err != nil {
		return nil, fmt.Errorf("engine: search %q: %w", q.text, err)
	}
	if len(hits) == 0 && e.expands(f) {
		// Words of one language do not match the texts of another (a
		// Spanish question on an edition only the English wiki holds):
		// the question's names (its glossary terms, which the index
		// expands into both, or the words it writes with a capital) are
		// asked alone; two at least, one name alone matches too much of
		// the wiki to say what the question is about, and a hit holds
		// two of them.
		if names := e.namesOnly(text); len(names) >= 2 && strings.Join(names, " ") != words {
			more, err := e.searcher(f).SearchText(ctx, strings.Join(names, " "), sf)
			if err != nil {
				return nil, fmt.Errorf("engine: search %q: %w", names, err)
			}
			alts := e.nameAlts(names)
			for _, h := range more {
				if holdsNames(h, alts, 2) {
					hits = append(hits, h)
				}
			}
			partial = len(hits) > 0
		}
	}
	// A hit's search score is taken over the best hit's; with f.Unscoped,
	// that of a text of the edition asked for over the best of that
	// edition's: a text scoped to none that the index ranks first does not
	// make the edition's own text less relevant.
	top, topScoped := 0.0, 0.0
	for _, h := range hits {
		top = max(top, h.Score)
		if !f.Unscoped || hitEditions(h) != 0 {
			topScoped = max(topScoped, h.Score)
		}
	}
	// A record an older revision holds for the edition asked gives way
	// to the current text of its page's twin (heldOverTwin).
	twinHolds := map[string]bool{}
	yields := func(r *wikirules.Record) (bool, error) {
		if r.HeldFor == 0 {
			return false, nil
		}
		return e.heldOverTwin(ctx, r.Page, f, twinHolds)
	}
	for _, h := range hits {
		var c *candidate
		switch {
		case h.FAQ != nil:
			addFAQ(h.FAQ, h.Citation.Page)
			c = seen[h.FAQ.ID]
		case h.Record != nil:
			if y, err := yields(h.Record); err != nil {
				return nil, err
			} else if y {
				continue
			}
			addRec(h.Record)
			c = seen[h.Record.ID]
		}
		best := topScoped
		if f.Unscoped && hitEditions(h) == 0 {
			best = top
		}
		if c != nil && best > 0 && c.searched == 0 {
			c.searched = h.Score / best
		}
		if c != nil && partial {
			c.partial = true
		}
	}
	// The pages whose records are read: those the question names, then
	// those of the best hits (for the lead-ins of their bullets).
	pages := append([]string(nil), q.topics...)
	for _, h := range hits {
		if len(pages) >= len(q.topics)+contextPages {
			break
		}
		if h.Record != nil && !hasFold(pages, h.Record.Page) {
			pages = append(pages, h.Record.Page)
		}
	}
	// The pages of the very best hits are read whole: the bullet that
	// answers may share fewer words than its neighbours the index ranks.
	hitPage := map[string]bool{}
	for _, p := range pages[len(q.topics):min(len(pages), len(q.topics)+hitPages)] {
		hitPage[lang.Fold(p)] = true
	}
	if len(pages) > 0 {
		tf := f
		tf.Pages = pages
		recs, err := e.store.Records(ctx, tf)
		if err != nil {
			return nil, fmt.Errorf("engine: records of %v: %w", pages, err)
		}
		topic := map[string]bool{}
		for _, t := range q.topics {
			topic[lang.Fold(t)] = true
		}
		byPage := map[string][]*wikirules.Record{}
		for i := range recs {
			r := &recs[i]
			if y, err := yields(r); err != nil {
				return nil, err
			} else if y {
				continue
			}
			byPage[r.Page] = append(byPage[r.Page], r)
			if topic[lang.Fold(r.Page)] || hitPage[lang.Fold(r.Page)] {
				addRec(r)
			}
		}
		for _, rs := range byPage {
			for id, cx := range contexts(rs) {
				if c := seen[id]; c != nil && c.rec != nil {
					c.leadIn, c.children = cx.leadIn, cx.children
				}
			}
			for id, o := range openers(rs) {
				if c := seen[id]; c != nil && c.rec != nil {
					c.opener = o
				}
			}
			for id, b := range boxes(rs) {
				if c := seen[id]; c != nil && c.rec != nil {
					c.box = b
				}
			}
		}
	}
	if len(q.topics) > 0 {
		tf := f
		tf.Pages = q.topics
		faqs, err := e.store.FAQs(ctx, "", tf)
		if err != nil {
			return nil, fmt.Errorf("engine: FAQs of %v: %w", q.topics, err)
		}
		for i := range faqs {
			addFAQ(&faqs[i], faqPage(&faqs[i], q.topics))
		}
	}
	out, err = e.withdrawnTwins(ctx, out, f)
	if err != nil {
		return nil, err
	}
	for _, c := range out {
		e.describe(c)
	}
	return out, nil
}

// searchQuery returns the question's text as gather searches it and the
// words it asks the Searcher for. An edition the question names ("En N5,
// …") is the filter's, not a word a text holds: the index would count it
// as a unit to match.
func (e *Engine) searchQuery(q query, f wikirules.Filter) (text, words string) {
	text = reEditionNamed.ReplaceAllString(q.text, " ")
	if !e.expands(f) && len(q.expanded) > 0 {
		// The index expands a query through the glossary itself; the
		// store's FTS5 search is given the synonyms.
		text += " " + strings.Join(q.expanded, " ")
	}
	if e.expands(f) {
		return text, e.indexWords(text)
	}
	return text, searchWords(text)
}

// describe fills the context keys of a candidate: its lead-in and section
// path, its page title (an FAQ: the pages it shows on and relates to) and
// the language of its page.
func (e *Engine) describe(c *candidate) {
	c.ctx = map[string]bool{}
	c.pageKeys = map[string]bool{}
	c.lang = e.pageLanguage(c.page)
	if c.rec != nil {
		// The section path names the subject under the page's (a Trait
		// of Propiedades, a use of Tokens de Mando): it counts as the
		// page title does.
		for _, s := range c.rec.Section {
			for k := range keySet(s) {
				c.pageKeys[k] = true
			}
		}
		if c.leadIn != nil {
			for k := range keySet(c.leadIn.Plain) {
				c.ctx[k] = true
			}
		}
		if c.opener != nil {
			for k := range keySet(c.opener.Plain) {
				c.ctx[k] = true
			}
		}
		for k := range keySet(c.rec.Page) {
			c.pageKeys[k] = true
		}
		return
	}
	for _, p := range append(append([]string(nil), c.faq.Pages...), c.faq.Related...) {
		for k := range keySet(p) {
			c.pageKeys[k] = true
		}
	}
}

// knownWords returns searchWords(text) without the words whose stem no
// document holds.
func (e *Engine) knownWords(text string) string {
	var out []string
	for _, w := range strings.Fields(searchWords(text)) {
		if e.idf(stem(w)) > 0 {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// namesOnly returns the names of text in order: its glossary terms, each
// written whole; when it holds fewer than two, also the words it writes
// with a capital inside a sentence (capitalized) that some document
// holds. A capital makes a name of a word the glossary lacks ("Fireteam
// Core"); a word no document holds names nothing the search could find.
func (e *Engine) namesOnly(text string) []string {
	capital := capitalized(text)
	seen := map[string]bool{}
	var terms, all []string
	for _, m := range e.gloss.Segment(text) {
		ws := lang.Words(m.Text)
		t := strings.Join(ws, " ")
		switch {
		case t == "" || seen[t]:
			continue
		case len(m.Synonyms) > 0:
			terms = append(terms, t)
		case len(ws) != 1 || stopwords[t] || !capital[stem(t)] || e.idf(stem(t)) == 0:
			continue
		}
		seen[t] = true
		all = append(all, t)
	}
	if len(terms) >= 2 {
		return terms
	}
	return all
}

// nameAlts returns, for each name, the keys of its alternatives: the
// name and its glossary synonyms.
func (e *Engine) nameAlts(names []string) [][][]string {
	out := make([][][]string, 0, len(names))
	for _, n := range names {
		alts := [][]string{keys(n)}
		for _, m := range e.gloss.Segment(n) {
			for _, syn := range m.Synonyms {
				if k := keys(syn); len(k) > 0 {
					alts = append(alts, k)
				}
			}
		}
		out = append(out, alts)
	}
	return out
}

// holdsNames reports whether the text of a hit (with its page title and
// section path, for an FAQ the pages it stands on) holds at least n of
// the names whose alternatives are alts. A search of a few names matches
// any text holding one: one alone does not say the text is about what
// the question names.
func holdsNames(h wikirules.Hit, alts [][][]string, n int) bool {
	var text string
	switch {
	case h.FAQ != nil:
		text = faqText(h.FAQ) + "\n" + strings.Join(h.FAQ.Pages, "\n") + "\n" + strings.Join(h.FAQ.Related, "\n")
	case h.Record != nil:
		text = recordText(h.Record) + "\n" + h.Record.Page + "\n" + strings.Join(h.Record.Section, "\n")
	}
	ks := keySet(text)
	got := 0
	for _, as := range alts {
		for _, a := range as {
			all := len(a) > 0
			for _, k := range a {
				all = all && ks[k]
			}
			if all {
				got++
				break
			}
		}
	}
	return got >= n
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

// indexWords returns the words of text the index is asked for: those of
// searchWords, each glossary term of several words also written whole,
// function words included ("zona de hackeo zona hackeo"). The index
// expands the terms it finds in the text through the glossary ("Hacking
// Area"); without its "de" a term is plain words it expands to nothing,
// and a question in one language misses the page in the other. The plain
// words stay: a text may hold them apart ("la Zona" of a hacker).
func (e *Engine) indexWords(text string) string {
	seen := map[string]bool{}
	var out []string
	for _, m := range e.gloss.Segment(text) {
		ws := lang.Words(m.Text)
		if len(m.Synonyms) > 0 && len(ws) > 1 {
			if t := strings.Join(ws, " "); !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
		for _, w := range ws {
			if !stopwords[w] && !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
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

// hitEditions returns the editions of a hit's record or FAQ.
func hitEditions(h wikirules.Hit) wikirules.Editions {
	switch {
	case h.FAQ != nil:
		return h.FAQ.Editions
	case h.Record != nil:
		return h.Record.Editions
	}
	return 0
}

// holdsCurrent reports whether the current revision of page holds a
// record of f's edition (as f scopes it): a record an older revision
// holds for the edition (Record.HeldFor) does not count, and the store
// gives one only when the current revision holds none.
func (e *Engine) holdsCurrent(ctx context.Context, page string, f wikirules.Filter) (bool, error) {
	pf := f
	pf.Pages, pf.Limit = []string{page}, 1
	recs, err := e.store.Records(ctx, pf)
	if err != nil {
		return false, fmt.Errorf("engine: records of %s: %w", page, err)
	}
	return len(recs) > 0 && recs[0].HeldFor == 0, nil
}

// heldOverTwin reports whether the records an older revision of page
// holds for f's edition give way to the page's twin in the other
// language: the twin's current revision holds the edition, so the wiki's
// current text of the rule is there, and the older revision's copy of
// it does not compete.
func (e *Engine) heldOverTwin(ctx context.Context, page string, f wikirules.Filter, memo map[string]bool) (bool, error) {
	k := lang.Fold(page)
	if v, ok := memo[k]; ok {
		return v, nil
	}
	memo[k] = false
	for _, w := range e.titles.twinsOf(page) {
		if !e.knownPage(w) {
			continue
		}
		ok, err := e.holdsCurrent(ctx, w, f)
		if err != nil {
			return false, err
		}
		if ok {
			memo[k] = true
			break
		}
	}
	return memo[k], nil
}

// attributeKeys adds to the keys k of an FAQ's question the stems of every
// Attribute of every vocabulary when k holds a noun naming their class:
// "¿Qué Atributo se usa para la Tirada de Salvación…?" asks of ARM and
// BTS both, and holds a judge's "does he save with ARM or BTS?". It
// returns k.
func attributeKeys(k map[string]bool) map[string]bool {
	named := false
	for _, v := range sortedVocabs() {
		for _, n := range v.Question.AttributeNouns {
			named = named || k[stem(n)]
		}
	}
	if !named {
		return k
	}
	for _, v := range sortedVocabs() {
		for _, a := range v.Question.Attributes {
			k[stem(a)] = true
		}
	}
	return k
}
