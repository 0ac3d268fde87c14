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
