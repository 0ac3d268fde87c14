package inspect

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// Config is the configuration representation of a module tree: the
// "configuration" object of terraform show -json, which tofu show -config
// -json prints on its own. Marshalled with encoding/json it has exactly
// OpenTofu's keys, in OpenTofu's order, plus the extra keys documented on
// each type.
type Config struct {
	// ProviderConfig holds every provider configuration of the tree, keyed
	// "aws", "aws.west", or "module.child:aws" for one declared in a child
	// module. Configurations passed to or inherited by a child are not
	// listed again: the resources that use them name the parent's key.
	ProviderConfig map[string]*ProviderConfig `json:"provider_config,omitempty"`
	// RootModule is the root module.
	RootModule *ModuleConfig `json:"root_module"`
}

// ProviderConfig is one provider configuration.
type ProviderConfig struct {
	// Name is the provider's local name, or for a configuration passed to
	// a child module the name it has there, alias included.
	Name string `json:"name,omitempty"`
	// FullName is the provider's source address,
	// registry.opentofu.org/hashicorp/aws.
	FullName string `json:"full_name,omitempty"`
	// Alias is the alias of a non-default configuration.
	Alias string `json:"alias,omitempty"`
	// VersionConstraint gathers, normalized, the version constraints the
	// module puts on the provider (required_providers and provider blocks).
	VersionConstraint string `json:"version_constraint,omitempty"`
	// ModuleAddress is the address of the module that declares the
	// configuration, empty for the root module.
	ModuleAddress string `json:"module_address,omitempty"`
	// Expressions are the provider's arguments (alias, version and for_each
	// excluded).
	Expressions *Expressions `json:"expressions,omitempty"`

	// Range (extra) is where the provider block starts; nil for a
	// configuration implied by a resource or a required_providers entry.
	Range *Range `json:"range,omitempty"`

	parentKey string
}

// ModuleConfig is the configuration of one module.
type ModuleConfig struct {
	// Outputs are the output values, by name.
	Outputs map[string]*Output `json:"outputs,omitempty"`
	// Resources are the managed resources, then the data resources, then
	// the ephemeral resources, each group sorted by address.
	Resources []*Resource `json:"resources,omitempty"`
	// ModuleCalls are the module blocks, by name.
	ModuleCalls map[string]*ModuleCall `json:"module_calls,omitempty"`
	// Variables are the input variables, by name.
	Variables map[string]*Variable `json:"variables,omitempty"`

	// Locals (extra) are the local values, by name.
	Locals map[string]*Local `json:"locals,omitempty"`
}

// Output is one output value.
type Output struct {
	Sensitive   bool        `json:"sensitive,omitempty"`
	Ephemeral   bool        `json:"ephemeral,omitempty"`
	Deprecated  string      `json:"deprecated,omitempty"`
	Expression  *Expression `json:"expression,omitempty"`
	DependsOn   []string    `json:"depends_on,omitempty"`
	Description string      `json:"description,omitempty"`

	// Range (extra) is where the output block starts.
	Range *Range `json:"range,omitempty"`
}

// Resource is one resource, data or ephemeral block.
type Resource struct {
	// Address is the resource's address within its module:
	// aws_instance.web, data.aws_ami.ubuntu, ephemeral.random_password.p.
	Address string `json:"address,omitempty"`
	// Mode is "managed", "data" or "ephemeral".
	Mode string `json:"mode,omitempty"`
	Type string `json:"type,omitempty"`
	Name string `json:"name,omitempty"`
	// ProviderConfigKey is the key in Config.ProviderConfig of the
	// configuration the resource uses.
	ProviderConfigKey string         `json:"provider_config_key,omitempty"`
	Provisioners      []*Provisioner `json:"provisioners,omitempty"`
	// Expressions are the provider-defined arguments and blocks; nil when
	// there are none.
	Expressions *Expressions `json:"expressions,omitempty"`
	// SchemaVersion is the version of the resource type's schema, set
	// for the built-in provider's resources (terraform_data,
	// terraform_remote_state: 0), whose schemas the programs always have;
	// for a provider's resources only the provider knows it.
	SchemaVersion     *uint64     `json:"schema_version,omitempty"`
	CountExpression   *Expression `json:"count_expression,omitempty"`
	ForEachExpression *Expression `json:"for_each_expression,omitempty"`
	DependsOn         []string    `json:"depends_on,omitempty"`

	// Lifecycle (extra) is the lifecycle block.
	Lifecycle *Lifecycle `json:"lifecycle,omitempty"`
	// Dynamic (extra) lists the dynamic blocks of the resource body.
	Dynamic []*Dynamic `json:"dynamic,omitempty"`
	// Range (extra) is where the block starts.
	Range *Range `json:"range,omitempty"`
}

// Provisioner is one provisioner block of a managed resource. Its
// connection block is left out, as OpenTofu leaves it out.
type Provisioner struct {
	Type        string       `json:"type,omitempty"`
	Expressions *Expressions `json:"expressions,omitempty"`

	// When (extra) is the when keyword as written ("create", "destroy").
	When string `json:"when,omitempty"`
	// OnFailure (extra) is the on_failure keyword as written.
	OnFailure string `json:"on_failure,omitempty"`
	// Range (extra) is where the block starts.
	Range *Range `json:"range,omitempty"`
}

// ModuleCall is one module block.
type ModuleCall struct {
	// Source is the source address as written.
	Source string `json:"source,omitempty"`
	// Expressions are the arguments that set the child's input variables.
	Expressions       *Expressions `json:"expressions,omitempty"`
	CountExpression   *Expression  `json:"count_expression,omitempty"`
	ForEachExpression *Expression  `json:"for_each_expression,omitempty"`
	// Module is the child module, when its source could be loaded.
	Module            *ModuleConfig `json:"module,omitempty"`
	VersionConstraint string        `json:"version_constraint,omitempty"`
	DependsOn         []string      `json:"depends_on,omitempty"`

	// Providers (extra) maps each provider configuration passed to the
	// child, by its name in the child, to the configuration in this module.
	Providers map[string]string `json:"providers,omitempty"`
	// Range (extra) is where the block starts.
	Range *Range `json:"range,omitempty"`
}

// Variable is one input variable. It marshals to OpenTofu's keys in
// OpenTofu's order: type (the cty JSON type, left out for any), default
// (converted to the type), description, required, sensitive, ephemeral,
// deprecated; then the extra range.
type Variable struct {
	// Type is the type constraint with optional attributes; cty.NilType
	// when there is none or it is any.
	Type cty.Type
	// Default is the default value converted to Type; cty.NilVal when the
	// variable has no default (and so is required).
	Default     cty.Value
	Description string
	Sensitive   bool
	Ephemeral   bool
	Deprecated  string

	// Range (extra) is where the block starts.
	Range *Range
}

// Required reports whether the variable has no default.
func (v *Variable) Required() bool { return v.Default == cty.NilVal }

// Local (extra) is one local value.
type Local struct {
	Expression *Expression `json:"expression"`
	Range      *Range      `json:"range,omitempty"`
}

// Lifecycle (extra) is a resource's lifecycle block.
type Lifecycle struct {
	CreateBeforeDestroy *bool `json:"create_before_destroy,omitempty"`
	PreventDestroy      *bool `json:"prevent_destroy,omitempty"`
	// IgnoreChanges is "all" or the list of attribute paths, each as
	// OpenTofu writes a traversal: tags["Name"].
	IgnoreChanges      *IgnoreChanges `json:"ignore_changes,omitempty"`
	ReplaceTriggeredBy []*Expression  `json:"replace_triggered_by,omitempty"`
	Preconditions      []*Condition   `json:"precondition,omitempty"`
	Postconditions     []*Condition   `json:"postcondition,omitempty"`
	// Enabled and Destroy are OpenTofu's.
	Enabled *Expression `json:"enabled,omitempty"`
	Destroy *bool       `json:"destroy,omitempty"`
}

// IgnoreChanges is the ignore_changes argument: all changes, or those of
// the listed paths. It marshals as "all" or as a list of strings.
type IgnoreChanges struct {
	All   bool
	Paths []string
}

// Condition is a precondition or a postcondition.
type Condition struct {
	Condition    *Expression `json:"condition,omitempty"`
	ErrorMessage *Expression `json:"error_message,omitempty"`
	Range        *Range      `json:"range,omitempty"`
}

// Dynamic (extra) is a dynamic block: Type is the type of the blocks it
// generates, Content the expressions of its content block, which may list
// dynamic blocks of its own.
type Dynamic struct {
	Type              string        `json:"type"`
	ForEachExpression *Expression   `json:"for_each_expression,omitempty"`
	Iterator          string        `json:"iterator,omitempty"`
	Labels            []*Expression `json:"labels,omitempty"`
	Content           *Expressions  `json:"content,omitempty"`
	Range             *Range        `json:"range,omitempty"`
}

// Range (extra) is a position in a source file.
type Range struct {
	Filename string `json:"filename"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

func rangeOf(r hcl.Range) *Range {
	return &Range{Filename: r.Filename, Line: r.Start.Line, Column: r.Start.Column}
}

// Expression is the expression representation: ConstantValue when the
// expression refers to nothing and evaluates without a context, References
// otherwise. Both are absent for an expression that refers to nothing but
// cannot be evaluated without a context, such as a function call.
type Expression struct {
	// ConstantValue is the value, or cty.NilVal.
	ConstantValue cty.Value
	// References lists what the expression refers to, each reference
	// followed by the shorter addresses it implies (see References).
	References []string
}

// Empty reports whether e has neither a constant value nor references. A
// nil *Expression (an absent one) is empty.
func (e *Expression) Empty() bool {
	return e == nil || e.ConstantValue == cty.NilVal && len(e.References) == 0
}

// Expressions is the block expressions representation of a body: each
// argument's expression, and each nested block type's blocks.
type Expressions struct {
	Attributes map[string]*Expression
	Blocks     map[string]*NestedBlocks
	// Dynamic (extra) lists the dynamic blocks of a nested body or of
	// the content of a dynamic block. A resource's own dynamic blocks
	// are in Resource.Dynamic.
	Dynamic []*Dynamic
}

// NestedBlocks are the blocks of one type in a body. They marshal as one
// object for single and group nesting, an array for list and set nesting,
// and an object keyed by label for map nesting.
type NestedBlocks struct {
	Nesting schema.Nesting
	Blocks  []*Expressions
	// Keys are the labels of map-nested blocks, one per block.
	Keys []string
}

func (e *Expressions) empty() bool {
	return e == nil || len(e.Attributes) == 0 && len(e.Blocks) == 0 && len(e.Dynamic) == 0
}
