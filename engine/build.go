package engine

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// builder assembles an answer around its deciding candidate.
type builder struct {
	e    *Engine
	q    query
	f    wikirules.Filter
	a    *Answer
	used map[string]bool
	num  string   // the number of the verdict ("-3"), if any
	mod  modifier // the modifier the verdict gives (attr "" when unknown)
}

// build quotes d as deciding, then the supporting and overridden sources,
// and fills the verdict and data version.
func (b *builder) build(ctx context.Context, d *candidate, cands []*candidate) error {
	deciding := b.source(d, RoleDeciding, b.decidingReason(d, cands))
	deciding.Score = round(d.score)
	b.a.Found = true
	b.a.Verdict, b.num = verdict(d, b.q)
	b.mod = verdictModifier(d, b.num)
	b.used[d.id()] = true
	var support, overridden []Source

	// An FAQ or errata attaches to the rules of the pages it relates to:
	// the bullets whose seefaq note repeats it are the rules it extends;
	// examples carrying such a note are corrected by it.
	if d.faq != nil {
		pages := append(append([]string{}, d.faq.Related...), d.faq.Pages...)
		rf := b.f
		rf.Pages = pages
		recs, err := b.e.store.Records(ctx, rf)
		if err != nil {
			return fmt.Errorf("engine: records related to %s: %w", d.faq.ID, err)
		}
		ak := keySet(d.faq.Answer)
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
					fmt.Sprintf("%s beats examples: the example is corrected by it (its note: %q)", label, strings.Join(r.Notes, " "))))
				continue
			}
			topic := 0
			for _, t := range b.q.topics {
				if lang.Fold(t) == lang.Fold(r.Page) {
					topic = 1
				}
			}
			ext = append(ext, extended{r, topic, b.e.coverage(b.q, keySet(r.Plain))})
		}
		sort.SliceStable(ext, func(i, j int) bool {
			if ext[i].topic != ext[j].topic {
				return ext[i].topic > ext[j].topic
			}
			return ext[i].sim > ext[j].sim
		})
		for _, x := range ext {
			support = append(support, recordSource(x.r, RoleSupporting,
				fmt.Sprintf("the rule %s %s extends (its seefaq note points to it)", d.faq.Title, d.faq.Version)))
		}
	}

	// Other relevant candidates: lower-precedence text that contradicts the
	// deciding number is overridden, examples flagged by a note too; the
	// rest supports.
	for _, c := range cands {
		if b.used[c.id()] || c.score < supportRatio*d.score {
			continue
		}
		if c.faq != nil && d.faq != nil && b.sameRule(d, c) && sameQuestion(c.faq, d.faq) && newerVersion(d.faq.Version, c.faq.Version) {
			b.used[c.id()] = true
			overridden = append(overridden, b.source(c, RoleOverridden,
				fmt.Sprintf("a newer version (%s) of this FAQ decides", d.faq.Version)))
			continue
		}
		if c.rank() < d.rank() && b.sameRule(d, c) && b.contradicts(d, c) {
			b.used[c.id()] = true
			overridden = append(overridden, b.source(c, RoleOverridden, overrideReason(d, c)))
			continue
		}
		if len(support) >= maxSupporting {
			continue
		}
		b.used[c.id()] = true
		s := b.source(c, RoleSupporting, "")
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
				overridden = append(overridden, recordSource(r, RoleOverridden,
					fmt.Sprintf("original text superseded by the update %s", d.rec.Version)))
			}
		}
	}
	b.a.Sources = append(append(append(b.a.Sources, deciding), support...), overridden...)
	b.a.Data = dataVersion(b.a.Sources)
	return nil
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

// source quotes a candidate.
func (b *builder) source(c *candidate, role Role, reason string) Source {
	if c.faq != nil {
		return faqSource(c.faq, c.page, role, reason)
	}
	return recordSource(c.rec, role, reason)
}

// decidingReason says why d decides: its kind and, when it won over more
// relevant text, the precedence.
func (b *builder) decidingReason(d *candidate, cands []*candidate) string {
	var why string
	switch d.kind() {
	case wikirules.KindErrata:
		why = "errata: it takes precedence over FAQs, rule text and examples"
	case wikirules.KindFAQ:
		why = "FAQ: it takes precedence over rule text and examples"
	case wikirules.KindExample:
		why = "example: the only text that speaks to the question"
	case wikirules.KindImportant:
		why = "the page's important box"
	default:
		why = "rule text"
		if d.rec != nil && d.rec.Version != "" {
			why += " (update " + d.rec.Version + ")"
		}
	}
	if len(b.q.topics) > 0 {
		why += "; question names " + strings.Join(b.q.topics, ", ")
	}
	return why
}

// overrideReason says why d beats c.
func overrideReason(d, c *candidate) string {
	switch {
	case c.kind() == wikirules.KindExample && d.kind() == wikirules.KindImportant && d.page == c.page:
		return "the page's important box beats its examples"
	case c.rec != nil && c.rec.Superseded:
		return "original text, superseded by an update"
	}
	return fmt.Sprintf("%s beats %s (precedence errata > FAQ > rule text > example)", d.kind(), c.kind())
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
	pages := rulePages(d)
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

var (
	reMOD  = regexp.MustCompile(`(?i)\b(?:MOD|modificador)\s*(?:de\s*|of\s*)?([+\-−]\s?\d+)`)
	reStat = regexp.MustCompile(`(?i)\b(?:FIS|CD|CC|VOL)\s?([\-−]\d+)\b`)
	reCM   = regexp.MustCompile(`(?i)(\d+)\s?cm\b`)
	reNoDe = regexp.MustCompile(`(?i)\bno\s+de\s*$`)
)

// modifier is a modifier a text states: its value ("-3") and the attribute
// it applies to ("fis"), "" when the text names none near it.
type modifier struct {
	attr, value string
}

// reAttr finds the attribute a modifier applies to in the words right
// after it ("MOD de -3 a su Tirada de FIS").
var reAttr = regexp.MustCompile(`(?i)^[^.;:]{0,30}?\b(FIS|CD|CC|VOL|PB|BLI|WIP|BS|PH|ARM|BTS)\b`)

// modifiers returns the modifiers a text states ("MOD de -3", "FIS -6",
// "FIS-3") in order, MOD phrases first; a number introduced by "no de"
// (", no de -6") is a denial and left out.
func modifiers(text string) []modifier {
	var out []modifier
	for i, re := range []*regexp.Regexp{reMOD, reStat} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			if reNoDe.MatchString(text[:m[0]]) {
				continue
			}
			n := strings.ReplaceAll(strings.ReplaceAll(text[m[2]:m[3]], "−", "-"), " ", "")
			attr := ""
			if i == 1 {
				attr = strings.Fields(strings.ToLower(text[m[0]:m[2]]))[0]
			} else if a := reAttr.FindStringSubmatch(text[m[1]:]); a != nil {
				attr = strings.ToLower(a[1])
			}
			out = append(out, modifier{attr: attr, value: n})
		}
	}
	return out
}

// modNumbers returns the values of modifiers(text), as "-3", in order.
func modNumbers(text string) []string {
	var out []string
	for _, m := range modifiers(text) {
		out = append(out, m.value)
	}
	return out
}

// verdict returns the short answer of the deciding source and the number
// it rests on: "Sí"/"No" when an FAQ's answer starts so, the first stated
// modifier ("MOD -3") or distance when the question asks for a number (or
// the FAQ answer gives nothing else).
func verdict(d *candidate, q query) (string, string) {
	text := ""
	var parts []string
	if d.faq != nil {
		text = d.faq.Answer
		if yn := yesNo(text); yn != "" {
			parts = append(parts, yn)
		}
	} else {
		text = recordText(d.rec)
	}
	num := ""
	if m := reIgnoredMOD.FindStringSubmatch(text); m != nil && (q.number || d.faq != nil) && len(parts) == 0 {
		// "… ignora el MOD -6": the rule says the modifier does not apply.
		num = strings.ReplaceAll(m[1], "−", "-")
		return "No: ignora el MOD " + num, num
	}
	if q.number || (d.faq != nil && len(parts) == 0) {
		if ns := modNumbers(text); len(ns) > 0 {
			num = ns[0]
			parts = append(parts, "MOD "+num)
		} else if m := reCM.FindStringSubmatch(text); m != nil && q.number {
			parts = append(parts, m[1]+" cm")
		}
	}
	return strings.Join(parts, ", "), num
}

// reIgnoredMOD finds a modifier the text says is ignored ("ignora el MOD
// -6", "ignoran los MOD de -3").
var reIgnoredMOD = regexp.MustCompile(`(?i)\bignora\w*\s+(?:el\s+|los\s+)?MODs?\s+(?:de\s+)?([+\-−]?\d+)`)

// yesNo reads the yes/no an FAQ answer starts with: "Sí"/"Si" followed by
// punctuation or the end ("A: Si. …", "Sí, …"), an accented "Sí" before
// anything, or "No". A conditional "Si la Tropa …" ("if") is not a yes: ""
// is returned.
func yesNo(answer string) string {
	a := strings.TrimSpace(answer)
	for _, p := range []string{"A:", "A :", "R:"} {
		a = strings.TrimSpace(strings.TrimPrefix(a, p))
	}
	first, rest := a, ""
	if i := strings.IndexFunc(a, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		first, rest = a[:i], a[i:]
	}
	yn := ""
	switch strings.ToLower(first) {
	case "no":
		yn = "No"
	case "sí", "yes":
		yn = "Sí"
	case "si":
		r := strings.TrimLeft(rest, " ")
		if rest == "" || (r != "" && strings.ContainsRune(".,;:!)", rune(r[0]))) {
			yn = "Sí"
		}
	}
	if yn == "" {
		return ""
	}
	// "Sí, pero sólo en Turno Activo": a bare "Sí" would drop the
	// condition that decides the case; keep the qualified clause.
	clause := strings.TrimLeft(rest, " ,;:")
	if q := qualifier(clause); q != "" {
		return yn + ", " + q
	}
	return yn
}

// qualifiers open a clause that limits a yes or a no.
var qualifiers = []string{"pero", "salvo", "excepto", "con la excepción", "con excepción", "sólo", "solo",
	"siempre que", "siempre y cuando", "únicamente", "aunque", "but", "except", "only", "unless"}

// qualifier returns the clause (up to its sentence's end, at most 120
// bytes) when it opens with a qualifier, else "".
func qualifier(clause string) string {
	low := strings.ToLower(clause)
	for _, q := range qualifiers {
		if strings.HasPrefix(low, q+" ") {
			end := len(clause)
			if i := strings.IndexAny(clause, ".;\n"); i >= 0 {
				end = i
			}
			c := strings.TrimSpace(clause[:end])
			if len(c) > 120 {
				c = c[:120]
				for len(c) > 0 && !utf8.ValidString(c) {
					c = c[:len(c)-1]
				}
				c += "…"
			}
			return c
		}
	}
	return ""
}

// verdictModifier returns the modifier of d's text whose value is num
// (the verdict's number), or a modifier of unknown attribute.
func verdictModifier(d *candidate, num string) modifier {
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
