output "prefix" {
  value       = local.prefix
  description = "The prefix, as in $${env}-app."
}

output "bases" {
  value      = terraform_data.base.output
  depends_on = [terraform_data.counted, module.child]
}

output "secret" {
  value     = var.secret
  sensitive = true
}

output "child" {
  value = module.child.greeting

  precondition {
    condition     = module.child.greeting != ""
    error_message = "Empty greeting from ${module.child.name}."
  }
}

output "children" {
  value = { for k, m in module.children : k => m.greeting }
}

output "literal_default" {
  value = var.tags["note"]
}
