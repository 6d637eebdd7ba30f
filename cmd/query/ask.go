package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/report"
)

const askHelp = `Answers a rules question (Spanish or English) from the knowledge base: the
source that decides it (one that answers what is asked, chosen by
precedence: errata > FAQ > rule text > example), quoted with its lead-in
and citation; the short verdict it entails ("Sí", "No", "MOD -3", "5 cm"),
or "see the deciding source"; supporting sources and the sources it
overrides; or "not found in the knowledge base" with the nearest pages.
Labels follow the question's language. Without -edition the answer speaks
for the newest edition the knowledge base holds, and says so. It searches
the index PATH.bleve (made by "query index -db PATH"; the embedded sample
is indexed in memory), or the knowledge base's FTS5 table when there is
none or for -as-of. Example:
  query ask "¿Se puede declarar Berserk estando trabado?"
  query ask -edition c1 "How is Engaged cancelled?"`

func runAsk(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "ask", "QUESTION", askHelp, true).pageFlags()
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
		var warns []*pairs.Warning
		if d := a.Deciding(); d != nil {
			if warns, err = twinWarnings(ctx, c.judgeDB, []wikirules.Citation{d.Citation}, a.Language); err != nil {
				return err
			}
		}
		if c.json {
			return writeJSON(e.stdout, struct {
				report.Answer
				TwinWarnings []*pairs.Warning `json:"twin_warnings,omitempty"`
			}{report.AnswerOf(a), warns})
		}
		printAnswer(e.stdout, a, warns)
		return nil
	})
}

// withJudge reads -edition and -as-of into the engine options, opens the
// knowledge base, and calls do with a judge engine over it: the base is
// its store, the search index its searcher (the base's FTS5 search when
// the index is missing or out of step, said on stderr); both are closed
// when do returns.
func withJudge(ctx context.Context, e *env, c *common, do func(*engine.Engine, engine.Options) error) error {
	f, err := c.filter()
	if err != nil {
		return err
	}
	return c.withDB(ctx, e, func(db *kb.DB) error {
		var search wikirules.Searcher = db
		idx, owned, reason := c.searchIndex(ctx, db)
		if reason != nil {
			fmt.Fprintf(e.stderr, "query: %v; the judge searches with FTS5 instead (run: query index -db %s)\n", reason, c.dbPath())
		} else {
			search = idx
			if owned {
				defer idx.Close()
			}
		}
		c.judgeDB = db
		return do(engine.New(db, search, engine.WithNotice(e.stderr)), engine.Options{Edition: f.Edition, AsOf: f.AsOf})
	})
}

// printAnswer prints an answer card for people, its labels in the
// question's language.
// warns are the warnings on the deciding source's page (its twin is newer),
// printed under the verdict.
func printAnswer(w io.Writer, a *engine.Answer, warns []*pairs.Warning) {
	q := a.Labels.FAQQuestion // "P:" for a Spanish question, as its FAQ quotes read
	if q == "" {
		q = "Q:"
	}
	fmt.Fprintf(w, "%s %s\n", q, a.Question)
	if !a.Found {
		fmt.Fprintf(w, "→ %s\n", a.Labels.NotFound)
		if len(a.Nearest) > 0 {
			fmt.Fprintf(w, "  %s: %s\n", a.Labels.Nearest, strings.Join(a.Nearest, "; "))
		}
	} else if a.Verdict != "" {
		fmt.Fprintf(w, "→ %s\n", a.Verdict)
	}
	printNotes(w, a.Notes)
	fmt.Fprintln(w)
	printTwinWarnings(w, warns, a.Language)
	printSourcesLabelled(w, a.Sources, a.Labels, a.Language)
	printData(w, report.DataOf(a.Data, a.Sources), a.Labels.Data, a.Language)
}

func printNotes(w io.Writer, notes []string) {
	for _, n := range notes {
		fmt.Fprintf(w, "  (%s)\n", n)
	}
}

// printSourcesLabelled prints sources grouped by role, in order, with the
// labels l and each source's labels in language lang: each quoted as it
// stands alone (under its lead-in, with the bullets it introduces).
func printSourcesLabelled(w io.Writer, sources []engine.Source, l engine.Labels, lang string) {
	names := map[engine.Role]string{engine.RoleDeciding: l.Deciding, engine.RoleSupporting: l.Supporting, engine.RoleOverridden: l.Overridden}
	last := engine.Role("")
	n := 0
	md := markupFor(w)
	for _, s := range sources {
		if s.Role != last {
			name := names[s.Role]
			if name == "" {
				name = string(s.Role)
			}
			fmt.Fprintf(w, "%s:\n", strings.ToUpper(name))
			last = s.Role
		}
		n++
		text := s.Text
		if s.Quote != "" {
			text = s.Quote
		}
		if s.FAQ != nil {
			text = engine.FAQText(s.FAQ, engine.LabelsOf(lang)) // an answer's are the question's language already; a resolution's, the page's
		}
		text = md(text)
		printResultIn(w, n, report.Result{Text: text, Kind: s.Kind, Page: s.Page, Title: s.Title,
			Editions: s.Citation.Editions, Version: s.Version, Notes: s.Notes, Citation: s.Citation}, lang)
		if s.Reason != "" {
			fmt.Fprintf(w, "   %s: %s\n", l.Why, s.Reason)
		}
		fmt.Fprintln(w)
	}
}

// printData prints the data version an answer speaks for, after label
// ("Datos", "Data") with the undated notes in language code: the answer's.
func printData(w io.Writer, d report.DataVersion, label, code string) {
	if len(d.Revisions) == 0 && len(d.FAQVersions) == 0 {
		return
	}
	var revs []string
	for _, r := range d.Revisions {
		when := revWhen(r.Revision, r.Timestamp, r.TimestampInferred)
		if r.Revision != "" && (r.Timestamp.IsZero() || r.TimestampInferred) {
			// The citation's own words for an undated revision.
			c := wikirules.Citation{Revision: r.Revision, Timestamp: r.Timestamp, TimestampInferred: r.TimestampInferred}
			when = strings.TrimPrefix(c.In(wikirules.CitationWordsFor(code)), " — rev ")
		}
		revs = append(revs, fmt.Sprintf("%s @ %s", r.Page, when))
	}
	if label == "" {
		label = "Data"
	}
	fmt.Fprintf(w, "%s: %s", label, strings.Join(revs, "; "))
	if len(d.FAQVersions) > 0 {
		fmt.Fprintf(w, "; FAQ: %s", strings.Join(d.FAQVersions, "; "))
	}
	fmt.Fprintln(w)
}
