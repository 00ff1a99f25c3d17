; Module-level inline assembly: machine code outside any function, which qrt does not run.
module asm ".globl qrt_helper"
module asm "qrt_helper: ret"
define void @main() #0 {
  ret void
}
attributes #0 = { "entry_point" }
