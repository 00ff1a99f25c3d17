; A program that calls the C library's abort(): its shot fails; qrt goes on.
define void @main() #0 {
  call void @__quantum__rt__int_record_output(i64 1, ptr null)
  call void @abort()
  unreachable
}
declare void @abort() #1
declare void @__quantum__rt__int_record_output(i64, ptr)
attributes #0 = { "entry_point" }
attributes #1 = { noreturn nounwind }
