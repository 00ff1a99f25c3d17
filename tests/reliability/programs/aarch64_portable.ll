; Built for AArch64 (hugr-qir's triple and data layout, and a CPU's attributes), yet portable: a loop of X
; gates (five: qubit 0 ends in |1>), a struct constant read through a GEP, and records. qrt re-targets it.
target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

%Pair = type { i64, double }
@pair = internal constant %Pair { i64 42, double 2.5 }
@r = internal constant [2 x i8] c"r\00"
@n = internal constant [2 x i8] c"n\00"

define void @main() #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @__quantum__qis__x__body(ptr null)
  %next = add i64 %i, 1
  %more = icmp slt i64 %next, 5
  br i1 %more, label %loop, label %done

done:
  call void @__quantum__qis__mz__body(ptr null, ptr null)
  call void @__quantum__rt__result_record_output(ptr null, ptr @r)
  %field = getelementptr inbounds %Pair, ptr @pair, i64 0, i32 0
  %value = load i64, ptr %field, align 8
  call void @__quantum__rt__int_record_output(i64 %value, ptr @n)
  ret void
}

declare void @__quantum__qis__x__body(ptr)
declare void @__quantum__qis__mz__body(ptr, ptr writeonly) #1
declare void @__quantum__rt__result_record_output(ptr, ptr)
declare void @__quantum__rt__int_record_output(i64, ptr)

attributes #0 = { "entry_point" "output_labeling_schema" "qir_profiles"="adaptive_profile" "required_num_qubits"="1" "required_num_results"="1" "target-cpu"="cortex-a72" "target-features"="+neon,+v8a" }
attributes #1 = { "irreversible" }
