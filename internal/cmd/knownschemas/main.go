// Command knownschemas reads a Terraform provider's Go source (or its schemas'
// JSON, see below) and writes the block structure of its schemas for
// package schema's built-in table (spec.md C28): for the provider's
// configuration and each resource type, data source and ephemeral
// resource it registers, the names that are attributes and the names
// that are nested blocks (with their nesting), at every level. It is a
// tool of the repository, run by scripts/known-schemas.sh; the library
// never runs it.
//
// # How it reads a provider
//
// It parses the module's packages with go/parser and follows what a
// schema is made of through the source, without type checking and
// without running anything: registrations (map[string]*schema.Resource
// literals under ResourcesMap, DataSourcesMap or a function named for
// them; google's registry.Schema literals; azurerm's lists of typed
// resources; terraform-plugin-framework types whose Metadata sets
// resp.TypeName), then each schema: terraform-plugin-sdk/v2 (and
// azurerm's pluginsdk aliases), where a list or set whose Elem is a
// *schema.Resource is a nested block unless it is computed only or its
// ConfigMode is SchemaConfigModeAttr, and a resource's Timeouts add a
// timeouts block; the framework, where Attributes holds attributes and
// Blocks nested blocks (ListNestedBlock, SetNestedBlock,
// SingleNestedBlock, timeouts.Block). Local variables assigned once,
// package-level values, and calls of the module's functions and methods
// whose body returns one expression are followed (arguments bound to
// parameters). What it cannot resolve is not listed, never guessed, and
// a name that two definitions of a type disagree on is left out.
//
// # Schemas as JSON
//
// With -input json, -src is a file of `terraform providers schema -json`
// output; with -input generated, a schema repository that keeps that
// output one Go string constant per type (lonegunmanb/terraform-aws-schema:
// generated/register.go assigns each type the function that decodes its
// constant). The JSON says what each name is, so nothing is inferred:
// attributes (of any type, nested attribute types included) are
// attributes, block types blocks, and a block type nested as a map (its
// blocks take a label) is left out. Several such sources (provider
// versions) make one table as several repositories do.
//
// # Output
//
// Several sources (google and google-beta) make one table: what they
// define is merged, and a name they define differently is left out.
//
// A text table, gzip-compressed when the output name ends in .gz: a
// header of "# key: value" lines (provider, source, repository, commit,
// extracted, license, serves, and version when -version is given), then
// one "# notice: " line for each line of the -notice file, then one entry per schema: "P" for the
// provider's configuration, "R TYPE", "D TYPE" or "E TYPE"; under it, at
// one more space of indentation per level, "= NAMES" lists attributes and
// "+ NAME NESTING" a nested block type, followed by its body.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
)

func main() {
	src := flag.String("src", "", "the provider's module directory (its go.mod); several, separated by commas, make one table")
	name := flag.String("name", "", "the provider's type name (google)")
	address := flag.String("source", "", "the provider's source address (registry.terraform.io/hashicorp/google)")
	repo := flag.String("repo", "", "the repositories the sources come from, separated by spaces")
	commit := flag.String("commit", "", "the repositories' commits, separated by spaces")
	date := flag.String("date", "", "the extraction date")
	serves := flag.String("serves", "", "other provider type names the table serves (google-beta)")
	fwPrefix := flag.String("fw-prefix", "", "what the provider's framework wrapper puts before the type names that Metadata sets (datadog_)")
	input := flag.String("input", "go", "what -src holds: go (the provider's Go source), json (a file of `terraform providers schema -json` output), generated (a schema repository of one Go string constant of that JSON per type, as lonegunmanb/terraform-aws-schema)")
	version := flag.String("version", "", "the provider versions the sources are of, separated by spaces")
	license := flag.String("license", "MPL-2.0", "the license of what the table is read from")
	notice := flag.String("notice", "", "a file whose lines the header repeats (a license notice)")
	out := flag.String("o", "", "the output file (.gz: compressed)")
	flag.Parse()
	if *src == "" || *name == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	var noticeLines []string
	if *notice != "" {
		data, err := os.ReadFile(*notice)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				noticeLines = append(noticeLines, l)
			}
		}
	}
	x := &extractor{name: *name, fwPrefix: *fwPrefix, schemas: map[string]*body{}, skipped: map[string]int{}}
	for _, dir := range strings.Split(*src, ",") {
		var err error
		switch *input {
		case "go":
			x.src, err = newSource(dir)
			if err == nil {
				x.run()
			}
		case "json":
			err = x.runJSON(dir, *address)
		case "generated":
			err = x.runGenerated(dir)
		default:
			err = fmt.Errorf("-input %s: want go, json or generated", *input)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}

	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(*out, ".gz") {
		zw, _ = gzip.NewWriterLevel(f, gzip.BestCompression)
		w = zw
	}
	bw := bufio.NewWriter(w)
	for _, kv := range [][2]string{
		{"provider", *name}, {"source", *address}, {"repository", *repo}, {"commit", *commit},
		{"extracted", *date + " by internal/cmd/knownschemas (scripts/known-schemas.sh)"},
		{"license", *license}, {"serves", strings.TrimSpace(*name + " " + *serves)}, {"version", *version},
	} {
		if kv[1] != "" {
			fmt.Fprintf(bw, "# %s: %s\n", kv[0], kv[1])
		}
	}
	for _, l := range noticeLines {
		fmt.Fprintf(bw, "# notice: %s\n", l)
	}
	keys := slices.Collect(maps.Keys(x.schemas))
	sort.Slice(keys, func(i, j int) bool {
		if (keys[i] == kindProvider) != (keys[j] == kindProvider) {
			return keys[i] == kindProvider
		}
		return keys[i] < keys[j]
	})
	counts := map[string]int{}
	names := 0
	for _, k := range keys {
		fmt.Fprintln(bw, k)
		x.schemas[k].write(bw, 1)
		counts[k[:1]]++
		names += x.schemas[k].count()
	}
	err = bw.Flush()
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	both := 0
	for _, b := range x.schemas {
		both += b.countBoth()
	}
	fmt.Fprintf(os.Stderr, "%s: provider %d, resources %d, data sources %d, ephemeral %d; %d names listed, %d left out (defined both ways, or as blocks with labels)\n",
		*name, counts[kindProvider], counts[kindResource], counts[kindData], counts[kindEphemeral], names, both)
	for _, k := range slices.Sorted(maps.Keys(x.skipped)) {
		fmt.Fprintf(os.Stderr, "  not read: %s: %d\n", k, x.skipped[k])
	}
}
