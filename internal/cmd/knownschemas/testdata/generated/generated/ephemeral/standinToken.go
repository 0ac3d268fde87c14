package ephemeral

const standinToken = `{"block": {"attributes": {"token": {"type": "string", "computed": true}}}}`

func StandinTokenSchema() *Schema {
	var result Schema
	_ = json.Unmarshal([]byte(standinToken), &result)
	return &result
}
