"""Is the whole-hand review's verdict right? The measurements of issue 52, kept in bench/RESULTS.md.

    .venv/bin/python bench/review_quality.py RECORDS.hl --planted 100 --noise 10 --workers 2 -o quality.json

RECORDS.hl: whole hands, e.g. ``huolong-solve match advise advise --deals 55 --seed 52 -o RECORDS.hl``.

- **planted**: in each of the first N records one play of tricks 1–25 is replaced by a point card thrown
  into a trick the opponents have already won while a pointless card was legal (tests/planted.py), the
  hand is played on by the record's policies, and the planted play is judged as the review judges it
  (the review's verdict on a play depends only on the position before it and the seed). Counted: how
  often it is marked an inaccuracy or worse, by the points thrown.
- **noise**: the first M records reviewed whole with seeds 1 and 2: the share of plays given the same
  class; the plays of the records' own policies marked mistake or blunder; where both verdicts exist,
  single-dummy against double-dummy; and the seconds of each review (seed 1) on the workers given.

``--judge FIELD=VALUE`` (repeatable) measures a variant of the judging settings (a field of
``JudgeSettings``: ``--judge confirm=1024``, ``--judge rare=0``) against the defaults, without editing code.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from planted import choose, play_on  # noqa: E402

from huolong.analysis.hand_review import ReviewSettings, judge_task, review_hand  # noqa: E402
from huolong.analysis.judge import JudgeSettings  # noqa: E402
from huolong.engine import read_file, write_position  # noqa: E402
from huolong.solver.jobs import Workers  # noqa: E402

FLAGGED = ("inaccuracy", "mistake", "blunder")


def plant_one(text: str, index: int, settings: ReviewSettings = ReviewSettings()) -> dict | None:
    """Plant in one record (a picklable task), play it on, judge the planted play."""
    from huolong.engine import read_positions

    [record] = read_positions(text)
    candidate = choose(record, index)
    if candidate is None:
        return None
    started = time.perf_counter()
    played_on = play_on(record, candidate, index)
    judged = judge_task(candidate.before, candidate.planted, candidate.ply, candidate.trick, settings)
    j = judged.judgement
    pos = candidate.before
    return {"record": index, "ply": candidate.ply, "trick": candidate.trick, "cards": pos.cards_left,
            "side": "attackers" if pos.is_attacker(pos.to_play) else "dealer team",
            "planted": str(candidate.planted), "points": candidate.planted.points, "original": str(candidate.original),
            "class": j.grade, "scale": j.scale, "loss_levels": round(j.loss.levels, 3),
            "loss_levels_se": round(j.loss.levels_se, 3), "loss_points": round(j.loss.points, 2),
            "loss_points_se": round(j.loss.points_se, 2), "why": [r.text() for r in j.why],
            "best": str(j.best), "planted_is_best": j.plays[0].play == candidate.planted,
            "seconds": round(time.perf_counter() - started, 1), "record_text": write_position(played_on)}


def planted_report(records: list, count: int, pool: Workers, settings: ReviewSettings = ReviewSettings()) -> dict:
    tasks = [(write_position(r), i, settings) for i, r in enumerate(records[:count])]
    rows = [row for _i, row in sorted(pool.run(plant_one, tasks), key=lambda x: x[0]) if row is not None]
    marked = [r for r in rows if r["class"] in FLAGGED]
    by_points: dict[str, list] = {}
    for r in rows:
        by_points.setdefault("10 or more" if r["points"] >= 10 else "5", []).append(r["class"] in FLAGGED)
    return {"records": count, "planted": len(rows), "marked": len(marked),
            "rate": round(len(marked) / len(rows), 4) if rows else None,
            "by_points": {k: {"planted": len(v), "marked": sum(v)} for k, v in by_points.items()},
            "classes": dict(Counter(r["class"] for r in rows)),
            "missed": [{k: v for k, v in r.items() if k != "record_text"} for r in rows if r["class"] not in FLAGGED],
            "rows": [{k: v for k, v in r.items() if k != "record_text"} for r in rows],
            "_texts": [r["record_text"] for r in rows]}


def noise_report(records: list, count: int, pool: Workers, settings: ReviewSettings = ReviewSettings()) -> dict:
    seconds, same, total, same_nonforced, nonforced = [], 0, 0, 0, 0
    pairs = []
    own: Counter = Counter()
    both = Counter()
    examples: dict[str, dict] = {}
    flags: list[dict] = []
    for i, record in enumerate(records[:count]):
        started = time.perf_counter()
        one = review_hand(record, replace(settings, seed=1), pool=pool)
        seconds.append(time.perf_counter() - started)
        two = review_hand(record, replace(settings, seed=2), pool=pool)
        for a, b in zip(one.plays, two.plays, strict=True):
            ja, jb = a.judgement, b.judgement
            pairs.append([i, ja.ply, ja.grade, round(ja.loss.score, 3), round(ja.loss.score_se, 3), str(ja.best),
                          jb.grade, round(jb.loss.score, 3), round(jb.loss.score_se, 3), str(jb.best), ja.scale,
                          ja.confirmed, jb.confirmed, ja.could_be, jb.could_be])
            if ja.flagged:
                flags.append({"record": i, "ply": ja.ply, "class": ja.grade, "scale": ja.scale,
                              "levels": round(ja.loss.levels, 3), "points": round(ja.loss.points, 1),
                              "why": [r.text() for r in ja.why]})
            total += 1
            same += a.judgement.grade == b.judgement.grade
            if a.judgement.grade is not None:
                nonforced += 1
                same_nonforced += a.judgement.grade == b.judgement.grade
                own[a.judgement.grade] += 1
            if a.dd is not None and a.dd.solved and a.judgement.grade is not None:
                dd_bad = a.dd.dd_mistake
                sd_bad = a.judgement.grade in FLAGGED
                kind = {(False, False): "both best", (True, True): "both mistakes", (True, False): "unlucky",
                        (False, True): "lucky"}[(dd_bad, sd_bad)]
                both[kind] += 1
                if kind in ("lucky", "unlucky") and kind not in examples:
                    examples[kind] = {"record": i, "event": record.tags.get("Event"), **a.to_dict()}
        print(f"  record {i + 1}: {seconds[-1]:.1f} s, {len(one.plays)} plays", file=sys.stderr)
    ordered = sorted(seconds)
    return {"records": count, "seconds": [round(s, 1) for s in seconds],
            "median_s": round(statistics.median(seconds), 1), "p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
            "max_s": round(max(seconds), 1),
            "same_class": round(same / total, 4), "same_class_not_forced": round(same_nonforced / nonforced, 4),
            "plays": total, "own_classes": dict(own),
            "own_mistake_or_blunder_rate": round((own["mistake"] + own["blunder"]) / nonforced, 4),
            "single_vs_double_dummy": dict(both), "examples": examples,
            "flags": flag_summary(flags, count), "flagged": flags,
            "flips_said_within_noise": sum(1 for p in pairs if p[2] != p[6] and p[2] is not None and (p[13] or p[14])),
            "pairs": pairs}  # record, ply, then class, loss, SE, best play with seed 1 and with seed 2, scale,
        # whether each loss is from fresh deals, and the worse class each interval still reaches (could_be)


def flag_summary(flags: list[dict], hands: int) -> dict:
    """How many plays the review marks a hand, of what class and size (levels, or points where the result
    was not at stake)."""
    levels = sorted(f["levels"] for f in flags if f["scale"] == "levels")
    points = sorted(f["points"] for f in flags if f["scale"] == "points")

    def spread(xs: list[float]) -> dict:
        return {"n": len(xs), "median": xs[len(xs) // 2] if xs else None, "min": xs[0] if xs else None,
                "max": xs[-1] if xs else None}

    return {"per_hand": round(len(flags) / hands, 2) if hands else None,
            "by_class": dict(Counter(f["class"] for f in flags)),
            "by_scale": dict(Counter(f["scale"] for f in flags)), "levels": spread(levels), "points": spread(points)}


def judge_settings(pairs: list[str]) -> JudgeSettings:
    """JudgeSettings with ``FIELD=VALUE`` overrides, each value read as the field's default's type."""
    types = {f.name: type(f.default) for f in fields(JudgeSettings)}
    changes = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in types:
            raise SystemExit(f"error: --judge {pair}: no such setting (one of {', '.join(sorted(types))})")
        kind = types[name]
        changes[name] = (value.lower() in ("1", "true", "yes")) if kind is bool else \
            (None if value == "none" else float(value)) if kind is type(None) else kind(value)
    return replace(JudgeSettings(), **changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records")
    parser.add_argument("--planted", type=int, default=100)
    parser.add_argument("--noise", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("-o", "--output", default="quality.json")
    parser.add_argument("--planted-records", help="write the planted records here (.hl)")
    parser.add_argument("--judge", action="append", default=[], metavar="FIELD=VALUE",
                        help="a judging setting other than the default (a field of JudgeSettings), to measure a variant")
    args = parser.parse_args()
    settings = ReviewSettings(judge=judge_settings(args.judge))
    records = read_file(args.records)
    out: dict = {"records_file": args.records, "workers": args.workers, "judge": args.judge}
    with Workers(args.workers) as pool:
        if args.planted:
            report = planted_report(records, args.planted, pool, settings)
            texts = report.pop("_texts")
            if args.planted_records:
                Path(args.planted_records).write_text("\n".join(texts))
            out["planted"] = report
            print(f"planted: {report['marked']} of {report['planted']} marked ({report['rate']}); "
                  f"{report['by_points']}", file=sys.stderr)
        if args.noise:
            out["noise"] = noise_report(records, args.noise, pool, settings)
            print(json.dumps({k: v for k, v in out["noise"].items() if k not in ("examples", "pairs")}), file=sys.stderr)
    Path(args.output).write_text(json.dumps(out, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
