# Shadowed by main.tofu for OpenTofu: were it read too, the output would
# be declared twice.
output "greeting" {
  value = "from main.tf"
}
