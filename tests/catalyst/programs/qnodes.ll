; Three qnodes in one call, as a qjit function calling qnodes: the first two ask for the same device
; (LightningSimulator, same kwargs) and share one pooled instance; the third runs on NullQubit.
@lib = internal constant [4 x i8] c"lib\00"
@lightning = internal constant [19 x i8] c"LightningSimulator\00"
@null = internal constant [10 x i8] c"NullQubit\00"
@kwargs = internal constant [54 x i8] c"{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}\00"
@null_kwargs = internal constant [27 x i8] c"{'track_resources': False}\00"

declare void @__catalyst__rt__initialize(ptr)
declare void @__catalyst__rt__finalize()
declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare void @__catalyst__rt__qubit_release_array(ptr)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare void @__catalyst__qis__RY(double, ptr, ptr)
declare i64 @__catalyst__qis__NamedObs(i64, ptr)
declare double @__catalyst__qis__Expval(i64)
declare ptr @_mlir_memref_to_llvm_alloc(i64)

; <Z> after RY(angle) on one qubit of the device named by `name`.
define internal double @qnode(ptr %name, ptr %kwargs, double %angle) {
  call void @__catalyst__rt__device_init(ptr @lib, ptr %name, ptr %kwargs, i64 0, i1 false)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 1)
  %e = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 0)
  %q = load ptr, ptr %e
  call void @__catalyst__qis__RY(double %angle, ptr %q, ptr null)
  %z = call i64 @__catalyst__qis__NamedObs(i64 3, ptr %q)
  %v = call double @__catalyst__qis__Expval(i64 %z)
  call void @__catalyst__rt__qubit_release_array(ptr %reg)
  call void @__catalyst__rt__device_release()
  ret double %v
}

define { ptr, ptr, i64, [1 x i64], [1 x i64] } @jit_qnodes() {
  %a = call double @qnode(ptr @lightning, ptr @kwargs, double 0.5)
  %b = call double @qnode(ptr @lightning, ptr @kwargs, double 1.5)
  %c = call double @qnode(ptr @null, ptr @null_kwargs, double 0.5)
  %buf = call ptr @_mlir_memref_to_llvm_alloc(i64 24)
  store double %a, ptr %buf
  %p1 = getelementptr inbounds double, ptr %buf, i64 1
  store double %b, ptr %p1
  %p2 = getelementptr inbounds double, ptr %buf, i64 2
  store double %c, ptr %p2
  %d0 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %buf, 0
  %d1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d0, ptr %buf, 1
  %d2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d1, i64 0, 2
  %d3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d2, i64 3, 3, 0
  %d = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %d3, i64 1, 4, 0
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
