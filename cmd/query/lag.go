package main

import (
	"context"
	"fmt"
	"io"
	"os"
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
every pair; -lang the language of the report (the JSON document is the
same in both). Example:
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
	lng := c.fs.String("lang", "", "es or en: the language of the report (default: the locale, LC_ALL / LC_MESSAGES / LANG, when Spanish or English, else en)")
	if err := c.parse(args); err != nil {
		return err
	}
	judge := *lng
	switch judge {
	case "":
		judge = cliLang(os.Getenv)
	case "es", "en":
	default:
		return fmt.Errorf("-lang %q: want es or en", judge)
	}
	t := lagWords[judge]
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
		fmt.Fprintf(w, t["summary"]+"\n", len(rep.Pairs), len(rep.Lagging))
		for _, x := range rep.Lagging {
			fmt.Fprintf(w, "\n"+t["behind"]+"\n", x.Page.Title, x.Page.Wiki, x.Twin.Title, x.Twin.Wiki, pairs.Message(&x.Lag, judge))
			printPairing(w, &x.Lag, judge)
			if cur := x.SideOf(x.Twin.Language).Current; cur != nil {
				fmt.Fprintf(w, "  "+t["current"]+"\n", cur)
			}
		}
		for _, l := range rep.Disagree {
			fmt.Fprintf(w, "\n"+t["disagree"], l.ES.Title, l.EN.Title)
			for _, a := range l.Why {
				fmt.Fprintf(w, " "+t["over"]+";", strings.TrimSpace(a.By+" "+a.Series), a.Newer, a.Older)
			}
			fmt.Fprintln(w)
		}
		if *all {
			fmt.Fprintln(w, "\n"+t["every"])
			for i := range rep.All {
				l := &rep.All[i]
				newer := t["neither"]
				if l.Newer != "" {
					newer = l.SideOf(l.Newer).Title
				}
				fmt.Fprintf(w, "\n%s ↔ %s — "+t["newer"]+"\n", l.ES.Title, l.EN.Title, newer)
				printPairing(w, l, judge)
			}
		}
		for _, s := range rep.Conflicts {
			fmt.Fprintf(e.stderr, "query: %s\n", s)
		}
		return nil
	})
}

// lagWords are the sentences of lag's report by language (-lang).
var lagWords = map[string]map[string]string{
	"en": {
		"summary":  "%d pairs; %d pages behind their twin",
		"behind":   "%s (%s) is behind %s (%s): %s",
		"current":  "the twin's current record: %s",
		"disagree": "%s ↔ %s: each side is ahead by a different criterion:",
		"over":     "%s %s over %s",
		"every":    "Every pair:",
		"newer":    "newer: %s",
		"neither":  "neither",
		"paired":   "paired by %s: %s",
		"records":  "records: %d of %s paired with one of %s (%d of them differ in substance); without a pair: %d of %s, %d of %s",
		"numbers":  "a number differs: %s",
		"words":    "differs in substance: %s",
		"position": " (paired by position in the block)",
		"editions": "; pairs of records of different editions: %d (not compared as translations)",
	},
	"es": {
		"summary":  "%d parejas; %d páginas por detrás de su gemela",
		"behind":   "%s (%s) va por detrás de %s (%s): %s",
		"current":  "registro actual de la gemela: %s",
		"disagree": "%s ↔ %s: cada una va por delante según un criterio distinto:",
		"over":     "%s %s sobre %s",
		"every":    "Todas las parejas:",
		"newer":    "más nueva: %s",
		"neither":  "ninguna",
		"paired":   "emparejadas por %s: %s",
		"records":  "registros: %d de %s emparejados con uno de %s (%d difieren en el fondo); sin pareja: %d de %s, %d de %s",
		"numbers":  "una cifra difiere: %s",
		"words":    "difieren en el fondo: %s",
		"position": " (emparejados por su posición en el bloque)",
		"editions": "; parejas de registros de ediciones distintas: %d (no se comparan como traducción)",
	},
}

// printPairing prints, in language judge, how a pair was found, how many
// records of each page align, and each aligned pair that differs in
// substance with both records' citations: what differs, where.
func printPairing(w io.Writer, l *pairs.Lag, judge string) {
	t := lagWords[judge]
	for _, r := range l.Reasons {
		fmt.Fprintf(w, "  "+t["paired"]+"\n", r.Method, r.Detail)
	}
	a := l.Align
	var esOnly, enOnly int
	for _, r := range a.Records {
		switch {
		case r.Status != pairs.Unmatched:
		case r.ES != nil:
			esOnly++
		default:
			enOnly++
		}
	}
	// A pair of records of different editions (N4 beside N5) is no
	// translation of one another: what differs between them is the
	// edition, not a figure or a word, so pairs counts it apart
	// (OtherEditions) and does not compare it.
	substantive, otherEd := a.Substantive, a.OtherEditions
	fmt.Fprintf(w, "  "+t["records"], a.Aligned, l.ES.Title, l.EN.Title, substantive, esOnly, l.ES.Title, enOnly, l.EN.Title)
	if otherEd > 0 {
		fmt.Fprintf(w, t["editions"], otherEd)
	}
	fmt.Fprintln(w)
	for i := range a.Records {
		r := &a.Records[i]
		if r.Status != pairs.Aligned || r.Class != "substantive" {
			continue
		}
		what := fmt.Sprintf(t["words"], strings.Join(r.Reasons, ", "))
		if n := pairs.NumbersDiffer(r, judge); n != "" {
			what = fmt.Sprintf(t["numbers"], n)
		}
		if r.Match == pairs.MatchOrdinal {
			what += t["position"]
		}
		fmt.Fprintf(w, "    %s\n      — %s\n      — %s\n", what, r.ES.Citation, r.EN.Citation)
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
