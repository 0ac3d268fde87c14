package realworldtest

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// knownExplained lists the disagreements between the built-in table of
// providers' block structure (spec C28) and the corpus's native files that
// are explained: "provider kind.type.path.name" and why. Every other
// disagreement fails TestKnownSchemas, as an error of the extractor
// (internal/cmd/knownschemas) to fix.
var knownExplained = map[string]string{
	"aws resource.aws_cloudwatch_log_delivery.s3_delivery_configuration written as a block":                    blocksFillListOfObjects,
	"aws resource.aws_default_route_table.route written as a block":                                            blocksFillListOfObjects,
	"aws resource.aws_default_security_group.egress written as a block":                                        blocksFillListOfObjects,
	"aws resource.aws_default_security_group.ingress written as a block":                                       blocksFillListOfObjects,
	"aws resource.aws_ecs_express_gateway_service.network_configuration written as a block":                    blocksFillListOfObjects,
	"aws resource.aws_ecs_express_gateway_service.primary_container.aws_logs_configuration written as a block": blocksFillListOfObjects,
	"aws resource.aws_ecs_express_gateway_service.scaling_target written as a block":                           blocksFillListOfObjects,
	"aws resource.aws_route_table.route written as a block":                                                    blocksFillListOfObjects,
	"aws resource.aws_s3vectors_index.encryption_configuration written as a block":                             blocksFillListOfObjects,
	"aws resource.aws_s3vectors_vector_bucket.encryption_configuration written as a block":                     blocksFillListOfObjects,
	"aws resource.aws_security_group.egress written as a block":                                                blocksFillListOfObjects,
	"aws resource.aws_security_group.ingress written as a block":                                               blocksFillListOfObjects,
	"azurerm resource.azurerm_network_security_group.security_rule written as a block":                         "the SDK's ConfigMode: SchemaConfigModeAttr: an argument (list of objects) that Terraform lets blocks fill (lang/blocktoattr); providers schema -json says attribute too",
}

// blocksFillListOfObjects explains an argument of a list of objects
// that a module writes as blocks: providers schema -json says attribute
// (the aws table is read from it), and Terraform lets blocks fill such an
// argument (lang/blocktoattr), while a JSON property of that name is the
// argument, as the table says.
const blocksFillListOfObjects = "an argument (list of objects) that Terraform lets blocks fill (lang/blocktoattr); providers schema -json says attribute"

// TestKnownSchemas compares the built-in table (spec C28) with how the
// native files of the real-world corpus write each name of a provider's
// body: as a block (name { } or dynamic "name") or as an argument (name =
// ...), for the provider that serves the block as the table's lookups
// decide it (the provider meta-argument's local name or the type's
// implied one, through the module's required_providers). It counts
// agreements and disagreements per provider, logs them, and fails on a
// disagreement that knownExplained does not explain.
func TestKnownSchemas(t *testing.T) {
	root := os.Getenv("HCLJSON_REALWORLD")
	if root == "" {
		t.Skip("HCLJSON_REALWORLD is not set: run scripts/fetch-realworld.sh, then set HCLJSON_REALWORLD to the directory it fills ($HOME/.cache/hcljson/realworld by default)")
	}
	k := &knownCheck{agree: map[string]int{}, disagree: map[string]map[string][]string{}, seen: map[string]bool{}}
	for _, m := range readModules(t) {
		dir := m.dir(root)
		if _, err := os.Stat(dir); err != nil {
			t.Fatalf("%s: %v (run scripts/fetch-realworld.sh)", m.repo, err)
		}
		byDir := map[string][]string{}
		for _, f := range nativeFiles(t, dir) {
			if strings.HasSuffix(f, ".tf") || strings.HasSuffix(f, ".tofu") {
				f = filepath.Join(dir, f)
				byDir[filepath.Dir(f)] = append(byDir[filepath.Dir(f)], f)
			}
		}
		for _, d := range slices.Sorted(maps.Keys(byDir)) {
			k.module(t, root, byDir[d])
		}
	}
	providers := slices.Sorted(maps.Keys(k.agree))
	for p := range k.disagree {
		if !slices.Contains(providers, p) {
			providers = append(providers, p)
		}
	}
	total, unexplained := 0, 0
	for _, p := range providers {
		n := 0
		for _, files := range k.disagree[p] {
			n += len(files)
		}
		t.Logf("%-10s %6d names written as the table says, %4d written otherwise (%d distinct)", p, k.agree[p], n, len(k.disagree[p]))
		total += k.agree[p]
		for _, key := range slices.Sorted(maps.Keys(k.disagree[p])) {
			files := k.disagree[p][key]
			why, ok := knownExplained[key]
			if !ok {
				unexplained++
				t.Errorf("unexplained: %s (%d files, e.g. %s)", key, len(files), files[0])
				continue
			}
			t.Logf("  explained: %s (%d files): %s", key, len(files), why)
		}
	}
	if total == 0 {
		t.Errorf("no name of the corpus is in the table")
	}
	for key := range knownExplained {
		p, _, _ := strings.Cut(key, " ")
		if _, ok := k.disagree[p][key]; !ok {
			t.Errorf("knownExplained: %s no longer disagrees: remove it", key)
		}
	}
}

// knownCheck gathers the comparison.
type knownCheck struct {
	agree    map[string]int                 // provider → names written as the table says
	disagree map[string]map[string][]string // provider → key → files
	seen     map[string]bool                // file + key counted
	sources  map[string]string              // the module's required_providers
}

// module compares the native files of one module directory.
func (k *knownCheck) module(t *testing.T, root string, files []string) {
	var bodies []*hclsyntax.Body
	var names []string
	k.sources = map[string]string{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, diags := hclsyntax.ParseConfig(src, name, hcl.InitialPos)
		if diags.HasErrors() {
			continue // not this test's to report
		}
		body := f.Body.(*hclsyntax.Body)
		bodies = append(bodies, body)
		rel, _ := filepath.Rel(root, name)
		names = append(names, rel)
		for _, b := range body.Blocks {
			if b.Type != "terraform" {
				continue
			}
			for _, r := range b.Body.Blocks {
				if r.Type != "required_providers" {
					continue
				}
				for local, a := range r.Body.Attributes {
					v, diags := a.Expr.Value(nil)
					if diags.HasErrors() || !v.IsWhollyKnown() || v.IsNull() || !v.Type().IsObjectType() || !v.Type().HasAttribute("source") {
						continue
					}
					if s := v.GetAttr("source"); !s.IsNull() && s.Type() == cty.String {
						k.sources[local] = s.AsString()
					}
				}
			}
		}
	}
	for i, body := range bodies {
		for _, b := range body.Blocks {
			switch b.Type {
			case "resource", "data", "ephemeral", "provider":
				if len(b.Labels) > 0 {
					k.body(names[i], k.provider(b), b.Type, b.Labels[0], nil, b.Body)
				}
			}
		}
	}
}

// provider returns the provider that serves block b, as the table is
// asked: the source address of its local name, or the local name.
func (k *knownCheck) provider(b *hclsyntax.Block) string {
	typ := b.Labels[0]
	local := typ
	if b.Type != "provider" {
		local, _, _ = strings.Cut(typ, "_")
		if a, ok := b.Body.Attributes["provider"]; ok {
			if tr, diags := hcl.AbsTraversalForExpr(a.Expr); !diags.HasErrors() {
				local = tr.RootName()
			}
		}
	}
	if src, ok := k.sources[local]; ok {
		return src
	}
	return local
}

// body compares the names of a native body of kind typ at path.
func (k *knownCheck) body(file, provider, kind, typ string, path []string, body *hclsyntax.Body) {
	for name := range body.Attributes {
		k.compare(file, provider, kind, typ, path, name, schema.WrittenArgument)
	}
	for _, b := range body.Blocks {
		name, inner := b.Type, b.Body
		if b.Type == "dynamic" {
			if len(b.Labels) != 1 {
				continue
			}
			name, inner = b.Labels[0], nil
			for _, c := range b.Body.Blocks {
				if c.Type == "content" {
					inner = c.Body
				}
			}
		} else if len(b.Labels) > 0 {
			continue
		}
		k.compare(file, provider, kind, typ, path, name, schema.WrittenBlock)
		if inner != nil {
			k.body(file, provider, kind, typ, append(path[:len(path):len(path)], name), inner)
		}
	}
}

// compare counts one name as the table's provider has it.
func (k *knownCheck) compare(file, provider, kind, typ string, path []string, name string, w schema.Written) {
	known := schema.KnownName(provider, kind, typ, path, name)
	if known == 0 {
		return
	}
	table := provider[strings.LastIndex(provider, "/")+1:]
	if table == "google-beta" {
		table = "google"
	}
	key := fmt.Sprintf("%s %s.%s", table, kind, strings.Join(append(append([]string{typ}, path...), name), "."))
	if w == known {
		if !k.seen[file+"\x00"+key] {
			k.seen[file+"\x00"+key] = true
			k.agree[table]++
		}
		return
	}
	as := "a block"
	if w == schema.WrittenArgument {
		as = "an argument"
	}
	key += " written as " + as
	if k.disagree[table] == nil {
		k.disagree[table] = map[string][]string{}
	}
	if !slices.Contains(k.disagree[table][key], file) {
		k.disagree[table][key] = append(k.disagree[table][key], file)
	}
}
