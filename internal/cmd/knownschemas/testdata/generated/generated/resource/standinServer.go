package resource

// The description's backquotes make the constant a concatenation.
const standinServer = `{
  "block": {
    "attributes": {
      "name": {"type": "string", "required": true, "description": "One of ` + "`" + `a` + "`" + ` or ` + "`" + `b` + "`" + `."},
      "rule": {"type": ["list", ["object", {"port": "number"}]], "optional": true},
      "settings": {"nested_type": {"attributes": {"x": {"type": "string"}}, "nesting_mode": "single"}, "optional": true}
    },
    "block_types": {
      "disk": {
        "nesting_mode": "set",
        "block": {
          "attributes": {"size": {"type": "number"}},
          "block_types": {"initialize": {"nesting_mode": "list", "block": {"attributes": {"image": {"type": "string"}}}}}
        }
      },
      "window": {"nesting_mode": "group", "block": {"attributes": {"start": {"type": "string"}}}},
      "labelled": {"nesting_mode": "map", "block": {"attributes": {"v": {"type": "string"}}}},
      "timeouts": {"nesting_mode": "single", "block": {"attributes": {"create": {"type": "string"}}}}
    }
  },
  "version": 0
}`

func StandinServerSchema() *Schema {
	var result Schema
	_ = json.Unmarshal([]byte(standinServer), &result)
	return &result
}

const otherServer = `{"block": {"attributes": {"name": {"type": "string"}}}}`

func OtherServerSchema() *Schema {
	var result Schema
	_ = json.Unmarshal([]byte(otherServer), &result)
	return &result
}

const standinNetwork = `{"block": {"attributes": {"cidr": {"type": "string"}}}}`

func StandinNetworkSchema() *Schema {
	var result Schema
	_ = json.Unmarshal([]byte(standinNetwork), &result)
	return &result
}
