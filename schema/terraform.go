package schema

// Terraform is the Terraform and OpenTofu configuration language (.tf,
// .tf.json, .tofu, .tofu.json), as Terraform 1.14 and OpenTofu 1.12 read
// it; where the two differ, the schema accepts both and the mode follows
// the reading that keeps a JSON file meaning the same in both (see the
// package documentation). Resource, data, ephemeral, provider,
// provider_meta, backend, provisioner and connection bodies are Open until
// provider schemas are added: their unlisted arguments are expressions
// (backend and cloud settings: literals).
//
// Terraform and its bodies are shared: treat them as read-only.
var Terraform = &Language{
	Name:    "terraform",
	Version: "1.14",
	Follows: []string{"Terraform 1.14", "OpenTofu 1.12"},
	Root:    terraformRoot(),
}

func attr(name string, m Mode) Attribute     { return Attribute{Name: name, Mode: m} }
func required(name string, m Mode) Attribute { return Attribute{Name: name, Mode: m, Required: true} }
func listOf(name string, m Mode) Attribute   { return Attribute{Name: name, Mode: m, Shape: ListOf} }

func keyword(name string, words ...string) Attribute {
	return Attribute{Name: name, Mode: Keyword, Keywords: words}
}

func block(typ string, n Nesting, body *Body, labels ...string) Block {
	return Block{Type: typ, Labels: labels, Nesting: n, Body: body}
}

// open returns an Open body whose unlisted arguments are read in mode m.
func open(m Mode, attrs []Attribute, blocks ...Block) *Body {
	return &Body{Attributes: attrs, Blocks: blocks, Open: true, AnyAttributesMode: m}
}

func terraformRoot() *Body {
	// check rules: variable validation, precondition, postcondition, assert.
	rule := &Body{Attributes: []Attribute{
		required("condition", Expression),
		required("error_message", Expression),
	}}
	// The "_" block escapes argument names that a provider also uses for a
	// meta-argument; its content is provider arguments.
	escape := block("_", NestingSingle, open(Expression, nil))

	connection := open(Expression, nil)
	provisioner := open(Expression,
		[]Attribute{
			keyword("when", "create", "destroy"),
			keyword("on_failure", "continue", "fail"),
		},
		block("connection", NestingSingle, connection),
		escape,
	)

	// dynamic blocks (ext/dynblock) may appear in any provider-defined
	// body, including the content of another dynamic block.
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

	meta := func() []Attribute {
		return []Attribute{
			attr("count", Expression),
			attr("for_each", Expression),
			attr("provider", ProviderRef),
			listOf("depends_on", AbsTraversal),
		}
	}
	conditions := []Block{
		block("precondition", NestingList, rule),
		block("postcondition", NestingList, rule),
	}

	resource := open(Expression, meta(),
		block("lifecycle", NestingSingle, &Body{
			Attributes: []Attribute{
				attr("create_before_destroy", Literal),
				attr("prevent_destroy", Literal),
				attr("destroy", Literal),    // OpenTofu
				attr("enabled", Expression), // OpenTofu
				{Name: "ignore_changes", Mode: RelTraversal, Shape: ListOf, Keywords: []string{"all"}},
				listOf("replace_triggered_by", NativeExpr),
			},
			Blocks: conditions,
		}),
		block("connection", NestingSingle, connection),
		block("provisioner", NestingList, provisioner, "type"),
		dynamic,
		escape,
	)
	data := open(Expression, meta(),
		block("lifecycle", NestingSingle, &Body{Blocks: conditions}),
		dynamic,
		escape,
	)
	ephemeral := open(Expression, meta(),
		block("lifecycle", NestingSingle, &Body{Blocks: conditions}),
		dynamic,
		escape,
	)

	// encryption (OpenTofu): key providers and methods have
	// provider-specific bodies; targets name a method by traversal.
	target := &Body{Attributes: []Attribute{attr("method", AbsTraversal)}}
	target.Blocks = []Block{block("fallback", NestingSingle, target)}
	enforceable := &Body{
		Attributes: []Attribute{attr("enforced", Expression), attr("method", AbsTraversal)},
		Blocks:     []Block{block("fallback", NestingSingle, target)},
	}
	encryption := &Body{Blocks: []Block{
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

	terraform := &Body{
		Attributes: []Attribute{
			attr("required_version", Literal),
			{Name: "experiments", Mode: Keyword, Shape: ListOf},
			keyword("language"),
		},
		Blocks: []Block{
			block("backend", NestingSingle, open(Literal, nil), "type"),
			block("cloud", NestingSingle, open(Literal,
				[]Attribute{
					attr("organization", Literal),
					attr("hostname", Literal),
					attr("token", Literal),
				},
				block("workspaces", NestingSingle, open(Literal, []Attribute{
					attr("name", Literal),
					attr("project", Literal),
					attr("tags", Literal),
				})),
			)),
			block("required_providers", NestingList, &Body{AnyAttributes: true, AnyAttributesMode: Requirement}),
			block("provider_meta", NestingList, open(Expression, nil), "provider"),
			block("encryption", NestingSingle, encryption),
		},
	}

	return &Body{Blocks: []Block{
		block("terraform", NestingList, terraform),
		// language (OpenTofu) declares the edition and experiments.
		block("language", NestingSingle, &Body{
			Attributes: []Attribute{
				keyword("edition"),
				{Name: "experiments", Mode: Keyword, Shape: ListOf},
			},
			Blocks: []Block{
				block("compatible_with", NestingSingle, open(Literal, []Attribute{attr("opentofu", Literal)})),
			},
		}),
		block("provider", NestingList, open(Expression,
			[]Attribute{
				attr("alias", Literal),
				attr("version", Literal),
				attr("for_each", Expression), // OpenTofu
			},
			escape,
		), "name"),
		block("variable", NestingList, &Body{
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
			Blocks: []Block{block("validation", NestingList, rule)},
		}, "name"),
		block("output", NestingList, &Body{
			Attributes: []Attribute{
				required("value", Expression),
				attr("description", Literal),
				attr("sensitive", Literal),
				attr("ephemeral", Literal),
				attr("deprecated", Literal),
				listOf("depends_on", AbsTraversal),
			},
			Blocks: conditions,
		}, "name"),
		block("locals", NestingList, &Body{AnyAttributes: true, AnyAttributesMode: Expression}),
		// module bodies also take the module's input variables.
		block("module", NestingList, &Body{
			Open: true,
			Attributes: []Attribute{
				required("source", Literal),
				attr("version", Literal),
				attr("count", Expression),
				attr("for_each", Expression),
				listOf("depends_on", AbsTraversal),
				{Name: "providers", Mode: ProviderRef, Shape: MapOf},
			},
			Blocks: []Block{
				block("lifecycle", NestingSingle, &Body{Attributes: []Attribute{attr("enabled", Expression)}}), // OpenTofu
				block("_", NestingSingle, open(Expression, nil)),
			},
		}, "name"),
		block("resource", NestingList, resource, "type", "name"),
		block("data", NestingList, data, "type", "name"),
		block("ephemeral", NestingList, ephemeral, "type", "name"),
		block("moved", NestingList, &Body{Attributes: []Attribute{
			required("from", AbsTraversal),
			required("to", AbsTraversal),
		}}),
		block("import", NestingList, &Body{Attributes: []Attribute{
			required("to", NativeExpr),
			attr("id", Expression),
			attr("identity", Expression),
			attr("for_each", Expression),
			attr("provider", ProviderRef),
		}}),
		block("removed", NestingList, &Body{
			Attributes: []Attribute{required("from", AbsTraversal)},
			Blocks: []Block{
				block("lifecycle", NestingSingle, &Body{Attributes: []Attribute{attr("destroy", Literal)}}),
				block("provisioner", NestingList, provisioner, "type"),
			},
		}),
		block("check", NestingList, &Body{Blocks: []Block{
			block("data", NestingSingle, data, "type", "name"),
			block("assert", NestingList, rule),
		}}, "name"),
	}}
}
