; Built for 32-bit ARM: a pointer kept in memory is 4 bytes there and 8 here, so the module's memory layout
; depends on its target and qrt refuses it, naming the type.
target datalayout = "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"
target triple = "armv7-unknown-linux-gnueabihf"

define void @main() #0 {
entry:
  %slot = alloca ptr, align 4
  store ptr null, ptr %slot, align 4
  %q = load ptr, ptr %slot, align 4
  call void @__quantum__qis__h__body(ptr %q)
  ret void
}

declare void @__quantum__qis__h__body(ptr)

attributes #0 = { "entry_point" "qir_profiles"="adaptive_profile" "required_num_qubits"="1" }
