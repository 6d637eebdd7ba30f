package mwapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/wikirules/wikirules/source"
)

// Tool is the name and version the User-Agent gives for this program.
const Tool = "wikirules-ingest/1"

// Default politeness settings (MediaWiki's API:Etiquette and
// Manual:Maxlag_parameter).
const (
	// DefaultMaxLag is the maxlag parameter of every request: a server
	// whose replicas lag more than 5 seconds answers with a maxlag error
	// instead of the data, and the client waits as it asks.
	DefaultMaxLag = 5
	// DefaultRetries bounds the retries of one request after a transient
	// failure (a 5xx or 429 status, a network error, a reply cut short).
	DefaultRetries = 6
	// DefaultMaxLagRetries bounds the maxlag waits of one request.
	DefaultMaxLagRetries = 10
	// MaxWait is the longest wait a Retry-After header is honoured for;
	// a server asking for longer makes the request fail with an error
	// that says so, rather than the sync hanging for hours.
	MaxWait = 15 * time.Minute
)

// Client reads a MediaWiki Action API (api.php) politely: one request at
// a time (its methods may be called from several goroutines, they
// queue), every request with maxlag, a User-Agent naming the tool and
// its operator's contact, gzip-compressed replies, Retry-After honoured
// on 429 and 503 replies and on maxlag errors, bounded exponential
// backoff with jitter on other 5xx statuses, network errors and replies
// cut short, and an optional cap on the request rate.
//
// The zero value is not usable: make one with New.
type Client struct {
	// API is the wiki's api.php URL.
	API string
	// HTTP is the client requests go through (http.DefaultClient by
	// default). Its transport must not decompress by itself: Client
	// asks for gzip and decodes the reply.
	HTTP *http.Client
	// UserAgent is sent with every request (New sets it from Tool and
	// the contact).
	UserAgent string
	// MaxLag is the maxlag parameter (DefaultMaxLag; negative: none).
	MaxLag int
	// Rate caps the requests per second (0: no cap beyond one request
	// at a time).
	Rate float64
	// Retries bounds the retries after transient failures,
	// MaxLagRetries the maxlag waits, of one request.
	Retries, MaxLagRetries int
	// Sleep waits for d or until ctx is done (tests inject their own, so
	// that no test waits for a real Retry-After).
	Sleep func(ctx context.Context, d time.Duration) error
	// Now is the clock the rate cap reads (time.Now by default).
	Now func() time.Time
	// OnWait, when set, is told of every wait before it starts: its
	// reason ("maxlag", "retry-after", "backoff", "rate") and length.
	OnWait func(reason string, d time.Duration)

	mu            sync.Mutex // one request at a time
	last          time.Time  // when the last request started (Rate)
	formatVersion int        // what SiteInfo found the server to answer in (0: not asked)
	backoff       backoff.ExponentialBackOff
	stats         Stats
}

// Stats counts what a Client did. Requests counts every HTTP request
// made (retries included), Content those that asked for revision text
// (rvprop=content), Retries the requests repeated after a failure or a
// maxlag error, MaxLagWaits the maxlag errors among them, Waited the
// total time waited (maxlag, Retry-After, backoff, rate). Bytes is what
// the wire carried (compressed), Decoded the JSON it decoded to.
type Stats struct {
	Requests    int           `json:"requests"`
	Content     int           `json:"content_requests"`
	Retries     int           `json:"retries"`
	MaxLagWaits int           `json:"maxlag_waits"`
	Waited      time.Duration `json:"waited_ns"`
	Bytes       int64         `json:"bytes"`
	Decoded     int64         `json:"decoded_bytes"`
}

// New returns a Client for the api.php at api with the default
// politeness settings. contact (an e-mail address or a URL) is put in
// the User-Agent so that the wiki's operators can reach whoever runs the
// sync, as API:Etiquette asks; it may be empty.
func New(api, contact string) (*Client, error) {
	u, err := url.Parse(api)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("mwapi: %q is not an http(s) URL of a wiki's api.php", api)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("mwapi: %q: give the api.php address without a query (e.g. https://example.org/w/api.php)", api)
	}
	ua := Tool + " (https://github.com/wikirules/wikirules)"
	if contact = strings.TrimSpace(contact); contact != "" {
		ua = Tool + " (https://github.com/wikirules/wikirules; " + contact + ")"
	}
	return &Client{
		API: u.String(), HTTP: http.DefaultClient, UserAgent: ua + " Go-http-client",
		MaxLag: DefaultMaxLag, Retries: DefaultRetries, MaxLagRetries: DefaultMaxLagRetries,
		Sleep: sleep, Now: time.Now,
		backoff: backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5,
			Multiplier: 2, MaxInterval: time.Minute},
	}, nil
}

// sleep waits for d unless ctx ends first.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stats returns the counts so far.
func (c *Client) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// RequestError is a request that failed for good: its URL (with the
// query), how many times it was tried and the last failure.
type RequestError struct {
	URL      string
	Attempts int
	Err      error
}

func (e *RequestError) Error() string {
	return fmt.Sprintf("mwapi: GET %s: %v (after %d attempt(s))", e.URL, e.Err, e.Attempts)
}

// Unwrap returns the last failure.
func (e *RequestError) Unwrap() error { return e.Err }

// APIError is an error the API answered with ({"error": {"code", "info"}}).
type APIError struct {
	Code, Info string
}

func (e *APIError) Error() string { return fmt.Sprintf("API error %s: %s", e.Code, e.Info) }

// transient is a failure worth trying again: wait is what the server
// asked for (Retry-After), 0 to back off.
type transient struct {
	err    error
	wait   time.Duration
	maxlag bool
}

func (t *transient) Error() string { return t.err.Error() }
func (t *transient) Unwrap() error { return t.err }

// Get makes one API request with params (format=json, maxlag and the
// errorformat are added) and returns the reply's JSON, checked to be
// complete. It retries transient failures as Client describes; an API
// error reply is returned as an *APIError inside the *RequestError,
// without retrying (maxlag aside).
func (c *Client) Get(ctx context.Context, params url.Values) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	q := url.Values{}
	for k, v := range params {
		q[k] = v
	}
	q.Set("format", "json")
	if c.MaxLag >= 0 {
		q.Set("maxlag", strconv.Itoa(c.MaxLag))
	}
	full := c.API + "?" + q.Encode()
	var body []byte
	err := c.retry(ctx, full, strings.Contains("|"+q.Get("rvprop")+"|", "|content|"), func() error {
		var err error
		body, err = c.do(ctx, full)
		return err
	})
	return body, err
}

// retry makes the request full by calling attempt until it succeeds, a
// failure is not transient, or the retries are spent (see Client);
// content says whether it asks for revision text. c.mu is held.
func (c *Client) retry(ctx context.Context, full string, content bool, attempt func() error) error {
	c.backoff.Reset()
	retries, lags := 0, 0
	for n := 1; ; n++ {
		if err := c.pace(ctx); err != nil {
			return &RequestError{URL: full, Attempts: n - 1, Err: err}
		}
		c.stats.Requests++
		if content {
			c.stats.Content++
		}
		err := attempt()
		if err == nil {
			return nil
		}
		var t *transient
		if !errors.As(err, &t) || ctx.Err() != nil {
			return &RequestError{URL: full, Attempts: n, Err: err}
		}
		wait, reason := t.wait, "retry-after"
		switch {
		case t.maxlag:
			if lags++; lags > c.MaxLagRetries {
				return &RequestError{URL: full, Attempts: n, Err: fmt.Errorf("the wiki's database stayed lagged after %d waits: %w", c.MaxLagRetries, err)}
			}
			c.stats.MaxLagWaits++
			reason = "maxlag"
			if wait <= 0 {
				wait = 5 * time.Second // MediaWiki's own minimum Retry-After for maxlag
			}
		default:
			if retries++; retries > c.Retries {
				return &RequestError{URL: full, Attempts: n, Err: err}
			}
			if wait <= 0 {
				wait, reason = c.backoff.NextBackOff(), "backoff"
			}
		}
		if wait > MaxWait {
			return &RequestError{URL: full, Attempts: n, Err: fmt.Errorf("the wiki asks to wait %s, more than %s: %w", wait, MaxWait, err)}
		}
		c.stats.Retries++
		if err := c.wait(ctx, reason, wait); err != nil {
			return &RequestError{URL: full, Attempts: n, Err: err}
		}
	}
}

// pace waits, when Rate is set, until 1/Rate seconds have passed since
// the last request started.
func (c *Client) pace(ctx context.Context) error {
	now := c.Now()
	if c.Rate > 0 && !c.last.IsZero() {
		gap := time.Duration(float64(time.Second) / c.Rate)
		if d := c.last.Add(gap).Sub(now); d > 0 {
			if err := c.wait(ctx, "rate", d); err != nil {
				return err
			}
			now = now.Add(d)
		}
	}
	c.last = now
	return nil
}

func (c *Client) wait(ctx context.Context, reason string, d time.Duration) error {
	if c.OnWait != nil {
		c.OnWait(reason, d)
	}
	c.stats.Waited += d
	return c.Sleep(ctx, d)
}

// do makes one HTTP request and classifies its outcome.
func (c *Client) do(ctx context.Context, full string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, full, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", c.UserAgent)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("Accept", "application/json")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, &transient{err: fmt.Errorf("network: %w", err)}
	}
	defer resp.Body.Close()
	r, counted, err := replyBody(resp)
	if err != nil {
		c.stats.Bytes += counted.N
		return nil, err
	}
	body, readErr := io.ReadAll(io.LimitReader(r, maxReply+1))
	c.stats.Bytes += counted.N
	c.stats.Decoded += int64(len(body))
	wait := retryAfter(resp.Header.Get("Retry-After"), c.Now())
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable:
		return nil, &transient{err: fmt.Errorf("HTTP %s", resp.Status), wait: wait}
	case resp.StatusCode >= 500:
		return nil, &transient{err: fmt.Errorf("HTTP %s", resp.Status)}
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("HTTP %s", resp.Status)
	case readErr != nil:
		return nil, &transient{err: fmt.Errorf("reply cut short after %d bytes: %w", len(body), readErr)}
	case len(body) > maxReply:
		return nil, fmt.Errorf("reply larger than %d bytes", maxReply)
	}
	if err := checkJSON(body); err != nil {
		return nil, &transient{err: err}
	}
	var e struct {
		Error *struct {
			Code string `json:"code"`
			Info string `json:"info"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err == nil && e.Error != nil {
		if e.Error.Code == "maxlag" {
			return nil, &transient{err: &APIError{Code: e.Error.Code, Info: e.Error.Info}, wait: wait, maxlag: true}
		}
		return nil, &APIError{Code: e.Error.Code, Info: e.Error.Info}
	}
	return body, nil
}

// maxReply bounds one reply (MediaWiki's own $wgAPIMaxResultSize is
// 8 MiB of data; its JSON escapes can make the text longer).
const maxReply = 64 << 20

// checkJSON returns an error naming the byte offset when body is not one
// complete JSON object (a reply cut mid-JSON, an HTML error page).
func checkJSON(body []byte) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("malformed JSON at byte %d of %d: %w", se.Offset, len(body), err)
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return fmt.Errorf("JSON reply cut short at byte %d", len(body))
		}
		return fmt.Errorf("malformed JSON: %w", err)
	}
	if len(v) == 0 || v[0] != '{' {
		return fmt.Errorf("reply is not a JSON object")
	}
	return nil
}

// retryAfter reads a Retry-After header: delay seconds, or an HTTP date
// (RFC 9110, 10.2.3); 0 when absent or unreadable.
func retryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if n, err := strconv.Atoi(h); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// replyBody returns the reader of resp's body, gunzipped when the reply
// says it is gzip, and the count of the body's bytes as they came over
// the network (for Stats.Bytes).
func replyBody(resp *http.Response) (io.Reader, *source.CountingReader, error) {
	counted := &source.CountingReader{R: resp.Body}
	if !strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
		return counted, counted, nil
	}
	zr, err := gzip.NewReader(counted)
	if err != nil {
		return nil, counted, &transient{err: fmt.Errorf("gzip reply: %w", err)}
	}
	return zr, counted, nil
}
