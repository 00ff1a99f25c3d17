define void @main() #0 {
  call void @__quantum__rt__result_record_output(ptr inttoptr (i64 3 to ptr), ptr null)
  ret void
}
declare void @__quantum__rt__result_record_output(ptr, ptr)
attributes #0 = { "entry_point" "required_num_qubits"="1" "required_num_results"="4" }
