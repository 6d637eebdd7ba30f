package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/engine"
)

const evalHelp = `Runs the judge cases (questions with the expected deciding source and
verdict, and situations with the expected verdict) and prints, for the
questions whose answer is in the knowledge base, how many get the
deciding source first and within the top 3; for the yes/no and numeric
ones, how many get the verdict right and how many a contrary one (given
and wrong); how many are answered "not found" (abstained), and how many
of the questions whose answer is not in the corpus are; and how many
situations are resolved as expected. With -holdout N it also prints the
figures of every N-th case apart (the held-out part of a set the engine
was tuned on). Without -cases it runs the cases built into the engine
(the example cases and the engine's own set).
With -v it lists each case not answered first or missing its verdict,
and under one whose expected text is none of the answer's sources, where
it falls out ("lost:"): missing (no text holds it), filtered (only
outside the edition or date asked), search (not a hit, on no page the
question names), gather (a hit or named page that gather drops),
abstained or outranked (a candidate below the sources), with the figures
of that stage.
With -search it scores the search index instead, on the relevance set
index/testdata/relevance.json (or -cases FILE in that shape): recall@1,
recall@3 and MRR, listing the queries not answered first.
Examples:
  query eval -v
  query eval -search`

func runEval(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "eval", "", evalHelp, false)
	file := c.fs.String("cases", "", "a case file in the shape of judge-examples.json (default: the built-in cases)")
	verbose := c.fs.Bool("v", false, "list every case that is not answered first or misses its verdict (none given, or a contrary one), and where an expected text none of the sources holds falls out")
	search := c.fs.Bool("search", false, "score the search index on its relevance set instead of the engine")
	holdout := c.fs.Int("holdout", 0, "also report every N-th case apart (0: none)")
	if err := c.parse(args); err != nil {
		return err
	}
	if *search {
		return runEvalSearch(ctx, e, c, *file)
	}
	var files []*engine.CaseFile
	if *file != "" {
		data, err := os.ReadFile(*file)
		if err != nil {
			return err
		}
		cf, err := engine.ParseCases(data, *file)
		if err != nil {
			return err
		}
		files = append(files, cf)
	} else {
		cfs, err := engine.BuiltinCases()
		if err != nil {
			return err
		}
		files = cfs
	}
	if *holdout < 0 {
		return fmt.Errorf("-holdout %d: want 0 (none) or N ≥ 1", *holdout)
	}
	total, held := &engine.Report{}, &engine.Report{}
	lost := map[string]string{} // case id → where its expected text leaves the answer (-v)
	err := withJudge(ctx, e, c, func(eng *engine.Engine, _ engine.Options) error {
		for _, cf := range files {
			rep, err := engine.Evaluate(ctx, eng, cf)
			if err != nil {
				return err
			}
			total.Add(rep)
			if *verbose && !c.json {
				if err := explainLost(ctx, eng, cf, rep, lost); err != nil {
					return err
				}
			}
			if *holdout > 0 {
				_, h := cf.Split(*holdout)
				hr, err := engine.Evaluate(ctx, eng, h)
				if err != nil {
					return err
				}
				held.Add(hr)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if c.json {
		if *holdout > 0 {
			return writeJSON(e.stdout, map[string]any{"all": total, "held_out": held})
		}
		return writeJSON(e.stdout, total)
	}
	for _, r := range total.Results {
		if !*verbose {
			continue
		}
		miss := r.Want != "" && r.Verdict != engine.VerdictRight
		if r.OK && !miss {
			continue
		}
		problem := r.Problem
		if miss && r.Verdict == engine.VerdictNone {
			problem = strings.TrimPrefix(problem+"; no verdict, want "+strconv.Quote(r.Want), "; ")
		}
		fmt.Fprintf(e.stdout, "%-6s rank %d  %s\n       %s\n       got: %s\n", r.ID, r.Rank, problem, r.Input, r.Got)
		if l := lost[r.ID]; l != "" {
			fmt.Fprintf(e.stdout, "       lost: %s\n", l)
		}
	}
	for _, l := range total.Summary() {
		fmt.Fprintln(e.stdout, l)
	}
	if *holdout > 0 {
		fmt.Fprintf(e.stdout, "held out (every %d-th case):\n", *holdout)
		for _, l := range held.Summary() {
			fmt.Fprintln(e.stdout, "  "+l)
		}
	}
	return nil
}

// explainLost fills lost, for each question of cf whose expected text is
// none of the answer's sources (rank 0 in rep), with the stage at which
// it falls out and that stage's figures (engine.Lost).
func explainLost(ctx context.Context, eng *engine.Engine, cf *engine.CaseFile, rep *engine.Report, lost map[string]string) error {
	rank := map[string]int{}
	for _, r := range rep.Results {
		rank[r.ID] = r.Rank
	}
	for _, qc := range cf.Cases {
		if r, ok := rank[qc.ID]; !ok || r != 0 || qc.Expect.Kind == "none" {
			continue
		}
		stage, detail, err := eng.Lost(ctx, qc)
		if err != nil {
			return fmt.Errorf("case %s: %w", qc.ID, err)
		}
		if stage != engine.LostNone {
			lost[qc.ID] = stage + ": " + detail
		}
	}
	return nil
}
