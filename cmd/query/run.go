package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/pipeline"
)

var errUsage = errors.New("usage")

// command is one subcommand: its name, a one-line summary and its runner.
type command struct {
	name, args, summary string
	run                 func(ctx context.Context, e *env, args []string) error
}

// commands are the subcommands of query, in the order the usage lists
// them; each runner is in the file of its name (ask.go: runAsk).
var commands = []command{
	{"ask", "[-edition E] [-as-of D] QUESTION", "answer a rules question with the deciding source and citations", runAsk},
	{"blame", "PAGE", "which revision introduced, and which last changed, each record", runBlame},
	{"changes", "-since DATE [-until DATE]", "what changed in the whole wiki between two dates", runChanges},
	{"diff", "PAGE [REV_A [REV_B]]", "what changed in a page's rules between two revisions", runDiff},
	{"eval", "[-cases FILE] [-search] [-v]", "score the judge engine, or the search, on test cases", runEval},
	{"export-site", "[-db PATH] DIR", "write the knowledge base as a static site (no server needed)", runExportSite},
	{"faq", "[TEXT]", "FAQs and errata, with versions", runFAQ},
	{"history", "PAGE", "every revision of a page and what it changed", runHistory},
	{"index", "[-db PATH] [-check]", "build or sync the search index, or check it", runIndex},
	{"lag", "[-wiki W] [-all]", "Spanish and English twin pages, and which lags behind", runLag},
	{"pages", "[-wiki W] [-edition E]", "every page: wiki, language, editions, revisions, records, FAQs", runPages},
	{"resolve", "[-edition E] [-as-of D] FILE|-", "resolve a game situation (JSON) with citations", runResolve},
	{"search", "[-edition E] [-kind K] TEXT", "ranked search over rules and FAQs", runSearch},
	{"serve", "[-addr 127.0.0.1:8080]", "the web page for judges and its JSON API", runServe},
	{"show", "[-edition E] PAGE", "a page as structured records, with its FAQs", runShow},
	{"wikis", "", "the live wikis synced: API address, last sync", runWikis},
}

const usageHead = `usage: query COMMAND [flags] ARGS

Looks rules up in the knowledge base and answers with citations. Every
command takes -db PATH (default rules.db; without it and without ./rules.db
the sample corpus embedded in the binary is used) and -json (one JSON
document on stdout). Run "query COMMAND -h" for a command's flags.

Commands:
`

func usage(w io.Writer) {
	fmt.Fprint(w, usageHead)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %-36s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprint(w, `
Examples:
  query ask "¿Se puede declarar Berserk estando trabado?"
  query search "esquivar plantilla"
  query show -edition c1 Trabado
  query faq berserk
  query diff "Sin Incapacidad por Herida"
  echo '{"turn":"active","order":["Trepar","Mover"]}' | query resolve -
`)
}

// env is what every subcommand gets: its output streams.
type env struct {
	stdout, stderr io.Writer
}

// Run is the query command: args[0] names the subcommand.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr}
	args = commandFirst(args)
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	for _, c := range commands {
		if c.name == args[0] {
			if err := c.run(ctx, e, args[1:]); !errors.Is(err, errHelp) {
				return err
			}
			return nil
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", args[0])
}

// commandFirst moves the flags every command shares (-db PATH, -json),
// when given before the command ("query -db rules.db pages"), after it.
func commandFirst(args []string) []string {
	var lead []string
	for len(args) > 0 {
		switch a := args[0]; {
		case (a == "-db" || a == "--db") && len(args) > 1:
			lead, args = append(lead, a, args[1]), args[2:]
		case strings.HasPrefix(a, "-db=") || strings.HasPrefix(a, "--db=") || a == "-json" || a == "--json":
			lead, args = append(lead, a), args[1:]
		default:
			if len(lead) == 0 || len(args) == 0 {
				return args
			}
			return append(append([]string{args[0]}, lead...), args[1:]...)
		}
	}
	return lead
}

// common holds the flags every subcommand shares.
type common struct {
	db      string
	json    bool
	edition string
	asOf    string
	wiki    string // -wiki: the wiki whose page a title names
	lang    string // -lang: the language that chooses among wikis (pageFlags)
	// edDefault is set by defaultEdition when no -edition was given and
	// the filter speaks for the knowledge base's newest edition.
	edDefault bool
	fs        *flag.FlagSet
	read      []kb.ReadOption // how open reads a knowledge base file
	judgeDB   *kb.DB          // the knowledge base withJudge opened, while its do runs
}

// newFlags returns a flag set with -db and -json (and, when withEdition,
// -edition and -as-of) for subcommand name.
func newFlags(e *env, name, args, help string, withEdition bool) *common {
	c := &common{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	c.fs.SetOutput(e.stderr)
	c.fs.StringVar(&c.db, "db", "", "the knowledge base (default rules.db, else the embedded sample corpus)")
	c.fs.BoolVar(&c.json, "json", false, "print one JSON document on stdout")
	if withEdition {
		c.fs.StringVar(&c.edition, "edition", "", "only what holds in this edition: n3, n4, c1 (CodeOne), n5, or all (default: the newest the knowledge base holds, for a page the newest it holds)")
		c.fs.StringVar(&c.asOf, "as-of", "", "answer from the wiki as it stood at DATE (2006-01-02 or RFC 3339)")
	}
	c.fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: query %s [flags] %s\n\n%s\n\nFlags:\n", name, args, help)
		c.fs.PrintDefaults()
	}
	return c
}

// defaultEdition sets f.Edition, when no -edition was given, to the
// newest edition the knowledge base holds (N5 once an N5 page is in) and
// notes that it was the default. A knowledge base that scopes nothing to
// an edition leaves f unfiltered.
func (c *common) defaultEdition(ctx context.Context, db *kb.DB, f *wikirules.Filter) error {
	if f.Edition != 0 || c.edition == "all" {
		return nil
	}
	held, err := db.Editions(ctx)
	if err != nil {
		return err
	}
	if ed, ok := held.Newest(); ok {
		f.Edition, c.edDefault = ed, true
	}
	return nil
}

// editionLine says which edition an output speaks for: "edition: N5 (the
// default: the newest the knowledge base holds; -edition for another)".
func editionLine(ed wikirules.Edition, defaulted bool) string {
	return editionLineIn(ed, defaulted, "en")
}

// editionLineIn is editionLine in language lang (cliWords).
func editionLineIn(ed wikirules.Edition, defaulted bool, lang string) string {
	name := strings.ToUpper(wikirules.Editions(ed).String())
	switch {
	case ed == 0:
		return word(lang, "ed.all")
	case defaulted:
		return word(lang, "ed.default", name)
	}
	return word(lang, "ed", name)
}

// pageFlags adds -wiki and -lang, for a command that names or lists
// pages: a page is known by its wiki and title, and one title can name a
// page of the Spanish wiki and one of the English wiki.
func (c *common) pageFlags() *common {
	c.fs.StringVar(&c.wiki, "wiki", "", "the wiki of the pages: infinity-es, infinity-en, infinity-n3-es, infinity-n3-en… (default: the page in -lang's language)")
	c.fs.StringVar(&c.lang, "lang", "", "es or en: the language whose page a title names when several wikis hold it (default: the locale, LC_ALL / LC_MESSAGES / LANG, else es)")
	return c
}

// pageFilter is the part of the store filter that chooses the page a
// title names: -wiki, and -lang or the locale's language.
func (c *common) pageFilter() (wikirules.Filter, error) {
	f := wikirules.Filter{Wiki: strings.TrimSpace(c.wiki)}
	switch l := strings.ToLower(strings.TrimSpace(c.lang)); l {
	case "":
		f.Lang = localeLang(os.Getenv)
	case "es", "en":
		f.Lang = l
	default:
		return f, fmt.Errorf("-lang %q: want es or en", c.lang)
	}
	return f, nil
}

// localeLang is the language of the user's locale: the first of LC_ALL,
// LC_MESSAGES and LANG that is set (POSIX's order of precedence for
// messages), "en" or "es" when it names English or Spanish
// ("en_GB.UTF-8", "es"), else "es" (the wiki's first language): the
// language whose page a title names when several wikis hold it.
func localeLang(getenv func(string) string) string {
	if code := localeCode(getenv); code == "en" || code == "es" {
		return code
	}
	return "es"
}

// cliLang is the language of the command line's own words (lag's report,
// -lang's default there): "es" when the locale names Spanish, else "en",
// the language show, faq and pages print: the C and POSIX locales, other
// languages and no locale at all get English.
func cliLang(getenv func(string) string) string {
	if localeCode(getenv) == "es" {
		return "es"
	}
	return "en"
}

// localeCode is the language part of the first of LC_ALL, LC_MESSAGES
// and LANG that is set, lower-cased ("es" of "es_ES.UTF-8", "c" of
// "C.UTF-8"), or "" when none is.
func localeCode(getenv func(string) string) string {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		loc := getenv(v)
		if loc == "" {
			continue
		}
		parts := strings.FieldsFunc(loc, func(r rune) bool { return r == '_' || r == '.' || r == '@' || r == '-' })
		if len(parts) == 0 {
			return ""
		}
		return strings.ToLower(parts[0])
	}
	return ""
}

// alsoIn prints, on w, the pages of the same title in other wikis that
// the title could have named: "also in infinity-en: Berserk (-wiki
// infinity-en)".
func alsoIn(w io.Writer, also []wikirules.Page) { alsoInLang(w, also, "en") }

// alsoInLang is alsoIn in language lang (cliWords).
func alsoInLang(w io.Writer, also []wikirules.Page, lang string) {
	for _, p := range also {
		fmt.Fprintln(w, word(lang, "also", p.Wiki, p.Title, p.Wiki))
	}
}

// parse parses args; -h prints the usage and returns errUsage.
func (c *common) parse(args []string) error {
	if err := c.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return errUsage
	}
	return nil
}

// parseOne parses args as parse does and returns the one positional
// argument; with none or several it prints the usage and returns errUsage.
func (c *common) parseOne(args []string) (string, error) {
	if err := c.parse(args); err != nil {
		return "", err
	}
	if c.fs.NArg() != 1 {
		c.fs.Usage()
		return "", errUsage
	}
	return c.fs.Arg(0), nil
}

// errHelp is returned when -h was asked: the usage was printed, and the
// command succeeds.
var errHelp = errors.New("help")

// maxQuery is the longest question or search text accepted, in bytes (the
// web API has the same limit).
const maxQuery = 1000

// query returns the positional arguments as one question or search text,
// or an error when there is none or it is longer than maxQuery.
func (c *common) query() (string, error) {
	q := c.text()
	if q == "" {
		c.fs.Usage()
		return "", errUsage
	}
	if len(q) > maxQuery {
		return "", fmt.Errorf("the text is %d bytes long; at most %d are accepted", len(q), maxQuery)
	}
	return q, nil
}

// filter builds the store filter from -edition, -as-of, -wiki and -lang.
func (c *common) filter() (wikirules.Filter, error) {
	f, err := c.pageFilter()
	if err != nil {
		return f, err
	}
	if c.edition != "" && c.edition != "all" {
		e, err := wikirules.ParseEdition(c.edition)
		if err != nil {
			return f, fmt.Errorf("-edition: %w", err)
		}
		f.Edition = e
	}
	if c.asOf != "" {
		t, err := wikirules.ParseDate(c.asOf)
		if err != nil {
			return f, fmt.Errorf("-as-of: %w", err)
		}
		f.AsOf = t
	}
	return f, nil
}

// open opens the knowledge base: -db PATH (which must exist), else
// ./rules.db when present, else an in-memory database loaded with the
// embedded sample corpus (a note says so on stderr).
func (c *common) open(ctx context.Context, e *env) (*kb.DB, error) {
	path := c.db
	if path == "" {
		if _, err := os.Stat("rules.db"); err == nil {
			path = "rules.db"
		}
	}
	if path != "" {
		st, err := os.Stat(path)
		if err != nil {
			return nil, fmt.Errorf("no knowledge base at %s (create it with: ingest -db %s FILE...)", path, path)
		}
		if st.IsDir() {
			return nil, fmt.Errorf("-db %s is a directory, not a knowledge base file", path)
		}
		db, err := kb.OpenReadOnly(ctx, path, c.read...)
		if errors.Is(err, kb.ErrNotMigrated) {
			// Made by an older version: upgrade the schema once (with the
			// page-name index below, the only writes query makes), then
			// read as usual.
			fmt.Fprintf(e.stderr, "query: upgrading %s to this version's schema (once)\n", path)
			if err := migrate(ctx, path); err != nil {
				return nil, fmt.Errorf("%s has an older schema and could not be upgraded (is it writable?): %w", path, err)
			}
			db, err = kb.OpenReadOnly(ctx, path, c.read...)
		}
		if errors.Is(err, kb.ErrBusy) {
			return nil, fmt.Errorf("%s is locked by a process writing it: try again when it is done: %w", path, err)
		}
		if err != nil {
			return nil, fmt.Errorf("%s is not a readable wikirules knowledge base: %w", path, err)
		}
		if db.Immutable() {
			fmt.Fprintf(e.stderr, "query: %s is on read-only media: reading it as it is (SQLite immutable mode)\n", path)
			return db, nil
		}
		if stored, err := engine.NamesStored(ctx, db); err == nil && !stored {
			// Written by an older ingest or read by another version of
			// the engine: store the page-name index this engine reads
			// once, so that later starts do not build it. When the file
			// cannot be written the engine builds it at start (and says
			// so).
			db.Close()
			fmt.Fprintf(e.stderr, "query: storing %s's page-name index for this version (once)\n", path)
			if err := storeNames(ctx, path); err != nil {
				fmt.Fprintf(e.stderr, "query: could not store it (%v): building it at each start\n", err)
			}
			if db, err = kb.OpenReadOnly(ctx, path, c.read...); err != nil {
				return nil, fmt.Errorf("%s is not a readable wikirules knowledge base: %w", path, err)
			}
		}
		return db, nil
	}
	db, err := pipeline.OpenSample(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading the embedded sample corpus: %w", err)
	}
	// The sample is built in memory at each run; its page-name index is
	// stored with it, as ingest does, so the engine reads it as it reads
	// any knowledge base (and says nothing of building it).
	if err := engine.StoreNames(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("the embedded sample corpus: page-name index: %w", err)
	}
	if !c.json {
		fmt.Fprintln(e.stderr, "(no rules.db here: using the sample corpus embedded in the binary)")
	}
	return db, nil
}

// withDB opens the knowledge base (open), calls do with it and closes it
// when do returns.
func (c *common) withDB(ctx context.Context, e *env, do func(*kb.DB) error) error {
	db, err := c.open(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	return do(db)
}

// migrate applies the pending migrations of the knowledge base at path
// (kb.Open does), stores its twin pairs (pairs.Store: a knowledge base of
// an older schema has none) and its page-name index (engine.StoreNames),
// and closes it.
func migrate(ctx context.Context, path string) error {
	db, err := kb.Open(ctx, path)
	if err != nil {
		return err
	}
	if err := pairs.Store(ctx, db); err != nil {
		db.Close()
		return err
	}
	if err := engine.StoreNames(ctx, db); err != nil {
		db.Close()
		return err
	}
	return db.Close()
}

// storeNames stores the page-name index of the knowledge base at path
// (engine.StoreNames) and closes it.
func storeNames(ctx context.Context, path string) error {
	db, err := kb.Open(ctx, path)
	if err != nil {
		return err
	}
	if err := engine.StoreNames(ctx, db); err != nil {
		db.Close()
		return err
	}
	return db.Close()
}

// text joins the positional arguments into one query string.
func (c *common) text() string { return strings.TrimSpace(strings.Join(c.fs.Args(), " ")) }
