module example.com/terraform-provider-standin

go 1.24
