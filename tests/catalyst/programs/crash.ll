; JIT code that writes through a null pointer: with --isolate the crash ends the child, not qrt.
declare void @__catalyst__rt__initialize(ptr)

define void @jit_crash() {
  store volatile i64 1, ptr null
  ret void
}

define void @setup() {
  call void @__catalyst__rt__initialize(ptr null)
  ret void
}
