package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/wikirules/wikirules"
)

// Values of API JSON: decoding one value with errors at its file offset,
// and the shapes MediaWiki gives ids and flags.

// decode decodes the next value of the input into v. A value of the wrong
// type (encoding/json's UnmarshalTypeError, whose offset counts from the
// start of the value decoded) is reported at its offset in the file: the
// start of the value, or of the field at fault inside it. what names the
// value in messages.
func (a *apiReader) decode(v any, what string) error {
	var raw json.RawMessage
	if err := a.dec.Decode(&raw); err != nil {
		return a.fail(err, what)
	}
	start := a.inputOffset() - int64(len(raw)) // Decode stops right after the value
	a.lastValue = start
	err := json.Unmarshal(raw, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return a.fail(err, what)
	}
	off, field := start, what
	if te.Field != "" {
		if at := valueOffset(raw, te.Field); at >= 0 {
			off = start + at
		}
		field = fmt.Sprintf("%s: %q", what, te.Field)
	}
	return &Error{File: a.name, Offset: off, Err: &wrongType{fmt.Sprintf("%s: JSON %s where %s is wanted", field, te.Value, wantedJSON(te.Type))}}
}

// wrongType is the cause of the error for a value of the wrong type: the
// value was read whole, so reading can go on after it when it concerns
// one revision or page.
type wrongType struct{ msg string }

func (e *wrongType) Error() string { return e.msg }

// isWrongType reports whether err is decode's error for a value of the
// wrong type.
func isWrongType(err error) bool {
	var w *wrongType
	return errors.As(err, &w)
}

// valueOffset returns the offset in raw (a JSON object) of the value of
// the field at path (keys separated by ".", as UnmarshalTypeError.Field
// gives them), or -1 when it is not found.
func valueOffset(raw []byte, path string) int64 {
	d := json.NewDecoder(bytes.NewReader(raw))
	keys := strings.Split(path, ".")
	for i, key := range keys {
		if t, err := d.Token(); err != nil || t != json.Delim('{') {
			return -1
		}
		found := false
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return -1
			}
			if k == key {
				found = true
				break
			}
			var skip json.RawMessage
			if d.Decode(&skip) != nil {
				return -1
			}
		}
		if !found {
			return -1
		}
		if i == len(keys)-1 {
			off := d.InputOffset() // after the key: then white space, ':', white space
			for off < int64(len(raw)) && strings.IndexByte(" \t\r\n:", raw[off]) >= 0 {
				off++
			}
			return off
		}
	}
	return -1
}

// wantedJSON names the JSON a Go type reads: "a string", "a number"…
func wantedJSON(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Pointer:
		return wantedJSON(t.Elem())
	}
	return "a " + t.String()
}

// tokenString renders a JSON token for a message; strings are quoted and
// cut short (wikirules.Excerpt).
func tokenString(t json.Token) string {
	switch v := t.(type) {
	case string:
		return "string " + wikirules.Excerpt(v, 40)
	case json.Number:
		return "number " + wikirules.Excerpt(string(v), 40)
	case nil:
		return "null"
	}
	return fmt.Sprint(t)
}

// rawID returns a JSON number or string as a string ("" for null, 0 or "").
func rawID(m json.RawMessage) string {
	s := strings.TrimSpace(string(m))
	if strings.HasPrefix(s, `"`) {
		var v string
		if json.Unmarshal(m, &v) == nil {
			s = v
		}
	}
	if s == "null" || s == "0" {
		return ""
	}
	return s
}

// rawFlag reads a revision flag ("minor") as MediaWiki writes it: in
// formatversion 1 the key is present with the value "" when the flag is
// set and absent otherwise; in formatversion 2 it is true or false
// (ApiResult's META_BC_BOOLS). ok is false for any other value ("yes",
// 1, null…).
func rawFlag(m json.RawMessage) (set, ok bool) {
	switch s := string(bytes.TrimSpace(m)); s {
	case "": // absent
		return false, true
	case `""`, "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// validRevID reports whether id is a revision id (API JSON and XML
// readers): as a JSON number (quoted false), what MediaWiki's are, a
// positive integer in decimal (at most 19 digits: a signed 64-bit integer)
// without sign, exponent or leading zero. As a JSON string or an XML
// element's text (quoted true) also an id derived from content
// (wikirules.DeriveRevisionID, which WriteAPI and WriteXML write for a
// contributions dump), or a revision number qualified by its wiki
// ("infinity-es:1234", QualifyID, as they write a stored revision back):
// never other words ("abc").
func validRevID(id string, quoted bool) bool {
	if !quoted {
		return revNumber(id)
	}
	if revNumber(id) || wikirules.IsDerivedRevisionID(id) {
		return true
	}
	wiki, n, ok := strings.Cut(id, ":")
	if !ok || wiki == "" || len(wiki) > 64 || !revNumber(n) {
		return false
	}
	for i := 0; i < len(wiki); i++ {
		if c := wiki[i]; !isAlnum(c) && c != '-' && c != '_' {
			return false
		}
	}
	return true
}

// revNumber reports whether id is a positive decimal integer that fits a
// signed 64-bit integer, without sign or leading zero.
func revNumber(id string) bool {
	if len(id) == 0 || len(id) > 19 || id[0] == '0' {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return len(id) < 19 || id <= "9223372036854775807"
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
