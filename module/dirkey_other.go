//go:build !unix

package module

import "io/fs"

// fileKey has no identity of a file to give here: DirKey uses the path.
func fileKey(fi fs.FileInfo) (string, bool) { return "", false }
