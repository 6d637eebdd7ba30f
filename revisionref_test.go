package wikirules_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules"
)

func TestParseDate(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"2021-02-11", "2021-02-11T23:59:59Z"},
		{"2021-02-11T10:26", "2021-02-11T10:26:00Z"},
		{"2021-02-11T10:26:28Z", "2021-02-11T10:26:28Z"},
		{"2021-02-11T12:26:28+02:00", "2021-02-11T10:26:28Z"},
	} {
		got, err := wikirules.ParseDate(tc.in)
		if err != nil || got.Format(time.RFC3339) != tc.want {
			t.Errorf("ParseDate(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "yesterday", "11/02/2021", "mañana" + strings.Repeat("x", 100)} {
		_, err := wikirules.ParseDate(in)
		if err == nil || !strings.Contains(err.Error(), "want 2006-01-02, 2006-01-02T15:04 or RFC 3339") || len(err.Error()) > 120 {
			t.Errorf("ParseDate(%q): error %v, want one naming the forms, quoting at most 40 runes", in, err)
		}
	}
}

func TestResolveRevision(t *testing.T) {
	at := func(s string) time.Time { tm, _ := time.Parse(time.RFC3339, s); return tm }
	page := wikirules.Page{Title: "Esquivar"}
	hist := []wikirules.Revision{
		{Page: page, ID: "c0ffee01", Timestamp: at("2021-02-11T10:00:00Z")},
		{Page: page, ID: "c0ffee02", Timestamp: at("2021-03-01T09:00:00Z")},
		{Page: page, ID: "d00d", Timestamp: at("2022-11-05T12:00:00Z")},
	}
	for _, tc := range []struct{ ref, want string }{
		{"c0ffee02", "c0ffee02"}, {"d00d", "d00d"}, {"c0ffee01", "c0ffee01"},
		{"c0ffee0", ""}, // a prefix of two: ambiguous
		{"c0ff", ""},
		{"d00", ""}, // prefixes need four characters; not a date either
		{"2021-02-11", "c0ffee01"}, {"2021-02-28", "c0ffee01"}, {"2021-03-01T09:00", "c0ffee02"},
		{"2030-01-01", "d00d"}, {"2020-12-31", ""}, {"zzzz", ""},
	} {
		r, err := wikirules.ResolveRevision(hist, tc.ref)
		switch {
		case tc.want != "" && (err != nil || r.ID != tc.want):
			t.Errorf("ResolveRevision(%q) = %q, %v; want %s", tc.ref, r.ID, err, tc.want)
		case tc.want == "" && err == nil:
			t.Errorf("ResolveRevision(%q) = %q, want an error", tc.ref, r.ID)
		case tc.want == "" && !strings.Contains(err.Error(), "Esquivar"):
			t.Errorf("ResolveRevision(%q): %v does not name the page", tc.ref, err)
		}
	}
	if _, err := wikirules.ResolveRevision(hist, "c0ff"); !errors.Is(err, wikirules.ErrAmbiguous) {
		t.Errorf("a prefix of two revisions: %v, want ErrAmbiguous", err)
	}
	for _, ref := range []string{"zzzz", "2020-12-31", "d00"} {
		if _, err := wikirules.ResolveRevision(hist, ref); !errors.Is(err, wikirules.ErrNotFound) {
			t.Errorf("ResolveRevision(%q): %v, want ErrNotFound", ref, err)
		}
	}
}
