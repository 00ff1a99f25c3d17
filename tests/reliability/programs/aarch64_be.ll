; Built for big-endian AArch64: the bytes of a value lie in the other order there, so a program compiled for
; it may depend on that, and qrt refuses it. (A loop, so that it is compiled rather than read as a circuit.)
target datalayout = "E-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64_be-unknown-linux-gnu"

define void @main() #0 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @__quantum__qis__x__body(ptr null)
  %next = add i64 %i, 1
  %more = icmp slt i64 %next, 3
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare void @__quantum__qis__x__body(ptr)

attributes #0 = { "entry_point" "qir_profiles"="adaptive_profile" "required_num_qubits"="1" }
