; A construct LLVM 19 cannot read and qrt does not rewrite (no LLVM has it): refused, naming it and its line.
declare void @__catalyst__rt__finalize()

define void @jit_f() {
  call void @__catalyst__rt__finalize()
  ret void
}

declare void @g(ptr quantum_entangled)
