define void @first() {
  ret void
}
define void @second() {
  ret void
}
