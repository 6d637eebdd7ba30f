package web

import (
	"io"
	"log"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/wikirules/wikirules/engine"
)

// BenchmarkHandlers serves the search page, /api/search and the Berserk
// page in process (no network) over the sample corpus with the search
// cache on, as `query serve` runs: the cost of the web layer itself.
//
//	go test ./web -run '^$' -bench Handlers -benchmem
func BenchmarkHandlers(b *testing.B) {
	db := testDB(b)
	search := NewCachedSearcher(db, NewCache(64<<20), "bench")
	srv, err := New(Deps{Store: db, Judge: engine.New(db, search), Search: search, Logger: log.New(io.Discard, "", 0)})
	if err != nil {
		b.Fatal(err)
	}
	for _, path := range []string{
		"/search?q=" + url.QueryEscape("berserk trabado"),
		"/api/search?q=" + url.QueryEscape("berserk trabado"),
		"/page/Berserk",
	} {
		b.Run(path, func(b *testing.B) {
			for b.Loop() {
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
				if rec.Code != 200 {
					b.Fatalf("%s: status %d", path, rec.Code)
				}
			}
		})
	}
}
