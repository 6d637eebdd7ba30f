package web

import (
	"context"
	"fmt"
	"net/http"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/diff"
)

// history loads every revision of title with its records and diffs each
// with the one before (diff.History). It returns the page's title as
// stored. A page without revisions is a 404.
func (s *Server) history(ctx context.Context, title string) (string, []diff.Step, error) {
	revs, err := s.revisions(ctx, title)
	if err != nil {
		return "", nil, err
	}
	snaps := make([]diff.Snapshot, 0, len(revs))
	sizes := map[string]int{}
	for _, rv := range revs {
		recs, err := s.deps.Store.RevisionRecords(ctx, rv.ID)
		if err != nil {
			return "", nil, fmt.Errorf("web: history of %s, revision %s: %w", title, rv.ID, err)
		}
		full, err := s.deps.Store.Revision(ctx, rv.ID)
		if err != nil {
			return "", nil, fmt.Errorf("web: history of %s, revision %s: %w", title, rv.ID, err)
		}
		sizes[rv.ID] = len(full.Text)
		snaps = append(snaps, diff.Snapshot{Revision: rv, Records: recs})
	}
	return revs[0].Page.Title, diff.History(snaps, sizes), nil
}

// revisions returns the history of title, oldest first; none is a 404.
func (s *Server) revisions(ctx context.Context, title string) ([]wikirules.Revision, error) {
	revs, err := s.deps.Store.History(ctx, title)
	if err != nil {
		return nil, err
	}
	if len(revs) == 0 {
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no page %q in the knowledge base", title)}
	}
	return revs, nil
}

// historyView is the history page: every revision, newest first, with the
// link to its diff.
type historyView struct {
	Page  string
	Steps []historyStep
}

func (v *historyView) title() string { return v.Page + " — history" }

// historyStep is one revision and the URLs of its page view and its diff
// with the revision before.
type historyStep struct {
	diff.Step
	PageURL string
	DiffURL string
}

func (s *Server) historyPage(w http.ResponseWriter, r *http.Request) error {
	title, err := pageTitle(r)
	if err != nil {
		return err
	}
	page, steps, err := s.history(r.Context(), title)
	if err != nil {
		return err
	}
	v := &historyView{Page: page}
	for i := len(steps) - 1; i >= 0; i-- {
		st := historyStep{Step: steps[i], PageURL: withQuery(pageURL(page), "rev", steps[i].Revision.ID)}
		if i > 0 {
			st.DiffURL = withQuery("/diff/"+pathEscape(page), "from", steps[i-1].Revision.ID, "to", steps[i].Revision.ID)
		}
		v.Steps = append(v.Steps, st)
	}
	s.render(w, r, http.StatusOK, "history", v)
	return nil
}

// diffView is a diff between two revisions of a page (From nil: the page
// was created by To), with the page's revisions for the selectors.
type diffView struct {
	Page string
	From *wikirules.Revision
	To   wikirules.Revision
	Diff *diff.Diff
	Revs []wikirules.Revision
}

func (v *diffView) title() string { return v.Page + " — diff" }

// diff compares two revisions of title named by id, id prefix or date
// (wikirules.ResolveRevision): both empty means the last two; only from means from → the
// newest; only to means the revision before to → to.
func (s *Server) diff(ctx context.Context, title, fromRef, toRef string) (*diffView, error) {
	if len(fromRef) > 100 || len(toRef) > 100 {
		return nil, badRequest("a revision reference is at most 100 bytes")
	}
	revs, err := s.revisions(ctx, title)
	if err != nil {
		return nil, err
	}
	v := &diffView{Page: revs[0].Page.Title, Revs: revs, To: revs[len(revs)-1]}
	toIndex := len(revs) - 1
	if toRef != "" {
		if v.To, err = wikirules.ResolveRevision(revs, toRef); err != nil {
			return nil, err
		}
		for i := range revs {
			if revs[i].ID == v.To.ID {
				toIndex = i
			}
		}
	}
	switch {
	case fromRef != "":
		f, err := wikirules.ResolveRevision(revs, fromRef)
		if err != nil {
			return nil, err
		}
		v.From = &f
	case toIndex > 0:
		v.From = &revs[toIndex-1]
	}
	var a []wikirules.Record
	if v.From != nil {
		if a, err = s.deps.Store.RevisionRecords(ctx, v.From.ID); err != nil {
			return nil, fmt.Errorf("web: diff of %s, revision %s: %w", v.Page, v.From.ID, err)
		}
	}
	b, err := s.deps.Store.RevisionRecords(ctx, v.To.ID)
	if err != nil {
		return nil, fmt.Errorf("web: diff of %s, revision %s: %w", v.Page, v.To.ID, err)
	}
	v.Diff = diff.Records(a, b)
	return v, nil
}

func (s *Server) diffPage(w http.ResponseWriter, r *http.Request) error {
	title, err := pageTitle(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	v, err := s.diff(r.Context(), title, q.Get("from"), q.Get("to"))
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, "diff", v)
	return nil
}
