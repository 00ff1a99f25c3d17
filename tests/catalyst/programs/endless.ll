; A circuit that never ends: --timeout stops it at its next gate, as Ctrl-C does.
@lib = internal constant [4 x i8] c"lib\00"
@name = internal constant [10 x i8] c"NullQubit\00"
@kwargs = internal constant [3 x i8] c"{}\00"

declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare void @__catalyst__qis__Hadamard(ptr, ptr)

define void @jit_endless() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 0, i1 false)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 1)
  %e = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 0)
  %q = load ptr, ptr %e
  br label %loop
loop:
  call void @__catalyst__qis__Hadamard(ptr %q, ptr null)
  br label %loop
}
