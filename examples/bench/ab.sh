#!/usr/bin/env bash
# A/B of builds: one `hpcsim run` timed under each of two or more checkouts, whole processes
# interleaved run by run, so that a shared machine's drifting speed falls on every build alike.
#
#   examples/bench/ab.sh OUT_DIR ROUNDS CHECKOUT_A CHECKOUT_B [CHECKOUT...] -- RUN_OPTIONS...
#
# Each CHECKOUT is a clone with its jar built (`mvn -q -DskipTests package`; its bin/hpcsim runs it).
# Each round runs every checkout once, the order rotating from round to round (A B, B A; A B C,
# B C A, C A B). Every run's wall time, CPU time (user + system, the JVM's every thread) and the
# simulation's own wall time (summary.json's wall_clock_s) go to OUT_DIR/times.txt; the medians are
# printed last, with each checkout's difference from the first. The first round's outputs are kept
# in OUT_DIR/<checkout>-r1 and compared file by file with the first checkout's (summary.json and
# config-used.conf apart: they hold times and paths). docs/performance.md holds figures measured so.
set -euo pipefail
usage="usage: ab.sh OUT_DIR ROUNDS CHECKOUT_A CHECKOUT_B [CHECKOUT...] -- RUN_OPTIONS..."
out="${1:?$usage}"
rounds="${2:?$usage}"
shift 2
roots=()
while [[ $# -gt 0 && "$1" != "--" ]]; do
    roots+=("$(cd "$1" && pwd)")
    shift
done
[[ $# -gt 0 && ${#roots[@]} -ge 2 ]] || { echo "$usage" >&2; exit 2; }
shift
mkdir -p "$out"
log="$out/times.txt"
: > "$log"
k=${#roots[@]}
TIMEFORMAT='%R %U %S'
for r in $(seq 1 "$rounds"); do
    for j in $(seq 0 $((k - 1))); do
        i=$(( (j + r - 1) % k ))
        dir="$out/$i-r$r"
        rm -rf "$dir"
        t=$( { time "${roots[$i]}/bin/hpcsim" run -q "$@" -o "$dir" > "$out/$i-r$r.log" 2>&1; } 2>&1 )
        sim=$(sed -n 's/.*"wall_clock_s": *\([0-9.]*\).*/\1/p' "$dir/summary.json")
        echo "$i $r $t $sim" | tee -a "$log"
        [[ "$r" == 1 ]] || rm -rf "$dir"
    done
done
for i in $(seq 1 $((k - 1))); do
    for f in "$out/0-r1"/*; do
        name="$(basename "$f")"
        [[ "$name" == summary.json || "$name" == config-used.conf ]] && continue
        cmp -s "$f" "$out/$i-r1/$name" || echo "outputs differ: $name of ${roots[$i]}"
    done
done
awk -v roots="${roots[*]}" '
    function median(list, n,    a, i, j, t) {
        split(list, a, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    { wall[$1] = wall[$1] " " $3; cpu[$1] = cpu[$1] " " ($4 + $5); sim[$1] = sim[$1] " " $6; n[$1]++ }
    END {
        split(roots, name, " ")
        for (i = 0; i in n; i++) {
            w = median(wall[i], n[i]); c = median(cpu[i], n[i]); s = median(sim[i], n[i])
            if (i == 0) { w0 = w; c0 = c }
            printf "%s: %d runs, medians: wall %.2f s (%+.1f %%), CPU %.2f s (%+.1f %%), simulation %.2f s\n",
                name[i + 1], n[i], w, 100 * (w / w0 - 1), c, 100 * (c / c0 - 1), s
        }
    }' "$log"
