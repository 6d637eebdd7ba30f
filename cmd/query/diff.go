package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/report"
)

func runDiff(ctx context.Context, e *env, args []string) error {
	c := newChangeFlags(e, "diff", "PAGE [REV_A [REV_B]]", "Compares two revisions of PAGE as rule records (default: the last two): records added,\n"+
		"removed, moved and changed, the fields that changed with a word-level diff, and a class for\n"+
		"each change (cosmetic, wording, translation, substantive). A revision is named by its id, an\n"+
		"unambiguous id prefix, or a date/time (the revision current then).\n\n"+
		"Examples:\n  query diff GizmoKit\n  query diff -format md \"Sin Incapacidad por Herida\" 2021-02-11T09:29:08Z 2021-02-11T09:29:30Z")
	if err := c.parse(args); err != nil {
		return err
	}
	if len(c.fs.Args()) == 0 {
		c.fs.Usage()
		return errUsage
	}
	return c.withDB(ctx, e, func(db *kb.DB) error {
		f, err := c.pageFilter()
		if err != nil {
			return err
		}
		page, revs, refs, err := pageAndRevs(ctx, db, c.fs.Args(), f)
		if err != nil {
			return err
		}
		noteAlsoIn(ctx, e, db, page, f)
		var from *wikirules.Revision
		var to wikirules.Revision
		switch len(refs) {
		case 0:
			to = revs[len(revs)-1]
			if len(revs) > 1 {
				from = &revs[len(revs)-2]
			}
		case 1:
			from, to = &refs[0], revs[len(revs)-1]
		default:
			from, to = &refs[0], refs[1]
		}
		var a []wikirules.Record
		if from != nil {
			if a, err = db.RevisionRecords(ctx, from.ID); err != nil {
				return err
			}
		}
		b, err := db.RevisionRecords(ctx, to.ID)
		if err != nil {
			return err
		}
		d := diff.Records(a, b)
		if c.json {
			return writeJSON(e.stdout, report.DiffOf(page, from, to, d))
		}
		p := c.palette(e.stdout)
		if c.format == "md" {
			printDiffMD(e.stdout, page, from, to, d, 2)
			return nil
		}
		printDiffText(e.stdout, p, page, from, to, d)
		return nil
	})
}

// pageAndRevs splits args into a page title (which may hold spaces) and
// up to two revision references, trying two references first: the title
// is the longest prefix of args that names a page whose history resolves
// the remaining args. It returns the page title, its history (oldest
// first) and the referenced revisions.
func pageAndRevs(ctx context.Context, db *kb.DB, args []string, f wikirules.Filter) (string, []wikirules.Revision, []wikirules.Revision, error) {
	var pageErr, revErr error
	for n := min(2, len(args)-1); n >= 0; n-- {
		title := strings.Join(args[:len(args)-n], " ")
		revs, err := db.History(ctx, title, f)
		if err != nil {
			if pageErr == nil || n == 0 {
				pageErr = err
			}
			continue
		}
		if len(revs) == 0 {
			return "", nil, nil, fmt.Errorf("page %q has no revisions", title)
		}
		var refs []wikirules.Revision
		ok := true
		for _, a := range args[len(args)-n:] {
			r, err := wikirules.ResolveRevision(revs, a)
			if err != nil {
				ok = false
				if revErr == nil {
					revErr = err
				}
				break
			}
			refs = append(refs, r)
		}
		if ok {
			return revs[0].Page.Title, revs, refs, nil
		}
	}
	if revErr != nil {
		return "", nil, nil, revErr
	}
	return "", nil, nil, pageErr
}

// printDiffText prints a diff for people: a header with both revisions,
// the counts, then each change with its fields and word-level diffs.
func printDiffText(w io.Writer, p palette, page string, from *wikirules.Revision, to wikirules.Revision, d *diff.Diff) {
	fromS := "(nothing)"
	if from != nil {
		fromS = revLine(*from)
	}
	fmt.Fprintf(w, "%s: %s → %s\n", p.bold(page), fromS, revLine(to))
	fmt.Fprintf(w, "%s; %d records unchanged\n", d.Headline(), d.Unchanged)
	for _, c := range d.Changes {
		fmt.Fprintln(w)
		printChangeText(w, p, c, "")
	}
}

// printChangeText prints one change, each line prefixed with pre.
func printChangeText(w io.Writer, p palette, c diff.Change, pre string) {
	mark := map[diff.Op]string{diff.Added: p.ins("+"), diff.Removed: p.del("-"), diff.Changed: "~", diff.Moved: "↕"}[c.Op]
	fmt.Fprintf(w, "%s%s %s %s %s  [%s]\n", pre, mark, c.Op, c.Kind, p.bold(c.Where), p.class(c.Class))
	switch c.Op {
	case diff.Added:
		fmt.Fprintln(w, p.ins(indent(c.New.Text, pre+"    ")))
	case diff.Removed:
		fmt.Fprintln(w, p.del(indent(c.Old.Text, pre+"    ")))
	default:
		if c.Moved {
			fmt.Fprintf(w, "%s    moved from %s\n", pre, wikirules.CitationOf(*c.Old).String())
		}
		for _, f := range c.Fields {
			if f.Field == "section" && c.Moved {
				continue
			}
			fmt.Fprintf(w, "%s    %s: %s\n", pre, f.Field, f.Describe())
			if len(f.Edits) > 0 {
				fmt.Fprintf(w, "%s      %s\n", pre, colourEdits(p, diff.Trim(f.Edits, 8)))
			}
		}
	}
	fmt.Fprintf(w, "%s    — %s\n", pre, p.dim(c.Citation.String()))
}

// colourEdits renders word edits: deletions red, insertions green when
// colours are on, else in git's [-deleted-]{+inserted+} notation.
func colourEdits(p palette, es []diff.Edit) string {
	if !p.on {
		return collapse(diff.Inline(es))
	}
	var b strings.Builder
	for _, e := range es {
		switch e.Op {
		case diff.Delete:
			b.WriteString(p.sgr("9;31", e.Text))
		case diff.Insert:
			b.WriteString(p.sgr("4;32", e.Text))
		default:
			b.WriteString(e.Text)
		}
	}
	return collapse(b.String())
}

// mdEdits renders word edits in Markdown: ~~deleted~~ **inserted**.
func mdEdits(es []diff.Edit) string {
	var b strings.Builder
	for i, e := range es {
		t := strings.TrimSpace(e.Text)
		if i > 0 && e.Op == diff.Insert && es[i-1].Op == diff.Delete {
			b.WriteString(" ")
		}
		switch {
		case e.Op == diff.Delete && t != "":
			b.WriteString(strings.Replace(e.Text, t, "~~"+t+"~~", 1))
		case e.Op == diff.Insert && t != "":
			b.WriteString(strings.Replace(e.Text, t, "**"+t+"**", 1))
		default:
			b.WriteString(e.Text)
		}
	}
	return collapse(b.String())
}

// printDiffMD prints a diff as a Markdown changelog section at heading
// level (2 → "##"): substantive changes first.
func printDiffMD(w io.Writer, page string, from *wikirules.Revision, to wikirules.Revision, d *diff.Diff, level int) {
	h := strings.Repeat("#", level)
	fmt.Fprintf(w, "%s %s\n\n", h, page)
	fromS := "(nothing)"
	if from != nil {
		fromS = "`" + shortID(from.ID) + "` " + stamp(from.Timestamp, from.TimestampInferred)
	}
	fmt.Fprintf(w, "From %s to `%s` %s (%s). %s.\n\n", fromS, shortID(to.ID), stamp(to.Timestamp, to.TimestampInferred),
		orNone(to.User), d.Headline())
	if from == nil {
		fmt.Fprintf(w, "New page: %d records.\n\n", len(d.Changes))
		return
	}
	for _, c := range d.Ranked() {
		fmt.Fprintf(w, "- **%s** · %s %s *%s*", c.Class, c.Op, c.Kind, c.Where)
		switch c.Op {
		case diff.Added:
			fmt.Fprintf(w, ": %s", collapse(c.New.Text))
		case diff.Removed:
			fmt.Fprintf(w, ": ~~%s~~", collapse(c.Old.Plain))
		default:
			var parts []string
			if c.Moved {
				parts = append(parts, "moved from "+wikirules.CitationOf(*c.Old).String())
			}
			for _, f := range c.Fields {
				if f.Field == "section" && c.Moved {
					continue
				}
				s := f.Field + " " + f.Describe()
				if len(f.Edits) > 0 {
					s += ": " + mdEdits(diff.Trim(f.Edits, 8))
				}
				parts = append(parts, s)
			}
			fmt.Fprintf(w, ": %s", strings.Join(parts, "; "))
		}
		fmt.Fprintf(w, " — %s\n", c.Citation)
	}
	fmt.Fprintln(w)
}

func orNone(s string) string {
	if s == "" {
		return "unknown user"
	}
	return s
}
