package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// Index is a bleve full-text index over rule records and FAQ entries. It is
// safe for concurrent searches; Update and Delete may run alongside them.
type Index struct {
	bi       bleve.Index
	glossary *lang.Glossary
	path     string
	// phraseSet holds the multi-word glossary terms indexed as single
	// tokens in the phrase fields (phrase.go); others are phrase queries.
	phraseSet map[string]bool
}

// PageInfo is what the index needs to know about a page besides its
// records: its language (selects the analyzer: "es" or "en"; anything else
// is analysed as Spanish), its categories (a filter and facet) and the
// edition scope of the whole page ({{n4only}} → N4), which applies to the
// page's records that carry no edition of their own.
type PageInfo struct {
	Language   string
	Categories []string
	Editions   wikirules.Editions
}

// Option configures Build and Update.
type Option func(*options)

type options struct {
	pages    map[string]PageInfo
	glossary *lang.Glossary
}

// WithPages gives the PageInfo of pages by title. Records of pages not in
// the map are Spanish, uncategorised and scoped by their own editions.
func WithPages(pages map[string]PageInfo) Option {
	return func(o *options) { o.pages = pages }
}

func collect(opts []Option) options {
	o := options{glossary: lang.Default()}
	for _, f := range opts {
		f(&o)
	}
	return o
}

// batchSize is the number of documents per bleve batch of Build, Update
// and Delete.
const batchSize = 2000

// streamBatchSize is the number of documents per bleve batch of BuildFrom
// and Sync. An analysed batch (token frequencies and locations of every
// field) is most of their heap: at 500 documents the peak live heap of
// BuildFrom was 25 MB on the 100 MB synthetic export, at 2,000 documents
// 67–80 MB, in the same build time (BenchmarkBuildFrom). Build keeps 2,000:
// its caller holds every document anyway, and the order of documents in
// an unmerged in-memory index follows the batches.
const streamBatchSize = 500

// Build creates an index at path (a directory that must not exist yet; ""
// keeps the index in memory) and indexes records and faqs into it. Records
// flagged Superseded are indexed too and found only by History queries.
// Errors name the path and, for a bad document, its id.
func Build(ctx context.Context, path string, records []wikirules.Record, faqs []wikirules.FAQ, opts ...Option) (*Index, error) {
	o := collect(opts)
	return build(ctx, path, o, func(x *Index) error { return x.put(ctx, records, faqs, o.pages) })
}

// build creates the index at path as Build does, fills it by fill and
// compacts it; on an error the index is closed.
func build(ctx context.Context, path string, o options, fill func(*Index) error) (*Index, error) {
	m := newMapping()
	if path != "" {
		if _, err := os.Stat(path); err == nil {
			return nil, fmt.Errorf("index: build %s: already exists (remove it or use Open and Update)", path)
		}
	}
	bi, err := bleve.NewUsing(path, m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("index: create %q: %w", path, err)
	}
	idx := &Index{bi: bi, glossary: o.glossary, path: path}
	if err := idx.storePhrases(); err != nil {
		bi.Close()
		return nil, err
	}
	if err := fill(idx); err != nil {
		bi.Close()
		return nil, err
	}
	if err := idx.Compact(ctx); err != nil {
		bi.Close()
		return nil, err
	}
	return idx, nil
}

// Compact merges an on-disk index into one segment (scorch ForceMerge)
// and waits for it: a search then walks one posting list per term instead
// of one per batch (at 100,000 records, 50 batches), which is most of the
// difference between a just-built and a settled index. Build and Sync
// call it; an in-memory index is left as it is.
func (x *Index) Compact(ctx context.Context) error {
	if x.path == "" {
		return nil
	}
	adv, err := x.bi.Advanced()
	if err != nil {
		return fmt.Errorf("index %s: compact: %w", x.where(), err)
	}
	sc, ok := adv.(*scorch.Scorch)
	if !ok {
		return nil
	}
	if err := sc.ForceMerge(ctx, &mergeplan.SingleSegmentMergePlanOptions); err != nil {
		return fmt.Errorf("index %s: compact: %w", x.where(), err)
	}
	return nil
}

// Open opens an index built at path by Build. The glossary is the
// project's (lang.Default) unless WithGlossary is given.
func Open(path string, opts ...Option) (*Index, error) {
	o := collect(opts)
	bi, err := bleve.OpenUsing(path, map[string]interface{}{"bolt_timeout": lockWait.String()})
	if err != nil {
		return nil, fmt.Errorf("index: open %s: %w", path, lockError(err))
	}
	return opened(&Index{bi: bi, glossary: o.glossary, path: path})
}

// lockWait is how long Open and OpenReadOnly wait for another process's
// lock on the index (a writer excludes everyone; readers exclude writers)
// before failing, instead of waiting forever. A variable for the tests
// only (SetLockWait).
var lockWait = 3 * time.Second

// lockError explains a lock time-out: the index is held by another
// process, typically a running `query serve` or `ingest`.
func lockError(err error) error {
	if strings.Contains(err.Error(), "timeout") {
		return fmt.Errorf("the index is in use by another process (a running query serve or ingest?); waited %s: %w", lockWait, err)
	}
	return err
}

// opened finishes Open and OpenReadOnly: it reads what the index was built
// with (its phrase terms).
func opened(x *Index) (*Index, error) {
	if err := x.loadPhrases(); err != nil {
		x.bi.Close()
		return nil, err
	}
	return x, nil
}

// OpenReadOnly opens an index built at path for searching only: several
// processes may hold it open at once (a writer waits until they close it).
func OpenReadOnly(path string, opts ...Option) (*Index, error) {
	o := collect(opts)
	bi, err := bleve.OpenUsing(path, map[string]interface{}{"read_only": true, "bolt_timeout": lockWait.String()})
	if err != nil {
		return nil, fmt.Errorf("index: open %s read-only: %w", path, lockError(err))
	}
	return opened(&Index{bi: bi, glossary: o.glossary, path: path})
}

// stampKey is the internal key under which SetStamp keeps its value.
var stampKey = []byte("wikirules.stamp")

// SetStamp records s in the index (bleve internal storage): a fingerprint
// of the source it was last synced with (pipeline.IndexStamp).
func (x *Index) SetStamp(s string) error {
	if err := x.bi.SetInternal(stampKey, []byte(s)); err != nil {
		return fmt.Errorf("index %s: set stamp: %w", x.where(), err)
	}
	return nil
}

// Stamp returns the value last given to SetStamp ("" if none).
func (x *Index) Stamp() (string, error) {
	v, err := x.bi.GetInternal(stampKey)
	if err != nil {
		return "", fmt.Errorf("index %s: read stamp: %w", x.where(), err)
	}
	return string(v), nil
}

// generationKey is the internal key under which SetGeneration keeps its
// value, apart from the stamp, which older readers compare whole.
var generationKey = []byte("wikirules.generation")

// SetGeneration records in the index the write generation of the source
// it was last synced with (kb.DB.Generation), as decimal text.
func (x *Index) SetGeneration(gen int64) error {
	if err := x.bi.SetInternal(generationKey, []byte(strconv.FormatInt(gen, 10))); err != nil {
		return fmt.Errorf("index %s: set generation: %w", x.where(), err)
	}
	return nil
}

// Generation returns the value last given to SetGeneration; ok is false
// when none was.
func (x *Index) Generation() (gen int64, ok bool, err error) {
	v, err := x.bi.GetInternal(generationKey)
	if err != nil {
		return 0, false, fmt.Errorf("index %s: read generation: %w", x.where(), err)
	}
	if len(v) == 0 {
		return 0, false, nil
	}
	if gen, err = strconv.ParseInt(string(v), 10, 64); err != nil {
		return 0, false, fmt.Errorf("index %s: generation %q: %w", x.where(), v, err)
	}
	return gen, true, nil
}

// Close releases the index.
func (x *Index) Close() error { return x.bi.Close() }

// Count returns the number of indexed documents (records plus FAQs).
func (x *Index) Count() (uint64, error) { return x.bi.DocCount() }

// Update keeps the index in step with an ingest: for every page that has a
// record in records, the page's previously indexed records are removed and
// records indexed in their place; every FAQ in faqs replaces the entry with
// the same id (an FAQ seen on a new page comes back with more Pages).
func (x *Index) Update(ctx context.Context, records []wikirules.Record, faqs []wikirules.FAQ, opts ...Option) error {
	o := collect(opts)
	pages := map[string]bool{}
	for _, r := range records {
		pages[r.Page] = true
	}
	var stale []string
	for p := range pages {
		ids, err := x.ids(ctx, query.NewConjunctionQuery([]query.Query{
			termQuery(fieldType, "record"), termQuery(fieldPageFacet, p)}))
		if err != nil {
			return fmt.Errorf("index: update page %q: %w", p, err)
		}
		stale = append(stale, ids...)
	}
	if err := x.Delete(ctx, stale...); err != nil {
		return err
	}
	return x.put(ctx, records, faqs, o.pages)
}

// Delete removes documents by record or FAQ id; unknown ids are ignored.
func (x *Index) Delete(ctx context.Context, ids ...string) error {
	b := x.bi.NewBatch()
	for i, id := range ids {
		b.Delete(id)
		if b.Size() >= batchSize || i == len(ids)-1 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := x.bi.Batch(b); err != nil {
				return fmt.Errorf("index: delete near %q: %w", id, err)
			}
			b.Reset()
		}
	}
	return nil
}

// put indexes records and FAQs in batches.
func (x *Index) put(ctx context.Context, records []wikirules.Record, faqs []wikirules.FAQ, pages map[string]PageInfo) error {
	w := x.newBatcher(ctx, batchSize)
	for _, r := range records {
		if err := w.record(ctx, r, pages[r.Page]); err != nil {
			w.abort()
			return err
		}
	}
	for _, f := range faqs {
		if err := w.faq(ctx, f, pages); err != nil {
			w.abort()
			return err
		}
	}
	return w.close(ctx)
}

func (x *Index) where() string {
	if x.path == "" {
		return "(memory)"
	}
	return x.path
}

// ids returns the ids of every document matching q.
func (x *Index) ids(ctx context.Context, q query.Query) ([]string, error) {
	var out []string
	const page = 10000
	for from := 0; ; from += page {
		req := bleve.NewSearchRequestOptions(q, page, from, false)
		req.SortBy([]string{"_id"})
		res, err := x.bi.SearchInContext(ctx, req)
		if err != nil {
			return nil, err
		}
		for _, h := range res.Hits {
			out = append(out, h.ID)
		}
		if len(res.Hits) < page {
			return out, nil
		}
	}
}

// newAllRequest lists every document by id with its stored revision.
func newAllRequest(size, from int) *bleve.SearchRequest {
	req := bleve.NewSearchRequestOptions(query.NewMatchAllQuery(), size, from, false)
	req.SortBy([]string{"_id"})
	req.Fields = []string{fieldRevision}
	return req
}

func termQuery(field, value string) *query.TermQuery {
	q := query.NewTermQuery(value)
	q.SetField(field)
	return q
}

// indexable reports whether a record gets its own document. The record
// that stands for a faqbox on one page (Kind faq or errata with
// Fields["faq_id"]) does not: its FAQ is indexed once, as an FAQ, with every
// page it shows on.
func indexable(r *wikirules.Record) bool {
	return !((r.Kind == wikirules.KindFAQ || r.Kind == wikirules.KindErrata) && r.Fields["faq_id"] != "")
}

// edUnknown is the edition value of a document scoped to no edition.
const edUnknown = "unknown"

// heldAny is the held value of every record held for an edition; its
// other held values are the editions it is held for.
const heldAny = "any"

// editionValues returns the values of the ed and ed_set fields of a set;
// the zero set (edition unknown) is edUnknown, which only an Unscoped
// edition filter asks for.
func editionValues(s wikirules.Editions) ([]string, string) {
	if s == 0 {
		return []string{edUnknown}, edUnknown
	}
	return s.Names(), s.String()
}

// recordText returns the body text of a record as indexed: its plain text
// (its Markdown when it has none) followed by its notes, one per line.
// Highlight offsets are byte offsets into this string.
func recordText(r *wikirules.Record) string {
	body := r.Plain
	if body == "" {
		body = r.Text
	}
	for _, n := range r.Notes {
		body += "\n" + n
	}
	return body
}

// faqText returns the body text of an FAQ as indexed: question, newline,
// answer.
func faqText(f *wikirules.FAQ) string { return f.Question + "\n" + f.Answer }

func recordDoc(r wikirules.Record, p PageInfo) (map[string]interface{}, error) {
	js, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	eds := r.Editions
	if eds == 0 {
		eds = p.Editions
	}
	if r.HeldFor != 0 && r.Editions != 0 {
		// Found only by a search of an edition it is held for (fieldHeld).
		eds = r.HeldFor & r.Editions
	}
	ed, edSet := editionValues(eds)
	lang := langOf(p.Language)
	name := r.Title
	if r.Skill != nil {
		name = strings.TrimSpace(r.Skill.Name + " " + r.Title)
	}
	doc := map[string]interface{}{
		fieldType:              "record",
		fieldKind:              string(r.Kind),
		fieldPage:              []string{r.Page},
		fieldPageFacet:         r.Page,
		fieldEditions:          ed,
		fieldEditionSet:        edSet,
		fieldSuperseded:        fmt.Sprint(r.Superseded),
		fieldLang:              lang,
		fieldRevision:          r.RevisionID,
		fieldJSON:              string(js),
		fieldRank:              rankFields{Doc: "record", Kind: r.Kind, Superseded: r.Superseded, Editions: r.Editions, Skill: r.Skill}.String(),
		textTitle + "_" + lang: r.Page,
		textBody + "_" + lang:  []string{recordText(&r), name, strings.Join(r.Section, " ")},
		titlePhrase:            r.Page,
		textPhrase:             []string{recordText(&r), name, strings.Join(r.Section, " ")},
		fieldWords:             []string{r.Page, recordText(&r), name, strings.Join(r.Section, " ")},
	}
	if len(p.Categories) > 0 {
		doc[fieldCategory] = p.Categories
	}
	if r.HeldFor != 0 {
		// Its words are an older revision's: they stay out of the
		// dictionary that weighs and corrects the words of the wiki.
		held, _ := editionValues(r.HeldFor)
		doc[fieldHeld] = append([]string{heldAny}, held...)
		delete(doc, fieldWords)
	}
	return doc, nil
}

// docID returns the id of the document of record r: its id, and for a
// record held for an edition (Record.HeldFor) also the editions and the
// revision, which a current record of the same id does not share and
// which change when another revision comes to be held.
func docID(r *wikirules.Record) string {
	if r.HeldFor == 0 {
		return r.ID
	}
	return "held:" + r.HeldFor.String() + ":" + r.RevisionID + ":" + r.ID
}

func faqDoc(f wikirules.FAQ, pages map[string]PageInfo) (map[string]interface{}, error) {
	js, err := json.Marshal(f)
	if err != nil {
		return nil, err
	}
	all := append(append([]string{}, f.Pages...), f.Related...)
	sort.Strings(all)
	all = dedupSorted(all)
	facet := ""
	switch {
	case len(f.Pages) > 0:
		facet = f.Pages[0]
	case len(f.Related) > 0:
		facet = f.Related[0]
	}
	p := pages[facet]
	lang := langOf(p.Language)
	kind := strings.ToLower(f.Type)
	if kind != string(wikirules.KindErrata) {
		kind = string(wikirules.KindFAQ)
	}
	ed, edSet := editionValues(f.Editions)
	var cats []string
	for _, pg := range all {
		cats = append(cats, pages[pg].Categories...)
	}
	sort.Strings(cats)
	doc := map[string]interface{}{
		fieldType:              "faq",
		fieldKind:              kind,
		fieldPage:              all,
		fieldPageFacet:         facet,
		fieldEditions:          ed,
		fieldEditionSet:        edSet,
		fieldSuperseded:        "false",
		fieldLang:              lang,
		fieldRevision:          faqStamp(&f),
		fieldJSON:              string(js),
		fieldRank:              rankFields{Doc: "faq", Type: f.Type, Editions: f.Editions}.String(),
		textTitle + "_" + lang: all,
		textBody + "_" + lang:  []string{faqText(&f), "", f.Title},
		titlePhrase:            all,
		textPhrase:             []string{faqText(&f), "", f.Title},
		fieldWords:             append([]string{faqText(&f)}, all...),
	}
	if cats = dedupSorted(cats); len(cats) > 0 {
		doc[fieldCategory] = cats
	}
	return doc, nil
}

// faqStamp is what the rev field of an FAQ document holds and Check
// compares: its last revision, first revision and a digest of the pages it
// shows on. The content of an FAQ comes from its newest occurrence, but
// its first revision and pages come from all of them: an older revision
// ingested later changes those and not the last revision, and a stamp of
// the last revision alone left the document stale without Check seeing it.
func faqStamp(f *wikirules.FAQ) string {
	pages := append([]string(nil), f.Pages...)
	sort.Strings(pages)
	sum := sha256.Sum256([]byte(strings.Join(pages, "\x00")))
	return f.LastRevision + " " + f.FirstRevision + " " + hex.EncodeToString(sum[:8])
}

func dedupSorted(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// errClosed is returned for searches on a nil index.
var errClosed = errors.New("index: nil or closed index")
