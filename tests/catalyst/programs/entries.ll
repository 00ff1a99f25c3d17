; Two entry points: --entry picks one (as "jit_a" or "a").
declare ptr @_mlir_memref_to_llvm_alloc(i64)

define { ptr, ptr, i64 } @jit_a() {
  %b = call ptr @_mlir_memref_to_llvm_alloc(i64 8)
  store double 1.0, ptr %b
  %d0 = insertvalue { ptr, ptr, i64 } poison, ptr %b, 0
  %d1 = insertvalue { ptr, ptr, i64 } %d0, ptr %b, 1
  %d = insertvalue { ptr, ptr, i64 } %d1, i64 0, 2
  ret { ptr, ptr, i64 } %d
}

define { ptr, ptr, i64 } @jit_b() {
  %b = call ptr @_mlir_memref_to_llvm_alloc(i64 8)
  store i64 7, ptr %b
  %d0 = insertvalue { ptr, ptr, i64 } poison, ptr %b, 0
  %d1 = insertvalue { ptr, ptr, i64 } %d0, ptr %b, 1
  %d = insertvalue { ptr, ptr, i64 } %d1, i64 0, 2
  ret { ptr, ptr, i64 } %d
}
