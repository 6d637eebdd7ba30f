package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/wikirules/wikirules"
	"github.com/wikirules/wikirules/engine"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Limits on what a client may send. Anything beyond them is answered with
// a 4xx status, never processed.
const (
	MaxBodyBytes   = 64 << 10 // request bodies (ask, resolve)
	MaxHeaderBytes = 16 << 10 // request headers
	MaxQueryBytes  = 1000     // a search text or question
	MaxTitleBytes  = 300      // a page title in a path
	MaxResults     = 100      // results per search
	defaultResults = 20       // results per search when n is not given
	requestTimeout = 15 * time.Second
)

// Judge answers questions and resolves situations; *engine.Engine
// satisfies it.
type Judge interface {
	Ask(ctx context.Context, question string, opt engine.Options) (*engine.Answer, error)
	Resolve(ctx context.Context, s engine.Situation, opt engine.Options) (*engine.Resolution, error)
}

// Deps are what the server is given: the knowledge base, the judge engine
// and the searcher (nil: Store.SearchText). Logger receives internal
// errors and recovered panics (nil: the standard logger). Immutable says
// the knowledge base lies on read-only media (shown on the home page).
// Twins knows the pages' twins in the other language (nil: none).
type Deps struct {
	Store     wikirules.Store
	Judge     Judge
	Search    wikirules.Searcher
	Twins     Twins
	Logger    *log.Logger
	Immutable bool
}

// Server serves the pages and the JSON API over its Deps, which Swap
// replaces while it runs (the knowledge base changed). It is an
// http.Handler and safe for concurrent use.
type Server struct {
	cur    atomic.Pointer[state]
	logger *log.Logger
	mux    *http.ServeMux
}

// New returns a server over d. It fails when d has no Store or no Judge,
// when an embedded template does not parse, or when the store cannot list
// its pages.
func New(d Deps) (*Server, error) {
	if d.Logger == nil {
		d.Logger = log.Default()
	}
	s := &Server{logger: d.Logger, mux: http.NewServeMux()}
	st, err := newState(context.Background(), d)
	if err != nil {
		return nil, err
	}
	s.cur.Store(st)
	s.routes()
	return s, nil
}

// Swap makes the server answer from d from now on and returns once no
// request is using the previous Deps any more (requests end within
// requestTimeout), so that the caller may close them. On an error (d has
// no Store, its pages cannot be listed) the server keeps its Deps.
func (s *Server) Swap(ctx context.Context, d Deps) error {
	if d.Logger == nil {
		d.Logger = s.logger
	}
	st, err := newState(ctx, d)
	if err != nil {
		return err
	}
	old := s.cur.Swap(st)
	old.retire()
	return nil
}

// acquire returns the current state, held until release: Swap waits for
// it.
func (s *Server) acquire() *state {
	for {
		st := s.cur.Load()
		st.mu.RLock()
		if !st.retired {
			return st
		}
		st.mu.RUnlock()
	}
}

// NewHTTPServer returns an http.Server for h on addr with the timeouts and
// header limit a server on a table's Wi-Fi needs: 5 s to read headers,
// 10 s to read a request, 30 s to write a response, 60 s idle.
func NewHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

func (s *Server) routes() {
	m := s.mux
	m.Handle("GET /static/", http.StripPrefix("/static/", assetHandler()))
	m.HandleFunc("GET /favicon.ico", serveFavicon)
	m.HandleFunc("GET /{$}", s.html((*rq).home))
	m.HandleFunc("GET /search", s.html((*rq).searchPage))
	m.HandleFunc("GET /page/{title...}", s.html((*rq).pagePage))
	m.HandleFunc("GET /faq", s.html((*rq).faqPage))
	m.HandleFunc("GET /history/{title...}", s.html((*rq).historyPage))
	m.HandleFunc("GET /diff/{title...}", s.html((*rq).diffPage))
	m.HandleFunc("GET /ask", s.html((*rq).askPage))
	m.HandleFunc("GET /resolve", s.html((*rq).resolvePage))
	m.HandleFunc("POST /resolve", s.html((*rq).resolvePage))
	m.HandleFunc("GET /api/search", s.api((*rq).apiSearch))
	m.HandleFunc("GET /api/page/{title...}", s.api((*rq).apiPage))
	m.HandleFunc("GET /api/faq", s.api((*rq).apiFAQ))
	m.HandleFunc("GET /api/history/{title...}", s.api((*rq).apiHistory))
	m.HandleFunc("GET /api/diff/{title...}", s.api((*rq).apiDiff))
	m.HandleFunc("POST /api/ask", s.api((*rq).apiAsk))
	m.HandleFunc("POST /api/resolve", s.api((*rq).apiResolve))
	m.HandleFunc("/api/", s.api(notFound))
	m.HandleFunc("/", s.html(notFound))
}

// postOnly are the routes that take only POST.
var postOnly = map[string]bool{"/api/ask": true, "/api/resolve": true}

// notFound answers what no route matched: 405 (with Allow) for a method a
// path does not take, else 404.
func notFound(q *rq) error {
	w, r := q.w, q.r
	switch {
	case postOnly[r.URL.Path] && r.Method != http.MethodPost:
		w.Header().Set("Allow", "POST")
		return &httpError{http.StatusMethodNotAllowed, fmt.Sprintf("%s takes POST with a JSON body", r.URL.Path)}
	case r.Method != http.MethodGet && r.Method != http.MethodHead && !postOnly[r.URL.Path]:
		w.Header().Set("Allow", "GET, HEAD")
		return &httpError{http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed here", r.Method)}
	}
	return &httpError{http.StatusNotFound, "nothing at " + truncate(r.URL.Path, 200)}
}

// ServeHTTP serves one request: security headers, a body limit, a deadline
// and panic recovery around the routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "+
		"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	}
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.logger.Printf("web: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			http.Error(w, "internal error", http.StatusInternalServerError)
		}
	}()
	s.mux.ServeHTTP(w, r.WithContext(ctx))
}

// httpError is an error with the HTTP status to answer it with.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

// badRequest returns a 400 error with a formatted message.
func badRequest(format string, a ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, a...)}
}

// statusOf maps an error to its HTTP status and the message a client may
// see: httpError keeps its own, store errors wrapping ErrNotFound are 404,
// a request body over MaxBodyBytes is 413, a cancelled or timed-out request
// 503, anything else 500 with a generic message (the details are logged).
func (s *Server) statusOf(r *http.Request, err error) (int, string) {
	var he *httpError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &he):
		return he.status, he.msg
	case errors.As(err, &mb):
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", mb.Limit)
	case errors.Is(err, wikirules.ErrNotFound):
		return http.StatusNotFound, err.Error()
	case errors.Is(err, wikirules.ErrAmbiguous):
		return http.StatusBadRequest, err.Error()
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return http.StatusServiceUnavailable, "the request took too long or was cancelled"
	}
	s.logger.Printf("web: %s %s: %v", r.Method, r.URL.Path, err)
	return http.StatusInternalServerError, "internal error (logged on the server)"
}

// writeJSON writes v as indented JSON (HTML characters not escaped, as the
// CLI prints them) with status code.
func writeJSON(w http.ResponseWriter, code int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
