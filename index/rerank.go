package index

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/lang"
)

// scored is one hit of the re-rank window: its bleve match, its score
// after the re-rank factors and, once decoded (only for the hits kept),
// the Hit and the body text its snippet is cut from.
type scored struct {
	dm    *search.DocumentMatch
	faq   bool
	score float64
	hit   wikirules.Hit
	body  string
}

// rankFields are what the re-rank reads of a record or FAQ. They are
// stored in the rank field (String, a few bytes) so that the window's hits
// (60 for the 10 a search returns) are re-ranked without decoding their
// JSON; the JSON is decoded for the kept hits only. (Doc values, read by
// internal id, were tried: decompressing a doc-value chunk per hit
// allocated more than the stored documents.) Documents indexed before the
// rank field existed are read from their JSON.
type rankFields struct {
	Doc        string                 `json:"-"`    // "record" or "faq" (the type field)
	Kind       wikirules.Kind         `json:"kind"` // records
	Type       string                 `json:"type"` // FAQs: "faq" or "errata"
	Superseded bool                   `json:"superseded"`
	Editions   wikirules.Editions     `json:"editions"`
	Skill      *wikirules.SkillHeader `json:"skill"`
}

// String encodes f for the rank field: document type, kind, FAQ type,
// superseded (0 or 1), editions (the set as a number), skill name,
// separated by U+001F.
func (f rankFields) String() string {
	sup := "0"
	if f.Superseded {
		sup = "1"
	}
	name := ""
	if f.Skill != nil {
		name = f.Skill.Name
	}
	return strings.Join([]string{f.Doc, string(f.Kind), f.Type, sup, strconv.FormatUint(uint64(f.Editions), 10), name}, "\x1f")
}

// parseRank decodes String's encoding; ok is false for anything else.
func parseRank(s string) (f rankFields, ok bool) {
	p := strings.Split(s, "\x1f")
	if len(p) != 6 {
		return f, false
	}
	ed, err := strconv.ParseUint(p[4], 10, 64)
	if err != nil {
		return f, false
	}
	f = rankFields{Doc: p[0], Kind: wikirules.Kind(p[1]), Type: p[2], Superseded: p[3] == "1", Editions: wikirules.Editions(ed)}
	if p[5] != "" {
		f.Skill = &wikirules.SkillHeader{Name: p[5]}
	}
	return f, true
}

// ranks returns the rankFields of hits by id, from their stored rank
// field (Search asks for it); a hit without one (an index built before the
// rank field existed) is read from its stored JSON instead, by a search
// restricted to those ids.
func (x *Index) ranks(ctx context.Context, hits []*search.DocumentMatch) (map[string]rankFields, error) {
	out := make(map[string]rankFields, len(hits))
	for _, dm := range hits {
		rs, _ := dm.Fields[fieldRank].(string)
		if f, ok := parseRank(rs); ok {
			out[dm.ID] = f
		}
	}
	return x.rankJSON(ctx, hits, out)
}

// rankJSON adds to out the rankFields of the hits it lacks, read from
// their stored JSON by a search restricted to their ids.
func (x *Index) rankJSON(ctx context.Context, hits []*search.DocumentMatch, out map[string]rankFields) (map[string]rankFields, error) {
	var missing []string
	for _, dm := range hits {
		if _, ok := out[dm.ID]; !ok {
			missing = append(missing, dm.ID)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	req := bleve.NewSearchRequestOptions(query.NewDocIDQuery(missing), len(missing), 0, false)
	req.Fields = []string{fieldJSON, fieldType}
	sr, err := x.bi.SearchInContext(ctx, req)
	if err != nil {
		return nil, err
	}
	for _, dm := range sr.Hits {
		var f rankFields
		js, _ := dm.Fields[fieldJSON].(string)
		if err := json.Unmarshal([]byte(js), &f); err != nil {
			return nil, fmt.Errorf("stored document %s: %w", dm.ID, err)
		}
		f.Doc, _ = dm.Fields[fieldType].(string)
		out[dm.ID] = f
	}
	return out, nil
}

// rerank scores one hit of the window (Search's re-rank: errata > FAQ >
// rule text, FAQ and errata higher for a question, a skill header named by
// a query unit higher, examples and superseded text lower, text scoped to
// the chosen edition higher).
func rerank(dm *search.DocumentMatch, rf rankFields, q Query, units []lang.Unit, question bool) scored {
	s := scored{dm: dm, score: dm.Score}
	if rf.Doc == "faq" {
		s.faq = true
		errata := strings.EqualFold(rf.Type, string(wikirules.KindErrata))
		if errata {
			s.score *= factorErrata
		} else {
			s.score *= factorFAQ
		}
		if question {
			if errata {
				s.score *= factorErrataQ
			} else {
				s.score *= factorFAQQ
			}
		}
		if q.Edition != 0 && rf.Editions.Has(q.Edition) {
			s.score *= factorEdition
		}
		return s
	}
	if rf.Skill != nil && nameMatches(rf.Skill.Name, units) {
		s.score *= factorName
	}
	if rf.Kind == wikirules.KindExample {
		s.score *= factorExample
	}
	if rf.Superseded {
		s.score *= factorOld
	}
	if q.Edition != 0 && rf.Editions.Has(q.Edition) {
		s.score *= factorEdition
	}
	return s
}

// decode fills s.hit and s.body from the stored JSON of a kept hit (dm,
// loaded by Index.stored); the citation of an FAQ names the page of a
// one-page search.
func (s *scored) decode(dm *search.DocumentMatch, q Query) error {
	js, _ := dm.Fields[fieldJSON].(string)
	if s.faq {
		var f wikirules.FAQ
		if err := json.Unmarshal([]byte(js), &f); err != nil {
			return fmt.Errorf("index: stored FAQ %s: %w", s.dm.ID, err)
		}
		page := ""
		if len(q.Pages) == 1 {
			page = q.Pages[0]
		}
		s.hit = wikirules.Hit{FAQ: &f, Citation: wikirules.CitationOfFAQ(f, page)}
		s.body = faqText(&f)
		return nil
	}
	var r wikirules.Record
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		return fmt.Errorf("index: stored record %s: %w", s.dm.ID, err)
	}
	s.hit = wikirules.Hit{Record: &r, Citation: wikirules.CitationOf(r)}
	s.body = recordText(&r)
	return nil
}
