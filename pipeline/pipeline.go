package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"sort"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/pairs"
	"github.com/wikirules/wikirules/sample"
	"github.com/wikirules/wikirules/source"
)

// Options control an ingest. Format forces a reader ("" = detect from the
// content). KeepGoing stores the good files and revisions and lists the
// bad ones in Summary.Bad instead of failing (see IngestFiles). Progress,
// when set, is called after every stored revision with the running
// totals, from the goroutine that called IngestFiles. Workers is the
// number of goroutines that parse and extract wikitext revisions (0:
// runtime.NumCPU()). Wiki and Language are given to the pages whose input
// does not say which wiki they come from (source.Identity: rendered pages
// without a URL or site line, exports without siteinfo).
//
// An input that is a MediaWiki screen showing no revision (a diff page, a
// history feed…: source.NotRevisionError) fails the ingest like a bad
// file; with KeepGoing it is listed in Summary.NotRevisions, not in Bad.
type Options struct {
	Format    wikirules.Format
	KeepGoing bool
	Progress  func(Progress)
	Workers   int
	Wiki      string
	Language  string

	skipUnsupported bool // skip inputs whose format has no reader (source.For)
}

// identity is the source.Identity of opt's Wiki and Language.
func (opt Options) identity() source.Identity {
	return source.Identity{Wiki: opt.Wiki, Language: opt.Language}
}

// Progress is the running state of an ingest: the current file, revisions
// stored so far over all files, bytes of the current file consumed (of the
// file on disk, compressed or not) and its size in bytes (0 when unknown).
type Progress struct {
	File      string
	Revisions int
	Bytes     int64
	Size      int64
}

// Extract returns the extraction of one revision, whatever its format,
// without an FAQ catalogue (see Extractor).
func Extract(rev *wikirules.Revision) *wikirules.Extraction {
	return (&Extractor{}).Extract(context.Background(), rev)
}

// Extractor extracts revisions of any format. Rendered pages show their
// FAQs without the FAQ title and version that make an FAQ's identity, so
// it keeps a catalogue of the FAQs it has seen (and, when DB is set, those
// already stored, loaded by the first Extract or when an ingest starts) to
// give the same FAQ the same id whichever source it comes from. It is not
// safe for concurrent use.
type Extractor struct {
	DB      *kb.DB
	catalog *extract.FAQCatalog
}

// init loads the catalogue (from DB when set) unless already loaded. It
// must run before a kb.Writer is open: on an in-memory database the read
// would wait for the writer's connection.
func (e *Extractor) init(ctx context.Context) error {
	if e.catalog != nil {
		return nil
	}
	e.catalog = extract.NewFAQCatalog()
	if e.DB != nil {
		stored, err := e.DB.FAQs(ctx, "", wikirules.Filter{})
		if err != nil {
			e.catalog = nil
			return fmt.Errorf("load the FAQ catalogue: %w", err)
		}
		e.catalog.Add(stored...)
	}
	return nil
}

// Extract returns the extraction of rev and adds its FAQs to the
// catalogue.
func (e *Extractor) Extract(ctx context.Context, rev *wikirules.Revision) *wikirules.Extraction {
	if e.catalog == nil {
		e.init(ctx) // without the stored FAQs if they cannot be read
		if e.catalog == nil {
			e.catalog = extract.NewFAQCatalog()
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
// and stores their revisions, streaming: each file is read, extracted
// (wikitext on opt.Workers goroutines, results put back in file order) and
// written through one kb.Writer, so memory holds only the revisions in
// flight whatever the size of the file.
//
// Each file is one transaction. By default the first error (a file that
// cannot be opened, a malformed or truncated file, a bad revision) is
// returned, naming the file and the byte offset or line, and the file
// leaves the database as it was (files before it stay stored). With
// opt.KeepGoing: a file that cannot be opened is listed in Summary.Bad; a
// bad revision in an otherwise readable file (source.Error.Skippable) is
// listed and skipped; so is a page of an XML export that breaks inside
// the document (invalid UTF-8, malformed markup): the reader goes on at
// the next <page>, and the listed error names the file, the byte offset
// and the page. A file that cannot be read on (truncated XML or JSON,
// malformed JSON, invalid UTF-8 outside an XML export, a damaged .gz) is
// listed and the revisions read before the break are stored (Kept).
// Errors of the store itself always stop the ingest.
// Re-ingesting the same input adds nothing (revisions are keyed by id).
func IngestFiles(ctx context.Context, db *kb.DB, paths []string, opt Options) (*Summary, error) {
	files, err := source.Walk(paths)
	if err != nil {
		return nil, err
	}
	sum := newSummary()
	ex := &Extractor{DB: db}
	if err := ex.init(ctx); err != nil {
		return nil, err
	}
	for _, f := range files {
		r, file, err := source.OpenWith(f, opt.Format, opt.identity())
		if err != nil {
			if opt.KeepGoing {
				sum.Bad = append(sum.Bad, badFile(f, err))
				continue
			}
			return nil, err
		}
		in := input{name: f, r: r, size: file.Size, offset: file.RawOffset}
		err = ingestReader(ctx, db, ex, in, opt, sum)
		file.Close()
		if err != nil {
			return nil, err
		}
		sum.Files++
	}
	return finish(ctx, db, sum)
}

// IngestFS ingests the named files of fsys (e.g. the embedded sample), as
// IngestFiles does.
func IngestFS(ctx context.Context, db *kb.DB, fsys fs.FS, names []string, opt Options) (*Summary, error) {
	sum := newSummary()
	ex := &Extractor{DB: db}
	if err := ex.init(ctx); err != nil {
		return nil, err
	}
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
		c := source.ForIdentity(format, opt.identity())
		if c == nil && opt.skipUnsupported {
			continue
		}
		if c == nil {
			return nil, fmt.Errorf("%s: format %q: %w", name, format, source.ErrUnsupportedFormat)
		}
		r := c(bytes.NewReader(data), name)
		in := input{name: name, r: r, size: int64(len(data)), offset: r.Offset}
		if err := ingestReader(ctx, db, ex, in, opt, sum); err != nil {
			return nil, err
		}
		sum.Files++
	}
	return finish(ctx, db, sum)
}

// LoadSample ingests the embedded sample corpus (package sample) into db:
// every seed file whose format has a reader (source.For).
func LoadSample(ctx context.Context, db *kb.DB) (*Summary, error) {
	names, err := fs.Glob(sample.FS(), "*.txt")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	return IngestFS(ctx, db, sample.FS(), names, Options{skipUnsupported: true})
}

// OpenSample opens a private in-memory knowledge base (kb.Open
// ":memory:") holding the embedded sample corpus (LoadSample).
func OpenSample(ctx context.Context) (*kb.DB, error) {
	db, err := kb.Open(ctx, ":memory:")
	if err != nil {
		return nil, err
	}
	if _, err := LoadSample(ctx, db); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// finish stores the twin pairs of db as it now stands (pairs.Store) and
// adds its totals to sum.
func finish(ctx context.Context, db *kb.DB, sum *Summary) (*Summary, error) {
	if err := pairs.Store(ctx, db); err != nil {
		return nil, err
	}
	st, err := db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	sum.Database = &st
	return sum, nil
}
