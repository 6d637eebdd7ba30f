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

// textLines cuts rendered page text into lines for the rendered pass.
func textLines(src string, v *Vocabulary) *renderedDoc {
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
	title := ""
	if len(raw) > 0 {
		title = foldKey(strings.TrimPrefix(raw[0].raw, "\ufeff"))
	}
	header := true
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
		if i == 0 || isNavLine(text) || header && isHeaderLine(v, text, title) {
			doc.lines = append(doc.lines, rline{span: s, kind: rlLayout, text: text, gap: gap})
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
		unmarked := 0
		for _, k := range g {
			if lines[k].bullet == "" && plainLine(v, lines[k].l.text) {
				unmarked++
			}
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

// isHeaderLine reports whether a line of the page header is furniture:
// the title again, "De SITE", "Secciones Principales", "Saltar a: …",
// "(Redirigido desde «…»)".
func isHeaderLine(v *Vocabulary, text, title string) bool {
	if foldKey(text) == title {
		return true
	}
	for _, pre := range []string{"De ", "From "} {
		if rest, ok := strings.CutPrefix(text, pre); ok && rest != "" && !strings.ContainsAny(rest, " .,:;") {
			return true
		}
	}
	mk, _ := markerOf(v, text, false)
	return mk == mkFurniture
}
