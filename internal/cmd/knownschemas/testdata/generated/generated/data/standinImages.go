package data

const standinImages = `{"block": {"block_types": {"filter": {"nesting_mode": "set", "block": {"attributes": {"name": {"type": "string"}}}}}}}`

func StandinImagesSchema() *Schema {
	var result Schema
	_ = json.Unmarshal([]byte(standinImages), &result)
	return &result
}
