package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// builder assembles an answer around its deciding candidate.
type builder struct {
	e     *Engine
	pages map[string]bool // rulePages of the deciding source
	q     query
	f     wikirules.Filter
	a     *Answer
	used  map[string]bool
	num   string   // the number of the verdict ("-3"), if any
	mod   modifier // the modifier the verdict gives (attr "" when unknown)
}

// build quotes d as deciding, then the supporting and overridden sources,
// and fills the verdict and data version.
func (b *builder) build(ctx context.Context, d *candidate, cands []*candidate) error {
	v := b.q.v
	deciding := b.source(d, RoleDeciding, b.decidingReason(d))
	deciding.Score = round(d.score)
	b.a.Found = true
	b.a.Verdict, b.num = b.e.verdict(b.q, d)
	b.mod = verdictModifier(d, b.num)
	b.used[d.id()] = true
	var support, overridden []Source

	// An FAQ or errata attaches to the rules of the pages it relates to:
	// the bullets whose seefaq note repeats it are the rules it extends;
	// examples carrying such a note are corrected by it.
	if d.faq != nil {
		// The pages it relates to, and the page it is cited on: an FAQ
		// repeated on every copy of a page is not about each of them.
		pages := append(append([]string{}, d.faq.Related...), d.page)
		rf := b.f
		rf.Pages = pages
		recs, err := b.e.store.Records(ctx, rf)
		if err != nil {
			return fmt.Errorf("engine: records related to %s: %w", d.faq.ID, err)
		}
		ak := keySet(d.faq.Answer)
		byPage := map[string][]*wikirules.Record{}
		for i := range recs {
			byPage[recs[i].Page] = append(byPage[recs[i].Page], &recs[i])
		}
		places := map[string]place{}
		for _, rs := range byPage {
			for id, p := range contexts(rs) {
				places[id] = p
			}
		}
		var ext []extended
		for i := range recs {
			r := &recs[i]
			if isFAQKind(r.Kind) || b.used[r.ID] {
				continue
			}
			best := 0.0
			for _, n := range r.Notes {
				best = max(best, noteMatch(n, d.faq, ak))
			}
			if best < noteThreshold {
				continue
			}
			b.used[r.ID] = true
			label := d.faq.Title + " " + d.faq.Version
			if r.Kind == wikirules.KindExample {
				overridden = append(overridden, recordSource(r, RoleOverridden,
					v.reason("example-corrected", label, strings.Join(r.Notes, " "))))
				continue
			}
			topic := 0
			for _, t := range b.q.topics {
				if lang.Fold(t) == lang.Fold(r.Page) {
					topic = 1
				}
			}
			// Its own words only: every bullet the FAQ extends stands on a
			// page it relates to.
			c := &candidate{rec: r, page: r.Page, keys: keySet(r.Plain), ctx: map[string]bool{}, pageKeys: map[string]bool{}}
			ext = append(ext, extended{r, topic, b.e.coverage(b.q, c, c.keys)})
		}
		sort.SliceStable(ext, func(i, j int) bool {
			if ext[i].topic != ext[j].topic {
				return ext[i].topic > ext[j].topic
			}
			return ext[i].sim > ext[j].sim
		})
		for _, x := range ext {
			c := &candidate{rec: x.r, page: x.r.Page}
			if p, ok := places[x.r.ID]; ok {
				c.leadIn, c.children = p.leadIn, p.children
			}
			support = append(support, b.source(c, RoleSupporting, v.reason("extends", d.faq.Title+" "+d.faq.Version)))
		}
	}

	// Other relevant candidates: lower-precedence text that contradicts the
	// deciding number is overridden, examples flagged by a note too; the
	// rest supports. An FAQ that shares the question's words without
	// asking its question supports at most.
	// The bar is the deciding source's relevance, or for an FAQ the best
	// rule text's (an FAQ asking the question scores above any rule).
	bar := d.score
	if d.faq != nil {
		for _, c := range cands {
			if c.rec != nil {
				bar = c.score
				break
			}
		}
	}
	for _, c := range cands {
		if b.used[c.id()] || c.score < supportRatio*bar {
			continue
		}
		if c.newerEd != 0 {
			b.used[c.id()] = true
			overridden = append(overridden, b.source(c, RoleOverridden,
				v.reason("older-edition", strings.ToUpper(c.editions().String()), strings.ToUpper(wikirules.Editions(c.newerEd).String()))))
			continue
		}
		if c.faq != nil && d.faq != nil && b.sameRule(d, c) && sameQuestion(c.faq, d.faq) && newerVersion(d.faq.Version, c.faq.Version) {
			b.used[c.id()] = true
			overridden = append(overridden, b.source(c, RoleOverridden, v.reason("newer-faq", d.faq.Version)))
			continue
		}
		if c.rank() < d.rank() && b.sameRule(d, c) && b.contradicts(d, c) {
			b.used[c.id()] = true
			overridden = append(overridden, b.source(c, RoleOverridden, b.overrideReason(d, c)))
			continue
		}
		if len(support) >= maxSupporting {
			continue
		}
		b.used[c.id()] = true
		why := ""
		if c.faq != nil && !c.faqFit {
			why = v.reason("faq-other-question")
		}
		s := b.source(c, RoleSupporting, why)
		if quoted(s, deciding, support) {
			// A lead-in quoted with its one bullet reads as that bullet
			// quoted under its lead-in: the same text twice.
			continue
		}
		s.Score = round(c.score)
		support = append(support, s)
	}

	// Rule text: the current update beats the original it replaced.
	if d.rec != nil {
		hf := b.f
		hf.Pages = []string{d.rec.Page}
		hf.History = true
		recs, err := b.e.store.Records(ctx, hf)
		if err != nil {
			return fmt.Errorf("engine: history of %s: %w", d.rec.Page, err)
		}
		for i := range recs {
			r := &recs[i]
			if r.Superseded && r.SupersededBy == d.rec.ID && !b.used[r.ID] {
				b.used[r.ID] = true
				overridden = append(overridden, recordSource(r, RoleOverridden, v.reason("superseded-by", d.rec.Version)))
			}
		}
	}
	b.a.Sources = append(append(append(b.a.Sources, deciding), support...), overridden...)
	b.a.Data = dataVersion(b.a.Sources)
	return nil
}

// quoted reports whether s's quote, on its page, is already given by the
// deciding source or one of support.
func quoted(s, deciding Source, support []Source) bool {
	if s.Quote == "" {
		return false
	}
	if s.Page == deciding.Page && s.Quote == deciding.Quote {
		return true
	}
	for _, o := range support {
		if s.Page == o.Page && s.Quote == o.Quote {
			return true
		}
	}
	return false
}

// noteThreshold is the noteMatch from which a seefaq note is taken to point
// to an FAQ or errata.
const noteThreshold = 0.4

// extended is a rule bullet an FAQ extends; topic is 1 when it stands on a
// page the question names (quoted first).
type extended struct {
	r     *wikirules.Record
	topic int
	sim   float64 // relevance of its own text to the question
}

// noteMatch says how surely a seefaq note points to FAQ f (answer keys
// ak): the Jaccard overlap of their words, or, when the note names the
// FAQ's type ("N4 Errata, sólo se aplica…"), the share of the note's
// other words the answer holds.
func noteMatch(note string, f *wikirules.FAQ, ak map[string]bool) float64 {
	nk := keySet(note)
	m := lang.Jaccard(nk, ak)
	if nk[stem(lang.Fold(f.Type))] {
		delete(nk, stem(lang.Fold(f.Type)))
		for _, w := range lang.Words(f.Title) {
			delete(nk, stem(w))
		}
		m = max(m, containment(nk, ak)*0.8)
	}
	return m
}

// containment is the share of a's keys that b holds.
func containment(a, b map[string]bool) float64 {
	if len(a) == 0 {
		return 0
	}
	n := 0
	for k := range a {
		if b[k] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// source quotes a candidate, a record with its lead-in and children.
func (b *builder) source(c *candidate, role Role, reason string) Source {
	if c.faq != nil {
		return faqSource(c.faq, c.page, role, reason, b.a.Labels)
	}
	s := recordSource(c.rec, role, reason)
	if c.leadIn != nil || len(c.children) > 0 {
		s.Quote = quote(c.rec, c.leadIn, c.children)
	}
	if c.leadIn != nil {
		s.LeadIn = recordQuote(c.leadIn)
	}
	return s
}

// decidingReason says why d decides: its kind and precedence, in the
// question's language.
func (b *builder) decidingReason(d *candidate) string {
	v := b.q.v
	var why string
	switch d.kind() {
	case wikirules.KindErrata:
		why = v.reason("deciding-errata")
	case wikirules.KindFAQ:
		why = v.reason("deciding-faq")
	case wikirules.KindExample:
		why = v.reason("deciding-example")
	case wikirules.KindImportant:
		why = v.reason("deciding-important")
	default:
		if d.rec != nil && d.rec.Version != "" {
			why = v.reason("deciding-update", d.rec.Version)
		} else {
			why = v.reason("deciding-rule")
		}
	}
	if len(b.q.topics) > 0 {
		why += v.reason("names-pages", strings.Join(conceptNames(b.e.gloss, b.q.topics, v.Language), ", "))
	}
	return why
}

// overrideReason says why d beats c.
func (b *builder) overrideReason(d, c *candidate) string {
	v := b.q.v
	switch {
	case c.kind() == wikirules.KindExample && d.kind() == wikirules.KindImportant && d.page == c.page:
		return v.reason("important-beats-example")
	case c.rec != nil && c.rec.Superseded:
		return v.reason("original-superseded")
	}
	return v.reason("precedence", d.kind(), c.kind())
}

// rulePages returns the folded pages the deciding source speaks of: the
// pages an FAQ or errata relates to or is shown on, a record's own page.
func rulePages(d *candidate) map[string]bool {
	m := map[string]bool{}
	if d.faq != nil {
		for _, p := range append(append([]string{}, d.faq.Related...), d.faq.Pages...) {
			m[lang.Fold(p)] = true
		}
		return m
	}
	m[lang.Fold(d.rec.Page)] = true
	return m
}

// sameRule reports whether c stands where d's rule is written: a record on
// one of rulePages(d), an FAQ shown on or related to one of them. Only such
// a source can be overridden by d; relevant text elsewhere speaks of
// another rule (Sexto Sentido's own exception to Dodge modifiers is not
// what the Dodge errata corrects).
func (b *builder) sameRule(d, c *candidate) bool {
	if b.pages == nil {
		b.pages = rulePages(d)
	}
	pages := b.pages
	if c.rec != nil {
		return pages[lang.Fold(c.rec.Page)]
	}
	for _, p := range append(append([]string{}, c.faq.Related...), c.faq.Pages...) {
		if pages[lang.Fold(p)] {
			return true
		}
	}
	return false
}

// contradicts reports whether a lower-precedence candidate c states
// something the deciding source d contradicts or supersedes: an original
// text superseded by an update, an example whose seefaq note points to d,
// or a different value of the modifier the verdict gives (same attribute,
// when both name one). Agreeing or unrelated text does not contradict.
func (b *builder) contradicts(d, c *candidate) bool {
	if c.rec == nil {
		return false
	}
	if c.rec.Superseded {
		return true
	}
	if c.rec.Kind == wikirules.KindExample && d.faq != nil {
		ak := keySet(d.faq.Answer)
		for _, n := range c.rec.Notes {
			if noteMatch(n, d.faq, ak) >= noteThreshold {
				return true
			}
		}
	}
	if b.num == "" {
		return false
	}
	want := b.mod
	for _, m := range modifiers(recordText(c.rec)) {
		if m.value != want.value && (m.attr == "" || want.attr == "" || m.attr == want.attr) {
			return true
		}
	}
	return false
}

// verdictModifier returns the modifier of d's text whose value is num
// (the verdict's number), or a modifier of unknown attribute.
func verdictModifier(d *candidate, num string) modifier {
	if num == "" {
		// No number: no modifier's value (a number) is num.
		return modifier{}
	}
	text := ""
	if d.faq != nil {
		text = d.faq.Answer
	} else {
		text = recordText(d.rec)
	}
	for _, m := range modifiers(text) {
		if m.value == num {
			return m
		}
	}
	return modifier{value: num}
}

func round(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
