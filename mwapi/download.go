package mwapi

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
)

// Download GETs rawurl, a page of the wiki's site other than api.php
// (Special:Export's XML), as politely as Get: one request at a time, the
// same User-Agent, gzip, Retry-After and bounded backoff on 429, 5xx,
// network errors and bodies cut short. The body is written to f from its
// start; a failed attempt's partial body is truncated away before the
// next. It returns the bytes written.
func (c *Client) Download(ctx context.Context, rawurl string, f *os.File) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var n int64
	err := c.retry(ctx, rawurl, false, func() error {
		if err := f.Truncate(0); err != nil {
			return err
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		var err error
		n, err = c.fetch(ctx, rawurl, f)
		return err
	})
	return n, err
}

// fetch makes one GET of rawurl and copies the (decompressed) body to w.
func (c *Client) fetch(ctx context.Context, rawurl string, w io.Writer) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawurl, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("User-Agent", c.UserAgent)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, &transient{err: fmt.Errorf("network: %w", err)}
	}
	defer resp.Body.Close()
	wait := retryAfter(resp.Header.Get("Retry-After"), c.Now())
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable:
		return 0, &transient{err: fmt.Errorf("HTTP %s", resp.Status), wait: wait}
	case resp.StatusCode >= 500:
		return 0, &transient{err: fmt.Errorf("HTTP %s", resp.Status)}
	case resp.StatusCode != http.StatusOK:
		return 0, fmt.Errorf("HTTP %s", resp.Status)
	}
	r, counted, err := replyBody(resp)
	if err != nil {
		c.stats.Bytes += counted.N
		return 0, err
	}
	n, err := io.Copy(w, r)
	c.stats.Bytes += counted.N
	c.stats.Decoded += n
	if err != nil {
		return n, &transient{err: fmt.Errorf("reply cut short after %d bytes: %w", n, err)}
	}
	return n, nil
}
