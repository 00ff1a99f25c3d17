# qrt — the two quick-start commands (see README.md):
#   make run    install what is missing, build, run the example circuit on the default device
#   make test   install what is missing, build, run the whole test suite
# Other targets: build, bench, test-asan, test-tsan, fuzz, format, format-check, tidy, tidy-changed,
# ci (what .ci/run does), clean.

BUILD_DIR ?= build
JOBS ?= 2
CMAKE_FLAGS ?=
CORPUS ?= $(abspath ../shared/qasm)
EXAMPLE ?= examples/ghz.qasm

.PHONY: all deps configure build run test bench test-asan test-tsan fuzz format format-check tidy tidy-changed ci clean

# A new build folder uses Ninja (finer-grained than Makefiles: a target's objects compile while its
# dependencies still link); one that exists keeps the generator it was made with.
generator = $(if $(wildcard $(1)/CMakeCache.txt),,-G Ninja)

all: build

deps:
	@bash .ci/install-deps

configure: deps
	cmake $(call generator,$(BUILD_DIR)) -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DQRT_CORPUS_DIR=$(CORPUS) $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

# Builds only what it runs (target qrt_run_bundle: libqrt, qrt, qrt-worker, the shipped plugins); tests,
# benchmarks and fuzz helpers are left to `make test` / `make bench`.
run: configure
	cmake --build $(BUILD_DIR) -j$(JOBS) --target qrt_run_bundle
	$(BUILD_DIR)/bin/qrt run $(EXAMPLE) --shots 1000 --seed 7

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j$(JOBS)

bench: build
	@for b in $(BUILD_DIR)/bin/bench_*; do echo "== $$b"; $$b --benchmark_format=json; done

# Sanitizer builds live in their own folders; benchmarks are skipped there. ASan+UBSan runs the whole
# suite; TSan builds and runs only the tests labelled `concurrency` (OpenMP's runtime is not
# instrumented, and a full TSan build would not fit the CI budget).
# -O1 -g1: quick to build, line numbers in reports; assertions stay on. Both sanitizer builds keep the
# dense kernels' loops rolled (plugins/sim_common); under ASan+UBSan the tests' own code is compiled at
# -O0 (tests/CMakeLists.txt). Both only to save compile time.
SAN_FLAGS = -DQRT_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQRT_CORPUS_DIR=$(CORPUS) \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1"

test-asan: deps
	cmake $(call generator,build-asan) -S . -B build-asan -DQRT_SANITIZE=address,undefined $(SAN_FLAGS) $(CMAKE_FLAGS)
	cmake --build build-asan -j$(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j$(JOBS)

test-tsan: deps
	cmake $(call generator,build-tsan) -S . -B build-tsan -DQRT_SANITIZE=thread $(SAN_FLAGS) $(CMAKE_FLAGS)
	cmake --build build-tsan -j$(JOBS) --target concurrency_suite
	# setarch -R: without address-space randomisation, as older TSan runtimes cannot map their shadow on
	# kernels with high mmap entropy.
	cd build-tsan && TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	  setarch $$(uname -m) -R ctest --output-on-failure -j$(JOBS) -L concurrency

# libFuzzer targets (clang; see fuzz/README.md): FUZZ_SECONDS per target, two at a time.
FUZZ_SECONDS ?= 60
fuzz: deps
	CC=clang CXX=clang++ cmake $(call generator,build-fuzz) -S . -B build-fuzz -DQRT_BUILD_FUZZERS=ON -DQRT_BUILD_TESTS=OFF -DQRT_BUILD_BENCH=OFF \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQRT_CORPUS_DIR=$(CORPUS) $(CMAKE_FLAGS)
	cmake --build build-fuzz -j$(JOBS) --target fuzzers
	bash fuzz/run_fuzzers.sh --build-dir build-fuzz --seconds $(FUZZ_SECONDS)

# The house style (.clang-format, .clang-tidy), with Debian 12's clang-format-14 and clang-tidy-14 whatever
# newer ones are installed: another version formats differently. Sources are what git tracks.
CLANG_FORMAT ?= clang-format-14
CLANG_TIDY ?= clang-tidy-14
STYLE_SOURCES = git ls-files -z -- '*.c' '*.h' '*.cpp' '*.hpp' '*.cc' '*.inc'
format: deps
	$(STYLE_SOURCES) | xargs -0 $(CLANG_FORMAT) -i
format-check: deps
	$(STYLE_SOURCES) | xargs -0 $(CLANG_FORMAT) --dry-run --Werror
# clang-tidy over the sources of the build under host/, plugin_api/ and plugins/ (.ci/tidy): `tidy` checks
# all of them (about 30 CPU minutes), `tidy-changed` (a CI stage) those changed since the commit in
# .ci/tidy-base, the last one `make tidy` passed on. Both need a build (compile_commands.json, generated headers).
tidy: build
	bash .ci/tidy --build-dir $(BUILD_DIR) --jobs $(JOBS)
tidy-changed: build
	bash .ci/tidy --build-dir $(BUILD_DIR) --jobs $(JOBS) --since "$$(cat .ci/tidy-base)"

# CI: the house style, the README's test command, clang-tidy on what changed, the sanitizer suites, a short
# fuzzing run.
ci: format-check test tidy-changed test-asan test-tsan fuzz

clean:
	rm -rf $(BUILD_DIR) build-asan build-tsan build-fuzz
