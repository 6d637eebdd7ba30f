package mwapi_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/mwapi"
	"github.com/wikirules/wikirules/mwapi/mwapitest"
)

// sleeper records the waits a Client asks for instead of waiting.
type sleeper struct{ waits []time.Duration }

func (s *sleeper) sleep(ctx context.Context, d time.Duration) error {
	s.waits = append(s.waits, d)
	return ctx.Err()
}

var start = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

// newWiki returns a test wiki with three pages, served on the loopback
// interface, and a Client of it that does not wait for real.
func newWiki(t *testing.T) (*mwapitest.Wiki, *mwapi.Client, *sleeper) {
	t.Helper()
	w := mwapitest.New("Infinity", "es", "infinity_es", start)
	w.Edit("Esquivar", "{{effects}}\n* Uno", "Ana", "primera")
	w.Edit("Esquivar", "{{effects}}\n* Uno\n* Dos", "Ana", "segunda")
	w.Edit("Trabado", "texto", "Bea", "")
	w.Edit("Berserk", "texto B", "Bea", "")
	srv := httptest.NewServer(w)
	t.Cleanup(srv.Close)
	c, err := mwapi.New(srv.URL+"/api.php", "judge@example.org")
	if err != nil {
		t.Fatal(err)
	}
	s := &sleeper{}
	c.Sleep = s.sleep
	return w, c, s
}

func TestPoliteRetries(t *testing.T) {
	w, c, s := newWiki(t)
	ctx := context.Background()
	w.Inject(mwapitest.Fault{Kind: mwapitest.MaxLag, RetryAfter: 5},
		mwapitest.Fault{Kind: mwapitest.TooMany, RetryAfter: 7},
		mwapitest.Fault{Kind: mwapitest.Unavailable, RetryAfter: 3},
		mwapitest.Fault{Kind: mwapitest.ServerError},
		mwapitest.Fault{Kind: mwapitest.Truncated})
	si, err := c.SiteInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if si.Lang != "es" || si.WikiID != "infinity_es" || si.FormatVersion != 2 || len(si.Namespaces) == 0 {
		t.Errorf("siteinfo = %+v", si)
	}
	st := c.Stats()
	if st.Requests != 6 || st.Retries != 5 || st.MaxLagWaits != 1 {
		t.Errorf("stats = %+v, want 6 requests, 5 retries, 1 maxlag wait", st)
	}
	if len(s.waits) != 5 || s.waits[0] != 5*time.Second || s.waits[1] != 7*time.Second || s.waits[2] != 3*time.Second {
		t.Fatalf("waits = %v, want 5s (maxlag), 7s and 3s (Retry-After), then two backoffs", s.waits)
	}
	for i, d := range s.waits[3:] {
		if lo, hi := time.Second/2<<i, 3*time.Second/2<<i; d < lo || d > hi {
			t.Errorf("backoff %d = %s, want within [%s, %s] (1 s doubling, jitter ±50%%)", i, d, lo, hi)
		}
	}
	for _, r := range w.Requests() {
		if !r.Gzip || r.Params.Get("maxlag") != "5" || !strings.Contains(r.UserAgent, "judge@example.org") ||
			!strings.HasPrefix(r.UserAgent, mwapi.Tool) {
			t.Errorf("request %v: gzip %v, maxlag %q, User-Agent %q", r.Params, r.Gzip, r.Params.Get("maxlag"), r.UserAgent)
		}
	}
	if st.Bytes == 0 || st.Decoded <= st.Bytes/2 {
		t.Errorf("bytes %d on the wire, %d decoded", st.Bytes, st.Decoded)
	}
}

func TestRetriesBounded(t *testing.T) {
	w, c, s := newWiki(t)
	for range mwapi.DefaultRetries + 1 {
		w.Inject(mwapitest.Fault{Kind: mwapitest.ServerError})
	}
	_, _, err := c.AllPages(context.Background(), 0, 10, nil)
	var re *mwapi.RequestError
	if !errors.As(err, &re) || re.Attempts != mwapi.DefaultRetries+1 || !strings.Contains(err.Error(), "list=allpages") ||
		!strings.Contains(err.Error(), "500") {
		t.Fatalf("err = %v, want a RequestError naming list=allpages and HTTP 500 after %d attempts", err, mwapi.DefaultRetries+1)
	}
	if len(s.waits) != mwapi.DefaultRetries {
		t.Errorf("%d waits, want %d", len(s.waits), mwapi.DefaultRetries)
	}
	// A maxlag error that lasts is bounded too.
	for range mwapi.DefaultMaxLagRetries + 1 {
		w.Inject(mwapitest.Fault{Kind: mwapitest.MaxLag, RetryAfter: 5})
	}
	if _, err := c.SiteInfo(context.Background()); err == nil || !strings.Contains(err.Error(), "lagged") {
		t.Errorf("err = %v, want the lag named", err)
	}
	// An API error is not retried.
	_, err = c.Get(context.Background(), url.Values{"action": {"nosuch"}})
	var ae *mwapi.APIError
	if !errors.As(err, &ae) || ae.Code != "badvalue" {
		t.Errorf("err = %v, want the API's error", err)
	}
}

func TestRate(t *testing.T) {
	_, c, s := newWiki(t)
	now := start
	c.Now = func() time.Time { return now }
	c.Sleep = func(ctx context.Context, d time.Duration) error {
		s.waits = append(s.waits, d)
		now = now.Add(d)
		return nil
	}
	c.Rate = 2 // a request every 500 ms at most
	for range 3 {
		if _, err := c.SiteInfo(context.Background()); err != nil {
			t.Fatal(err)
		}
		now = now.Add(100 * time.Millisecond)
	}
	if len(s.waits) != 2 || s.waits[0] != 400*time.Millisecond || s.waits[1] != 400*time.Millisecond {
		t.Errorf("waits = %v, want two of 400ms", s.waits)
	}
}

// TestContinuation reads every module with limits of one or two items a
// reply, in both formatversions.
func TestContinuation(t *testing.T) {
	for _, fv1 := range []bool{false, true} {
		w, c, _ := newWiki(t)
		w.FormatVersion1 = fv1
		w.Limits = mwapitest.Limits{AllPages: 1, History: 1, Content: 1, LangLinks: 1, Changes: 2}
		w.SetLangLinks("Esquivar", map[string]string{"en": "Dodge", "fr": "Esquive"})
		ctx := context.Background()
		si, err := c.SiteInfo(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{false: 2, true: 1}[fv1]; si.FormatVersion != want {
			t.Errorf("fv1 %v: formatversion %d, want %d", fv1, si.FormatVersion, want)
		}
		var titles []string
		var cont mwapi.Continue
		for n := 0; n == 0 || cont != nil; n++ {
			var pages []mwapi.PageRef
			if pages, cont, err = c.AllPages(ctx, 0, 500, cont); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				titles = append(titles, p.Title)
			}
		}
		if strings.Join(titles, ",") != "Berserk,Esquivar,Trabado" {
			t.Errorf("fv1 %v: allpages %v", fv1, titles)
		}
		h, err := c.History(ctx, 1, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if h.Title != "Esquivar" || len(h.Revisions) != 2 || h.Revisions[0].RevID != 1 || h.Revisions[1].ParentID != 1 {
			t.Errorf("fv1 %v: history %+v", fv1, h)
		}
		revs, bad, err := c.Revisions(ctx, []mwapi.ID{1, 2, 3, 99}, mwapi.Site{Wiki: "infinity-es", Lang: "es"})
		if err != nil {
			t.Fatal(err)
		}
		if len(revs) != 3 || revs[1].ID != "infinity-es:2" || revs[1].ParentID != "infinity-es:1" ||
			revs[1].Text != "{{effects}}\n* Uno\n* Dos" || revs[2].Page.Title != "Trabado" || len(bad) != 1 || bad[0] != 99 {
			t.Errorf("fv1 %v: revisions %+v, bad %v", fv1, revs, bad)
		}
		pages, err := c.Pages(ctx, []mwapi.ID{1, 3, 42})
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) != 3 || len(pages[0].LangLinks) != 2 || pages[0].LangLinks[1].Target() != "Esquive" ||
			pages[0].Revisions[0].RevID != 2 || !pages[2].Missing {
			t.Errorf("fv1 %v: pages %+v", fv1, pages)
		}
		var changes []mwapi.Change
		cont = nil
		for n := 0; n == 0 || cont != nil; n++ {
			var cs []mwapi.Change
			if cs, cont, err = c.RecentChanges(ctx, start, cont); err != nil {
				t.Fatal(err)
			}
			changes = append(changes, cs...)
		}
		if len(changes) != 4 || changes[0].Type != "new" || changes[1].Type != "edit" || changes[1].RevID != 2 {
			t.Errorf("fv1 %v: changes %+v", fv1, changes)
		}
	}
}
