package report

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
)

// Result is one quoted source, a rule record or an FAQ entry, with its
// citation: the element of search results, of a page's FAQ list and of the
// FAQ list. Snippet and Score are set for search hits only; FAQ holds the
// whole entry when the source is an FAQ (Text is then FAQText's "Q: …\nA: …"
// or "P: …\nR: …").
type Result struct {
	Text       string             `json:"text"`
	Kind       wikirules.Kind     `json:"kind"`
	Page       string             `json:"page"`
	Title      string             `json:"title,omitempty"`
	Snippet    string             `json:"snippet,omitempty"`
	Score      float64            `json:"score,omitempty"`
	Editions   wikirules.Editions `json:"editions"`
	Version    string             `json:"version,omitempty"`
	Superseded bool               `json:"superseded,omitempty"`
	Notes      []string           `json:"notes,omitempty"`
	FAQ        *wikirules.FAQ     `json:"faq,omitempty"`
	Citation   wikirules.Citation `json:"citation"`
}

// RecordResult is the result of rule record r, cited with
// wikirules.CitationOf.
func RecordResult(r *wikirules.Record) Result {
	return Result{
		Text: r.Text, Kind: r.Kind, Page: r.Page, Title: r.Title, Editions: r.Editions,
		Version: r.Version, Superseded: r.Superseded, Notes: r.Notes, Citation: wikirules.CitationOf(*r),
	}
}

// FAQResult is the result of FAQ entry f as shown on page (its first page
// when page is empty; wikirules.CitationOfFAQ): its kind is the entry's
// type (faq or errata) and its text FAQText(f, lang).
func FAQResult(f *wikirules.FAQ, page, lang string) Result {
	c := wikirules.CitationOfFAQ(*f, page)
	return Result{
		Text: FAQText(f, lang), Kind: wikirules.Kind(f.Type), Page: c.Page, Title: f.Title,
		Editions: f.Editions, Version: f.Version, FAQ: f, Citation: c,
	}
}

// FAQText is the text of an FAQ entry as results quote it, labelled in
// language lang as an answer is (engine.FAQText): "P: pregunta\nR:
// respuesta" for "es", "Q: question\nA: answer" for any other.
func FAQText(f *wikirules.FAQ, lang string) string {
	return engine.FAQText(f, engine.LabelsOf(lang))
}

// HitResult is the result of a search hit: the result of its record or
// FAQ, with the hit's citation, marked snippet (matched words between « »)
// and score. A hit with neither record nor FAQ gives only those three.
func HitResult(h wikirules.Hit) Result {
	var r Result
	switch {
	case h.Record != nil:
		r = RecordResult(h.Record)
	case h.FAQ != nil:
		r = FAQResult(h.FAQ, h.Citation.Page, "")
	}
	r.Citation, r.Snippet, r.Score = h.Citation, h.Snippet, h.Score
	return r
}

// PageRecord is a record in the page document: the whole record (every
// field of wikirules.Record) and its citation.
type PageRecord struct {
	wikirules.Record
	Citation wikirules.Citation `json:"citation"`
}

// Page is the page document (query show -json, GET /api/page/TITLE): the
// page view with its records and FAQs, and the edition and as-of date
// asked, as typed ("" when not given). Fields are declared in key order
// (the document was first printed from a map).
type Page struct {
	AlsoIn     []wikirules.Page `json:"also_in,omitempty"` // the pages of the same title in other wikis
	AsOf       string           `json:"as_of"`
	Categories []string         `json:"categories"`
	Edition    string           `json:"edition"`
	// EditionDefault is true when no edition was asked and Edition is
	// the default (the newest the knowledge base, else the page, holds).
	EditionDefault bool     `json:"edition_default,omitempty"`
	FAQs           []Result `json:"faqs"`
	// Notes say what the page view could not give: "no N5 version".
	Notes        []string           `json:"notes,omitempty"`
	Page         wikirules.Page     `json:"page"`
	PageEditions wikirules.Editions `json:"page_editions"`
	Records      []PageRecord       `json:"records"`
	RedirectTo   string             `json:"redirect_to,omitempty"` // the target when the revision is a redirect (it has no records)
	Revision     wikirules.Revision `json:"revision"`
}

// PageOf builds the page document of v; edition and asOf are the values
// asked, as typed. Records and FAQs are empty lists, never null.
func PageOf(v *wikirules.PageView, edition, asOf string) Page {
	recs := make([]PageRecord, len(v.Records))
	for i, r := range v.Records {
		recs[i] = PageRecord{Record: r, Citation: wikirules.CitationOf(r)}
	}
	return Page{AlsoIn: v.AlsoIn, AsOf: asOf, Categories: v.Categories, Edition: edition, FAQs: PageFAQs(v), Page: v.Page,
		PageEditions: v.PageEditions, Records: recs, RedirectTo: wikirules.RedirectTarget(v.Revision.Text), Revision: v.Revision}
}

// PageFAQs are the results of v's FAQs and errata as its page shows them:
// an entry that stands on several pages is stored once, cited where its
// newest text stands (CitationOfFAQ); on a page that holds the entry
// itself (a record of kind faq or errata whose faq_id is the entry's) it
// is cited as that record: this page, its section, ordinal and revision.
// The list is empty, never nil.
func PageFAQs(v *wikirules.PageView) []Result {
	own := map[string]*wikirules.Record{}
	for i := range v.Records {
		r := &v.Records[i]
		if id := r.Fields["faq_id"]; id != "" && (r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata) {
			if _, seen := own[id]; !seen {
				own[id] = r
			}
		}
	}
	faqs := make([]Result, 0, len(v.FAQs))
	for i := range v.FAQs {
		res := FAQResult(&v.FAQs[i], v.Page.Title, v.Page.Language)
		if r := own[v.FAQs[i].ID]; r != nil {
			res.Citation, res.Page = wikirules.CitationOf(*r), r.Page
		}
		faqs = append(faqs, res)
	}
	return faqs
}

// FAQList is the FAQ list document (query faq -json, GET /api/faq): the
// text searched ("" for all), the number of entries and the entries, each
// cited on its first page. Fields are declared in key order.
type FAQList struct {
	Query   string   `json:"query"`
	Results []Result `json:"results"`
	Total   int      `json:"total"`
}

// FAQListOf builds the FAQ list document of faqs found for query, the
// entries' texts labelled in language lang (FAQText).
func FAQListOf(query string, faqs []wikirules.FAQ, lang string) FAQList {
	results := make([]Result, 0, len(faqs))
	for i := range faqs {
		results = append(results, FAQResult(&faqs[i], "", lang))
	}
	return FAQList{Query: query, Results: results, Total: len(results)}
}

// LocateJSONError adds the line and column (1-based; column counted in
// bytes) and byte offset of a JSON syntax or type error in data, the
// document that was decoded: "line 2, column 20 (byte 37): …". Other
// errors come back as they are. Both readers of situations (query resolve
// and POST /api/resolve) report with it.
func LocateJSONError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 {
		return err
	}
	line, col := 1, 1
	for _, b := range data[:min(int(off), len(data))] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return fmt.Errorf("line %d, column %d (byte %d): %w", line, col, off, err)
}
