package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/report"
)

const askHelp = `Answers a rules question (Spanish or English) from the knowledge base: the
deciding source quoted with its citation, a short verdict when the source
gives one, supporting sources, and the sources it overrides (precedence:
errata > FAQ > rule text > example). Without -edition the answer speaks
for N4. Example:
  query ask "¿Se puede declarar Berserk estando trabado?"
  query ask -edition c1 "How is Engaged cancelled?"`

func runAsk(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "ask", "QUESTION", askHelp, true)
	if err := c.parse(args); err != nil {
		return err
	}
	q, err := c.query()
	if err != nil {
		return err
	}
	return withJudge(ctx, e, c, func(j *engine.Engine, opt engine.Options) error {
		a, err := j.Ask(ctx, q, opt)
		if err != nil {
			return err
		}
		if c.json {
			return writeJSON(e.stdout, a)
		}
		printAnswer(e.stdout, a)
		return nil
	})
}

// withJudge reads -edition and -as-of into the engine options, opens the
// knowledge base, and calls do with a judge engine over it (the base is
// its store and its searcher); the base is closed when do returns.
func withJudge(ctx context.Context, e *env, c *common, do func(*engine.Engine, engine.Options) error) error {
	f, err := c.filter()
	if err != nil {
		return err
	}
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	return do(engine.New(db, db), engine.Options{Edition: f.Edition, AsOf: f.AsOf})
}

// printAnswer prints an answer card for people.
func printAnswer(w io.Writer, a *engine.Answer) {
	fmt.Fprintf(w, "Q: %s\n", a.Question)
	if !a.Found {
		fmt.Fprintf(w, "→ %s\n", engine.NotFound)
	} else if a.Verdict != "" {
		fmt.Fprintf(w, "→ %s\n", a.Verdict)
	}
	printNotes(w, a.Notes)
	fmt.Fprintln(w)
	printSources(w, a.Sources)
	printData(w, a.Data)
}

func printNotes(w io.Writer, notes []string) {
	for _, n := range notes {
		fmt.Fprintf(w, "  (%s)\n", n)
	}
}

// printSources prints sources grouped by role, in order.
func printSources(w io.Writer, sources []engine.Source) {
	last := engine.Role("")
	n := 0
	for _, s := range sources {
		if s.Role != last {
			fmt.Fprintf(w, "%s:\n", strings.ToUpper(string(s.Role)))
			last = s.Role
		}
		n++
		printResult(w, n, report.Result{Text: s.Text, Kind: s.Kind, Page: s.Page, Title: s.Title,
			Editions: s.Citation.Editions, Version: s.Version, Notes: s.Notes, Citation: s.Citation})
		if s.Reason != "" {
			fmt.Fprintf(w, "   why: %s\n", s.Reason)
		}
		fmt.Fprintln(w)
	}
}

// printData prints the data version an answer speaks for.
func printData(w io.Writer, d engine.DataVersion) {
	if len(d.Revisions) == 0 && len(d.FAQVersions) == 0 {
		return
	}
	var revs []string
	for _, r := range d.Revisions {
		revs = append(revs, fmt.Sprintf("%s @ %s", r.Page, r.Timestamp.UTC().Format("2006-01-02T15:04:05Z")))
	}
	fmt.Fprintf(w, "Data: %s", strings.Join(revs, "; "))
	if len(d.FAQVersions) > 0 {
		fmt.Fprintf(w, "; FAQ: %s", strings.Join(d.FAQVersions, "; "))
	}
	fmt.Fprintln(w)
}
