locals {
  note = "base name overrides is not an override"
}
