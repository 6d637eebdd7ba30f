package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules"
)

// writeJSON prints v as one indented JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// result is one quoted source in JSON output.
type result struct {
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

func recordResult(r *wikirules.Record) result {
	return result{
		Text: r.Text, Kind: r.Kind, Page: r.Page, Title: r.Title, Editions: r.Editions,
		Version: r.Version, Superseded: r.Superseded, Notes: r.Notes, Citation: wikirules.CitationOf(*r),
	}
}

func faqResult(f *wikirules.FAQ, page string) result {
	c := wikirules.CitationOfFAQ(*f, page)
	return result{
		Text: faqText(f), Kind: wikirules.Kind(f.Type), Page: c.Page, Title: f.Title,
		Editions: f.Editions, Version: f.Version, FAQ: f, Citation: c,
	}
}

func hitResult(h wikirules.Hit) result {
	var r result
	switch {
	case h.Record != nil:
		r = recordResult(h.Record)
	case h.FAQ != nil:
		r = faqResult(h.FAQ, h.Citation.Page)
	}
	r.Citation = h.Citation
	r.Snippet = h.Snippet
	r.Score = h.Score
	return r
}

func faqText(f *wikirules.FAQ) string {
	return "Q: " + f.Question + "\nA: " + f.Answer
}

// printResult prints a result for people: a header, the indented text and
// the citation line.
func printResult(w io.Writer, n int, r result) {
	head := r.Page
	if r.Title != "" && r.Title != r.Page {
		head += " · " + r.Title
	}
	tag := string(r.Kind)
	if r.Superseded {
		tag += ", superseded"
	}
	if n > 0 {
		fmt.Fprintf(w, "%d. %s (%s)\n", n, head, tag)
	} else {
		fmt.Fprintf(w, "%s (%s)\n", head, tag)
	}
	fmt.Fprintln(w, indent(r.Text, "   "))
	for _, note := range r.Notes {
		fmt.Fprintf(w, "   ↳ note: %s\n", note)
	}
	fmt.Fprintf(w, "   — %s\n", r.Citation)
}

func indent(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = pre + l
	}
	return strings.Join(lines, "\n")
}
