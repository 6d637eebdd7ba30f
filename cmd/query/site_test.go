package main

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var (
	exportOnce sync.Once
	exportTop  string // the directory of exportDir, removed by TestMain
	exportDir  string
	exportErr  error
)

// exportSample exports the embedded sample corpus with query export-site
// into a directory, once for the tests that read the site, and returns it.
func exportSample(t *testing.T) string {
	t.Helper()
	exportOnce.Do(func() {
		top, err := os.MkdirTemp("", "query-site-")
		if err != nil {
			exportErr = err
			return
		}
		exportTop = top
		exportDir = filepath.Join(top, "site")
		var out, errb bytes.Buffer
		if err := Run(context.Background(), []string{"export-site", exportDir}, &out, &errb); err != nil {
			exportErr = fmt.Errorf("query export-site: %v\n%s", err, errb.String())
		} else if !strings.Contains(out.String(), "47 pages") {
			exportErr = fmt.Errorf("export-site said %q", out.String())
		}
	})
	if exportErr != nil {
		t.Fatal(exportErr)
	}
	return exportDir
}

var hrefRE = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// TestExportSiteLinks exports the sample and follows every relative link
// and script of every HTML file: each names a file of the site (and an
// anchor a link names is an id of that file).
func TestExportSiteLinks(t *testing.T) {
	dir := exportSample(t)
	for _, f := range []string{"index.html", "es/index.html", "en/index.html", "es/page/Esquivar.html", "es/page/Esquivar.c1.html",
		"es/faq.html", "es/search.html", "es/history/GizmoKit.html", "search-data.js", "static/minisearch.js", "manifest.webmanifest", "sw.js"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("export lacks %s", f)
		}
	}
	ids := map[string]map[string]bool{}
	idsOf := func(p string) map[string]bool {
		if m, ok := ids[p]; ok {
			return m
		}
		b, _ := os.ReadFile(p)
		m := map[string]bool{}
		for _, x := range regexp.MustCompile(`id="([^"]+)"`).FindAllStringSubmatch(string(b), -1) {
			m[x[1]] = true
		}
		ids[p] = m
		return m
	}
	files, links := 0, 0
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		files++
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range hrefRE.FindAllStringSubmatch(string(b), -1) {
			h := html.UnescapeString(m[1])
			if h == "" || strings.HasPrefix(h, "#") || strings.Contains(h, "://") || strings.HasPrefix(h, "mailto:") {
				continue
			}
			if strings.HasPrefix(h, "/") {
				t.Errorf("%s links %q: an absolute path, which breaks from file://", p, h)
				continue
			}
			u, err := url.Parse(h)
			if err != nil {
				t.Errorf("%s: bad link %q", p, h)
				continue
			}
			target := filepath.Join(filepath.Dir(p), filepath.FromSlash(u.Path))
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s links %q: no such file %s", p, h, target)
				continue
			}
			links++
			if u.Fragment != "" && strings.HasSuffix(target, ".html") && !idsOf(target)[u.Fragment] {
				t.Errorf("%s links %q: %s has no id %q", p, h, target, u.Fragment)
			}
		}
		return nil
	})
	if files < 100 || links < 1000 {
		t.Errorf("checked %d files and %d links, want a whole site", files, links)
	}
}

// TestExportSiteInBrowser opens the exported site from file:// in
// headless Chromium at phone size, searches "esquivar" and "dodge" with
// the one search box, and lands on the Esquivar page from the first
// result each time.
func TestExportSiteInBrowser(t *testing.T) {
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true and no chromium: the browser tests must run in CI (.ci/run installs Debian's chromium)")
		}
		t.Skip("no chromium on PATH (apt-get install chromium); skipped outside CI")
	}
	dir := exportSample(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	actx, acancel := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(390, 844))
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	waitFor := func(step, js string) {
		t.Helper()
		var last error
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			ok, err := chromedp.Run(bctx, chromedp.Evaluate[bool](js))
			if err == nil && ok {
				return
			}
			last = err
		}
		loc, _ := chromedp.Run(bctx, chromedp.Location())
		t.Fatalf("%s: %s still false at %s after 10 s (last error: %v)", step, js, loc, last)
	}
	home := "file://" + filepath.ToSlash(dir) + "/index.html"
	for _, q := range []string{"esquivar", "dodge"} {
		if err := chromedp.Do(bctx, chromedp.Navigate(home)); err != nil {
			t.Fatal(err)
		}
		waitFor("open "+home, `location.pathname.endsWith('/es/index.html') && document.readyState === 'complete' && !!document.querySelector('#q')`)
		if err := chromedp.Do(bctx, chromedp.SendKeys(chromedp.CSS("#q"), q), chromedp.Submit(chromedp.CSS("#q"))); err != nil {
			t.Fatal(err)
		}
		waitFor("search "+q, `location.pathname.endsWith('/search.html') && !!document.querySelector('#static-results a.hit-title')`)
		if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS("#static-results li:first-child a.hit-title"))); err != nil {
			t.Fatal(err)
		}
		waitFor("open the first result of "+q, `location.pathname.endsWith('/es/page/Esquivar.html') && document.readyState === 'complete'`)
		title, err := chromedp.Run(bctx, chromedp.Text(chromedp.CSS("h1")))
		if err != nil || !strings.HasPrefix(strings.TrimSpace(title), "Esquivar") {
			t.Errorf("%s: the first result opened a page headed %q (%v), want Esquivar", q, title, err)
		}
	}
	// The static search says that questions need the server.
	if err := chromedp.Do(bctx, chromedp.Navigate("file://"+filepath.ToSlash(dir)+"/es/search.html?q=trabado")); err != nil {
		t.Fatal(err)
	}
	waitFor("static note", `location.pathname.endsWith('/search.html') && !!document.getElementById('static-note') && document.getElementById('static-note').textContent.includes('servidor')`)
}
