@msg = internal constant [14 x i8] c"out of luck!!\00"
define void @main() #0 {
  call void @__quantum__rt__int_record_output(i64 1, ptr null)
  %s = call ptr @__quantum__rt__string_create(ptr @msg)
  call void @__quantum__rt__fail(ptr %s)
  call void @__quantum__rt__int_record_output(i64 2, ptr null)
  ret void
}
declare ptr @__quantum__rt__string_create(ptr)
declare void @__quantum__rt__fail(ptr)
declare void @__quantum__rt__int_record_output(i64, ptr)
attributes #0 = { "entry_point" }
