# qrt — the two quick-start commands (see README.md):
#   make run    install what is missing, build, run the example circuit on the default device
#   make test   install what is missing, build, run the whole test suite
# Other targets: build, bench, test-asan, test-tsan, clean.

BUILD_DIR ?= build
JOBS ?= 2
CMAKE_FLAGS ?=
CORPUS ?= $(abspath ../shared/qasm)
EXAMPLE ?= examples/ghz.qasm

.PHONY: all deps configure build run test bench test-asan test-tsan clean

all: build

deps:
	@bash .ci/install-deps

configure: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DQRT_CORPUS_DIR=$(CORPUS) $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

run: build
	$(BUILD_DIR)/bin/qrt run $(EXAMPLE) --shots 1000 --seed 7

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j$(JOBS)

bench: build
	@for b in $(BUILD_DIR)/bin/bench_*; do echo "== $$b"; $$b --benchmark_format=json; done

# Sanitizer builds live in their own folders; benchmarks are skipped there.
test-asan:
	$(MAKE) test BUILD_DIR=build-asan CMAKE_FLAGS="-DQRT_SANITIZE=address,undefined -DQRT_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo"

test-tsan:
	$(MAKE) test BUILD_DIR=build-tsan CMAKE_FLAGS="-DQRT_SANITIZE=thread -DQRT_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo"

clean:
	rm -rf build build-asan build-tsan
