; A classical loop that never ends and never calls the runtime: only --timeout stops it.
define void @main() #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %v = load volatile i64, ptr @sink
  store volatile i64 %next, ptr @sink
  br label %loop
}
@sink = internal global i64 0
attributes #0 = { "entry_point" }
