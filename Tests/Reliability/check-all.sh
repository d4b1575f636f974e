#!/usr/bin/env bash
# The reliability harness (`make check-all`): every check that needs a sanitizer, a long run or
# a crash, with a summary table at the end.
#
#   1. C ABI tests under AddressSanitizer + UndefinedBehaviorSanitizer (Tests/CABITests/run.sh)
#      against the debug library;
#   2. the C host examples (bindings/c/examples/terminal_host.c, glib_host.c) built with
#      -fsanitize=address,undefined and run against the debug library;
#   3. kill-during-save (Tests/Reliability/kill_during_save.py driving json_saver.c): SIGKILL a
#      writer of the JSON file store at random moments, check the file is always the old or
#      the new state, and that crashed writers' temporary files are cleaned up; then the same
#      against the SQLite store (json_saver --sqlite: the database opens, passes quick_check
#      and holds the old or the new name);
#   4. the soak (Tests/Reliability/soak.c): a million mixed operations over every object type,
#      then lifecycle_soak.c (create/connect/destroy of every ViewModel type, LIFECYCLE_ROUNDS),
#      resident memory measured after warm-up and at the end;
#      then python_soak.py (100,000 create/connect/command/destroy cycles of every ViewModel
#      type through the Python package, PYTHON_SOAK_CYCLES), resident memory likewise;
#   5. the data-edge fuzzers (Tests/Fuzz/run-data.sh: every Tests/Fuzz/data/*_fuzzer.c, seeds
#      replayed, then FUZZ_DATA_SECONDS each) against the coverage-instrumented library
#      (MVVM_FUZZ_SWIFT_FLAGS, scratch folder $SCRATCH/fuzz-lib), one row per target;
#   6. the TSan host stress (tsan_host_stress.c, -fsanitize=thread), twice (the host thread the
#      main thread, then a worker: --worker): worker threads answer host
#      repository requests and wake the loop while the host thread drives ViewModels, against
#      a ThreadSanitizer build of the library (scratch folder $SCRATCH/tsan-lib);
#   7. the Swift tests under ThreadSanitizer (`swift test --sanitize=thread`; several minutes);
#   8. the Python tests with the long Hypothesis profile (MVVM_HYPOTHESIS_PROFILE=long: many
#      more, randomized examples of the model-based tests in bindings/python/tests/model)
#      against the debug library.
#   3 and 4 run against a release build of the library.
#
# Works from a fresh clone: paths come from this script's location; the Swift toolchain (PATH,
# else /opt/swift/usr/bin), the C and sanitizer flags, the sanitizer options and the
# sanitizer-report check from scripts/env.sh. Settings (environment):
#   SCRATCH         SwiftPM scratch folder of the debug and release library (default <repo>/.build)
#   TSAN_SCRATCH    scratch folder of the ThreadSanitizer build (default <repo>/.build-tsan)
#   SWIFT_FLAGS     extra `swift build`/`swift test` flags (default -Xswiftc -warnings-as-errors)
#   KILL_RUNS       kill-during-save runs (default 300); KILL_SEED its seed (default: clock)
#   SOAK_OPS        soak operations (default 1000000); SOAK_SEED (default 1)
#   FUZZ_DATA_SECONDS  fuzzing time per data-edge target (default 60)
#   STRESS_SECONDS  TSan host stress duration (default 30); STRESS_SEED (default 1)
#   PYTHON_SOAK_CYCLES  python_soak.py cycles (default 100000)
#   SKIP            space-separated steps to skip: asan hosts kill soak datafuzz tsanhost tsan models
# Exit status 0 when every step that ran passed.
set -uo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_dir="$(cd "$script_dir/../.." && pwd)"
MVVM_ROOT="$repo_dir"
# shellcheck source=../../scripts/env.sh
. "$repo_dir/scripts/env.sh"
mvvm_require_toolchain SWIFT CLANG CLANGXX
cc="${CC:-$CLANG}"
scratch="${SCRATCH:-$repo_dir/.build}"
tsan_scratch="${TSAN_SCRATCH:-$repo_dir/.build-tsan}"
read -r -a swift_flags <<< "${SWIFT_FLAGS-$MVVM_SWIFT_FLAGS}"
out="$scratch/reliability"
mkdir -p "$out"
skip=" ${SKIP:-} "

names=()
results=()
details=()
failures=0
record() { # step, PASS/FAIL/SKIP, detail
    names+=("$1"); results+=("$2"); details+=("$3")
    [[ "$2" == FAIL ]] && failures=$((failures + 1))
    echo "== $1: $2 -- $3"
}
skipped() { [[ "$skip" == *" $1 "* ]]; }
section() { echo; echo "==== $1 ($(date -u +%H:%M:%S))"; }

# shellcheck disable=SC2206,SC2207 # the shared flags split into words
san_flags=($MVVM_C_WARN -g -O1 $(mvvm_sanitize_cflags "$MVVM_SANITIZE") -I"$MVVM_INCLUDE_DIR"
           $(mvvm_lld_flag "$cc" "$out"))
mvvm_sanitizer_env hosts

debug_lib="$scratch/debug"
release_lib="$scratch/release"
debug_ok=0
release_ok=0
if ! skipped asan || ! skipped hosts || ! skipped models; then
    section "debug library"
    if "$SWIFT" build --package-path "$repo_dir" --scratch-path "$scratch" --product mvvm "${swift_flags[@]}"; then
        debug_ok=1
    else
        record "debug library" FAIL "swift build --product mvvm failed"
    fi
fi
if ! skipped kill || ! skipped soak; then
    section "release library"
    if "$SWIFT" build --package-path "$repo_dir" --scratch-path "$scratch" -c release --product mvvm "${swift_flags[@]}"; then
        release_ok=1
    else
        record "release library" FAIL "swift build -c release --product mvvm failed"
    fi
fi

# 1. C ABI tests under ASan + UBSan.
if skipped asan; then
    record "C tests, ASan+UBSan" SKIP "SKIP=asan"
elif [[ $debug_ok == 1 ]]; then
    section "C ABI tests under ASan+UBSan"
    log="$out/c-tests-asan.log"
    CC="$cc" CXX="$CLANGXX" MVVM_LIB_DIR="$debug_lib" SANITIZE="$MVVM_SANITIZE" \
        "$repo_dir/Tests/CABITests/run.sh" "$out/c-tests-asan" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    closing="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"
    reports="$(mvvm_check_sanitizer_log "$log")"
    if [[ $status == 0 ]]; then
        record "C tests, ASan+UBSan" PASS "${closing:-?}; $reports sanitizer reports"
    else
        record "C tests, ASan+UBSan" FAIL "${closing:-no summary}; $reports sanitizer reports (see $log)"
    fi
fi

# 2. The C hosts, sanitized.
run_host() { # name, extra flags...
    local name="$1"; shift
    local program="$out/${name}-asan" log="$out/${name}-asan.log"
    if ! "$cc" "${san_flags[@]}" "$repo_dir/bindings/c/examples/$name.c" "$@" -L"$debug_lib" -lmvvm \
            -Wl,-rpath,"$debug_lib" -o "$program"; then
        record "$name, ASan+UBSan" FAIL "did not build"
        return
    fi
    local status=0
    timeout --kill-after=5 300 "$program" < /dev/null > "$log" 2>&1 || status=$?
    local reports
    reports="$(mvvm_check_sanitizer_log "$log")"
    if [[ $status == 0 && $reports == 0 ]]; then
        record "$name, ASan+UBSan" PASS "exit 0, $(wc -l < "$log") lines of output, no sanitizer report"
    else
        tail -n 40 "$log"
        record "$name, ASan+UBSan" FAIL "exit $status, $reports sanitizer reports (see $log)"
    fi
}
if skipped hosts; then
    record "C hosts, ASan+UBSan" SKIP "SKIP=hosts"
elif [[ $debug_ok == 1 ]]; then
    section "C hosts under ASan+UBSan"
    run_host terminal_host
    if pkg-config --exists glib-2.0 2> /dev/null; then
        read -r -a glib_flags <<< "$(pkg-config --cflags --libs glib-2.0)"
        run_host glib_host "${glib_flags[@]}"
    else
        record "glib_host, ASan+UBSan" SKIP "glib-2.0 development files missing (run 'make deps')"
    fi
fi

# shellcheck disable=SC2206
release_flags=($MVVM_C_WARN -O2 -I"$MVVM_INCLUDE_DIR" -L"$release_lib" -lmvvm
               -Wl,-rpath,"$release_lib" -lpthread)

# 3. Kill during save.
if skipped kill; then
    record "kill-during-save" SKIP "SKIP=kill"
elif [[ $release_ok == 1 ]]; then
    section "kill during save"
    log="$out/kill-during-save.log"
    if "$cc" "$script_dir/json_saver.c" "${release_flags[@]}" -o "$out/json_saver"; then
        python3 "$script_dir/kill_during_save.py" --saver "$out/json_saver" --runs "${KILL_RUNS:-300}" \
            ${KILL_SEED:+--seed "$KILL_SEED"} 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
        line="$(grep -E '^kill-during-save: [0-9]+ kills' "$log" | tail -n 1)"
        temps="$(grep -E 'temporary files:' "$log" | tail -n 1 | sed 's/^kill-during-save: //')"
        seed="$(grep -oE 'seed [0-9]+' "$log" | head -n 1)"
        detail="${line#kill-during-save: }; $seed; $temps"
        if [[ $status == 0 ]]; then record "kill-during-save" PASS "$detail"; else record "kill-during-save" FAIL "$detail (see $log)"; fi
    else
        record "kill-during-save" FAIL "json_saver did not build"
    fi
    # The same against the SQLite store (json_saver --sqlite).
    log="$out/kill-during-save-sqlite.log"
    if [[ -x "$out/json_saver" ]]; then
        python3 "$script_dir/kill_during_save.py" --saver "$out/json_saver" --store sqlite \
            --runs "${KILL_RUNS:-300}" ${KILL_SEED:+--seed "$KILL_SEED"} 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
        line="$(grep -E '^kill-during-save: [0-9]+ kills' "$log" | tail -n 1)"
        temps="$(grep -E 'temporary files:' "$log" | tail -n 1 | sed 's/^kill-during-save: //')"
        seed="$(grep -oE 'seed [0-9]+' "$log" | head -n 1)"
        detail="${line#kill-during-save: }; $seed; $temps"
        if [[ $status == 0 ]]; then record "kill-during-save (SQLite)" PASS "$detail"; else record "kill-during-save (SQLite)" FAIL "$detail (see $log)"; fi
    else
        record "kill-during-save (SQLite)" FAIL "json_saver did not build"
    fi
fi

# 4. Soak.
if skipped soak; then
    record "soak" SKIP "SKIP=soak"
elif [[ $release_ok == 1 ]]; then
    section "soak"
    log="$out/soak.log"
    if "$cc" "$script_dir/soak.c" "${release_flags[@]}" -o "$out/soak"; then
        "$out/soak" "${SOAK_OPS:-1000000}" "${SOAK_SEED:-1}" 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
        start="$(sed -n 's/^bench soak_rss_start \([0-9]*\) KiB/\1/p' "$log")"
        end="$(sed -n 's/^bench soak_rss_end \([0-9]*\) KiB/\1/p' "$log")"
        ops="$(sed -n 's/^bench soak_ops_per_second \([0-9]*\).*/\1/p' "$log")"
        detail="RSS ${start:-?} -> ${end:-?} KiB, ${ops:-?} ops/s"
        if [[ $status == 0 ]]; then record "soak" PASS "$detail"; else record "soak" FAIL "$detail (see $log)"; fi
    else
        record "soak" FAIL "soak.c did not build"
    fi
    # Create/connect/destroy of every ViewModel type: memory flat after warm-up.
    section "lifecycle soak"
    log="$out/lifecycle-soak.log"
    if "$cc" "$script_dir/lifecycle_soak.c" "${release_flags[@]}" -o "$out/lifecycle_soak"; then
        "$out/lifecycle_soak" "${LIFECYCLE_ROUNDS:-3000}" 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
        start="$(sed -n 's/^bench lifecycle_rss_start \([0-9]*\) KiB/\1/p' "$log")"
        end="$(sed -n 's/^bench lifecycle_rss_end \([0-9]*\) KiB/\1/p' "$log")"
        detail="RSS ${start:-?} -> ${end:-?} KiB"
        if [[ $status == 0 ]]; then record "lifecycle soak" PASS "$detail"; else record "lifecycle soak" FAIL "$detail (see $log)"; fi
    else
        record "lifecycle soak" FAIL "lifecycle_soak.c did not build"
    fi
    # The same through the Python package: its wrappers, ctypes thunks and registry too.
    section "Python soak"
    log="$out/python-soak.log"
    python3 "$script_dir/python_soak.py" --cycles "${PYTHON_SOAK_CYCLES:-100000}" --library "$release_lib/libmvvm.so" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    start="$(sed -n 's/^bench python_soak_rss_start \([0-9]*\) KiB/\1/p' "$log")"
    end="$(sed -n 's/^bench python_soak_rss_end \([0-9]*\) KiB/\1/p' "$log")"
    cycles="$(sed -n 's/^bench python_soak_cycles \([0-9]*\) cycles/\1/p' "$log")"
    seconds="$(sed -n 's/^bench python_soak_seconds \([0-9.]*\) s/\1/p' "$log")"
    detail="RSS ${start:-?} -> ${end:-?} KiB, ${cycles:-?} cycles in ${seconds:-?} s"
    if [[ $status == 0 ]]; then record "Python soak" PASS "$detail"; else record "Python soak" FAIL "$detail (see $log)"; fi
fi

# 5. The data-edge fuzzers, against the coverage-instrumented library.
if skipped datafuzz; then
    record "data fuzzers" SKIP "SKIP=datafuzz"
else
    section "data-edge fuzzers (${FUZZ_DATA_SECONDS:-60} s each)"
    fuzz_scratch="$scratch/fuzz-lib"
    read -r -a fuzz_swift_flags <<< "$MVVM_FUZZ_SWIFT_FLAGS"
    if "$SWIFT" build --package-path "$repo_dir" --scratch-path "$fuzz_scratch" --product mvvm \
            "${swift_flags[@]}" "${fuzz_swift_flags[@]}"; then
        log="$out/fuzz-data.log"
        CLANG="$CLANG" MVVM_LIB_DIR="$fuzz_scratch/debug" "$repo_dir/Tests/Fuzz/run-data.sh" \
            "${FUZZ_DATA_SECONDS:-60}" "$out/fuzz-data" 2>&1 | tee "$log"
        status=${PIPESTATUS[0]}
        # One row per target: "data-fuzz NAME: ..." (passed) or "data-fuzz NAME: FAILED: ...".
        while IFS= read -r line; do
            name="${line#data-fuzz }"; name="${name%%:*}"; rest="${line#data-fuzz "$name": }"
            if [[ "$rest" == FAILED:* ]]; then
                record "fuzz $name" FAIL "${rest#FAILED: }"
            else
                record "fuzz $name" PASS "$rest"
            fi
        done < <(grep -E '^data-fuzz [a-z0-9_]+: ' "$log")
        if [[ $status != 0 ]] && ! grep -q 'FAILED:' "$log"; then
            record "data fuzzers" FAIL "run-data.sh exit $status (see $log)"
        fi
    else
        record "data fuzzers" FAIL "swift build of the fuzz library failed"
    fi
fi

# 6. The TSan host stress: host repository requests answered from worker threads.
if skipped tsanhost; then
    record "TSan host stress" SKIP "SKIP=tsanhost"
else
    section "TSan host stress (${STRESS_SECONDS:-30} s)"
    tsan_lib_scratch="$scratch/tsan-lib"
    # shellcheck disable=SC2086
    if "$SWIFT" build --package-path "$repo_dir" --scratch-path "$tsan_lib_scratch" --product mvvm \
            $MVVM_SWIFT_TSAN_FLAGS "${swift_flags[@]}"; then
        tsan_lib="$tsan_lib_scratch/debug"
        # The toolchain's TSan runtime carries libdispatch interceptors, which need libdispatch
        # and the blocks runtime linked in (the toolchain's, as libmvvm uses).
        runtime_dir="$SWIFT_BIN_DIR/../lib/swift/linux"
        log="$out/tsan-host-stress.log"
        # shellcheck disable=SC2046
        if "$cc" $MVVM_C_WARN -g -O1 -fsanitize=thread -fno-omit-frame-pointer -I"$MVVM_INCLUDE_DIR" \
                $(mvvm_lld_flag "$cc" "$out") "$script_dir/tsan_host_stress.c" -L"$tsan_lib" -lmvvm \
                -Wl,-rpath,"$tsan_lib" -L"$runtime_dir" -ldispatch -lBlocksRuntime -Wl,-rpath,"$runtime_dir" \
                -lpthread -o "$out/tsan_host_stress"; then
            # Twice: the host thread the main thread, then a worker (mvvm_init_with_options()).
            for mode in main worker; do
                status=0
                log="$out/tsan-host-stress.log" name="TSan host stress"
                [[ $mode == worker ]] && log="$out/tsan-host-stress-worker.log" name="TSan host stress (worker host thread)"
                mode_flag=()
                [[ $mode == worker ]] && mode_flag=(--worker)
                SWIFT_BACKTRACE=enable=no timeout --kill-after=5 300 "$out/tsan_host_stress" "${mode_flag[@]}" \
                    "${STRESS_SECONDS:-30}" "${STRESS_SEED:-1}" > "$log" 2>&1 || status=$?
                reports="$(mvvm_check_sanitizer_log "$log")"
                line="$(sed -n 's/^tsan_host_stress: \([0-9]* rounds.*requests\): .*/\1/p' "$log" | tail -n 1)"
                detail="${line:-no summary}; $reports ThreadSanitizer reports"
                if [[ $status == 0 && $reports == 0 ]]; then
                    record "$name" PASS "$detail"
                else
                    grep -A 20 -E "$MVVM_SANITIZER_REPORT_RE|^tsan_host_stress:" "$log" | head -n 80
                    record "$name" FAIL "exit $status; $detail (see $log)"
                fi
            done
        else
            record "TSan host stress" FAIL "tsan_host_stress.c did not build"
        fi
    else
        record "TSan host stress" FAIL "swift build --sanitize=thread --product mvvm failed"
    fi
fi

# 7. Swift tests under ThreadSanitizer.
if skipped tsan; then
    record "Swift tests, TSan" SKIP "SKIP=tsan"
else
    section "Swift tests under ThreadSanitizer (several minutes)"
    log="$out/swift-tsan.log"
    # shellcheck disable=SC2086
    (cd "$repo_dir" && "$SWIFT" test $MVVM_SWIFT_TSAN_FLAGS --disable-swift-testing --scratch-path "$tsan_scratch" \
        "${swift_flags[@]}") > "$log" 2>&1
    status=$?
    tail -n 5 "$log"
    warnings="$(mvvm_check_sanitizer_log "$log")"
    executed="$(grep -E 'Executed [0-9]+ tests?, with' "$log" | tail -n 1 | sed 's/^[[:space:]]*//; s/ (.*//')"
    detail="${executed:-no XCTest summary}; $warnings ThreadSanitizer warnings"
    if [[ $status == 0 && $warnings == 0 ]]; then
        record "Swift tests, TSan" PASS "$detail"
    else
        grep -A 12 -E "$MVVM_SANITIZER_REPORT_RE" "$log" | head -n 60
        record "Swift tests, TSan" FAIL "exit $status; $detail (see $log)"
    fi
fi

# 8. The Python model-based tests, long profile.
if skipped models; then
    record "Python model tests, long" SKIP "SKIP=models"
elif [[ $debug_ok == 1 ]]; then
    section "Python tests, long Hypothesis profile (several minutes)"
    log="$out/python-models-long.log"
    MVVM_HYPOTHESIS_PROFILE=long MVVM_LIBRARY="$debug_lib/libmvvm.so" "$repo_dir/bindings/python/run-tests.sh" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    summary="$(sed -n 's/^== summary: //p' "$log" | tail -n 1)"
    detail="${summary:-no pytest summary}; MVVM_HYPOTHESIS_PROFILE=long"
    if [[ $status == 0 ]]; then record "Python model tests, long" PASS "$detail"; else record "Python model tests, long" FAIL "$detail (see $log)"; fi
fi

echo
echo "check-all summary"
printf '%-27s %-6s %s\n' "step" "result" "findings"
printf '%-27s %-6s %s\n' "---------------------------" "------" "--------"
for i in "${!names[@]}"; do
    printf '%-27s %-6s %s\n' "${names[$i]}" "${results[$i]}" "${details[$i]}"
done
echo "check-all: $failures failed"
[[ $failures == 0 ]]
