; qjit's layout by hand: two arguments (a 0-d f64 and a 1-d f64 memref, read through their offsets and
; strides), three results (a 0-d f64 expectation value, the 1-d f64 probabilities, the 1-d complex128
; state), gates with Modifiers (an adjoint Rot controlled by q0 on value 0) and a tensor observable.
@lib = internal constant [24 x i8] c"liblightning_qubit.so\00\00\00"
@name = internal constant [19 x i8] c"LightningSimulator\00"
@kwargs = internal constant [54 x i8] c"{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}\00"

declare void @__catalyst__rt__initialize(ptr)
declare void @__catalyst__rt__finalize()
declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare void @__catalyst__rt__qubit_release_array(ptr)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare void @__catalyst__qis__RX(double, ptr, ptr)
declare void @__catalyst__qis__RY(double, ptr, ptr)
declare void @__catalyst__qis__CNOT(ptr, ptr, ptr)
declare void @__catalyst__qis__Rot(double, double, double, ptr, ptr)
declare i64 @__catalyst__qis__NamedObs(i64, ptr)
declare i64 @__catalyst__qis__TensorObs(i64, ...)
declare double @__catalyst__qis__Expval(i64)
declare void @__catalyst__qis__Probs(ptr, i64, ...)
declare void @__catalyst__qis__State(ptr, i64, ...)
declare ptr @_mlir_memref_to_llvm_alloc(i64)

define { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } @jit_circuit(ptr %ta, ptr %t, i64 %toff, ptr %pa, ptr %p, i64 %poff, i64 %psize, i64 %pstride) {
  %mods = alloca { i1, i64, ptr, ptr }
  %cw = alloca [1 x ptr]
  %cv = alloca [1 x i1]
  %probs = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }
  %state = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 0, i1 false)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 2)
  %e0 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 0)
  %q0 = load ptr, ptr %e0
  %e1 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 1)
  %q1 = load ptr, ptr %e1
  %tp = getelementptr inbounds double, ptr %t, i64 %toff
  %theta = load double, ptr %tp
  %i1 = add i64 %poff, %pstride
  %i2 = add i64 %i1, %pstride
  %pp0 = getelementptr inbounds double, ptr %p, i64 %poff
  %p0 = load double, ptr %pp0
  %pp1 = getelementptr inbounds double, ptr %p, i64 %i1
  %p1 = load double, ptr %pp1
  %pp2 = getelementptr inbounds double, ptr %p, i64 %i2
  %p2 = load double, ptr %pp2
  call void @__catalyst__qis__RX(double %theta, ptr %q0, ptr null)
  call void @__catalyst__qis__RY(double %p0, ptr %q1, ptr null)
  call void @__catalyst__qis__CNOT(ptr %q0, ptr %q1, ptr null)
  store ptr %q0, ptr %cw
  store i1 false, ptr %cv
  %m0 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 0
  store i1 true, ptr %m0
  %m1 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 1
  store i64 1, ptr %m1
  %m2 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 2
  store ptr %cw, ptr %m2
  %m3 = getelementptr inbounds { i1, i64, ptr, ptr }, ptr %mods, i32 0, i32 3
  store ptr %cv, ptr %m3
  call void @__catalyst__qis__Rot(double %p0, double %p1, double %p2, ptr %q1, ptr %mods)
  %z0 = call i64 @__catalyst__qis__NamedObs(i64 3, ptr %q0)
  %x1 = call i64 @__catalyst__qis__NamedObs(i64 1, ptr %q1)
  %zx = call i64 (i64, ...) @__catalyst__qis__TensorObs(i64 2, i64 %z0, i64 %x1)
  %ev = call double @__catalyst__qis__Expval(i64 %zx)
  %eb = call ptr @_mlir_memref_to_llvm_alloc(i64 8)
  store double %ev, ptr %eb
  %r0a = insertvalue { ptr, ptr, i64 } poison, ptr %eb, 0
  %r0b = insertvalue { ptr, ptr, i64 } %r0a, ptr %eb, 1
  %r0 = insertvalue { ptr, ptr, i64 } %r0b, i64 0, 2
  %pb = call ptr @_mlir_memref_to_llvm_alloc(i64 32)
  %d1a = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %pb, 0
  %d1b = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1a, ptr %pb, 1
  %d1c = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1b, i64 0, 2
  %d1d = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1c, i64 4, 3, 0
  %d1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1d, i64 1, 4, 0
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1, ptr %probs
  call void (ptr, i64, ...) @__catalyst__qis__Probs(ptr %probs, i64 0)
  %sb = call ptr @_mlir_memref_to_llvm_alloc(i64 64)
  %d2a = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %sb, 0
  %d2b = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2a, ptr %sb, 1
  %d2c = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2b, i64 0, 2
  %d2d = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2c, i64 4, 3, 0
  %d2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2d, i64 1, 4, 0
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2, ptr %state
  call void (ptr, i64, ...) @__catalyst__qis__State(ptr %state, i64 0)
  call void @__catalyst__rt__qubit_release_array(ptr %reg)
  call void @__catalyst__rt__device_release()
  %ra = insertvalue { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } poison, { ptr, ptr, i64 } %r0, 0
  %rb = insertvalue { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %ra, { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1, 1
  %rc = insertvalue { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %rb, { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2, 2
  ret { { ptr, ptr, i64 }, { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %rc
}

; The newer qjit output's setup(argc, argv), returning nothing.
define void @setup(i32 %argc, ptr %argv) {
  call void @__catalyst__rt__initialize(ptr null)
  ret void
}

define void @teardown() {
  call void @__catalyst__rt__finalize()
  ret void
}
