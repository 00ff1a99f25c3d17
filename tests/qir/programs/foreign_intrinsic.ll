; An intrinsic of another target (AArch64) than the machine qrt runs on.
define void @main() #0 {
  %r = call i32 @llvm.aarch64.crc32b(i32 0, i32 1)
  %w = zext i32 %r to i64
  call void @__quantum__rt__int_record_output(i64 %w, ptr null)
  ret void
}
declare i32 @llvm.aarch64.crc32b(i32, i32)
declare void @__quantum__rt__int_record_output(i64, ptr)
attributes #0 = { "entry_point" }
