package index

import (
	"context"
	"fmt"

	index "github.com/blevesearch/bleve_index_api"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// maxPrefixWords caps the words WordsWithPrefix returns: a prefix of one
// or two letters may start thousands of words, and a weight needs only
// their counts.
const maxPrefixWords = 5000

// WordsWithPrefix returns the words of the indexed documents (folded, not
// stemmed: the typo dictionary) that start with prefix (folded), each
// with the number of documents holding it, at most maxPrefixWords of
// them. It reads the term dictionary for the words and each word's
// postings for its count (termDocs): the judge engine weighs a question's
// words by it instead of counting them over the knowledge base.
func (x *Index) WordsWithPrefix(prefix string) (map[string]uint64, error) {
	if x == nil || x.bi == nil {
		return nil, errClosed
	}
	out := map[string]uint64{}
	p := lang.Fold(prefix)
	if p == "" {
		return out, nil
	}
	r, err := x.reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var words []string
	err = walkDict(r, func(r index.IndexReader) (index.FieldDict, error) {
		return r.FieldDictPrefix(fieldWords, []byte(p))
	}, func(e *index.DictEntry) bool {
		words = append(words, e.Term)
		return len(words) < maxPrefixWords
	})
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", x.where(), err)
	}
	for _, w := range words {
		n, err := termDocs(r, fieldWords, w)
		if err != nil {
			return nil, fmt.Errorf("index %s: count %q: %w", x.where(), w, err)
		}
		out[w] = n
	}
	return out, nil
}

// termDocs returns the number of live documents whose field holds term,
// read from the term's postings. The count a dictionary walk gives with
// each entry (DictEntry.Count) is not used: a zap segment that was
// merged and persisted stores a term held by one document in its
// dictionary value ("1-hit" encoding), and the walk's reused postings
// list keeps that state, so every later term of the walk reports 1 (on
// disk, after Build's compaction, nearly every word); an in-memory index
// of unmerged segments gives the true counts. Opening the postings of
// each term gives the same count on both.
func termDocs(r index.IndexReader, field, term string) (uint64, error) {
	tfr, err := r.TermFieldReader(context.Background(), []byte(term), field, false, false, false)
	if err != nil {
		return 0, err
	}
	defer tfr.Close()
	return tfr.Count(), nil
}

// ScopedEditions returns the editions some indexed document is explicitly
// scoped to (a record or FAQ holding in every edition adds none).
func (x *Index) ScopedEditions() (wikirules.Editions, error) {
	if x == nil || x.bi == nil {
		return 0, errClosed
	}
	var eds wikirules.Editions
	err := x.dict(func(r index.IndexReader) (index.FieldDict, error) {
		return r.FieldDict(fieldEditions)
	}, func(e *index.DictEntry) bool {
		if ed, err := wikirules.ParseEdition(e.Term); err == nil && e.Count > 0 {
			eds |= wikirules.Editions(ed)
		}
		return true
	})
	return eds, err
}

// dict walks the dictionary open gives, calling each for every entry
// until it returns false.
func (x *Index) dict(open func(index.IndexReader) (index.FieldDict, error), each func(*index.DictEntry) bool) error {
	r, err := x.reader()
	if err != nil {
		return err
	}
	defer r.Close()
	if err := walkDict(r, open, each); err != nil {
		return fmt.Errorf("index %s: %w", x.where(), err)
	}
	return nil
}

// reader opens an index reader (the caller closes it).
func (x *Index) reader() (index.IndexReader, error) {
	adv, err := x.bi.Advanced()
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", x.where(), err)
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", x.where(), err)
	}
	return r, nil
}

// walkDict walks the dictionary open gives on r, calling each for every
// entry until it returns false.
func walkDict(r index.IndexReader, open func(index.IndexReader) (index.FieldDict, error), each func(*index.DictEntry) bool) error {
	d, err := open(r)
	if err != nil {
		return err
	}
	defer d.Close()
	for {
		e, err := d.Next()
		if err != nil {
			return err
		}
		if e == nil || !each(e) {
			return nil
		}
	}
}
