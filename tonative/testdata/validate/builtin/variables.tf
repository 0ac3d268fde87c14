variable "env" {
  type        = string
  default     = "dev"
  description = "Deployment environment; write $${env} to mean it literally."
  nullable    = false

  validation {
    condition     = contains(["dev", "prod"], var.env)
    error_message = "The env must be dev or prod, not ${var.env}."
  }
}

variable "tags" {
  type    = map(string)
  default = { team = "core", note = "$${x}" }
}

variable "ports" {
  type    = list(number)
  default = [80, 443]

  validation {
    condition     = alltrue([for p in var.ports : p < 65536])
    error_message = "Ports must be below 65536."
  }
}

variable "settings" {
  type = object({
    name    = string
    size    = optional(number, 1)
    labels  = optional(map(string), {})
    enabled = optional(bool)
  })
  default = {
    name = "$${name}"
  }
}

variable "secret" {
  type      = string
  default   = "hunter2"
  sensitive = true
}

variable "any" {
  type    = any
  default = null
}

variable "tuple" {
  type    = tuple([string, number, bool])
  default = ["a", 1, true]
}

variable "number" {
  type    = number
  default = 12345678901234567890
}
