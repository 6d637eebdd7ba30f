package wikirules

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ParseDate reads a date as the command line (-as-of, -until) and the web
// API (as_of) take it: RFC 3339, "2006-01-02T15:04" (UTC) or "2006-01-02",
// which means the end of that day, UTC, so that a date includes its day's
// edits. The error quotes the text (at most 40 runes of it) and names the
// forms.
func ParseDate(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	if t, err := time.Parse("2006-01-02T15:04", s); err == nil {
		return t.UTC(), nil
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t.Add(24*time.Hour - time.Second).UTC(), nil
	}
	return time.Time{}, fmt.Errorf("bad date %.40q: want 2006-01-02, 2006-01-02T15:04 or RFC 3339", s)
}

// ErrAmbiguous is wrapped by ResolveRevision when a revision id prefix
// names several revisions.
var ErrAmbiguous = errors.New("ambiguous revision")

// ResolveRevision finds a revision in history (one page's revisions,
// oldest first, at least one) by ref: its id, an unambiguous prefix of its
// id (at least 4 characters) or a date (ParseDate: the newest revision at
// or before it). `query diff` and the web diff name revisions this way.
// Errors name the page and wrap ErrAmbiguous (a prefix of several
// revisions) or ErrNotFound (no revision by that id, prefix or date, or
// none at or before the date).
func ResolveRevision(history []Revision, ref string) (Revision, error) {
	var hits []Revision
	for _, r := range history {
		if r.ID == ref {
			return r, nil
		}
		if len(ref) >= 4 && strings.HasPrefix(r.ID, ref) {
			hits = append(hits, r)
		}
	}
	page := history[0].Page.Title
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
	default:
		return Revision{}, fmt.Errorf("%w: %.60q is the start of %d revisions of %s", ErrAmbiguous, ref, len(hits), page)
	}
	t, err := ParseDate(ref)
	if err != nil {
		return Revision{}, fmt.Errorf("no revision %.60q of %s (want an id, an id prefix or a date): %w", ref, page, ErrNotFound)
	}
	var best *Revision
	for i := range history {
		if !history[i].Timestamp.After(t) {
			best = &history[i]
		}
	}
	if best == nil {
		return Revision{}, fmt.Errorf("no revision of %s at or before %s (the first is %s): %w",
			page, t.Format(time.RFC3339), history[0].Timestamp.UTC().Format(time.RFC3339), ErrNotFound)
	}
	return *best, nil
}
