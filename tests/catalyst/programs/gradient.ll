; Catalyst's grad(method="adjoint") as it lowers: the recorder on around the qnode (device_init starts the
; tape), Expval recorded, then Gradient into a memref per expectation value; jit_some asks for a subset of
; the parameters (Gradient_params). <Z1> after RX(a) q0, RY(b) q1, CNOT, RZ(c) q1 is cos(a) cos(b).
@lib = internal constant [4 x i8] c"lib\00"
@name = internal constant [19 x i8] c"LightningSimulator\00"
@kwargs = internal constant [3 x i8] c"{}\00"
@chosen = private constant [2 x i64] [i64 0, i64 2]

declare void @__catalyst__rt__initialize(ptr)
declare void @__catalyst__rt__finalize()
declare void @__catalyst__rt__toggle_recorder(i1)
declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare void @__catalyst__rt__qubit_release_array(ptr)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare void @__catalyst__qis__RX(double, ptr, ptr)
declare void @__catalyst__qis__RY(double, ptr, ptr)
declare void @__catalyst__qis__RZ(double, ptr, ptr)
declare void @__catalyst__qis__CNOT(ptr, ptr, ptr)
declare i64 @__catalyst__qis__NamedObs(i64, ptr)
declare double @__catalyst__qis__Expval(i64)
declare void @__catalyst__qis__Gradient(i64, ...)
declare void @__catalyst__qis__Gradient_params(ptr, i64, ...)
declare ptr @_mlir_memref_to_llvm_alloc(i64)

; Runs the circuit with the recorder on; returns the register (the device stays active).
define internal ptr @qnode(ptr %angles) {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 0, i1 false)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 2)
  %e0 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 0)
  %q0 = load ptr, ptr %e0
  %e1 = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 1)
  %q1 = load ptr, ptr %e1
  %a = load double, ptr %angles
  %pb = getelementptr inbounds double, ptr %angles, i64 1
  %b = load double, ptr %pb
  %pc = getelementptr inbounds double, ptr %angles, i64 2
  %c = load double, ptr %pc
  call void @__catalyst__qis__RX(double %a, ptr %q0, ptr null)
  call void @__catalyst__qis__RY(double %b, ptr %q1, ptr null)
  call void @__catalyst__qis__CNOT(ptr %q0, ptr %q1, ptr null)
  call void @__catalyst__qis__RZ(double %c, ptr %q1, ptr null)
  %z = call i64 @__catalyst__qis__NamedObs(i64 3, ptr %q1)
  %v = call double @__catalyst__qis__Expval(i64 %z)
  ret ptr %reg
}

define { ptr, ptr, i64, [1 x i64], [1 x i64] } @jit_all(ptr %xa, ptr %x, i64 %off, i64 %size, i64 %stride) {
  %desc = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }
  call void @__catalyst__rt__toggle_recorder(i1 true)
  %reg = call ptr @qnode(ptr %x)
  call void @__catalyst__rt__toggle_recorder(i1 false)
  %g = call ptr @_mlir_memref_to_llvm_alloc(i64 24)
  %d0 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %g, 0
  %d1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d0, ptr %g, 1
  %d2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1, i64 0, 2
  %d3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2, i64 3, 3, 0
  %d = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d3, i64 1, 4, 0
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %d, ptr %desc
  call void (i64, ...) @__catalyst__qis__Gradient(i64 1, ptr %desc)
  call void @__catalyst__rt__qubit_release_array(ptr %reg)
  call void @__catalyst__rt__device_release()
  ret { ptr, ptr, i64, [1 x i64], [1 x i64] } %d
}

define { ptr, ptr, i64, [1 x i64], [1 x i64] } @jit_some(ptr %xa, ptr %x, i64 %off, i64 %size, i64 %stride) {
  %desc = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }
  %params = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }
  call void @__catalyst__rt__toggle_recorder(i1 true)
  %reg = call ptr @qnode(ptr %x)
  call void @__catalyst__rt__toggle_recorder(i1 false)
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } { ptr @chosen, ptr @chosen, i64 0, [1 x i64] [i64 2], [1 x i64] [i64 1] }, ptr %params
  %g = call ptr @_mlir_memref_to_llvm_alloc(i64 16)
  %d0 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %g, 0
  %d1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d0, ptr %g, 1
  %d2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1, i64 0, 2
  %d3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2, i64 2, 3, 0
  %d = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d3, i64 1, 4, 0
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %d, ptr %desc
  call void (ptr, i64, ...) @__catalyst__qis__Gradient_params(ptr %params, i64 1, ptr %desc)
  call void @__catalyst__rt__qubit_release_array(ptr %reg)
  call void @__catalyst__rt__device_release()
  ret { ptr, ptr, i64, [1 x i64], [1 x i64] } %d
}

define void @setup() {
  call void @__catalyst__rt__initialize(ptr null)
  ret void
}

define void @teardown() {
  call void @__catalyst__rt__finalize()
  ret void
}
