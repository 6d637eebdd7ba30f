package web

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/wikirules/wikirules"
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

// pageURL is the path of a page view: /page/{title} with the title
// path-escaped.
func pageURL(title string) string { return "/page/" + pathEscape(title) }

// pathEscape escapes s as one path segment ("/" included).
func pathEscape(s string) string { return url.PathEscape(s) }

// citeURL links a citation to the exact record on its page:
// /page/{title}?rev={revision}#{anchor} for records (the revision keeps
// text that is no longer current reachable; history=1 shows superseded
// text), /page/{title}#{anchor} for FAQ and errata entries, which are shown
// on every page they relate to.
func citeURL(c wikirules.Citation, superseded bool) string {
	u := pageURL(c.Page)
	q := url.Values{}
	if c.Kind != wikirules.KindFAQ && c.Kind != wikirules.KindErrata && c.Revision != "" {
		q.Set("rev", c.Revision)
	}
	if superseded {
		q.Set("history", "1")
	}
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	if c.Anchor != "" {
		u += "#" + url.PathEscape(c.Anchor)
	}
	return u
}

// withQuery returns path with the given query values set (empty values
// dropped).
func withQuery(path string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			q.Set(kv[i], kv[i+1])
		}
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

var funcs = template.FuncMap{
	"md":       renderMarkdown,
	"snippet":  markSnippet,
	"edits":    markEdits,
	"pageURL":  pageURL,
	"citeURL":  citeURL,
	"url":      withQuery,
	"histURL":  func(t string) string { return "/history/" + url.PathEscape(t) },
	"diffURL":  func(t string) string { return "/diff/" + url.PathEscape(t) },
	"time":     func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04Z") },
	"rfc3339":  func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"short":    func(id string) string { return truncate(id, 10) },
	"label":    func(e wikirules.Editions) string { return e.Label() },
	"join":     strings.Join,
	"kindName": kindName,
	"citation": wikirules.CitationOf,
	"upper":    strings.ToUpper,
}

// kindName is a record kind (a Kind or an FAQ type string) as a judge
// reads it.
func kindName(k any) string {
	s := fmt.Sprint(k)
	switch wikirules.Kind(s) {
	case wikirules.KindFAQ:
		return "FAQ"
	case wikirules.KindErrata:
		return "Errata"
	}
	return s
}

// parseTemplates parses every page template with the layout.
func (s *Server) parseTemplates() error {
	s.pages = map[string]*template.Template{}
	base, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/parts.html")
	if err != nil {
		return fmt.Errorf("web: templates: %w", err)
	}
	for _, name := range []string{"home", "search", "page", "faq", "history", "diff", "ask", "resolve", "error"} {
		t, err := template.Must(base.Clone()).ParseFS(templateFS, "templates/"+name+".html")
		if err != nil {
			return fmt.Errorf("web: template %s: %w", name, err)
		}
		s.pages[name] = t
	}
	return nil
}

// layout is what every page gives the layout: its title, the navigation
// item to mark, the search box's text and the view.
type layout struct {
	Title string
	Nav   string
	Query string
	View  any
}

// render executes page template name with v into a buffer and writes it
// with status code; a template error is a 500 (and logged).
func (s *Server) render(w http.ResponseWriter, r *http.Request, code int, name string, v any) {
	t := s.pages[name]
	var b bytes.Buffer
	l := layout{Nav: name, View: v, Query: r.URL.Query().Get("q")}
	if tv, ok := v.(interface{ title() string }); ok {
		l.Title = tv.title()
	}
	if len(l.Query) > MaxQueryBytes {
		l.Query = ""
	}
	if err := t.Execute(&b, l); err != nil {
		s.deps.Logger.Printf("web: template %s: %v", name, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write(b.Bytes())
}
