package module

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/hashicorp/hcl/v2"
)

// A SizeError is the error of a file larger than the limit given to
// ReadFile.
type SizeError struct {
	Size, Limit int64
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("it has %d bytes, more than the limit of %d", e.Size, e.Limit)
}

// ReadFile reads the file at path, following symbolic links, and returns
// its content and its information. It reads nothing from a file that is
// not a regular file (a directory, a named pipe, a socket, a device),
// which could block or never end, nor, when limit is positive, from a
// file larger than limit bytes, as its size says before it is opened;
// the errors are *fs.PathError wrapping a description or a *SizeError.
// A file that grows past limit while it is read is an error too.
func ReadFile(path string, limit int64) ([]byte, fs.FileInfo, error) {
	return readFile(path, limit, false)
}

// readFile is ReadFile, but for the FileInfo; listed says that the
// directory's listing gave path as a regular file (fs.DirEntry.Type): it
// is then read with the system calls alone where it can be (readRegular,
// which returns no FileInfo), and otherwise, where opening does not block
// (openFlags), without the Stat before the open: the Stat after it
// refuses what replaced the file meanwhile.
func readFile(path string, limit int64, listed bool) ([]byte, fs.FileInfo, error) {
	if listed {
		if src, ok := readRegular(path, limit); ok {
			return src, nil, nil
		}
	}
	var fi fs.FileInfo
	var err error
	if !listed || openFlags == 0 {
		fi, err = os.Stat(path)
		if err != nil {
			return nil, nil, err
		}
		if err := checkRegular(fi, limit); err != nil {
			return nil, nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
	}
	// openFlags opens without blocking (where the system has the flag):
	// a file replaced by a named pipe after the Stat above does not block
	// the open, and the check below refuses it. For a regular file the
	// flag changes nothing, but it spares the runtime switching the
	// descriptor to non-blocking mode and back (four fcntl calls per
	// file on Linux).
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	// The file may have been replaced between Stat and Open.
	if fi, err = f.Stat(); err != nil {
		return nil, nil, err
	}
	if err := checkRegular(fi, limit); err != nil {
		return nil, nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	r := io.Reader(f)
	if limit > 0 {
		r = io.LimitReader(f, limit+1)
	}
	src := make([]byte, 0, fi.Size()+1)
	for {
		n, err := r.Read(src[len(src):cap(src)])
		src = src[:len(src)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if len(src) == cap(src) {
			src = append(src, 0)[:len(src)]
		}
	}
	if limit > 0 && int64(len(src)) > limit {
		return nil, nil, &fs.PathError{Op: "read", Path: path, Err: &SizeError{Size: int64(len(src)), Limit: limit}}
	}
	return src, fi, nil
}

// checkRegular returns an error when fi is not a regular file or is
// larger than a positive limit.
func checkRegular(fi fs.FileInfo, limit int64) error {
	switch {
	case fi.IsDir():
		return errors.New("is a directory")
	case !fi.Mode().IsRegular():
		return fmt.Errorf("is %s, not a regular file", Kind(fi.Mode()))
	}
	if limit > 0 && fi.Size() > limit {
		return &SizeError{Size: fi.Size(), Limit: limit}
	}
	return nil
}

// Kind names the type of a file that is not a regular file: "a
// directory", "a symbolic link", "a named pipe", "a socket", "a device"
// or "a special file"; a regular file is "a regular file".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// byte order marks of the encodings hcljson does not read, the longer
// first: UTF-32 LE starts with the UTF-16 LE mark.
var foreignBOMs = []struct {
	mark, encoding, iconv string
}{
	{"\x00\x00\xfe\xff", "UTF-32 (big-endian)", "UTF-32"},
	{"\xff\xfe\x00\x00", "UTF-32 (little-endian)", "UTF-32"},
	{"\xfe\xff", "UTF-16 (big-endian)", "UTF-16"},
	{"\xff\xfe", "UTF-16 (little-endian)", "UTF-16"},
}

// EncodingError returns an error when src starts with the byte order mark
// of UTF-16 or UTF-32, which neither syntax reads (both read UTF-8), and
// nil otherwise. Its Subject is the mark.
func EncodingError(src []byte, filename string) *hcl.Diagnostic {
	for _, b := range foreignBOMs {
		if bytes.HasPrefix(src, []byte(b.mark)) {
			return &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Unsupported text encoding",
				Detail: fmt.Sprintf("The file %q starts with the byte order mark of %s; HCL files must be UTF-8. Convert the file, for example with iconv -f %s -t UTF-8.",
					filename, b.encoding, b.iconv),
				Subject: &hcl.Range{
					Filename: filename,
					Start:    hcl.InitialPos,
					End:      hcl.Pos{Line: 1, Column: 1 + len(b.mark), Byte: len(b.mark)},
				},
			}
		}
	}
	return nil
}
