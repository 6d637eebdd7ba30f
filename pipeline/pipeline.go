// Package pipeline wires the stages together: it reads revisions from
// files (package source), extracts their records (package extract) and
// stores them (package kb). Both commands use it: ingest on the files it is
// given, query on the embedded sample corpus when there is no database.
package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// Options control an ingest. Format forces a reader ("" = detect from the
// content). KeepGoing stores the good files (and, within a file, the
// revisions read before the error) and lists the bad ones in the summary
// instead of failing. Progress, when set, is called after every revision
// with the running totals.
type Options struct {
	Format    wikirules.Format
	KeepGoing bool
	Progress  func(Progress)

	skipUnsupported bool // skip inputs whose format has no registered reader
	extractor       *Extractor
}

// Progress is the running state of an ingest: revisions read so far, bytes
// of the current file consumed and its size (0 when unknown), and the file.
type Progress struct {
	File      string
	Revisions int
	Bytes     int64
	Size      int64
}

// BadFile is an input that could not be read: its name and the error
// (which names the byte offset or line).
type BadFile struct {
	File  string `json:"file"`
	Error string `json:"error"`
}

// Summary is what an ingest saw and stored. Pages, Revisions, Records and
// FAQs count the input (FAQs: distinct FAQ and errata entries, Occurrences:
// how often they appear); Added and Skipped say how many revisions were new
// to the database and how many it already held. UnknownTemplates counts the
// uses of templates outside the vocabulary. Coverage is the share (0–1) of
// the input's wikitext bytes covered by records or layout.
type Summary struct {
	Files            int            `json:"files"`
	Pages            int            `json:"pages"`
	Revisions        int            `json:"revisions"`
	Records          int            `json:"records"`
	FAQs             int            `json:"faqs"`
	Occurrences      int            `json:"faq_occurrences"`
	Added            int            `json:"added"`
	Skipped          int            `json:"skipped"`
	UnknownTemplates map[string]int `json:"unknown_templates"`
	Coverage         float64        `json:"coverage"`
	Diagnostics      int            `json:"diagnostics"`
	Bad              []BadFile      `json:"bad_files,omitempty"`
	Database         *kb.Stats      `json:"database,omitempty"`

	pages    map[string]bool
	faqs     map[string]bool
	bytes    int64
	covBytes float64
}

func newSummary() *Summary {
	return &Summary{UnknownTemplates: map[string]int{}, pages: map[string]bool{}, faqs: map[string]bool{}}
}

func (s *Summary) add(it kb.Item) {
	s.Revisions++
	s.pages[it.Rev.Page.Title] = true
	s.Pages = len(s.pages)
	x := it.X
	s.Records += len(x.Records)
	for _, f := range x.FAQs {
		s.Occurrences++
		s.faqs[f.ID] = true
	}
	s.FAQs = len(s.faqs)
	for k, n := range x.Unknown {
		s.UnknownTemplates[k] += n
	}
	s.Diagnostics += len(x.Diagnostics)
	n := int64(len(it.Rev.Text))
	s.bytes += n
	s.covBytes += x.Coverage(len(it.Rev.Text)) * float64(n)
	if s.bytes > 0 {
		s.Coverage = s.covBytes / float64(s.bytes)
	} else {
		s.Coverage = 1
	}
}

// Extract returns the extraction of one revision, whatever its format,
// without an FAQ catalogue (see Extractor).
func Extract(rev *wikirules.Revision) *wikirules.Extraction {
	return (&Extractor{}).Extract(context.Background(), rev)
}

// Extractor extracts revisions of any format. Rendered pages show their
// FAQs without the FAQ title and version that make an FAQ's identity, so
// it keeps a catalogue of the FAQs it has seen (and, when DB is set, those
// already stored, loaded on the first rendered page) to give the same FAQ
// the same id whichever source it comes from.
type Extractor struct {
	DB      *kb.DB
	catalog *extract.FAQCatalog
}

// Extract returns the extraction of rev.
func (e *Extractor) Extract(ctx context.Context, rev *wikirules.Revision) *wikirules.Extraction {
	if e.catalog == nil {
		e.catalog = extract.NewFAQCatalog()
		if e.DB != nil {
			if stored, err := e.DB.FAQs(ctx, "", wikirules.Filter{}); err == nil {
				e.catalog.Add(stored...)
			}
		}
	}
	var x *wikirules.Extraction
	if extract.IsRendered(rev.Format) {
		x = extract.ExtractRenderedWith(*rev, extract.RenderedOptions{FAQs: e.catalog})
	} else {
		x = extract.ExtractText(*rev)
	}
	e.catalog.Add(x.FAQs...)
	return x
}

// IngestFiles reads every path (files, directories, .gz, .bz2), extracts
// and stores their revisions. Each file is stored in one transaction: a
// file that fails to read leaves the database as it was (unless
// opt.KeepGoing). Re-ingesting the same input adds nothing. Errors name the
// file and the byte offset or line.
func IngestFiles(ctx context.Context, db *kb.DB, paths []string, opt Options) (*Summary, error) {
	files, err := source.Walk(paths)
	if err != nil {
		return nil, err
	}
	sum := newSummary()
	opt.extractor = &Extractor{DB: db}
	for _, f := range files {
		r, file, err := source.Open(f, opt.Format)
		if err != nil {
			if opt.KeepGoing {
				sum.Bad = append(sum.Bad, BadFile{File: f, Error: err.Error()})
				continue
			}
			return nil, err
		}
		o := opt
		if opt.Progress != nil {
			o.Progress = func(p Progress) {
				p.Bytes, p.Size = file.RawOffset(), file.Size
				opt.Progress(p)
			}
		}
		err = ingestReader(ctx, db, r, f, o, sum)
		file.Close()
		if err != nil {
			return nil, err
		}
		sum.Files++
	}
	return finish(ctx, db, sum)
}

// IngestFS ingests the named files of fsys (e.g. the embedded sample).
func IngestFS(ctx context.Context, db *kb.DB, fsys fs.FS, names []string, opt Options) (*Summary, error) {
	sum := newSummary()
	opt.extractor = &Extractor{DB: db}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		format := opt.Format
		if format == "" {
			if format, err = source.Detect(data, name); err != nil {
				return nil, err
			}
		}
		c := source.For(format)
		if c == nil && opt.skipUnsupported {
			continue
		}
		if c == nil {
			return nil, fmt.Errorf("%s: format %q: %w", name, format, source.ErrUnsupportedFormat)
		}
		err = ingestReader(ctx, db, c(bytes.NewReader(data), name), name, opt, sum)
		if err != nil {
			return nil, err
		}
		sum.Files++
	}
	return finish(ctx, db, sum)
}

// LoadSample ingests the embedded sample corpus (package sample) into db:
// every seed file whose format has a registered reader.
func LoadSample(ctx context.Context, db *kb.DB) (*Summary, error) {
	names, err := fs.Glob(sample.FS(), "*.txt")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	return IngestFS(ctx, db, sample.FS(), names, Options{skipUnsupported: true})
}

func finish(ctx context.Context, db *kb.DB, sum *Summary) (*Summary, error) {
	st, err := db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	sum.Database = &st
	return sum, nil
}

// ingestReader reads one input to the end and stores it in one Put.
func ingestReader(ctx context.Context, db *kb.DB, r source.Reader, name string, opt Options, sum *Summary) error {
	var batch []kb.Item
	var readErr error
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		rev, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			readErr = err
			break
		}
		batch = append(batch, kb.Item{Rev: *rev, X: opt.extractor.Extract(ctx, rev)})
		if opt.Progress != nil {
			opt.Progress(Progress{File: name, Revisions: len(batch), Bytes: r.Offset()})
		}
	}
	if readErr != nil {
		if !opt.KeepGoing {
			return readErr
		}
		sum.Bad = append(sum.Bad, BadFile{File: name, Error: readErr.Error()})
	}
	if len(batch) == 0 {
		return nil
	}
	res, err := db.Put(ctx, batch)
	if err != nil {
		return fmt.Errorf("ingest %s: %w", name, err)
	}
	for _, it := range batch {
		sum.add(it)
	}
	sum.Added += res.Added
	sum.Skipped += len(res.Skipped)
	return nil
}
