package engine

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Skill classes, as the skill box TYPE and the order-composition bullets
// name them: facts of the vocabulary ("Orden Completa", "Entire Order").
const (
	classEntire    = "entire-order"
	classShortMove = "short-movement"
	classShort     = "short-skill"
	classOther     = ""
)

// classOf returns the class a skill TYPE or a composition phrase names:
// "ORDEN COMPLETA" / "Habilidad de Orden Completa" → classEntire, "HABILIDAD
// CORTA DE MOVIMIENTO" → classShortMove, "HABILIDAD CORTA / ORA" →
// classShort (the longer classes are tried first).
func classOf(s string) string {
	w := lang.Words(s)
	for _, c := range []string{classEntire, classShortMove, classShort} {
		if statesFact(w, c) {
			return c
		}
	}
	return classOther
}

// classLabel returns how the vocabulary of a page's language writes a
// class ("Orden Completa").
func (rs *resolver) classLabel(page, class string) string {
	return factLabel(vocabFor(rs.e.pageLanguage(page)), class)
}

// skillFact is what the skill box of a skill's page says.
type skillFact struct {
	name  string
	rec   *wikirules.Record // the skill box
	class string
	aro   bool
}

// skill reads the skill box of the page named name; nil when the page or
// its skill box is missing.
func (rs *resolver) skill(ctx context.Context, name string) (*skillFact, error) {
	if sf, ok := rs.skills[lang.Fold(name)]; ok {
		return sf, nil
	}
	v, err := rs.page(ctx, name)
	if err != nil || v == nil {
		rs.skills[lang.Fold(name)] = nil
		return nil, err
	}
	var sf *skillFact
	for i := range v.Records {
		r := &v.Records[i]
		if r.Kind == wikirules.KindSkill && r.Skill != nil {
			sf = &skillFact{name: v.Page.Title, rec: r, class: classOf(r.Skill.Type)}
			sf.aro = statesFact(lang.Words(r.Skill.Type), "aro")
			break
		}
	}
	rs.skills[lang.Fold(name)] = sf
	return sf, nil
}

// combination is one allowed composition of an order: the classes of its
// skills, sorted, and the bullet that states it.
type combination struct {
	classes []string
	rec     *wikirules.Record
	text    string // the bullet's words ("1 Habilidad de Orden Completa.")
}

// segments splits a record's plain text into its lines and bullets (a
// record of rendered page text may hold a whole list: "… - 1 Habilidad …").
func segments(plain string) []string {
	var out []string
	for _, line := range strings.Split(plain, "\n") {
		for _, seg := range strings.Split(line, " - ") {
			seg = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(seg), "-•*"))
			if i := strings.Index(seg, ". "); i >= 0 {
				seg = seg[:i+1] // the bullet ends with its sentence
			}
			if seg != "" {
				out = append(out, seg)
			}
		}
	}
	return out
}

// compositionClasses reads an allowed composition of an order from a
// bullet: every part between "+" opens with a composition item ("1
// Habilidad", "1 Short") and names a class ("1 Habilidad Corta de
// Movimiento + 1 Habilidad Corta (o viceversa)."). It returns the classes,
// or nil when the bullet is no composition.
func compositionClasses(seg string) []string {
	var cls []string
	for _, part := range strings.Split(seg, "+") {
		w := lang.Words(part)
		if at, _ := factAt(w, "composition-item"); at != 0 {
			return nil
		}
		c := classOf(part)
		if c == classOther {
			return nil
		}
		cls = append(cls, c)
	}
	return cls
}

// combinations reads the allowed compositions of an order from the bullets
// of the page with the order-composition role (the vocabulary's "Activación
// de una Tropa"); nil when no such page states them.
func (rs *resolver) combinations(ctx context.Context) ([]combination, error) {
	v, err := rs.rolePage(ctx, "order-composition")
	if err != nil || v == nil {
		return nil, err
	}
	var out []combination
	for i := range v.Records {
		r := &v.Records[i]
		for _, seg := range segments(r.Plain) {
			if cls := compositionClasses(seg); len(cls) > 0 {
				sort.Strings(cls)
				out = append(out, combination{cls, r, seg})
			}
		}
	}
	return out, nil
}

// order checks that the skills of the order combine.
func (rs *resolver) order(ctx context.Context, s Situation) ([]Conclusion, error) {
	if len(s.Order) == 0 {
		return nil, nil
	}
	c := Conclusion{Topic: "order", Sources: []Source{}}
	var classes, desc, labels []string
	for _, name := range s.Order {
		sf, err := rs.skill(ctx, name)
		if err != nil {
			return nil, err
		}
		if sf == nil {
			return []Conclusion{rs.unknown("order", name)}, nil
		}
		if sf.class == classOther {
			u := rs.unknown("order", rs.v.reason("resolve-order-type-of", name))
			u.Sources = append(u.Sources, cite(sf.rec, rs.v.reason("resolve-no-order-type")))
			return []Conclusion{u}, nil
		}
		classes = append(classes, sf.class)
		desc = append(desc, rs.v.reason("resolve-is-type", sf.name, sf.rec.Skill.Type))
		labels = append(labels, rs.classLabel(sf.name, sf.class))
		if !citesRecord(c.Sources, sf.rec) {
			c.Sources = append(c.Sources, cite(sf.rec, rs.v.reason("resolve-skill-box", sf.rec.Skill.Type)))
		}
	}
	combos, err := rs.combinations(ctx)
	if err != nil {
		return nil, err
	}
	if len(combos) == 0 {
		return []Conclusion{rs.unknown("order", rs.v.reason("resolve-order-composition", strings.Join(roleTitles(rs.v, "order-composition"), ", ")))}, nil
	}
	sorted := append([]string(nil), classes...)
	sort.Strings(sorted)
	for _, cb := range combos {
		if subset(sorted, cb.classes) {
			rs.valid(&c)
			c.Explanation = rs.v.reason("resolve-order-valid", strings.Join(desc, "; "), cb.text)
			c.Sources = append([]Source{cite(cb.rec, rs.v.reason("resolve-order-follows", cb.text))}, c.Sources...)
			return []Conclusion{c}, nil
		}
	}
	var why string
	for i, cl := range classes {
		if cl == classEntire && len(classes) > 1 {
			why = rs.v.reason("resolve-order-entire", s.Order[i], labels[i])
			break
		}
	}
	if why == "" {
		why = rs.v.reason("resolve-order-none", strings.Join(labels, " + "))
	}
	rs.invalid(&c, why)
	c.Explanation = rs.v.reason("resolve-order-invalid", strings.Join(desc, "; "))
	for _, cb := range combos {
		c.Sources = append(c.Sources, cite(cb.rec, rs.v.reason("resolve-order-allowed")))
	}
	return []Conclusion{c}, nil
}

// subset reports whether the sorted multiset a is contained in sorted b.
func subset(a, b []string) bool {
	i := 0
	for _, x := range b {
		if i < len(a) && a[i] == x {
			i++
		}
	}
	return i == len(a)
}

func citesRecord(ss []Source, r *wikirules.Record) bool {
	for _, s := range ss {
		if s.Record != nil && s.Record.ID == r.ID {
			return true
		}
	}
	return false
}

// aro checks that the declared ARO is a skill whose box says ORA.
func (rs *resolver) aro(ctx context.Context, s Situation) ([]Conclusion, error) {
	if s.ARO == "" {
		return nil, nil
	}
	sf, err := rs.skill(ctx, s.ARO)
	if err != nil {
		return nil, err
	}
	if sf == nil {
		return []Conclusion{rs.unknown("aro", s.ARO)}, nil
	}
	if sf.rec.Skill.Type == "" {
		// A state's or a general rule's box ({{skillbox |black| AISLADO |}})
		// has no type for the verdict to rest on.
		u := rs.unknown("aro", rs.v.reason("resolve-skill-type-of", s.ARO))
		u.Sources = append(u.Sources, cite(sf.rec, rs.v.reason("resolve-no-skill-type")))
		return []Conclusion{u}, nil
	}
	c := Conclusion{Topic: "aro", Sources: []Source{cite(sf.rec, rs.v.reason("resolve-skill-box", sf.rec.Skill.Type))}}
	if sf.aro {
		rs.valid(&c)
		c.Explanation = rs.v.reason("resolve-aro-valid", sf.name, sf.rec.Skill.Type)
	} else {
		rs.invalid(&c, rs.v.reason("resolve-aro-not", sf.name, sf.rec.Skill.Type))
		c.Explanation = rs.v.reason("resolve-aro-only")
	}
	if s.Turn == "active" {
		rs.invalid(&c, rs.v.reason("resolve-aro-active"))
	}
	return []Conclusion{c}, nil
}

// marker checks the ARO against the AROs the marker's page allows: the
// bullet saying "Las únicas ORA que se pueden ejecutar contra un Marcador…"
// and the skills it links.
func (rs *resolver) marker(ctx context.Context, s Situation) ([]Conclusion, error) {
	if s.ActiveIsMarker == "" || s.ARO == "" {
		return nil, nil
	}
	mw := lang.Words(s.ActiveIsMarker)
	sf := rs.f
	sf.Limit = 50
	hits, err := rs.e.searcher(sf).SearchText(ctx, s.ActiveIsMarker+" "+factWords("marker-aros")+" "+factWords("marker"), sf)
	if err != nil {
		return nil, fmt.Errorf("engine: search marker %q: %w", s.ActiveIsMarker, err)
	}
	var pages []string
	for _, h := range hits {
		if h.Record != nil && containsWords(lang.Words(recordText(h.Record)), mw) && !hasFold(pages, h.Record.Page) {
			pages = append(pages, h.Record.Page)
		}
	}
	topic := "marker " + s.ActiveIsMarker
	for _, p := range pages {
		v, err := rs.page(ctx, p)
		if err != nil {
			return nil, err
		}
		if v == nil {
			continue
		}
		var lists []*wikirules.Record
		for i := range v.Records {
			r := &v.Records[i]
			if statesFact(lang.Words(r.Plain), "marker-aros") && len(r.Links) > 0 {
				lists = append(lists, r)
			}
		}
		if len(lists) == 0 {
			continue
		}
		c := Conclusion{Topic: topic, Sources: []Source{}}
		allowed := lists[0].Links
		for _, r := range lists {
			c.Sources = append(c.Sources, cite(r, rs.v.reason("resolve-marker-list")))
		}
		if hasFold(allowed, s.ARO) {
			rs.valid(&c)
			c.Explanation = rs.v.reason("resolve-marker-valid", s.ActiveIsMarker, strings.Join(allowed, ", "), s.ARO)
		} else {
			rs.invalid(&c, rs.v.reason("resolve-marker-invalid", s.ActiveIsMarker, strings.Join(allowed, ", ")))
			c.Explanation = rs.v.reason("resolve-marker-why")
		}
		return []Conclusion{c}, nil
	}
	return []Conclusion{rs.unknown(topic, rs.v.reason("resolve-marker-aros", s.ActiveIsMarker))}, nil
}

// states checks every declared skill against what each state allows: an
// effect bullet of the state's page that says the trooper may only declare
// (or declare nothing except) the skills it links, plus the skills an FAQ
// or errata related to the state allows ("Sí. Berserk se puede declarar…").
func (rs *resolver) states(ctx context.Context, s Situation) ([]Conclusion, error) {
	declared := append([]string(nil), s.Order...)
	if s.ARO != "" {
		declared = append(declared, s.ARO)
	}
	var out []Conclusion
	for _, st := range s.States {
		topic := "state " + st
		v, err := rs.page(ctx, st)
		if err != nil {
			return nil, err
		}
		if v == nil {
			out = append(out, rs.unknown(topic, st))
			continue
		}
		rule, allowed := allowList(v.Records)
		c := Conclusion{Topic: topic, Sources: []Source{}}
		if rule == nil {
			rs.valid(&c)
			c.Explanation = rs.v.reason("resolve-state-free", v.Page.Title)
			out = append(out, c)
			continue
		}
		c.Sources = append(c.Sources, cite(rule, rs.v.reason("resolve-state-rule")))
		var bad []string
		for _, d := range declared {
			if hasFold(allowed, d) {
				continue
			}
			if fq := allowedByFAQ(v.FAQs, d, v.Page.Title); fq != nil {
				c.Sources = append([]Source{faqSource(fq, v.Page.Title, RoleSupporting, rs.v.reason("resolve-state-faq", fq.Title, d, v.Page.Title), LabelsOf(v.Page.Language))}, c.Sources...)
				continue
			}
			bad = append(bad, d)
		}
		if len(bad) == 0 {
			rs.valid(&c)
			c.Explanation = rs.v.reason("resolve-state-valid", v.Page.Title, strings.Join(declared, ", "))
		} else {
			rs.invalid(&c, rs.v.reason("resolve-state-invalid", v.Page.Title, strings.Join(allowed, ", "), strings.Join(bad, ", ")))
			c.Explanation = rs.v.reason("resolve-state-why", strings.Join(bad, ", "))
		}
		if ms := modNumbers(rule.Plain); len(ms) > 0 {
			c.Explanation += rs.v.reason("resolve-state-mod", ms[0])
		}
		out = append(out, c)
	}
	return out, nil
}

// allowList finds the effect bullet of a state that restricts declarations
// ("sólo pueden declarar A, B…", "no puede declarar … excepto A") and the
// skills it allows: the links named in the clause after the restriction
// or the exception, up to the end of the list ("y aquellas", " con un").
func allowList(recs []wikirules.Record) (*wikirules.Record, []string) {
	for i := range recs {
		r := &recs[i]
		if r.Kind != wikirules.KindEffect {
			continue
		}
		for _, sentence := range sentences(r.Plain) {
			w := lang.Words(sentence)
			var at int
			if x, end := factAt(w, "allow-except"); x >= 0 && statesFact(w, "allow-declare") {
				at = end
			} else if _, end := factAt(w, "allow-only"); end >= 0 {
				at = end
			} else {
				continue
			}
			clause := w[at:]
			if x, _ := factAt(clause, "list-end"); x >= 0 {
				clause = clause[:x]
			}
			var allowed []string
			for _, l := range r.Links {
				if indexWords(clause, lang.Words(l)) >= 0 {
					allowed = append(allowed, l)
				}
			}
			if len(allowed) > 0 {
				return r, allowed
			}
		}
	}
	return nil, nil
}

// allowedByFAQ returns an FAQ or errata of a state's page that relates to
// the skill's page and answers yes to declaring it, or nil.
func allowedByFAQ(faqs []wikirules.FAQ, skill, state string) *wikirules.FAQ {
	var best *wikirules.FAQ
	for i := range faqs {
		f := &faqs[i]
		if !hasFold(f.Related, skill) || !hasFold(f.Related, state) {
			continue
		}
		w := lang.Words(f.Answer)
		if len(w) > 0 && w[0] == "a" {
			w = w[1:]
		}
		q := lang.Words(f.Question)
		if yes, _ := factAt(w, "faq-yes"); yes == 0 && containsWords(q, lang.Words(skill)) && statesFact(q, "allow-declare") {
			if best == nil || f.Type == "errata" && best.Type != "errata" {
				best = f
			}
		}
	}
	return best
}

// factWords returns the first phrase of fact in every vocabulary, joined
// (the words a search for it asks).
func factWords(fact string) string {
	var out []string
	for _, v := range sortedVocabs() {
		if l := v.Facts[fact]; len(l) > 0 {
			out = append(out, strings.ReplaceAll(l[0], " + ", " "))
		}
	}
	return strings.Join(out, " ")
}

// rolePage returns the view of the page with a role, by the titles the
// vocabularies give it (nil when the knowledge base has none).
func (rs *resolver) rolePage(ctx context.Context, role string) (*wikirules.PageView, error) {
	for _, t := range roleTitles(vocabFor(resolveLanguage), role) {
		v, err := rs.page(ctx, t)
		if err != nil || v != nil {
			return v, err
		}
	}
	return nil, nil
}

// atoi reads a signed integer ("-3", "−3"); 0 when it is none.
func atoi(s string) int {
	n, _ := strconv.Atoi(strings.ReplaceAll(s, "−", "-"))
	return n
}
