package extract

import (
	"strings"

	"github.com/wikirules/wikirules"
)

// Rendered page text comes in two layouts (both in the seeds):
//
//   - line layout (001_…): no blank lines; every line is a heading, a
//     paragraph or a "- " bullet;
//   - blank-line layout (002_…, 003_…): paragraphs and headings are
//     separated by blank lines, a run of two or more blank lines ends a
//     rendered box, bullets are "- " or indented "  • ", and the lines of a
//     list whose markers the rendering dropped stand together without blank
//     lines between them ("Armas CD: …" / "Armas de Melé: …").
//
// Both start with the page title and the page header: navigation lines
// ("A | B | C"), "Secciones Principales", the title again, "De Infinity",
// "(Redirigido desde «…»)", "Saltar a: navegación, buscar". Those, and
// navigation lines anywhere, are layout.

// textLine is one line of the input: [start, end) without its line break.
type textLine struct {
	start, end int
	raw        string
}

// textLines cuts rendered page text into lines for the rendered front-end.
// title is the page's title (any line of the page header equal to it is
// furniture).
func textLines(src string, v *Vocabulary, title string) *renderedDoc {
	doc := &renderedDoc{}
	var raw []textLine
	for at := 0; at < len(src); {
		end := strings.IndexByte(src[at:], '\n')
		next := len(src)
		if end < 0 {
			end = len(src)
		} else {
			end += at
			next = end + 1
		}
		e := end
		if e > at && src[e-1] == '\r' {
			e--
		}
		raw = append(raw, textLine{start: at, end: e, raw: src[at:e]})
		at = next
	}
	titles := map[string]bool{foldKey(title): true}
	if len(raw) > 0 {
		titles[foldKey(strings.TrimPrefix(raw[0].raw, "\ufeff"))] = true
	}
	// nextText returns the text of the first non-blank line after i.
	nextText := func(i int) string {
		for j := i + 1; j < len(raw); j++ {
			if t := strings.TrimSpace(raw[j].raw); t != "" {
				return collapse(t)
			}
		}
		return ""
	}
	header, banner, sawSite := true, false, false
	gap := 0
	blankLayout := false
	seenContent := false
	type pending struct {
		l      rline
		bullet string // "-", "•" or ""
		indent int
	}
	var lines []pending
	var groups [][]int
	for i, tl := range raw {
		body := strings.TrimSpace(tl.raw)
		if body == "" {
			gap++
			continue
		}
		lead := len(tl.raw) - len(strings.TrimLeft(tl.raw, " \t"))
		s := wikirules.Span{Start: tl.start + lead, End: tl.start + len(strings.TrimRight(tl.raw, " \t\r"))}
		text := collapse(strings.TrimPrefix(body, "\ufeff"))
		furniture, cue := i == 0, wikirules.Editions(0)
		switch {
		case furniture:
		case isNavLine(text):
			furniture, cue = true, v.navCue(text)
		case header:
			mk, _ := markerOf(v, text, false)
			site, siteCue := v.siteLine(text)
			switch {
			case mk == mkBanner:
				furniture, banner = true, true
			case site:
				furniture, cue, banner, sawSite = true, siteCue, false, true
			case titles[foldKey(text)] && !sawSite:
				furniture, banner = true, false
			case mk == mkFurniture:
				furniture = true
			case banner && v.bannerLine(text):
				furniture = true
			case !sawSite && len(doc.lines) > 0 && (v.isSite(nextText(i)) || banner && isNavLine(nextText(i))):
				furniture, banner = true, false // the title as the page shows it, above the site line or navigation
			}
		}
		if furniture {
			doc.lines = append(doc.lines, rline{span: s, kind: rlLayout, text: text, gap: gap, cue: cue})
			gap = 0
			continue
		}
		header = false
		if seenContent && gap >= 1 {
			blankLayout = true
		}
		seenContent = true
		pd := pending{l: rline{span: s, kind: rlPara, text: text, md: text, gap: gap}, indent: lead}
		switch {
		case strings.HasPrefix(body, "- "):
			pd.bullet = "-"
		case strings.HasPrefix(body, "• "), strings.HasPrefix(body, "· "), strings.HasPrefix(body, "* "):
			pd.bullet = "•"
		}
		if pd.bullet != "" {
			_, rest, _ := strings.Cut(body, " ")
			pd.l.text = collapse(rest)
			pd.l.md = pd.l.text
			pd.l.marked = true
		}
		if body == "•" || body == "-" || body == "·" { // a bullet mark without its text (a cut page)
			doc.lines = append(doc.lines, rline{span: s, kind: rlLayout, text: text, gap: gap})
			gap = 0
			continue
		}
		if gap > 0 || len(groups) == 0 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], len(lines))
		lines = append(lines, pd)
		gap = 0
	}
	// Items: bullets always; in the blank-line layout, also the unmarked
	// lines of a group of two or more, except a lead-in ending in ":".
	for _, g := range groups {
		unmarked, dots := 0, false
		for _, k := range g {
			if lines[k].bullet == "" && plainLine(v, lines[k].l.text) {
				unmarked++
			}
			dots = dots || lines[k].bullet == "•"
		}
		if dots {
			unmarked = 0 // a "•" list shows its items: its other lines are paragraphs
		}
		prevItem := false
		for _, k := range g {
			pd := &lines[k]
			switch {
			case pd.bullet == "-":
				pd.l.kind, pd.l.depth = rlItem, 1
				if blankLayout && prevItem {
					pd.l.depth = 2
				}
			case pd.bullet == "•":
				pd.l.kind, pd.l.depth = rlItem, max(1, pd.indent/2)
			case blankLayout && unmarked >= 2 && plainLine(v, pd.l.text) && !strings.HasSuffix(pd.l.text, ":"):
				pd.l.kind, pd.l.depth = rlItem, 1
				prevItem = true
				continue
			}
			if pd.bullet == "" {
				prevItem = false
			}
		}
	}
	// Merge the layout lines and the content lines back in source order.
	out := make([]rline, 0, len(doc.lines)+len(lines))
	i, j := 0, 0
	for i < len(doc.lines) || j < len(lines) {
		if j >= len(lines) || i < len(doc.lines) && doc.lines[i].span.Start < lines[j].l.span.Start {
			out = append(out, doc.lines[i])
			i++
			continue
		}
		out = append(out, lines[j].l)
		j++
	}
	doc.lines = out
	return doc
}

// plainLine reports whether a line is ordinary text: no marker.
func plainLine(v *Vocabulary, text string) bool {
	mk, _ := markerOf(v, text, false)
	return mk == mkNone
}

// isNavLine reports whether a line is a navigation bar: three or more
// page names separated by " | ".
func isNavLine(text string) bool {
	return strings.Count(text, " | ")+strings.Count(text, " || ") >= 2
}

// siteLine reports whether a line of the page header is its site line
// ("From Infinity", "De Infinity Wiki": a Sites prefix and a site name of
// at most three capitalised words), with the editions a site of one
// edition shows (the old official wiki, "Infinity Wiki" → N3).
func (v *Vocabulary) siteLine(text string) (bool, wikirules.Editions) {
	ok, cue := false, wikirules.Editions(0)
	v.eachLanguage(func(l *Language) bool {
		for _, pre := range l.Sites {
			rest, found := strings.CutPrefix(text, pre)
			if !found || rest == "" || strings.ContainsAny(rest, ".,:;!?()") {
				continue
			}
			words := strings.Fields(rest)
			if len(words) > 3 {
				continue
			}
			capital := true
			for _, w := range words {
				capital = capital && w[0] >= 'A' && w[0] <= 'Z'
			}
			if capital {
				ok, cue = true, v.Editions.Sites[rest]
				return true
			}
		}
		return false
	})
	return ok, cue
}

func (v *Vocabulary) isSite(text string) bool {
	ok, _ := v.siteLine(text)
	return ok
}

// bannerLine reports whether a line continues a site notice.
func (v *Vocabulary) bannerLine(text string) bool {
	return v.anyLanguage(func(l *Language) bool { return hasAnyPrefix(text, l.BannerLines) })
}

// navCue returns the editions a navigation bar shows: the bar of a
// template of one edition ({{n5-section-game-states}} draws "States |
// Terminology | Alignment | Labels | Traits").
func (v *Vocabulary) navCue(text string) wikirules.Editions {
	var out wikirules.Editions
	v.eachLanguage(func(l *Language) bool {
		for _, k := range sortedKeys(l.NavCues) {
			if strings.HasPrefix(text, k) {
				out = l.NavCues[k]
				return true
			}
		}
		return false
	})
	return out
}
