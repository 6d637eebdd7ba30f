package extract

import (
	"strings"
	"sync"
)

// langIndex holds a Language's phrases folded once (foldKey, or foldCase
// for label lines), so that reading a rendered page folds each line once
// and not every phrase for every line.
type langIndex struct {
	furniture   map[string]bool
	furnPrefix  []string
	showOrig    []string
	original    map[string]bool
	faqHeadings map[string]bool
	annex       map[string]bool
	annexNote   []string
	examples    map[string]bool
	labelLines  map[string]string // foldCase of a label line (and its upper case) → group
}

// langIndexes caches the index of each Language by its address. A
// Language is read-only once used: change a copy (Vocabulary.Clone gives
// new Language values) rather than the one in use.
var langIndexes sync.Map // *Language → *langIndex

// index returns the folded index of l.
func (l *Language) index() *langIndex {
	if ix, ok := langIndexes.Load(l); ok {
		return ix.(*langIndex)
	}
	set := func(list []string) map[string]bool {
		m := make(map[string]bool, len(list))
		for _, s := range list {
			m[foldKey(s)] = true
		}
		return m
	}
	fold := func(list []string) []string {
		out := make([]string, len(list))
		for i, s := range list {
			out[i] = foldKey(s)
		}
		return out
	}
	ix := &langIndex{
		furniture: set(l.Furniture), furnPrefix: fold(l.FurniturePrefixes), showOrig: fold(l.ShowOriginal),
		original: set(l.Original), faqHeadings: set(l.FAQHeadings), annex: set(l.Annex), annexNote: fold(l.AnnexNote),
		examples: set(l.ExamplePrefixes), labelLines: map[string]string{},
	}
	for _, g := range sortedKeys(l.LabelLines) {
		for _, form := range l.LabelLines[g] {
			for _, f := range []string{foldCase(form), strings.ToUpper(foldCase(form))} {
				if _, dup := ix.labelLines[f]; !dup {
					ix.labelLines[f] = g
				}
			}
		}
	}
	actual, _ := langIndexes.LoadOrStore(l, ix)
	return actual.(*langIndex)
}

// hasFoldedPrefix reports whether fold starts with one of the folded
// prefixes.
func hasFoldedPrefix(fold string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(fold, p) {
			return true
		}
	}
	return false
}

// groupIndexes caches, by Vocabulary address, the entry of each group
// (groupEntry). A Vocabulary is read-only once used: Clone it to change it.
var groupIndexes sync.Map // *Vocabulary → map[string]Entry

// groupEntries returns the start entry of every group of v's templates:
// for each group, its first box start or block template by name without a
// content parameter.
func (v *Vocabulary) groupEntries() map[string]Entry {
	if m, ok := groupIndexes.Load(v); ok {
		return m.(map[string]Entry)
	}
	m := map[string]Entry{}
	for _, name := range sortedKeys(v.Templates) {
		e := v.Templates[name]
		if (e.Role == RoleBoxStart || e.Role == RoleBlock) && e.Group != "" && e.ContentParam == 0 {
			if _, dup := m[e.Group]; !dup {
				m[e.Group] = e
			}
		}
	}
	actual, _ := groupIndexes.LoadOrStore(v, m)
	return actual.(map[string]Entry)
}
