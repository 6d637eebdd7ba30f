package diff

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// EditOp is the operation of one word-level edit: "=" kept, "-" deleted
// from the old text, "+" inserted in the new text.
type EditOp string

// Word-level edit operations.
const (
	Keep   EditOp = "="
	Delete EditOp = "-"
	Insert EditOp = "+"
)

// Edit is one run of tokens (words, spaces and punctuation, verbatim) that
// the word-level diff kept, deleted or inserted. Concatenating the Keep and
// Delete runs gives the old text back; Keep and Insert runs give the new.
type Edit struct {
	Op   EditOp `json:"op"`
	Text string `json:"text"`
}

// tokenize cuts s into tokens: runs of letters and digits (with inner
// apostrophes, dots and commas between digits kept, so "1.1.1" and "-3"
// style numbers stay whole), runs of white space, and single other runes.
// The concatenation of the tokens is s.
func tokenize(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		j := i + w
		switch {
		case isWordRune(r):
			for j < len(s) {
				r2, w2 := utf8.DecodeRuneInString(s[j:])
				if isWordRune(r2) {
					j += w2
					continue
				}
				// a '.' or ',' between digits belongs to the number: 1.1.1, 2,5
				if (r2 == '.' || r2 == ',') && j+w2 < len(s) {
					prev, _ := utf8.DecodeLastRuneInString(s[:j])
					next, _ := utf8.DecodeRuneInString(s[j+w2:])
					if unicode.IsDigit(prev) && unicode.IsDigit(next) {
						j += w2
						continue
					}
				}
				break
			}
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, w2 := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += w2
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) }

// tokenRune maps a token index to a rune outside the surrogate range, so
// that a token sequence can be diffed as a string of runes.
func tokenRune(i int) rune {
	r := rune(0x100 + i)
	if r >= 0xD800 {
		r += 0x800
	}
	return r
}

func runeToken(r rune) int {
	if r >= 0xE000 {
		r -= 0x800
	}
	return int(r - 0x100)
}

// Words diffs old and new word by word with diff-match-patch (Myers'
// algorithm, github.com/sergi/go-diff) over tokens encoded one rune each,
// followed by its semantic cleanup, and returns the edits in order.
// Equal texts give one Keep edit (none when both are empty).
func Words(old, new string) []Edit {
	if old == new {
		if old == "" {
			return nil
		}
		return []Edit{{Keep, old}}
	}
	ta, tb := tokenize(old), tokenize(new)
	index := map[string]int{}
	var vocab []string
	encode := func(toks []string) []rune {
		rs := make([]rune, len(toks))
		for i, t := range toks {
			n, ok := index[t]
			if !ok {
				n = len(vocab)
				index[t] = n
				vocab = append(vocab, t)
			}
			rs[i] = tokenRune(n)
		}
		return rs
	}
	ra, rb := encode(ta), encode(tb)
	dmp := diffmatchpatch.New()
	diffs := dmp.DiffMainRunes(ra, rb, false)
	diffs = dmp.DiffCleanupSemantic(diffs)
	out := make([]Edit, 0, len(diffs))
	for _, d := range diffs {
		var b strings.Builder
		for _, r := range d.Text {
			b.WriteString(vocab[runeToken(r)])
		}
		op := Keep
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = Delete
		case diffmatchpatch.DiffInsert:
			op = Insert
		}
		if n := len(out); n > 0 && out[n-1].Op == op {
			out[n-1].Text += b.String()
			continue
		}
		out = append(out, Edit{op, b.String()})
	}
	return out
}

// changedOnly returns the edits that are not Keep.
func changedOnly(es []Edit) []Edit {
	var out []Edit
	for _, e := range es {
		if e.Op != Keep {
			out = append(out, e)
		}
	}
	return out
}

// Inline renders edits in one line as "kept [-deleted-]{+inserted+}", the
// notation of git diff --word-diff=plain.
func Inline(es []Edit) string {
	var b strings.Builder
	for _, e := range es {
		switch e.Op {
		case Keep:
			b.WriteString(e.Text)
		case Delete:
			b.WriteString("[-" + e.Text + "-]")
		case Insert:
			b.WriteString("{+" + e.Text + "+}")
		}
	}
	return b.String()
}

// Excerpt is Inline(Trim(es, context)).
func Excerpt(es []Edit, context int) string { return Inline(Trim(es, context)) }

// Trim cuts the kept runs of es to at most context words on each side of
// every change, marking cut text with "…" (a kept run between two changes
// keeps context words at each end). Changed runs are left whole.
func Trim(es []Edit, context int) []Edit {
	out := make([]Edit, 0, len(es))
	for i, e := range es {
		if e.Op != Keep {
			out = append(out, e)
			continue
		}
		toks := tokenize(e.Text)
		first, last := i == 0, i == len(es)-1
		switch {
		case first && last:
		case first:
			e.Text = tail(toks, context, true)
		case last:
			e.Text = head(toks, context, true)
		case countWords(toks) > 2*context:
			e.Text = head(toks, context, false) + " … " + tail(toks, context, false)
		}
		out = append(out, e)
	}
	return out
}

func countWords(toks []string) int {
	n := 0
	for _, t := range toks {
		if isWordToken(t) {
			n++
		}
	}
	return n
}

// head returns the first n word tokens (with what lies between them) of toks.
func head(toks []string, n int, ellipsis bool) string {
	k, words := 0, 0
	for k < len(toks) && words < n {
		if isWordToken(toks[k]) {
			words++
		}
		k++
	}
	if countWords(toks[k:]) == 0 {
		k = len(toks)
	}
	s := strings.Join(toks[:k], "")
	if ellipsis && k < len(toks) {
		s += "…"
	}
	return s
}

// tail returns the last n word tokens of toks.
func tail(toks []string, n int, ellipsis bool) string {
	k, words := len(toks), 0
	for k > 0 && words < n {
		k--
		if isWordToken(toks[k]) {
			words++
		}
	}
	if countWords(toks[:k]) == 0 {
		k = 0
	}
	s := strings.Join(toks[k:], "")
	if ellipsis && k > 0 {
		s = "…" + s
	}
	return s
}

func isWordToken(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return isWordRune(r)
}
