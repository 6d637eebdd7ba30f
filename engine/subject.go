package engine

import (
	"context"
	"strings"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// A question is about the most specific thing it names: "What does the
// Oblivion hacking program do to … Damage?" asks about Oblivion, not about
// the page Daño it also names; "how does a trooper go back into
// Camouflaged State?" asks about Camouflaged, not about the page State.
// A text that does not speak of that thing, on a page that does not
// either, answers another question however many of its words it shares:
// its mention of the generic page is a stray match.

// focusName returns the name q asks about beyond the pages it names: its
// weightiest named unit that is neither a page it names nor what it asks
// for (a quantity or counted noun: "what MOD", "how many Saving Rolls"),
// nor a level or code ("N1", "-X": written apart from the name they
// qualify), nor the head of a family of titles ("ammo" of "EXP ammo":
// Munición of Munición Shock, Munición EXP…, the class the name it
// qualifies belongs to), when it weighs at least as much as every page named (it is
// more specific than they are). With it come the units of the name it is
// written in ("Total Reaction", "Camouflaged State": consecutive words
// written with a capital), which a text must hold together. Nil when the
// weightiest such unit is a page named, or lighter than one.
func (q query) focusName() ([]*unit, string) {
	top := 0.0
	for i := range q.units {
		if u := &q.units[i]; u.topic && u.idf > 0 {
			top = max(top, u.dw)
		}
	}
	for _, u := range q.namedUnits() {
		if u.coded() || oneLetter(u) || q.asksFor(u) || attribute(u) || q.bracketTwin(u) || u.head {
			continue
		}
		if u.topic || u.dw < top {
			return nil, ""
		}
		return q.nameOf(u)
	}
	return nil, ""
}

// bracketTwin reports whether u is written beside a page the question
// names, one of the two in brackets right after the other: "Foco
// (Spotlight)", "Spotlight (Foco)". A judge gives the name of the other
// language that way; it names the same thing as the page, which a text
// of the page's language need not write.
func (q query) bracketTwin(u *unit) bool {
	if u.typed == "" {
		return false
	}
	for i := range q.units {
		t := &q.units[i]
		if t == u || !t.topic || t.typed == "" {
			continue
		}
		for _, pair := range [][2]string{{u.typed, t.typed}, {t.typed, u.typed}} {
			if bracketed(q.text, pair[0], pair[1]) {
				return true
			}
		}
	}
	return false
}

// bracketed reports whether text writes inner in brackets right after
// outer ("outer (inner)"), the brackets holding nothing else but words
// of inner's name.
func bracketed(text, outer, inner string) bool {
	for from := 0; ; {
		i := strings.Index(text[from:], outer)
		if i < 0 {
			return false
		}
		rest := strings.TrimLeft(text[from+i+len(outer):], " ")
		from += i + len(outer)
		in, ok := strings.CutPrefix(rest, "(")
		if !ok {
			continue
		}
		if j := strings.Index(in, ")"); j >= 0 && strings.Contains(in[:j], inner) {
			return true
		}
	}
}

// oneLetter reports whether u is one letter ("X" of "-X", "B" of "+1 B").
func oneLetter(u *unit) bool {
	return len(u.alts[0]) == 1 && len([]rune(u.alts[0][0])) == 1
}

// asksFor reports whether every word of u is a quantity or counted noun
// of q's language: what the question asks for or counts, not its subject.
func (q query) asksFor(u *unit) bool {
	words := lang.Words(u.typed)
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		if !q.v.has("numnoun", w) && !q.v.has("count", w) && !stopwords[w] {
			return false
		}
	}
	return true
}

// attribute reports whether every word u is written in is the
// abbreviation of an Attribute in some language ("PH", "BLI"): a question
// names one for the value a rule reads of it ("a PH 12 target", "passes
// his ARM roll"), and no page describes it; it is not what the question
// is about.
func attribute(u *unit) bool { return everyWordIn(u, "attribute") }

// everyWordIn reports whether u is written in words and each is in one
// of the vocabulary lists of some language.
func everyWordIn(u *unit, lists ...string) bool {
	words := lang.Words(u.typed)
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		found := false
		for _, v := range sortedVocabs() {
			for _, l := range lists {
				found = found || v.has(l, w)
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// nameOf returns u and the other units of the name u is written in: the
// run of consecutive words of the question, each written with a capital
// and joined by nothing but a space, "/" or "-", around the words of u
// ("Total Reaction", "E/M Ammunition"; not "Inmunidad (Total)", whose
// parenthesis qualifies a name already whole). A level or code ("L2")
// ends the run. Of the other units, only those a text can be asked to
// hold with u are kept: not a page the question names ("State" of
// "Camouflaged State": the generic head the page is), not what the
// question asks for ("MOD" of "Partial Cover MOD"), not a code or a
// letter, and not a word no record holds. It also returns the name as the
// question writes it.
func (q query) nameOf(u *unit) ([]*unit, string) {
	terms := lang.Split(q.text)
	first, last := -1, -1
	if i := strings.Index(q.text, u.typed); u.typed != "" && i >= 0 {
		for j, t := range terms {
			if t.Start >= i && t.End <= i+len(u.typed) {
				if first < 0 {
					first = j
				}
				last = j
			}
		}
	} else {
		// Not written as typed (a glossary segment of other spelling):
		// its first word only.
		for j, t := range terms {
			if stem(lang.Fold(t.Text)) == u.alts[0][0] {
				first, last = j, j
				break
			}
		}
	}
	if first < 0 || last >= len(terms) {
		return []*unit{u}, u.shown()
	}
	joined := func(a, b int) bool {
		gap := strings.TrimSpace(q.text[terms[a].End:terms[b].Start])
		return gap == "" || gap == "/" || gap == "-"
	}
	capitalWord := func(i int) bool {
		r := []rune(terms[i].Text)
		return len(r) > 0 && unicode.IsUpper(r[0]) && strings.IndexFunc(terms[i].Text, unicode.IsDigit) < 0
	}
	if !capitalWord(first) || !capitalWord(last) {
		return []*unit{u}, u.shown()
	}
	start, end := first, last
	for start > 0 && capitalWord(start-1) && joined(start-1, start) {
		start--
	}
	for end+1 < len(terms) && capitalWord(end+1) && joined(end, end+1) {
		end++
	}
	out := []*unit{u}
	for i := start; i <= end; i++ {
		if i >= first && i <= last || stopwords[lang.Fold(terms[i].Text)] {
			continue
		}
		o := q.unitOf(stem(lang.Fold(terms[i].Text)))
		if o == nil || o == u || o.idf == 0 || o.topic || o.coded() || oneLetter(o) || q.asksFor(o) || attribute(o) || containsUnit(out, o) {
			continue
		}
		out = append(out, o)
	}
	return out, q.text[terms[start].Start:terms[end].End]
}

// unitOf returns the unit of q whose typed words hold stem k.
func (q query) unitOf(k string) *unit {
	for i := range q.units {
		for _, s := range q.units[i].alts[0] {
			if s == k {
				return &q.units[i]
			}
		}
	}
	return nil
}

func containsUnit(us []*unit, u *unit) bool {
	for _, o := range us {
		if o == u {
			return true
		}
	}
	return false
}

// nameHeld reports whether text holds the name: its one unit, or every
// unit of it within a span of the text's content words no longer than
// the name, in any order ("estado Camuflado" holds "Camouflaged State";
// "la Orden Completa; las ORA de Reacción" does not hold "Reacción
// Total", whose "Total" the glossary reads "completa" too).
func nameHeld(name []*unit, text string) bool {
	if len(name) == 1 {
		return name[0].holds(keySet(text))
	}
	var seq []string
	for _, t := range analyzer.Terms(text) {
		seq = append(seq, t.Text)
	}
	span := -1
	at := make([][]int, len(name))
	for i, u := range name {
		shortest := 0
		for _, alt := range u.alts {
			if len(alt) == 0 {
				continue
			}
			if shortest == 0 || len(alt) < shortest {
				shortest = len(alt)
			}
			for p := 0; p+len(alt) <= len(seq); p++ {
				if indexWords(seq[p:p+len(alt)], alt) == 0 {
					at[i] = append(at[i], p)
				}
			}
		}
		if len(at[i]) == 0 {
			return false
		}
		span += shortest
	}
	for _, p := range at[0] {
		near := true
		for _, ps := range at[1:] {
			found := false
			for _, o := range ps {
				if o >= p-span && o <= p+span {
					found = true
					break
				}
			}
			near = near && found
		}
		if near {
			return true
		}
	}
	return false
}

// speaksOf reports whether candidate c speaks of the name: its text, its
// lead-in or a bullet it introduces holds it, or its page title or
// section path does (an FAQ: the pages it shows on and relates to) — or
// one of those texts holds the name's first unit and the page title the
// others ("A Peripheral in this State…" on Disconnected State speaks of a
// Disconnected Peripheral). A unit of the name a text in another language
// cannot hold (a plain word: no glossary term gives its translation) is
// not asked of c.
func speaksOf(q query, c *candidate, name []*unit) bool {
	name = holdable(q, c.lang, name)
	var texts, titles []string
	if c.rec != nil {
		titles = []string{c.rec.Page}
		texts = append(texts, recordText(c.rec), c.rec.Page+"\n"+strings.Join(c.rec.Section, "\n"))
		if c.leadIn != nil {
			texts = append(texts, recordText(c.leadIn))
		}
		for _, ch := range c.children {
			texts = append(texts, recordText(ch))
		}
	} else if c.faq != nil {
		titles = append(append(titles, c.faq.Pages...), c.faq.Related...)
		texts = append(append(texts, faqText(c.faq)), titles...)
	}
	return heldIn(name, texts, titles)
}

// holdable returns the units of name a text in language l can hold: all
// of them in the question's language; in another, the first (what the
// question asks about: a name both languages may write alike,
// "Oblivion", "Monofilament") and the glossary terms.
func holdable(q query, l string, name []*unit) []*unit {
	if l == "" || l == q.lang || len(name) == 1 {
		return name
	}
	out := name[:1:1]
	for _, u := range name[1:] {
		if u.term {
			out = append(out, u)
		}
	}
	return out
}

// heldIn reports whether one of texts holds the name, or one holds its
// first unit and one of titles (the page the texts stand on) each other
// unit.
func heldIn(name []*unit, texts, titles []string) bool {
	for _, t := range texts {
		if nameHeld(name, t) {
			return true
		}
	}
	if len(name) == 1 {
		return false
	}
	rest := false
	for _, t := range titles {
		if nameHeld(name[1:], t) {
			rest = true
		}
	}
	if !rest {
		return false
	}
	for _, t := range texts {
		if nameHeld(name[:1], t) {
			return true
		}
	}
	return false
}

// pageSpeaksOf reports whether some current record of page (in language
// l) holds the name, as speaksOf reads a record: a text on the page of
// what the question is about (a variant a parenthesis names, "Inmunidad
// (Total)", spoken of in the next bullet) may rule on it.
func (e *Engine) pageSpeaksOf(ctx context.Context, q query, page, l string, name []*unit) (bool, error) {
	recs, err := e.store.Records(ctx, wikirules.Filter{Pages: []string{page}})
	if err != nil {
		return false, err
	}
	name = holdable(q, l, name)
	texts := make([]string, 0, len(recs)+1)
	for i := range recs {
		texts = append(texts, recordText(&recs[i]))
	}
	return heldIn(name, texts, []string{page}), nil
}

// absentSubject returns the name q asks about (focusName) when neither
// the deciding candidate d nor any text of its page speaks of it, or d is
// an FAQ whose question asks of another page and names it only in
// passing, shown as the question writes it; "" otherwise.
func (e *Engine) absentSubject(ctx context.Context, q query, d *candidate) (string, error) {
	name, shown := q.focusName()
	if name != nil && d.faq != nil && strayOnly(d.faq.Question, name[0]) && e.namesOtherPage(d.faq.Question, q) && !e.asksOfNamed(d.faq.Question, q) {
		// An FAQ whose question asks of a page the judge's does not name
		// (Bioinmunidad) and names the thing only in passing, as one
		// example among others ("por ejemplo, AP o Munición E/M o
		// BLI=0"), rules on that page, not on the thing. When the
		// judge's question names that page too, the thing is the case
		// it asks of the page.
		return shown, nil
	}
	if name == nil || speaksOf(q, d, name) {
		return "", nil
	}
	ok, err := e.pageSpeaksOf(ctx, q, d.page, d.lang, name)
	if err != nil || ok {
		return "", err
	}
	return shown, nil
}

// asksOfNamed reports whether the first page an FAQ's question names (by
// a name the wikis give it: what it asks of, "¿Cómo funciona
// Bioinmunidad y…?") is one q names.
func (e *Engine) asksOfNamed(faqQuestion string, q query) bool {
	for _, p := range e.titles.in(lang.Words(faqQuestion)) {
		if !p.derived {
			return e.titleHeld(p.title, q.keys())
		}
	}
	return false
}

// namesOtherPage reports whether text names a page (by a name the wikis
// give it) that q does not hold.
func (e *Engine) namesOtherPage(text string, q query) bool {
	qk := q.keys()
	for _, p := range e.titles.in(lang.Words(text)) {
		if !p.derived && !e.titleHeld(p.title, qk) {
			return true
		}
	}
	return false
}
