package report

import (
	"time"

	"github.com/wikirules/wikirules/engine"
)

// DataRevision is a revision an answer speaks for (engine.PageRevision)
// with TimestampInferred: its time was read from the newest update marker
// its page shows, a rendered page that carries no date of its own. Such a
// time is no timestamp of the revision and is printed as that marker's
// month (InferredMonth), never as a date and hour.
type DataRevision struct {
	engine.PageRevision
	TimestampInferred bool `json:"timestamp_inferred,omitempty"`
}

// DataVersion is engine.DataVersion with each revision's TimestampInferred.
type DataVersion struct {
	Revisions   []DataRevision `json:"revisions"`
	FAQVersions []string       `json:"faq_versions,omitempty"`
}

// DataOf is d, the data version of an answer or resolution whose sources
// are sources, each revision marked inferred when a source citing it
// says its time is (the engine builds d from those citations).
func DataOf(d engine.DataVersion, sources []engine.Source) DataVersion {
	inferred := map[string]bool{}
	for _, s := range sources {
		if s.Citation.TimestampInferred {
			inferred[s.Citation.Revision] = true
		}
	}
	out := DataVersion{Revisions: []DataRevision{}, FAQVersions: d.FAQVersions}
	for _, r := range d.Revisions {
		out.Revisions = append(out.Revisions, DataRevision{PageRevision: r,
			TimestampInferred: inferred[r.Revision] && !r.Timestamp.IsZero()})
	}
	return out
}

// Answer is the document of query ask -json and POST /api/ask: the
// engine's answer, its data version with the inferred times marked.
type Answer struct {
	*engine.Answer
	Data DataVersion `json:"data_version"`
}

// AnswerOf is the document of answer a.
func AnswerOf(a *engine.Answer) Answer {
	return Answer{Answer: a, Data: DataOf(a.Data, a.Sources)}
}

// Resolution is the document of query resolve -json and POST
// /api/resolve: the engine's resolution, its data version with the
// inferred times marked.
type Resolution struct {
	*engine.Resolution
	Data DataVersion `json:"data_version"`
}

// ResolutionOf is the document of resolution r.
func ResolutionOf(r *engine.Resolution) Resolution {
	return Resolution{Resolution: r, Data: DataOf(r.Data, r.Sources())}
}

// InferredMonth is the month an inferred time names ("2023-07"): the
// update marker it was read from gives a month, not a day or an hour.
func InferredMonth(t time.Time) string {
	return t.UTC().Format("2006-01")
}
