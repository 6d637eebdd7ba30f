package main

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/report"
)

// pageChanges is what changed on one page in a time window: the revision
// current at the start (nil when the page was created in the window), the
// revisions made in the window, and the diff from the first state to the
// last.
type pageChanges struct {
	Page      string
	Base      *wikirules.Revision
	Revisions []wikirules.Revision
	Diff      *diff.Diff
}

// collectChanges diffs, for every page with revisions in (since, until],
// its state at since with its state at until. Pages come back with the
// highest class first, then by title; within a page the changes are
// ranked (substantive first).
func collectChanges(ctx context.Context, db *kb.DB, since, until time.Time) ([]pageChanges, error) {
	pages, err := db.Pages(ctx)
	if err != nil {
		return nil, err
	}
	var out []pageChanges
	for _, pg := range pages {
		revs, err := db.History(ctx, pg.Title, wikirules.Filter{Wiki: pg.Wiki})
		if err != nil {
			return nil, err
		}
		pc := pageChanges{Page: pg.Title}
		for i := range revs {
			ts := revs[i].Timestamp
			switch {
			case !ts.After(since):
				pc.Base = &revs[i]
			case !ts.After(until):
				pc.Revisions = append(pc.Revisions, revs[i])
			}
		}
		if len(pc.Revisions) == 0 {
			continue
		}
		var a []wikirules.Record
		if pc.Base != nil {
			if a, err = db.RevisionRecords(ctx, pc.Base.ID); err != nil {
				return nil, err
			}
		}
		b, err := db.RevisionRecords(ctx, pc.Revisions[len(pc.Revisions)-1].ID)
		if err != nil {
			return nil, err
		}
		pc.Diff = diff.Records(a, b)
		pc.Diff.Changes = pc.Diff.Ranked()
		out = append(out, pc)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := out[i].Diff.Class.Rank(), out[j].Diff.Class.Rank()
		if ri != rj {
			return ri > rj
		}
		return out[i].Page < out[j].Page
	})
	return out, nil
}

// parseSince reads -since: a bare date means the start of that day (UTC);
// other forms as wikirules.ParseDate.
func parseSince(s string) (time.Time, error) {
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t.UTC(), nil
	}
	return wikirules.ParseDate(s)
}

func runChanges(ctx context.Context, e *env, args []string) error {
	c := newChangeFlags(e, "changes", "-since DATE [-until DATE]", "Lists what changed in the rules of the whole wiki between two dates: for each page edited\n"+
		"in the window, the diff from its state at -since to its state at -until, pages with\n"+
		"substantive changes first. DATE is 2006-01-02 (-since: start of the day, -until: its end),\n"+
		"2006-01-02T15:04 or RFC 3339.\n\n"+
		"Examples:\n  query changes -since 2021-02-01\n  query changes -since 2021-02-11 -until 2021-02-11 -format md > CHANGELOG.md")
	sinceS := c.fs.String("since", "", "start of the window (required)")
	untilS := c.fs.String("until", "", "end of the window (default: now)")
	if err := c.parse(args); err != nil {
		return err
	}
	if *sinceS == "" {
		c.fs.Usage()
		return fmt.Errorf("changes: -since is required")
	}
	since, err := parseSince(*sinceS)
	if err != nil {
		return fmt.Errorf("-since: %w", err)
	}
	until := time.Now().UTC()
	if *untilS != "" {
		if until, err = wikirules.ParseDate(*untilS); err != nil {
			return fmt.Errorf("-until: %w", err)
		}
	}
	if until.Before(since) {
		return fmt.Errorf("-until %s is before -since %s", until.Format(time.RFC3339), since.Format(time.RFC3339))
	}
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	pcs, err := collectChanges(ctx, db, since, until)
	if err != nil {
		return err
	}
	if c.json {
		out := report.Changes{Pages: make([]report.PageChanges, 0, len(pcs)), Since: since, Until: until}
		for _, pc := range pcs {
			out.Pages = append(out.Pages, report.PageChangesOf(pc.Page, pc.Base, pc.Revisions, pc.Diff))
		}
		return writeJSON(e.stdout, out)
	}
	w := e.stdout
	window := since.Format(time.RFC3339) + " – " + until.Format(time.RFC3339)
	if c.format == "md" {
		fmt.Fprintf(w, "# Rule changes %s\n\n", window)
		if len(pcs) == 0 {
			fmt.Fprintln(w, "No page was edited.")
		}
		for _, pc := range pcs {
			printDiffMD(w, pc.Page, pc.Base, pc.Revisions[len(pc.Revisions)-1], pc.Diff, 2)
		}
		return nil
	}
	p := c.palette(w)
	counts := map[diff.Class]int{}
	for _, pc := range pcs {
		counts[pc.Diff.Class]++
	}
	fmt.Fprintf(w, "%s: %d pages edited (%d with substantive changes)\n", p.bold("Changes "+window), len(pcs), counts[diff.Substantive])
	for _, pc := range pcs {
		fmt.Fprintf(w, "\n%s  [%s]  %d revisions, last %s\n", p.bold(pc.Page), p.class(pc.Diff.Class), len(pc.Revisions),
			revLine(pc.Revisions[len(pc.Revisions)-1]))
		if pc.Base == nil {
			fmt.Fprintf(w, "    new page: %d records (query show %q)\n", len(pc.Diff.Changes), pc.Page)
			continue
		}
		if len(pc.Diff.Changes) == 0 {
			fmt.Fprintln(w, "    no change to the records")
		}
		for _, ch := range pc.Diff.Changes {
			printChangeText(w, p, ch, "  ")
		}
	}
	return nil
}
