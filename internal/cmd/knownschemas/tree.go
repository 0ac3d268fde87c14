package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// A body is what the extractor knows of one schema body: names that are
// attributes, names that are nested blocks, and names the sources define
// both ways (left out).
type body struct {
	attrs  map[string]bool
	blocks map[string]*block
	both   map[string]bool
}

// A block is a nested block type: its nesting (list, set, single, or ""
// when not known) and its body (nil when not known).
type block struct {
	nesting string
	body    *body
}

func newBody() *body {
	return &body{attrs: map[string]bool{}, blocks: map[string]*block{}, both: map[string]bool{}}
}

func (b *body) attr(name string) {
	if b.both[name] {
		return
	}
	if _, ok := b.blocks[name]; ok {
		delete(b.blocks, name)
		b.both[name] = true
		return
	}
	b.attrs[name] = true
}

func (b *body) block(name string, blk *block) {
	if b.both[name] {
		return
	}
	if b.attrs[name] {
		delete(b.attrs, name)
		b.both[name] = true
		return
	}
	old, ok := b.blocks[name]
	if !ok {
		b.blocks[name] = blk
		return
	}
	if old.nesting != blk.nesting {
		old.nesting = ""
	}
	switch {
	case old.body == nil:
		old.body = blk.body
	case blk.body != nil:
		old.body.merge(blk.body)
	}
}

// merge adds what o knows to b: a name the two define differently is
// left out.
func (b *body) merge(o *body) {
	for n := range o.both {
		delete(b.attrs, n)
		delete(b.blocks, n)
		b.both[n] = true
	}
	for n := range o.attrs {
		b.attr(n)
	}
	for n, blk := range o.blocks {
		b.block(n, blk)
	}
}

// count returns the number of names listed in b and the bodies inside.
func (b *body) count() int {
	if b == nil {
		return 0
	}
	n := len(b.attrs) + len(b.blocks)
	for _, blk := range b.blocks {
		n += blk.body.count()
	}
	return n
}

// countBoth returns the number of names left out of b and the bodies
// inside because they are defined both ways.
func (b *body) countBoth() int {
	if b == nil {
		return 0
	}
	n := len(b.both)
	for _, blk := range b.blocks {
		n += blk.body.countBoth()
	}
	return n
}

// write writes b in the table's format at depth: a line "= names" of its
// attributes, then a line "+ name nesting" for each block type, followed
// by its body one level deeper.
func (b *body) write(w io.Writer, depth int) {
	if b == nil {
		return
	}
	ind := strings.Repeat(" ", depth)
	if len(b.attrs) > 0 {
		fmt.Fprintf(w, "%s= %s\n", ind, strings.Join(slices.Sorted(maps.Keys(b.attrs)), " "))
	}
	for _, n := range slices.Sorted(maps.Keys(b.blocks)) {
		blk := b.blocks[n]
		if blk.nesting != "" {
			fmt.Fprintf(w, "%s+ %s %s\n", ind, n, blk.nesting)
		} else {
			fmt.Fprintf(w, "%s+ %s\n", ind, n)
		}
		blk.body.write(w, depth+1)
	}
}
