package index

import (
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
// them. It reads the term dictionary only: the judge engine weighs a
// question's words by it instead of counting them over the knowledge
// base.
func (x *Index) WordsWithPrefix(prefix string) (map[string]uint64, error) {
	if x == nil || x.bi == nil {
		return nil, errClosed
	}
	out := map[string]uint64{}
	p := lang.Fold(prefix)
	if p == "" {
		return out, nil
	}
	err := x.dict(func(r index.IndexReader) (index.FieldDict, error) {
		return r.FieldDictPrefix(fieldWords, []byte(p))
	}, func(e *index.DictEntry) bool {
		out[e.Term] = e.Count
		return len(out) < maxPrefixWords
	})
	return out, err
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
	adv, err := x.bi.Advanced()
	if err != nil {
		return fmt.Errorf("index %s: %w", x.where(), err)
	}
	r, err := adv.Reader()
	if err != nil {
		return fmt.Errorf("index %s: %w", x.where(), err)
	}
	defer r.Close()
	d, err := open(r)
	if err != nil {
		return fmt.Errorf("index %s: %w", x.where(), err)
	}
	defer d.Close()
	for {
		e, err := d.Next()
		if err != nil {
			return fmt.Errorf("index %s: %w", x.where(), err)
		}
		if e == nil || !each(e) {
			return nil
		}
	}
}
