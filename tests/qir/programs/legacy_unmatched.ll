; An array_end_record_output that no array_start_record_output opened.
define void @main() #0 {
  call void @__quantum__rt__tuple_start_record_output()
  call void @__quantum__rt__array_end_record_output()
  ret void
}
declare void @__quantum__rt__tuple_start_record_output()
declare void @__quantum__rt__array_end_record_output()
attributes #0 = { "entry_point" }
