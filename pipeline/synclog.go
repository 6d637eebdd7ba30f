package pipeline

import (
	"context"

	"github.com/wikirules/wikirules/kb"
)

// The log entries a sync applies: deletions and restorations, revision
// deletion, moves.

// applyDeletions applies the batch's deletions and restorations in
// order, to the stored page that held the title at the time: the titles
// of the batch's moves are followed back from the stored ones.
func (s *syncer) applyDeletions(ctx context.Context, w *kb.Writer, b *batch) error {
	renamed := map[string]string{} // title at the time of an entry → title stored now
	for _, ch := range b.logs {
		switch ch.LogType + "/" + ch.LogAction {
		case "move/move", "move/move_redir":
			from := ch.Title
			if stored, ok := renamed[from]; ok {
				from = stored
			}
			renamed[ch.LogParams.TargetTitle] = from
			renamed[ch.Title] = ch.Title + "\x00moved" // no stored page holds it any more
		case "delete/delete", "delete/restore":
			title := ch.Title
			if stored, ok := renamed[title]; ok {
				title = stored
			}
			pk, err := w.PageKey(ctx, s.st.Wiki, title)
			if err != nil {
				return err
			}
			if pk == 0 {
				continue
			}
			if ch.LogAction == "delete" {
				n, err := w.DeletePage(ctx, s.st.Wiki, pk, int64(ch.LogID), ch.Timestamp.Time)
				if err != nil {
					return err
				}
				s.sum.Deletions++
				s.sum.Revisions.Deleted += n
			} else {
				if _, err := w.RestorePage(ctx, s.st.Wiki, pk, int64(ch.LogID), ch.Timestamp.Time); err != nil {
					return err
				}
				s.sum.Restorations++
			}
		}
	}
	return nil
}

// applyRevisionDeletions records what the batch's revision deletions
// hide of stored revisions.
func (s *syncer) applyRevisionDeletions(ctx context.Context, w *kb.Writer, b *batch) error {
	for _, ch := range b.logs {
		if ch.LogType != "delete" || ch.LogAction != "revision" || ch.LogParams.Type != "revision" {
			continue
		}
		var ids []string
		for _, id := range ch.LogParams.IDs {
			ids = append(ids, s.qualify(id))
		}
		stored, err := s.db.StoredRevisions(ctx, ids)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if !stored[id] {
				continue // read now, with what is hidden of it
			}
			n := ch.LogParams.New
			if err := w.SetHidden(ctx, id, kb.Hidden{Text: bool(n.Content), SHA1: bool(n.Content), User: bool(n.User),
				Comment: bool(n.Comment), Suppressed: bool(n.Restricted), LogID: int64(ch.LogID)}); err != nil {
				return err
			}
			if n.Content {
				s.sum.Revisions.Hidden++
			}
		}
	}
	return nil
}

// recordMoves records the batch's moves of pages now stored.
func (s *syncer) recordMoves(ctx context.Context, w *kb.Writer, b *batch, p *plan) error {
	for _, ch := range b.logs {
		if ch.LogType != "move" {
			continue
		}
		title := ch.LogParams.TargetTitle
		if pg := p.live[ch.PageID]; pg != nil {
			title = pg.Title
		}
		pk, err := w.PageKey(ctx, s.st.Wiki, title)
		if err != nil {
			return err
		}
		if pk == 0 {
			continue
		}
		if err := w.RecordMove(ctx, s.st.Wiki, int64(ch.LogID), ch.Timestamp.Time, pk, ch.Title, ch.LogParams.TargetTitle,
			!bool(ch.LogParams.SuppressRedirect)); err != nil {
			return err
		}
		s.sum.Moves++
	}
	return nil
}
