; Returned memrefs that are views: an offset and a stride (every other element), a transposed matrix
; (strides [1, 3]), a constant returned with the 0xDEADBEEF "constant data" sentinel as its allocated
; pointer, and a complex constant copied out as qjit's wrapper does. No device, no arguments.
@halves = private constant [6 x double] [double 0.0, double 0.5, double 1.0, double 1.5, double 2.0, double 2.5], align 64
@number = private constant double 4.25, align 64
@phase = private constant { double, double } { double 0.6, double -0.8 }, align 64

declare ptr @_mlir_memref_to_llvm_alloc(i64)
declare void @_mlir_memref_to_llvm_free(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly nocapture, ptr noalias readonly nocapture, i64, i1 immarg)

define { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } @jit_views() {
  ; [1.5, 2.5] read from @halves at offset 3, stride 2: copied into a fresh buffer of 6, returned as a view
  %buf = call ptr @_mlir_memref_to_llvm_alloc(i64 48)
  call void @llvm.memcpy.p0.p0.i64(ptr %buf, ptr @halves, i64 48, i1 false)
  %a0 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %buf, 0
  %a1 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %a0, ptr %buf, 1
  %a2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %a1, i64 3, 2
  %a3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %a2, i64 2, 3, 0
  %a = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %a3, i64 2, 4, 0
  ; the 2 x 3 matrix [[1, 2, 3], [4, 5, 6]] (i64, row-major) returned transposed: 3 x 2, strides [1, 3]
  %m = call ptr @_mlir_memref_to_llvm_alloc(i64 48)
  br label %fill
fill:
  %i = phi i64 [ 0, %0 ], [ %next, %fill ]
  %next = add i64 %i, 1
  %slot = getelementptr inbounds i64, ptr %m, i64 %i
  store i64 %next, ptr %slot
  %done = icmp eq i64 %next, 6
  br i1 %done, label %build, label %fill
build:
  %b0 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } poison, ptr %m, 0
  %b1 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %b0, ptr %m, 1
  %b2 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %b1, i64 0, 2
  %b3 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %b2, i64 3, 3, 0
  %b4 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %b3, i64 2, 3, 1
  %b5 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %b4, i64 1, 4, 0
  %b = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %b5, i64 3, 4, 1
  ; a constant returned as is, its allocated pointer the sentinel: nothing to free
  %c = insertvalue { ptr, ptr, i64 } { ptr inttoptr (i64 3735928559 to ptr), ptr @number, i64 0 }, ptr @number, 1
  ; a complex constant copied into a fresh buffer, as qjit's jit_ wrapper does with a sentinel result
  %d = call { ptr, ptr, i64 } @copy_phase({ ptr, ptr, i64 } { ptr inttoptr (i64 3735928559 to ptr), ptr @phase, i64 0 })
  ; a buffer the module allocates and frees itself
  %scratch = call ptr @_mlir_memref_to_llvm_alloc(i64 16)
  call void @_mlir_memref_to_llvm_free(ptr %scratch)
  %r0 = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } poison, { ptr, ptr, i64, [1 x i64], [1 x i64] } %a, 0
  %r1 = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } %r0, { ptr, ptr, i64, [2 x i64], [2 x i64] } %b, 1
  %r2 = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } %r1, { ptr, ptr, i64 } %c, 2
  %r3 = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } %r2, { ptr, ptr, i64 } %d, 3
  ret { { ptr, ptr, i64, [1 x i64], [1 x i64] }, { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64 } } %r3
}

define internal { ptr, ptr, i64 } @copy_phase({ ptr, ptr, i64 } %in) {
  %allocated = extractvalue { ptr, ptr, i64 } %in, 0
  %bits = ptrtoint ptr %allocated to i64
  %constant = icmp eq i64 3735928559, %bits
  br i1 %constant, label %copy, label %keep
copy:
  %fresh = call ptr @_mlir_memref_to_llvm_alloc(i64 16)
  %src = extractvalue { ptr, ptr, i64 } %in, 1
  call void @llvm.memcpy.p0.p0.i64(ptr %fresh, ptr %src, i64 16, i1 false)
  %o0 = insertvalue { ptr, ptr, i64 } poison, ptr %fresh, 0
  %o1 = insertvalue { ptr, ptr, i64 } %o0, ptr %fresh, 1
  %o = insertvalue { ptr, ptr, i64 } %o1, i64 0, 2
  ret { ptr, ptr, i64 } %o
keep:
  ret { ptr, ptr, i64 } %in
}
