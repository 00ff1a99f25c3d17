define void @main() #0 {
entry:
  call void @__quantum__qis__teleport__body(ptr null)
  call void @__quantum__qis__h__body(ptr null, ptr null)
  ret void
}
declare void @__quantum__qis__teleport__body(ptr)
declare void @__quantum__qis__h__body(ptr, ptr)
attributes #0 = { "entry_point" }
