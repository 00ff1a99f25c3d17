; Built for AArch64 and calling one of its intrinsics (a CRC instruction): not portable, refused by name.
target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

define void @main() #0 {
entry:
  %r = call i32 @llvm.aarch64.crc32b(i32 0, i32 1)
  %w = zext i32 %r to i64
  call void @__quantum__rt__int_record_output(i64 %w, ptr null)
  ret void
}

declare i32 @llvm.aarch64.crc32b(i32, i32)
declare void @__quantum__rt__int_record_output(i64, ptr)

attributes #0 = { "entry_point" }
