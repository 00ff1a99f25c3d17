; qir-runner's classical helpers as Q# programs call them: math, random draws and raw memory.
define void @main() #0 {
  %pi = call double @__quantum__qis__arccos__body(double -1.0)
  call void @__quantum__rt__double_record_output(double %pi, ptr null)
  %a2 = call double @__quantum__qis__arctan2__body(double 1.0, double -1.0)
  call void @__quantum__rt__double_record_output(double %a2, ptr null)
  %rem = call double @__quantum__qis__ieeeremainder__body(double 7.0, double 2.0)
  call void @__quantum__rt__double_record_output(double %rem, ptr null)
  %inf = call double @__quantum__qis__infinity__body()
  %ninf = fneg double %inf
  %b1 = call i1 @__quantum__qis__isinf__body(double %ninf)
  call void @__quantum__rt__bool_record_output(i1 %b1, ptr null)
  %b2 = call i1 @__quantum__qis__isnegativeinfinity__body(double %ninf)
  call void @__quantum__rt__bool_record_output(i1 %b2, ptr null)
  %nan = call double @__quantum__qis__nan__body()
  %b3 = call i1 @__quantum__qis__isnan__body(double %nan)
  call void @__quantum__rt__bool_record_output(i1 %b3, ptr null)
  %die = call i64 @__quantum__qis__drawrandomint__body(i64 1, i64 6)
  call void @__quantum__rt__int_record_output(i64 %die, ptr null)
  %u = call double @__quantum__qis__drawrandomdouble__body(double 0.0, double 1.0)
  call void @__quantum__rt__double_record_output(double %u, ptr null)
  %m = call ptr @__quantum__rt__memory_allocate(i64 16)
  %first = load i64, ptr %m
  call void @__quantum__rt__int_record_output(i64 %first, ptr null)
  store i64 42, ptr %m
  %again = load i64, ptr %m
  call void @__quantum__rt__int_record_output(i64 %again, ptr null)
  ret void
}
declare double @__quantum__qis__arccos__body(double)
declare double @__quantum__qis__arctan2__body(double, double)
declare double @__quantum__qis__ieeeremainder__body(double, double)
declare double @__quantum__qis__infinity__body()
declare i1 @__quantum__qis__isinf__body(double)
declare i1 @__quantum__qis__isnegativeinfinity__body(double)
declare double @__quantum__qis__nan__body()
declare i1 @__quantum__qis__isnan__body(double)
declare i64 @__quantum__qis__drawrandomint__body(i64, i64)
declare double @__quantum__qis__drawrandomdouble__body(double, double)
declare ptr @__quantum__rt__memory_allocate(i64)
declare void @__quantum__rt__double_record_output(double, ptr)
declare void @__quantum__rt__bool_record_output(i1, ptr)
declare void @__quantum__rt__int_record_output(i64, ptr)
attributes #0 = { "entry_point" }
