a = "a value", b = "b value"
