package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/wikitext"
)

// renderer turns inline wikitext nodes into Markdown and plain text and
// collects what the text refers to: link targets, seefaq notes, categories
// and highlighted spans. One renderer serves one record.
//
// Markdown: ”' → **, ” → *, a wikilink → its label (or target) with its
// trail, list items → "- " lines, {{seefaq}} → nothing (its note goes to
// Notes), {{erratahighlight|x}} → x, {{n4inline}}x{{n4inline-end}} →
// "[N4: x]", unknown templates → their raw source, comments → nothing.
type renderer struct {
	src        string
	v          *Vocabulary
	links      []string
	linkSet    map[string]bool // links as a set, once there are many
	notes      []string
	categories []string
	highlights map[string][]string
	edPrefix   string // "[N4] " while inside an inline edition span
	seeFAQ     string // the note of a {{seefaq}} without text, in the page's language (v.SeeFAQNote when empty)
}

func newRenderer(src string, v *Vocabulary) *renderer { return &renderer{src: src, v: v} }

func (r *renderer) text(n wikitext.Node) string { return r.src[n.Pos():n.End()] }

// inline renders nodes to Markdown and plain text (not yet normalised).
// An inline edition span ({{n4inline}} … {{n4inline-end}}) renders as
// "[N4: …]"; a start without its end renders nothing. Time is linear in
// len(ns): the next end marker of each position is found in one backward
// scan, done only when the list holds an inline start.
func (r *renderer) inline(ns []wikitext.Node) (md, plain string) {
	var m, p strings.Builder
	if len(ns) > 0 {
		// The source the nodes span: the rendering is seldom longer, so
		// the builders seldom grow again.
		if n := ns[len(ns)-1].End() - ns[0].Pos(); n > 0 {
			m.Grow(n)
			p.Grow(n)
		}
	}
	var nextEnd, hlEnd []int
	for i := 0; i < len(ns); i++ {
		n := ns[i]
		if t, ok := n.(*wikitext.Template); ok {
			if e, known := r.v.Lookup(t.Name); known && e.Role == RoleEditionStart && e.Inline {
				if nextEnd == nil {
					nextEnd = r.inlineEnds(ns)
				}
				j := nextEnd[i]
				if j < 0 || !isInlineEnd(r.v, ns[j], e.Group) {
					continue // no end: the start marker alone says nothing
				}
				save := r.edPrefix
				r.edPrefix = e.Editions.Label() + " "
				im, ip := r.inline(ns[i+1 : j])
				r.edPrefix = save
				if strings.TrimSpace(ip) != "" {
					lbl := strings.Trim(e.Editions.Label(), "[]")
					m.WriteString("[" + lbl + ": " + strings.TrimSpace(im) + "]")
					p.WriteString("[" + lbl + ": " + strings.TrimSpace(ip) + "]")
				}
				i = j // skip the end marker too
				continue
			}
		}
		if t, ok := n.(*wikitext.Template); ok && t.Positional(1) == nil {
			if e, known := r.v.Lookup(t.Name); known && e.Role == RoleHighlight {
				// the pair form: the words up to the end marker are the
				// highlight; a start without its end marks nothing
				if hlEnd == nil {
					hlEnd = r.highlightEnds(ns)
				}
				if j := hlEnd[i]; j >= 0 && r.highlightGroup(ns[j]) == e.Group {
					im, ip := r.inline(ns[i+1 : j])
					if h := collapse(ip); h != "" {
						if r.highlights == nil {
							r.highlights = map[string][]string{}
						}
						r.highlights[e.Group] = append(r.highlights[e.Group], h)
					}
					m.WriteString(im)
					p.WriteString(ip)
					i = j
				}
				continue
			}
		}
		nm, np := r.node(n)
		m.WriteString(nm)
		p.WriteString(np)
	}
	return m.String(), p.String()
}

// inlineEnds returns, for each index of ns, the index of the first inline
// edition end marker after it (-1 when none).
func (r *renderer) inlineEnds(ns []wikitext.Node) []int {
	out := make([]int, len(ns))
	next := -1
	for i := len(ns) - 1; i >= 0; i-- {
		out[i] = next
		if t, ok := ns[i].(*wikitext.Template); ok {
			if e, known := r.v.Lookup(t.Name); known && e.Role == RoleEditionEnd && e.Inline {
				next = i
			}
		}
	}
	return out
}

// highlightEnds returns, for each position of ns, the index of the next
// highlight end marker after it ({{erratahighlight-end}}), -1 when none.
func (r *renderer) highlightEnds(ns []wikitext.Node) []int {
	out := make([]int, len(ns))
	next := -1
	for i := len(ns) - 1; i >= 0; i-- {
		out[i] = next
		if r.highlightGroup(ns[i]) != "" {
			next = i
		}
	}
	return out
}

// highlightGroup is the group of a highlight end marker ("errata"), ""
// for any other node.
func (r *renderer) highlightGroup(n wikitext.Node) string {
	if t, ok := n.(*wikitext.Template); ok {
		if e, known := r.v.Lookup(t.Name); known && e.Role == RoleHighlightEnd {
			return e.Group
		}
	}
	return ""
}

func isInlineEnd(v *Vocabulary, n wikitext.Node, group string) bool {
	t, ok := n.(*wikitext.Template)
	if !ok {
		return false
	}
	e, known := v.Lookup(t.Name)
	return known && e.Role == RoleEditionEnd && e.Group == group
}

func (r *renderer) node(n wikitext.Node) (md, plain string) {
	switch n := n.(type) {
	case *wikitext.Text:
		s := r.text(n)
		if strings.ContainsAny(s, "<&") {
			return htmlSpaces.Replace(s), plainHTML(s)
		}
		return s, s
	case *wikitext.Format:
		im, ip := r.inline(n.Nodes)
		return emphasise(im, emphasisMarks[n.Style&3]), ip
	case *wikitext.Link:
		return r.link(n)
	case *wikitext.Template:
		return r.template(n)
	case *wikitext.MagicWord:
		switch n.Name {
		case "!":
			return "|", "|"
		case "=":
			return "=", "="
		}
		s := r.text(n)
		return s, s
	case *wikitext.Comment, *wikitext.Ignored:
		return "", ""
	case *wikitext.Tag:
		if n.Name == "ref" {
			return "", ""
		}
		s := r.src[n.Content.Start:n.Content.Stop]
		return s, decodeEntities(s)
	case *wikitext.ListItem:
		im, ip := r.inline(n.Nodes)
		ind := strings.Repeat("  ", max(n.Depth-1, 0))
		return "\n" + ind + listMark(n.Prefix) + strings.TrimSpace(im) + "\n", "\n" + ip + "\n"
	case *wikitext.Heading:
		im, ip := r.inline(n.Nodes)
		return "\n**" + strings.TrimSpace(im) + "**\n", "\n" + ip + "\n"
	case *wikitext.Table:
		var m, p strings.Builder
		for _, c := range n.Nodes {
			cm, cp := r.node(c)
			m.WriteString(cm)
			p.WriteString(cp)
		}
		return m.String(), p.String()
	case *wikitext.Param:
		return r.inline(n.Value)
	}
	s := r.text(n) // parser functions, arguments: kept raw
	return s, s
}

// htmlSpaces turns the line breaks and non-breaking spaces editors type
// as HTML into spaces.
var htmlSpaces = strings.NewReplacer("<br>", " ", "<br/>", " ", "<br />", " ", "&nbsp;", " ")

// emphasisMarks are the Markdown marks of each wikitext.Style.
var emphasisMarks = [4]string{"", "*", "**", "***"}

func listMark(prefix string) string {
	if strings.HasSuffix(prefix, "#") {
		return "1. "
	}
	return "- "
}

// emphasise wraps s in mark, keeping surrounding spaces outside the marks
// (Markdown does not open emphasis before a space: "Tirada”' exitosa”'").
func emphasise(s, mark string) string {
	t := strings.TrimSpace(s)
	if t == "" || mark == "" {
		return s
	}
	lead := s[:strings.Index(s, t)]
	trail := s[len(lead)+len(t):]
	return lead + mark + t + mark + trail
}

func (r *renderer) link(l *wikitext.Link) (md, plain string) {
	target := strings.TrimSpace(l.Target)
	if hasNamespace(strings.TrimPrefix(target, ":"), r.v.FilePrefixes) && !strings.HasPrefix(target, ":") {
		return "", ""
	}
	if hasNamespace(target, r.v.CategoryPrefixes) {
		r.categories = append(r.categories, categoryName(target))
		return "", ""
	}
	r.addLink(target)
	var lm, lp string
	if l.Label != nil {
		lm, lp = r.inline(l.Label)
	} else {
		lm = r.src[l.TargetSpan.Start:l.TargetSpan.Stop]
		lm = strings.TrimPrefix(strings.TrimSpace(lm), ":")
		lp = lm
	}
	trail := r.src[l.Trail.Start:l.Trail.Stop]
	return strings.TrimSpace(lm) + trail, strings.TrimSpace(lp) + trail
}

// addLink adds the page a link names to links, once. A record with many
// links keeps a set of them, so that adding stays linear.
func (r *renderer) addLink(target string) {
	t := PageTitle(target)
	if t == "" {
		return
	}
	if r.linkSet != nil {
		if r.linkSet[t] {
			return
		}
		r.linkSet[t] = true
	} else {
		for _, have := range r.links {
			if have == t {
				return
			}
		}
		if len(r.links) >= 16 {
			r.linkSet = make(map[string]bool, 2*len(r.links))
			for _, have := range r.links {
				r.linkSet[have] = true
			}
			r.linkSet[t] = true
		}
	}
	r.links = append(r.links, t)
}

func (r *renderer) template(t *wikitext.Template) (md, plain string) {
	e, known := r.v.Lookup(t.Name)
	if !known {
		s := r.text(t)
		return s, s
	}
	switch e.Role {
	case RoleSeeFAQ:
		note := ""
		if p := t.Positional(1); p != nil {
			_, np := r.inline(p.Value)
			note = collapse(np)
		}
		if note == "" {
			note = r.v.SeeFAQNote
			if r.seeFAQ != "" {
				note = r.seeFAQ
			}
		}
		r.notes = append(r.notes, r.edPrefix+note)
		return "", ""
	case RoleHighlight:
		p := t.Positional(1)
		if p == nil {
			return "", ""
		}
		m, pl := r.inline(p.Value)
		if r.highlights == nil {
			r.highlights = map[string][]string{}
		}
		r.highlights[e.Group] = append(r.highlights[e.Group], collapse(pl))
		return m, pl
	case RoleTableRow:
		m, pl := rowText(rowFields(r, t, e))
		return "\n" + m + "\n", "\n" + pl + "\n"
	case RoleBoxStart:
		if e.ContentParam > 0 {
			if p := t.Positional(e.ContentParam); p != nil {
				return r.inline(p.Value)
			}
		}
	}
	return "", ""
}

// PageTitle normalises a wikilink target to the page title it names, as
// MediaWiki does: the "#section" part and a leading ":" are dropped, "_"
// becomes a space, runs of spaces collapse and the first letter is upper
// case ("contacto de Silueta" → "Contacto de Silueta",
// "Propiedades#Ataque_Especulativo" → "Propiedades"). Empty for a link to a
// section of the same page.
func PageTitle(target string) string {
	if target != "" && target[0] >= 'A' && target[0] <= 'Z' && !strings.ContainsAny(target, "#_:") && collapse(target) == target {
		return target
	}
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target = target[:i]
	}
	target = strings.TrimPrefix(strings.TrimSpace(target), ":")
	target = strings.Join(strings.Fields(strings.ReplaceAll(target, "_", " ")), " ")
	if target == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(target)
	return string(unicode.ToUpper(r)) + target[n:]
}

func categoryName(target string) string {
	i := strings.IndexByte(target, ':')
	return PageTitle(target[i+1:])
}

// collapse turns every run of white space (ASCII space, tab, line breaks,
// NBSP) into one space and trims. It returns s itself when s is already
// collapsed, and copies whole runs of text otherwise.
func collapse(s string) string {
	if collapsed(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	i := 0
	for i < len(s) {
		j := i
		for j < len(s) && !isSpaceAt(s, j) {
			j++
		}
		if j > i {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s[i:j])
		}
		for j < len(s) && isSpaceAt(s, j) {
			j += spaceLen(s, j)
		}
		i = j
	}
	return b.String()
}

// spaceLead marks the bytes collapsed and isSpaceAt look at twice: ASCII
// white space and 0xC2, the first byte of U+00A0 (no-break space).
var spaceLead = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true, 0xC2: true}

// collapsed reports whether s has no leading, trailing or doubled white
// space and no white space other than single ASCII spaces.
func collapsed(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !spaceLead[c] {
			continue
		}
		switch c {
		case ' ':
			if s[i+1] == ' ' {
				return false
			}
		case '\t', '\n', '\r', '\v', '\f':
			return false
		case 0xC2:
			if i+1 < len(s) && s[i+1] == 0xA0 {
				return false
			}
		}
	}
	return true
}

func isSpaceAt(s string, i int) bool {
	if !spaceLead[s[i]] {
		return false
	}
	switch s[i] {
	case ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	case 0xC2:
		return i+1 < len(s) && s[i+1] == 0xA0
	}
	return false
}

func spaceLen(s string, i int) int {
	if s[i] == 0xC2 {
		return 2
	}
	return 1
}

// normalizeMarkdown tidies rendered Markdown: lines are trimmed at the right
// and their inner runs of spaces collapsed; a blank line (or more) becomes
// one paragraph break; list lines ("- ", "1. ", indented) stay on their own
// line; other single line breaks join lines with a space. The output is
// written once, line by line: time and memory are linear in len(s), however
// many lines a paragraph joins.
func normalizeMarkdown(s string) string {
	if strings.IndexByte(s, '\n') < 0 {
		return collapse(s) // one line: nothing but spaces to tidy
	}
	var b strings.Builder
	b.Grow(len(s))
	lines := 0        // output lines begun, paragraph breaks included
	open := false     // the last output line may be joined by the next
	openList := false // … and it is a list line (never joined)
	openFirst := ""   // the open line's text when it is one input line
	blank := false    // a blank input line since the last output line
	newLine := func() {
		if lines > 0 {
			b.WriteByte('\n')
		}
		lines++
	}
	for rest := s; ; {
		line, more := rest, false
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest, more = rest[:i], rest[i+1:], true
		}
		if body := collapse(line); body == "" {
			blank = true
		} else {
			isList := strings.HasPrefix(body, "- ") || strings.HasPrefix(body, "1. ")
			if blank || isList || openList {
				open = false
				if blank && lines > 0 {
					newLine() // the paragraph break
				}
			}
			blank = false
			switch {
			case isList:
				indent := len(line) - len(strings.TrimLeft(line, " "))
				newLine()
				b.WriteString(strings.Repeat(" ", indent-indent%2))
				b.WriteString(body)
				open, openList = true, true
			case open:
				b.WriteByte(' ')
				b.WriteString(body)
				// A line begun as "-" or "1." now reads as a list line.
				openList = openFirst == "-" || openFirst == "1."
				openFirst = ""
			default:
				newLine()
				b.WriteString(body)
				open, openList, openFirst = true, false, body
			}
		}
		if !more {
			break
		}
	}
	return b.String()
}

// renderParam renders a template parameter's value as normalised Markdown
// and plain text.
func (r *renderer) renderParam(p *wikitext.Param) (md, plain string) {
	if p == nil {
		return "", ""
	}
	m, pl := r.inline(p.Value)
	return normalizeMarkdown(m), collapse(pl)
}

// editionsOf reads the editions a title such as "N4 FAQ" or "CodeOne
// Errata" names.
func editionsOf(title string) wikirules.Editions {
	var out wikirules.Editions
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if e, err := wikirules.ParseEdition(w); err == nil {
			out |= wikirules.Editions(e)
		}
	}
	return out
}
