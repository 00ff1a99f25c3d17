; Catalyst's Grover examples at scale: 129 qubits on NullQubit (no state is allocated), a loop of
; Hadamards, a Toffoli-like X under 128 controls (Modifiers), partial Probs of 3 wires and <Z0>.
@lib = internal constant [4 x i8] c"lib\00"
@name = internal constant [10 x i8] c"NullQubit\00"
@kwargs = internal constant [27 x i8] c"{'track_resources': False}\00"

declare void @__catalyst__rt__initialize(ptr)
declare void @__catalyst__rt__finalize()
declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare void @__catalyst__rt__qubit_release_array(ptr)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare void @__catalyst__qis__Hadamard(ptr, ptr)
declare void @__catalyst__qis__PauliX(ptr, ptr)
declare i64 @__catalyst__qis__NamedObs(i64, ptr)
declare double @__catalyst__qis__Expval(i64)
declare void @__catalyst__qis__Probs(ptr, i64, ...)
declare ptr @_mlir_memref_to_llvm_alloc(i64)

define { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } @jit_grover() {
  %mods = alloca { i1, i64, ptr, ptr }
  %wires = alloca [128 x ptr]
  %values = alloca [128 x i1]
  %probs = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 0, i1 false)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 129)
  br label %loop
loop:
  %i = phi i64 [ 0, %0 ], [ %next, %skip ]
  %e = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 %i)
  %q = load ptr, ptr %e
  call void @__catalyst__qis__Hadamard(ptr %q, ptr null)
  %w = getelementptr inbounds [128 x ptr], ptr %wires, i64 0, i64 %i
  %v = getelementptr inbounds [128 x i1], ptr %values, i64 0, i64 %i
  %inside = icmp ult i64 %i, 128
  br i1 %inside, label %control, label %skip
control:
  store ptr %q, ptr %w
  store i1 true, ptr %v
  br label %skip
skip:
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 129
  br i1 %done, label %oracle, label %loop
oracle:
  %m0 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 0
  store i1 false, ptr %m0
  %m1 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 1
  store i64 128, ptr %m1
  %m2 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 2
  store ptr %wires, ptr %m2
  %m3 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 3
  store ptr %values, ptr %m3
  %et = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 128)
  %target = load ptr, ptr %et
  call void @__catalyst__qis__PauliX(ptr %target, ptr %mods)
  %e0 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 0)
  %q0 = load ptr, ptr %e0
  %e1 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 1)
  %q1 = load ptr, ptr %e1
  %z = call i64 @__catalyst__qis__NamedObs(i64 3, ptr %q0)
  %ev = call double @__catalyst__qis__Expval(i64 %z)
  %eb = call ptr @_mlir_memref_to_llvm_alloc(i64 8)
  store double %ev, ptr %eb
  %r0a = insertvalue { ptr, ptr, i64 } poison, ptr %eb, 0
  %r0b = insertvalue { ptr, ptr, i64 } %r0a, ptr %eb, 1
  %r0 = insertvalue { ptr, ptr, i64 } %r0b, i64 0, 2
  %pb = call ptr @_mlir_memref_to_llvm_alloc(i64 64)
  %d0 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %pb, 0
  %d1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d0, ptr %pb, 1
  %d2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1, i64 0, 2
  %d3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2, i64 8, 3, 0
  %d = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d3, i64 1, 4, 0
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %d, ptr %probs
  call void (ptr, i64, ...) @__catalyst__qis__Probs(ptr %probs, i64 3, ptr %q0, ptr %q1, ptr %target)
  call void @__catalyst__rt__qubit_release_array(ptr %reg)
  call void @__catalyst__rt__device_release()
  %ra = insertvalue { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } poison, { ptr, ptr, i64 } %r0, 0
  %rb = insertvalue { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %ra, { ptr, ptr, i64, [1 x i64], [1 x i64] } %d, 1
  ret { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %rb
}

define void @setup() {
  call void @__catalyst__rt__initialize(ptr null)
  ret void
}

define void @teardown() {
  call void @__catalyst__rt__finalize()
  ret void
}
