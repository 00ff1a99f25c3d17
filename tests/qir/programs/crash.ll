; Writes through a null pointer: SIGSEGV in JIT code.
define void @main() #0 {
  call void @__quantum__qis__h__body(ptr null)
  store volatile i64 1, ptr null
  ret void
}
declare void @__quantum__qis__h__body(ptr)
attributes #0 = { "entry_point" }
