package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules/report"
	"github.com/wikirules/wikirules/web"
)

// writeJSON prints v as one indented JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// printResult prints a result for people: a header, the indented text and
// the citation line, in the CLI's English.
func printResult(w io.Writer, n int, r report.Result) { printResultIn(w, n, r, "en") }

// printResultIn prints a result as printResult does, its labels (kind,
// superseded, withdrawn, note, the FAQ or errata version of the citation)
// in language lang: "es" for an answer to a Spanish question, the web's
// words; any other language prints the kinds as the citation's kind names.
func printResultIn(w io.Writer, n int, r report.Result, lang string) {
	head := r.Page
	if r.Title != "" && r.Title != r.Page {
		head += " · " + r.Title
	}
	tag, superseded, note, cite := string(r.Kind), "superseded", "note", r.Citation.String()
	if lang == "es" {
		tag, superseded, note, cite = strings.ToLower(web.KindName(lang, r.Kind)), web.Label(lang, "superseded.tag"), web.Label(lang, "note"), web.CitationLine(lang, r.Citation)
	}
	if r.Superseded {
		tag += ", " + superseded
	}
	if r.FAQ != nil && r.FAQ.Removed != "" {
		if lang == "es" {
			tag += ", " + web.Label(lang, "withdrawn.tag", r.FAQ.Removed)
		} else {
			tag += ", " + withdrawnNote(r.FAQ.Removed)
		}
	}
	if n > 0 {
		fmt.Fprintf(w, "%d. %s (%s)\n", n, head, tag)
	} else {
		fmt.Fprintf(w, "%s (%s)\n", head, tag)
	}
	fmt.Fprintln(w, indent(r.Text, "   "))
	for _, n := range r.Notes {
		fmt.Fprintf(w, "   ↳ %s: %s\n", note, n)
	}
	fmt.Fprintf(w, "   — %s\n", cite)
}

// withdrawnNote marks an FAQ or errata entry that FAQ version v no
// longer holds, as every listing of it says.
func withdrawnNote(v string) string {
	return "WITHDRAWN in " + v + ": no longer in force"
}

func indent(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = pre + l
	}
	return strings.Join(lines, "\n")
}
