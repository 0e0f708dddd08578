"""Where the kernel's run time goes, function by function: Linux ``perf`` over the compiled code.

perf samples Numba's machine code but cannot name it. This script runs the
workload under ``perf record`` in a child process that compiles the kernel
afresh (an empty ``NUMBA_CACHE_DIR`` of its own: a library loaded from the
cache keeps no object code to read symbols from) and, once the workload is
done, writes ``/tmp/perf-PID.map`` — perf's map of JIT code — from the
symbol table of each compiled library's object code (``nm``). ``perf
report`` then names every kernel function; the table gives each one's share
of the samples taken in kernel code (the compile's own samples are in
Python and LLVM and are left out). A function LLVM inlined counts in its
caller.

    python bench/kernel_profile.py                         # 8 cards, every play, 50 positions, twice
    python bench/kernel_profile.py --cards 13 --count 5 --plays best
    python bench/kernel_profile.py --playouts --rounds 30   # 200 playouts (last 6 cards exact), 30 times
    python bench/kernel_profile.py --bridge 20 --rounds 1  # bridge full deals, every card scored

Needs ``perf`` (linux-tools) and ``nm`` (binutils).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tabulate import tabulate

ROOT = Path(__file__).resolve().parent.parent
CHILD = "HUOLONG_KERNEL_PROFILE_CHILD"


def numba_name(symbol: str) -> str | None:
    """``module.function`` of a kernel symbol (Numba's mangled name), None for anything else."""
    at = symbol.find("6kernel")
    if at < 0:
        return None
    parts, i = [], at + len("6kernel")
    while i < len(symbol) and symbol[i].isdigit() and len(parts) < 2:
        digits = re.match(r"\d+", symbol[i:]).group()  # type: ignore[union-attr]
        i += len(digits)
        parts.append(symbol[i : i + int(digits)])
        i += int(digits)
    return ".".join(parts) if len(parts) == 2 else None


def write_perf_map() -> int:
    """Name the kernel's code for perf: every function of every library compiled in this process."""
    from huolong.solver.kernel import dispatchers

    entries = []
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "lib.o"
        for dispatcher in dispatchers():
            for compiled in dispatcher.overloads.values():
                library = compiled.library
                try:
                    obj.write_bytes(library._get_compiled_object())
                except RuntimeError:
                    continue  # loaded from a cache: no object code (this run compiles afresh, so rare)
                table = subprocess.run(["nm", "-S", "--defined-only", str(obj)], check=True, capture_output=True,
                                       text=True).stdout
                symbols = {}
                for line in table.splitlines():
                    fields = line.split()
                    if len(fields) == 4 and fields[2] in "tTwW":
                        symbols[fields[3]] = (int(fields[0], 16), int(fields[1], 16))
                own = compiled.fndesc.llvm_func_name
                if own not in symbols:
                    continue
                base = library.get_pointer_to_function(own) - symbols[own][0]
                for symbol, (offset, size) in symbols.items():
                    name = numba_name(symbol)
                    if name and size:
                        entries.append((base + offset, size, name))
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        for address, size, name in sorted(set(entries)):
            out.write(f"{address:x} {size:x} {name}\n")
    return len(entries)


def workload(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    if args.playouts:
        from test_playout_speed import deals

        from huolong.solver.playout import Player

        player = Player(6, objective=args.objective if args.objective != "points" else "outcome")
        positions = deals(200)
        for _ in range(args.rounds):
            for i, pos in enumerate(positions):
                player.value(pos, i)
        return
    from positions import endgames

    from huolong.solver import SearchAborted, solve

    if args.bridge:
        sys.path.insert(0, str(ROOT / "tests"))
        from bridge_deals import seeded_full_deal
        from test_bridge import FULL_SEED

        positions = [seeded_full_deal(FULL_SEED, i) for i in range(args.bridge)]
    else:
        positions = endgames(args.cards)[: args.count]
    for _ in range(args.rounds):
        for pos in positions:
            try:
                solve(pos, args.objective, plays=args.plays, line=False, max_nodes=args.max_nodes)
            except SearchAborted:
                pass  # its work up to the budget is profiled all the same


def report(data: Path) -> tuple[list[tuple[str, float]], float]:
    """Each kernel function's share of the kernel's samples, largest first; the kernel's share of all."""
    from huolong.solver.kernel import MODULES

    modules = {module.__name__.rsplit(".", 1)[-1] for module in MODULES}
    text = subprocess.run(["perf", "report", "-i", str(data), "--stdio", "--no-children", "--sort", "sym"],
                          check=True, capture_output=True, text=True).stdout
    shares: Counter[str] = Counter()
    for line in text.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\w+)\.(\w+)\s*$", line)
        if match and match.group(2) in modules:
            shares[f"{match.group(2)}.{match.group(3)}"] += float(match.group(1))
    total = sum(shares.values())
    return [(name, 100 * share / (total or 1.0)) for name, share in shares.most_common()], total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=8)
    parser.add_argument("--count", type=int, default=50, help="positions of the bench set")
    parser.add_argument("--rounds", type=int, default=2, help="times over the positions (or the 200 deals)")
    parser.add_argument("--plays", default="all", choices=["all", "optimal", "best"])
    parser.add_argument("--objective", default="points", choices=["points", "outcome", "result"])
    parser.add_argument("--max-nodes", type=int, default=10_000_000)
    parser.add_argument("--playouts", action="store_true", help="playouts of 200 deals, last 6 cards exact")
    parser.add_argument("--bridge", type=int, default=0, metavar="N",
                        help="the first N full deals of the DDS agreement test instead")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    if os.environ.get(CHILD):
        workload(args)
        print(f"{write_perf_map()} kernel symbols named for perf", file=sys.stderr)
        return
    with tempfile.TemporaryDirectory(prefix="huolong-perf-") as tmp:
        data = Path(tmp) / "perf.data"
        env = {**os.environ, CHILD: "1", "NUMBA_CACHE_DIR": str(Path(tmp) / "cache")}
        subprocess.run(["perf", "record", "-q", "-F", "1999", "-o", str(data), sys.executable, *sys.argv],
                       check=True, env=env)
        rows, kernel = report(data)
    print(tabulate([(name, f"{share:.1f}") for name, share in rows[: args.top]],
                   headers=["kernel function", "% of kernel samples"], tablefmt="github", disable_numparse=True))
    print(f"(kernel code: {kernel:.1f} % of all samples; the rest is the compile and Python)")


if __name__ == "__main__":
    main()
