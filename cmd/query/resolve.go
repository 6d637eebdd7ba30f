package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/report"
)

const resolveHelp = `Resolves a situation given as JSON (a file, or - for stdin), in the shape of
the judge cases: {"turn": "active"|"reactive", "order": ["Mover", "Mover"],
"aro": "Esquivar", "states": ["Trabado"], "active_is_marker": "IMP-2",
"dodge": {"template": true, "deployable": true, "lof_to_attacker": false,
"zoc_without_lof": false}, "burst": {"base": 2, "mods": [1]}}. Every
conclusion cites the records it was read from. Example:
  echo '{"turn":"active","order":["Trepar","Mover"]}' | query resolve -`

func runResolve(ctx context.Context, e *env, args []string) error {
	c := newFlags(e, "resolve", "FILE|-", resolveHelp, true).pageFlags()
	name, err := c.parseOne(args)
	if err != nil {
		return err
	}
	var data []byte
	if name == "-" {
		data, err = io.ReadAll(os.Stdin)
		name = "stdin"
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return fmt.Errorf("reading the situation: %w", err)
	}
	var s engine.Situation
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return fmt.Errorf("%s: %w", name, report.LocateJSONError(data, err))
	}
	if dec.More() {
		return fmt.Errorf("%s: byte %d: data after the situation object (one JSON object expected)", name, dec.InputOffset())
	}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return fmt.Errorf("%s: the situation is null (want a JSON object such as {\"turn\":\"active\",\"order\":[\"Mover\",\"Mover\"]})", name)
	}
	if err := s.Validate(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return withJudge(ctx, e, c, func(j *engine.Engine, opt engine.Options) error {
		// The conclusions, the labels around them and the FAQ entries
		// quoted speak -lang (else the locale's language).
		lang := c.outLang()
		opt.Lang = lang
		r, err := j.Resolve(ctx, s, opt)
		if err != nil {
			return err
		}
		if c.json {
			return writeJSON(e.stdout, report.ResolutionOf(r))
		}
		l := engine.LabelsOf(lang)
		fmt.Fprintf(e.stdout, "→ %s\n", r.Verdict)
		printNotes(e.stdout, r.Notes)
		for _, cl := range r.Conclusions {
			fmt.Fprintf(e.stdout, "\n[%s] %s\n  %s\n\n", cl.Topic, cl.Verdict, cl.Explanation)
			printSourcesLabelled(e.stdout, cl.Sources, l, lang)
		}
		printData(e.stdout, report.DataOf(r.Data, r.Sources()), l.Data, lang)
		return nil
	})
}
