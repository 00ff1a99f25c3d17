define void @main() #0 {
entry:
  %x = add i64 %y, 1
  %y = add i64 %x, 1
  ret void
}
attributes #0 = { "entry_point" }
