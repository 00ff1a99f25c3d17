define void @main() #0 {
entry:
  call void @__quantum__qis__h__body(ptr null
  ret void
}
