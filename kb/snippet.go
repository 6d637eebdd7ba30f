package kb

import (
	"strings"
	"sync/atomic"

	"github.com/wikirules/wikirules/lang"
)

// Snippet marks: the matched words of a snippet are put between
// snippetOpen and snippetClose; snippetEllipsis stands for the text left
// out before or after the snippet's window.
const (
	snippetOpen     = "«"
	snippetClose    = "»"
	snippetEllipsis = "…"
	snippetTokens   = 24 // tokens of the body a snippet keeps
)

// phrase is one phrase of a MATCH expression built by matchExpr: a folded
// token, prefix-matched when prefix ("tok"*).
type phrase struct {
	token  string
	prefix bool
}

// phrasesOf returns the phrases of the MATCH expression matchExpr builds
// from tokens, in their order in it (FTS5's phrase numbers).
func phrasesOf(tokens []string) []phrase {
	out := make([]phrase, len(tokens))
	for i, t := range tokens {
		out[i] = phrase{token: lang.Fold(t), prefix: len([]rune(t)) > 1}
	}
	return out
}

// matches reports whether the folded document token w is an instance of p.
func (p phrase) matches(w string) bool {
	if p.prefix {
		return strings.HasPrefix(w, p.token)
	}
	return w == p.token
}

// snippetWork counts the steps of makeSnippet (tokens read, instances and
// sentence starts visited, window moves, tokens written), for the tests
// that check the work grows linearly with the text; they read it around
// searches of their own, run alone.
var snippetWork atomic.Uint64

// makeSnippet returns for body, a body column of a search row that
// matched phrases, what FTS5's snippet(t, 2, '«', '»', '…', 24) returns,
// with the same choice of window and the same marks, in time linear in
// the body.
//
// FTS5 (fts5SnippetFunction in SQLite's fts5_aux.c) scores, for every
// instance of a phrase in the body, the window of 24 tokens starting at it
// (1,000 per distinct phrase in it plus 1 per repeated instance, the
// window then moved to centre its instances), and the window starting at
// the sentence holding the instance (a sentence starts at the first token
// and after "." or ":" followed by white space; bonus 120 at the first
// token, 100 elsewhere); the first best-scoring window wins. It scores
// each window by reading every instance of the row, which is quadratic
// in the instances (a long one-line page is one record with a great many
// of them). Here the windows are scored by sliding over the sorted
// instances: each instance enters and leaves a window once.
func makeSnippet(body string, phrases []phrase) string {
	var work uint64
	defer func() { snippetWork.Add(work) }()
	// The instances of the phrases in the body, by token position then
	// phrase; sentence starts, as FTS5's sentence finder finds them.
	var instPos, instPhrase []int
	var sentences []int
	nDoc, prevEnd := 0, 0
	eachTerm(body, func(i int, t lang.Term) bool {
		work++
		w := lang.Fold(t.Text)
		for k, p := range phrases {
			if p.matches(w) {
				instPos = append(instPos, i)
				instPhrase = append(instPhrase, k)
			}
		}
		if i == 0 {
			sentences = append(sentences, 0)
		} else if sentenceStart(body, prevEnd, t.Start) {
			sentences = append(sentences, i)
		}
		nDoc, prevEnd = i+1, t.End
		return true
	})

	best, bestStart := 0, 0
	atInst := newWindowScorer(instPos, instPhrase, len(phrases), &work)
	atSentence := newWindowScorer(instPos, instPhrase, len(phrases), &work)
	jj := 0
	for _, io := range instPos {
		work++
		score, first, last := atInst.score(io, snippetTokens)
		if score > best {
			adj := first - (snippetTokens-(last-first))/2
			if adj+snippetTokens > nDoc {
				adj = nDoc - snippetTokens
			}
			best, bestStart = score, max(adj, 0)
		}
		if len(sentences) == 0 || nDoc <= snippetTokens {
			continue
		}
		for jj < len(sentences)-1 && sentences[jj+1] <= io {
			jj++
			work++
		}
		if s := sentences[jj]; s < io {
			score, _, _ := atSentence.score(s, snippetTokens)
			if s == 0 {
				score += 120
			} else {
				score += 100
			}
			if score > best {
				best, bestStart = score, s
			}
		}
	}
	from, to := bestStart, bestStart+snippetTokens-1
	var window []lang.Term // the tokens [from, to]
	eachTerm(body, func(i int, t lang.Term) bool {
		work++
		if i >= from {
			window = append(window, t)
		}
		return i < to
	})
	return highlight(body, window, nDoc, instPos, from, to)
}

// snippetChunk is the least size of the pieces of a body eachTerm splits
// at a time.
const snippetChunk = 64 << 10

// eachTerm calls f with the words of body as lang.Split returns them and
// their numbers from 0, until f returns false. It splits body a piece of
// about snippetChunk bytes at a time, each ending at an ASCII space, tab,
// newline or return (which always separates words), so that a long body
// is never held as one list of words.
func eachTerm(body string, f func(i int, t lang.Term) bool) {
	n := 0
	for off := 0; off < len(body); {
		end := len(body)
		if off+snippetChunk < len(body) {
			if j := strings.IndexAny(body[off+snippetChunk:], " \t\n\r"); j >= 0 {
				end = off + snippetChunk + j + 1
			}
		}
		for _, t := range lang.Split(body[off:end]) {
			t.Start, t.End = t.Start+off, t.End+off
			if !f(n, t) {
				return
			}
			n++
		}
		off = end
	}
}

// sentenceStart reports whether a token starting at byte start, after a
// token ending at byte prevEnd, starts a sentence as FTS5's sentence
// finder sees it: white space (space, tab, newline, return) just before
// it, and before that white space "." or ":".
func sentenceStart(body string, prevEnd, start int) bool {
	i := start - 1
	for i >= prevEnd && strings.IndexByte(" \t\n\r", body[i]) >= 0 {
		i--
	}
	if i == start-1 || i < prevEnd {
		return false
	}
	return body[i] == '.' || body[i] == ':'
}

// windowScorer scores windows of tokens by the instances in them, for
// window starts that never decrease: each instance enters and leaves the
// window once.
type windowScorer struct {
	pos, phrase []int // instances, by position
	lo, hi      int   // the window's instances are [lo, hi)
	count       []int // instances of each phrase in the window
	distinct    int   // phrases with an instance in the window
	work        *uint64
}

func newWindowScorer(pos, phrase []int, phrases int, work *uint64) *windowScorer {
	return &windowScorer{pos: pos, phrase: phrase, count: make([]int, phrases), work: work}
}

// score returns the score of the window of n tokens starting at token
// start (fts5SnippetScore: 1,000 per phrase with an instance in it, 1 per
// further instance) and the span of its instances, the position of the
// first and one past the last.
func (w *windowScorer) score(start, n int) (score, first, last int) {
	for w.hi < len(w.pos) && w.pos[w.hi] < start+n {
		if w.count[w.phrase[w.hi]]++; w.count[w.phrase[w.hi]] == 1 {
			w.distinct++
		}
		w.hi++
		*w.work++
	}
	for w.lo < w.hi && w.pos[w.lo] < start {
		if w.count[w.phrase[w.lo]]--; w.count[w.phrase[w.lo]] == 0 {
			w.distinct--
		}
		w.lo++
		*w.work++
	}
	if w.lo == w.hi {
		return 0, -1, 0
	}
	return 999*w.distinct + (w.hi - w.lo), w.pos[w.lo], w.pos[w.hi-1] + 1
}

// highlight returns the tokens [from, to] of body (window, of a body of
// nDoc tokens) with the text between them, each instance at instPos
// marked on its own and the ellipsis where text is left out before or
// after, as FTS5's fts5HighlightCb writes them: the text before the
// first token is kept when the window starts at the body's first token,
// the text after the last when it ends at the body's last. It reads the
// tokens of the window only (and the instances before it once).
func highlight(body string, window []lang.Term, nDoc int, instPos []int, from, to int) string {
	var b strings.Builder
	if from > 0 {
		b.WriteString(snippetEllipsis)
	}
	next := 0 // the first instance at or after the current token
	for next < len(instPos) && instPos[next] < from {
		next++
	}
	off, open := 0, false
	if from > 0 && len(window) > 0 {
		off = window[0].Start
	}
	for k, t := range window {
		i := from + k
		if open && t.Start > off {
			b.WriteString(snippetClose)
			open = false
		}
		if next < len(instPos) && instPos[next] == i {
			if !open {
				b.WriteString(body[off:t.Start])
				b.WriteString(snippetOpen)
				open = true
				off = t.Start
			}
			b.WriteString(body[off:t.End])
			off = t.End
			for next < len(instPos) && instPos[next] == i {
				next++
			}
		}
		if i == to {
			if open {
				b.WriteString(snippetClose)
				open = false
			}
			b.WriteString(body[off:t.End])
			off = t.End
		}
	}
	if to >= nDoc-1 {
		if open {
			b.WriteString(snippetClose)
		}
		b.WriteString(body[off:])
	} else {
		b.WriteString(snippetEllipsis)
	}
	return b.String()
}
