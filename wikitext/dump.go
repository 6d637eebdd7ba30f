package wikitext

import (
	"fmt"
	"strconv"
	"strings"
)

// Dump returns a one-line dump of the document's tree, for tests: nodes are
// separated by spaces, text is a quoted Go string and constructs are
// parenthesised, e.g. for "== A ==\n* {{x|1=b}}":
//
//	(h2 " A ") "\n" (li "*" " " (tpl "x" (1= "b")))
//
// Forms: (tpl "name" params…), (tpl "name" mod="raw:" params…), (fn "#if" params…), (magic "!"), params
// (#1 value…) and (key= value…), (arg (name …) (default …)),
// (link "Target" (label …) (trail "s")), (comment), (tag nowiki "content"),
// (ignored "noinclude"),
// (i …), (b …), (bi …), (h2 …), (li "*#" …), (table OPEN nodes…).
// Unclosed comments, tags and tables are marked "unclosed". Spans are not
// shown; see DumpTree.
func Dump(doc *Document) string {
	var b strings.Builder
	dumpNodes(&b, doc.Src, doc.Nodes)
	return b.String()
}

func dumpNodes(b *strings.Builder, src string, nodes []Node) {
	for i, n := range nodes {
		if i > 0 {
			b.WriteByte(' ')
		}
		dumpNode(b, src, n)
	}
}

func dumpList(b *strings.Builder, src string, nodes []Node) {
	for _, n := range nodes {
		b.WriteByte(' ')
		dumpNode(b, src, n)
	}
}

func quoteName(s string) string {
	if s == "" || strings.ContainsAny(s, " ()\"=\\\n\t") {
		return strconv.Quote(s)
	}
	return s
}

// dumpCall writes a template or parser function: head, then each of
// params, then ")".
func dumpCall(b *strings.Builder, src, head string, params []*Param) {
	b.WriteString(head)
	for _, p := range params {
		b.WriteByte(' ')
		dumpParam(b, src, p)
	}
	b.WriteByte(')')
}

func dumpParam(b *strings.Builder, src string, p *Param) {
	if p.Named {
		b.WriteString("(" + quoteName(p.Name) + "=")
	} else {
		b.WriteString("(#" + strconv.Itoa(p.Index))
	}
	dumpList(b, src, p.Value)
	b.WriteByte(')')
}

func dumpNode(b *strings.Builder, src string, n Node) {
	switch n := n.(type) {
	case *Text:
		b.WriteString(strconv.Quote(src[n.Start:n.Stop]))
	case *Template:
		head := "(tpl " + strconv.Quote(n.Name)
		if n.Modifier != "" {
			head += " mod=" + strconv.Quote(n.Modifier)
		}
		dumpCall(b, src, head, n.Params)
	case *ParserFunction:
		dumpCall(b, src, "(fn "+strconv.Quote(n.Name), n.Args)
	case *Param:
		dumpParam(b, src, n)
	case *MagicWord:
		b.WriteString("(magic " + strconv.Quote(n.Name) + ")")
	case *Argument:
		b.WriteString("(arg (name")
		dumpList(b, src, n.Name)
		b.WriteByte(')')
		if n.Default != nil {
			b.WriteString(" (default")
			dumpList(b, src, n.Default)
			b.WriteByte(')')
		}
		b.WriteByte(')')
	case *Link:
		b.WriteString("(link " + strconv.Quote(n.Target))
		if n.Label != nil {
			b.WriteString(" (label")
			dumpList(b, src, n.Label)
			b.WriteByte(')')
		}
		if n.Trail.Stop > n.Trail.Start {
			b.WriteString(" (trail " + strconv.Quote(src[n.Trail.Start:n.Trail.Stop]) + ")")
		}
		b.WriteByte(')')
	case *Comment:
		b.WriteString("(comment")
		if !n.Closed {
			b.WriteString(" unclosed")
		}
		b.WriteByte(')')
	case *Tag:
		b.WriteString("(tag " + n.Name)
		if n.Attrs != "" {
			b.WriteString(" attrs=" + strconv.Quote(n.Attrs))
		}
		if !n.Closed {
			b.WriteString(" unclosed")
		}
		b.WriteString(" " + strconv.Quote(src[n.Content.Start:n.Content.Stop]) + ")")
	case *Ignored:
		b.WriteString("(ignored " + strconv.Quote(n.Name))
		if !n.Closed {
			b.WriteString(" unclosed")
		}
		b.WriteByte(')')
	case *Format:
		b.WriteString("(" + [...]string{"?", "i", "b", "bi"}[n.Style&3])
		dumpList(b, src, n.Nodes)
		b.WriteByte(')')
	case *Heading:
		b.WriteString("(h" + strconv.Itoa(n.Level))
		dumpList(b, src, n.Nodes)
		b.WriteByte(')')
	case *ListItem:
		b.WriteString("(li " + strconv.Quote(n.Prefix))
		dumpList(b, src, n.Nodes)
		b.WriteByte(')')
	case *Table:
		b.WriteString("(table")
		if !n.Closed {
			b.WriteString(" unclosed")
		}
		dumpList(b, src, n.Children())
		b.WriteByte(')')
	default:
		fmt.Fprintf(b, "(%T)", n)
	}
}

// DumpTree returns an indented dump of the document with one node per line
// and its byte span, for golden files: "Template [10,42) \"skillbox\"".
// Text is shown quoted, cut to 60 bytes.
func DumpTree(doc *Document) string {
	var b strings.Builder
	for _, n := range doc.Nodes {
		dumpTree(&b, doc.Src, n, 0)
	}
	for _, d := range doc.Diagnostics {
		fmt.Fprintf(&b, "! [%d,%d) %s\n", d.Pos, d.End, d.Msg)
	}
	return b.String()
}

func excerpt(s string) string {
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return strconv.Quote(s)
}

func dumpTree(b *strings.Builder, src string, n Node, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	name := strings.TrimPrefix(fmt.Sprintf("%T", n), "*wikitext.")
	fmt.Fprintf(b, "%s [%d,%d)", name, n.Pos(), n.End())
	switch n := n.(type) {
	case *Text:
		b.WriteString(" " + excerpt(src[n.Start:n.Stop]))
	case *Template:
		b.WriteString(" " + strconv.Quote(n.Name))
	case *ParserFunction:
		b.WriteString(" " + strconv.Quote(n.Name))
	case *MagicWord:
		b.WriteString(" " + strconv.Quote(n.Name))
	case *Param:
		if n.Named {
			b.WriteString(" " + strconv.Quote(n.Name) + "=")
		} else {
			fmt.Fprintf(b, " #%d", n.Index)
		}
	case *Link:
		b.WriteString(" " + strconv.Quote(n.Target))
		if n.Trail.Stop > n.Trail.Start {
			b.WriteString(" trail=" + strconv.Quote(src[n.Trail.Start:n.Trail.Stop]))
		}
	case *Tag:
		b.WriteString(" " + n.Name + " " + excerpt(src[n.Content.Start:n.Content.Stop]))
	case *Ignored:
		b.WriteString(" " + n.Name)
	case *Format:
		b.WriteString(" " + [...]string{"?", "italic", "bold", "bold-italic"}[n.Style&3])
	case *Heading:
		fmt.Fprintf(b, " level=%d", n.Level)
	case *ListItem:
		b.WriteString(" " + strconv.Quote(n.Prefix))
	}
	b.WriteByte('\n')
	for _, ch := range n.Children() {
		dumpTree(b, src, ch, depth+1)
	}
}
