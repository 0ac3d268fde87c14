a = "a value"
b = "b value"
c = "c value"
