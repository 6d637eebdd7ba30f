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
// stored. A page without revisions is a 404. created is the number of
// records of the first revision.
func (vs *views) history(ctx context.Context, title string) (page string, steps []diff.Step, created int, err error) {
	revs, err := vs.revisions(ctx, title)
	if err != nil {
		return "", nil, 0, err
	}
	snaps := make([]diff.Snapshot, 0, len(revs))
	sizes := map[string]int{}
	for _, rv := range revs {
		recs, err := vs.store.RevisionRecords(ctx, rv.ID)
		if err != nil {
			return "", nil, 0, fmt.Errorf("web: history of %s, revision %s: %w", title, rv.ID, err)
		}
		full, err := vs.store.Revision(ctx, rv.ID)
		if err != nil {
			return "", nil, 0, fmt.Errorf("web: history of %s, revision %s: %w", title, rv.ID, err)
		}
		sizes[rv.ID] = len(full.Text)
		snaps = append(snaps, diff.Snapshot{Revision: rv, Records: recs})
	}
	return revs[0].Page.Title, diff.History(snaps, sizes), len(snaps[0].Records), nil
}

// revisions returns the history of title, oldest first; none is a 404.
func (vs *views) revisions(ctx context.Context, title string) ([]wikirules.Revision, error) {
	revs, err := vs.store.History(ctx, title, vs.pageFilter())
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
	URL   string
	Steps []historyStep
}

func (v *historyView) title(l *labels) string { return v.Page + " — " + l.t("history.title") }

// historyStep is one revision, its summary in the judge's language and
// the URLs of its page view and its diff with the revision before.
type historyStep struct {
	diff.Step
	Summary string
	PageURL string
	DiffURL string
}

func (q *rq) historyPage() error {
	title, err := pageTitle(q.r)
	if err != nil {
		return err
	}
	v, err := q.historyView(q.r.Context(), title)
	return q.show("history", v, err)
}

// historyView builds the history page of title.
func (vs *views) historyView(ctx context.Context, title string) (*historyView, error) {
	page, steps, created, err := vs.history(ctx, title)
	if err != nil {
		return nil, err
	}
	v := &historyView{Page: page, URL: vs.link.page(page, "", "", false, "")}
	for i := len(steps) - 1; i >= 0; i-- {
		st := historyStep{Step: steps[i], PageURL: vs.link.page(page, "", steps[i].Revision.ID, false, "")}
		if i == len(steps)-1 {
			st.PageURL = v.URL
		}
		if i > 0 {
			st.DiffURL = vs.link.diff(page, steps[i-1].Revision.ID, steps[i].Revision.ID)
			st.Summary = vs.diffSummary(steps[i].Diff)
		} else {
			st.Summary = vs.l.t("history.created", created)
		}
		v.Steps = append(v.Steps, st)
	}
	return v, nil
}

// diffSummary says in one line what a diff changes, in the judge's
// language.
func (vs *views) diffSummary(d *diff.Diff) string {
	if d == nil {
		return ""
	}
	if len(d.Changes) == 0 {
		return vs.l.t("diff.none", d.Unchanged)
	}
	return vs.l.t("diff.summary", len(d.Changes), d.Unchanged)
}

// diffView is a diff between two revisions of a page (From nil: the page
// was created by To), with the page's revisions for the selectors.
type diffView struct {
	Page string
	From *wikirules.Revision
	To   wikirules.Revision
	Diff *diff.Diff
	Revs []wikirules.Revision
	// PageURL links the page, Action the revision selectors' form ("" on
	// the static site, which has the diff of each revision only), Summary
	// is the headline in the judge's language.
	PageURL, Action, Summary string
	Changes                  []changeView
}

// changeView is one change with the link to its record.
type changeView struct {
	diff.Change
	URL string
}

func (v *diffView) title(l *labels) string { return v.Page + " — " + l.t("diff.title") }

// diff compares two revisions of title named by id, id prefix or date
// (wikirules.ResolveRevision): both empty means the last two; only from means from → the
// newest; only to means the revision before to → to.
func (vs *views) diff(ctx context.Context, title, fromRef, toRef string) (*diffView, error) {
	if len(fromRef) > 100 || len(toRef) > 100 {
		return nil, badRequest("a revision reference is at most 100 bytes")
	}
	revs, err := vs.revisions(ctx, title)
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
		if a, err = vs.store.RevisionRecords(ctx, v.From.ID); err != nil {
			return nil, fmt.Errorf("web: diff of %s, revision %s: %w", v.Page, v.From.ID, err)
		}
	}
	b, err := vs.store.RevisionRecords(ctx, v.To.ID)
	if err != nil {
		return nil, fmt.Errorf("web: diff of %s, revision %s: %w", v.Page, v.To.ID, err)
	}
	v.Diff = diff.Records(a, b)
	v.PageURL = vs.link.page(v.Page, "", "", false, "")
	if !vs.link.static() {
		v.Action = vs.link.diff(v.Page, "", "")
	}
	v.Summary = vs.diffSummary(v.Diff)
	for _, c := range v.Diff.Changes {
		v.Changes = append(v.Changes, changeView{Change: c, URL: vs.link.cite(c.Citation, c.Op == diff.Removed)})
	}
	return v, nil
}

func (q *rq) diffPage() error {
	title, err := pageTitle(q.r)
	if err != nil {
		return err
	}
	u := q.r.URL.Query()
	v, err := q.diff(q.r.Context(), title, u.Get("from"), u.Get("to"))
	return q.show("diff", v, err)
}
