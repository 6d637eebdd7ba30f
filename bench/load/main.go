// Command load is a bounded load generator for `query serve`: from C
// concurrent workers it sends GET requests drawn from thousands of
// distinct queries to a server on this machine's loopback interface, for
// a fixed time per target, and prints for each target the requests, the
// distinct URLs among them, the requests per second, the latency
// percentiles (p50, p90, p99, max), the errors (transport errors and
// statuses other than 200) and, given the server's process id, its peak
// resident memory.
//
//	go run ./bench/load -url http://127.0.0.1:18080 -duration 60s -c 8 -pid 1234 -only mixed
//
// Targets: "cached" cycles 16 judge searches on /api/search (after one
// round every answer comes from the search cache: it measures the web
// layer); "search" (the search page and /api/search), "page" (rule
// cards in each edition), "faq" (the FAQ list filtered by words and
// editions), "ask" (questions put to the engine) and "mixed" (all of
// them, half searches) draw from -n distinct queries built from the
// knowledge base the server holds: its page titles and the words of its
// records. The run is bounded three ways: the duration per target, a cap
// on the requests per target (-max) and a timeout per request; it
// refuses any host that is not a loopback address. bench/load.sh builds
// `query`, serves a knowledge base and runs this against it.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
)

// cachedQueries are the judge searches the "cached" target cycles.
var cachedQueries = []string{
	"berserk trabado", "esquivar plantilla", "mover", "suplantado IMP-2", "ataque cc",
	"impetuoso cobertura parcial", "LDT", "MOD -3 FIS", "visor multiespectral", "Dodge template",
	"¿Se puede declarar Berserk estando trabado?", "zona de control", "orden completa", "reset hacker",
	"trepar", "inmunidad plasma",
}

// stats are one target's figures.
type stats struct {
	requests, errors int64
	bytes            int64
	lat              []time.Duration
	elapsed          time.Duration
	firstErr         string
	distinct         int
	rssPeak          int64 // KiB, sampled during the target
}

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "base URL of a `query serve` on loopback")
	dur := flag.Duration("duration", 10*time.Second, "how long to load each target")
	conc := flag.Int("c", 8, "concurrent workers (connections)")
	maxReq := flag.Int64("max", 2_000_000, "stop a target after this many requests")
	only := flag.String("only", "", "load only these targets (comma-separated: cached, search, page, faq, ask, mixed)")
	n := flag.Int("n", 20000, "distinct queries per target to draw from")
	pid := flag.Int("pid", 0, "process id of the server, to report its resident memory (Linux /proc)")
	flag.Parse()
	if err := run(*base, *dur, *conc, *maxReq, *only, *n, *pid); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func run(base string, dur time.Duration, conc int, maxReq int64, only string, n, pid int) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("-url %q: want http://127.0.0.1:PORT", base)
	}
	if err := checkLoopback(u.Hostname()); err != nil {
		return err
	}
	if dur <= 0 || dur > 2*time.Minute || conc < 1 || conc > 256 || maxReq < 1 || n < 1 || n > 1_000_000 {
		return fmt.Errorf("want 0 < -duration <= 2m, 1 <= -c <= 256, -max >= 1 and 1 <= -n <= 1000000")
	}
	client := &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			MaxIdleConns: conc, MaxIdleConnsPerHost: conc, IdleConnTimeout: 30 * time.Second,
			DisableCompression: true,
		},
	}
	base = strings.TrimSuffix(base, "/")
	titles, words, err := vocabulary(client, base)
	if err != nil {
		return err
	}
	targets := buildTargets(titles, words, n)
	fmt.Printf("load: %s, %d workers, %s per target, at most %d requests per target; %d page titles, %d words\n",
		base, conc, dur, maxReq, len(titles), len(words))
	fmt.Printf("%-8s %9s %9s %8s %9s %9s %9s %9s %7s %8s %9s\n", "target", "requests", "distinct", "req/s", "p50", "p90", "p99", "max", "errors", "KB/req", "peak RSS")
	failed := false
	for _, name := range []string{"cached", "search", "page", "faq", "ask", "mixed"} {
		if only != "" && !contains(strings.Split(only, ","), name) {
			continue
		}
		st := load(client, base, targets[name], dur, conc, maxReq, pid)
		sort.Slice(st.lat, func(i, j int) bool { return st.lat[i] < st.lat[j] })
		rps := float64(st.requests) / st.elapsed.Seconds()
		kb := 0.0
		if st.requests > 0 {
			kb = float64(st.bytes) / float64(st.requests) / 1024
		}
		rss := "-"
		if pid > 0 {
			rss = fmt.Sprintf("%.0f MB", float64(st.rssPeak)/1024)
		}
		fmt.Printf("%-8s %9d %9d %8.0f %9s %9s %9s %9s %7d %8.1f %9s\n", name, st.requests, st.distinct, rps,
			pct(st.lat, 50), pct(st.lat, 90), pct(st.lat, 99), pct(st.lat, 100), st.errors, kb, rss)
		if st.errors > 0 {
			failed = true
			fmt.Printf("  first error: %s\n", st.firstErr)
		}
	}
	if pid > 0 {
		if hwm, err := procStatus(pid, "VmHWM"); err == nil {
			fmt.Printf("server peak resident memory over its whole run (VmHWM): %.0f MB\n", float64(hwm)/1024)
		}
	}
	if failed {
		return errors.New("some requests failed")
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.TrimSpace(x) == s {
			return true
		}
	}
	return false
}

var pageLinkRE = regexp.MustCompile(`href="/page/([^"?#]+)"`)

// vocabulary reads the server's page titles from its home page and the
// words (4 letters or more) of the records of up to 80 of its pages.
func vocabulary(client *http.Client, base string) (titles, words []string, err error) {
	body, err := get(client, base+"/")
	if err != nil {
		return nil, nil, fmt.Errorf("reading the page list: %w", err)
	}
	seen := map[string]bool{}
	for _, m := range pageLinkRE.FindAllStringSubmatch(string(body), -1) {
		t, err := url.PathUnescape(m[1])
		if err == nil && !seen[t] {
			seen[t] = true
			titles = append(titles, t)
		}
	}
	if len(titles) == 0 {
		return nil, nil, errors.New("the home page lists no pages")
	}
	have := map[string]bool{}
	for i, t := range titles {
		if i == 80 {
			break
		}
		b, err := get(client, base+"/api/page/"+url.PathEscape(t))
		if err != nil {
			return nil, nil, err
		}
		var v struct {
			Records []struct {
				Plain string `json:"plain"`
			} `json:"records"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, nil, fmt.Errorf("/api/page/%s: %w", t, err)
		}
		for _, r := range v.Records {
			for _, w := range strings.FieldsFunc(r.Plain, func(r rune) bool { return !unicode.IsLetter(r) }) {
				w = strings.ToLower(w)
				if len([]rune(w)) >= 4 && !have[w] {
					have[w] = true
					words = append(words, w)
				}
			}
		}
	}
	sort.Strings(words)
	return titles, words, nil
}

// buildTargets draws up to n distinct request paths per target from the
// titles and words (a fixed seed: every run draws the same ones).
func buildTargets(titles, words []string, n int) map[string][]string {
	r := rand.New(rand.NewPCG(17, 17))
	word := func() string { return words[r.IntN(len(words))] }
	eds := []string{"", "n4", "c1", "n5"}
	distinct := func(limit int, gen func() string) []string {
		seen := map[string]bool{}
		var out []string
		for tries := 0; len(out) < limit && tries < limit*20; tries++ {
			if p := gen(); !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
		return out
	}
	q := url.QueryEscape
	t := map[string][]string{}
	for _, s := range cachedQueries {
		t["cached"] = append(t["cached"], "/api/search?q="+q(s))
	}
	t["search"] = distinct(n, func() string {
		s := word() + " " + word()
		if r.IntN(2) == 0 {
			return "/api/search?q=" + q(s)
		}
		return withEdition("/search?q="+q(s), eds[r.IntN(len(eds))])
	})
	t["page"] = distinct(min(n, len(titles)*len(eds)*2), func() string {
		p := withEdition("/page/"+url.PathEscape(titles[r.IntN(len(titles))])+"?", eds[r.IntN(len(eds))])
		if r.IntN(2) == 0 {
			p += "&history=1"
		}
		return strings.Replace(strings.TrimSuffix(p, "?"), "?&", "?", 1)
	})
	t["faq"] = distinct(n, func() string {
		return withEdition("/faq?q="+q(word()), eds[r.IntN(len(eds))])
	})
	t["ask"] = distinct(n, func() string {
		return withEdition("/ask?q="+q("¿Se puede "+word()+" estando "+word()+"?"), eds[r.IntN(len(eds))])
	})
	for i := 0; i < n; i++ {
		var src []string
		switch k := r.IntN(20); {
		case k < 10:
			src = t["search"]
		case k < 14:
			src = t["page"]
		case k < 17:
			src = t["faq"]
		default:
			src = t["ask"]
		}
		t["mixed"] = append(t["mixed"], src[r.IntN(len(src))])
	}
	return t
}

func withEdition(p, ed string) string {
	if ed == "" {
		return p
	}
	return p + "&edition=" + ed
}

// checkLoopback refuses a host that is not a loopback address (a name is
// resolved, and every address it has must be loopback).
func checkLoopback(host string) error {
	ips := []net.IP{net.ParseIP(host)}
	if ips[0] == nil {
		addrs, err := net.LookupIP(host)
		if err != nil {
			return fmt.Errorf("host %q: %w", host, err)
		}
		ips = addrs
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("host %q is %s, not loopback: load only a server on this machine", host, ip)
		}
	}
	return nil
}

// load sends requests to base+paths (in turn, from conc workers) until
// dur has passed or maxReq requests were sent, sampling the server's
// resident memory every 100 ms when pid is set.
func load(client *http.Client, base string, paths []string, dur time.Duration, conc int, maxReq int64, pid int) *stats {
	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	var sent, nerr, nbytes, rss atomic.Int64
	var mu sync.Mutex
	st := &stats{}
	lats := make([][]time.Duration, conc)
	used := make([]map[string]bool, conc)
	var wg sync.WaitGroup
	if pid > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				if kb, err := procStatus(pid, "VmRSS"); err == nil && kb > rss.Load() {
					rss.Store(kb)
				}
				select {
				case <-ctx.Done():
					return
				case <-t.C:
				}
			}
		}()
	}
	start := time.Now()
	for w := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1<<16)
			seen := map[string]bool{}
			for i := w; ctx.Err() == nil; i += conc {
				if sent.Add(1) > maxReq {
					break
				}
				p := paths[i%len(paths)]
				t0 := time.Now()
				n, err := fetch(client, base+p)
				d := time.Since(t0)
				if err != nil {
					if ctx.Err() != nil {
						break // the target's time ran out during this request
					}
					nerr.Add(1)
					mu.Lock()
					if st.firstErr == "" {
						st.firstErr = err.Error()
					}
					mu.Unlock()
					continue
				}
				seen[p] = true
				nbytes.Add(n)
				lat = append(lat, d)
			}
			lats[w], used[w] = lat, seen
		}()
	}
	wg.Wait()
	st.elapsed = time.Since(start)
	all := map[string]bool{}
	for w := range conc {
		st.lat = append(st.lat, lats[w]...)
		for p := range used[w] {
			all[p] = true
		}
	}
	st.distinct = len(all)
	st.requests = int64(len(st.lat)) + nerr.Load()
	st.errors, st.bytes, st.rssPeak = nerr.Load(), nbytes.Load(), rss.Load()
	return st
}

// fetch GETs u, reads the whole body and returns its size; a status
// other than 200 is an error.
func fetch(client *http.Client, u string) (int64, error) {
	res, err := client.Get(u)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err != nil {
		return n, err
	}
	if res.StatusCode != http.StatusOK {
		return n, fmt.Errorf("GET %s: status %d", u, res.StatusCode)
	}
	return n, nil
}

// get fetches u and returns its body; a status other than 200 is an
// error.
func get(client *http.Client, u string) ([]byte, error) {
	res, err := client.Get(u)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err == nil && res.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET %s: status %d", u, res.StatusCode)
	}
	return b, err
}

// procStatus reads a "kB" field of /proc/PID/status (VmRSS, VmHWM).
func procStatus(pid int, field string) (int64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				return strconv.ParseInt(f[0], 10, 64)
			}
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}

// pct returns the p-th percentile of sorted durations, rounded for print.
func pct(sorted []time.Duration, p int) string {
	if len(sorted) == 0 {
		return "-"
	}
	i := (len(sorted)*p + 99) / 100
	i = min(max(i-1, 0), len(sorted)-1)
	d := sorted[i]
	switch {
	case d >= time.Millisecond:
		return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.0fµs", float64(d)/float64(time.Microsecond))
	}
}
