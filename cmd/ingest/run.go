package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pipeline"
	"github.com/wikirules/wikirules/source"
)

var errUsage = errors.New("usage")

// langPattern is a language code as MediaWiki names its content
// languages ("es", "en", "pt-br").
var langPattern = regexp.MustCompile(`^[a-z]{2,3}(-[a-z]{2,4})?$`)

var usage = `usage: ingest [-db PATH] [-format FORMAT] [-wiki NAME] [-lang CODE] [-keep-going] [-json] PATH...
       ingest [-db PATH] [-json] -wiki-api URL [-namespace N] [-current] [-since DATE] [-contact EMAIL] [-rate N]
       ingest [-db PATH] [-json] -wiki-export URL

Reads wiki revisions from each PATH (a file, a directory, or a .gz/.bz2
file) into the knowledge base, streaming, one transaction per file.
Re-ingesting the same input changes nothing; a file that cannot be read
leaves the database as it was (the error names the file and the byte
offset or line), and so does a file whose ingest is killed.

Flags:
  -db PATH       the SQLite knowledge base to write (created if missing; default rules.db)
  -format F      auto (default: detect from the content), contribs, pagetext, xml, api or html
  -wiki NAME     the wiki of pages whose input does not say (infinity-es, infinity-en,
                 infinity-n3-es…): a rendered page without its URL line or from an unknown
                 host, an export without siteinfo. An input that names its wiki keeps it
                 (a URL of infinitythewiki.com, siteinfo, a dump header, HTML's RLCONF)
  -lang CODE     the language (es, en) of pages whose input does not say, as -wiki; a
                 rendered page without URL or site line is otherwise read as Spanish, one
                 of an unknown host as of unknown language
  -keep-going    store the readable files and revisions and list the bad ones instead of
                 stopping; a damaged page of an XML export is listed (file, byte offset,
                 title) and reading goes on at the next <page>; a file that cannot be read
                 on (truncated, damaged .gz) keeps the revisions read before the break.
                 MediaWiki screens that show no revision (diff pages, differences between
                 pages, history feeds and pages, contributions, search and special pages)
                 are listed as skipped, by kind; they do not fail the ingest (without
                 -keep-going the first one stops it, as a bad file does)
  -json          print the summary as one JSON object on stdout
  -quiet         no progress bar (it is shown only when stderr is a terminal)
  -no-index      do not build or update the search index PATH.bleve beside the database
                 (query search then falls back to SQLite FTS5 until "query index -db PATH")
  -workers N     goroutines parsing and extracting wikitext (default: the number of CPUs)
  -cpuprofile F  write a CPU profile (go tool pprof) of the ingest to F
` + wikiUsage + `

Example:
  ingest -db rules.db sample/seeds/000_75a7fc8f63132767.txt
  ingest -json -db rules.db export.xml.bz2
  ingest -db rules.db -wiki-api https://infinitythewiki.com/wiki-es/api.php -contact judge@example.org
`

// Run is the ingest command: it parses args, ingests and prints the
// summary to stdout (errors and progress go to stderr).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fl := flag.NewFlagSet("ingest", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() { fmt.Fprint(stderr, usage) }
	dbPath := fl.String("db", "rules.db", "")
	format := fl.String("format", "auto", "")
	keepGoing := fl.Bool("keep-going", false, "")
	asJSON := fl.Bool("json", false, "")
	quiet := fl.Bool("quiet", false, "")
	noIndex := fl.Bool("no-index", false, "")
	workers := fl.Int("workers", 0, "")
	cpuProfile := fl.String("cpuprofile", "", "")
	wikiName := fl.String("wiki", "", "")
	langCode := fl.String("lang", "", "")
	var wf wikiFlags
	fl.StringVar(&wf.api, "wiki-api", "", "")
	fl.StringVar(&wf.export, "wiki-export", "", "")
	fl.StringVar(&wf.contact, "contact", "", "")
	fl.StringVar(&wf.since, "since", "", "")
	fl.IntVar(&wf.namespace, "namespace", 0, "")
	fl.BoolVar(&wf.current, "current", false, "")
	fl.Float64Var(&wf.rate, "rate", 0, "")
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return errUsage
	}
	if *wikiName != "" || *langCode != "" {
		if wf.api != "" || wf.export != "" {
			return fmt.Errorf("-wiki and -lang name the wiki of files; -wiki-api and -wiki-export read it from the wiki's siteinfo")
		}
	}
	if *langCode != "" && !langPattern.MatchString(*langCode) {
		return fmt.Errorf("-lang %q: want a language code such as es or en", *langCode)
	}
	if *wikiName != "" && source.WikiName(*wikiName, "") != *wikiName {
		return fmt.Errorf("-wiki %q: want a wiki name of lower-case letters, digits and dashes, such as infinity-en", *wikiName)
	}
	if wf.api != "" || wf.export != "" {
		if fl.NArg() > 0 || (wf.api != "" && wf.export != "") {
			return fmt.Errorf("-wiki-api and -wiki-export read a wiki instead of files: give one of them and no PATH")
		}
		if st, err := os.Stat(*dbPath); err == nil && st.IsDir() {
			return fmt.Errorf("-db %s is a directory: give the knowledge base file, e.g. -db %s", *dbPath, filepath.Join(*dbPath, "rules.db"))
		}
		if wf.api != "" {
			return runWiki(ctx, wf, *dbPath, *asJSON, *quiet, *noIndex, stdout, stderr)
		}
		path, cleanup, err := downloadExport(ctx, wf)
		if err != nil {
			return err
		}
		defer cleanup()
		args, *format = []string{path}, string(wikirules.FormatXML)
		fl = flag.NewFlagSet("ingest", flag.ContinueOnError)
		fl.Parse(args)
	}
	if fl.NArg() == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	opt := pipeline.Options{KeepGoing: *keepGoing, Workers: *workers, Wiki: *wikiName, Language: *langCode}
	switch f := wikirules.Format(strings.ToLower(*format)); f {
	case "auto", "":
	case wikirules.FormatContribs, wikirules.FormatPageText, wikirules.FormatXML, wikirules.FormatAPI, wikirules.FormatHTML:
		opt.Format = f
	default:
		return fmt.Errorf("-format %q: want auto, contribs, pagetext, xml, api or html", *format)
	}
	finishBar := func() {}
	if !*quiet {
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			bar := newBar(f)
			opt.Progress = bar.update
			finishBar = bar.finish
			defer bar.finish()
		}
	}
	if st, err := os.Stat(*dbPath); err == nil && st.IsDir() {
		return fmt.Errorf("-db %s is a directory: give the knowledge base file, e.g. -db %s", *dbPath, filepath.Join(*dbPath, "rules.db"))
	}
	// Nothing to read (an empty directory, or one holding only hidden
	// files and documentation) is an error, found before a new database
	// is created.
	files, err := source.Walk(fl.Args())
	if err != nil {
		return err
	} else if len(files) == 0 {
		return fmt.Errorf("no input file found in %s", strings.Join(fl.Args(), ", "))
	}
	db, err := kb.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	var closeOnce sync.Once
	var closeErr error
	closeDB := func() error {
		closeOnce.Do(func() { closeErr = db.Close() })
		return closeErr
	}
	defer func() {
		if cerr := closeDB(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	start := time.Now()
	// files, walked above: IngestFiles finds no directory to walk again.
	sum, err := pipeline.IngestFiles(ctx, db, files, opt)
	finishBar() // the index's line goes below the bar, not on it
	if err != nil {
		return stoppedAt(err, files, *dbPath)
	}
	if err := engine.StoreNames(ctx, db); err != nil {
		fmt.Fprintf(stderr, "ingest: the knowledge base is stored, but its page-name index is not: %v (each query builds it at start)\n", err)
	}

	var indexErr error
	if !*noIndex {
		// What was stored stays stored when the index step fails: the
		// summary is printed (with the error in it), then the error is
		// returned.
		var progress io.Writer // like the progress bar: on a terminal only
		if f, ok := stderr.(*os.File); ok && !*quiet && term.IsTerminal(int(f.Fd())) {
			progress = stderr
		}
		// The index reads back what was stored once: the store's
		// connections (and their page caches) are closed first, which
		// checkpoints the write-ahead log into the database file, and the
		// index's have a small page cache.
		if err := closeDB(); err != nil {
			return err
		}
		rdb, err := kb.OpenReadOnly(ctx, *dbPath, kb.SmallCache())
		if err != nil {
			return err
		}
		defer rdb.Close()
		if _, err := pipeline.SyncIndex(ctx, rdb, *dbPath, progress); err != nil {
			indexErr = fmt.Errorf("the knowledge base is stored, but its search index is not: %w (retry with: query index -db %s)", err, *dbPath)
			sum.IndexError = indexErr.Error()
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sum); err != nil {
			return err
		}
		return indexErr
	}
	printSummary(stdout, sum, *dbPath, time.Since(start))
	if indexErr != nil {
		return indexErr
	}
	if len(sum.Bad) > 0 {
		return fmt.Errorf("%d bad file(s) or revision(s), listed above", len(sum.Bad))
	}
	return nil
}

// stoppedAt is err, which stopped an ingest of files (in order), with
// what the knowledge base at dbPath now holds: each file is stored in a
// transaction of its own, so the files before the failing one (the one
// err names) are stored and it and those after it are not; the search
// index and the twin pairs, which an ingest brings in step when it
// finishes, are not.
func stoppedAt(err error, files []string, dbPath string) error {
	at := -1
	for i, f := range files {
		if strings.Contains(err.Error(), f+":") {
			at = i
			break
		}
	}
	if errors.Is(err, context.Canceled) {
		return err // an interrupted ingest: nothing to fix
	}
	fix := "fix the cause and run again"
	var stored, bad string
	switch {
	case at < 0:
		stored = "stored: the files read before the error, each in its own transaction"
	case at == 0:
		bad = filepath.Base(files[0])
		stored = fmt.Sprintf("nothing of this run is stored: %s is the first of %d file(s)", bad, len(files))
	default:
		bad = filepath.Base(files[at])
		names := make([]string, 0, 4)
		for _, f := range files[:min(at, 3)] {
			names = append(names, filepath.Base(f))
		}
		if at > 3 {
			names = append(names, "…")
		}
		stored = fmt.Sprintf("stored: the %d file(s) before it (%s), each in its own transaction; not stored: %s and the %d file(s) after it",
			at, strings.Join(names, ", "), bad, len(files)-at-1)
	}
	if bad != "" {
		fix = "fix or remove " + bad + " and run again"
	}
	return fmt.Errorf("%w\n  %s\n  %s (what is stored is skipped), or run with -keep-going to store every readable file and list the bad ones;"+
		" the search index and twin pairs are brought in step by an ingest that finishes (the index alone: query index -db %s)", err, stored, fix, dbPath)
}

func printSummary(w io.Writer, s *pipeline.Summary, dbPath string, took time.Duration) {
	fmt.Fprintf(w, "ingested %d file(s) into %s in %s\n", s.Files, dbPath, took.Round(time.Millisecond))
	// The lines up to FAQs/errata count what the input holds and what of
	// it was new; the last line counts what the knowledge base holds.
	fmt.Fprintf(w, "  pages        %d in the input\n", s.Pages)
	fmt.Fprintf(w, "  revisions    %d in the input: %d new, %d already stored (by an earlier ingest or earlier in this input)\n", s.Revisions, s.Added, s.Skipped)
	if s.Conflicting > 0 {
		ids := s.Conflicts[:min(len(s.Conflicts), 10)]
		fmt.Fprintf(w, "  conflicts    %d revision ids already stored with another text (the stored text is kept; copies of a rendered page are merged): %s",
			s.Conflicting, strings.Join(ids, ", "))
		if s.Conflicting > len(ids) {
			fmt.Fprintf(w, ", … (-json lists %d)", len(s.Conflicts))
		}
		fmt.Fprintln(w)
	}
	if s.Held > 0 {
		fmt.Fprintf(w, "  copies       %d of stored rendered revisions, adding nothing to them (merged before: nothing written)\n", s.Held)
	}
	if s.Elsewhere > 0 {
		fmt.Fprintf(w, "  other title  %d revision(s) already stored under another title of the wiki: a revision belongs to one page,"+
			" which keeps it under its stored title (a page move keeps the revisions; ingest -wiki-api records moves)\n", s.Elsewhere)
	}
	fmt.Fprintf(w, "  records      %d in the input's revisions: %d added with the new ones\n", s.Records, s.RecordsAdded)
	fmt.Fprintf(w, "  FAQs/errata  %d distinct in the input, %d occurrences\n", s.FAQs, s.Occurrences)
	fmt.Fprintf(w, "  coverage     %.2f%% of wikitext bytes in records or layout\n", 100*s.Coverage)
	if len(s.UnknownTemplates) > 0 {
		fmt.Fprintf(w, "  unknown templates (kept as records):\n")
		for _, k := range wikirules.SortedKeys(s.UnknownTemplates) {
			fmt.Fprintf(w, "    %-30s %d\n", k, s.UnknownTemplates[k])
		}
	}
	if s.Diagnostics > 0 {
		fmt.Fprintf(w, "  diagnostics  %d (malformed wikitext, parsed anyway)\n", s.Diagnostics)
	}
	if s.Textless > 0 {
		fmt.Fprintf(w, "  no text      %d revision(s) without their text in the input, not stored:\n", s.Textless)
		for _, t := range s.TextlessListed[:min(len(s.TextlessListed), 10)] {
			fmt.Fprintf(w, "    %s (byte %d): page %q revision %s: %s\n", t.File, t.Offset, t.Page, t.ID, t.Why)
		}
		if s.Textless > 10 {
			fmt.Fprintf(w, "    … (-json lists %d)\n", len(s.TextlessListed))
		}
	}
	if n := len(s.NotRevisions); n > 0 {
		var kinds []string
		for _, k := range wikirules.SortedKeys(s.NotRevisionKinds) {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, s.NotRevisionKinds[k]))
		}
		fmt.Fprintf(w, "  skipped      %d input(s) that show no revision (%s):\n", n, strings.Join(kinds, ", "))
		for _, nr := range s.NotRevisions[:min(n, 10)] {
			fmt.Fprintf(w, "    SKIP %s\n", nr.Error)
		}
		if n > 10 {
			fmt.Fprintf(w, "    … (-json lists %d)\n", n)
		}
	}
	if s.LanguageUnknown > 0 {
		fmt.Fprintf(w, "  language     unknown for %d revision(s): their input does not say (give -lang)\n", s.LanguageUnknown)
	}
	for _, b := range s.Bad {
		fmt.Fprintf(w, "  BAD %s: %s\n", b.File, b.Error)
		if b.Kept > 0 {
			fmt.Fprintf(w, "      (%d revisions read before the error are in the knowledge base: stored now or before)\n", b.Kept)
		}
	}
	if d := s.Database; d != nil {
		fmt.Fprintf(w, "database now holds %d pages, %d revisions, %d records, %d FAQs/errata\n", d.Pages, d.Revisions, d.Records, d.FAQs)
	}
}

// bar is the terminal progress bar of the current file: its name, the
// revisions stored so far, the bytes read out of its size with the rate in
// MB/s, and the elapsed time and ETA ("[12s:40s]"). Run makes one only
// when stderr is a terminal.
type bar struct {
	w     io.Writer
	pb    *progressbar.ProgressBar
	file  string
	drawn time.Time // last redraw
}

// redraw is the bar's refresh period.
const redraw = 100 * time.Millisecond

func newBar(w io.Writer) *bar {
	return &bar{w: w}
}

func (b *bar) update(p pipeline.Progress) {
	if b.pb == nil || p.File != b.file {
		if b.pb != nil {
			b.pb.Finish()
		}
		b.file = p.File
		b.drawn = time.Time{}
		max := p.Size
		if max <= 0 {
			max = -1 // unknown size (a pipe): a spinner
		}
		b.pb = progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetDescription(p.File),
			progressbar.OptionShowBytes(true),
			progressbar.OptionSetWidth(20),
			progressbar.OptionShowElapsedTimeOnFinish(),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(),
		)
	}
	if now := time.Now(); now.Sub(b.drawn) >= redraw {
		b.drawn = now
		b.pb.Describe(fmt.Sprintf("%s: %d revisions", p.File, p.Revisions))
		b.pb.Set64(p.Bytes)
	}
}

// finish clears the bar; it may be called more than once.
func (b *bar) finish() {
	if b.pb != nil {
		b.pb.Finish()
		b.pb = nil
	}
}
