// Package ctystr makes cty string values of ASCII text without
// cty.StringVal's normalization pass. cty.StringVal puts every string
// through Unicode normalization (NFC), which returns text of ASCII only
// as it is, but reads it byte by byte to find that out, and boxes the
// string in the value's interface. [Val] checks for ASCII a word at a time
// and builds the same value; text with any other byte goes through
// cty.StringVal. [Boxed] builds the value of an ASCII string the caller
// checked and stores, so that many values can share one allocation.
//
// The value is built by writing the data word of cty.Value's interface,
// whose layout is checked once against values that cty makes (two
// strings, their type words and the strings their data words point to);
// if the layout is not the expected one, every call goes through
// cty.StringVal. TestVal compares with cty.StringVal.
//
// Imports: no package of this module. Used by internal/native, template
// and hcljson, for the literal strings they turn into values.
package ctystr
