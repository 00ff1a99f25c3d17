; Text IR as LLVM 20-22 writes it: every construct qrt rewrites into its LLVM 19 meaning, in a program
; whose result shows that the code around them still runs as written. Returns 3.0.
declare ptr @_mlir_memref_to_llvm_alloc(i64)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #0
declare void @llvm.lifetime.start.p0(ptr captures(none))
declare void @llvm.lifetime.end.p0(ptr captures(none))
declare double @llvm.fabs.f64(double) #1

@three = private constant double 3.0

define internal i1 @less(i32 %a, i32 %b) {
  %c = icmp samesign ult i32 %a, %b
  ret i1 %c
}

define internal i64 @address(ptr dead_on_return captures(address) %p) nocreateundeforpoison {
  %a = ptrtoaddr ptr %p to i64
  ret i64 %a
}

define { ptr, ptr, i64 } @jit_newer() sanitize_realtime {
  %slot = alloca double
  call void @llvm.lifetime.start.p0(ptr %slot)
  %b = call ptr @_mlir_memref_to_llvm_alloc(i64 8)
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr @three, i64 8, i1 false)
  %ok = call i1 @less(i32 1, i32 2)
  %a = call i64 @address(ptr %b)
  %nonzero = icmp ne i64 %a, 0
  %both = and i1 %ok, %nonzero
  %v = load double, ptr %b
  %w = select i1 %both, double %v, double -1.0
  %x = call double @llvm.fabs.f64(double %w)
  store double %x, ptr %b
  call void @llvm.lifetime.end.p0(ptr %slot)
  %d0 = insertvalue { ptr, ptr, i64 } poison, ptr %b, 0
  %d1 = insertvalue { ptr, ptr, i64 } %d0, ptr %b, 1
  %d = insertvalue { ptr, ptr, i64 } %d1, i64 0, 2
  ret { ptr, ptr, i64 } %d
}

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite, errnomem: none) }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
