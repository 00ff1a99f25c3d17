; The older output calls: containers bracketed by start/end, records without labels.
define void @main() #0 {
  call void @__quantum__qis__x__body(ptr inttoptr (i64 1 to ptr))
  call void @__quantum__qis__mz__body(ptr null, ptr null)
  call void @__quantum__qis__mz__body(ptr inttoptr (i64 1 to ptr), ptr inttoptr (i64 1 to ptr))
  call void @__quantum__rt__array_start_record_output()
  call void @__quantum__rt__result_record_output(ptr null)
  call void @__quantum__rt__result_record_output(ptr inttoptr (i64 1 to ptr))
  call void @__quantum__rt__tuple_start_record_output()
  call void @__quantum__rt__int_record_output(i64 5)
  call void @__quantum__rt__bool_record_output(i1 true)
  call void @__quantum__rt__tuple_end_record_output()
  call void @__quantum__rt__array_end_record_output()
  call void @__quantum__rt__double_record_output(double 0.5)
  ret void
}
declare void @__quantum__qis__x__body(ptr)
declare void @__quantum__qis__mz__body(ptr, ptr)
declare void @__quantum__rt__array_start_record_output()
declare void @__quantum__rt__array_end_record_output()
declare void @__quantum__rt__tuple_start_record_output()
declare void @__quantum__rt__tuple_end_record_output()
declare void @__quantum__rt__result_record_output(ptr)
declare void @__quantum__rt__int_record_output(i64)
declare void @__quantum__rt__bool_record_output(i1)
declare void @__quantum__rt__double_record_output(double)
attributes #0 = { "entry_point" "required_num_qubits"="2" "required_num_results"="2" }
