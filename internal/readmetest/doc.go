// Package readmetest compiles the Go snippets of the repository's
// README.md, so that what a reader copies from it builds: each ```go
// block is type-checked against the module's packages, as a file of its
// own when it declares things (it starts with an import or a type), as
// the body of a function returning error otherwise, with the imports its
// package names call for and a src []byte in scope. Variables a snippet
// declares and leaves unused are allowed: a snippet shows a call, not a
// program.
//
// It is used only by tests and has no code of its own.
package readmetest
