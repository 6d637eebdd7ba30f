package extract

import "github.com/wikirules/wikirules"

// The stack of open blocks: boxes, edition blocks, update and original
// blocks. Pairing their start and end templates is this package's own
// pass over siblings (docs/DESIGN.md rule 9): it survives a missing end
// (closed at the next conflicting start or at the end of the page) and a
// stray or mismatched end, each with a diagnostic.

// maxFrames bounds the nesting of open blocks, as MediaWiki bounds
// template nesting: deeper starts are ignored (with a diagnostic), which
// keeps the pass linear on pathological input.
const maxFrames = 100

func (p *pass) open(u *unit, f *frame) {
	if len(p.frames) >= maxFrames {
		p.diag(u.span.Start, "%s opens more than %d nested blocks; ignored", u.label(), maxFrames)
		return
	}
	f.u, f.implicit = u, u.implicit
	f.start = u.span.Start
	f.first = len(p.x.Records)
	p.frames = append(p.frames, f)
}

// openBlock opens an edition, update or original block. Edition blocks do
// not nest: a start while another edition block is open (inside the same
// box) closes that one first, with a diagnostic. A c1 block right after an
// n4/n4list block (or the reverse), and an original block right after an
// update block, number their items again from where the first began: they
// are versions of the same items.
func (p *pass) openBlock(u *unit) {
	e := u.entry
	if e.Role == RoleEditionStart {
		for k := len(p.frames) - 1; k >= 0 && p.frames[k].entry.Role != RoleBoxStart; k-- {
			if f := p.frames[k]; f.entry.Role == RoleEditionStart {
				if !f.implicit {
					p.diag(f.start, "%s is not closed before %s at byte %d; closed there", f.u.label(), u.label(), u.span.Start)
				}
				p.closeTo(k)
				break
			}
		}
	}
	sc := p.currentScope()
	f := &frame{entry: e, sc: sc, base: sc.counter, paras: sc.paras}
	if e.Role == RoleUpdateStart {
		f.version = u.get().version
	}
	if prev := p.lastClosed; prev != nil && prev.sc == sc {
		pe := prev.entry
		alt := e.Role == RoleEditionStart && pe.Role == RoleEditionStart && e.Alternative && pe.Alternative && e.Group != pe.Group
		orig := e.Role == RoleOriginalStart && pe.Role == RoleUpdateStart
		if alt || orig {
			f.alt, f.altEnd, f.altPara = prev, sc.counter, sc.paras
			sc.counter, sc.path, sc.paras = prev.base, nil, prev.paras
			f.base, f.paras = prev.base, prev.paras
		}
	}
	p.lastClosed = nil
	p.open(u, f)
}

// end closes the innermost open frame that u closes, closing any frame
// opened inside it (with a diagnostic). An end without its start is
// reported and kept as layout.
func (p *pass) end(u *unit) {
	e := u.entry
	startRole := map[Role]Role{RoleBoxEnd: RoleBoxStart, RoleEditionEnd: RoleEditionStart,
		RoleUpdateEnd: RoleUpdateStart, RoleOriginalEnd: RoleOriginalStart}[e.Role]
	for k := len(p.frames) - 1; k >= 0; k-- {
		f := p.frames[k]
		if f.entry.Role == startRole && f.entry.Group == e.Group {
			for j := len(p.frames) - 1; j > k; j-- {
				if g := p.frames[j]; !g.implicit {
					p.diag(g.start, "%s is not closed before %s at byte %d; closed there", g.u.label(), u.label(), u.span.Start)
				}
			}
			p.closeTo(k)
			if startRole == RoleEditionStart || startRole == RoleUpdateStart {
				p.lastClosed = f
			}
			return
		}
	}
	if startRole == RoleBoxStart {
		for k := len(p.frames) - 1; k >= 0; k-- {
			if f := p.frames[k]; f.entry.Role == RoleBoxStart {
				p.diag(u.span.Start, "%s closes %s opened at byte %d (mismatched pair)", u.label(), f.u.label(), f.start)
				p.closeTo(k)
				return
			}
		}
	}
	if !u.implicit {
		p.diag(u.span.Start, "%s closes nothing", u.label())
	}
}

// closeTo closes the frames from the top of the stack down to index k.
func (p *pass) closeTo(k int) {
	for len(p.frames) > k {
		p.close(p.frames[len(p.frames)-1])
	}
}

func (p *pass) close(f *frame) {
	p.frames = p.frames[:len(p.frames)-1]
	f.last, f.closed = len(p.x.Records), true
	if f.alt != nil {
		f.sc.counter = max(f.sc.counter, f.altEnd)
		f.sc.paras = max(f.sc.paras, f.altPara)
		if f.entry.Role == RoleEditionStart {
			p.altGroups = append(p.altGroups, [2]*frame{f.alt, f})
		}
	}
	switch f.entry.Role {
	case RoleUpdateStart:
		p.updates = append(p.updates, f)
	case RoleOriginalStart:
		p.originals = append(p.originals, f)
	}
}

// label is the section label of a block or box in the page's language.
func (p *pass) label(e Entry) string {
	if l, ok := p.lang.Labels[e.Group]; ok && e.Group != "" {
		return l
	}
	return e.Label
}

// context is what the open blocks say about a record made now.
type context struct {
	kind     wikirules.Kind
	section  []string
	sc       *scope
	editions wikirules.Editions
	annex    bool
	version  string
	original bool
	box      *frame
}

func (p *pass) currentScope() *scope {
	for k := len(p.frames) - 1; k >= 0; k-- {
		if p.frames[k].entry.Role == RoleBoxStart {
			return p.frames[k].sc
		}
	}
	return p.block.sc
}

func (p *pass) context() context {
	c := context{kind: wikirules.KindRule, section: p.headingPath(), sc: p.block.sc}
	if p.block.label != "" {
		c.kind = p.block.kind
		c.section = append(c.section, p.block.label)
	}
	edSet, upSet, boxSet := false, false, false
	for k := len(p.frames) - 1; k >= 0; k-- {
		f := p.frames[k]
		switch f.entry.Role {
		case RoleBoxStart:
			if !boxSet {
				boxSet, c.box, c.kind, c.sc = true, f, f.entry.Kind, f.sc
				c.section = append(p.headingPath(), p.label(f.entry))
			}
		case RoleEditionStart:
			if !edSet {
				edSet, c.editions, c.annex = true, f.entry.Editions, f.entry.Annex
			}
		case RoleUpdateStart, RoleOriginalStart:
			if !upSet {
				upSet = true
				if f.entry.Role == RoleUpdateStart {
					c.version = f.version
				} else {
					c.original = true
				}
			}
		}
	}
	return c
}
