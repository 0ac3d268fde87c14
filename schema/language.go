package schema

// Language is a configuration language: the schema of a file's root body,
// named and versioned by the releases it follows. Adding a release is a
// new Language value, not new code.
type Language struct {
	Name    string
	Version string
	// Follows names the releases whose behaviour Root describes.
	Follows []string
	Root    *Body
}

// Generic is HCL with no schema: an Open root body whose arguments are
// expressions and whose blocks nobody knows. It is the language of a file
// whose name implies none (see LanguageFor), and chooses that reading
// for any file where an API would otherwise choose by name.
//
// Generic and its body are shared: treat them as read-only.
var Generic = &Language{
	Name: "hcl",
	Root: &Body{Open: true, AnyAttributesMode: Expression},
}
