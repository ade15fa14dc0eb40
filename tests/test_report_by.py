"""``groundtui report --by KEY`` (docs/report.md "By group"): each group's numbers equal a
recount made here, from the import records alone, of the same rules.

The database is ``tests/helpers/timed.py``'s: 160 answers over five weeks, three models,
two prompt versions, three origins; the recount below reads each claim's effective label
from its record (a review's, else the judge's, else none) and never the database.
"""

from __future__ import annotations

import json
import math
import random
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from groundtui import report
from groundtui.cli import cli
from groundtui.report.groups import SMALL, grouped
from groundtui.store import Store
from tests.helpers import timed
from tests.helpers.builders import make_answer, write_jsonl
from tests.helpers.corrections import correct

Z = 1.959963984540054
VERDICTS = ["stated", "contradicted", "absent", "partial"]
KINDS = [
    "plausible_specifics",
    "bridging_inference",
    "confident_generalisation",
    "fabricated_provenance",
]
LATER = "2030-01-01T00:00:00Z"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    path = tmp_path_factory.mktemp("by") / "timed.db"
    return path, timed.build(path)


def group_of(record: dict[str, Any], key: str) -> str | None:
    """The group ``key`` puts an answer in, worked out from its record."""
    at = record.get("answered_at")
    if key == "day":
        return at[:10] if at else None
    if key == "week":
        if not at:
            return None
        year, week, _ = date.fromisoformat(at[:10]).isocalendar()
        return f"{year}-W{week:02d}"
    if key == "month":
        return at[:7] if at else None
    value: Any = record.get("meta", {})
    for part in key.removeprefix("meta.").split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def wilson_interval(p: float, n: float) -> list[float]:
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return [centre - half, centre + half]


def clustered_interval(clusters: list[tuple[int, int]]) -> list[float]:
    """Wilson on the claims over the design effect of the answers' spread (written out
    again here from docs/report.md, not imported)."""
    n = len(clusters)
    claims = sum(m for m, _ in clusters)
    p = sum(y for _, y in clusters) / claims
    if n < 2 or p in (0.0, 1.0):
        effective = float(n)
    else:
        spread = sum((y - p * m) ** 2 for m, y in clusters)
        variance = n / (n - 1) * spread / claims**2
        # no spread at all: every answer at the group's level, the claims as independent
        effective = min(claims, max(n, p * (1 - p) / variance)) if variance else claims
    return wilson_interval(p, effective)


def recount(
    records: list[dict[str, Any]], key: str, labels: dict[str, tuple] | None = None
) -> list[dict[str, Any]]:
    """The ``by.groups`` of ``key``, recounted from the records; ``labels`` overrides
    claims' effective labels by id (another judge's)."""
    cells: dict[Any, dict[str, Any]] = {}
    for r in records:
        if not r["claims"]:
            continue
        ids = [f"{r['id']}#{k}" for k in range(1, len(r["claims"]) + 1)]
        verdicts = [
            (labels or {}).get(i, timed.effective(c)) for i, c in zip(ids, r["claims"], strict=True)
        ]
        grounded = all(v == "stated" for v, _ in verdicts)
        invented = any(v == "absent" for v, _ in verdicts)
        if key == "origin":
            origin = {n: s["origin"] for n, s in enumerate(r["sources"], start=1)}
            split: dict[Any, list[tuple]] = {}
            for c, label in zip(r["claims"], verdicts, strict=True):
                for o in {origin[n] for n in c.get("citation") or []}:
                    split.setdefault(o, []).append(label)
        else:
            split = {group_of(r, key): verdicts}
        for name, labelled in split.items():
            cell = cells.setdefault(
                name,
                {
                    "answers": 0,
                    "grounded": 0,
                    "invented": 0,
                    "clusters": [],
                    "verdicts": dict.fromkeys(VERDICTS, 0),
                    "kinds": dict.fromkeys(KINDS, 0),
                },
            )
            cell["answers"] += 1
            cell["grounded"] += grounded
            cell["invented"] += invented
            stated = sum(v == "stated" for v, _ in labelled)
            cell["clusters"].append((len(labelled), stated))
            for v, kind in labelled:
                if v is not None:
                    cell["verdicts"][v] += 1
                if v not in (None, "stated") and kind is not None:
                    cell["kinds"][kind] += 1
    out = []
    for name in sorted(cells, key=lambda g: (g is None, g or "")):
        cell = cells[name]
        claims = sum(m for m, _ in cell["clusters"])
        out.append(
            {
                "group": name,
                "answers": cell["answers"],
                "claims": claims,
                "claim_level": sum(y for _, y in cell["clusters"]) / claims,
                "claim_level_ci": clustered_interval(cell["clusters"]),
                "answer_level": cell["grounded"] / cell["answers"],
                "invention_rate": cell["invented"] / cell["answers"],
                "verdicts": cell["verdicts"],
                "invention_kinds": cell["kinds"],
            }
        )
    return out


def close(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            k: pytest.approx(v) if isinstance(v, float | list) and k != "group" else v
            for k, v in g.items()
        }
        for g in groups
    ]


KEYS = ["day", "week", "month", "origin", "meta.model", "meta.prompt.version"]


@pytest.mark.parametrize("key", KEYS)
def test_each_groups_numbers_equal_a_recount_of_the_records(built, key):
    path, records = built
    with Store(path) as store:
        by = grouped(store, key)
    expected = recount(records, key)
    assert by == {"key": key, "groups": close(expected)}
    assert len(by["groups"]) >= 2


def test_the_groups_hold_the_expected_shape(built):
    """Weeks named as ISO weeks in order, answers without a time last; the model a meta
    value holds, with an answer lacking it in a group of its own."""
    path, _ = built
    with Store(path) as store:
        weeks = [g["group"] for g in grouped(store, "week")["groups"]]
        models = [g["group"] for g in grouped(store, "meta.model")["groups"]]
    assert weeks == ["2026-W45", "2026-W46", "2026-W47", "2026-W48", "2026-W49", None]
    assert models == [*sorted(timed.MODELS), None]


def test_another_judges_verdicts_regroup_the_claims(built, tmp_path):
    """``--judge second``: where the claim has no review, the second judge's verdict, and
    a claim it never judged is pending, whatever the first judge said."""
    _, records = built
    path = tmp_path / "judged.db"
    timed.build(path)
    rng = random.Random(11)
    labels: dict[str, tuple] = {}
    with Store(path) as store:
        for r in records:
            for k, c in enumerate(r["claims"], start=1):
                claim_id = f"{r['id']}#{k}"
                verdict = rng.choice(VERDICTS) if rng.random() < 0.7 else None
                kind = None if verdict in (None, "stated") else rng.choice(KINDS)
                if verdict is not None:
                    store.labels.add_judgement(
                        claim_id,
                        "second",
                        "v1",
                        verdict=verdict,
                        invention_kind=kind,
                        at=LATER,
                    )
                labels[claim_id] = timed.effective(c) if c.get("reviews") else (verdict, kind)
        for key in ("week", "origin"):
            assert grouped(store, key, judge="second") == {
                "key": key,
                "groups": close(recount(records, key, labels)),
            }


def test_groupings_add_up_to_the_report_after_claims_are_corrected(tmp_path):
    """One rule: after claims are dismissed, edited, split, added and undone, the day
    groups (no time among them) sum to the report's counts, and the origin groups are
    the report's ``by_source``."""
    path = tmp_path / "corrected.db"
    timed.build(path)
    rng = random.Random(2)
    with Store(path) as store:
        claims = [r["id"] for r in store.query("select id from claims order by id")]
        done: list[int] = []
        for kind in ["dismiss", "edit", "split", "add", "dismiss", "undo", "split"] * 4:
            claim = rng.choice(claims)
            answer = claim.split("#")[0]
            done.extend(correct(store, kind, rng, claim, answer, done, claims))
        assert store.scalar("select count(*) from claims where retired is not null") > 10
        whole = report.compute(store, with_team=False)
        days = grouped(store, "day").rows
        origins = grouped(store, "origin").rows
    counts = report.answer_counts(whole)
    assert sum(g.claims for g in days) == whole["claims"]
    assert sum(g.answers for g in days) == counts.with_claims
    assert sum(g.grounded for g in days) == counts.grounded
    assert sum(g.invented for g in days) == counts.invented
    for v in VERDICTS:
        assert sum(g.verdicts[v] for g in days) == whole["verdicts"][v]
    for k in KINDS:
        assert sum(g.invention_kinds[k] for g in days) == whole["invention_kinds"][k]
    assert [g.group for g in origins] == list(whole["by_source"])
    for g in origins:
        assert {
            "claims": g.claims,
            "claim_level": pytest.approx(g.claim_level),
            "answers": g.answers,
            "ungrounded_answer_rate": pytest.approx(1 - g.grounded / g.answers),
        } == whole["by_source"][g.group]


@pytest.mark.slow
def test_the_interval_is_close_to_a_cluster_bootstrap_and_wider_than_claims_alone(tmp_path):
    """On 600 answers whose claims lean together, the interval of each prompt version's
    claim level is within 0.015 of a seeded percentile bootstrap that resamples answers,
    and wider than a Wilson interval that takes the claims as independent."""
    path = tmp_path / "big.db"
    records = timed.build(path, answers=600, seed=8)
    with Store(path) as store:
        by = grouped(store, "meta.prompt.version")
    rng = random.Random(3)
    for group in by.rows:
        clusters = [
            (len(labels), sum(v == "stated" for v, _ in labels))
            for r in records
            if r["meta"]["prompt"]["version"] == group.group and r["claims"]
            for labels in [[timed.effective(c) for c in r["claims"]]]
        ]
        levels = []
        for _ in range(2000):
            drawn = [clusters[rng.randrange(len(clusters))] for _ in clusters]
            levels.append(sum(y for _, y in drawn) / sum(m for m, _ in drawn))
        levels.sort()
        low, high = levels[50], levels[1949]
        assert group.claim_level_ci is not None
        assert group.claim_level_ci == pytest.approx([low, high], abs=0.015)
        naive = wilson_interval(group.stated / group.claims, group.claims)
        assert group.claim_level_ci[1] - group.claim_level_ci[0] > (naive[1] - naive[0]) * 1.1


def test_the_report_json_carries_by_with_its_keys_exactly(built):
    path, records = built
    result = CliRunner().invoke(cli, ["report", "--json", "--by", "week", "--db", str(path)])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed["by"] == {"key": "week", "groups": close(recount(records, "week"))}
    assert [list(g) for g in printed["by"]["groups"]] == [
        [
            "group",
            "answers",
            "claims",
            "claim_level",
            "claim_level_ci",
            "answer_level",
            "invention_rate",
            "verdicts",
            "invention_kinds",
        ]
    ] * len(printed["by"]["groups"])
    plain = CliRunner().invoke(cli, ["report", "--json", "--db", str(path)])
    assert "by" not in json.loads(plain.output)


@pytest.mark.slow
def test_the_text_report_shows_each_group_and_marks_the_small_ones(built):
    path, _ = built
    runner = CliRunner()
    result = runner.invoke(
        cli, ["report", "--by", "day", "--db", str(path)], env={"COLUMNS": "100"}
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "By day" in out
    assert f"(too few): under {SMALL} answers, too few to say anything" in " ".join(out.split())
    with Store(path) as store:
        rows = grouped(store, "day").rows
    assert any(g.small for g in rows) and not all(g.small for g in rows)
    lines = out[: out.index("Verdicts by day")].splitlines()
    for g in rows:  # the line below a group's name marks it, or starts the next group
        name = "(no time)" if g.group is None else g.group
        at = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith(name))
        assert lines[at + 1].lstrip().startswith("(too few)") == g.small, name
    models = runner.invoke(
        cli, ["report", "--by", "meta.model", "--db", str(path)], env={"COLUMNS": "200"}
    )
    assert "m <script>window.pwned=1</script><b>x</b>" in models.output  # never markup
    assert "(none)" in models.output


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("hour", "--by hour: KEY is origin, day, week, month or meta.NAME"),
        ("meta.", "--by meta.: KEY is origin, day, week, month or meta.NAME"),
        ("meta.a..b", "--by meta.a..b: KEY is"),
    ],
)
def test_a_key_the_report_cannot_group_by_is_one_line_and_exit_2(built, key, said):
    path, _ = built
    result = CliRunner().invoke(cli, ["report", "--by", key, "--db", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith(f"groundtui: {said}")
    assert len(result.output.splitlines()) == 1


def test_answers_without_claims_make_no_group(tmp_path):
    db = tmp_path / "plain.db"
    path = write_jsonl(tmp_path / "a.jsonl", [make_answer("P-1", claims=[]), make_answer("P-2")])
    assert CliRunner().invoke(cli, ["import", str(path), "--db", str(db)]).exit_code == 0
    printed = CliRunner().invoke(cli, ["report", "--json", "--by", "week", "--db", str(db)])
    assert json.loads(printed.output)["by"] == {"key": "week", "groups": []}
    text = CliRunner().invoke(cli, ["report", "--by", "week", "--db", str(db)])
    assert "By week: no answer with a claim to group yet" in text.output
