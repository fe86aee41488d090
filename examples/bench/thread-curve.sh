#!/usr/bin/env bash
# The thread curve: how a simulation's speed grows with dispatcher threads on a many-core machine.
#
#   examples/bench/thread-curve.sh OUT_DIR [THREADS] [TORUS_JOBS] [HUGE_JOBS]
#
# Runs the first TORUS_JOBS jobs of the torus32k scenario (default 20000) and the first HUGE_JOBS of
# the huge scenario (default 200000) with `hpcsim bench threads THREADS` (default
# 1,2,4,8,16: one run at each count, every output file compared byte for byte with one thread's;
# one thread runs the sequential executor, more Pekko's), and each once more on Pekko's executor at
# one thread, to separate that executor's own cost from what more threads gain. Prefixes of the
# scenarios' traces keep the whole curve within minutes; the traces are the scenarios' own (same
# generator, same seed), generated into OUT_DIR/traces.
# Each step's log goes to OUT_DIR; a table of wall and CPU times is printed last. `hpcsim` is taken
# from PATH (or HPCSIM=...). docs/performance.md (Threads) holds the curve measured with it.
set -euo pipefail
out="${1:?usage: thread-curve.sh OUT_DIR [THREADS] [TORUS_JOBS] [HUGE_JOBS]}"
threads="${2:-1,2,4,8,16}"
torus_jobs="${3:-20000}"
huge_jobs="${4:-200000}"
hpcsim="${HPCSIM:-hpcsim}"
mkdir -p "$out/traces"

# A prefix of a generated trace: its header lines, then its first N jobs.
prefix() {
    local full="$1" jobs="$2" file="$3"
    awk -v n="$jobs" '/^;/ { print; next } { if (++j > n) exit; print }' "$full" > "$file"
}

torus_full="$out/traces/torus32k.swf"
huge_full="$out/traces/huge.swf"
[[ -f "$torus_full" ]] || "$hpcsim" generate --jobs 200000 --procs 32768 --max-size 16 --load 0.9 --seed 21 \
    -o "$torus_full" > /dev/null
[[ -f "$huge_full" ]] || "$hpcsim" generate --jobs 1000000 --procs 100000 --max-size 1024 --load 0.9 --seed 21 \
    -o "$huge_full" > /dev/null
prefix "$torus_full" "$torus_jobs" "$out/traces/torus-$torus_jobs.swf"
prefix "$huge_full" "$huge_jobs" "$out/traces/huge-$huge_jobs.swf"

torus=(--trace "$out/traces/torus-$torus_jobs.swf" --machine torus:32x32x32 --scheduler easy
    --allocator sorted-free-list -Dnetwork.model=links)
huge=(--trace "$out/traces/huge-$huge_jobs.swf" --machine simple:100000 --scheduler easy
    --allocator sorted-free-list)

run_curve() {
    local name="$1"; shift
    echo "== $name: threads $threads"
    "$hpcsim" bench threads "$threads" "$@" 2>&1 | tee "$out/$name.log"
    echo "== $name: Pekko's executor on one thread"
    "$hpcsim" bench run "$@" --runs 1 -Dkernel.executor=pekko --threads 1 2>&1 \
        | tee "$out/$name-pekko1.log"
}

run_curve "torus-$torus_jobs" "${torus[@]}"
run_curve "huge-$huge_jobs" "${huge[@]}"

echo "== summary (wall and CPU of each whole process)"
for log in "$out"/*.log; do
    grep -E '^(threads [0-9]+|run [0-9]+):' "$log" | sed "s|^|$(basename "$log" .log) |"
done
