; A draw with minimum > maximum fails the shot (qir-runner's message).
define void @main() #0 {
  %x = call i64 @__quantum__qis__drawrandomint__body(i64 3, i64 1)
  call void @__quantum__rt__int_record_output(i64 %x, ptr null)
  ret void
}
declare i64 @__quantum__qis__drawrandomint__body(i64, i64)
declare void @__quantum__rt__int_record_output(i64, ptr)
attributes #0 = { "entry_point" }
