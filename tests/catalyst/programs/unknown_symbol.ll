; Runtime functions qrt does not provide, or declares differently: refused at load, each named.
declare void @__catalyst__qis__Teleport(ptr, ptr, ptr)
declare void @__catalyst__qis__RX(double, ptr)
declare void @__catalyst_inactive_callback(i64, i64, i64, ...)

define void @jit_f() {
  call void @__catalyst__qis__Teleport(ptr null, ptr null, ptr null)
  call void @__catalyst__qis__RX(double 1.0, ptr null)
  call void (i64, i64, i64, ...) @__catalyst_inactive_callback(i64 1, i64 0, i64 0)
  ret void
}
