package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/source"
)

// input is one file to ingest: its name (for errors and progress), its
// reader, its size in bytes and how many of them were consumed so far
// (called only from the goroutine that calls r.Next).
type input struct {
	name   string
	r      source.Reader
	size   int64
	offset func() int64
}

// job is one position of the input, in file order: a revision read (and,
// for wikitext, its extraction made by a worker) or the read error met
// there.
type job struct {
	seq int
	rev *wikirules.Revision
	x   *wikirules.Extraction
	it  *kb.Item // x's item, prepared (kb.Item.Prepare) by the worker
	err error
	off int64 // input bytes consumed after this position
}

// windowPerWorker bounds the jobs in flight (read, being extracted, or
// waiting for an earlier one to be stored) to this many per worker.
const windowPerWorker = 8

// ingestReader reads in.r to the end and stores its revisions through one
// kb.Writer (one transaction), as IngestFiles describes. One goroutine
// reads, opt.Workers goroutines extract wikitext revisions, and the
// calling goroutine puts the results back in file order, extracts the
// rendered ones (they need the FAQ catalogue in file order), and stores
// them. At most windowPerWorker×workers revisions are in memory.
func ingestReader(ctx context.Context, db *kb.DB, ex *Extractor, in input, opt Options, sum *Summary) (err error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait() // the reader must be done with in.r before the file is closed
	}()

	window := windowPerWorker * workers
	tokens := make(chan struct{}, window)
	jobs := make(chan *job, window)
	results := make(chan *job, window)

	wg.Add(1)
	go func() { // reader
		defer wg.Done()
		defer close(jobs)
		for seq := 0; ; seq++ {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			rev, err := in.r.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err == nil && len(rev.Text) > MaxRevisionBytes {
				err = &source.Error{File: in.name, Offset: in.offset(), Skippable: true,
					Err: fmt.Errorf("page %q revision %s: text of %d bytes is over the limit of %d (MediaWiki's own default is 2 MiB)",
						rev.Page.Title, rev.ID, len(rev.Text), MaxRevisionBytes)}
				rev = nil
			}
			select {
			case jobs <- &job{seq: seq, rev: rev, err: err, off: in.offset()}:
			case <-ctx.Done():
				return
			}
			if err != nil && !skippable(err) {
				return
			}
		}
	}()
	var workersWG sync.WaitGroup
	for range workers {
		wg.Add(1)
		workersWG.Add(1)
		go func() {
			defer wg.Done()
			defer workersWG.Done()
			for j := range jobs {
				if j.err == nil && !extract.IsRendered(j.rev.Format) {
					j.x = extract.ExtractText(*j.rev)
					// An encoding error is Put's to report, with its place.
					j.it = &kb.Item{Rev: *j.rev, X: j.x}
					_ = j.it.Prepare()
				}
				select {
				case results <- j:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		workersWG.Wait()
		close(results)
	}()

	w, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("ingest %s: %w", in.name, err)
	}
	defer w.Rollback()
	s := stored{ctx: ctx, ex: ex, w: w, in: in, opt: opt, sum: sum}
	pending := map[int]*job{}
	next := 0
	for j := range results {
		pending[j.seq] = j
		for {
			j, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-tokens
			if err := s.store(j); err != nil {
				return err
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("ingest %s: %w", in.name, err)
	}
	// The reader is done (the results are closed after it): what it met
	// without text is counted, not stored.
	if t, ok := in.r.(source.TextlessReporter); ok {
		sum.addTextless(in.name, t.Textless())
	}
	// FAQs a rendered page showed without title and version, stored by
	// this file or an earlier one, that the FAQs known now identify.
	if err := w.MergeFAQs(ctx, ex.catalog.Identify()); err != nil {
		return fmt.Errorf("ingest %s: %w", in.name, err)
	}
	res, err := w.Commit()
	if err != nil {
		return fmt.Errorf("ingest %s: %w", in.name, err)
	}
	sum.Added += res.Added
	sum.Skipped += len(res.Skipped)
	sum.addConflicts(res.Conflicts)
	sum.RecordsAdded += res.Records
	sum.Held += len(res.Held)
	sum.Elsewhere += len(res.Elsewhere)
	return nil
}

// stored is the ordered side of ingestReader.
type stored struct {
	ctx  context.Context
	ex   *Extractor
	w    *kb.Writer
	in   input
	opt  Options
	sum  *Summary
	kept int // revisions of this file stored
}

// store handles the next job in file order: a read error fails the file
// (or, with KeepGoing, is listed), a revision is extracted if it was not
// yet and put.
func (s *stored) store(j *job) error {
	if j.err != nil {
		if !s.opt.KeepGoing {
			return j.err
		}
		var nr *source.NotRevisionError
		if errors.As(j.err, &nr) {
			s.sum.addNotRevision(s.in.name, nr, j.err)
			return nil
		}
		bad := badFile(s.in.name, j.err)
		if !skippable(j.err) {
			bad.Kept = s.kept
		}
		s.sum.Bad = append(s.sum.Bad, bad)
		return nil
	}
	x := j.x
	if x == nil { // rendered: needs the catalogue as of this position
		x = extract.ExtractRenderedWith(*j.rev, extract.RenderedOptions{FAQs: s.ex.catalog})
	}
	s.ex.catalog.Add(x.FAQs...)
	it := j.it // prepared by the worker (wikitext)
	if it == nil {
		it = &kb.Item{Rev: *j.rev, X: x}
	}
	if err := s.w.Put(s.ctx, *it); err != nil {
		return fmt.Errorf("ingest %s (byte %d): %w", s.in.name, j.off, err)
	}
	s.kept++
	s.sum.add(it)
	if s.opt.Progress != nil {
		s.opt.Progress(Progress{File: s.in.name, Revisions: s.sum.Revisions, Bytes: j.off, Size: s.in.size})
	}
	return nil
}

// MaxRevisionBytes is the largest revision text ingested (8 MiB, four
// times MediaWiki's default $wgMaxArticleSize of 2 MiB). A larger one is a
// bad revision (skipped with -keep-going): parsing it would take memory in
// proportion to its size, and no wiki page is that large.
const MaxRevisionBytes = 8 << 20

// skippable reports whether err concerns one revision of an otherwise
// readable input (source.Error.Skippable): the reader goes on after it.
func skippable(err error) bool {
	var se *source.Error
	return errors.As(err, &se) && se.Skippable
}
