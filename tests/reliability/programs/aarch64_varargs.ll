; Built for AArch64 and reading variadic arguments: va_list is laid out differently by each target, so qrt
; refuses it, naming the function.
target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

%va_list = type { ptr, ptr, ptr, i32, i32 }

define i64 @first_of(i64 %count, ...) {
entry:
  %args = alloca %va_list, align 8
  call void @llvm.va_start.p0(ptr %args)
  %value = va_arg ptr %args, i64
  call void @llvm.va_end.p0(ptr %args)
  ret i64 %value
}

define void @main() #0 {
entry:
  %v = call i64 (i64, ...) @first_of(i64 1, i64 7)
  %more = icmp sgt i64 %v, 0
  br i1 %more, label %flip, label %done

flip:
  call void @__quantum__qis__x__body(ptr null)
  br label %done

done:
  ret void
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @__quantum__qis__x__body(ptr)

attributes #0 = { "entry_point" "qir_profiles"="adaptive_profile" "required_num_qubits"="1" }
