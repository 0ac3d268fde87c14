// Package provider is a stand-in provider for the extractor's tests: it
// is parsed, never built.
package provider

import (
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func Provider() *schema.Provider {
	return &schema.Provider{
		Schema: map[string]*schema.Schema{
			"region": {Type: schema.TypeString, Optional: true},
			"assume_role": {
				Type:     schema.TypeList,
				Optional: true,
				MaxItems: 1,
				Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"role_arn": {Type: schema.TypeString, Optional: true},
				}},
			},
		},
		ResourcesMap: map[string]*schema.Resource{
			"standin_server":  resourceServer(),
			"standin_network": resourceNetwork(),
			"other_thing":     resourceServer(), // not this provider's name
		},
		DataSourcesMap: map[string]*schema.Resource{
			"standin_images": dataSourceImages(),
		},
	}
}

func resourceServer() *schema.Resource {
	return &schema.Resource{
		Timeouts: &schema.ResourceTimeout{
			Create: schema.DefaultTimeout(0),
			Delete: schema.DefaultTimeout(0),
		},
		Schema: mergeSchemas(commonSchema(), map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true},
			"labels": {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"tags":   {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"disk":   diskSchema(true),
			"rule": {
				Type:       schema.TypeList,
				Optional:   true,
				ConfigMode: schema.SchemaConfigModeAttr,
				Elem:       &schema.Resource{Schema: map[string]*schema.Schema{"port": {Type: schema.TypeInt, Optional: true}}},
			},
			"status": {
				Type:     schema.TypeList,
				Computed: true,
				Elem:     &schema.Resource{Schema: map[string]*schema.Schema{"state": {Type: schema.TypeString, Computed: true}}},
			},
			"mystery":   mysterySchema(),
			"either":    eitherSchema(true),
			"disagrees": disagreeingSchema(true),
			"changed":   changedSchema(),
		}),
	}
}

func commonSchema() map[string]*schema.Schema {
	s := map[string]*schema.Schema{
		"project": {Type: schema.TypeString, Optional: true},
	}
	s["zone"] = &schema.Schema{Type: schema.TypeString, Optional: true}
	return s
}

func mergeSchemas(a, b map[string]*schema.Schema) map[string]*schema.Schema {
	merged := make(map[string]*schema.Schema)
	for k, v := range a {
		merged[k] = v
	}
	for k, v := range b {
		merged[k] = v
	}
	return merged
}

func diskSchema(optional bool) *schema.Schema {
	return &schema.Schema{
		Type:     schema.TypeSet,
		Optional: optional,
		Elem: &schema.Resource{Schema: map[string]*schema.Schema{
			"size": {Type: schema.TypeInt, Optional: true},
			"initialize": {
				Type:     schema.TypeList,
				Optional: true,
				Elem:     &schema.Resource{Schema: map[string]*schema.Schema{"image": {Type: schema.TypeString, Optional: true}}},
			},
		}},
	}
}

// mysterySchema's type is not known without running the program.
func mysterySchema() *schema.Schema {
	return &schema.Schema{Type: pick(), Optional: true, Elem: &schema.Resource{}}
}

func eitherSchema(big bool) *schema.Schema {
	var s *schema.Schema
	if big {
		s = &schema.Schema{Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{"a": {Type: schema.TypeString, Optional: true}}}}
	} else {
		s = &schema.Schema{Type: schema.TypeSet, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{"b": {Type: schema.TypeString, Optional: true}}}}
	}
	return s
}

func disagreeingSchema(block bool) *schema.Schema {
	var s *schema.Schema
	if block {
		s = &schema.Schema{Type: schema.TypeList, Optional: true, Elem: &schema.Resource{}}
	} else {
		s = &schema.Schema{Type: schema.TypeString, Optional: true}
	}
	return s
}

func changedSchema() *schema.Schema {
	s := &schema.Schema{Type: schema.TypeList, Computed: true, Elem: &schema.Resource{}}
	s.Optional = true
	return s
}

func resourceNetwork() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"cidr": {Type: schema.TypeString, Required: true},
	}}
}

func dataSourceImages() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"filter": {Type: schema.TypeSet, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
		}}},
	}}
}
