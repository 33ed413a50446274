"""The table of God's numbers of the n×n boards, n ≤ 256, as Markdown (``TABLE.md``).

Usage::

    python research/gods_numbers/render.py

Reads ``results.json``, ``certificates.json`` (n ≤ 50 and some sizes above) and
``results_51_256.json``, and marks every row where our value or bounds differ from the published
table (wmboyles/LightsOut-Math). The lower bound is a stored board's ("board": it replays), or
the counting bound where that is higher ("counting": no board, ``check.py --results``). The
better bounds of ``certificates.json`` are first folded into ``results.json`` and
``results_51_256.json`` (which the documentation's results page reads), with a note naming the
argument.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _load(name: str) -> dict[int, dict]:
    path = HERE / name
    return {int(r["n"]): r for r in json.loads(path.read_text())} if path.exists() else {}


def rows() -> list[dict[str, object]]:
    results, certs, extended = (
        _load("results.json"),
        _load("certificates.json"),
        _load("results_51_256.json"),
    )
    out = []
    for n in sorted(set(results) | set(certs) | set(extended)):
        r = results.get(n) or extended[n]
        c = certs.get(n, {})
        boards = [x for x in (r.get("lower"), c.get("lower")) if x is not None]
        lower = max(boards) if boards else None
        # a stored board that replays, unless counting (no board) proves more
        lower_by = "board" if boards else ""
        counted = r.get("counting_lower")
        if counted is not None and (lower is None or int(counted) > lower):
            lower, lower_by = int(counted), "counting"
        upper = min(x for x in (r.get("upper"), c.get("upper")) if x is not None)
        # the argument of whichever file holds the better upper bound
        certified = c.get("upper") is not None and int(c["upper"]) == upper
        argument = (c.get("upper_argument") if certified else r.get("argument")) or ""
        out.append(
            {
                "n": n,
                "nullity": r["nullity"],
                "lower": lower,
                "lower_by": lower_by,
                "upper": upper,
                "argument": argument,
                "published": r.get("published") or [None, None],
            }
        )
    return out


def _span(low: object, up: object) -> str:
    if low is None and up is None:
        return ""
    if low == up:
        return str(low)
    return f"{'?' if low is None else low}..{up}"


def fold_certificates() -> list[int]:
    """Write the better bounds of ``certificates.json`` into the result files; the sizes changed."""
    certs = _load("certificates.json")
    changed = []
    for name in ("results.json", "results_51_256.json"):
        path = HERE / name
        if not path.exists():
            continue
        records = json.loads(path.read_text())
        for r in records:
            c = certs.get(int(r["n"]))
            if c is None:
                continue
            notes = r.setdefault("notes", [])
            if r.get("lower") is None or int(c["lower"]) > int(r["lower"]):
                r["lower"] = int(c["lower"])
                notes.append(f"certificates.json: a board that needs {c['lower']} presses")
            if int(c["upper"]) < int(r["upper"]):
                r["upper"] = int(c["upper"])
                notes.append(f"certificates.json: upper {c['upper']} ({c['upper_argument']})")
                if "argument" in r:
                    r["argument"] = c["upper_argument"]
            exact = r["lower"] == r["upper"]
            if "exact" in r and r["exact"] != exact:
                r["exact"] = exact
            if notes and notes[-1].startswith("certificates.json") and int(r["n"]) not in changed:
                changed.append(int(r["n"]))
        path.write_text(json.dumps(records, indent=1) + "\n")
    return changed


def markdown() -> str:
    lines = [
        "| n | nullity | God's number (ours) | lower bound by | upper bound by | published | differs |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows():
        low, up = r["published"]  # type: ignore[misc]
        ours = _span(r["lower"], r["upper"])
        pub = _span(low, up)
        differs = ""
        if pub and ours != pub:
            tighter_up = up is not None and r["upper"] < up  # type: ignore[operator]
            tighter_low = r["lower"] is not None and low is not None and r["lower"] > low
            impossible = r["upper"] < (low or 0)  # type: ignore[operator]
            looser_low = not impossible and (
                r["lower"] is None or (low is not None and r["lower"] < low)
            )
            parts = []
            if impossible:
                parts.append("**published value impossible**")
            if tighter_up:
                parts.append("tighter upper")
            if tighter_low:
                parts.append("tighter lower")
            if looser_low:
                parts.append("published lower is higher")
            if low == up and not impossible and r["lower"] != r["upper"]:
                parts.append("not settled here")
            differs = ", ".join(parts)
        lines.append(
            f"| {r['n']} | {r['nullity']} | {ours} | {r['lower_by']} | {r['argument']} | {pub} "
            f"| {differs} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    fold_certificates()
    (HERE / "TABLE.md").write_text(
        "# God's numbers of the n×n boards, n ≤ 256\n\n"
        "Generated by `python research/gods_numbers/render.py`; see README.md for how each "
        "bound is proven.\n\n" + markdown(),
        encoding="utf-8",
    )
