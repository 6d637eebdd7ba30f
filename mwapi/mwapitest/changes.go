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
// names, from rcstart in rcdir order (timestamp, then rcid), at most
// rclimit, continued by rccontinue ("timestamp|rcid").
func (w *Wiki) recentChanges(q url.Values, query map[string]any, fv2 bool) map[string]string {
	types := map[string]bool{}
	for _, t := range strings.Split(q.Get("rctype"), "|") {
		types[t] = true
	}
	newer := q.Get("rcdir") == "newer"
	list := append([]change(nil), w.rc...)
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if !a.ts.Equal(b.ts) {
			return a.ts.Before(b.ts) == newer
		}
		return (a.rcid < b.rcid) == newer
	})
	start, _ := time.Parse(time.RFC3339, q.Get("rcstart"))
	cts, cid := splitCont(q.Get("rccontinue"))
	limit := intParam(q, "rclimit", 10, w.Limits.Changes)
	out := []any{}
	for _, c := range list {
		if len(types) > 0 && q.Get("rctype") != "" && !types[c.typ] {
			continue
		}
		if !start.IsZero() && (newer && c.ts.Before(start) || !newer && c.ts.After(start)) {
			continue
		}
		if !cts.IsZero() && before(c.ts, c.rcid, cts, cid, newer) {
			continue
		}
		if len(out) == limit {
			query["recentchanges"] = out
			return map[string]string{"rccontinue": fmt.Sprintf("%s|%d", c.ts.Format("20060102150405"), c.rcid), "continue": "-||"}
		}
		m := map[string]any{"type": c.typ, "ns": c.ns, "title": c.title, "pageid": c.pageid, "revid": c.revid,
			"old_revid": c.oldrev, "rcid": c.rcid, "timestamp": c.ts.Format(time.RFC3339)}
		if c.typ == "log" {
			m["logid"], m["logtype"], m["logaction"] = c.logid, c.logtype, c.logac
			m["logparams"] = params(c.params, fv2)
		}
		out = append(out, m)
	}
	query["recentchanges"] = out
	return nil
}

// logEvents answers list=logevents: entries of letype from lestart in
// ledir order, at most lelimit, continued by lecontinue.
func (w *Wiki) logEvents(q url.Values, query map[string]any, fv2 bool) map[string]string {
	newer := q.Get("ledir") == "newer"
	list := append([]change(nil), w.logs...)
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if !a.ts.Equal(b.ts) {
			return a.ts.Before(b.ts) == newer
		}
		return (a.logid < b.logid) == newer
	})
	start, _ := time.Parse(time.RFC3339, q.Get("lestart"))
	cts, cid := splitCont(q.Get("lecontinue"))
	limit := intParam(q, "lelimit", 10, w.Limits.LogEvents)
	out := []any{}
	for _, c := range list {
		if t := q.Get("letype"); t != "" && c.logtype != t {
			continue
		}
		if !start.IsZero() && (newer && c.ts.Before(start) || !newer && c.ts.After(start)) {
			continue
		}
		if !cts.IsZero() && before(c.ts, c.logid, cts, cid, newer) {
			continue
		}
		if len(out) == limit {
			query["logevents"] = out
			return map[string]string{"lecontinue": fmt.Sprintf("%s|%d", c.ts.Format("20060102150405"), c.logid), "continue": "-||"}
		}
		out = append(out, map[string]any{"logid": c.logid, "ns": c.ns, "title": c.title, "pageid": c.pageid,
			"timestamp": c.ts.Format(time.RFC3339), "type": c.logtype, "action": c.logac, "params": params(c.params, fv2)})
	}
	query["logevents"] = out
	return nil
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
