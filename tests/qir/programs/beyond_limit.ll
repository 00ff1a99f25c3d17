define void @main() #0 {
  call void @__quantum__qis__h__body(ptr inttoptr (i64 100 to ptr))
  ret void
}
declare void @__quantum__qis__h__body(ptr)
attributes #0 = { "entry_point" "required_num_qubits"="1" "required_num_results"="0" }
