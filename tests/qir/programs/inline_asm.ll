; Inline assembly: machine code qrt will not run (nothing but the runtime and a few C library functions
; is visible to a program).
define void @main() #0 {
  call void @__quantum__qis__h__body(ptr null)
  %x = call i64 asm sideeffect "movq $$42, $0", "=r"()
  call void @__quantum__rt__int_record_output(i64 %x, ptr null)
  ret void
}
declare void @__quantum__qis__h__body(ptr)
declare void @__quantum__rt__int_record_output(i64, ptr)
attributes #0 = { "entry_point" }
