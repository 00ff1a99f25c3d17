; catalyst.debug.print: a string, None, tensors (with and without their descriptor) and the state.
@lib = internal constant [4 x i8] c"lib\00"
@name = internal constant [19 x i8] c"LightningSimulator\00"
@kwargs = internal constant [3 x i8] c"{}\00"
@hello = internal constant [12 x i8] c"hello world\00"
@vector = private constant [3 x double] [double 0.5, double 1.0, double -2.25]
@matrix = private constant [4 x i64] [i64 1, i64 2, i64 3, i64 4]

declare void @__catalyst__rt__print_string(ptr)
declare void @__catalyst__rt__print_tensor(ptr, i1)
declare void @__catalyst__rt__print_state()
declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()
declare ptr @__catalyst__rt__qubit_allocate_array(i64)
declare ptr @__catalyst__rt__array_get_element_ptr_1d(ptr, i64)
declare void @__catalyst__qis__Hadamard(ptr, ptr)

define void @jit_print() {
  %v = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }
  %m = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }
  %ov = alloca { i64, ptr, i8 }
  %om = alloca { i64, ptr, i8 }
  call void @__catalyst__rt__print_string(ptr @hello)
  call void @__catalyst__rt__print_string(ptr null)
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } { ptr @vector, ptr @vector, i64 0, [1 x i64] [i64 3], [1 x i64] [i64 1] }, ptr %v
  store { i64, ptr, i8 } { i64 1, ptr undef, i8 7 }, ptr %ov
  %ovd = getelementptr inbounds { i64, ptr, i8 }, ptr %ov, i32 0, i32 1
  store ptr %v, ptr %ovd
  call void @__catalyst__rt__print_tensor(ptr %ov, i1 false)
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } { ptr @matrix, ptr @matrix, i64 0, [2 x i64] [i64 2, i64 2], [2 x i64] [i64 2, i64 1] }, ptr %m
  store { i64, ptr, i8 } { i64 2, ptr undef, i8 5 }, ptr %om
  %omd = getelementptr inbounds { i64, ptr, i8 }, ptr %om, i32 0, i32 1
  store ptr %m, ptr %omd
  call void @__catalyst__rt__print_tensor(ptr %om, i1 true)
  call void @__catalyst__rt__device_init(ptr @lib, ptr @name, ptr @kwargs, i64 0, i1 false)
  %reg = call ptr @__catalyst__rt__qubit_allocate_array(i64 1)
  %e = call ptr @__catalyst__rt__array_get_element_ptr_1d(ptr %reg, i64 0)
  %q = load ptr, ptr %e
  call void @__catalyst__qis__Hadamard(ptr %q, ptr null)
  call void @__catalyst__rt__print_state()
  call void @__catalyst__rt__device_release()
  ret void
}
