package module

import (
	"os"
	"path/filepath"
)

// DirKey returns the identity of the directory dir, the same for every
// name of it: through symbolic links (a link to "." or "..", which makes
// a/a/a... the one directory), bind mounts and relative names. Where the
// system has them it is the directory's device and inode numbers, read
// with os.Stat (which follows links); elsewhere, and for a directory
// that cannot be stat'ed (one that does not exist), its absolute path
// with symbolic links resolved as far as they resolve. The two kinds of
// key never equal each other. It is the one rule by which the hcljson
// commands tell that a walk of directories or a tree of module calls
// has come back to a directory it is in (spec.md C23). The empty name
// names no directory (not the working one): its key is "".
func DirKey(dir string) string {
	if dir == "" {
		return ""
	}
	if fi, err := os.Stat(dir); err == nil {
		if k, ok := fileKey(fi); ok {
			return k
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return filepath.Clean(dir)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}
