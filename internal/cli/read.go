package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
)

// Every input is read with a bound, so that no input can make a run
// use unbounded memory or never end: a file named on the command line or
// found in a directory must be a regular file, and one larger than
// the limit (--max-size, defaultMaxSize) is refused from its size, before
// it is read; standard input ("-") is read up to the limit.

// defaultMaxSize is the largest input read without --max-size.
const defaultMaxSize = 256 << 20

// maxSizeHelp is the help line of --max-size, shared by the commands.
const maxSizeHelp = `  --max-size SIZE          read no input larger than SIZE: a number of
                           bytes, or with a unit (KiB, MiB, GiB; KB, MB,
                           GB), such as 1GiB. Default: 256MiB
`

// readFile reads a file named on the command line or found in a
// directory, and returns its content and its permissions.
func (e *env) readFile(name string) ([]byte, fs.FileMode, error) {
	src, fi, err := module.ReadFile(name, e.maxSize)
	if err != nil {
		return nil, 0, err
	}
	return src, fi.Mode().Perm(), nil
}

// readStdin reads standard input, up to the limit.
func (e *env) readStdin() ([]byte, error) {
	return readLimited(e.stdin, e.maxSize)
}

// readOption reads a file named by a flag, such as --provider-schema,
// up to the limit. Unlike an input, it may be a pipe, such as the
// process substitution <(terraform providers schema -json).
func (e *env) readOption(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	}
	if fi.Mode().IsRegular() && fi.Size() > e.maxSize {
		return nil, &fs.PathError{Op: "read", Path: name, Err: &module.SizeError{Size: fi.Size(), Limit: e.maxSize}}
	}
	src, err := readLimited(f, e.maxSize)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return src, nil
}

// readLimited reads r to its end, or returns a *module.SizeError when it
// holds more than limit bytes.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	src, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > limit {
		return nil, &module.SizeError{Size: int64(len(src)), Limit: limit}
	}
	return src, nil
}

// encodingFailed returns the error of a file that starts with a UTF-16 or
// UTF-32 byte order mark, with the file for its snippet, or nil.
func encodingFailed(src []byte, name string) (*hcl.File, hcl.Diagnostics) {
	if d := module.EncodingError(src, name); d != nil {
		return &hcl.File{Body: hcl.EmptyBody(), Bytes: src}, hcl.Diagnostics{d}
	}
	return nil, nil
}

// sizeFlag is --max-size.
type sizeFlag struct{ n *int64 }

func (f sizeFlag) String() string {
	if f.n == nil {
		return ""
	}
	return strconv.FormatInt(*f.n, 10)
}

func (f sizeFlag) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	*f.n = n
	return nil
}

// sizeUnits are the units of --max-size, longest first.
var sizeUnits = []struct {
	suffix string
	factor int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"B", 1},
}

// parseSize reads a size: a number of bytes, or a number and a unit.
func parseSize(s string) (int64, error) {
	digits, factor := s, int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(s, u.suffix) {
			digits, factor = strings.TrimSuffix(s, u.suffix), u.factor
			break
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/factor {
		return 0, fmt.Errorf("invalid size %q: want a positive number of bytes, or a number and a unit such as 512MiB or 2GB", s)
	}
	return n * factor, nil
}

// sizeFlagOn adds --max-size to fs, setting e.maxSize.
func (e *env) sizeFlagOn(fs *flag.FlagSet) {
	fs.Var(sizeFlag{&e.maxSize}, "max-size", "")
}
