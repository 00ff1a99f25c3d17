; device_init with devices and kwargs qrt maps, refuses or cannot read (one entry each, --entry).
@lib = internal constant [4 x i8] c"lib\00"
@lightning = internal constant [19 x i8] c"LightningSimulator\00"
@kokkos = internal constant [25 x i8] c"LightningKokkosSimulator\00"
@braket = internal constant [15 x i8] c"OpenQasmDevice\00"
@unknown = internal constant [13 x i8] c"FancyDevice1\00"
@plain = internal constant [3 x i8] c"{}\00"
@mcmc = internal constant [52 x i8] c"{'mcmc': True, 'num_burnin': 100, 'kernel_name': 1}\00"
@inert = internal constant [52 x i8] c"{'sync': False, 'kokkos_args': None, 'mpi': False,}\00"
@unknown_key = internal constant [24 x i8] c"{'noise_model': 'ibm1'}\00"
@malformed = internal constant [16 x i8] c"{'mcmc': Fals}\00\00"

declare void @__catalyst__rt__device_init(ptr, ptr, ptr, i64, i1)
declare void @__catalyst__rt__device_release()

define void @jit_braket() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @braket, ptr @plain, i64 0, i1 false)
  call void @__catalyst__rt__device_release()
  ret void
}

define void @jit_unknown() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @unknown, ptr @plain, i64 0, i1 false)
  call void @__catalyst__rt__device_release()
  ret void
}

define void @jit_mcmc() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @lightning, ptr @mcmc, i64 0, i1 false)
  call void @__catalyst__rt__device_release()
  ret void
}

define void @jit_unknown_key() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @lightning, ptr @unknown_key, i64 0, i1 false)
  call void @__catalyst__rt__device_release()
  ret void
}

define void @jit_malformed() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @lightning, ptr @malformed, i64 0, i1 false)
  call void @__catalyst__rt__device_release()
  ret void
}

define void @jit_inert() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @kokkos, ptr @inert, i64 0, i1 false)
  call void @__catalyst__rt__device_release()
  ret void
}

; device_init twice without device_release
define void @jit_twice() {
  call void @__catalyst__rt__device_init(ptr @lib, ptr @lightning, ptr @plain, i64 0, i1 false)
  call void @__catalyst__rt__device_init(ptr @lib, ptr @lightning, ptr @plain, i64 0, i1 false)
  ret void
}
