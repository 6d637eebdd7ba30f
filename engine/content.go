package engine

import (
	"regexp"
	"strings"

	"github.com/wikirules/wikirules/lang"
)

// minContent is the share of the question's non-trivial weight (bare
// numbers left out) the deciding source must hold: the relevance a
// candidate needs to decide at all, so that numbers cannot make it up.
const minContent = minRelevance

var (
	reCodeElement = regexp.MustCompile(`(?is)<(script|style)\b[^>]*>.*?</(script|style)\s*>`)
	reTag         = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>`)
)

// prose returns the text of a question as a browser would show it: HTML
// tags dropped and script and style elements, whose content is code and
// never shown, removed with their content. A rules question is prose; the
// web form and the CLI pass whatever was typed.
func prose(question string) string {
	s := reCodeElement.ReplaceAllString(question, " ")
	s = reTag.ReplaceAllString(s, " ")
	return strings.TrimSpace(s)
}

// speaks reports whether candidate c speaks to question q enough to decide
// it, and if not why. The question must name a game concept the knowledge
// base knows (a glossary term or a page title) and c must hold one of
// them, in its own text or page title; and c must hold at least minContent
// of the weight of the question's non-trivial units (bare numbers left
// out; words the knowledge base lacks weigh as in analyze). Relevance
// alone is not enough: "<script>alert(1)</script>" reads as Alertar and
// the number 1, which a Suplantado bullet ("IMP-1 … Alertar") holds.
func (e *Engine) speaks(q query, c *candidate) (bool, string) {
	own := map[string]bool{}
	for k := range c.keys {
		own[k] = true
	}
	for _, k := range keys(c.page) {
		own[k] = true
	}
	named, term := len(q.topics) > 0, false
	for _, t := range q.topics {
		if lang.Fold(t) == lang.Fold(c.page) {
			term = true
		}
	}
	var total, held float64
	for i := range q.units {
		u := &q.units[i]
		if u.trivial() {
			continue
		}
		total += u.dw
		if u.idf > 0 && u.holds(own) {
			held += u.dw
			if u.term {
				term = true
			}
		}
		if u.term && u.idf > 0 {
			named = true
		}
	}
	switch {
	case !named:
		return false, "the question names no game term the knowledge base knows"
	case !term:
		return false, "the nearest text holds none of the game terms the question names"
	case total == 0 || held/total < minContent:
		return false, "the nearest text speaks to too little of the question"
	}
	return true, ""
}
