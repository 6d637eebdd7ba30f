package engine

import (
	"sync"

	"github.com/wikirules/wikirules/lang"
)

// conceptNames names each of titles (the pages a question names) in
// language code ("es", "en") for the answer's "why" line: a title that is
// a term of the glossary's other-language side only (an English question
// naming the Spanish page "Esquivar") is named by the glossary's term of
// the question's side, the one in the same position of the pair when
// there is one ("H, Heridas | W, Wounds": Heridas → Wounds; "Mina, Minas,
// Arma Posicionable | Mine, Mines": Mines → Minas), else its first term
// not written in capitals; a title that is a term of both sides ("Reset |
// Reset") or of none is kept as written. A concept is named once: the
// Spanish and English pages of one concept ("Piloto", "Pilot") come out as
// one name, in the place of the first.
func conceptNames(g *lang.Glossary, titles []string, code string) []string {
	if g == nil || code != "es" && code != "en" {
		return titles
	}
	idx := conceptIndexOf(g)
	pairs := g.Pairs()
	out := make([]string, 0, len(titles))
	seen := map[string]bool{}
	for _, t := range titles {
		name := t
		at := idx[lang.Fold(t)]
		own := false
		for _, a := range at {
			own = own || a.en == (code == "en")
		}
		if !own && len(at) > 0 {
			// at is in file order: the first pair naming the title wins.
			p := pairs[at[0].pair]
			side := p.ES
			if code == "en" {
				side = p.EN
			}
			name = termAtOr(side, at[0].pos)
		}
		if !seen[lang.Fold(name)] {
			seen[lang.Fold(name)] = true
			out = append(out, name)
		}
	}
	return out
}

// termAtOr is side's term at pos, else its first not written in capitals
// (else its first).
func termAtOr(side []string, pos int) string {
	if pos < len(side) {
		return side[pos]
	}
	for _, w := range side {
		if !lang.Capitals(w) {
			return w
		}
	}
	return side[0]
}

// termAt is where a glossary term stands: its pair (index into Pairs),
// side (en) and position in that side.
type termAt struct {
	pair int
	en   bool
	pos  int
}

var (
	conceptMu  sync.Mutex
	conceptIdx = map[*lang.Glossary]map[string][]termAt{}
)

// conceptIndexOf is g's terms by folded form, built once per glossary.
func conceptIndexOf(g *lang.Glossary) map[string][]termAt {
	conceptMu.Lock()
	defer conceptMu.Unlock()
	if idx, ok := conceptIdx[g]; ok {
		return idx
	}
	idx := map[string][]termAt{}
	for i, p := range g.Pairs() {
		for j, t := range p.ES {
			idx[lang.Fold(t)] = append(idx[lang.Fold(t)], termAt{pair: i, pos: j})
		}
		for j, t := range p.EN {
			idx[lang.Fold(t)] = append(idx[lang.Fold(t)], termAt{pair: i, en: true, pos: j})
		}
	}
	conceptIdx[g] = idx
	return idx
}
