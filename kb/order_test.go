package kb

import (
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

// TestOrderKnown: dates of their own, a creation summary or the ids of
// one wiki fix the order of two revisions; an undated capture against
// anything else, or a date read from an update marker, does not.
func TestOrderKnown(t *testing.T) {
	at := time.Date(2020, 10, 19, 15, 24, 0, 0, time.UTC)
	created := wikirules.Revision{ID: "d2da000643d948d1f", Timestamp: at, Comment: `Created page with "{{section-fireteams}}"`}
	undated := wikirules.Revision{ID: "infinity-en:1730", TimestampInferred: true}
	tests := []struct {
		name string
		a, b wikirules.Revision
		want bool
	}{
		{"both dated", wikirules.Revision{ID: "x", Timestamp: at}, wikirules.Revision{ID: "y", Timestamp: at.Add(time.Hour)}, true},
		{"creation first", created, undated, true},
		{"undated before the creation", undated, created, false},
		{"ids of one wiki", undated, wikirules.Revision{ID: "infinity-en:2075", Timestamp: at}, true},
		{"ids out of order", wikirules.Revision{ID: "infinity-en:2075", Timestamp: at}, undated, false},
		{"ids of two wikis", undated, wikirules.Revision{ID: "infinity-es:2075"}, false},
		{"update marker", wikirules.Revision{ID: "infinity-en:2075", Timestamp: at}, wikirules.Revision{ID: "ddb1a6ee6155b9549", Timestamp: at.AddDate(3, 0, 0), TimestampInferred: true}, false},
		{"two undated captures", wikirules.Revision{ID: "dc2ff8d68dfd39939", TimestampInferred: true}, wikirules.Revision{ID: "d24e882cda49ee8cc", TimestampInferred: true}, false},
	}
	for _, tc := range tests {
		if got := OrderKnown(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: OrderKnown(%s, %s) = %v, want %v", tc.name, tc.a.ID, tc.b.ID, got, tc.want)
		}
	}
}
