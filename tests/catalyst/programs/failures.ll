; Runs that fail, each an entry (--entry): the program's own failure (fail_cstr), an assertion
; (assert_bool), and Sample/Counts whose shots come from an argument (0: analytic, a clear error).
@lib = internal constant [4 x i8] c"lib\00"
@name = internal constant [19 x i8] c"LightningSimulator\00"
@kwargs = internal constant [3 x i8] c"{}\00"
@gave_up = internal constant [22 x i8] c"the program gave up: \00"
@assertion = internal constant [27 x i8] c"theta must stay below pi/2\00"

declare void @__catalyst__rt__fail_cstr(ptr)
declare void @__catalyst__rt__assert_bool(i1, ptr)
declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare void @__catalyst__rt__qubit_release_array(ptr)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare void @__catalyst__qis__Hadamard(ptr, ptr)
declare void @__catalyst__qis__CNOT(ptr, ptr, ptr)
declare void @__catalyst__qis__Sample(ptr, i64, ...)
declare void @__catalyst__qis__Counts(ptr, i64, ...)
declare ptr @_mlir_memref_to_llvm_alloc(i64)

define void @jit_fail() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 0, i1 false)
  call void @__catalyst__rt__fail_cstr(ptr @gave_up)
  ret void
}

define void @jit_assert(ptr %ta, ptr %t, i64 %off) {
  %p = getelementptr inbounds double, ptr %t, i64 %off
  %theta = load double, ptr %p
  %ok = fcmp olt double %theta, 1.5707963267948966
  call void @__catalyst__rt__assert_bool(i1 %ok, ptr @assertion)
  ret void
}

; A Bell pair sampled `shots` times (shots from the i64 argument): the samples (shots x 2, f64), and the
; counts of the four outcomes (f64 outcomes, i64 counts).
define { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } @jit_sample(ptr %sa, ptr %s, i64 %off) {
  %samples = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }
  %pair = alloca { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } }
  %sp = getelementptr inbounds i64, ptr %s, i64 %off
  %shots = load i64, ptr %sp
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 %shots, i1 false)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 2)
  %e0 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 0)
  %q0 = load ptr, ptr %e0
  %e1 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 1)
  %q1 = load ptr, ptr %e1
  call void @__catalyst__qis__Hadamard(ptr %q0, ptr null)
  call void @__catalyst__qis__CNOT(ptr %q0, ptr %q1, ptr null)
  %bytes = mul i64 %shots, 16
  %sb = call ptr @_mlir_memref_to_llvm_alloc(i64 %bytes)
  %a0 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %sb, 0
  %a1 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a0, ptr %sb, 1
  %a2 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a1, i64 0, 2
  %a3 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a2, i64 %shots, 3, 0
  %a4 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a3, i64 2, 3, 1
  %a5 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a4, i64 2, 4, 0
  %a = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %a5, i64 1, 4, 1
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } %a, ptr %samples
  call void (ptr, i64, ...) @__catalyst__qis__Sample(ptr %samples, i64 2, ptr %q0, ptr %q1)
  %eb = call ptr @_mlir_memref_to_llvm_alloc(i64 32)
  %cb = call ptr @_mlir_memref_to_llvm_alloc(i64 32)
  %b0 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %eb, 0
  %b1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %b0, ptr %eb, 1
  %b2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %b1, i64 0, 2
  %b3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %b2, i64 4, 3, 0
  %b = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %b3, i64 1, 4, 0
  %c0 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %cb, 0
  %c1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %c0, ptr %cb, 1
  %c2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %c1, i64 0, 2
  %c3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %c2, i64 4, 3, 0
  %c = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %c3, i64 1, 4, 0
  %pa = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } undef, { ptr, ptr, i64, [1 x i64], [1 x i64] } %b, 0
  %pb = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %pa, { ptr, ptr, i64, [1 x i64], [1 x i64] } %c, 1
  store { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %pb, ptr %pair
  call void (ptr, i64, ...) @__catalyst__qis__Counts(ptr %pair, i64 0)
  call void @__catalyst__rt__qubit_release_array(ptr %reg)
  call void @__catalyst__rt__device_release()
  %r0 = insertvalue { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } poison, { ptr, ptr, i64, [2 x i64], [2 x i64] } %a, 0
  %r1 = insertvalue { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %r0, { ptr, ptr, i64, [1 x i64], [1 x i64] } %b, 1
  %r2 = insertvalue { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %r1, { ptr, ptr, i64, [1 x i64], [1 x i64] } %c, 2
  ret { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %r2
}
