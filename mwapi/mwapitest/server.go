package mwapitest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// FaultKind is a failure the server answers a request with instead of
// its data.
type FaultKind int

// Faults a server can be told to make (Inject).
const (
	MaxLag      FaultKind = iota + 1 // a maxlag error (HTTP 200, Retry-After, X-Database-Lag)
	TooMany                          // HTTP 429 with Retry-After
	Unavailable                      // HTTP 503 with Retry-After
	ServerError                      // HTTP 500
	Truncated                        // the reply's JSON cut in the middle (HTTP 200)
)

// Fault is one failure to make: Kind, for the first request Match
// accepts (nil: the next request), with RetryAfter seconds where the
// kind sends the header.
type Fault struct {
	Kind       FaultKind
	Match      func(url.Values) bool
	RetryAfter int
}

// Inject queues faults; each is made once, for the first request it
// matches.
func (w *Wiki) Inject(faults ...Fault) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.faults = append(w.faults, faults...)
}

// Request is one request the server received: its parameters, whether it
// asked for gzip and the User-Agent it sent, and the fault it got (0:
// none).
type Request struct {
	Params    url.Values
	Gzip      bool
	UserAgent string
	Fault     FaultKind
}

// Content reports whether the request asked for revision text.
func (r Request) Content() bool {
	return strings.Contains("|"+r.Params.Get("rvprop")+"|", "|content|")
}

// Requests returns the requests received so far and forgets them.
func (w *Wiki) Requests() []Request {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.log
	w.log = nil
	return out
}

// ServeHTTP answers an api.php request.
func (w *Wiki) ServeHTTP(rw http.ResponseWriter, req *http.Request) {
	w.mu.Lock()
	defer w.mu.Unlock()
	q := req.URL.Query()
	gz := strings.Contains(req.Header.Get("Accept-Encoding"), "gzip")
	entry := Request{Params: q, Gzip: gz, UserAgent: req.Header.Get("User-Agent")}
	for i, f := range w.faults {
		if f.Match == nil || f.Match(q) {
			w.faults = append(w.faults[:i], w.faults[i+1:]...)
			entry.Fault = f.Kind
			w.log = append(w.log, entry)
			w.fault(rw, f, q, gz)
			return
		}
	}
	w.log = append(w.log, entry)
	fv2 := q.Get("formatversion") == "2" && !w.FormatVersion1
	var body any
	var err error
	if q.Get("action") != "query" {
		err = fmt.Errorf("unsupported action %q", q.Get("action"))
	} else {
		body, err = w.query(q, fv2)
	}
	if err != nil {
		body = map[string]any{"error": map[string]any{"code": "badvalue", "info": err.Error()}}
	}
	b, _ := json.Marshal(body)
	write(rw, http.StatusOK, b, gz)
}

// write sends b with status, gzip-compressed when the client asked.
func write(rw http.ResponseWriter, status int, b []byte, gz bool) {
	rw.Header().Set("Content-Type", "application/json; charset=utf-8")
	if gz {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		b = buf.Bytes()
		rw.Header().Set("Content-Encoding", "gzip")
	}
	rw.WriteHeader(status)
	rw.Write(b)
}

func (w *Wiki) fault(rw http.ResponseWriter, f Fault, q url.Values, gz bool) {
	ra := strconv.Itoa(f.RetryAfter)
	switch f.Kind {
	case MaxLag:
		rw.Header().Set("Retry-After", ra)
		rw.Header().Set("X-Database-Lag", "7")
		b, _ := json.Marshal(map[string]any{"error": map[string]any{"code": "maxlag",
			"info": "Waiting for a database server: 7 seconds lagged.", "host": "db1", "lag": 7, "type": "db"}})
		write(rw, http.StatusOK, b, gz)
	case TooMany, Unavailable:
		rw.Header().Set("Retry-After", ra)
		status := http.StatusTooManyRequests
		if f.Kind == Unavailable {
			status = http.StatusServiceUnavailable
		}
		write(rw, status, []byte("<html><body>slow down</body></html>"), false)
	case ServerError:
		write(rw, http.StatusInternalServerError, []byte("<html><body>Internal error</body></html>"), false)
	case Truncated:
		fv2 := q.Get("formatversion") == "2" && !w.FormatVersion1
		body, err := w.query(q, fv2)
		if err != nil {
			body = map[string]any{"error": err.Error()}
		}
		b, _ := json.Marshal(body)
		write(rw, http.StatusOK, b[:len(b)/2], gz)
	}
}

// flag is a true flag in formatversion 1 ("") or 2 (true).
func flag(fv2 bool) any {
	if fv2 {
		return true
	}
	return ""
}

// setFlag sets m[k] when v, in the formatversion's shape; formatversion
// 2 also says false.
func setFlag(m map[string]any, k string, v, fv2 bool) {
	if v {
		m[k] = flag(fv2)
	} else if fv2 {
		m[k] = false
	}
}

func (w *Wiki) query(q url.Values, fv2 bool) (any, error) {
	query := map[string]any{}
	out := map[string]any{}
	var cont map[string]string
	if strings.Contains(q.Get("meta"), "siteinfo") {
		w.siteinfo(query, fv2)
	}
	switch q.Get("list") {
	case "":
	case "allpages":
		cont = w.allPages(q, query)
	case "recentchanges":
		cont = w.recentChanges(q, query, fv2)
	default:
		return nil, fmt.Errorf("unsupported list %q", q.Get("list"))
	}
	if prop := q.Get("prop"); prop != "" {
		c, err := w.props(q, query, fv2)
		if err != nil {
			return nil, err
		}
		cont = c
	}
	if len(cont) > 0 {
		m := map[string]any{}
		for k, v := range cont {
			m[k] = v
		}
		out["continue"] = m
	} else {
		out["batchcomplete"] = flag(fv2)
	}
	out["query"] = query
	return out, nil
}

func (w *Wiki) siteinfo(query map[string]any, fv2 bool) {
	query["general"] = map[string]any{"sitename": w.SiteName, "lang": w.Lang, "wikiid": w.WikiID,
		"generator": "MediaWiki 1.39.3", "server": "//wiki.test", "scriptpath": "/w", "articlepath": "/wiki/$1",
		"time": w.now.Format(time.RFC3339)}
	names := map[int]string{0: "", 1: "Talk", 2: "User", 4: "Project", 6: "File", 8: "MediaWiki", 10: "Template",
		12: "Help", 14: "Category"}
	if w.Lang == "es" {
		names = map[int]string{0: "", 1: "Discusión", 2: "Usuario", 4: "Proyecto", 6: "Archivo", 8: "MediaWiki",
			10: "Plantilla", 12: "Ayuda", 14: "Categoría"}
	}
	canonical := map[int]string{1: "Talk", 2: "User", 4: "Project", 6: "File", 8: "MediaWiki", 10: "Template",
		12: "Help", 14: "Category"}
	ns := map[string]any{}
	for id, name := range names {
		m := map[string]any{"id": id, "case": "first-letter"}
		if c := canonical[id]; c != "" {
			m["canonical"] = c
		}
		setFlag(m, "content", id == 0, fv2)
		if fv2 {
			m["name"] = name
		} else {
			m["*"] = name
		}
		ns[strconv.Itoa(id)] = m
	}
	query["namespaces"] = ns
}

// intParam reads a limit parameter ("max" or a number) capped at max.
func intParam(q url.Values, key string, def, max int) int {
	v := q.Get(key)
	if v == "" {
		return min(def, max)
	}
	if v == "max" {
		return max
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return min(def, max)
	}
	return min(n, max)
}

func (w *Wiki) allPages(q url.Values, query map[string]any) map[string]string {
	ns, _ := strconv.Atoi(q.Get("apnamespace"))
	var list []*page
	for _, p := range w.pages {
		if p.ns == ns {
			list = append(list, p)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].title < list[j].title })
	from := q.Get("apcontinue")
	limit := intParam(q, "aplimit", 10, w.Limits.AllPages)
	out := []any{}
	for _, p := range list {
		if from != "" && p.title < from {
			continue
		}
		if len(out) == limit {
			query["allpages"] = out
			return map[string]string{"apcontinue": p.title, "continue": "-||"}
		}
		out = append(out, map[string]any{"pageid": p.id, "ns": p.ns, "title": p.title})
	}
	query["allpages"] = out
	return nil
}
