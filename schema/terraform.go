package schema

import "slices"

// Terraform is the Terraform and OpenTofu configuration language (.tf,
// .tf.json, .tofu, .tofu.json), as Terraform 1.14 and OpenTofu 1.12 read
// it; where the two differ, the schema accepts both and the mode follows
// the reading that keeps a JSON file meaning the same in both (see the
// package documentation). Resource, data, ephemeral, provider,
// provider_meta, backend, provisioner, connection and action config
// bodies are Open until provider schemas are added: their unlisted
// arguments are expressions (backend and cloud settings: literals).
//
// Terraform and its bodies are shared: treat them as read-only.
var Terraform = &Language{
	Name:    "terraform",
	Version: "1.14",
	Follows: []string{"Terraform 1.14", "OpenTofu 1.12"},
	Root:    withBuiltins(&Language{Root: terraformRoot()}).Root,
}

func attr(name string, m Mode) Attribute     { return Attribute{Name: name, Mode: m} }
func required(name string, m Mode) Attribute { return Attribute{Name: name, Mode: m, Required: true} }
func listOf(name string, m Mode) Attribute   { return Attribute{Name: name, Mode: m, Shape: ListOf} }

// quoted marks a as accepted in a legacy quoted string (Attribute.Quoted).
func quoted(a Attribute) Attribute {
	a.Quoted = true
	return a
}

func keyword(name string, words ...string) Attribute {
	return Attribute{Name: name, Mode: Keyword, Keywords: words}
}

func block(typ string, n Nesting, body *Body, labels ...string) Block {
	return Block{Type: typ, Labels: labels, Nesting: n, Body: body}
}

// tofuTemplate is a Literal argument that OpenTofu evaluates as a
// template (see Attribute.OpenTofuTemplate).
func tofuTemplate(name string) Attribute {
	return Attribute{Name: name, Mode: Literal, OpenTofuTemplate: true}
}

// tofuTemplates marks b's unlisted arguments as OpenTofu templates.
func tofuTemplates(b *Body) *Body {
	b.OpenTofuTemplates = true
	return b
}

// open returns an Open body whose unlisted arguments are read in mode m.
func open(m Mode, attrs []Attribute, blocks ...Block) *Body {
	return &Body{Attributes: attrs, Blocks: blocks, Open: true, AnyAttributesMode: m}
}

// arguments returns an Open body whose unlisted names are arguments read
// in mode m, never blocks (Body.ArgumentsOnly).
func arguments(m Mode, attrs []Attribute, blocks ...Block) *Body {
	b := open(m, attrs, blocks...)
	b.ArgumentsOnly = true
	return b
}

// backendBlock is a backend configuration: its settings are literals
// (OpenTofu evaluates templates in them: tofu sets OpenTofuTemplates),
// and are arguments, except for the few nested blocks of the built-in
// backends that have them (remote, cos, oss, kubernetes).
func backendBlock(label string, tofu bool) Block {
	body := func(blocks ...Block) *Body {
		b := arguments(Literal, nil, blocks...)
		b.OpenTofuTemplates = tofu
		return b
	}
	b := block("backend", NestingSingle, body(), label)
	b.ByLabel = map[string]*Body{
		"remote":     body(block("workspaces", NestingSingle, body())),
		"cos":        body(block("assume_role", NestingSet, body())),
		"oss":        body(block("assume_role", NestingSet, body())),
		"kubernetes": body(block("exec", NestingList, body())),
	}
	return b
}

// ruleBody is a check rule: variable validation, precondition,
// postcondition, assert.
func ruleBody() *Body {
	return &Body{Attributes: []Attribute{
		required("condition", Expression),
		required("error_message", Expression),
	}}
}

// escapeBlock is the "_" block that escapes argument names a provider
// also uses for a meta-argument; its content is provider arguments.
func escapeBlock() Block {
	return block("_", NestingSingle, open(Expression, nil))
}

// dynamicBlock is ext/dynblock's dynamic block, which may appear in any
// provider-defined body, including the content of another dynamic block.
func dynamicBlock() Block {
	content := open(Expression, nil)
	dynamic := block("dynamic", NestingList, &Body{
		Attributes: []Attribute{
			required("for_each", Expression),
			attr("iterator", AbsTraversal),
			listOf("labels", Expression),
		},
		Blocks: []Block{block("content", NestingSingle, content)},
	}, "name")
	content.Blocks = []Block{dynamic}
	return dynamic
}

// providerBlock is a provider configuration; its unlisted arguments are
// the provider's, and dynamic blocks generate its nested blocks, as in a
// resource (dynamic "assume_role").
func providerBlock() Block {
	return block("provider", NestingList, open(Expression,
		[]Attribute{
			attr("alias", Literal),
			attr("version", Literal),
			attr("for_each", Expression), // OpenTofu
		},
		escapeBlock(),
		dynamicBlock(),
	), "name")
}

// variableBlock is an input variable declaration.
func variableBlock() Block {
	return block("variable", NestingList, &Body{
		Attributes: []Attribute{
			attr("type", TypeExpr),
			attr("default", Literal),
			attr("description", Literal),
			attr("sensitive", Literal),
			attr("nullable", Literal),
			attr("ephemeral", Literal),
			attr("deprecated", Literal),
			attr("const", Literal), // OpenTofu
		},
		Blocks: []Block{block("validation", NestingList, ruleBody())},
	}, "name")
}

// localsBlock holds local values: any names, each an expression.
func localsBlock() Block {
	return block("locals", NestingList, &Body{AnyAttributes: true, AnyAttributesMode: Expression})
}

// metaArguments are the count, for_each, provider and depends_on
// arguments of resource, data and ephemeral blocks.
func metaArguments() []Attribute {
	return []Attribute{
		attr("count", Expression),
		attr("for_each", Expression),
		quoted(attr("provider", ProviderRef)),
		quoted(listOf("depends_on", AbsTraversal)),
	}
}

// actionTriggerBlock (Terraform) runs actions when a managed resource is
// created or updated. Each element of actions is a reference such as
// action.aws_lambda_invoke.notify[each.key], parsed as native syntax from
// its JSON string.
func actionTriggerBlock() Block {
	return block("action_trigger", NestingList, &Body{Attributes: []Attribute{
		{Name: "events", Mode: Keyword, Shape: ListOf, Required: true,
			Keywords: []string{"before_create", "after_create", "before_update", "after_update"}},
		attr("condition", Expression),
		{Name: "actions", Mode: NativeExpr, Shape: ListOf, Required: true},
	}})
}

// actionBlock (Terraform) declares an action; the config block holds the
// provider-defined arguments of the action type.
func actionBlock(dynamic Block) Block {
	return block("action", NestingList, &Body{
		Attributes: []Attribute{
			attr("count", Expression),
			attr("for_each", Expression),
			attr("provider", ProviderRef),
		},
		Blocks: []Block{block("config", NestingSingle, open(Expression, nil, dynamic))},
	}, "type", "name")
}

func terraformRoot() *Body {
	rule := ruleBody()
	escape := escapeBlock()
	dynamic := dynamicBlock()
	conditions := []Block{
		block("precondition", NestingList, rule),
		block("postcondition", NestingList, rule),
	}

	connection := arguments(Expression, nil)
	provisioner := provisionerBlock(connection, escape)

	resource := open(Expression, metaArguments(),
		block("lifecycle", NestingSingle, &Body{
			Attributes: []Attribute{
				attr("create_before_destroy", Literal),
				attr("prevent_destroy", Literal),
				attr("destroy", Literal),    // OpenTofu
				attr("enabled", Expression), // OpenTofu
				{Name: "ignore_changes", Mode: RelTraversal, Shape: ListOf, Keywords: []string{"all"}, Quoted: true},
				listOf("replace_triggered_by", NativeExpr),
			},
			Blocks: slices.Concat(conditions, []Block{actionTriggerBlock()}), // action_trigger: Terraform
		}),
		block("connection", NestingSingle, connection),
		provisioner,
		dynamic,
		escape,
	)
	data := open(Expression, metaArguments(),
		block("lifecycle", NestingSingle, &Body{
			Attributes: []Attribute{attr("enabled", Expression)}, // OpenTofu
			Blocks:     conditions,
		}),
		dynamic,
		escape,
	)
	ephemeral := open(Expression, metaArguments(),
		block("lifecycle", NestingSingle, &Body{
			Attributes: []Attribute{attr("enabled", Expression)}, // OpenTofu
			Blocks:     conditions,
		}),
		dynamic,
		escape,
	)

	return &Body{Blocks: []Block{
		block("terraform", NestingList, terraformBlockBody()),
		// language (OpenTofu) declares the edition and experiments.
		block("language", NestingSingle, &Body{
			Attributes: []Attribute{
				keyword("edition"),
				{Name: "experiments", Mode: Keyword, Shape: ListOf},
			},
			Blocks: []Block{
				block("compatible_with", NestingSingle, arguments(Literal, []Attribute{attr("opentofu", Literal)})),
			},
		}),
		providerBlock(),
		variableBlock(),
		block("output", NestingList, &Body{
			Attributes: []Attribute{
				required("value", Expression),
				attr("description", Literal),
				attr("sensitive", Literal),
				attr("ephemeral", Literal),
				attr("deprecated", Literal),
				quoted(listOf("depends_on", AbsTraversal)),
			},
			Blocks: conditions,
		}, "name"),
		localsBlock(),
		// module bodies also take the module's input variables.
		block("module", NestingList, &Body{
			Open:          true,
			ArgumentsOnly: true,
			Attributes: []Attribute{
				{Name: "source", Mode: Literal, Required: true, OpenTofuTemplate: true},
				tofuTemplate("version"),
				attr("count", Expression),
				attr("for_each", Expression),
				quoted(listOf("depends_on", AbsTraversal)),
				{Name: "providers", Mode: ProviderRef, Shape: MapOf, Quoted: true},
			},
			Blocks: []Block{
				block("lifecycle", NestingSingle, &Body{Attributes: []Attribute{attr("enabled", Expression)}}), // OpenTofu
				block("_", NestingSingle, arguments(Expression, nil)),
			},
		}, "name"),
		block("resource", NestingList, resource, "type", "name"),
		block("data", NestingList, data, "type", "name"),
		block("ephemeral", NestingList, ephemeral, "type", "name"),
		actionBlock(dynamic), // Terraform
		block("moved", NestingList, &Body{Attributes: []Attribute{
			required("from", AbsTraversal),
			required("to", AbsTraversal),
		}}),
		block("import", NestingList, &Body{Attributes: []Attribute{
			required("to", NativeExpr),
			attr("id", Expression),
			attr("identity", Expression),
			attr("for_each", Expression),
			quoted(attr("provider", ProviderRef)),
		}}),
		block("removed", NestingList, &Body{
			Attributes: []Attribute{required("from", AbsTraversal)},
			Blocks: []Block{
				block("lifecycle", NestingSingle, &Body{Attributes: []Attribute{attr("destroy", Literal)}}),
				provisioner,
			},
		}),
		block("check", NestingList, &Body{Blocks: []Block{
			block("data", NestingSingle, data, "type", "name"),
			block("assert", NestingList, rule),
		}}, "name"),
	}}
}

// terraformBlockBody is the body of the terraform block: version and
// provider requirements, backend or cloud, and OpenTofu's encryption.
func terraformBlockBody() *Body {
	return &Body{
		Attributes: []Attribute{
			attr("required_version", Literal),
			{Name: "experiments", Mode: Keyword, Shape: ListOf},
			keyword("language"),
		},
		Blocks: []Block{
			backendBlock("type", true),
			block("cloud", NestingSingle, tofuTemplates(arguments(Literal,
				[]Attribute{
					tofuTemplate("organization"),
					tofuTemplate("hostname"),
					tofuTemplate("token"),
				},
				block("workspaces", NestingSingle, tofuTemplates(arguments(Literal, []Attribute{
					tofuTemplate("name"),
					tofuTemplate("project"),
					tofuTemplate("tags"),
				}))),
			))),
			block("required_providers", NestingList, &Body{AnyAttributes: true, AnyAttributesMode: Requirement}),
			block("provider_meta", NestingList, open(Expression, nil), "provider"),
			block("encryption", NestingSingle, encryptionBody()), // OpenTofu
		},
	}
}

// encryptionBody (OpenTofu): key providers and methods have
// provider-specific bodies; targets name a method by traversal.
func encryptionBody() *Body {
	target := &Body{Attributes: []Attribute{attr("method", AbsTraversal)}}
	target.Blocks = []Block{block("fallback", NestingSingle, target)}
	enforceable := &Body{
		Attributes: []Attribute{attr("enforced", Expression), attr("method", AbsTraversal)},
		Blocks:     []Block{block("fallback", NestingSingle, target)},
	}
	return &Body{Blocks: []Block{
		block("key_provider", NestingList,
			open(Expression, []Attribute{attr("encrypted_metadata_alias", Expression)}), "type", "name"),
		block("method", NestingList, open(Expression, nil), "type", "name"),
		block("state", NestingSingle, enforceable),
		block("plan", NestingSingle, enforceable),
		block("remote_state_data_sources", NestingSingle, &Body{Blocks: []Block{
			block("default", NestingSingle, target),
			block("remote_state_data_source", NestingList, target, "name"),
		}}),
	}}
}
