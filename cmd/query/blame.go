package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/report"
)

func runBlame(ctx context.Context, e *env, args []string) error {
	c := newChangeFlags(e, "blame", "PAGE", "For each current record of PAGE (superseded text left out), prints the revision that\n"+
		"introduced it and the last revision that changed it, with the class of that change.\n\n"+
		"Example: query blame \"Activación de una Tropa\"")
	pd, err := loadPage(ctx, e, c, args)
	if err != nil {
		return err
	}
	defer pd.db.Close()
	title, revs, snaps := pd.title, pd.revs, pd.snaps
	if len(revs) == 0 {
		return fmt.Errorf("page %q has no revisions", title)
	}
	var rows []diff.Blamed
	for _, b := range diff.Blame(snaps) {
		if !b.Record.Superseded {
			rows = append(rows, b)
		}
	}
	page := revs[0].Page.Title
	if c.json {
		return writeJSON(e.stdout, report.BlameOf(page, len(revs), rows))
	}
	w := e.stdout
	if c.format == "md" {
		fmt.Fprintf(w, "## %s — blame\n\n| record | introduced | last changed | change |\n|---|---|---|---|\n", page)
		for _, b := range rows {
			change := ""
			if b.LastClass != "" {
				change = string(b.LastClass) + ": " + strings.Join(b.LastReasons, "; ")
			}
			fmt.Fprintf(w, "| %s (%s) | `%s` %s | `%s` %s | %s |\n", mdCell(whereOf(b.Record)), b.Record.Kind,
				shortID(b.Introduced.ID), stamp(b.Introduced.Timestamp, b.Introduced.TimestampInferred),
				shortID(b.LastChanged.ID), stamp(b.LastChanged.Timestamp, b.LastChanged.TimestampInferred), mdCell(change))
		}
		return nil
	}
	p := c.palette(w)
	fmt.Fprintf(w, "%s — %d records, %d revisions\n", p.bold(page), len(rows), len(revs))
	for _, b := range rows {
		fmt.Fprintf(w, "%s %s  %s\n", p.bold(whereOf(b.Record)), p.dim("("+string(b.Record.Kind)+")"), clipText(b.Record.Plain, 70))
		fmt.Fprintf(w, "    introduced   %s\n", revLine(b.Introduced))
		if b.LastClass != "" {
			fmt.Fprintf(w, "    last changed %s  [%s] %s\n", revLine(b.LastChanged), p.class(b.LastClass), strings.Join(b.LastReasons, "; "))
		}
	}
	return nil
}

// whereOf is a record's place in its page (diff.Where).
func whereOf(r wikirules.Record) string { return diff.Where(&r) }

// clipText cuts s to n runes with "…".
func clipText(s string, n int) string {
	s = collapse(s)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
