package pipeline

import (
	"errors"

	"github.com/wikirules/wikirules/kb"
	"github.com/wikirules/wikirules/source"
)

// BadFile is an input, or a revision of an input, that could not be read
// (listed with -keep-going): the file's name and the error, which names
// the byte offset or line. Kept is how many revisions of that file read
// before a final error were stored anyway (0 for a file that could not be
// opened or whose format is unknown; for a skipped revision, the file's
// other revisions are stored and Kept is not set).
type BadFile struct {
	File   string `json:"file"`
	Offset int64  `json:"offset,omitempty"` // byte offset of the error in the (decompressed) file, when known
	Line   int    `json:"line,omitempty"`   // its line, when the reader counts lines
	Error  string `json:"error"`
	Kept   int    `json:"kept,omitempty"`
}

// badFile returns the BadFile of file for err, with the offset and line
// of a reader's *source.Error.
func badFile(file string, err error) BadFile {
	b := BadFile{File: file, Error: err.Error()}
	var se *source.Error
	if errors.As(err, &se) {
		b.Offset, b.Line = se.Offset, se.Line
	}
	return b
}

// Summary is what an ingest saw and stored. Pages (known by wiki and
// title), Revisions, Records and
// FAQs count the input (FAQs: distinct FAQ and errata entries, Occurrences:
// how often they appear); Added and Skipped say how many revisions were new
// to the database and how many it already held. UnknownTemplates counts the
// uses of templates outside the vocabulary. Coverage is the share (0–1) of
// the input's wikitext bytes covered by records or layout. Bad lists the
// files and revisions that could not be read (only with KeepGoing).
type Summary struct {
	Files       int `json:"files"`
	Pages       int `json:"pages"`
	Revisions   int `json:"revisions"`
	Records     int `json:"records"`
	FAQs        int `json:"faqs"`
	Occurrences int `json:"faq_occurrences"`
	Added       int `json:"added"`
	Skipped     int `json:"skipped"`
	// RecordsAdded counts the records of the Added revisions (and of a
	// rendered copy that replaced a stored one): what the ingest added to
	// the knowledge base's records (kb.Stats.Records).
	RecordsAdded int `json:"records_added"`
	// Held counts the skipped revisions whose id was already stored from
	// another rendered copy that already holds all this copy has (it was
	// merged into it before, as when the same input is ingested again):
	// nothing of them is written, and they are not Conflicts.
	Held int `json:"held,omitempty"`
	// Elsewhere counts the skipped revisions whose id is stored under
	// another title of the same wiki: a revision belongs to one page, and
	// a page move keeps its page id and revisions, only the title
	// changes. The stored page keeps them under its title and no page is
	// made for the input's (a wiki sync, ingest -wiki-api, records moves).
	Elsewhere int `json:"elsewhere,omitempty"`
	// Conflicts lists the skipped revisions whose id was already stored
	// with another text (the stored text is kept, or for two copies of a
	// rendered page merged: kb.Writer.Put): the first
	// MaxConflictsListed ids; Conflicting counts them all.
	Conflicting      int            `json:"conflicting,omitempty"`
	Conflicts        []string       `json:"conflicts,omitempty"`
	UnknownTemplates map[string]int `json:"unknown_templates"`
	Coverage         float64        `json:"coverage"`
	Diagnostics      int            `json:"diagnostics"`
	// Textless counts the revisions the inputs hold without their text
	// (deleted by the wiki, stored elsewhere, not requested): read but not
	// stored, there being nothing to store. TextlessListed lists the first
	// MaxConflictsListed of them.
	Textless       int              `json:"textless,omitempty"`
	TextlessListed []TextlessListed `json:"textless_revisions,omitempty"`
	Bad            []BadFile        `json:"bad_files,omitempty"`
	// NotRevisions lists the inputs skipped (with KeepGoing) for being
	// MediaWiki screens that show no revision (diff pages, history
	// feeds…), NotRevisionKinds counts them by kind. They are what they
	// are, not errors: an ingest that skipped some still succeeds.
	NotRevisions     []NotRevision  `json:"not_revisions,omitempty"`
	NotRevisionKinds map[string]int `json:"not_revision_kinds,omitempty"`
	// LanguageUnknown counts the revisions stored with no language (a
	// page of an unknown wiki whose input does not say; ingest -lang).
	LanguageUnknown int `json:"language_unknown,omitempty"`
	// IndexError is set (by cmd/ingest) when the revisions were stored but
	// the search index could not be brought in step with them.
	IndexError string    `json:"index_error,omitempty"`
	Database   *kb.Stats `json:"database,omitempty"`

	pages    map[string]bool
	faqs     map[string]bool
	bytes    int64
	covBytes float64
}

// NotRevision is an input that is a MediaWiki screen showing no revision:
// the file, the kind (source.PageKind), the page it is of ("" when it
// cannot be told) and the reader's message.
type NotRevision struct {
	File  string `json:"file"`
	Kind  string `json:"kind"`
	Page  string `json:"page,omitempty"`
	Error string `json:"error"`
}

// addNotRevision lists file as the screen e (err the reader's error).
func (s *Summary) addNotRevision(file string, e *source.NotRevisionError, err error) {
	if s.NotRevisionKinds == nil {
		s.NotRevisionKinds = map[string]int{}
	}
	s.NotRevisionKinds[string(e.Kind)]++
	s.NotRevisions = append(s.NotRevisions, NotRevision{File: file, Kind: string(e.Kind), Page: e.Title, Error: err.Error()})
}

func newSummary() *Summary {
	return &Summary{UnknownTemplates: map[string]int{}, pages: map[string]bool{}, faqs: map[string]bool{}}
}

// MaxConflictsListed caps Summary.Conflicts.
const MaxConflictsListed = 100

// addConflicts counts and lists (up to MaxConflictsListed) conflicting
// revision ids.
func (s *Summary) addConflicts(ids []string) {
	s.Conflicting += len(ids)
	for _, id := range ids {
		if len(s.Conflicts) < MaxConflictsListed {
			s.Conflicts = append(s.Conflicts, id)
		}
	}
}

// TextlessListed is a revision read without its text: the file, and
// the page, revision id, byte offset and reason the reader gives.
type TextlessListed struct {
	File string `json:"file"`
	source.TextlessRevision
}

// addTextless counts and lists (up to MaxConflictsListed) the revisions of
// file read without text.
func (s *Summary) addTextless(file string, revs []source.TextlessRevision) {
	s.Textless += len(revs)
	for _, r := range revs {
		if len(s.TextlessListed) < MaxConflictsListed {
			s.TextlessListed = append(s.TextlessListed, TextlessListed{File: file, TextlessRevision: r})
		}
	}
}

// add counts one stored (or already stored) item.
func (s *Summary) add(it *kb.Item) {
	s.Revisions++
	s.pages[it.Rev.Page.Wiki+"\x00"+it.Rev.Page.Title] = true
	if it.Rev.Page.Language == "" {
		s.LanguageUnknown++
	}
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
