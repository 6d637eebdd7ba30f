// Package pairs pairs a page of one wiki with its twin in the other
// language (the Spanish and English Infinity wikis describe the same
// rules), aligns their records, and says which side lags behind.
//
// Pairs are computed from the knowledge base's current pages
// (kb.CurrentPages), so an ingest or a re-ingest changes a pair only by
// changing the pages it is made of. Load computes every pair; an ingest
// also stores them (Store, kb.PutTwins) with the knowledge base's write
// generation, and LoadFor reads only the pairs of the pages a warning
// needs from that stored set while the knowledge base is unchanged since
// (else it computes every pair, as Load does): a question's twin warning
// then reads a few rows instead of every page's text. The twin of a page of wiki W
// ("infinity-es") is a page of the wiki of the same site in the other
// language ("infinity-en"), found by, strongest first:
//
//	interlanguage link  an [[en:Dodge]] link in the page's current wikitext
//	                    (MediaWiki reads a link whose prefix is a language
//	                    code, without a leading ":", as a link to the
//	                    page in that language, not as text)
//	langlinks           the page's prop=langlinks, stored by a sync
//	glossary            a title pair of docs/GLOSSARY.md (Esquivar ↔ Dodge)
//	redirect            a redirect naming the twin: a redirect of W titled
//	                    as a page of the other wiki ("General Movement
//	                    Rules" → Condiciones Generales de Movimiento), or a
//	                    redirect of the other wiki titled as the page
//
// A title found by the link, langlinks or glossary that is a redirect on
// the other wiki is followed (Isolated → Isolated State) and the pair says
// so. Pairs are one to one: a page claimed by two twins keeps the one found
// the strongest way (then the first by title), and the other is reported
// as a conflict.
//
// Align pairs the records of the two current revisions where the
// structure allows: records of one block (same kind, the n-th block of that
// kind) are paired by ordinal when both blocks hold as many records, else
// only records whose numbers (MODs, distances, counts) are the same and
// unique on both sides; the rest are unmatched. A paired record's texts
// are compared with diff.Text: different numbers are substantive, the rest
// translation (or wording, when both texts are in one language).
//
// Lag compares the two sides by edition (N5 over N4; CodeOne is not newer
// than N4), then by update version, then by FAQ version (per FAQ series:
// "N4 FAQ" against "N4 FAQ"), then by revision date — the date only when
// the aligned records differ in substance, since a later translation of
// the same text is no newer rule.
package pairs
