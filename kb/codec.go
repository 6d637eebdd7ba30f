package kb

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/wikirules/wikirules"
)

// timeLayout is how timestamps are stored: UTC, fixed width, so that the
// text order of two stored timestamps is their time order.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// timeMax is greater than every stored timestamp: "as of now".
const timeMax = "9999-12-31T23:59:59.999999999Z"

// encodeTime returns t in the stored form.
func encodeTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// decodeTime reads a stored timestamp.
func decodeTime(s string) (time.Time, error) {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("bad stored timestamp %q: %w", s, err)
	}
	return t, nil
}

// undatedBefore is greater than the stored zero time and smaller than any
// real date: undated revisions (rendered pages that show no date, stored
// with the zero time) sort before it.
const undatedBefore = "0001-01-02"

// asOfLower returns the lower bound of the revisions a query as of f.AsOf
// may see: "" (all) for the current wiki; for a date, only dated
// revisions, since an undated one cannot be shown to have existed then.
func asOfLower(f wikirules.Filter) string {
	if f.AsOf.IsZero() {
		return ""
	}
	return undatedBefore
}

// asOfBound returns the stored form of the AsOf bound of f: timeMax when
// AsOf is zero.
func asOfBound(f wikirules.Filter) string {
	if f.AsOf.IsZero() {
		return timeMax
	}
	return encodeTime(f.AsOf)
}

// encodeJSON returns v as JSON, or "" for a nil or empty value, so that an
// absent list and an empty one are stored alike and read back as nil.
func encodeJSON[T any](v T, empty bool) (string, error) {
	if empty {
		return "", nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// decodeJSON reads what encodeJSON wrote into v; "" leaves v unchanged.
func decodeJSON(s string, v any) error {
	if s == "" {
		return nil
	}
	return json.Unmarshal([]byte(s), v)
}

// boolInt returns 1 for true, 0 for false (SQLite has no boolean type).
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
