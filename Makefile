# mvvm: build, demo, test and benchmark entry points.
# Works without a login shell: the Swift toolchain is found on PATH or at /opt/swift.

SWIFT_BIN_DIR := $(or $(patsubst %/swift,%,$(shell command -v swift 2>/dev/null)),/opt/swift/usr/bin)
export PATH := $(SWIFT_BIN_DIR):$(PATH)
SWIFT := $(SWIFT_BIN_DIR)/swift
# Warnings are errors everywhere we build our own code.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

.PHONY: all build demo test test-swift test-seeds bench clean

all: build

build:
	$(SWIFT) build $(SWIFT_FLAGS)

# The main job: run the host demo on the built-in sample data.
demo:
	$(SWIFT) run $(SWIFT_FLAGS) mvvm-demo

# Every test: the Swift packages' tests and the seed compatibility package.
test: test-swift test-seeds

test-swift:
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test $(SWIFT_FLAGS)

# A separate package that depends on MVVMBinding by path and holds the seeds' ViewModel code
# verbatim with only `import Combine` changed: proves source compatibility with Combine.
test-seeds:
	cd Tests/SeedCompatibility && $(SWIFT) test $(SWIFT_FLAGS)

# Benchmarks (not tests): release builds, reference measured in the same run.
bench:
	cd Benchmarks && $(SWIFT) run -c release $(SWIFT_FLAGS) binding-bench

clean:
	rm -rf .build Tests/SeedCompatibility/.build Benchmarks/.build
