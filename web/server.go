package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log"
	"net/http"
	"runtime/debug"
	"strings"
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
// errors and recovered panics (nil: the standard logger).
type Deps struct {
	Store  wikirules.Store
	Judge  Judge
	Search wikirules.Searcher
	Logger *log.Logger
}

// Server serves the pages and the JSON API over its Deps. It is an
// http.Handler and safe for concurrent use.
type Server struct {
	deps  Deps
	pages map[string]*template.Template
	mux   *http.ServeMux
}

// New returns a server over d. It fails when d has no Store or no Judge,
// or when an embedded template does not parse.
func New(d Deps) (*Server, error) {
	if d.Store == nil || d.Judge == nil {
		return nil, errors.New("web: New needs a Store and a Judge")
	}
	if d.Search == nil {
		d.Search = d.Store
	}
	if d.Logger == nil {
		d.Logger = log.Default()
	}
	s := &Server{deps: d, mux: http.NewServeMux()}
	if err := s.parseTemplates(); err != nil {
		return nil, err
	}
	s.routes()
	return s, nil
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
	static, _ := fs.Sub(staticFS, "static")
	m.Handle("GET /static/", http.StripPrefix("/static/", cacheFor(http.FileServerFS(static), time.Hour)))
	m.HandleFunc("GET /{$}", s.html(s.home))
	m.HandleFunc("GET /search", s.html(s.searchPage))
	m.HandleFunc("GET /page/{title...}", s.html(s.pagePage))
	m.HandleFunc("GET /faq", s.html(s.faqPage))
	m.HandleFunc("GET /history/{title...}", s.html(s.historyPage))
	m.HandleFunc("GET /diff/{title...}", s.html(s.diffPage))
	m.HandleFunc("GET /ask", s.html(s.askPage))
	m.HandleFunc("GET /resolve", s.html(s.resolvePage))
	m.HandleFunc("POST /resolve", s.html(s.resolvePage))
	m.HandleFunc("GET /api/search", s.api(s.apiSearch))
	m.HandleFunc("GET /api/page/{title...}", s.api(s.apiPage))
	m.HandleFunc("GET /api/faq", s.api(s.apiFAQ))
	m.HandleFunc("GET /api/history/{title...}", s.api(s.apiHistory))
	m.HandleFunc("GET /api/diff/{title...}", s.api(s.apiDiff))
	m.HandleFunc("POST /api/ask", s.api(s.apiAsk))
	m.HandleFunc("POST /api/resolve", s.api(s.apiResolve))
	m.HandleFunc("/api/", s.api(notFound))
	m.HandleFunc("/", s.html(notFound))
}

// postOnly are the routes that take only POST.
var postOnly = map[string]bool{"/api/ask": true, "/api/resolve": true}

// notFound answers what no route matched: 405 (with Allow) for a method a
// path does not take, else 404.
func notFound(w http.ResponseWriter, r *http.Request) error {
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
			s.deps.Logger.Printf("web: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
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
	s.deps.Logger.Printf("web: %s %s: %v", r.Method, r.URL.Path, err)
	return http.StatusInternalServerError, "internal error (logged on the server)"
}

// handler is a route that may fail; the wrappers turn its error into a
// response.
type handler func(w http.ResponseWriter, r *http.Request) error

// api wraps a JSON route: errors become {"error": msg, "status": code}.
func (s *Server) api(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			code, msg := s.statusOf(r, err)
			writeJSON(w, code, map[string]any{"error": msg, "status": code})
		}
	}
}

// html wraps an HTML route: errors become the error page.
func (s *Server) html(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			code, msg := s.statusOf(r, err)
			q := r.URL.Query().Get("q")
			if q == "" && code == http.StatusNotFound {
				q = r.PathValue("title") // an unknown page: offer to search for it
			}
			s.render(w, r, code, "error", &errorView{Status: code, StatusText: http.StatusText(code), Message: msg,
				Query: truncate(strings.ToValidUTF8(q, ""), 200)})
		}
	}
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

// cacheFor sets a Cache-Control max-age on h's responses.
func cacheFor(h http.Handler, d time.Duration) http.Handler {
	v := fmt.Sprintf("public, max-age=%d", int(d.Seconds()))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", v)
		h.ServeHTTP(w, r)
	})
}

// errorView is what the error page shows.
type errorView struct {
	Status     int
	StatusText string
	Message    string
	Query      string
}
