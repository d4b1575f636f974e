# mvvm: build, demo, test and benchmark entry points.
# Works without a login shell: the Swift toolchain is found on PATH or at /opt/swift.

SWIFT_BIN_DIR := $(or $(patsubst %/swift,%,$(shell command -v swift 2>/dev/null)),/opt/swift/usr/bin)
export PATH := $(SWIFT_BIN_DIR):$(PATH)
SWIFT := $(SWIFT_BIN_DIR)/swift
CLANG := $(SWIFT_BIN_DIR)/clang
# Warnings are errors everywhere we build our own code.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors
BUILD_DIR := $(CURDIR)/.build/debug
LIB := $(BUILD_DIR)/libmvvm.so
C_FLAGS := -std=c11 -Wall -Wextra -Werror -I$(CURDIR)/Include
HOST_BUILD := $(CURDIR)/.build/c

.PHONY: all deps build library demo test test-swift test-seeds test-header test-c test-c-asan \
        test-host bench clean

all: build

# System packages the build needs (Debian names); installed only when missing.
deps:
	@pkg-config --exists libffi || { apt-get update -qq && apt-get install -y -qq libffi-dev pkg-config; }

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

library: deps
	$(SWIFT) build --product mvvm $(SWIFT_FLAGS)

$(HOST_BUILD)/terminal_host: bindings/c/examples/terminal_host.c Include/mvvm.h library
	mkdir -p $(HOST_BUILD)
	$(CLANG) $(C_FLAGS) bindings/c/examples/terminal_host.c -L$(BUILD_DIR) -lmvvm -Wl,-rpath,$(BUILD_DIR) -o $@

# The main job: the C terminal host drives the app flow on the built-in sample data.
demo: $(HOST_BUILD)/terminal_host
	$(HOST_BUILD)/terminal_host

# Every test: Swift, the seed compatibility package, the header/binary agreement, the C API
# (plain and under AddressSanitizer + UndefinedBehaviorSanitizer) and the C host.
test: test-swift test-seeds test-header test-c test-c-asan test-host

test-swift: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test $(SWIFT_FLAGS)

# A separate package that depends on MVVMBinding by path and holds the seeds' ViewModel code
# verbatim with only `import Combine` changed: proves source compatibility with Combine.
test-seeds:
	cd Tests/SeedCompatibility && $(SWIFT) test $(SWIFT_FLAGS)

# The header compiles cleanly as C11 and C++, and agrees with the binary symbol by symbol.
test-header: library
	$(CLANG) -x c -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only Include/mvvm.h
	$(CLANG) -x c++ -std=c++17 -Wall -Wextra -Werror -pedantic -fsyntax-only Include/mvvm.h
	SWIFTC=$(SWIFT_BIN_DIR)/swiftc CLANG=$(CLANG) Tests/ABICheck/check-abi.sh $(BUILD_DIR)

test-c: library
	CC=$(CLANG) MVVM_LIB_DIR=$(BUILD_DIR) Tests/CABITests/run.sh $(CURDIR)/.build/c-tests

test-c-asan: library
	CC=$(CLANG) MVVM_LIB_DIR=$(BUILD_DIR) SANITIZE=address,undefined Tests/CABITests/run.sh $(CURDIR)/.build/c-tests-asan

test-host: $(HOST_BUILD)/terminal_host
	$(HOST_BUILD)/terminal_host > $(HOST_BUILD)/terminal_host.log
	@echo "terminal host: scripted flow completed ($$(wc -l < $(HOST_BUILD)/terminal_host.log) lines of output)"

# Benchmarks (not tests): release builds, each reference measured in the same run.
bench: deps
	cd Benchmarks && $(SWIFT) run -c release $(SWIFT_FLAGS) binding-bench
	$(SWIFT) build -c release --product mvvm $(SWIFT_FLAGS)
	CC=$(CLANG) MVVM_LIB_DIR=$(CURDIR)/.build/release Benchmarks/c/run.sh

clean:
	rm -rf .build Tests/SeedCompatibility/.build Benchmarks/.build
