package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"time"

	"golang.org/x/term"

	"github.com/wikirules/wikirules/engine"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/mwapi"
	"github.com/wikirules/wikirules/pipeline"
)

// wikiFlags are the flags of a sync with a live wiki.
type wikiFlags struct {
	api, export, contact, since string
	namespace                   int
	current                     bool
	rate                        float64
}

// parseSince reads -since: a date (2006-01-02, that day's start in UTC),
// 2006-01-02T15:04, or RFC 3339.
func parseSince(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("-since %q: want a date such as 2024-05-01, 2024-05-01T18:30 or RFC 3339", s)
}

// runWiki syncs the knowledge base at dbPath with the wiki whose api.php
// is wf.api, then brings the search index in step (unless noIndex), and
// prints the summary.
func runWiki(ctx context.Context, wf wikiFlags, dbPath string, asJSON, quiet, noIndex bool, stdout, stderr io.Writer) (err error) {
	since, err := parseSince(wf.since)
	if err != nil {
		return err
	}
	c, err := mwapi.New(wf.api, wf.contact)
	if err != nil {
		return err
	}
	c.Rate = wf.rate
	onTerminal := false
	if f, ok := stderr.(*os.File); ok && !quiet && term.IsTerminal(int(f.Fd())) {
		onTerminal = true
	}
	if wf.contact == "" {
		fmt.Fprintln(stderr, "ingest: warning: no -contact: the User-Agent gives the wiki's operators no way to reach you (API:Etiquette asks for one)")
	}
	opt := pipeline.SyncOptions{Namespace: wf.namespace, CurrentOnly: wf.current, Since: since}
	if onTerminal {
		c.OnWait = func(reason string, d time.Duration) {
			fmt.Fprintf(stderr, "\r\x1b[K%s: waiting %s (%s)", wf.api, d.Round(time.Second/10), reason)
		}
		opt.Progress = func(p pipeline.SyncProgress) {
			fmt.Fprintf(stderr, "\r\x1b[K%s: %d pages, %d new revisions, %d requests, %d maxlag waits",
				p.Phase, p.Pages, p.Revisions, p.Stats.Requests, p.Stats.MaxLagWaits)
		}
	}
	db, err := kb.Open(ctx, dbPath)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	start := time.Now()
	sum, err := pipeline.Sync(ctx, db, c, opt)
	if onTerminal {
		fmt.Fprint(stderr, "\r\x1b[K")
	}
	if err != nil {
		return fmt.Errorf("sync %s: %w (what the batches before stored is kept; run the same command again to go on)", wf.api, err)
	}
	if err := engine.StoreNames(ctx, db); err != nil {
		fmt.Fprintf(stderr, "ingest: the knowledge base is synced, but its page-name index is not stored: %v (each query builds it at start)\n", err)
	}
	if !noIndex {
		var progress io.Writer
		if onTerminal {
			progress = stderr
		}
		if _, err := pipeline.SyncIndex(ctx, db, dbPath, progress); err != nil {
			return fmt.Errorf("the knowledge base is synced, but its search index is not: %w (retry with: query index -db %s)", err, dbPath)
		}
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}
	printSync(stdout, sum, dbPath, time.Since(start))
	return nil
}

func printSync(w io.Writer, s *pipeline.SyncSummary, dbPath string, took time.Duration) {
	fmt.Fprintf(w, "synced %s (%s) into %s in %s: %s\n", s.Wiki, s.API, dbPath, took.Round(time.Millisecond), s.Mode)
	fmt.Fprintf(w, "  pages        %d read\n", s.Pages)
	r := s.Revisions
	fmt.Fprintf(w, "  revisions    %d new, %d already stored, %d with their text hidden, %d deleted\n", r.New, r.Known, r.Hidden, r.Deleted)
	fmt.Fprintf(w, "  changes      %d moves, %d deletions, %d restorations\n", s.Moves, s.Deletions, s.Restorations)
	fmt.Fprintf(w, "  records      %d\n", s.Records)
	fmt.Fprintf(w, "  requests     %d (%d for revision text), %d retries, %d maxlag waits, %.1f s waited, %d bytes\n",
		s.Requests, s.Content, s.Retries, s.MaxLagWaits, s.WaitedSeconds, s.Bytes)
	fmt.Fprintf(w, "  next sync    from %s (recent change %d)\n", s.Mark.Timestamp.Format(time.RFC3339), s.Mark.RCID)
	for _, m := range s.Warnings {
		fmt.Fprintf(w, "  warning      %s\n", m)
	}
	if d := s.Database; d != nil {
		fmt.Fprintf(w, "database now holds %d pages, %d revisions (%d hidden), %d records, %d FAQs/errata\n",
			d.Pages, d.Revisions, d.Hidden, d.Records, d.FAQs)
	}
}

// wikiUsage is the part of the usage about live wikis.
const wikiUsage = `  -wiki-api URL  sync with the live wiki whose api.php is URL instead of reading files: the
                 first time every page of the namespace with its history, then only what
                 changed since the last sync (recent changes: edits, new pages, moves,
                 deletions). Polite: one request at a time, maxlag=5, Retry-After honoured
  -wiki-export URL  read the Special:Export XML at URL (for a wiki without an API)
  -namespace N   the namespace to sync (default 0, the main one)
  -current       only the current revision of each page (the first sync)
  -since DATE    start at DATE instead of the stored mark (a knowledge base loaded
                 from an export of that date)
  -contact EMAIL put EMAIL (or a URL) in the User-Agent, so the wiki's operators can reach you
  -rate N        at most N requests a second (default: one at a time, no other cap)`

// downloadExport fetches the Special:Export XML at wf.export politely
// into a temporary file, to be ingested as an XML export; cleanup
// removes it.
func downloadExport(ctx context.Context, wf wikiFlags) (path string, cleanup func(), err error) {
	u, err := url.Parse(wf.export)
	if err != nil {
		return "", nil, fmt.Errorf("-wiki-export: %w", err)
	}
	c, err := mwapi.New(u.Scheme+"://"+u.Host+u.Path, wf.contact) // the client of the export's site
	if err != nil {
		return "", nil, fmt.Errorf("-wiki-export: %w", err)
	}
	c.Rate = wf.rate
	dir, err := os.MkdirTemp("", "wiki-export")
	if err != nil {
		return "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	f, err := os.Create(dir + "/export.xml")
	if err != nil {
		cleanup()
		return "", nil, err
	}
	defer f.Close()
	if _, err := c.Download(ctx, wf.export, f); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("-wiki-export: %w", err)
	}
	return f.Name(), cleanup, f.Close()
}
