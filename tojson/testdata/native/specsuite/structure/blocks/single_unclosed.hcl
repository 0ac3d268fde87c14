a {
