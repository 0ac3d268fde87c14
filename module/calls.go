package module

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// DefaultMaxModuleCalls is the default bound of Tree.Walk: the most
// module calls whose module is read in one walk of a tree.
const DefaultMaxModuleCalls = 10000

// IsLocalSource reports whether a module source is a local path, which
// Terraform and OpenTofu recognize by its "./", "../", ".\" or "..\"
// prefix.
func IsLocalSource(src string) bool {
	return strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../") ||
		strings.HasPrefix(src, ".\\") || strings.HasPrefix(src, "..\\")
}

// CallDir returns the directory of the module that a call with source
// src, in the module in directory from, refers to: a local source
// (IsLocalSource) relative to from, or, for another source, where
// .terraform/modules/modules.json under the root directory (written by
// terraform init or tofu init) says the call was installed, by its path
// of call names from the root (path, such as ["a", "b"] for the call b in
// the module of call a). It reports false when neither applies (a nil
// path finds no installed module). It does not say whether the
// directory exists.
func (t *Tree) CallDir(from string, path []string, src string) (string, bool) {
	t.check("CallDir")
	if IsLocalSource(src) {
		return filepath.Join(from, filepath.FromSlash(src)), true
	}
	if len(path) == 0 {
		return "", false
	}
	if !t.installedRead {
		t.installedRead = true
		t.installed = readInstalled(t.root.Dir)
	}
	dir, ok := t.installed[strings.Join(path, ".")]
	if !ok {
		return "", false
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(t.root.Dir, dir)
	}
	return dir, true
}

// readInstalled reads .terraform/modules/modules.json under dir, if any.
func readInstalled(dir string) map[string]string {
	b, err := os.ReadFile(filepath.Join(dir, ".terraform", "modules", "modules.json"))
	if err != nil {
		return nil
	}
	var manifest struct {
		Modules []struct{ Key, Dir string }
	}
	if json.Unmarshal(b, &manifest) != nil {
		return nil
	}
	m := make(map[string]string, len(manifest.Modules))
	for _, mod := range manifest.Modules {
		if mod.Key != "" {
			m[mod.Key] = filepath.FromSlash(mod.Dir)
		}
	}
	return m
}

// statDir reports whether dir exists and is a directory.
func statDir(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}

// A Walk expands a tree as Terraform and OpenTofu do: one module per
// call, so that a module called from two places is two nodes of the
// tree, each of the same directory, read once (Tree.ReadDir). It
// bounds the expansion: a call whose directory is already on the chain
// of calls that leads to it (a module that calls itself, directly or
// not) and the calls past the limit given to Tree.Walk have no module.
// The walker decodes each node's calls and asks for their modules
// (Walk.Call) in the order it chooses.
type Walk struct {
	t        *Tree
	calls    int
	maxCalls int
	// read holds the directories whose diagnostics the walk returned.
	read map[string]bool
}

// Node is one module of a walk's tree: the root or the module of one
// call.
type Node struct {
	// Dir is the module's directory, as the call (or the root) names it.
	Dir string
	// Key is Dir's identity (DirKey).
	Key string
	// Path are the names of the calls from the root ("a", "b" for the
	// module of call b in the module of call a); empty for the root.
	Path []string
	// Parent is the node of the calling module; nil for the root.
	Parent *Node
}

// Walk returns a new walk of the tree from its root, which reads the
// modules of at most maxCalls calls: 0 means DefaultMaxModuleCalls, a
// negative number no limit.
func (t *Tree) Walk(maxCalls int) *Walk {
	t.check("Walk")
	if maxCalls == 0 {
		maxCalls = DefaultMaxModuleCalls
	}
	return &Walk{t: t, maxCalls: maxCalls, read: map[string]bool{}}
}

// Root returns the root node of the walk and the root module's files as
// Tree.ReadDir reads them, with their diagnostics on the first call.
func (w *Walk) Root() (*Node, []*hcl.File, hcl.Diagnostics) {
	w.check("Root")
	dir := w.t.root.Dir
	n := &Node{Dir: dir, Key: w.t.Key(dir)}
	files, diags := w.files(n)
	return n, files, diags
}

// check panics, naming the method called, if Tree.Walk did not make w.
func (w *Walk) check(method string) {
	if w == nil || w.t == nil {
		panic("module: Walk." + method + " of a Walk that Tree.Walk did not make")
	}
}

// files returns the files of n's directory, and their diagnostics the
// first time the walk reads it.
func (w *Walk) files(n *Node) ([]*hcl.File, hcl.Diagnostics) {
	files, diags := w.t.ReadDir(n.Dir)
	if w.read[n.Key] {
		return files, nil
	}
	w.read[n.Key] = true
	return files, diags
}

// Call returns the node of the module that the call name in parent's
// module refers to, whose source is src (as the walker decoded it), and
// the files of its directory (Tree.ReadDir, their diagnostics the first
// time the walk reads the directory). It returns a nil node when the
// call has no module: a source that names none (see Tree.CallDir) with
// no diagnostic; with an error at subject (the call's source argument)
// a call whose directory is on the chain of calls that leads to it
// ("Module calls itself"), the first call past the walk's limit ("Too
// many module calls"; the later ones without an error) and a directory
// that does not exist ("Failed to read module directory").
func (w *Walk) Call(parent *Node, name, src string, subject *hcl.Range) (*Node, []*hcl.File, hcl.Diagnostics) {
	w.check("Call")
	if parent == nil {
		panic("module: Walk.Call with a nil parent")
	}
	path := append(parent.Path[:len(parent.Path):len(parent.Path)], name)
	dir, ok := w.t.CallDir(parent.Dir, path, src)
	if !ok {
		return nil, nil, nil
	}
	key := w.t.Key(dir)
	for p := parent; p != nil; p = p.Parent {
		if p.Key == key {
			return nil, nil, hcl.Diagnostics{errorf(subject, "Module calls itself",
				"The module in %s is already being read: module %s would contain itself.", dir, strings.Join(path, "."))}
		}
	}
	if w.maxCalls >= 0 && w.calls >= w.maxCalls {
		if w.calls > w.maxCalls {
			return nil, nil, nil
		}
		w.calls++ // report once
		return nil, nil, hcl.Diagnostics{errorf(subject, "Too many module calls",
			"The module tree has more than %d module calls (a module called from several places, or from a module called several times, counts once per call, as Terraform expands the tree); module %s and the calls after it are shown without their module.",
			w.maxCalls, strings.Join(path, "."))}
	}
	w.calls++
	n := &Node{Dir: dir, Key: key, Path: path, Parent: parent}
	if !w.t.isDir(dir) {
		return nil, nil, hcl.Diagnostics{errorf(subject, "Failed to read module directory",
			"Module directory %s does not exist or cannot be read.", dir)}
	}
	files, diags := w.files(n)
	return n, files, diags
}
