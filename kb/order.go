package kb

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules"
)

// OrderKnown reports whether the stored data shows that revision a of a
// page was saved before revision b of the same page, rather than the
// order being inferred (revisionOrder places an undated revision by the
// editions its text shows). The evidence is: both carry a time of their
// own (a revision-info line, a dump or API timestamp; not one read from
// an update marker); a's edit summary is MediaWiki's creation summary
// (the page's first revision, wikirules.IsCreationSummary); both carry a
// MediaWiki revision id of the same wiki and a's is the smaller (ids grow
// with every save on a wiki).
func OrderKnown(a, b wikirules.Revision) bool {
	if dated(a) && dated(b) {
		return true
	}
	if wikirules.IsCreationSummary(a.Comment) {
		return true
	}
	wa, na, okA := nativeID(a.ID)
	wb, nb, okB := nativeID(b.ID)
	return okA && okB && wa == wb && na < nb
}

// dated reports whether r carries a time of its own.
func dated(r wikirules.Revision) bool { return !r.Timestamp.IsZero() && !r.TimestampInferred }

// nativeID splits a wiki-qualified MediaWiki revision id ("infinity-en:1730")
// into its wiki and number; ok is false for a derived or unqualified id.
func nativeID(id string) (wiki string, n int, ok bool) {
	i := strings.LastIndexByte(id, ':')
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(id[i+1:])
	return id[:i], n, err == nil && n > 0
}
