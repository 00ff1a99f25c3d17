; A seeded module (qjit(seed=42): initialize gets a pointer to the seed) with automatic qubit management
; (device_init's last argument: the register grows as wires are used), sampling 4 shots of 3 qubits.
@seed = internal constant i32 42
@lib = internal constant [4 x i8] c"lib\00"
@name = internal constant [19 x i8] c"LightningSimulator\00"
@kwargs = internal constant [3 x i8] c"{}\00"

declare void @__catalyst__rt__initialize(ptr)
declare void @__catalyst__rt__finalize()
declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare void @__catalyst__rt__qubit_release_array(ptr)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare i64 @__catalyst__rt__num_qubits()
declare void @__catalyst__qis__Hadamard(ptr, ptr)
declare void @__catalyst__qis__Sample(ptr, i64, ...)
declare double @__catalyst__rt__random_double()
declare ptr @_mlir_memref_to_llvm_alloc(i64)

define { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } @jit_sampled() {
  %samples = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 4, i1 true)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %0 ], [ %next, %loop ]
  %e = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 %i)
  %q = load ptr, ptr %e
  call void @__catalyst__qis__Hadamard(ptr %q, ptr null)
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 3
  br i1 %done, label %measure, label %loop
measure:
  %n = call i64 @__catalyst__rt__num_qubits()
  %sb = call ptr @_mlir_memref_to_llvm_alloc(i64 96)
  %a0 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %sb, 0
  %a1 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a0, ptr %sb, 1
  %a2 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a1, i64 0, 2
  %a3 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a2, i64 4, 3, 0
  %a4 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a3, i64 3, 3, 1
  %a5 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a4, i64 3, 4, 0
  %a = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a5, i64 1, 4, 1
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } %a, ptr %samples
  call void (ptr, i64, ...) @__catalyst__qis__Sample(ptr %samples, i64 0)
  %r = call double @__catalyst__rt__random_double()
  call void @__catalyst__rt__qubit_release_array(ptr %reg)
  call void @__catalyst__rt__device_release()
  %nb = call ptr @_mlir_memref_to_llvm_alloc(i64 8)
  store i64 %n, ptr %nb
  %rb = call ptr @_mlir_memref_to_llvm_alloc(i64 8)
  store double %r, ptr %rb
  %n0 = insertvalue { ptr, ptr, i64 } poison, ptr %nb, 0
  %n1 = insertvalue { ptr, ptr, i64 } %n0, ptr %nb, 1
  %nd = insertvalue { ptr, ptr, i64 } %n1, i64 0, 2
  %r0 = insertvalue { ptr, ptr, i64 } poison, ptr %rb, 0
  %r1 = insertvalue { ptr, ptr, i64 } %r0, ptr %rb, 1
  %rd = insertvalue { ptr, ptr, i64 } %r1, i64 0, 2
  %o0 = insertvalue { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } poison, { ptr, ptr, i64, [2 x i64], [2 x i64] } %a, 0
  %o1 = insertvalue { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } %o0, { ptr, ptr, i64 } %nd, 1
  %o2 = insertvalue { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } %o1, { ptr, ptr, i64 } %rd, 2
  ret { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } %o2
}

define i32 @setup(i32 %argc, ptr %argv) {
  call void @__catalyst__rt__initialize(ptr @seed)
  ret i32 0
}

define void @teardown() {
  call void @__catalyst__rt__finalize()
  ret void
}
