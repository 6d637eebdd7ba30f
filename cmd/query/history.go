package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/report"
)

// changeFlags holds the output flags of history, diff, changes and blame:
// -format text|md and -color auto|always|never, besides common's -json.
type changeFlags struct {
	*common
	format string
	color  string
}

func newChangeFlags(e *env, name, args, help string) *changeFlags {
	c := &changeFlags{common: newFlags(e, name, args, help, false).pageFlags()}
	c.fs.StringVar(&c.format, "format", "text", "text, or md for a Markdown changelog to publish")
	c.fs.StringVar(&c.color, "color", "auto", "auto (ANSI colours only when stdout is a terminal), always or never")
	return c
}

// parse parses args as common.parse does, then validates -format and
// -color.
func (c *changeFlags) parse(args []string) error {
	if err := c.common.parse(args); err != nil {
		return err
	}
	if c.format != "text" && c.format != "md" {
		return fmt.Errorf("-format %q: want text or md", c.format)
	}
	if c.color != "auto" && c.color != "always" && c.color != "never" {
		return fmt.Errorf("-color %q: want auto, always or never", c.color)
	}
	return nil
}

// palette returns the ANSI styles to use on w: none unless -color always,
// or -color auto and w is a terminal; never in Markdown.
func (c *changeFlags) palette(w io.Writer) palette {
	on := c.color == "always"
	if c.color == "auto" {
		if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			on = true
		}
	}
	if !on || c.format == "md" {
		return palette{}
	}
	return palette{on: true}
}

// palette wraps text in ANSI SGR sequences when on.
type palette struct{ on bool }

func (p palette) sgr(code, s string) string {
	if !p.on || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p palette) bold(s string) string { return p.sgr("1", s) }
func (p palette) dim(s string) string  { return p.sgr("2", s) }
func (p palette) del(s string) string  { return p.sgr("31", s) }
func (p palette) ins(s string) string  { return p.sgr("32", s) }

// class colours a class name: substantive bold red, translation magenta,
// wording yellow, cosmetic dim.
func (p palette) class(c diff.Class) string {
	switch c {
	case diff.Substantive:
		return p.sgr("1;31", string(c))
	case diff.Translation:
		return p.sgr("35", string(c))
	case diff.Wording:
		return p.sgr("33", string(c))
	}
	return p.dim(string(c))
}

// shortID is a revision id as people read it: a wiki-qualified native id
// whole ("infinity-es:1234", which diff and history also accept), a
// derived id cut to its first 10 characters (an unambiguous prefix).
func shortID(id string) string {
	if strings.Contains(id, ":") {
		return id
	}
	if len(id) > 10 {
		return id[:10]
	}
	return id
}

// revLine is "d1636acd37 2021-02-11 09:29Z User".
func revLine(r wikirules.Revision) string {
	s := shortID(r.ID) + " " + revTime(r)
	if r.User != "" {
		s += " " + r.User
	}
	return s
}

// revTime is a revision's time as history and diff print it:
// "2021-02-11 09:29Z", else as stampIn says.
func revTime(r wikirules.Revision) string {
	return stampIn(r.Timestamp, r.TimestampInferred, "2006-01-02 15:04Z")
}

// stamp is a revision time in RFC 3339, else as stampIn says.
func stamp(t time.Time, inferred bool) string {
	return stampIn(t, inferred, time.RFC3339)
}

// revWhen names a revision as a citation does: by its time in RFC 3339
// when it has one of its own, else by id with what stampIn says
// ("ddb1a6ee6155b9549 (undated; shows an update of 2023-07)").
func revWhen(id string, t time.Time, inferred bool) string {
	if t.IsZero() || inferred {
		return id + " (" + stampIn(t, inferred, time.RFC3339) + ")"
	}
	return t.UTC().Format(time.RFC3339)
}

// stampIn is a revision time in layout; "undated" for the zero time (a
// rendered page that shows no date); for a time read from the page's
// newest update marker (inferred), "undated; shows an update of 2023-07",
// as the revision's citations say: that marker names a month, and is no
// date of the revision.
func stampIn(t time.Time, inferred bool, layout string) string {
	switch {
	case t.IsZero():
		return "undated"
	case inferred:
		return "undated; shows an update of " + report.InferredMonth(t)
	}
	return t.UTC().Format(layout)
}

// pageData is what history and blame work on: the open knowledge base,
// the PAGE argument, the page's revisions (oldest first) and, for each,
// its records and its text size in bytes.
type pageData struct {
	db    *kb.DB
	title string
	revs  []wikirules.Revision
	snaps []diff.Snapshot
	sizes map[string]int
}

// loadPage parses args (flags, then PAGE), opens the knowledge base and
// loads the page's revisions with their records. The caller closes pd.db.
func loadPage(ctx context.Context, e *env, c *changeFlags, args []string) (*pageData, error) {
	if err := c.parse(args); err != nil {
		return nil, err
	}
	pd := &pageData{title: c.text()}
	if pd.title == "" {
		c.fs.Usage()
		return nil, errUsage
	}
	f, err := c.pageFilter()
	if err != nil {
		return nil, err
	}
	if pd.db, err = c.open(ctx, e); err != nil {
		return nil, err
	}
	if pd.revs, err = pd.db.History(ctx, pd.title, f); err == nil {
		noteAlsoIn(ctx, e, pd.db, pd.title, f)
		pd.snaps, pd.sizes, err = loadSnapshots(ctx, pd.db, pd.revs)
	}
	if err != nil {
		pd.db.Close()
		return nil, err
	}
	return pd, nil
}

// noteAlsoIn says on stderr which pages of the same title other wikis
// hold, when title names pages of several wikis (the history, diff or
// blame printed is of the one f chose).
func noteAlsoIn(ctx context.Context, e *env, db *kb.DB, title string, f wikirules.Filter) {
	if p, also, err := db.ResolvePage(ctx, title, f); err == nil && len(also) > 0 {
		fmt.Fprintf(e.stderr, "query: %s of %s;\n", p.Title, p.Wiki)
		alsoIn(e.stderr, also)
	}
}

// loadSnapshots reads the records of each revision, with its text size.
func loadSnapshots(ctx context.Context, db *kb.DB, revs []wikirules.Revision) ([]diff.Snapshot, map[string]int, error) {
	out := make([]diff.Snapshot, 0, len(revs))
	sizes := map[string]int{}
	for _, r := range revs {
		recs, err := db.RevisionRecords(ctx, r.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("page %s: %w", r.Page.Title, err)
		}
		full, err := db.Revision(ctx, r.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("page %s: %w", r.Page.Title, err)
		}
		sizes[r.ID] = len(full.Text)
		out = append(out, diff.Snapshot{Revision: r, Records: recs})
	}
	return out, sizes, nil
}

func runHistory(ctx context.Context, e *env, args []string) error {
	c := newChangeFlags(e, "history", "PAGE", "Lists every revision of PAGE, oldest first: time, user, comment, size in bytes and a\n"+
		"one-line summary of what it changed in the rule records (with its class: cosmetic,\nwording, translation, substantive).\n\n"+
		"Example: query history GizmoKit")
	pd, err := loadPage(ctx, e, c, args)
	if err != nil {
		return err
	}
	defer pd.db.Close()
	title, revs := pd.title, pd.revs
	steps := diff.History(pd.snaps, pd.sizes)
	page := title
	if len(revs) > 0 {
		page = revs[0].Page.Title
	}
	if c.json {
		return writeJSON(e.stdout, report.HistoryOf(page, steps))
	}
	p := c.palette(e.stdout)
	w := e.stdout
	if c.format == "md" {
		fmt.Fprintf(w, "## %s — history\n\n| revision | time (UTC) | user | size | comment | change |\n|---|---|---|---:|---|---|\n", page)
		for _, s := range steps {
			r := s.Revision
			fmt.Fprintf(w, "| `%s` | %s | %s | %d | %s | %s |\n", shortID(r.ID), stamp(r.Timestamp, r.TimestampInferred),
				mdCell(r.User), s.Size, mdCell(r.Comment), mdCell(s.Summary))
		}
		return nil
	}
	fmt.Fprintf(w, "%s — %d revisions\n", p.bold(page), len(steps))
	for i, s := range steps {
		r := s.Revision
		fmt.Fprintf(w, "%s  %6d B", p.bold(revLine(r)), s.Size)
		if r.Minor {
			fmt.Fprint(w, "  m")
		}
		if r.Comment != "" {
			fmt.Fprintf(w, "  %q", r.Comment)
		}
		fmt.Fprintln(w)
		cls := ""
		if s.Diff != nil && s.Diff.Class != "" {
			cls = "[" + p.class(s.Diff.Class) + "] "
		}
		fmt.Fprintf(w, "    %s%s\n", cls, s.Summary)
		if i > 0 && !kb.OrderKnown(steps[i-1].Revision, r) {
			// Nothing stored dates the two against each other: the list
			// places them by what their texts show (editions, update markers).
			fmt.Fprintf(w, "    %s\n", p.dim("order: not known to be newer than "+shortID(steps[i-1].Revision.ID)+
				" (no date, id or creation summary orders them; placed by what the texts show)"))
		}
	}
	return nil
}

// mdCell escapes a value for a Markdown table cell.
func mdCell(s string) string {
	s = strings.ReplaceAll(collapse(s), "|", `\|`)
	return s
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
