package mwapitest

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// recentChanges answers list=recentchanges: entries of the types rctype
// names (changePage with the prefix "rc", ordered by rcid within a
// timestamp).
func (w *Wiki) recentChanges(q url.Values, query map[string]any, fv2 bool) map[string]string {
	types := map[string]bool{}
	for _, t := range strings.Split(q.Get("rctype"), "|") {
		types[t] = true
	}
	list, cont := changePage(w.rc, q, "rc", w.Limits.Changes, func(c change) int64 { return c.rcid },
		func(c change) bool { return q.Get("rctype") == "" || types[c.typ] })
	out := []any{}
	for _, c := range list {
		m := map[string]any{"type": c.typ, "ns": c.ns, "title": c.title, "pageid": c.pageid, "revid": c.revid,
			"old_revid": c.oldrev, "rcid": c.rcid, "timestamp": c.ts.Format(time.RFC3339)}
		if c.typ == "log" {
			m["logid"], m["logtype"], m["logaction"] = c.logid, c.logtype, c.logac
			m["logparams"] = params(c.params, fv2)
		}
		out = append(out, m)
	}
	query["recentchanges"] = out
	return cont
}

// changePage lists the entries of list that keep admits, in the order of
// the parameter prefix+"dir" ("newer": oldest first; else newest first)
// by timestamp, then id; from prefix+"start" (RFC 3339) on, after the
// continuation prefix+"continue" ("timestamp|id"), at most prefix+"limit"
// (default 10, at most max). When more remain it returns the
// continuation that resumes at the next entry, as MediaWiki's
// "continue" block.
func changePage(list []change, q url.Values, prefix string, max int, id func(change) int64, keep func(change) bool) ([]change, map[string]string) {
	newer := q.Get(prefix+"dir") == "newer"
	list = append([]change(nil), list...)
	sort.Slice(list, func(i, j int) bool {
		return before(list[i].ts, id(list[i]), list[j].ts, id(list[j]), newer)
	})
	start, _ := time.Parse(time.RFC3339, q.Get(prefix+"start"))
	cts, cid := splitCont(q.Get(prefix + "continue"))
	limit := intParam(q, prefix+"limit", 10, max)
	var out []change
	for _, c := range list {
		if !keep(c) {
			continue
		}
		if !start.IsZero() && (newer && c.ts.Before(start) || !newer && c.ts.After(start)) {
			continue
		}
		if !cts.IsZero() && before(c.ts, id(c), cts, cid, newer) {
			continue
		}
		if len(out) == limit {
			return out, map[string]string{prefix + "continue": fmt.Sprintf("%s|%d", c.ts.Format("20060102150405"), id(c)), "continue": "-||"}
		}
		out = append(out, c)
	}
	return out, nil
}

// splitCont reads a "timestamp|id" continuation.
func splitCont(s string) (time.Time, int64) {
	ts, id, ok := strings.Cut(s, "|")
	if !ok {
		return time.Time{}, 0
	}
	t, _ := time.Parse("20060102150405", ts)
	n, _ := strconv.ParseInt(id, 10, 64)
	return t, n
}

// before reports whether (ts, id) comes before the continuation (cts, cid)
// in the listing's order.
func before(ts time.Time, id int64, cts time.Time, cid int64, newer bool) bool {
	if !ts.Equal(cts) {
		return ts.Before(cts) == newer
	}
	return (id < cid) == newer
}

// params renders log parameters in the formatversion's shape: a false
// boolean is left out of formatversion 1, a true one is "".
func params(p map[string]any, fv2 bool) map[string]any {
	out := map[string]any{}
	for k, v := range p {
		switch v := v.(type) {
		case bool:
			if v {
				out[k] = flag(fv2)
			} else if fv2 {
				out[k] = false
			}
		case map[string]any:
			out[k] = params(v, fv2)
		default:
			out[k] = v
		}
	}
	return out
}
