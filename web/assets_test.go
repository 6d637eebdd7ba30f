package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestStaticAssets checks that the stylesheet comes gzip-compressed to a
// client that accepts it, with an ETag and a year's cache for its
// versioned URL, that a revalidation is a 304, and that /favicon.ico is
// the PNG icon.
func TestStaticAssets(t *testing.T) {
	ts, _ := newTestServer(t)
	doc := getDoc(t, ts, "/", 200)
	css := doc.Find(`link[rel=stylesheet]`).AttrOr("href", "")
	if !strings.HasPrefix(css, "/static/style.css?v=") {
		t.Fatalf("stylesheet link %q, want a versioned /static/style.css", css)
	}
	req, _ := http.NewRequest("GET", ts.URL+css, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Cache-Control"), "max-age=31536000") {
		t.Errorf("%s: Content-Encoding %q, Cache-Control %q; want gzip and a year", css, res.Header.Get("Content-Encoding"), res.Header.Get("Cache-Control"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if !strings.Contains(string(body), "prefers-color-scheme: dark") {
		t.Errorf("the gzipped stylesheet does not decompress to the stylesheet")
	}
	req, _ = http.NewRequest("GET", ts.URL+css, nil)
	req.Header.Set("If-None-Match", res.Header.Get("ETag"))
	res2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if res2.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation with the ETag: status %d, want 304", res2.StatusCode)
	}
	res3, err := http.Get(ts.URL + "/favicon.ico")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res3.Body)
	res3.Body.Close()
	if res3.StatusCode != 200 || res3.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(string(b), "\x89PNG") {
		t.Errorf("/favicon.ico: status %d, type %q", res3.StatusCode, res3.Header.Get("Content-Type"))
	}
}

func TestAcceptLanguage(t *testing.T) {
	for h, want := range map[string]string{
		"es-ES,es;q=0.9,en;q=0.8": "es", "en-GB,en;q=0.9,es;q=0.5": "en", "fr-FR,fr;q=0.9,en;q=0.4": "en",
		"de": "", "": "", "es;q=0.2, en;q=0.7": "en", "en;q=0, es": "es",
	} {
		if got := acceptLanguage(h); got != want {
			t.Errorf("acceptLanguage(%q) = %q, want %q", h, got, want)
		}
	}
}

// TestSplitWithdrawn reads the versions of withdrawn FAQ entries as the
// English wiki renders them (corpus/wiki-pages, en_Isolated-redirect).
func TestSplitWithdrawn(t *testing.T) {
	for _, tc := range []struct{ in, published, withdrawn string }{
		{"Removed in 1.3, Nov 2022 1.0, Jan 2021", "1.0, Jan 2021", "1.3, Nov 2022"},
		{"1.0, enero 2021", "1.0, enero 2021", ""},
		{"Eliminada en 1.2, marzo 2022", "", "1.2, marzo 2022"},
	} {
		p, w := splitWithdrawn(tc.in)
		if p != tc.published || w != tc.withdrawn {
			t.Errorf("splitWithdrawn(%q) = %q, %q; want %q, %q", tc.in, p, w, tc.published, tc.withdrawn)
		}
	}
}

// TestLabelsInOneLanguage renders every page in each label language and
// checks that no command-line text reaches it.
func TestLabelsInOneLanguage(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, lang := range []string{"es", "en"} {
		for _, p := range []string{"/", "/search?q=esquivar", "/page/Esquivar", "/faq", "/history/GizmoKit", "/diff/GizmoKit",
			"/ask?q=%C2%BFSe+puede+declarar+Berserk+estando+trabado%3F", "/page/LDT", "/resolve"} {
			req, _ := http.NewRequest("GET", ts.URL+p, nil)
			req.Header.Set("Accept-Language", lang)
			_, b := send(t, req)
			s := string(b)
			for _, bad := range []string{"-edition", "why:", "kb: ", "not found in the knowledge base", "(no edition given"} {
				if strings.Contains(s, bad) {
					t.Errorf("%s in %s shows %q", p, lang, bad)
				}
			}
			if !strings.Contains(s, `<html lang="`+lang+`">`) {
				t.Errorf("%s with Accept-Language %s is not labelled %s", p, lang, lang)
			}
		}
	}
}
