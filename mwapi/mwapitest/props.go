package mwapitest

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// props answers prop=revisions and prop=langlinks for pageids or revids.
func (w *Wiki) props(q url.Values, query map[string]any, fv2 bool) (map[string]string, error) {
	props := map[string]bool{}
	for _, p := range strings.Split(q.Get("prop"), "|") {
		props[p] = true
	}
	for p := range props {
		if p != "revisions" && p != "langlinks" {
			return nil, fmt.Errorf("unsupported prop %q", p)
		}
	}
	content := strings.Contains("|"+q.Get("rvprop")+"|", "|content|")
	if q.Get("revids") != "" {
		if !props["revisions"] || len(props) > 1 {
			return nil, fmt.Errorf("revids is served with prop=revisions only")
		}
		return w.byRevIDs(q, query, content, fv2)
	}
	ids, err := idList(q.Get("pageids"))
	if err != nil {
		return nil, err
	}
	var missing []map[string]any
	if t := q.Get("titles"); t != "" {
		for _, title := range strings.Split(t, "|") {
			if p := w.byTitle(title); p != nil {
				ids = append(ids, p.id)
			} else {
				m := map[string]any{"ns": nsOf(title), "title": title}
				setFlag(m, "missing", true, fv2)
				missing = append(missing, m)
			}
		}
	}
	single := q.Get("rvlimit") != "" || q.Get("rvstart") != "" || q.Get("rvdir") != "" || q.Get("rvcontinue") != ""
	if single {
		if len(ids) != 1 || !props["revisions"] || len(props) > 1 {
			return nil, fmt.Errorf("rvlimit, rvstart, rvdir and rvcontinue need exactly one page and prop=revisions")
		}
		return w.history(q, query, ids[0], content, fv2)
	}
	var pages []map[string]any
	var cont map[string]string
	revsDone := strings.Contains(q.Get("continue"), "revisions")
	llFrom := q.Get("llcontinue")
	llLeft := intParam(q, "lllimit", 10, w.Limits.LangLinks)
	for _, id := range ids {
		p := w.pages[id]
		if p == nil {
			m := map[string]any{"pageid": id}
			setFlag(m, "missing", true, fv2)
			pages = append(pages, m)
			continue
		}
		m := pageJSON(p)
		if props["revisions"] && !revsDone {
			r := w.revs[p.revs[len(p.revs)-1]]
			m["revisions"] = []any{w.revJSON(r, content, fv2)}
		}
		if props["langlinks"] && cont == nil {
			var links []any
			langs := make([]string, 0, len(p.langlinks))
			for l := range p.langlinks {
				langs = append(langs, l)
			}
			sort.Strings(langs)
			for _, l := range langs {
				key := fmt.Sprintf("%d|%s", p.id, l)
				if llFrom != "" && key < llFrom {
					continue
				}
				if llLeft == 0 {
					cont = map[string]string{"llcontinue": key, "continue": "||revisions"}
					break
				}
				llLeft--
				if fv2 {
					links = append(links, map[string]any{"lang": l, "title": p.langlinks[l]})
				} else {
					links = append(links, map[string]any{"lang": l, "*": p.langlinks[l]})
				}
			}
			if len(links) > 0 {
				m["langlinks"] = links
			}
		}
		pages = append(pages, m)
	}
	query["pages"] = pageSet(append(pages, missing...), fv2)
	return cont, nil
}

func pageJSON(p *page) map[string]any {
	return map[string]any{"pageid": p.id, "ns": p.ns, "title": p.title}
}

// pageSet is query.pages: an array (formatversion 2) or an object keyed
// by page id (1; missing pages by negative numbers when they have none).
func pageSet(pages []map[string]any, fv2 bool) any {
	if fv2 {
		if pages == nil {
			return []any{}
		}
		return pages
	}
	m := map[string]any{}
	for i, p := range pages {
		key := fmt.Sprint(p["pageid"])
		if key == "<nil>" {
			key = strconv.Itoa(-1 - i)
		}
		m[key] = p
	}
	return m
}

func idList(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, "|") {
		if f == "" {
			continue
		}
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("bad id %q", f)
		}
		out = append(out, n)
	}
	if len(out) > 50 {
		return nil, fmt.Errorf("too many values (%d, at most 50)", len(out))
	}
	return out, nil
}

// revJSON is a revision as prop=revisions gives it with rvslots=main.
func (w *Wiki) revJSON(r *rev, content, fv2 bool) map[string]any {
	m := map[string]any{"revid": r.id, "parentid": r.parent, "user": r.user,
		"timestamp": r.ts.Format(time.RFC3339), "comment": r.comment, "size": len(r.text)}
	setFlag(m, "minor", r.minor, fv2)
	if r.textHidden {
		m["sha1hidden"] = flag(fv2)
	} else {
		m["sha1"] = sha1hex(r.text)
	}
	if content {
		slot := map[string]any{"contentmodel": "wikitext", "contentformat": "text/x-wiki"}
		switch {
		case r.textHidden:
			slot["texthidden"] = flag(fv2)
		case fv2:
			slot["content"] = r.text
		default:
			slot["*"] = r.text
		}
		m["slots"] = map[string]any{"main": slot}
	}
	return m
}

// byRevIDs answers revids=…: the revisions grouped by page, at most
// Limits.Content of them with text per reply (MediaWiki's reply size
// limit), the rest through rvcontinue; archived and unknown ids in
// badrevids.
func (w *Wiki) byRevIDs(q url.Values, query map[string]any, content, fv2 bool) (map[string]string, error) {
	ids, err := idList(q.Get("revids"))
	if err != nil {
		return nil, err
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	from, _ := strconv.ParseInt(q.Get("rvcontinue"), 10, 64)
	limit := len(ids)
	if content {
		limit = w.Limits.Content
	}
	byPage := map[int64]map[string]any{}
	var order []int64
	bad := map[string]any{}
	var cont map[string]string
	n := 0
	for _, id := range ids {
		if id < from {
			continue
		}
		r := w.revs[id]
		var p *page
		if r != nil {
			p = w.pages[r.page]
		}
		if p == nil {
			b := map[string]any{"revid": id}
			setFlag(b, "missing", true, fv2)
			bad[strconv.FormatInt(id, 10)] = b
			continue
		}
		if n == limit {
			cont = map[string]string{"rvcontinue": strconv.FormatInt(id, 10), "continue": "||"}
			break
		}
		n++
		pm := byPage[p.id]
		if pm == nil {
			pm = pageJSON(p)
			pm["revisions"] = []any{}
			byPage[p.id] = pm
			order = append(order, p.id)
		}
		pm["revisions"] = append(pm["revisions"].([]any), w.revJSON(r, content, fv2))
	}
	var pages []map[string]any
	for _, id := range order {
		pages = append(pages, byPage[id])
	}
	query["pages"] = pageSet(pages, fv2)
	if len(bad) > 0 {
		query["badrevids"] = bad
	}
	return cont, nil
}

// history answers the mode for one page: its revisions in rvdir order
// from rvstart (a timestamp, included) or rvcontinue (a revision id),
// at most rvlimit (capped at Limits.History, or Limits.Content with
// text) per reply.
func (w *Wiki) history(q url.Values, query map[string]any, id int64, content, fv2 bool) (map[string]string, error) {
	p := w.pages[id]
	if p == nil {
		m := map[string]any{"pageid": id}
		setFlag(m, "missing", true, fv2)
		query["pages"] = pageSet([]map[string]any{m}, fv2)
		return nil, nil
	}
	max := w.Limits.History
	if content {
		max = w.Limits.Content
	}
	limit := intParam(q, "rvlimit", 10, max)
	revs := append([]int64(nil), p.revs...)
	newer := q.Get("rvdir") == "newer"
	if !newer {
		sort.Slice(revs, func(i, j int) bool { return revs[i] > revs[j] })
	}
	var start time.Time
	if s := q.Get("rvstart"); s != "" {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return nil, fmt.Errorf("bad rvstart %q", s)
		}
		start = t
	}
	from, _ := strconv.ParseInt(q.Get("rvcontinue"), 10, 64)
	var out []any
	var cont map[string]string
	for _, rid := range revs {
		r := w.revs[rid]
		if !start.IsZero() && (newer && r.ts.Before(start) || !newer && r.ts.After(start)) {
			continue
		}
		if from != 0 && (newer && rid < from || !newer && rid > from) {
			continue
		}
		if len(out) == limit {
			cont = map[string]string{"rvcontinue": strconv.FormatInt(rid, 10), "continue": "||"}
			break
		}
		out = append(out, w.revJSON(r, content, fv2))
	}
	m := pageJSON(p)
	m["revisions"] = out
	query["pages"] = pageSet([]map[string]any{m}, fv2)
	return cont, nil
}
