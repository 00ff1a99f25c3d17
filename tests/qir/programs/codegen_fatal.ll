; An x86 intrinsic of AMD's XOP extension, which today's x86 processors lack: LLVM's instruction
; selector reports "Cannot select" as a fatal error (LLVM would abort the process), which must not end qrt.
define void @main() #0 {
  %v = call <8 x i16> @llvm.x86.xop.vphaddbw(<16 x i8> <i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 9, i8 10, i8 11, i8 12, i8 13, i8 14, i8 15, i8 16>)
  %e = extractelement <8 x i16> %v, i32 0
  %w = zext i16 %e to i64
  call void @__quantum__rt__int_record_output(i64 %w, ptr null)
  ret void
}
declare <8 x i16> @llvm.x86.xop.vphaddbw(<16 x i8>)
declare void @__quantum__rt__int_record_output(i64, ptr)
attributes #0 = { "entry_point" }
