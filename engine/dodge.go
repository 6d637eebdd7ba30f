package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// dodgeCondition is one situation the Dodge important box lists with its
// modifier.
type dodgeCondition struct {
	name string // "zoc", "template-no-lof", "deployable"
	rec  *wikirules.Record
	mod  int
}

// dodgeConditions are the conditions of the Dodge important box, by the
// fact that names them in the vocabulary.
var dodgeConditions = []string{"dodge-deployable", "dodge-zoc", "dodge-template-no-lof"}

// classifyDodge names the condition a bullet of the Dodge important box
// states, or "".
func classifyDodge(plain string) string {
	w := lang.Words(plain)
	for _, c := range dodgeConditions {
		if statesFact(w, c) {
			return c
		}
	}
	return ""
}

// dodge works out the Dodge roll's modifier from the important box of the
// Dodge page (its conditions and MOD), whether one MOD applies however
// many hold (the box says "sólo se aplicará un único MOD", or an errata of
// the page says so) and the examples such an errata corrects.
func (rs *resolver) dodge(ctx context.Context, s Situation) ([]Conclusion, error) {
	if s.Dodge == nil {
		return nil, nil
	}
	v, err := rs.rolePage(ctx, "dodge")
	if err != nil {
		return nil, err
	}
	if v == nil {
		return []Conclusion{rs.unknown("dodge", strings.Join(roleTitles(rs.v, "dodge"), ", "))}, nil
	}
	var conds []dodgeCondition
	var single *wikirules.Record
	var roll *wikirules.Record
	for i := range v.Records {
		r := &v.Records[i]
		w := lang.Words(r.Plain)
		switch r.Kind {
		case wikirules.KindImportant:
			if statesFact(w, "single-mod") {
				single = r
			}
			if name := classifyDodge(r.Plain); name != "" && r.Depth > 0 {
				mod := 0
				if ms := modNumbers(r.Plain); len(ms) > 0 {
					mod = atoi(ms[0])
				}
				conds = append(conds, dodgeCondition{name, r, mod})
			}
		case wikirules.KindEffect:
			if roll == nil && statesFact(w, "dodge-roll") {
				roll = r
			}
		}
	}
	c := Conclusion{Topic: "dodge", Status: StatusValue, Sources: []Source{}}
	if len(conds) == 0 {
		return []Conclusion{rs.unknown("dodge", rs.v.reason("resolve-dodge-modifiers"))}, nil
	}
	// The intro of the box holds the shared MOD when bullets give none.
	if single != nil {
		if ms := modNumbers(single.Plain); len(ms) > 0 {
			for i := range conds {
				if conds[i].mod == 0 {
					conds[i].mod = atoi(ms[0])
				}
			}
		}
	}
	var errata *wikirules.FAQ
	for i := range v.FAQs {
		fq := &v.FAQs[i]
		if statesFact(lang.Words(fq.Answer), "only") && len(modNumbers(fq.Answer)) > 0 && hasModWord(lang.Words(fq.Question)) {
			if errata == nil || fq.Type == "errata" {
				errata = fq
			}
		}
	}
	lof := s.Dodge.LoFToAttacker == nil || *s.Dodge.LoFToAttacker
	holds := map[string]bool{
		"dodge-template-no-lof": s.Dodge.Template && !lof,
		"dodge-deployable":      s.Dodge.Template && s.Dodge.Deployable,
		"dodge-zoc":             s.Dodge.ZoCWithoutLoF,
	}
	var held []dodgeCondition
	for _, cd := range conds {
		if holds[cd.name] {
			held = append(held, cd)
		}
	}
	if len(held) == 0 {
		c.Verdict = rs.v.reason("resolve-dodge-plain")
		c.Explanation = rs.v.reason("resolve-dodge-plain-why")
		if roll != nil {
			c.Sources = append(c.Sources, cite(roll, rs.v.reason("resolve-dodge-roll")))
		}
		for _, cd := range conds {
			c.Sources = append(c.Sources, cite(cd.rec, rs.v.reason("resolve-dodge-not-held")))
		}
		if s.Dodge.Template && errata != nil {
			if r, err := rs.templateRule(ctx, errata); err != nil {
				return nil, err
			} else if r != nil {
				c.Sources = append(c.Sources[:1:1], append([]Source{cite(r, rs.v.reason("resolve-dodge-template"))}, c.Sources[1:]...)...)
			}
		}
		return []Conclusion{c}, nil
	}
	total := 0
	var names []string
	for _, cd := range held {
		total += cd.mod
		names = append(names, cd.name)
	}
	switch {
	case errata != nil:
		total = held[0].mod
		c.Sources = append(c.Sources, faqSource(errata, v.Page.Title, RoleDeciding,
			rs.v.reason("resolve-dodge-errata", errata.Title, errata.Version), LabelsOf(v.Page.Language)))
	case single != nil:
		total = held[0].mod
	}
	if single != nil {
		c.Sources = append(c.Sources, cite(single, rs.v.reason("resolve-dodge-single")))
	}
	for _, cd := range held {
		c.Sources = append(c.Sources, cite(cd.rec, rs.v.reason("resolve-dodge-held")))
	}
	c.Verdict = rs.v.reason("resolve-dodge-value", total)
	c.Explanation = rs.v.reason("resolve-dodge-holding", strings.Join(names, ", "))
	if errata != nil || single != nil {
		c.Explanation += rs.v.reason("resolve-dodge-one", total)
	} else {
		c.Explanation += rs.v.reason("resolve-dodge-added")
	}
	if errata != nil {
		for i := range v.Records {
			r := &v.Records[i]
			if r.Kind == wikirules.KindExample && len(r.Notes) > 0 && len(modNumbers(r.Plain)) > 0 {
				c.Sources = append(c.Sources, recordSource(r, RoleOverridden,
					rs.v.reason("resolve-dodge-example", errata.Title, errata.Version, strings.Join(r.Notes, " "))))
			}
		}
	}
	return []Conclusion{c}, nil
}

// hasModWord reports whether folded words name a modifier.
func hasModWord(words []string) bool {
	for _, w := range words {
		if isModWord(w) {
			return true
		}
	}
	return false
}

// templateRule finds, on the pages an errata relates to, the bullet giving
// the general rule for dodging a template ("Como regla general … Tirada de
// FIS").
func (rs *resolver) templateRule(ctx context.Context, fq *wikirules.FAQ) (*wikirules.Record, error) {
	f := rs.f
	f.Pages = fq.Related
	recs, err := rs.e.store.Records(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("engine: records related to %s: %w", fq.ID, err)
	}
	for i := range recs {
		if statesFact(lang.Words(recs[i].Plain), "template-general") {
			return &recs[i], nil
		}
	}
	return nil, nil
}

// burst works out an attack's Burst from the Módulo de Combate: modifiers
// to Burst apply in the Active Turn only, the value is never above the
// maximum it states, and in ARO the Burst is reduced to 1. Modifiers that
// take it below 1 get "unknown": the page states no minimum.
func (rs *resolver) burst(ctx context.Context, s Situation) ([]Conclusion, error) {
	if s.Burst == nil {
		return nil, nil
	}
	v, err := rs.rolePage(ctx, "combat-module")
	if err != nil {
		return nil, err
	}
	if v == nil {
		return []Conclusion{rs.unknown("burst", strings.Join(roleTitles(rs.v, "combat-module"), ", "))}, nil
	}
	var activeOnly, maxRec, aroRec *wikirules.Record
	maxB := 0
	for i := range v.Records {
		r := &v.Records[i]
		w := lang.Words(r.Plain)
		if activeOnly == nil && statesFact(w, "burst-active-only") {
			activeOnly = r
		}
		if maxRec == nil && statesFact(w, "burst") {
			if _, end := factAt(w, "burst-max"); end >= 0 && end < len(w) && w[end] != "" && w[end][0] >= '0' && w[end][0] <= '9' {
				maxRec, maxB = r, atoi(w[end])
			}
		}
		if aroRec == nil && statesFact(w, "aro-burst-one") {
			aroRec = r
		}
	}
	c := Conclusion{Topic: "burst", Status: StatusValue, Sources: []Source{}}
	sum := 0
	for _, m := range s.Burst.Mods {
		sum += m
	}
	if s.Turn == "reactive" {
		if aroRec == nil {
			return []Conclusion{rs.unknown("burst", rs.v.reason("resolve-burst-aro"))}, nil
		}
		c.Verdict = "1"
		c.Explanation = rs.v.reason("resolve-burst-aro-why", s.Burst.Base)
		if len(s.Burst.Mods) > 0 {
			c.Explanation += rs.v.reason("resolve-burst-aro-mods", sum)
		}
		c.Explanation += ")"
		c.Sources = append(c.Sources, cite(aroRec, rs.v.reason("resolve-burst-in-aro")))
		if activeOnly != nil && len(s.Burst.Mods) > 0 {
			c.Sources = append(c.Sources, cite(activeOnly, rs.v.reason("resolve-burst-active-only")))
		}
		return []Conclusion{c}, nil
	}
	if len(s.Burst.Mods) > 0 && activeOnly == nil {
		return []Conclusion{rs.unknown("burst", rs.v.reason("resolve-burst-when"))}, nil
	}
	if maxRec == nil {
		return []Conclusion{rs.unknown("burst", rs.v.reason("resolve-burst-max"))}, nil
	}
	total := s.Burst.Base + sum
	if total < 1 {
		// The Módulo de Combate caps Burst but states no minimum: no
		// verdict rather than a Burst of zero or less.
		return []Conclusion{rs.unknown("burst", rs.v.reason("resolve-burst-below", s.Burst.Base, sum, total))}, nil
	}
	c.Explanation = rs.v.reason("resolve-burst-active", s.Burst.Base, sum, total)
	if total > maxB {
		c.Explanation += rs.v.reason("resolve-burst-capped", maxB)
		total = maxB
	}
	c.Verdict = strconv.Itoa(total)
	if activeOnly != nil {
		c.Sources = append(c.Sources, cite(activeOnly, rs.v.reason("resolve-burst-active-apply")))
	}
	c.Sources = append(c.Sources, cite(maxRec, rs.v.reason("resolve-burst-never", maxB)))
	return []Conclusion{c}, nil
}
