package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/wikirules/wikirules"
)

// ExportOptions are the choices of Export. Synonyms gives the glossary
// names of a page title in the other language (lang.Glossary.Synonyms),
// so that the static search finds Esquivar for "dodge"; nil: none. Made
// is the date shown as the copy's date (zero: now).
// Twins, when set, puts the twin warnings on the pages, as the server
// does.
type ExportOptions struct {
	Synonyms func(term string) []string
	Made     time.Time
	Twins    Twins
}

// ExportSummary is what Export wrote: files and their bytes, pages and
// documents in the search index.
type ExportSummary struct {
	Files, Pages, SearchDocs int
	Bytes                    int64
}

// Export writes the whole knowledge base as a static site into dir (which
// must be empty or not exist), with the same templates as the server:
// for each label language a directory (es/, en/) holding the home page,
// every page (an edition view where the page's records differ by
// edition, every older revision), every history and diff, the FAQ list
// and the search page; beside them the static files, the search index
// (search-data.js, searched in the browser by MiniSearch), a web app
// manifest and a service worker that keeps the site available offline
// once installed from a web server. Every link is relative: the site
// works from a file:// URL and under any path of a static host. The
// judge engine (ask, resolve) needs the server and is left out.
func Export(ctx context.Context, store wikirules.Store, dir string, opt ExportOptions) (*ExportSummary, error) {
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return nil, fmt.Errorf("web: export to %s: the directory is not empty", dir)
	}
	if opt.Made.IsZero() {
		opt.Made = time.Now()
	}
	pages, err := store.Pages(ctx)
	if err != nil {
		return nil, err
	}
	x := &exporter{ctx: ctx, store: store, dir: dir, opt: opt, titles: newTitleSet(pages),
		variants: map[string]bool{}, revs: map[string]wikirules.Page{}, current: map[string]string{}, sum: &ExportSummary{Pages: len(pages)}}
	if x.newest, err = newestEdition(ctx, store); err != nil {
		return nil, err
	}
	if err := x.checkNames(pages); err != nil {
		return nil, err
	}
	// First what exists, so that every link can point at a file.
	type pageFacts struct {
		page    wikirules.Page
		byEd    bool
		history []wikirules.Revision
	}
	var facts []pageFacts
	for _, p := range pages {
		v, err := store.Page(ctx, p.Title, wikirules.Filter{Wiki: p.Wiki})
		if err != nil {
			return nil, fmt.Errorf("web: export %s: %w", p.Title, err)
		}
		recs, err := store.RevisionRecords(ctx, v.Revision.ID)
		if err != nil {
			return nil, fmt.Errorf("web: export %s: %w", p.Title, err)
		}
		byEd := v.PageEditions != 0
		for _, r := range recs {
			if r.Editions != 0 && r.Editions != v.PageEditions {
				byEd = true
			}
		}
		stem := x.titles.pageStem(v.Page)
		if byEd {
			for _, e := range []string{"all", "n4", "c1", "n5"} {
				x.variants[stem+"\x00"+e] = true
			}
		}
		x.current[stem] = v.Revision.ID
		hist, err := store.History(ctx, v.Page.Title, wikirules.Filter{Wiki: v.Page.Wiki})
		if err != nil {
			return nil, fmt.Errorf("web: export %s: %w", p.Title, err)
		}
		for _, rv := range hist {
			x.revs[rv.ID] = v.Page
		}
		facts = append(facts, pageFacts{page: v.Page, byEd: byEd, history: hist})
	}
	for _, code := range languages {
		home := x.views(code, "index.html")
		if err := x.write(code, "index.html", home, "home", home.homeView(pages)); err != nil {
			return nil, err
		}
		sv := x.views(code, "search.html")
		v, err := sv.searchView(ctx, &params{limit: defaultResults})
		if err != nil {
			return nil, err
		}
		if err := x.write(code, "search.html", sv, "search", v); err != nil {
			return nil, err
		}
		fv := x.views(code, "faq.html")
		faqs, err := fv.faqView(ctx, &params{limit: defaultResults}, "", "")
		if err != nil {
			return nil, err
		}
		if err := x.write(code, "faq.html", fv, "faq", faqs); err != nil {
			return nil, err
		}
		for _, f := range facts {
			if err := x.exportPage(code, f.page, f.byEd, f.history); err != nil {
				return nil, err
			}
		}
	}
	if err := x.writeSearchData(pages); err != nil {
		return nil, err
	}
	if err := x.writeStatic(); err != nil {
		return nil, err
	}
	return x.sum, nil
}

// exporter is one export under way.
type exporter struct {
	ctx      context.Context
	store    wikirules.Store
	dir      string
	opt      ExportOptions
	titles   titleSet
	variants map[string]bool
	revs     map[string]wikirules.Page // every revision's page
	current  map[string]string         // the current revision by page stem
	newest   wikirules.Edition         // the knowledge base's newest edition
	files    []string                  // written, relative to dir, for the service worker
	sum      *ExportSummary
}

// checkNames refuses titles whose files would be one on a filesystem
// that ignores case (macOS, Windows, most USB sticks).
func (x *exporter) checkNames(pages []wikirules.Page) error {
	seen := map[string]string{}
	for _, p := range pages {
		k := strings.ToLower(x.titles.pageStem(p))
		if other, dup := seen[k]; dup {
			return fmt.Errorf("web: export: pages %q and %q differ only in case, which one file name cannot tell apart on a case-insensitive filesystem", other, p.Title)
		}
		seen[k] = p.Title
	}
	return nil
}

// views returns the views of language code for the file here (relative
// to the language directory).
func (x *exporter) views(code, here string) *views {
	up := strings.Repeat("../", strings.Count(here, "/"))
	lk := &staticLinker{titleSet: x.titles, up: up, code: code, here: here, variants: x.variants, revs: x.revs, current: x.current}
	return &views{store: x.store, link: lk, l: langOf(code), titles: x.titles, newest: x.newest, twins: x.opt.Twins}
}

// write renders page template name with v for the file code/here.
func (x *exporter) write(code, here string, vs *views, name string, v any) error {
	lay := vs.layoutOf(name, "", v)
	lay.Made = x.opt.Made.UTC().Format("2006-01-02")
	var b bytes.Buffer
	if err := vs.execute(&b, name, lay); err != nil {
		return fmt.Errorf("web: export %s/%s: %w", code, here, err)
	}
	return x.writeFile(code+"/"+here, b.Bytes())
}

func (x *exporter) writeFile(rel string, data []byte) error {
	p := filepath.Join(x.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return fmt.Errorf("web: export: %w", err)
	}
	x.files = append(x.files, rel)
	x.sum.Files++
	x.sum.Bytes += int64(len(data))
	return nil
}

// exportPage writes a page's views, its history and the diff of each of
// its revisions, in language code.
func (x *exporter) exportPage(code string, page wikirules.Page, byEd bool, hist []wikirules.Revision) error {
	eds := []string{""}
	if byEd {
		eds = append(eds, "all", "n4", "c1", "n5")
	}
	title, stem := page.Title, x.titles.pageStem(page)
	views := func(here string) *views {
		vs := x.views(code, here)
		vs.wiki, vs.link = page.Wiki, vs.link.at(page.Wiki)
		return vs
	}
	// The static pages show superseded text too (marked as such): there
	// is no switch to ask for it, and citations of it must resolve.
	for _, e := range eds {
		p := &params{limit: defaultResults, history: true}
		if e != "" {
			ed, _ := wikirules.ParseEdition(e)
			p.edition, p.edName = ed, e
		}
		if e == "all" {
			p.edition = 0
		}
		f := pageFile(stem, e, "")
		vs := views(f)
		pv, err := vs.pageView(x.ctx, title, "", p)
		if err != nil {
			return err
		}
		if err := x.write(code, f, vs, "page", pv); err != nil {
			return err
		}
	}
	for _, rv := range hist {
		if rv.ID == x.current[stem] {
			continue
		}
		f := pageFile(stem, "", rv.ID)
		vs := views(f)
		pv, err := vs.pageView(x.ctx, title, rv.ID, &params{limit: defaultResults, history: true})
		if err != nil {
			return err
		}
		if err := x.write(code, f, vs, "page", pv); err != nil {
			return err
		}
	}
	hf := "history/" + stem + ".html"
	hv := views(hf)
	h, err := hv.historyView(x.ctx, title)
	if err != nil {
		return err
	}
	if err := x.write(code, hf, hv, "history", h); err != nil {
		return err
	}
	for i, rv := range hist {
		from := ""
		if i > 0 {
			from = hist[i-1].ID
		}
		df := diffFile(stem, rv.ID)
		dv := views(df)
		d, err := dv.diff(x.ctx, title, from, rv.ID)
		if err != nil {
			return err
		}
		if err := x.write(code, df, dv, "diff", d); err != nil {
			return err
		}
	}
	return nil
}

// writeSearchData writes search-data.js: the MiniSearch index of every
// page (title and glossary aliases), current record and FAQ entry, as a
// script (a browser opening the site from file:// may not fetch JSON).
func (x *exporter) writeSearchData(pages []wikirules.Page) error {
	var docs []searchDoc
	for _, p := range pages {
		alias := ""
		if x.opt.Synonyms != nil {
			alias = strings.Join(x.opt.Synonyms(p.Title), " ")
		}
		docs = append(docs, searchDoc{fields: [3]string{p.Title, alias, ""},
			stored: x.stored(p, map[string]string{"p": p.Title, "u": pageFile(x.titles.pageStem(p), "", ""), "k": "page"})})
	}
	recs, err := x.store.Records(x.ctx, wikirules.Filter{})
	if err != nil {
		return err
	}
	for _, r := range recs {
		if r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata {
			continue // the FAQ entries below, once each
		}
		title := r.Title
		if title == r.Page {
			title = ""
		}
		page, ok := x.revs[r.RevisionID]
		if !ok {
			page, _ = x.titles.find(r.Page, "", "")
		}
		docs = append(docs, searchDoc{fields: [3]string{title, "", r.Plain},
			stored: x.stored(page, map[string]string{"p": r.Page, "t": title, "u": pageFile(x.titles.pageStem(page), "", "") + "#" + r.ID,
				"k": string(r.Kind), "s": truncate(r.Plain, 180), "e": r.Editions.Label()})})
	}
	faqs, err := x.store.FAQs(x.ctx, "", wikirules.Filter{})
	if err != nil {
		return err
	}
	for _, f := range faqs {
		cit := wikirules.CitationOfFAQ(f, "")
		u := "faq.html#" + f.ID
		if p, ok := x.titles.find(cit.Page, "", ""); ok && cit.Page != "" {
			u = pageFile(x.titles.pageStem(p), "", "") + "#" + f.ID
		}
		docs = append(docs, searchDoc{fields: [3]string{f.Title, "", f.Question + " " + f.Answer},
			stored: map[string]string{"p": cit.Page, "t": f.Title + " " + f.Version, "u": u, "k": f.Type,
				"s": truncate(f.Question, 180), "e": f.Editions.Label()}})
	}
	idx, err := miniSearchIndex(docs)
	if err != nil {
		return err
	}
	x.sum.SearchDocs = len(docs)
	var b bytes.Buffer
	b.WriteString("// The search index of this copy of the knowledge base (MiniSearch's serialized form; web/searchindex.go).\n")
	b.WriteString("window.WIKIRULES_INDEX = ")
	b.Write(idx)
	b.WriteString(";\n")
	return x.writeFileTop("search-data.js", b.Bytes())
}

// stored adds to a document's stored fields the wiki of its page ("w")
// when several wikis hold the page's title, which a result then names.
func (x *exporter) stored(p wikirules.Page, m map[string]string) map[string]string {
	if x.titles.shared(p.Title) {
		m["w"] = p.Wiki
	}
	return m
}

// writeFileTop writes a file at the top of the site.
func (x *exporter) writeFileTop(rel string, data []byte) error { return x.writeFile(rel, data) }

// writeStatic writes the static files, the icons, the top index.html
// (which opens the wiki's language), the manifest and the service worker,
// whose cache name is a hash of every file written, so that a new export
// replaces the copy an installed app keeps.
func (x *exporter) writeStatic() error {
	for name, a := range loadAssets() {
		if err := x.writeFile("static/"+name, a.body); err != nil {
			return err
		}
	}
	def := wikiLanguage(nil)
	if ps, err := x.store.Pages(x.ctx); err == nil {
		def = wikiLanguage(ps)
	}
	top := `<!doctype html>
<html lang="` + def + `"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0; url=` + def + `/index.html"><title>wikirules</title>
<link rel="manifest" href="manifest.webmanifest"><link rel="icon" href="static/favicon.svg" type="image/svg+xml"></head>
<body><p><a href="es/index.html">Español</a> · <a href="en/index.html">English</a></p></body></html>
`
	if err := x.writeFile("index.html", []byte(top)); err != nil {
		return err
	}
	manifest, _ := json.MarshalIndent(map[string]any{
		"name": "wikirules", "short_name": "wikirules", "start_url": def + "/index.html", "scope": "./",
		"display": "standalone", "background_color": "#ffffff", "theme_color": "#0b57a4",
		"icons": []map[string]string{
			{"src": "static/" + iconName(192), "sizes": "192x192", "type": "image/png"},
			{"src": "static/" + iconName(512), "sizes": "512x512", "type": "image/png", "purpose": "any"},
			{"src": "static/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
		},
	}, "", "  ")
	if err := x.writeFile("manifest.webmanifest", manifest); err != nil {
		return err
	}
	files := append([]string(nil), x.files...)
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(x.dir, filepath.FromSlash(f)))
		if err != nil {
			return err
		}
		h.Write([]byte(f))
		h.Write(data)
	}
	list, _ := json.Marshal(append([]string{"./"}, files...))
	sw, err := fs.ReadFile(staticFS, "static/sw.js")
	if err != nil {
		return err
	}
	out := strings.Replace(string(sw), "/*FILES*/[]", string(list), 1)
	out = strings.Replace(out, "/*VERSION*/\"\"", `"`+hex.EncodeToString(h.Sum(nil)[:8])+`"`, 1)
	return x.writeFile(path.Join("sw.js"), []byte(out))
}
