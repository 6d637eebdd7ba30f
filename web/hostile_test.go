package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// checkInert fails the test when a document holds anything a browser
// would run or load from the wiki text (see inertProblems).
func checkInert(t *testing.T, where string, doc *goquery.Document) {
	t.Helper()
	for _, p := range inertProblems(doc) {
		t.Errorf("%s: %s", where, p)
	}
}

// inertProblems lists what in doc a browser would run or load: a script
// other than the server's own, an event-handler attribute, a javascript:,
// vbscript: or data: URL, or an element that loads or embeds content.
func inertProblems(doc *goquery.Document) []string {
	var out []string
	doc.Find("script").Each(func(_ int, s *goquery.Selection) {
		if src := s.AttrOr("src", ""); !strings.HasPrefix(src, "/static/app.js") {
			out = append(out, fmt.Sprintf("a <script>: %q", textOf(s)))
		}
	})
	doc.Find("iframe, object, embed, svg, img, frame, base, meta[http-equiv]").Each(func(_ int, s *goquery.Selection) {
		out = append(out, fmt.Sprintf("a <%s> element", goquery.NodeName(s)))
	})
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			v := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
			if strings.HasPrefix(strings.ToLower(a.Key), "on") {
				out = append(out, fmt.Sprintf("<%s %s=%q>: an event handler", goquery.NodeName(s), a.Key, a.Val))
			}
			if (a.Key == "href" || a.Key == "src" || a.Key == "action" || a.Key == "formaction") &&
				(strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "vbscript:") || strings.HasPrefix(v, "data:")) {
				out = append(out, fmt.Sprintf("<%s %s=%q>: a dangerous URL", goquery.NodeName(s), a.Key, a.Val))
			}
		}
	})
	return out
}

// TestInertProblemsCatches checks the checker on the markup the hostile
// revision holds, as it would look unescaped.
func TestInertProblemsCatches(t *testing.T) {
	for _, h := range []string{
		`<p><script>alert(1)</script></p>`,
		`<img src=x onerror=alert(1)>`,
		`<a href=" JavaScript:alert(1)">x</a>`,
		`<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>`,
		`<b onmouseover=alert(3)>x</b>`,
		`<svg onload=alert(12)>`,
		`<iframe src="https://example.invalid/"></iframe>`,
	} {
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(h))
		if err != nil {
			t.Fatal(err)
		}
		if len(inertProblems(doc)) == 0 {
			t.Errorf("inertProblems(%q) found nothing", h)
		}
	}
	doc, _ := goquery.NewDocumentFromReader(strings.NewReader(`<script src="/static/app.js"></script><p>&lt;script&gt;alert(1)&lt;/script&gt; <a href="/page/Berserk">B</a></p>`))
	if p := inertProblems(doc); len(p) != 0 {
		t.Errorf("escaped text flagged: %v", p)
	}
}

func TestHostileRevisionRendersInert(t *testing.T) {
	ts, _ := newTestServer(t)
	paths := []string{
		"/page/Hostil",
		"/page/Hostil?history=1&edition=n4",
		"/search?q=regla+hostil",
		"/search?q=alert",
		"/faq?q=seguro",
		"/history/Hostil",
		"/diff/Hostil",
		"/ask?q=" + url.QueryEscape("¿Es seguro el texto hostil?"),
	}
	for _, p := range paths {
		doc := getDoc(t, ts, p, 200)
		checkInert(t, p, doc)
	}
	doc := getDoc(t, ts, "/page/Hostil", 200)
	// The text is still there, as text: a judge sees what the wiki says.
	if got := textOf(doc.Find(".note")); !strings.Contains(got, "<script>alert(10)</script> nota") {
		t.Errorf("seefaq note shown as %q, want its text escaped", got)
	}
	if got := textOf(doc.Find("section.skill h2")); !strings.Contains(got, "<script>") {
		t.Errorf("skill header shown as %q, want the markup escaped as text", got)
	}
	// The links' words survive without their destinations.
	if got := textOf(doc.Find(".rec").Eq(1).Find(".text")); got != "Segunda regla pulsa y otro y codificado." {
		t.Errorf("second rule shown as %q", got)
	}
	if n := doc.Find(`a[href*="example.invalid"]`).Length(); n != 0 {
		t.Errorf("the image's URL is linked %d times", n)
	}
}

func TestSecurityHeaders(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, p := range []string{"/", "/api/search?q=berserk", "/page/NoExiste"} {
		res, err := http.Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", p, csp)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no X-Content-Type-Options: nosniff", p)
		}
	}
}

func TestOddQueries(t *testing.T) {
	ts, logs := newTestServer(t)
	odd := []string{
		`"`, `*`, `NEAR(berserk trabado)`, `)(`, `-berserk`, `AND OR NOT`, "\x00berserk",
		"\xff\xfe berserk", "🙂 esquivar", `<script>alert(1)</script>`, `' OR 1=1 --`, `{{faqbox|q=}}`,
		`berserk^2 title:esquivar`, strings.Repeat("a", 900), strings.Repeat("berserk ", 120),
		strings.Repeat("ñ", 400), `%`, `\`, "berserk\ttrabado\r\n",
	}
	for _, q := range odd {
		for _, path := range []string{"/search", "/faq", "/ask"} {
			doc := getDoc(t, ts, path+"?q="+url.QueryEscape(q), 200)
			checkInert(t, path+" "+truncate(q, 20), doc)
		}
		var out struct {
			Query   string `json:"query"`
			Results []any  `json:"results"`
		}
		getJSON(t, ts, "/api/search?q="+url.QueryEscape(q), 200, &out)
		if out.Results == nil {
			t.Errorf("/api/search %q: results is null, want a list", truncate(q, 20))
		}
		postJSON(t, ts, "/api/ask", `{"question": `+jsonString(q)+`}`, 200, &map[string]any{})
	}
	doc := getDoc(t, ts, "/search?q="+url.QueryEscape(`<script>alert(1)</script>`), 200)
	if got := doc.Find(".topsearch input[name=q]").AttrOr("value", ""); got != `<script>alert(1)</script>` {
		t.Errorf("the search box echoes %q", got)
	}
	if logs.Len() > 0 {
		t.Errorf("internal errors logged:\n%s", logs)
	}
}

func jsonString(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r < 0x20:
			b.WriteString(`\u00` + string("0123456789abcdef"[r>>4]) + string("0123456789abcdef"[r&15]))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func TestBadInputIs4xx(t *testing.T) {
	ts, logs := newTestServer(t)
	long := strings.Repeat("x", MaxQueryBytes+1)
	tests := []struct {
		method, path, body string
		want               int
	}{
		{"GET", "/search?q=" + long, "", 400},
		{"GET", "/api/search?q=" + long, "", 400},
		{"GET", "/ask?q=" + long, "", 400},
		{"GET", "/search?q=berserk&edition=n9", "", 400},
		{"GET", "/api/search?q=berserk&edition=" + url.QueryEscape("<b>"), "", 400},
		{"GET", "/search?q=berserk&as_of=yesterday", "", 400},
		{"GET", "/api/search?q=berserk&n=0", "", 400},
		{"GET", "/api/search?q=berserk&n=abc", "", 400},
		{"GET", "/api/search?q=berserk&n=100000", "", 400},
		{"GET", "/search?q=berserk&kind=bogus", "", 400},
		{"GET", "/search?q=berserk&history=maybe", "", 400},
		{"GET", "/faq?type=rumour", "", 400},
		{"GET", "/page/NoExiste", "", 404},
		{"GET", "/page/" + url.PathEscape("<script>alert(1)</script>"), "", 404},
		{"GET", "/page/" + strings.Repeat("A", MaxTitleBytes+1), "", 400},
		{"GET", "/page/", "", 400},
		{"GET", "/page/%FF%FE", "", 404},
		{"GET", "/page/Berserk?rev=nope", "", 404},
		{"GET", "/page/Berserk?edition=n7", "", 400},
		{"GET", "/api/page/NoExiste", "", 404},
		{"GET", "/history/NoExiste", "", 404},
		{"GET", "/api/history/NoExiste", "", 404},
		{"GET", "/diff/NoExiste", "", 404},
		{"GET", "/api/diff/GizmoKit?from=zzzzzz", "", 404},
		{"GET", "/api/diff/GizmoKit?to=1999-01-01", "", 404},
		{"GET", "/diff/GizmoKit?from=" + strings.Repeat("d", 200), "", 400},
		{"GET", "/no/such/page", "", 404},
		{"GET", "/api/nothing", "", 404},
		{"GET", "/api/ask", "", 405},
		{"GET", "/api/resolve", "", 405},
		{"DELETE", "/page/Berserk", "", 405},
		{"POST", "/api/ask", `{}`, 400},
		{"POST", "/api/ask", `{"question": 7}`, 400},
		{"POST", "/api/ask", `{"question": "berserk", "edition": "n9"}`, 400},
		{"POST", "/api/ask", `{"question": "berserk", "as_of": "mañana"}`, 400},
		{"POST", "/api/ask", `{"question": "` + long + `"}`, 400},
		{"POST", "/api/resolve", ``, 400},
		{"POST", "/api/resolve", `{`, 400},
		{"POST", "/api/resolve", `[]`, 400},
		{"POST", "/api/resolve", `"Mover"`, 400},
		{"POST", "/api/resolve", `{"turn": 5}`, 400},
		{"POST", "/api/resolve", `{"order": "Mover"}`, 400},
		{"POST", "/api/resolve", `{"bogus": true}`, 400},
		{"POST", "/api/resolve", `{"turn": "active"} {"turn": "active"}`, 400},
		{"POST", "/api/resolve", `{"burst": {"base": 1e400}}`, 400},
		{"POST", "/api/resolve", "{\"turn\": \"\xff\"}", 400},
		{"POST", "/api/resolve", `{"turn": "sideways"}`, 400},
		{"GET", "/api/search?q=", "", 400},
		{"GET", "/api/search?q=%20%20", "", 400},
		{"POST", "/api/resolve", `{"turn": "active", "burst": {"base": -3}}`, 400},
		{"POST", "/api/resolve?edition=n9", `{"turn": "active"}`, 400},
		{"POST", "/api/resolve", `{"order": ["` + strings.Repeat("Mover", 20000) + `"]}`, 413},
		{"POST", "/resolve", "situation=" + url.QueryEscape(`{"turn":`), 400},
		{"POST", "/resolve", "situation=" + url.QueryEscape(`{"turn":"active"}`) + "&edition=n9", 400},
		{"POST", "/resolve", "situation=", 400},
		{"POST", "/resolve", "situation=" + strings.Repeat("a", MaxBodyBytes+10), 413},
	}
	for _, tc := range tests {
		req, err := http.NewRequest(tc.method, ts.URL+tc.path, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		if tc.method == "POST" {
			ct := "application/json"
			if !strings.HasPrefix(tc.path, "/api/") {
				ct = "application/x-www-form-urlencoded"
			}
			req.Header.Set("Content-Type", ct)
		}
		res, body := send(t, req)
		name := tc.method + " " + truncate(tc.path, 60) + " " + truncate(tc.body, 40)
		if res.StatusCode != tc.want {
			t.Errorf("%s: status %d, want %d\n%s", name, res.StatusCode, tc.want, clipBody(body))
			continue
		}
		if strings.HasPrefix(tc.path, "/api/") && tc.want >= 400 && tc.want != 405 {
			if !bytes.Contains(body, []byte(`"error"`)) || !bytes.Contains(body, []byte(`"status"`)) {
				t.Errorf("%s: error body %q is not {\"error\", \"status\"}", name, clipBody(body))
			}
		}
		if bytes.Contains(body, []byte("<script>alert")) {
			t.Errorf("%s: the response echoes markup unescaped", name)
		}
	}
	if logs.Len() > 0 {
		t.Errorf("internal errors logged:\n%s", logs)
	}
}
