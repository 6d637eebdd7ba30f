package web

import (
	"bytes"
	"html/template"
	"net/url"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/wikirules/wikirules/diff"
)

// markdown renders record text. Raw HTML is not enabled (goldmark's
// default without html.WithUnsafe: raw HTML becomes a comment), and the
// safeLinks transformer restricts link destinations and drops images.
var markdown = goldmark.New(goldmark.WithParserOptions(
	parser.WithASTTransformers(util.Prioritized(safeLinks{}, 100)),
))

// safeLinks rewrites the Markdown tree of wiki text: a link whose
// destination is not http, https, mailto, a fragment or a local path
// becomes its text; an image becomes its alt text (the page loads nothing
// from elsewhere); autolinks keep only http and https.
type safeLinks struct{}

// Transform implements parser.ASTTransformer.
func (safeLinks) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var unwrap []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch v := n.(type) {
		case *ast.Link:
			if !safeURL(string(v.Destination)) {
				unwrap = append(unwrap, n)
			}
		case *ast.Image:
			unwrap = append(unwrap, n)
		case *ast.AutoLink:
			u := string(v.URL(src))
			if v.AutoLinkType == ast.AutoLinkEmail || !safeURL(u) {
				unwrap = append(unwrap, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unwrap {
		parent := n.Parent()
		if parent == nil {
			continue
		}
		if al, ok := n.(*ast.AutoLink); ok {
			parent.ReplaceChild(parent, n, ast.NewString(al.Label(src)))
			continue
		}
		for c := n.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, n, c)
			c = next
		}
		parent.RemoveChild(parent, n)
	}
}

// safeURL reports whether a link destination may be followed from a page:
// http(s) and mailto URLs, fragments, and paths on this server. Schemes are
// compared after removing the control characters and spaces browsers
// ignore ("java\tscript:" is javascript:).
func safeURL(raw string) bool {
	s := strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, raw)
	if s == "" {
		return false
	}
	if strings.HasPrefix(s, "#") || (strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !strings.HasPrefix(s, "/\\")) {
		return true
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "mailto":
		return true
	}
	return false
}

// renderMarkdown renders wiki Markdown to safe HTML (see markdown). A
// rendering error (which goldmark only returns for a failing writer) falls
// back to the escaped text.
func renderMarkdown(s string) template.HTML {
	var b bytes.Buffer
	if err := markdown.Convert([]byte(s), &b); err != nil {
		return template.HTML("<p>" + template.HTMLEscapeString(s) + "</p>")
	}
	return template.HTML(b.String())
}

// renderInline renders one paragraph of wiki Markdown (a question, a
// heading) as inline HTML: renderMarkdown without the <p> around it.
func renderInline(s string) template.HTML {
	h := strings.TrimSpace(string(renderMarkdown(s)))
	if strings.HasPrefix(h, "<p>") && strings.HasSuffix(h, "</p>") && strings.Count(h, "<p>") == 1 {
		h = h[len("<p>") : len(h)-len("</p>")]
	}
	return template.HTML(h)
}

// markSnippet turns a search snippet with matches between « and » (the
// store's markers) into HTML with <mark>; everything else is escaped. A
// « without its » is closed at the end.
func markSnippet(s string) template.HTML {
	var b strings.Builder
	open := false
	for {
		i := strings.IndexAny(s, "«»")
		if i < 0 {
			break
		}
		b.WriteString(template.HTMLEscapeString(s[:i]))
		if strings.HasPrefix(s[i:], "«") {
			if !open {
				b.WriteString("<mark>")
				open = true
			}
			s = s[i+len("«"):]
		} else {
			if open {
				b.WriteString("</mark>")
				open = false
			}
			s = s[i+len("»"):]
		}
	}
	b.WriteString(template.HTMLEscapeString(s))
	if open {
		b.WriteString("</mark>")
	}
	return template.HTML(b.String())
}

// markEdits renders word edits with <del> for deleted and <ins> for
// inserted runs, kept runs escaped as they are.
func markEdits(es []diff.Edit) template.HTML {
	var b strings.Builder
	for _, e := range es {
		t := template.HTMLEscapeString(e.Text)
		switch e.Op {
		case diff.Delete:
			b.WriteString("<del>" + t + "</del>")
		case diff.Insert:
			b.WriteString("<ins>" + t + "</ins>")
		default:
			b.WriteString(t)
		}
	}
	return template.HTML(b.String())
}
