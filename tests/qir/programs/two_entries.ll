define void @first() #0 {
  ret void
}
define void @second() #0 {
  ret void
}
attributes #0 = { "entry_point" }
