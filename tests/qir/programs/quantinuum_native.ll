; Quantinuum's native gates as pytket-qir and hugr-qir emit them (angles in radians).
;   q0: PhasedX(pi, 0) = RX(pi)              -> |1>, always 1
;   q1: U1q(pi, pi/2) = -i Y                 -> |1>, always 1
;   q2,q3: H H, ZZMax, H H = exp(-i pi/4 XX) -> (|00> - i|11>)/sqrt2: equal, each 1/2
;   q4,q5: H H, ZZPhase(pi), H H = -i XX     -> |11>, always 1 1
;   q6,q7: H H, zz (ZZMax), H H              -> equal, each 1/2
;   q8,q9: H H, RZZ(pi), H H                 -> |11>
define void @main() #0 {
  call void @__quantum__qis__phasedx__body(double 0x400921FB54442D18, double 0.0, ptr null)
  call void @__quantum__qis__u1q__body(double 0x400921FB54442D18, double 0x3FF921FB54442D18, ptr inttoptr (i64 1 to ptr))
  call void @pair(i64 2, i64 1)
  call void @pair(i64 4, i64 2)
  call void @pair(i64 6, i64 3)
  call void @pair(i64 8, i64 4)
  call void @__quantum__rt__array_record_output(i64 10, ptr null)
  br label %loop
loop:
  %i = phi i64 [ 0, %0 ], [ %n, %loop ]
  %q = inttoptr i64 %i to ptr
  call void @__quantum__qis__mz__body(ptr %q, ptr %q)
  call void @__quantum__rt__result_record_output(ptr %q, ptr null)
  %n = add i64 %i, 1
  %more = icmp slt i64 %n, 10
  br i1 %more, label %loop, label %done
done:
  ret void
}
define internal void @pair(i64 %first, i64 %which) {
  %a = inttoptr i64 %first to ptr
  %second = add i64 %first, 1
  %b = inttoptr i64 %second to ptr
  call void @__quantum__qis__h__body(ptr %a)
  call void @__quantum__qis__h__body(ptr %b)
  switch i64 %which, label %rzz [ i64 1, label %zzmax
                                  i64 2, label %zzphase
                                  i64 3, label %zz ]
zzmax:
  call void @__quantum__qis__zzmax__body(ptr %a, ptr %b)
  br label %end
zzphase:
  call void @__quantum__qis__zzphase__body(double 0x400921FB54442D18, ptr %a, ptr %b)
  br label %end
zz:
  call void @__quantum__qis__zz__body(ptr %a, ptr %b)
  br label %end
rzz:
  call void @__quantum__qis__rzz__body(double 0x400921FB54442D18, ptr %a, ptr %b)
  br label %end
end:
  call void @__quantum__qis__h__body(ptr %a)
  call void @__quantum__qis__h__body(ptr %b)
  ret void
}
declare void @__quantum__qis__phasedx__body(double, double, ptr)
declare void @__quantum__qis__u1q__body(double, double, ptr)
declare void @__quantum__qis__zzmax__body(ptr, ptr)
declare void @__quantum__qis__zzphase__body(double, ptr, ptr)
declare void @__quantum__qis__zz__body(ptr, ptr)
declare void @__quantum__qis__rzz__body(double, ptr, ptr)
declare void @__quantum__qis__h__body(ptr)
declare void @__quantum__qis__mz__body(ptr, ptr)
declare void @__quantum__rt__array_record_output(i64, ptr)
declare void @__quantum__rt__result_record_output(ptr, ptr)
attributes #0 = { "entry_point" "qir_profiles"="adaptive_profile" "required_num_qubits"="10" "required_num_results"="10" }
