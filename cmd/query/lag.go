package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
)

const lagHelp = `Pairs each page of the Spanish wiki with its twin on the English one (by an
interlanguage link [[en:…]], the langlinks a sync stored, a title pair of
the glossary, or a redirect naming the twin) and lists the pages whose twin
is ahead: by edition (N5 over N4), update version, FAQ version, or date when
the records differ in substance. Each entry says how the pair was found and
how the records align (aligned / unmatched; substantive differences such as
a MOD versus translation). -wiki keeps the pages of one wiki; -all lists
every pair. Example:
  query lag -json`

// lagReport is the JSON document of query lag.
type lagReport struct {
	Pairs     []pairs.Pair `json:"pairs"`
	Lagging   []lagEntry   `json:"lagging"`
	Disagree  []pairs.Lag  `json:"disagree,omitempty"`
	All       []pairs.Lag  `json:"all,omitempty"`
	Conflicts []string     `json:"conflicts,omitempty"`
}

// lagEntry is a page whose twin is ahead.
type lagEntry struct {
	Page pairs.PageRef `json:"page"`
	Twin pairs.PageRef `json:"twin"`
	pairs.Lag
}

func runLag(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "lag", "[-wiki W] [-all]", lagHelp, false)
	wiki := c.fs.String("wiki", "", "only the pages of this wiki (infinity-es, infinity-en, …)")
	all := c.fs.Bool("all", false, "list every pair with both sides' state, not only those lagging")
	if err := c.parse(args); err != nil {
		return err
	}
	return c.withDB(ctx, e, func(db *kb.DB) error {
		set, err := pairs.Load(ctx, db)
		if err != nil {
			return err
		}
		lags, err := pairs.Lags(ctx, db, set)
		if err != nil {
			return err
		}
		rep := lagReport{Pairs: set.Pairs, Lagging: []lagEntry{}, Conflicts: set.Conflicts}
		for _, l := range lags {
			if *all {
				rep.All = append(rep.All, l)
			}
			if l.Disagree {
				rep.Disagree = append(rep.Disagree, l)
				continue
			}
			behind := l.Behind()
			if behind == "" {
				continue
			}
			page, twin := l.Of(behind)
			if *wiki != "" && page.Wiki != *wiki {
				continue
			}
			rep.Lagging = append(rep.Lagging, lagEntry{Page: page, Twin: twin, Lag: l})
		}
		if c.json {
			return writeJSON(e.stdout, rep)
		}
		w := e.stdout
		fmt.Fprintf(w, "%d pairs; %d pages behind their twin\n", len(rep.Pairs), len(rep.Lagging))
		for _, x := range rep.Lagging {
			fmt.Fprintf(w, "\n%s (%s) is behind %s (%s): %s\n", x.Page.Title, x.Page.Wiki, x.Twin.Title, x.Twin.Wiki, pairs.Message(&x.Lag, "en"))
			printPairing(e, &x.Lag)
			if cur := x.SideOf(x.Twin.Language).Current; cur != nil {
				fmt.Fprintf(w, "  twin's current record: %s\n", cur)
			}
		}
		for _, l := range rep.Disagree {
			fmt.Fprintf(w, "\n%s ↔ %s: each side is ahead by a different criterion:", l.ES.Title, l.EN.Title)
			for _, a := range l.Why {
				fmt.Fprintf(w, " %s %s over %s;", strings.TrimSpace(a.By+" "+a.Series), a.Newer, a.Older)
			}
			fmt.Fprintln(w)
		}
		if *all {
			fmt.Fprintln(w, "\nEvery pair:")
			for i := range rep.All {
				l := &rep.All[i]
				fmt.Fprintf(w, "\n%s ↔ %s — newer: %s\n", l.ES.Title, l.EN.Title, orDash(l.Newer))
				printPairing(e, l)
			}
		}
		for _, s := range rep.Conflicts {
			fmt.Fprintf(e.stderr, "query: %s\n", s)
		}
		return nil
	})
}

// printPairing prints how a pair was found and how its records align.
func printPairing(e *env, l *pairs.Lag) {
	for _, r := range l.Reasons {
		fmt.Fprintf(e.stdout, "  paired by %s: %s\n", r.Method, r.Detail)
	}
	a := l.Align
	fmt.Fprintf(e.stdout, "  records: %d aligned (%d differ in substance), %d unmatched\n", a.Aligned, a.Substantive, a.Unmatched)
	for _, r := range a.Records {
		if r.Status == pairs.Aligned && r.Class == "substantive" {
			fmt.Fprintf(e.stdout, "    %s %d: %s — %s\n", r.Kind, r.ES.Ordinal, strings.Join(r.Reasons, ", "), r.EN.Citation)
		}
	}
}

// twinWarnings returns the warnings, in language judge, of the cited
// pages whose twin on the other wiki is newer (pairs.Set.Warn), once a
// page.
func twinWarnings(ctx context.Context, db *kb.DB, cites []wikirules.Citation, judge string) ([]*pairs.Warning, error) {
	if db == nil || len(cites) == 0 {
		return nil, nil
	}
	set, err := pairs.LoadFor(ctx, db, cites)
	if err != nil {
		return nil, err
	}
	var out []*pairs.Warning
	seen := map[string]bool{}
	for _, c := range cites {
		w, err := set.Warn(ctx, db, c, judge)
		if err != nil {
			return nil, err
		}
		if w != nil && !seen[w.Page.Wiki+"\x00"+w.Page.Title] {
			seen[w.Page.Wiki+"\x00"+w.Page.Title] = true
			out = append(out, w)
		}
	}
	return out, nil
}

// printTwinWarnings prints each warning with the twin's record beside it.
func printTwinWarnings(w io.Writer, warns []*pairs.Warning, judge string) {
	label := "WARNING"
	twin := map[string]string{"aligned": "the same rule on that page", "same place": "at the same position on that page (not confirmed)", "page": "that page now"}
	if judge == "es" {
		label = "AVISO"
		twin = map[string]string{"aligned": "la misma regla en esa página", "same place": "en la misma posición de esa página (sin confirmar)", "page": "esa página hoy"}
	}
	for _, x := range warns {
		fmt.Fprintf(w, "%s: %s\n", label, x.Message)
		if x.Cite != nil {
			fmt.Fprintf(w, "  %s: %s\n  — %s\n", twin[x.Match], x.Text, x.Cite)
		}
		fmt.Fprintln(w)
	}
}
