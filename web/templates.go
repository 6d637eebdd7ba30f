package web

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/report"
)

// pageNames are the page templates; each is parsed with layout.html and
// parts.html.
var pageNames = []string{"home", "search", "page", "faq", "history", "diff", "ask", "resolve", "error"}

var (
	tmplOnce sync.Once
	tmplSets map[string]map[string]*template.Template // language → page → template
	tmplErr  error
)

// templatesFor returns the page templates with the labels of language
// code, parsed once per process.
func templatesFor(code string) (map[string]*template.Template, error) {
	tmplOnce.Do(func() {
		tmplSets = map[string]map[string]*template.Template{}
		for _, c := range languages {
			if tmplSets[c], tmplErr = parseTemplates(langOf(c)); tmplErr != nil {
				return
			}
		}
	})
	return tmplSets[code], tmplErr
}

// funcsFor are the template functions with labels in l. No function
// builds a URL: views carry their links, built by a linker, so that the
// same templates serve the server and the static site.
// stamp formats a revision time in layout, or says "undated" ("sin
// fecha") for the zero time: a rendered page that shows no date.
func (l *labels) stamp(t time.Time, layout string) string {
	if t.IsZero() {
		return l.t("page.undated")
	}
	return t.UTC().Format(layout)
}

// when formats a revision time as "time" does; a time read from the
// page's newest update marker (inferred) is no date of the revision: it
// is said to be undated, with the month of that marker ("sin fecha;
// muestra una actualización de 2023-07"), as its citations say.
func (l *labels) when(t time.Time, inferred bool) string {
	if inferred && !t.IsZero() {
		return l.t("page.inferred", report.InferredMonth(t))
	}
	return l.stamp(t, "2006-01-02 15:04Z")
}

// revWhen names a revision by its time when it has one of its own, else
// by its short id with what when says: "ddb1a6ee61 (sin fecha; muestra
// una actualización de 2023-07)".
func (l *labels) revWhen(id string, t time.Time, inferred bool) string {
	if t.IsZero() || inferred {
		return truncate(id, 10) + " (" + l.when(t, inferred) + ")"
	}
	return l.when(t, false)
}

func funcsFor(l *labels) template.FuncMap {
	return template.FuncMap{
		"t":        l.t,
		"kind":     l.kind,
		"ed":       l.edition,
		"md":       renderMarkdown,
		"mdinline": renderInline,
		"citation": wikirules.CitationOf,
		"field":    l.field,
		"snippet":  markSnippet,
		"edits":    markEdits,
		"time":     func(t time.Time) string { return l.stamp(t, "2006-01-02 15:04Z") },
		"when":     l.when,
		"revtime":  l.revWhen,
		"date":     func(t time.Time) string { return l.stamp(t, "2006-01-02") },
		"rfc3339":  func(t time.Time) string { return l.stamp(t, time.RFC3339) },
		"short":    func(id string) string { return truncate(id, 10) },
		"label":    func(e wikirules.Editions) string { return e.Label() },
		"join":     strings.Join,
		"cite":     l.cite,
		"upper":    strings.ToUpper,
	}
}

// parseTemplates parses every page template with the layout, labels in l.
func parseTemplates(l *labels) (map[string]*template.Template, error) {
	pages := map[string]*template.Template{}
	base, err := template.New("layout.html").Funcs(funcsFor(l)).ParseFS(templateFS, "templates/layout.html", "templates/parts.html")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	for _, name := range pageNames {
		t, err := template.Must(base.Clone()).ParseFS(templateFS, "templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("web: template %s: %w", name, err)
		}
		pages[name] = t
	}
	return pages, nil
}

// layout is what every page gives the layout: its title, the navigation
// item to mark, the search box's text, the label language, the links of
// the header and footer, and the view.
type layout struct {
	Title  string
	Nav    string
	Query  string
	Lang   string
	Links  navLinks
	Static bool
	Made   string // the static site: the day it was exported
	View   any
}

// navLinks are the links every page shows.
type navLinks struct {
	Home, Search, FAQ, Ask, Resolve string
	Style, Script, Icon, Manifest   string
	// Other is the same page in the other label language, OtherName that
	// language's name.
	Other, OtherName, OtherCode string
}

// titled is a view that names its page.
type titled interface{ title(l *labels) string }

// layoutOf builds the layout of view v for page template name.
func (vs *views) layoutOf(name, query string, v any) layout {
	lk := vs.link
	other := langEN
	if vs.l.code == langEN {
		other = langES
	}
	lay := layout{Nav: name, View: v, Query: query, Lang: vs.l.code, Static: lk.static(),
		Links: navLinks{Home: lk.home(), Search: strings.TrimSuffix(strings.SplitN(lk.search(""), "?", 2)[0], "?"), FAQ: lk.faq(),
			Ask: lk.ask(""), Resolve: lk.resolve(), Style: lk.asset("style.css"), Script: lk.asset("app.js"),
			Icon: lk.asset("favicon.svg"), Other: lk.lang(other), OtherName: langOf(other).t("lang.name"), OtherCode: other}}
	if lk.static() {
		lay.Links.Manifest = lk.asset("../manifest.webmanifest")
	}
	if tv, ok := v.(titled); ok {
		lay.Title = tv.title(vs.l)
	}
	if len(lay.Query) > MaxQueryBytes {
		lay.Query = ""
	}
	return lay
}

// execute renders page template name with lay into w.
func (vs *views) execute(w io.Writer, name string, lay layout) error {
	set, err := templatesFor(vs.l.code)
	if err != nil {
		return err
	}
	return set[name].Execute(w, lay)
}

// render executes page template name with v into a buffer and writes it
// with status code; a template error is a 500 (and logged).
// show renders template name with v, the view a handler built, as a
// 200; when building the view failed (err), it renders nothing and hands
// err back for the handler's error page.
func (q *rq) show(name string, v any, err error) error {
	if err != nil {
		return err
	}
	q.render(http.StatusOK, name, v)
	return nil
}

func (q *rq) render(code int, name string, v any) {
	var b bytes.Buffer
	if err := q.execute(&b, name, q.layoutOf(name, q.r.URL.Query().Get("q"), v)); err != nil {
		q.s.logger.Printf("web: template %s: %v", name, err)
		http.Error(q.w, "internal error", http.StatusInternalServerError)
		return
	}
	h := q.w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Language", q.l.code)
	h.Set("Cache-Control", "no-cache")
	q.w.WriteHeader(code)
	q.w.Write(b.Bytes())
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

func boolParam(b bool) string {
	if b {
		return "1"
	}
	return ""
}

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// pageLink is a link to a wiki page: to the page when the knowledge base
// holds it, else (Missing) to a search for its title.
type pageLink struct {
	Title   string
	URL     string
	Missing bool
}

// pageLink links title, with fragment (an anchor, "" for none) when the
// page exists.
func (vs *views) pageLink(title, fragment string) pageLink {
	if t, ok := vs.link.known(title); ok {
		u := vs.link.page(t, "", "", false, "")
		if fragment != "" {
			u += "#" + url.PathEscape(fragment)
		}
		return pageLink{Title: title, URL: u}
	}
	return pageLink{Title: title, URL: vs.link.search(title), Missing: true}
}
