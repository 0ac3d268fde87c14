// A stand-in of a schema repository's register.go (read by TestGenerated,
// never built): each type name is assigned the function that decodes its
// schema.
package generated

func init() {
	resources := map[string]any{}
	dataSources := map[string]any{}
	ephemeralResources := map[string]any{}
	others := map[string]any{}
	resources["standin_server"] = resource.StandinServerSchema()
	resources["standin_gone"] = resource.StandinGoneSchema()
	resources["other_server"] = resource.OtherServerSchema()
	dataSources["standin_images"] = data.StandinImagesSchema()
	ephemeralResources["standin_token"] = ephemeral.StandinTokenSchema()
	others["standin_network"] = resource.StandinNetworkSchema()
	_, _, _, _ = resources, dataSources, ephemeralResources, others
}
