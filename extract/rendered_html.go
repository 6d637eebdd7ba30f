package extract

import (
	"strings"

	"github.com/wikirules/wikirules"
	"golang.org/x/net/html"
)

// Rendered MediaWiki HTML: the article is the element with class
// "mw-parser-output" (else #mw-content-text, else <body>, else the whole
// fragment). Headings are <h1>…<h6>, in the older markup with the title in
// <span class="mw-headline"> and in the newer one wrapped in
// <div class="mw-heading mw-headingN">; both carry an edit link
// (.mw-editsection) that is furniture. Lists are <ul>/<ol> (items <li>,
// nested lists one level deeper) and <dl> (":" indentation, <dd> items).
// Templates render as <div>s: the wiki's boxes are recognised by their
// label line ("IMPORTANTE", "Actualización …", "Original") or by a class
// naming a vocabulary group ("important", "remember", "greybox",
// "faqbox"…); a box ends with its element.
//
// Spans need byte offsets, which no DOM keeps, so the markup is read with
// html.Tokenizer into a small tree of elements with their [start, end)
// bytes (start tag to end tag). Implied end tags are handled the way
// MediaWiki's own output needs (<p>, <li>, <dd>/<dt>, table cells);
// anything unclosed ends at the end of input.

// hnode is an element or text node of the tree with its byte span.
type hnode struct {
	tag        string // "" for text
	attr       map[string]string
	start, end int
	kids       []*hnode
	parent     *hnode
	text       string // text nodes, unescaped
}

func (n *hnode) class(c string) bool {
	for _, f := range strings.Fields(n.attr["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

var voidTags = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true}

// maxHTMLDepth bounds the nesting of the tree: an element opened deeper is
// kept empty (what follows it goes to its parent), so that time stays
// linear in the input whatever the markup.
const maxHTMLDepth = 256

// parseHTMLTree builds the element tree of src with byte spans.
func parseHTMLTree(src string) *hnode {
	root := &hnode{tag: "#root", end: len(src)}
	stack := []*hnode{root}
	z := html.NewTokenizer(strings.NewReader(src))
	z.SetMaxBuf(0)
	off := 0
	closeTo := func(k, at int) { // pop stack[k:], ending them at at
		for len(stack) > k {
			top := stack[len(stack)-1]
			if top.end < 0 {
				top.end = at
			}
			stack = stack[:len(stack)-1]
		}
	}
	find := func(tag string, stopAt ...string) int {
		for k := len(stack) - 1; k > 0; k-- {
			if stack[k].tag == tag {
				return k
			}
			for _, s := range stopAt {
				if stack[k].tag == s {
					return -1
				}
			}
		}
		return -1
	}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		start := off
		off += len(z.Raw())
		top := stack[len(stack)-1]
		switch tt {
		case html.TextToken:
			top.kids = append(top.kids, &hnode{start: start, end: off, parent: top, text: html.UnescapeString(string(z.Raw()))})
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			tag := tok.Data
			switch tag {
			case "p", "div", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "h5", "h6", "table", "pre", "blockquote":
				if k := find("p", "div", "li", "td", "th", "dd"); k > 0 {
					closeTo(k, start)
				}
			case "li":
				if k := find("li", "ul", "ol"); k > 0 {
					closeTo(k, start)
				}
			case "dd", "dt":
				if k := find("dd", "dl"); k > 0 {
					closeTo(k, start)
				} else if k := find("dt", "dl"); k > 0 {
					closeTo(k, start)
				}
			case "td", "th":
				if k := find("td", "tr", "table"); k > 0 {
					closeTo(k, start)
				} else if k := find("th", "tr", "table"); k > 0 {
					closeTo(k, start)
				}
			case "tr":
				if k := find("tr", "table"); k > 0 {
					closeTo(k, start)
				}
			}
			top = stack[len(stack)-1]
			n := &hnode{tag: tag, start: start, end: -1, parent: top, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Key] = a.Val
			}
			top.kids = append(top.kids, n)
			if tt == html.SelfClosingTagToken || voidTags[tag] || len(stack) > maxHTMLDepth {
				n.end = off
			} else {
				stack = append(stack, n)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if k := find(string(name)); k > 0 {
				stack[k].end = off
				closeTo(k, off)
			}
		}
	}
	closeTo(1, len(src))
	return root
}

// furnitureClasses and furnitureIDs name elements of MediaWiki's chrome
// inside or around the content that hold no rule text.
var (
	furnitureClasses = []string{"mw-editsection", "toc", "navbox", "printfooter", "catlinks", "mw-jump-link",
		"noprint", "mw-indicators", "mw-empty-elt", "metadata"}
	furnitureIDs = map[string]bool{"toc": true, "siteSub": true, "contentSub": true, "jump-to-nav": true, "catlinks": true}
	furnitureTag = map[string]bool{"script": true, "style": true, "noscript": true, "link": true, "meta": true, "img": true}
)

func isFurniture(n *hnode) bool {
	if furnitureTag[n.tag] || furnitureIDs[n.attr["id"]] {
		return true
	}
	for _, c := range furnitureClasses {
		if n.class(c) {
			return true
		}
	}
	return false
}

// boxGroups are the vocabulary groups an HTML class may name, and
// "faqbox" for the FAQ box.
var boxGroups = []string{"important", "remember", "explain", "advice", "see-also", "greybox", "faqbox"}

// editionClasses are the classes of the elements the wiki's edition
// templates render ({{c1}} … {{c1end}}, {{n4}}/{{n4list}} … {{n4end}}:
// the wiki's CSS hides ".n4" by default), with the template each stands
// for.
var editionClasses = map[string]string{"c1": "c1", "n4": "n4", "n4list": "n4list"}

func editionOf(n *hnode) string {
	for _, c := range strings.Fields(n.attr["class"]) {
		if t, ok := editionClasses[c]; ok {
			return t
		}
	}
	return ""
}

func boxGroupOf(n *hnode) string {
	for _, c := range strings.Fields(n.attr["class"]) {
		for _, g := range boxGroups {
			if c == g || c == g+"-box" || c == g+"box" {
				return g
			}
		}
	}
	return ""
}

var inlineTags = map[string]bool{"a": true, "b": true, "i": true, "strong": true, "em": true, "span": true,
	"sup": true, "sub": true, "small": true, "big": true, "code": true, "abbr": true, "br": true, "u": true,
	"s": true, "font": true, "tt": true, "kbd": true, "q": true, "cite": true, "mark": true, "time": true,
	"img": true, "del": true, "ins": true, "var": true, "bdi": true, "label": true}

// htmlWalker turns the content element into lines.
type htmlWalker struct {
	src   string
	doc   *renderedDoc
	boxes []int
	group []string
	eds   []string // the edition template each open container stands for, or ""
	ids   int
}

// htmlLines reads rendered MediaWiki HTML into lines for the rendered pass.
func htmlLines(src string, v *Vocabulary) *renderedDoc {
	tree := parseHTMLTree(src)
	doc := &renderedDoc{gapOK: markupOnly}
	w := &htmlWalker{src: src, doc: doc}
	root := findNode(tree, func(n *hnode) bool { return n.tag == "div" && n.class("mw-parser-output") })
	if root == nil {
		root = findNode(tree, func(n *hnode) bool { return n.attr["id"] == "mw-content-text" })
	}
	if root == nil {
		root = findNode(tree, func(n *hnode) bool { return n.tag == "body" })
	}
	if root == nil {
		root = tree
	}
	doc.layout = append(doc.layout, wikirules.Span{Start: 0, End: root.start}, wikirules.Span{Start: root.end, End: len(src)})
	if cl := findNode(tree, func(n *hnode) bool { return n.attr["id"] == "catlinks" || n.class("catlinks") }); cl != nil {
		walkNodes(cl, func(n *hnode) {
			if n.tag == "a" {
				if c := categoryName(n.attr["title"]); c != "" && hasNamespace(n.attr["title"], v.CategoryPrefixes) {
					doc.categories = appendUnique(doc.categories, c)
				}
			}
		})
	}
	w.container(root)
	return doc
}

func findNode(n *hnode, ok func(*hnode) bool) *hnode {
	if n.tag != "" && ok(n) {
		return n
	}
	for _, k := range n.kids {
		if f := findNode(k, ok); f != nil {
			return f
		}
	}
	return nil
}

func walkNodes(n *hnode, f func(*hnode)) {
	f(n)
	for _, k := range n.kids {
		walkNodes(k, f)
	}
}

// ownRows calls f for each <tr> of table t, in order, and not for those
// of a table nested in one of its cells: a nested table's text is its
// cell's (renderInline), and its rows would lie inside the outer row's
// span.
func ownRows(t *hnode, f func(*hnode)) {
	var walk func(n *hnode)
	walk = func(n *hnode) {
		for _, k := range n.kids {
			switch k.tag {
			case "tr":
				f(k)
			case "table":
			default:
				walk(k)
			}
		}
	}
	walk(t)
}

// container reads the children of a block container: runs of inline
// content become paragraph lines (split at <br>), block children are read
// by block.
func (w *htmlWalker) container(n *hnode) {
	var run []*hnode
	flush := func() {
		w.inlineLines(run, nil)
		run = nil
	}
	for _, k := range n.kids {
		if k.tag == "" || inlineTags[k.tag] && !isFurniture(k) {
			run = append(run, k)
			continue
		}
		flush()
		w.block(k, 0)
	}
	flush()
}

// block reads one block element at list depth depth.
func (w *htmlWalker) block(n *hnode, depth int) {
	if isFurniture(n) {
		w.doc.layout = append(w.doc.layout, wikirules.Span{Start: n.start, End: n.end})
		return
	}
	switch n.tag {
	case "h1", "h2", "h3", "h4", "h5", "h6":
		w.add(rline{span: wikirules.Span{Start: n.start, End: n.end}, kind: rlHeading, level: int(n.tag[1] - '0')}, n)
	case "p", "pre":
		w.inlineLines(n.kids, n)
	case "ul", "ol", "dl":
		for _, k := range n.kids {
			switch k.tag {
			case "li", "dd":
				w.item(k, depth+1)
			case "dt":
				w.inlineLines(k.kids, k)
			case "":
			default:
				w.block(k, depth)
			}
		}
	case "table":
		if !w.tableRows(n) {
			w.add(rline{span: wikirules.Span{Start: n.start, End: n.end}, kind: rlPara}, n)
		}
	case "div":
		if n.class("mw-heading") {
			level := 2
			if h := findNode(n, func(k *hnode) bool { return len(k.tag) == 2 && k.tag[0] == 'h' && k.tag[1] >= '1' && k.tag[1] <= '6' }); h != nil {
				level = int(h.tag[1] - '0')
			}
			w.add(rline{span: wikirules.Span{Start: n.start, End: n.end}, kind: rlHeading, level: level}, n)
			return
		}
		w.ids++
		w.boxes = append(w.boxes, w.ids)
		w.group = append(w.group, boxGroupOf(n))
		w.eds = append(w.eds, editionOf(n))
		w.container(n)
		w.boxes, w.group, w.eds = w.boxes[:len(w.boxes)-1], w.group[:len(w.group)-1], w.eds[:len(w.eds)-1]
	default:
		w.container(n)
	}
}

// item reads a list item: its own text up to its first nested list is one
// item line of depth; nested lists are one level deeper.
func (w *htmlWalker) item(n *hnode, depth int) {
	cut := len(n.kids)
	for i, k := range n.kids {
		if k.tag == "ul" || k.tag == "ol" || k.tag == "dl" {
			cut = i
			break
		}
	}
	end := n.end
	if cut < len(n.kids) {
		end = n.kids[cut].start
	}
	l := rline{span: wikirules.Span{Start: n.start, End: end}, kind: rlItem, depth: depth, marked: true}
	l.text, l.md, l.links = renderInline(n.kids[:cut])
	if l.text != "" {
		w.push(l)
	}
	for _, k := range n.kids[cut:] {
		if k.tag != "" {
			w.block(k, depth)
		}
	}
}

// inlineLines makes paragraph lines of a run of inline nodes, one per part
// between <br>s. With the element el holding exactly the run (a <p>), a
// line without <br> spans the whole element.
func (w *htmlWalker) inlineLines(run []*hnode, el *hnode) {
	parts := [][]*hnode{nil}
	for _, k := range run {
		if k.tag == "br" {
			parts = append(parts, nil)
			continue
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], k)
	}
	for _, part := range parts {
		text, md, links := renderInline(part)
		if text == "" {
			continue
		}
		s := wikirules.Span{Start: part[0].start, End: part[len(part)-1].end}
		if el != nil && len(parts) == 1 {
			s = wikirules.Span{Start: el.start, End: el.end}
		}
		w.push(rline{span: s, kind: rlPara, text: text, md: md, links: links, sure: true})
	}
}

// add fills a line's text from element n and pushes it.
func (w *htmlWalker) add(l rline, n *hnode) {
	l.text, l.md, l.links = renderInline(n.kids)
	if n.tag == "table" {
		l.md = tableText(n)
		l.text = collapse(l.md)
	}
	if l.text == "" {
		w.doc.layout = append(w.doc.layout, l.span)
		return
	}
	l.sure = true
	w.push(l)
}

func (w *htmlWalker) push(l rline) {
	l.sure = true
	l.boxes = append([]int(nil), w.boxes...)
	for k := len(w.group) - 1; k >= 0; k-- {
		if w.group[k] != "" {
			l.boxGroup, l.boxID = w.group[k], w.boxes[k]
			break
		}
	}
	for k := len(w.eds) - 1; k >= 0; k-- {
		if w.eds[k] != "" {
			l.edition, l.editionID = w.eds[k], w.boxes[k]
			break
		}
	}
	w.doc.lines = append(w.doc.lines, l)
}

// renderInline returns the plain text (white space collapsed), Markdown
// (**bold**, *italic*) and wiki links of inline nodes; edit links and
// other furniture are left out.
func renderInline(ns []*hnode) (plain, md string, links []string) {
	var walk func(n *hnode, depth int) (p, m string)
	walk = func(n *hnode, depth int) (p, m string) {
		if n.tag == "" {
			return n.text, n.text
		}
		if isFurniture(n) {
			return "", ""
		}
		if n.tag == "br" {
			return "\n", "\n"
		}
		if t := n.attr["title"]; n.tag == "a" && t != "" && !n.class("external") && !n.class("image") {
			links = appendUnique(links, PageTitle(t))
		}
		var pb, mb strings.Builder
		for _, k := range n.kids {
			kp, km := walk(k, depth+1)
			pb.WriteString(kp)
			mb.WriteString(km)
		}
		m = mb.String()
		mark := map[string]string{"b": "**", "strong": "**", "i": "*", "em": "*"}[n.tag]
		if t := strings.TrimSpace(m); mark != "" && t != "" && depth < 8 {
			m = mark + t + mark
		}
		return pb.String(), m
	}
	var pb, mb strings.Builder
	for _, n := range ns {
		p, m := walk(n, 0)
		pb.WriteString(p)
		mb.WriteString(m)
	}
	return collapse(pb.String()), normalizeMarkdown(collapse(mb.String())), links
}

// tableRows pushes one row line per data row of a table (a <tr> holding a
// <td>), with the header cells that head its cells (table_headers.go:
// the rows of <th> cells above it, colspan and rowspan laid out); it
// reports false for a table without data rows.
func (w *htmlWalker) tableRows(t *hnode) bool {
	var trs []*hnode
	var grid [][]gridCell
	var links [][][]string
	ownRows(t, func(n *hnode) {
		var cells []gridCell
		var ls [][]string
		for _, c := range n.kids {
			if c.tag != "td" && c.tag != "th" {
				continue
			}
			p, m, l := renderInline(c.kids)
			cells = append(cells, gridCell{plain: p, md: m, header: c.tag == "th",
				colspan: spanAttr("colspan="+c.attr["colspan"], "colspan"), rowspan: spanAttr("rowspan="+c.attr["rowspan"], "rowspan")})
			ls = append(ls, l)
		}
		trs, grid, links = append(trs, n), append(grid, cells), append(links, ls)
	})
	_, data := headRows(grid)
	if len(data) == 0 {
		return false
	}
	if hs := trs[data[0].row].start; hs > t.start {
		w.doc.layout = append(w.doc.layout, wikirules.Span{Start: t.start, End: hs})
	}
	var header []string
	for _, h := range data[0].cells {
		header = appendUnique(header, h.label)
	}
	for _, hr := range data {
		r := trs[hr.row]
		l := rline{span: wikirules.Span{Start: r.start, End: r.end}, kind: rlRow, header: header}
		var mds []string
		for _, h := range hr.cells {
			l.cells, l.labels = append(l.cells, h.cell.plain), append(l.labels, h.label)
			mds = append(mds, h.cell.md)
		}
		for _, ls := range links[hr.row] {
			for _, k := range ls {
				l.links = appendUnique(l.links, k)
			}
		}
		l.text, l.md = strings.Join(l.cells, " | "), strings.Join(mds, " | ")
		if hr.labelled() {
			l.text, l.md = headedText(hr.cells, false), headedText(hr.cells, true)
			l.headed = true
		}
		w.push(l)
	}
	return true
}

// tableText renders a table as lines of cells joined by " | ".
func tableText(t *hnode) string {
	var rows []string
	walkNodes(t, func(n *hnode) {
		if n.tag != "tr" {
			return
		}
		var cells []string
		for _, c := range n.kids {
			if c.tag == "td" || c.tag == "th" {
				p, _, _ := renderInline(c.kids)
				cells = append(cells, p)
			}
		}
		if len(cells) > 0 {
			rows = append(rows, strings.Join(cells, " | "))
		}
	})
	return strings.Join(rows, "\n")
}

// markupOnly reports whether s holds only tags, comments and white space
// (no text): such bytes between records are layout.
func markupOnly(s string) bool {
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return true
		case html.TextToken:
			if strings.TrimSpace(strings.ReplaceAll(html.UnescapeString(string(z.Raw())), "\u00a0", " ")) != "" {
				return false
			}
		}
	}
}
