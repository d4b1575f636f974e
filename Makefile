# mvvm: build, demo, test and benchmark entry points.
# Works without a login shell. The Swift toolchain (found on PATH, else at /opt/swift), the C
# flags and the sanitizer set come from scripts/env.sh, which every script under Tests/,
# Benchmarks/ and bindings/ sources too; system packages are installed by `make deps` alone.

# $(call mvvm_env,VAR): VAR as scripts/env.sh sets it. SWIFT_BIN_DIR, given on the command
# line or in the environment, overrides the discovery, as it does for the scripts.
mvvm_env = $(shell SWIFT_BIN_DIR='$(SWIFT_BIN_DIR)' sh scripts/env.sh --print $(1))
SWIFT_BIN_DIR := $(call mvvm_env,SWIFT_BIN_DIR)
SWIFT := $(call mvvm_env,SWIFT)
SWIFTC := $(call mvvm_env,SWIFTC)
CLANG := $(call mvvm_env,CLANG)
TOOLCHAIN_ERROR := $(call mvvm_env,MVVM_TOOLCHAIN_ERROR)
ifneq ($(SWIFT_BIN_DIR),)
export PATH := $(SWIFT_BIN_DIR):$(PATH)
endif
# Warnings are errors everywhere we build our own code.
SWIFT_FLAGS := $(call mvvm_env,MVVM_SWIFT_FLAGS)
C_WARN := $(call mvvm_env,MVVM_C_WARN)
CXX_WARN := $(call mvvm_env,MVVM_CXX_WARN)
C_FLAGS := $(call mvvm_env,MVVM_CFLAGS)
SANITIZERS := $(call mvvm_env,MVVM_SANITIZE)
FUZZ_SWIFT_FLAGS := $(call mvvm_env,MVVM_FUZZ_SWIFT_FLAGS)
BUILD_DIR := $(CURDIR)/.build/debug
LIB := $(BUILD_DIR)/libmvvm.so
HOST_BUILD := $(CURDIR)/.build/c

# Without a toolchain only `deps` and `clean` can run.
ifneq ($(TOOLCHAIN_ERROR),)
ifneq ($(filter-out deps clean,$(or $(MAKECMDGOALS),all)),)
$(error $(TOOLCHAIN_ERROR))
endif
endif

.PHONY: all deps build library generate format test-format test-generated test-framework demo demo-http test test-swift test-seeds test-header test-c \
        replay-tool test-replay record-journals \
        test-c-asan test-c-tsan test-host test-glib-host test-install test-fuzz test-dist test-python check-all fuzz fuzz-data \
        fuzz-library bench clean test-example

all: build

# Every system package the project needs (Debian names; scripts/deps.sh lists who needs
# which), installed in one apt-get step when any is missing. Every target that builds depends
# on it; the scripts, run alone, name it when a package is missing.
deps:
	@sh scripts/deps.sh
	@sh scripts/build-macros.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

library: deps
	$(SWIFT) build --product mvvm $(SWIFT_FLAGS)

# The files that follow from declarations: the framework header's plug-in table (the mvvm_api
# fields of Include/mvvm.h and Sources/CFFI/include/api_table.h, by mvvm-generate-framework, which
# links no app), and the seeds' app's (Sources/MVVMSeedsApp: its @ViewModel types, records, enums
# and the coordinator's and repository's declarations): its typed C functions
# (Sources/MVVMSeedsApp/Exports/Generated), the generated blocks of Include/mvvm_seeds.h and its
# plug-in table (Sources/CMVVMSeeds/api_table.h). Run after changing a ViewModel's C API, a
# declaration or a framework function, and commit the result; `make test` fails while any of
# them is stale.
GENERATOR := $(CURDIR)/.build/debug/mvvm-generate
FRAMEWORK_GENERATOR := $(CURDIR)/.build/debug/mvvm-generate-framework
generate: deps
	$(SWIFT) build --product mvvm-generate-framework $(SWIFT_FLAGS)
	$(FRAMEWORK_GENERATOR) $(CURDIR)
	$(SWIFT) build --product mvvm-generate $(SWIFT_FLAGS)
	$(GENERATOR) $(CURDIR)

# The Swift code follows the checked-in .swift-format (the toolchain's swift-format): `make
# format` rewrites the files scripts/swift-format-files.sh lists, `make test-format` checks them.
SWIFT_FORMAT := $(SWIFT_BIN_DIR)/swift-format
format:
	$(SWIFT_FORMAT) format -i --configuration .swift-format $$(scripts/swift-format-files.sh)

test-format:
	@$(SWIFT_FORMAT) lint --strict --configuration .swift-format $$(scripts/swift-format-files.sh) \
	    || { echo "test-format: the files above do not follow .swift-format; run make format" >&2; exit 1; }
	@echo "test-format: $$(scripts/swift-format-files.sh | wc -l) Swift files follow .swift-format"

# Fresh generated files, and a hand edit of one is caught (Tests/Generated).
test-generated: deps
	$(SWIFT) build --product mvvm-generate-framework $(SWIFT_FLAGS)
	$(SWIFT) build --product mvvm-generate $(SWIFT_FLAGS)
	Tests/Generated/check-generated.sh $(FRAMEWORK_GENERATOR) $(GENERATOR)

# Examples/Notes, a user's app on mvvm, as a user builds it: copied outside the repository, its
# shipped libnotes.so built with its own Makefile, notes-generate --check, its C host and Python
# script run with the toolchain hidden (Tests/Examples/check-notes.sh).
test-example: deps
	Tests/Examples/check-notes.sh

# The framework (its Swift targets, C modules, mvvm.h, the Python package) names nothing an app
# declared, and a name added is caught; and the framework's Swift tests build and pass with the
# seeds' app's targets absent from the build graph (MVVM_FRAMEWORK_ONLY, Package.swift), in
# their own scratch folder.
FRAMEWORK_BUILD := $(CURDIR)/.build/framework-only
test-framework: deps
	Tests/Framework/check-no-app-names.sh
	MVVM_FRAMEWORK_ONLY=1 $(SWIFT) build --build-tests --scratch-path $(FRAMEWORK_BUILD) $(SWIFT_FLAGS)
	Tests/Macros/check-macro-diagnostics.sh $(FRAMEWORK_BUILD)/debug/Modules
	MVVM_FRAMEWORK_ONLY=1 $(SWIFT) test --skip-build --scratch-path $(FRAMEWORK_BUILD) --disable-swift-testing \
	    --filter 'MVVMRuntimeTests|MVVMBindingTests'
	@if [ -e $(FRAMEWORK_BUILD)/debug/libmvvm.so ] || ls $(FRAMEWORK_BUILD)/debug/MVVMSeedsApp.build >/dev/null 2>&1; then \
	    echo "test-framework: the framework-only build built the seeds' app" >&2; exit 1; fi

$(HOST_BUILD)/terminal_host: bindings/c/examples/terminal_host.c Include/mvvm.h Include/mvvm_seeds.h library
	mkdir -p $(HOST_BUILD)
	$(CLANG) $(C_FLAGS) bindings/c/examples/terminal_host.c -L$(BUILD_DIR) -lmvvm -Wl,-rpath,$(BUILD_DIR) -o $@

# The main job: the C terminal host drives the app flow on the built-in sample data.
demo: $(HOST_BUILD)/terminal_host
	$(HOST_BUILD)/terminal_host

# The same flow over HTTP: the local placeholder server (Tests/Support/placeholder_server.py,
# 200 users, an ephemeral port, stopped afterwards) and a SQLite cache in .build/c.
demo-http: $(HOST_BUILD)/terminal_host
	@rm -f $(HOST_BUILD)/demo-http.port; \
	python3 Tests/Support/placeholder_server.py --users 200 --idle-timeout 30 --port-file $(HOST_BUILD)/demo-http.port > /dev/null & \
	server=$$!; trap 'kill $$server 2>/dev/null' EXIT; \
	for i in $$(seq 100); do [ -s $(HOST_BUILD)/demo-http.port ] && break; sleep 0.1; done; \
	$(HOST_BUILD)/terminal_host --http http://127.0.0.1:$$(cat $(HOST_BUILD)/demo-http.port) --cache $(HOST_BUILD)/demo-http-cache.sqlite

# Every test: the generated files' freshness, the framework's independence from the seeds' app,
# Swift, the seed compatibility package, the header/binary agreement, the C API
# (plain and under AddressSanitizer + UndefinedBehaviorSanitizer), the C hosts, the installed
# library through pkg-config, the shipped artifacts with the toolchain hidden, and the Python
# package (last: its pytest summary closes the run).
test: test-format test-generated test-framework test-swift test-seeds test-header test-c test-c-asan test-c-tsan test-host test-replay test-glib-host \
      test-install test-slim test-fuzz test-dist test-gtk test-qt test-python test-example

test-swift: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --disable-swift-testing $(SWIFT_FLAGS)

# A separate package that depends on MVVMBinding by path and holds the seeds' ViewModel code
# verbatim with only `import Combine` changed: proves source compatibility with Combine.
test-seeds:
	cd Tests/SeedCompatibility && $(SWIFT) test --disable-swift-testing $(SWIFT_FLAGS)

# The headers (the framework's, and the seeds' app's over it) compile cleanly as C11 and C++,
# agree with the binary symbol by symbol, and keep the seeds' app's ABI of before the split
# (Tests/ABICheck/check-abi-baseline.sh).
test-header: library
	for h in Include/mvvm.h Include/mvvm_seeds.h; do \
	    $(CLANG) -x c $(C_WARN) -pedantic -fsyntax-only -IInclude $$h && \
	    $(CLANG) -x c++ $(CXX_WARN) -pedantic -fsyntax-only -IInclude $$h || exit 1; done
	SWIFTC=$(SWIFTC) CLANG=$(CLANG) Tests/ABICheck/check-abi.sh $(BUILD_DIR)
	CLANG=$(CLANG) Tests/ABICheck/check-api-table.sh
	CLANG=$(CLANG) Tests/ABICheck/check-abi-baseline.sh

# Twice: on the process's main thread, then with every program's loop on a worker thread
# made the host thread by mvvm_init_with_options() (the main thread blocked in pthread_join).
test-c: library
	CC=$(CLANG) MVVM_LIB_DIR=$(BUILD_DIR) Tests/CABITests/run.sh $(CURDIR)/.build/c-tests
	CC=$(CLANG) MVVM_LIB_DIR=$(BUILD_DIR) CABI_HOST_THREAD=worker Tests/CABITests/run.sh $(CURDIR)/.build/c-tests-worker

# A C host under ThreadSanitizer (README, "The host thread"): the library built with
# MVVM_SWIFT_TSAN_FLAGS in .build/tsan-lib, the host compiled and linked with
# -fsanitize=thread plus the toolchain's libdispatch and blocks runtime (lib/swift/linux),
# which the TSan runtime's libdispatch interceptors need; then tsan_host_stress for
# TSAN_SECONDS (default 3) on the main thread and on a worker host thread. Any report fails.
TSAN_LIB_BUILD := $(CURDIR)/.build/tsan-lib
TSAN_RUNTIME_DIR = $(SWIFT_BIN_DIR)/../lib/swift/linux
TSAN_C_FLAGS = -g -O1 -fsanitize=thread -fno-omit-frame-pointer
test-c-tsan: deps
	$(SWIFT) build --product mvvm --scratch-path $(TSAN_LIB_BUILD) $(SWIFT_FLAGS) $(call mvvm_env,MVVM_SWIFT_TSAN_FLAGS)
	mkdir -p $(HOST_BUILD)
	$(CLANG) $(C_WARN) $(TSAN_C_FLAGS) -IInclude Tests/Reliability/tsan_host_stress.c \
	    -L$(TSAN_LIB_BUILD)/debug -lmvvm -Wl,-rpath,$(TSAN_LIB_BUILD)/debug \
	    -L$(TSAN_RUNTIME_DIR) -ldispatch -lBlocksRuntime -Wl,-rpath,$(TSAN_RUNTIME_DIR) -lpthread \
	    -o $(HOST_BUILD)/tsan_host_stress
	for mode in "" --worker; do \
	    SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
	        $(HOST_BUILD)/tsan_host_stress $$mode $(or $(TSAN_SECONDS),3) 1 || exit 1; done

test-c-asan: library
	CC=$(CLANG) MVVM_LIB_DIR=$(BUILD_DIR) SANITIZE=$(SANITIZERS) Tests/CABITests/run.sh $(CURDIR)/.build/c-tests-asan

test-host: $(HOST_BUILD)/terminal_host
	$(HOST_BUILD)/terminal_host > $(HOST_BUILD)/terminal_host.log
	@echo "terminal host: scripted flow completed ($$(wc -l < $(HOST_BUILD)/terminal_host.log) lines of output)"

# mvvm-replay (bindings/c/tools): replays a journal against an application's library
# (docs/JOURNAL.md). It loads the library with dlopen(): it links none.
REPLAY_TOOL := $(HOST_BUILD)/mvvm-replay
replay-tool: $(REPLAY_TOOL)
$(REPLAY_TOOL): bindings/c/tools/mvvm-replay.c Include/mvvm.h
	mkdir -p $(HOST_BUILD)
	$(CLANG) $(C_FLAGS) bindings/c/tools/mvvm-replay.c -ldl -o $@

# The golden journals (Tests/Journals) replay identically against this checkout's library, 20
# times each; a session recorded now replays too; an edited one fails naming its line.
test-replay: $(REPLAY_TOOL) $(HOST_BUILD)/terminal_host
	Tests/Journals/check-replay.sh $(REPLAY_TOOL) $(LIB) $(HOST_BUILD)/terminal_host

# Re-records the golden journals after a change that alters what a host sees (commit them).
record-journals: $(HOST_BUILD)/terminal_host
	MVVM_TRACE=$(CURDIR)/Tests/Journals/terminal_host.jsonl $(HOST_BUILD)/terminal_host > /dev/null

# The Python package: mypy --strict and pytest, in a venv under .build.
# The Tk host test runs under Xvfb (xvfb, x11-apps: installed by deps, through library).
test-python: library
	MVVM_LIBRARY=$(LIB) bindings/python/run-tests.sh

# The reliability harness: the C ABI tests and C hosts under ASan+UBSan, kill-during-save and a
# 1M-operation soak against the release library, the data-edge fuzzers (FUZZ_DATA_SECONDS
# each), the TSan host stress, the Swift tests under ThreadSanitizer (several minutes), with a
# summary table; then the API fuzzer for FUZZ_SECONDS.
check-all: deps
	CC=$(CLANG) SCRATCH=$(CURDIR)/.build TSAN_SCRATCH=$(CURDIR)/.build-tsan Tests/Reliability/check-all.sh
	$(MAKE) --no-print-directory fuzz SECONDS=$(or $(FUZZ_SECONDS),120)

# The library the fuzzers link: the mvvm product with its Swift modules instrumented for
# libFuzzer's coverage and AddressSanitizer (MVVM_FUZZ_SWIFT_FLAGS), in its own scratch folder.
FUZZ_LIB_BUILD := $(CURDIR)/.build/fuzz-lib
FUZZ_LIB_DIR := $(FUZZ_LIB_BUILD)/debug
fuzz-library: deps
	$(SWIFT) build --product mvvm --scratch-path $(FUZZ_LIB_BUILD) $(SWIFT_FLAGS) $(FUZZ_SWIFT_FLAGS)

# libFuzzer over the whole C API (Tests/Fuzz): replays corpus/ and regressions/, then fuzzes
# for SECONDS (`make fuzz SECONDS=600`). `make test` runs a short bounded round.
fuzz: fuzz-library
	CLANG=$(CLANG) MVVM_LIB_DIR=$(FUZZ_LIB_DIR) Tests/Fuzz/run.sh $(or $(SECONDS),60) $(CURDIR)/.build/fuzz

# libFuzzer over the data edges (Tests/Fuzz/data/*_fuzzer.c: the JSON store file, ...):
# replays each target's seeds, then fuzzes SECONDS per target.
fuzz-data: fuzz-library
	CLANG=$(CLANG) MVVM_LIB_DIR=$(FUZZ_LIB_DIR) Tests/Fuzz/run-data.sh $(or $(SECONDS),60) $(CURDIR)/.build/fuzz-data

test-fuzz: fuzz-library
	CLANG=$(CLANG) MVVM_LIB_DIR=$(FUZZ_LIB_DIR) Tests/Fuzz/run.sh 30 $(CURDIR)/.build/fuzz-test
	CLANG=$(CLANG) MVVM_LIB_DIR=$(FUZZ_LIB_DIR) Tests/Fuzz/run-data.sh 10 $(CURDIR)/.build/fuzz-data-test

# Benchmarks (not tests): release builds, each reference measured in the same run. The wheel
# is built too: the Python start-up figure is taken from it installed, as a user gets it. The
# GTK list view benchmark (Benchmarks/gtk) runs under Xvfb, and skips with a line without GTK 4
# or a display server.
bench: deps ship-library wheel
	cd Benchmarks && $(SWIFT) run -c release $(SWIFT_FLAGS) binding-bench
	$(SWIFT) build -c release --product mvvm $(SWIFT_FLAGS)
	$(MAKE) -C Examples/Notes ship SWIFT=$(SWIFT)
	CC=$(CLANG) MVVM_LIB_DIR=$(CURDIR)/.build/release SHIP_LIB_DIR=$(SHIP_BUILD)/release \
	    NOTES_LIB_DIR=$(CURDIR)/Examples/Notes/ship/lib Benchmarks/c/run.sh
	MVVM_LIBRARY=$(CURDIR)/.build/release/libmvvm.so Benchmarks/python/run.sh
	$(if $(HAVE_GTK4),$(MAKE) --no-print-directory $(GTK_LIB))
	CC=$(CLANG) MVVM_LIB_DIR=$(CURDIR)/.build/release GTK_LIB_DIR=$(GTK_BUILD) Benchmarks/gtk/run.sh
	@for f in $(DIST_DIR)/mvvm-*.tar.gz $(DIST_DIR)/mvvm-*.whl; do \
	    [ -f "$$f" ] && echo "bench artifact_size_$${f##*/} $(call mb,"$$f") MB"; done; true

clean:
	rm -rf .build Tests/SeedCompatibility/.build Benchmarks/.build dist

# ------------------------------------------------------------------------------------------
# Shipping (README, "Shipping"): ONE release build of the mvvm product with
# MVVM_SHIP_SWIFT_FLAGS (scripts/env.sh: the Swift runtime, Foundation, libdispatch and ICU
# linked in, exports limited to the mvvm_ API, stripped), in its own scratch folder .build/ship
# so the debug and plain release builds are untouched. `make install`, `make dist`,
# `make wheel` and their tests all take this one file.
# ------------------------------------------------------------------------------------------
.PHONY: ship-library print-ship-library install dist wheel test-install test-glib-host test-slim gtk test-gtk qt test-qt

PREFIX ?= /usr/local
# The GTK 4 adapter's library (bindings/gtk): it links GTK, not libmvvm (the process's one mvvm
# library provides the mvvm_ symbols), so it builds without the Swift library.
GTK_BUILD := $(CURDIR)/.build/gtk
GTK_SOURCES := bindings/gtk/loop.c bindings/gtk/list-model.c bindings/gtk/record-item.c bindings/gtk/binding.c
GTK_LIB := $(GTK_BUILD)/libmvvm-gtk.so
$(GTK_LIB): $(GTK_SOURCES) bindings/gtk/mvvm-gtk.h bindings/gtk/mvvm-gtk-private.h Include/mvvm.h
	mkdir -p $(GTK_BUILD)
	$(CLANG) $(C_FLAGS) -fPIC -shared $(GTK_SOURCES) $$(pkg-config --cflags --libs gtk4) \
	    -Wl,-soname,libmvvm-gtk.so -o $@
MVVM_VERSION = $(shell sed -n 's/^.define MVVM_VERSION_STRING "\(.*\)"$$/\1/p' $(CURDIR)/Include/mvvm.h)
SHIP_SWIFT_FLAGS := $(call mvvm_env,MVVM_SHIP_SWIFT_FLAGS)
SHIP_BUILD := $(CURDIR)/.build/ship
SHIP_LIB := $(SHIP_BUILD)/release/libmvvm.so
# lld's account of why it took each archive member (written at every link of the shipped
# library): test-slim names from it what pulled corelibs Foundation in, if anything does.
SHIP_LINK_REPORT := $(SHIP_BUILD)/why-extract.txt
SHIP_LINK_REPORT_FLAG := $(if $(findstring use-ld=lld,$(SHIP_SWIFT_FLAGS)),-Xlinker --why-extract=$(SHIP_LINK_REPORT))
DIST_DIR := $(CURDIR)/dist
DIST_NAME = mvvm-$(MVVM_VERSION)-linux-$(shell uname -m)
DIST_TAR = $(DIST_DIR)/$(DIST_NAME).tar.gz
# $(call mb,FILE): FILE's size in MB (10^6 bytes), one decimal.
mb = $$(stat -c %s $(1) | awk '{ printf "%.1f", $$1 / 1e6 }')

# SwiftPM relinks when an input changes, not when only a linker flag or the version script
# does: a stamp of the flags and the script's date make it relink then.
ship-library: deps
	@[ -n "$(MVVM_VERSION)" ] || { echo "$@: MVVM_VERSION_STRING not found in Include/mvvm.h" >&2; exit 1; }
	@mkdir -p $(SHIP_BUILD); stamp=$(SHIP_BUILD)/ship-flags; \
	    if [ "$$(cat $$stamp 2>/dev/null)" != '$(SHIP_SWIFT_FLAGS)' ] || [ bindings/c/libmvvm.map -nt $(SHIP_LIB) ] \
	        || [ bindings/c/libmvvm.order -nt $(SHIP_LIB) ] || [ scripts/static-libstdc++/libstdc++.so -nt $(SHIP_LIB) ]; then \
	        rm -f $(SHIP_LIB); echo '$(SHIP_SWIFT_FLAGS)' > $$stamp; fi
	$(SWIFT) build -c release --product mvvm --scratch-path $(SHIP_BUILD) $(SWIFT_FLAGS) $(SHIP_SWIFT_FLAGS) $(SHIP_LINK_REPORT_FLAG)
	@if readelf -d $(SHIP_LIB) | grep -E 'NEEDED.*\[lib(swift|Foundation|_Foundation|dispatch|BlocksRuntime)'; then \
	    echo "$@: $(SHIP_LIB) still needs the Swift runtime's shared libraries" >&2; exit 1; fi
	@echo "ship-library: $(SHIP_LIB): $(call mb,$(SHIP_LIB)) MB, self-contained" \
	    "(NEEDED: $$(readelf -d $(SHIP_LIB) | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' '))"

# The shipped library links no corelibs Foundation: no ICU data, no CoreFoundation
# (Tests/Ship/check-foundation-free.sh, naming what pulled them in when it fails); no
# libcurl, which the first HTTP client opens (Sources/CCurl) so other hosts never load it; no
# libsqlite3, which the first database connection opens (Sources/CSQLite) so other hosts never
# bind its symbols at start; no libffi, which the first handler, closure or host table that is
# called through it opens (Sources/CFFI) so other hosts never map it; and what scripts/env.sh's flags promise: no libstdc++ or libgcc_s
# NEEDED, relocations packed when the flags ask for it.
test-slim: ship-library
	Tests/Ship/check-foundation-free.sh $(SHIP_LIB) $(SHIP_LINK_REPORT)
	@if readelf -d $(SHIP_LIB) | grep -q 'NEEDED.*\[libcurl'; then \
	    echo "test-slim: $(SHIP_LIB) NEEDs libcurl; it is to be opened by the first HTTP client (Sources/CCurl)" >&2; exit 1; fi
	@echo "test-slim: $(SHIP_LIB) does not load libcurl until an HTTP repository starts"
	@if readelf -d $(SHIP_LIB) | grep -q 'NEEDED.*\[libsqlite3'; then \
	    echo "test-slim: $(SHIP_LIB) NEEDs libsqlite3; it is to be opened by the first database connection (Sources/CSQLite)" >&2; exit 1; fi
	@echo "test-slim: $(SHIP_LIB) does not load libsqlite3 until a SQLite database opens"
	@if readelf -d $(SHIP_LIB) | grep -q 'NEEDED.*\[libffi'; then \
	    echo "test-slim: $(SHIP_LIB) NEEDs libffi; it is to be opened by the first call that needs it (Sources/CFFI)" >&2; exit 1; fi
	@echo "test-slim: $(SHIP_LIB) does not load libffi until a handler, closure or host table needs it"
	@if readelf -d $(SHIP_LIB) | grep -E 'NEEDED.*\[lib(stdc\+\+|gcc_s)'; then \
	    echo "test-slim: $(SHIP_LIB) NEEDs libstdc++ or libgcc_s: scripts/static-libstdc++ is to link them in" >&2; exit 1; fi
	@case '$(SHIP_SWIFT_FLAGS)' in *pack-relative-relocs*) \
	    readelf -d $(SHIP_LIB) | grep -q '(RELR)' || { echo "test-slim: $(SHIP_LIB) was linked with -z pack-relative-relocs but has no DT_RELR" >&2; exit 1; }; \
	    echo "test-slim: relative relocations packed (RELR: needs glibc 2.36 where it runs)";; \
	    *) echo "test-slim: relative relocations not packed (this glibc reads no RELR, or MVVM_SHIP_RELR=0)";; esac

# `make start-order`: bindings/c/libmvvm.order, the functions a C host runs from mvvm_init() to
# its first page, from a callgrind profile of the footprint benchmark's host; the shipped
# library's link places them together (scripts/start-order.sh; needs valgrind). Not run by CI:
# a stale file only costs a host memory.
.PHONY: start-order
start-order: ship-library
	scripts/start-order.sh
	$(MAKE) ship-library

# The shipped library's path, for bindings/python/setup.py (which runs `make ship-library`).
print-ship-library:
	@echo $(SHIP_LIB)

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the shipped library, the header and a
# pkg-config file under PREFIX. The library carries the Swift runtime: nothing of the
# toolchain is needed at run time (README, "Shipping"). Where GTK 4 is installed (pkg-config
# gtk4), the GTK adapter beside it: libmvvm-gtk.so, mvvm-gtk.h and mvvm-gtk.pc.
HAVE_GTK4 := $(shell pkg-config --exists gtk4 2>/dev/null && echo yes)
install: ship-library $(REPLAY_TOOL) $(if $(HAVE_GTK4),$(GTK_LIB))
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(SHIP_LIB) $(DESTDIR)$(PREFIX)/lib/libmvvm.so
	install -m 0755 $(REPLAY_TOOL) $(DESTDIR)$(PREFIX)/bin/mvvm-replay
	install -m 0644 Include/mvvm.h Include/mvvm_seeds.h $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(MVVM_VERSION)|g' bindings/c/mvvm.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/mvvm.pc
	@echo "installed libmvvm $(MVVM_VERSION) into $(DESTDIR)$(PREFIX) (self-contained: the Swift runtime is linked in)"
ifneq ($(HAVE_GTK4),)
	install -m 0755 $(GTK_LIB) $(DESTDIR)$(PREFIX)/lib/libmvvm-gtk.so
	install -m 0644 bindings/gtk/mvvm-gtk.h $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(MVVM_VERSION)|g' bindings/gtk/mvvm-gtk.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/mvvm-gtk.pc
	@echo "installed libmvvm-gtk $(MVVM_VERSION) into $(DESTDIR)$(PREFIX) (pkg-config mvvm-gtk)"
else
	@echo "install: GTK 4 not found (pkg-config gtk4): the GTK adapter (libmvvm-gtk.so) is not installed"
endif

# dist/mvvm-<version>-linux-<arch>.tar.gz: one folder of that name holding lib/libmvvm.so,
# include/mvvm.h, a relocatable lib/pkgconfig/mvvm.pc (prefix=${pcfiledir}/../..), README.md
# (bindings/c/dist/README.md) and the licence texts of what the library embeds.
DIST_STAGE = $(SHIP_BUILD)/stage/$(DIST_NAME)
dist: ship-library
	rm -rf $(SHIP_BUILD)/stage
	install -d $(DIST_STAGE)/lib/pkgconfig $(DIST_STAGE)/include $(DIST_STAGE)/licenses $(DIST_DIR)
	install -m 0755 $(SHIP_LIB) $(DIST_STAGE)/lib/libmvvm.so
	install -m 0644 Include/mvvm.h Include/mvvm_seeds.h $(DIST_STAGE)/include/
	sed -e 's|@PREFIX@|$${pcfiledir}/../..|g' -e 's|@VERSION@|$(MVVM_VERSION)|g' bindings/c/mvvm.pc.in \
	    > $(DIST_STAGE)/lib/pkgconfig/mvvm.pc
	sed -e 's|@VERSION@|$(MVVM_VERSION)|g' -e 's|@NAME@|$(DIST_NAME)|g' bindings/c/dist/README.md > $(DIST_STAGE)/README.md
	install -m 0644 bindings/c/dist/THIRD-PARTY-NOTICES.md $(DIST_STAGE)/licenses/
	@licence=$(SWIFT_BIN_DIR)/../share/swift/LICENSE.txt; \
	    if [ -f $$licence ]; then install -m 0644 $$licence $(DIST_STAGE)/licenses/Swift-LICENSE.txt; \
	    else echo "dist: warning: $$licence not found; the archive lacks the Swift licence text" >&2; fi
	tar --sort=name --owner=0 --group=0 --numeric-owner -C $(SHIP_BUILD)/stage -czf $(DIST_TAR).part $(DIST_NAME)
	mv $(DIST_TAR).part $(DIST_TAR)
	rm -rf $(SHIP_BUILD)/stage
	@echo "dist: $(DIST_TAR): $(call mb,$(DIST_TAR)) MB (libmvvm.so unpacked: $(call mb,$(SHIP_LIB)) MB)"

# dist/mvvm-<version>-py3-none-<platform>.whl: the Python package with the shipped library
# inside (bindings/python/build-wheel.sh: setuptools, then auditwheel for the manylinux tag).
wheel: ship-library
	bindings/python/build-wheel.sh $(SHIP_LIB) $(DIST_DIR)

# The archive and the wheel with the toolchain hidden (Tests/Dist/check-dist.sh): a C host
# built from the unpacked archive with its pkg-config alone, the wheel in a fresh venv driven
# from outside the repository, and the exports (`nm -D`: the mvvm_ API only).
test-dist: dist wheel
	Tests/Dist/check-dist.sh $(DIST_TAR) $(DIST_DIR)

# Installs into a temporary PREFIX, then builds a host outside the tree with nothing but
# `pkg-config --cflags --libs mvvm`, checks it loads the installed library, and runs it; where
# GTK 4 is installed, the same for a host of the adapter with `pkg-config --cflags --libs mvvm-gtk`.
test-install:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(MAKE) --no-print-directory install PREFIX=$$tmp/prefix; \
	mkdir "$$tmp/host"; cp bindings/c/examples/pkgconfig_smoke.c "$$tmp/host/"; cd "$$tmp/host"; \
	export PKG_CONFIG_PATH="$$tmp/prefix/lib/pkgconfig"; \
	version=$$(pkg-config --modversion mvvm); \
	[ "$$version" = "$(MVVM_VERSION)" ] || { echo "test-install: pkg-config says $$version, the header $(MVVM_VERSION)" >&2; exit 1; }; \
	flags=$$(pkg-config --cflags --libs mvvm); echo "pkg-config --cflags --libs mvvm: $$flags"; \
	$(CLANG) $(C_WARN) pkgconfig_smoke.c $$flags -o pkgconfig_smoke; \
	ldd ./pkgconfig_smoke | grep -q "$$tmp/prefix/lib/libmvvm.so" \
	    || { echo "test-install: the host does not load the installed libmvvm.so:" >&2; ldd ./pkgconfig_smoke >&2; exit 1; }; \
	./pkgconfig_smoke; \
	if [ -n "$(HAVE_GTK4)" ]; then \
	    cp $(CURDIR)/bindings/gtk/tests/pkgconfig_smoke_gtk.c .; \
	    version=$$(pkg-config --modversion mvvm-gtk); \
	    [ "$$version" = "$(MVVM_VERSION)" ] || { echo "test-install: pkg-config mvvm-gtk says $$version, the header $(MVVM_VERSION)" >&2; exit 1; }; \
	    flags=$$(pkg-config --cflags --libs mvvm-gtk); echo "pkg-config --cflags --libs mvvm-gtk: $$flags"; \
	    $(CLANG) $(C_WARN) pkgconfig_smoke_gtk.c $$flags -o pkgconfig_smoke_gtk; \
	    for lib in libmvvm-gtk.so libmvvm.so; do ldd ./pkgconfig_smoke_gtk | grep -q "$$tmp/prefix/lib/$$lib" \
	        || { echo "test-install: the GTK host does not load the installed $$lib:" >&2; ldd ./pkgconfig_smoke_gtk >&2; exit 1; }; done; \
	    ./pkgconfig_smoke_gtk; \
	else echo "test-install: GTK 4 not found (pkg-config gtk4): the adapter's install is not checked"; fi; \
	echo "test-install: passed"

# The GTK 4 adapter (bindings/gtk: libmvvm-gtk.so, pkg-config mvvm-gtk) beside the library, and its
# tests: the list model's index arithmetic (10,000 random change sets), then the windows of the
# seeds' app and of Notes under Xvfb (skipped with a line when there is no display server).
gtk: library $(GTK_LIB)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(MVVM_VERSION)|' bindings/gtk/mvvm-gtk.pc.in > $(GTK_BUILD)/mvvm-gtk.pc
test-gtk: gtk
	$(CLANG) $(C_FLAGS) -Ibindings/gtk bindings/gtk/tests/test_list_model.c bindings/gtk/list-model.c \
	    bindings/gtk/record-item.c bindings/gtk/loop.c bindings/gtk/binding.c $$(pkg-config --cflags --libs gtk4) \
	    -L$(BUILD_DIR) -lmvvm -Wl,-rpath,$(BUILD_DIR) -o $(GTK_BUILD)/test_list_model
	$(GTK_BUILD)/test_list_model
	sh bindings/gtk/run-window-tests.sh $(GTK_BUILD)

# The Qt 6 adapter (bindings/qt: libmvvm-qt.so, pkg-config mvvm-qt; C++17, no moc) beside the
# library, and its tests (bindings/qt/Makefile): the list model's index arithmetic (10,000 random
# change sets) and the adapter against the seeds' library, then the windows of the seeds' app
# and of Notes under Xvfb, each writing its screenshot (.build/qt/seeds.png, notes.png; skipped
# with a line when there is no display server).
QT_BUILD := $(CURDIR)/.build/qt
QT_MAKE = $(MAKE) -C bindings/qt BUILD=$(QT_BUILD) MVVM_LIB_DIR=$(BUILD_DIR) CXX_WARN='$(CXX_WARN)'
qt: library
	$(QT_MAKE) lib
test-qt: qt
	$(QT_MAKE) test

# The GLib host (bindings/c/examples/glib_host.c): libmvvm's descriptor in a GMainLoop and a
# host-implemented user repository, against the debug library (libglib2.0-dev: from deps);
# then again with the GMainContext on a worker thread that is libmvvm's host thread.
test-glib-host: library
	mkdir -p $(HOST_BUILD)
	$(CLANG) $(C_FLAGS) bindings/c/examples/glib_host.c $$(pkg-config --cflags --libs glib-2.0) \
	    -L$(BUILD_DIR) -lmvvm -Wl,-rpath,$(BUILD_DIR) -o $(HOST_BUILD)/glib_host
	$(HOST_BUILD)/glib_host
	$(HOST_BUILD)/glib_host --worker
