"""Print a pytest-benchmark JSON file as the Markdown tables of RESULTS.md."""

import json
import sys


def main(path: str) -> None:
    data = json.load(open(path))
    info = data["machine_info"]
    print(f"Machine: {info.get('cpu', {}).get('brand_raw', info.get('processor'))}, "
          f"{info.get('cpu', {}).get('count', '?')} cores, Python {info['python_version']}; "
          f"{data['datetime']}\n")
    print("| benchmark | rounds | median s | p90 s (finished) | median nodes | nodes/s | unfinished |")
    print("|---|---|---|---|---|---|---|")
    for bench in data["benchmarks"]:
        stats, extra = bench["stats"], bench["extra_info"]
        p90 = extra.get("finished_p90_s")
        nps = extra.get("nodes_per_s")
        print(f"| {bench['name']} | {stats['rounds']} | {stats['median']:.4f} | "
              f"{'' if p90 is None else f'{p90:.4f}'} | {extra.get('median_nodes', '')} | "
              f"{'' if nps is None else f'{nps:,.0f}'} | {extra.get('unfinished', '')} |")


if __name__ == "__main__":
    main(sys.argv[1])
