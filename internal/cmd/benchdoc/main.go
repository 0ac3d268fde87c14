// Command benchdoc writes the generated configuration that the conversion
// benchmarks use (internal/convtest.NativeDoc), in both syntaxes, with the
// provider schema that describes it, so that the command line can be
// measured on the same input (time, peak memory):
//
//	go run ./internal/cmd/benchdoc -json-size 20MB -o /tmp/bench
//	/usr/bin/time -v hcljson convert --provider-schema /tmp/bench/schema.json /tmp/bench/main.tf.json
//
// It writes DIR/main.tf, DIR/main.tf.json (tojson.Convert of main.tf) and
// DIR/schema.json. -json-size sizes the configuration by its JSON (the
// input of the way to native syntax); -size by its native text.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/convtest"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "benchdoc:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("benchdoc", flag.ContinueOnError)
	size := fs.String("size", "", "size of the native text (e.g. 10MB)")
	jsonSize := fs.String("json-size", "", "size of the JSON text (e.g. 20MB)")
	dir := fs.String("o", "", "output directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || (*size == "") == (*jsonSize == "") {
		return fmt.Errorf("usage: benchdoc (-size N | -json-size N) -o DIR")
	}
	ps, err := schema.ReadProviderSchemas([]byte(convtest.BenchProviderSchema))
	if err != nil {
		return err
	}
	lang, err := schema.Terraform.WithProviders(ps)
	if err != nil {
		return err
	}
	var native, js []byte
	if *size != "" {
		n, err := parseSize(*size)
		if err != nil {
			return err
		}
		native = convtest.NativeDoc(n)
		if js, err = toJSON(native, lang); err != nil {
			return err
		}
	} else {
		want, err := parseSize(*jsonSize)
		if err != nil {
			return err
		}
		native, js, err = convtest.DocOfJSONSize(want, func(native []byte) ([]byte, error) { return toJSON(native, lang) })
		if err != nil {
			return err
		}
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{"main.tf": native, "main.tf.json": js, "schema.json": []byte(convtest.BenchProviderSchema)} {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("main.tf %d bytes, main.tf.json %d bytes\n", len(native), len(js))
	return nil
}

func toJSON(native []byte, lang *schema.Language) ([]byte, error) {
	js, diags := tojson.Convert(native, "main.tf", tojson.Options{Schema: lang.Root}, gen.Options{})
	if diags.HasErrors() {
		return nil, diags
	}
	return js, nil
}

func parseSize(s string) (int, error) {
	mult := 1
	for suffix, m := range map[string]int{"KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30} {
		if strings.HasSuffix(s, suffix) {
			s, mult = strings.TrimSuffix(s, suffix), m
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("size %q: want a number with KB, MB or GB", s)
	}
	return int(n * float64(mult)), nil
}
