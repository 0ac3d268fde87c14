// Package workers runs the items of a slice on several goroutines, each
// taking the next item not yet taken, the way the module loader reads a
// directory's files, the check checks them and tojson parses a file's
// pieces: [Each].
//
// # Imports
//
// Nothing of this module. module, validate and tojson import it.
package workers
