package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules/report"
)

// writeJSON prints v as one indented JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// printResult prints a result for people: a header, the indented text and
// the citation line.
func printResult(w io.Writer, n int, r report.Result) {
	head := r.Page
	if r.Title != "" && r.Title != r.Page {
		head += " · " + r.Title
	}
	tag := string(r.Kind)
	if r.Superseded {
		tag += ", superseded"
	}
	if r.FAQ != nil && r.FAQ.Removed != "" {
		tag += ", " + withdrawnNote(r.FAQ.Removed)
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
