package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// startTime is the modification time the static files are served with.
var startTime = time.Now()

// asset is one file served under /static/: its bytes, their gzip
// compression (nil when it does not pay) and a content hash for the ETag.
type asset struct {
	body, gz []byte
	ctype    string
	etag     string
}

var (
	assetsOnce sync.Once
	assets     map[string]*asset
)

// loadAssets reads the embedded static files and the generated icons
// once, and compresses those that shrink by more than a tenth.
func loadAssets() map[string]*asset {
	assetsOnce.Do(func() {
		assets = map[string]*asset{}
		static, _ := fs.Sub(staticFS, "static")
		fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if strings.HasSuffix(p, ".md") || p == "sw.js" {
				return nil // notes, and the service worker's template (export.go)
			}
			b, err := fs.ReadFile(static, p)
			if err != nil {
				return err
			}
			assets[p] = newAsset(p, b)
			return nil
		})
		for _, n := range iconSizes {
			name := iconName(n)
			assets[name] = newAsset(name, iconPNG(n))
		}
	})
	return assets
}

func newAsset(name string, b []byte) *asset {
	a := &asset{body: b, ctype: mime.TypeByExtension(path.Ext(name))}
	switch path.Ext(name) {
	case ".js":
		a.ctype = "text/javascript; charset=utf-8"
	case ".webmanifest":
		a.ctype = "application/manifest+json"
	case ".svg":
		a.ctype = "image/svg+xml"
	}
	if a.ctype == "" {
		a.ctype = "application/octet-stream"
	}
	sum := sha256.Sum256(b)
	a.etag = `"` + hex.EncodeToString(sum[:8]) + `"`
	if !strings.HasPrefix(a.ctype, "image/png") {
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(b)
		w.Close()
		if z.Len() < len(b)*9/10 {
			a.gz = z.Bytes()
		}
	}
	return a
}

// assetVersion is the content hash of a static file, added to its URL
// (?v=) so that it may be cached for a year: a new build changes the URL.
func assetVersion(name string) string {
	if a := loadAssets()[name]; a != nil {
		return strings.Trim(a.etag, `"`)
	}
	return ""
}

// assetHandler serves the static files: gzip-compressed to a client that
// accepts it, with an ETag, and cached for a year when asked for by
// their current version (?v=), an hour otherwise.
func assetHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := loadAssets()[strings.TrimPrefix(r.URL.Path, "/")]
		if a == nil {
			http.NotFound(w, r)
			return
		}
		serveAsset(w, r, a)
	})
}

func serveAsset(w http.ResponseWriter, r *http.Request, a *asset) {
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("ETag", a.etag)
	h.Set("Vary", "Accept-Encoding")
	if v := r.URL.Query().Get("v"); v != "" && `"`+v+`"` == a.etag {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := a.body
	if a.gz != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	http.ServeContent(w, r, "", startTime, bytes.NewReader(body))
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip (and
// does not refuse it with q=0).
func acceptsGzip(h string) bool {
	for _, part := range strings.Split(h, ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") || strings.TrimSpace(enc) == "*" {
			p := strings.ReplaceAll(params, " ", "")
			return p != "q=0" && p != "q=0.0" && p != "q=0.00" && p != "q=0.000"
		}
	}
	return false
}

// serveFavicon answers /favicon.ico, which browsers ask for on their own,
// with the 32-pixel icon.
func serveFavicon(w http.ResponseWriter, r *http.Request) {
	serveAsset(w, r, loadAssets()[iconName(32)])
}

// iconSizes are the square PNG icons generated for the favicon and the
// installed app (a web app manifest wants 192 and 512 pixels).
var iconSizes = []int{32, 192, 512}

func iconName(n int) string { return "icon-" + itoa(n) + ".png" }

func itoa(n int) string { return sprintf("%d", n) }

// iconPNG draws the site's icon, n pixels square: an open book, white on
// the accent blue of the stylesheet, in a rounded square (the same
// drawing as static/favicon.svg).
func iconPNG(n int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	bg := color.NRGBA{0x0b, 0x57, 0xa4, 0xff}
	fg := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	s := float64(n) / 32 // the drawing is on a 32-unit grid
	r := 6 * s
	// The two pages of the book: quadrilaterals on the 32-unit grid.
	left := [][2]float64{{5, 9}, {15, 11}, {15, 25}, {5, 23}}
	right := [][2]float64{{17, 11}, {27, 9}, {27, 23}, {17, 25}}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			if !inRoundedSquare(px, py, float64(n), r) {
				continue
			}
			c := bg
			gx, gy := px/s, py/s
			if inPolygon(gx, gy, left) || inPolygon(gx, gy, right) {
				c = fg
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func inRoundedSquare(x, y, size, r float64) bool {
	cx := min(max(x, r), size-r)
	cy := min(max(y, r), size-r)
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= r*r
}

// inPolygon is the even-odd rule for point (x, y) and polygon p.
func inPolygon(x, y float64, p [][2]float64) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		xi, yi, xj, yj := p[i][0], p[i][1], p[j][0], p[j][1]
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}
