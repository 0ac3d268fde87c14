/*
  Multi-line comment
*/
