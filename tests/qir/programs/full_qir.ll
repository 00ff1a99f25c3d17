; Full QIR as Q#'s compiler emits it: dynamic qubits, runtime results, arrays of Paulis, exp and joint
; measurement, strings and messages, every record kind. Deterministic: prints one known block.
%Range = type { i64, i64, i64 }
@hello = internal constant [6 x i8] c"hello\00"

define void @Program__Main() #0 {
entry:
  %qs = call ptr @__quantum__rt__qubit_allocate_array(i64 2)
  %p0 = call ptr @__quantum__rt__array_get_element_ptr_1d(ptr %qs, i64 0)
  %q0 = load ptr, ptr %p0
  %p1 = call ptr @__quantum__rt__array_get_element_ptr_1d(ptr %qs, i64 1)
  %q1 = load ptr, ptr %p1
  ; exp(i pi/4 XX)|00> = (|00> + i|11>)/sqrt(2): Z parity +1, XX parity +1, YY parity -1
  %paulis = call ptr @__quantum__rt__array_create_1d(i32 1, i64 2)
  %e0 = call ptr @__quantum__rt__array_get_element_ptr_1d(ptr %paulis, i64 0)
  store i2 1, ptr %e0
  %e1 = call ptr @__quantum__rt__array_get_element_ptr_1d(ptr %paulis, i64 1)
  store i2 1, ptr %e1
  call void @__quantum__qis__exp__body(ptr %paulis, double 0x3FE921FB54442D18, ptr %qs)
  %zz = call ptr @__quantum__rt__array_create_1d(i32 1, i64 2)
  %z0 = call ptr @__quantum__rt__array_get_element_ptr_1d(ptr %zz, i64 0)
  store i2 -2, ptr %z0
  %z1 = call ptr @__quantum__rt__array_get_element_ptr_1d(ptr %zz, i64 1)
  store i2 -2, ptr %z1
  %rzz = call ptr @__quantum__qis__measure__body(ptr %zz, ptr %qs)
  %one = call ptr @__quantum__rt__result_get_one()
  %zz_is_one = call i1 @__quantum__rt__result_equal(ptr %rzz, ptr %one)
  call void @__quantum__rt__bool_record_output(i1 %zz_is_one, ptr null)
  %m0 = call ptr @__quantum__qis__m__body(ptr %q0)
  %m1 = call ptr @__quantum__qis__m__body(ptr %q1)
  %same = call i1 @__quantum__rt__result_equal(ptr %m0, ptr %m1)
  call void @__quantum__rt__bool_record_output(i1 %same, ptr null)
  call void @__quantum__rt__int_record_output(i64 -42, ptr null)
  call void @__quantum__rt__double_record_output(double 2.5, ptr null)
  %s = call ptr @__quantum__rt__string_create(ptr @hello)
  call void @__quantum__rt__message(ptr %s)
  call void @__quantum__rt__string_update_reference_count(ptr %s, i32 -1)
  ; reset to |0> before release, as Q# programs must
  %b0 = call i1 @__quantum__rt__result_equal(ptr %m0, ptr %one)
  br i1 %b0, label %flip, label %done
flip:
  call void @__quantum__qis__x__body(ptr %q0)
  call void @__quantum__qis__x__body(ptr %q1)
  br label %done
done:
  call void @__quantum__rt__array_update_reference_count(ptr %paulis, i32 -1)
  call void @__quantum__rt__array_update_reference_count(ptr %zz, i32 -1)
  call void @__quantum__rt__qubit_release_array(ptr %qs)
  ret void
}

declare ptr @__quantum__rt__qubit_allocate_array(i64)
declare void @__quantum__rt__qubit_release_array(ptr)
declare ptr @__quantum__rt__array_get_element_ptr_1d(ptr, i64)
declare ptr @__quantum__rt__array_create_1d(i32, i64)
declare void @__quantum__rt__array_update_reference_count(ptr, i32)
declare void @__quantum__qis__exp__body(ptr, double, ptr)
declare ptr @__quantum__qis__measure__body(ptr, ptr)
declare ptr @__quantum__qis__m__body(ptr)
declare void @__quantum__qis__x__body(ptr)
declare ptr @__quantum__rt__result_get_one()
declare i1 @__quantum__rt__result_equal(ptr, ptr)
declare void @__quantum__rt__bool_record_output(i1, ptr)
declare void @__quantum__rt__int_record_output(i64, ptr)
declare void @__quantum__rt__double_record_output(double, ptr)
declare ptr @__quantum__rt__string_create(ptr)
declare void @__quantum__rt__message(ptr)
declare void @__quantum__rt__string_update_reference_count(ptr, i32)

attributes #0 = { "EntryPoint" }
