; The shape of older Q# compiler output: the module defines __quantum__rt__array_slice_1d and
; __quantum__rt__range_to_string itself, as bridges passing the %Range by pointer to the runtime's
; quantum__rt__array_slice_1d / quantum__rt__range_to_string (no leading underscores).
%Range = type { i64, i64, i64 }
%Array = type opaque
%String = type opaque

declare %Array* @quantum__rt__array_slice_1d(%Array*, %Range* dereferenceable(24), i1)
declare %String* @quantum__rt__range_to_string(%Range* dereferenceable(24))

define dllexport %Array* @__quantum__rt__array_slice_1d(%Array* %.ar, %Range %.range, i1 %forceNewInstance) {
  %.prange = alloca %Range, align 8
  store %Range %.range, %Range* %.prange, align 4
  %slice = call %Array* @quantum__rt__array_slice_1d(%Array* %.ar, %Range* dereferenceable(24) %.prange, i1 %forceNewInstance)
  ret %Array* %slice
}

define dllexport %String* @__quantum__rt__range_to_string(%Range %.range) {
  %.prange = alloca %Range, align 8
  store %Range %.range, %Range* %.prange, align 4
  %str = call %String* @quantum__rt__range_to_string(%Range* dereferenceable(24) %.prange)
  ret %String* %str
}

; [10, 11, 12, 13, 14][4..-2..0] = [14, 12, 10]: records ARRAY 3 and its elements; prints the ranges.
define void @Program__Main() #0 {
entry:
  %a = call %Array* @__quantum__rt__array_create_1d(i32 8, i64 5)
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %next, %fill ]
  %p = call i8* @__quantum__rt__array_get_element_ptr_1d(%Array* %a, i64 %i)
  %e = bitcast i8* %p to i64*
  %v = add i64 %i, 10
  store i64 %v, i64* %e
  %next = add i64 %i, 1
  %more = icmp slt i64 %next, 5
  br i1 %more, label %fill, label %slice
slice:
  %r0 = insertvalue %Range zeroinitializer, i64 4, 0
  %r1 = insertvalue %Range %r0, i64 -2, 1
  %r = insertvalue %Range %r1, i64 0, 2
  %s = call %Array* @__quantum__rt__array_slice_1d(%Array* %a, %Range %r, i1 true)
  %n = call i64 @__quantum__rt__array_get_size_1d(%Array* %s)
  call void @__quantum__rt__array_record_output(i64 %n, i8* null)
  br label %out
out:
  %j = phi i64 [ 0, %slice ], [ %jn, %out ]
  %q = call i8* @__quantum__rt__array_get_element_ptr_1d(%Array* %s, i64 %j)
  %qe = bitcast i8* %q to i64*
  %w = load i64, i64* %qe
  call void @__quantum__rt__int_record_output(i64 %w, i8* null)
  %jn = add i64 %j, 1
  %again = icmp slt i64 %jn, %n
  br i1 %again, label %out, label %text
text:
  %t = call %String* @__quantum__rt__range_to_string(%Range %r)
  call void @__quantum__rt__message(%String* %t)
  %u0 = insertvalue %Range zeroinitializer, i64 0, 0
  %u1 = insertvalue %Range %u0, i64 1, 1
  %u = insertvalue %Range %u1, i64 9, 2
  %t2 = call %String* @__quantum__rt__range_to_string(%Range %u)
  call void @__quantum__rt__message(%String* %t2)
  call void @__quantum__rt__string_update_reference_count(%String* %t, i32 -1)
  call void @__quantum__rt__string_update_reference_count(%String* %t2, i32 -1)
  call void @__quantum__rt__array_update_reference_count(%Array* %s, i32 -1)
  call void @__quantum__rt__array_update_reference_count(%Array* %a, i32 -1)
  ret void
}

declare %Array* @__quantum__rt__array_create_1d(i32, i64)
declare i8* @__quantum__rt__array_get_element_ptr_1d(%Array*, i64)
declare i64 @__quantum__rt__array_get_size_1d(%Array*)
declare void @__quantum__rt__array_update_reference_count(%Array*, i32)
declare void @__quantum__rt__array_record_output(i64, i8*)
declare void @__quantum__rt__int_record_output(i64, i8*)
declare void @__quantum__rt__message(%String*)
declare void @__quantum__rt__string_update_reference_count(%String*, i32)

attributes #0 = { "EntryPoint" }
