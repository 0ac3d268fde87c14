module github.com/hcljson/hcljson

go 1.25.0

toolchain go1.26.8

require (
	github.com/agext/levenshtein v1.2.3
	github.com/apparentlymart/go-textseg/v15 v15.0.0
	github.com/hashicorp/go-version v1.7.0
	github.com/hashicorp/hcl/v2 v2.20.1
	github.com/hashicorp/terraform-json v0.27.1
	github.com/mitchellh/go-wordwrap v1.0.1
	github.com/rogpeppe/go-internal v1.16.0
	github.com/zclconf/go-cty v1.17.0
	golang.org/x/mod v0.29.0
	golang.org/x/term v0.37.0
	golang.org/x/tools v0.38.0
)

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/sync v0.18.0 // indirect
	golang.org/x/sys v0.38.0 // indirect
	golang.org/x/text v0.31.0 // indirect
)
