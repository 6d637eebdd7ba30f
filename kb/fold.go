package kb

import (
	"database/sql/driver"
	"fmt"
	"strings"

	"modernc.org/sqlite"

	"github.com/wikirules/wikirules/lang"
)

// foldTitle returns the lookup key of a page title, the fold column of
// pages and faq_related: "_" read as a space (MediaWiki title
// normalisation), folded by lang.Fold (lower case, accents removed, as
// the FTS5 tokenizer of the search tables folds them), runs of white space
// collapsed and trimmed. "Órdenes_de  Reacción" and "ordenes de reaccion"
// fold alike.
func foldTitle(title string) string {
	return strings.Join(strings.Fields(lang.Fold(strings.ReplaceAll(title, "_", " "))), " ")
}

// foldTitleSQL is foldTitle as an SQL function, fold_title(text), for the
// migrations that recompute the stored keys when foldTitle changes. It is
// registered with the driver before any connection opens (the driver
// offers it to the connections it opens after).
const foldTitleSQL = "fold_title"

func init() {
	err := sqlite.RegisterDeterministicScalarFunction(foldTitleSQL, 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		s, ok := args[0].(string)
		if !ok {
			return nil, fmt.Errorf("%s: want text, got %T", foldTitleSQL, args[0])
		}
		return foldTitle(s), nil
	})
	if err != nil {
		panic(err)
	}
}
