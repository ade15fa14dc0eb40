"""A team on one database: reviewer names, leases, the overlap, adjudications, and what the
report and the export make of them (docs/team-review.md)."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path
from unittest.mock import ANY

import pytest
from click.testing import CliRunner

from groundtui.cli import cli
from groundtui.exporting import claim_rows as exports
from groundtui.importing.files import import_files
from groundtui.report import compute
from groundtui.review import queue
from groundtui.review.intents import SetVerdict
from groundtui.review.session import ReviewSession
from groundtui.store import ALIVE_MINUTES, ClaimFilled, Store, expiry, now_iso, overlap_point
from tests.helpers.builders import make_answer, write_jsonl

T0 = "2026-12-01T09:00:00.000000Z"


def _answers(n: int) -> list[dict]:
    return [
        make_answer(
            f"T-{i:03}",
            claims=[
                {
                    "text": "Refunds take 5 days.",
                    "kind": "figure",
                    "citation": 1,
                    "verdict": "stated",
                    "judge": "prod",
                },
                {
                    "text": "Sofas are free.",
                    "kind": "policy",
                    "citation": 1,
                    "verdict": "absent",
                    "invention_kind": "confident_generalisation",
                    "judge": "prod",
                },
            ],
        )
        for i in range(n)
    ]


@pytest.fixture
def team_db(tmp_path: Path) -> Path:
    path = tmp_path / "team.db"
    with Store(path) as store:
        assert (
            import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", _answers(20)))]).exit_code
            == 0
        )
    return path


def test_a_reviewer_is_one_person_whatever_the_case_of_their_name(team_db: Path) -> None:
    with Store(team_db) as store:
        store.labels.add_review("T-000#1", "Dana", "stated", at=T0)
        store.labels.add_review("T-000#1", "dana", "absent", "plausible_specifics", at=now_iso())
        store.labels.add_mark("T-000", "DANA", True)
        assert {r["reviewer"] for r in store.query("select reviewer from reviews")} == {"Dana"}
        assert store.scalar("select reviewer from answer_marks") == "Dana"
        label = store.query("select * from claim_labels where claim_id = 'T-000#1'")[0]
        assert (label["reviewer"], label["label"]) == ("Dana", "absent")  # her latest
        assert store.scalar("select count(*) from agg_claim_rr") == 0  # not two reviewers
        assert list(compute(store)["reviewers"]) == ["Dana"]


def test_an_import_folds_names_into_the_first_spelling(tmp_path: Path) -> None:
    answer = make_answer(
        "I-1",
        claims=[
            {
                "text": "Refunds take 5 days.",
                "citation": 1,
                "reviews": [{"reviewer": "Lee", "verdict": "stated", "at": "2026-11-30T10:00:00Z"}],
            }
        ],
    )
    with Store(tmp_path / "i.db") as store:
        store.reviewers.name("lee")
        assert (
            import_files(store, [str(write_jsonl(tmp_path / "i.jsonl", [answer]))]).exit_code == 0
        )
        assert store.scalar("select reviewer from reviews") == "lee"
        assert store.scalar("select reviewer from claim_labels where claim_id = 'I-1#1'") == "lee"


def test_overlap_membership_is_a_stable_hash_of_the_id(team_db: Path) -> None:
    # The same in every process and every release (a database stores it): not Python's
    # hash(), which is seeded per process. The value is sha256("T-001")'s first 8 bytes / 2^64.
    assert overlap_point("T-001") == 0.6610155803675153
    assert 0 <= overlap_point("anything") < 1
    with Store(team_db) as store:
        points = dict(store.db.execute("select id, overlap_point from answers").fetchall())
        assert points == {a: overlap_point(a) for a in points}
        store.settings.set("overlap", "0.5")
        expected = sum(p < 0.5 for p in points.values())
        assert 0 < expected < 20
        assert compute(store)["overlap"]["answers"] == expected


def test_a_lease_admits_one_reviewer_or_two_in_the_overlap(team_db: Path) -> None:
    now = now_iso()
    with Store(team_db) as store:
        assert store.team.take_lease("T-000", "ann", now=now, minutes=15, share=0).granted
        refused = store.team.take_lease("T-000", "bob", now=now, minutes=15, share=0)
        assert (refused.granted, refused.holders) == (False, ["ann"])
        assert store.team.take_lease("T-000", "ANN", now=now, minutes=15, share=0).granted  # renews
        # In the overlap (share 1: every answer) a second reviewer is admitted, not a third.
        assert store.team.take_lease("T-001", "ann", now=now, minutes=15, share=1).granted
        assert store.team.take_lease("T-001", "bob", now=now, minutes=15, share=1).granted
        assert not store.team.take_lease("T-001", "cy", now=now, minutes=15, share=1).granted
        assert len(store.team.live_leases(now)) == 3


def test_a_lease_expires_and_a_finished_answer_stays_its_reviewers(team_db: Path) -> None:
    with Store(team_db) as store:
        assert store.team.take_lease("T-000", "ann", now=T0, minutes=15, share=0).granted
        later = expiry(T0, 16)
        assert store.team.live_leases(later) == []
        assert store.team.take_lease("T-000", "bob", now=later, minutes=15, share=0).granted
        for claim in ("T-001#1", "T-001#2"):  # ann finished T-001 (no lease)
            store.labels.add_review(claim, "ann", "stated", at=T0)
        assert store.team.take_lease("T-001", "bob", now=later, minutes=15, share=0).holders == [
            "ann"
        ]
        store.labels.add_review("T-001#2", "ann", None, at=T0)  # withdrawn: no longer finished
        assert store.team.take_lease("T-001", "bob", now=later, minutes=15, share=0).granted


def test_an_answer_labelled_in_part_is_held_only_by_a_live_lease(team_db: Path) -> None:
    """ann labels one claim of two and her lease lapses: the answer is back in the queue;
    bob takes it and finishes it; ann's label stays hers."""
    with Store(team_db) as store:
        assert store.team.take_lease("T-000", "ann", now=T0, minutes=15, share=0).granted
        store.labels.add_review("T-000#1", "ann", "stated", at=T0)
        soon = expiry(T0, 1)
        assert store.team.take_lease("T-000", "bob", now=soon, minutes=15, share=0).holders == [
            "ann"
        ]
        lapsed = expiry(T0, ALIVE_MINUTES + 1)  # her session stopped beating
        assert store.team.take_lease("T-000", "bob", now=lapsed, minutes=15, share=0).granted
        assert store.team.take_lease("T-000", "ann", now=lapsed, minutes=15, share=0).holders == [
            "bob"
        ]
        store.labels.add_review("T-000#2", "bob", "absent", "plausible_specifics", at=lapsed)
        labels = dict(
            store.db.execute(
                "select claim_id, reviewer from claim_labels where answer_id = 'T-000'"
            ).fetchall()
        )
        assert labels == {"T-000#1": "ann", "T-000#2": "bob"}
        assert queue.summary(store, "T-000").state == "reviewed"


def test_releasing_a_reviewer_frees_every_answer_labelled_in_part_or_not(team_db: Path) -> None:
    now = now_iso()
    with Store(team_db) as store:
        for answer in ("T-000", "T-001", "T-002"):
            store.team.take_lease(answer, "ann", now=now, minutes=15, share=0)
        store.labels.add_review("T-001#1", "ann", "stated")  # in part
        store.labels.add_review("T-002#1", "ann", "stated")  # finished
        store.labels.add_review("T-002#2", "ann", "stated")
        released = store.team.release_leases("ANN")
        assert released == (1, 1, 1) and released.freed == 2
        assert released.sentence("ann") == (
            "Freed 2 answers ann held: 1 labelled in part, 1 untouched. "
            "1 answer they finished stays theirs."
        )
        assert store.team.live_leases(now) == []
        assert store.team.take_lease("T-000", "bob", now=now, minutes=15, share=0).granted
        assert store.team.take_lease("T-001", "bob", now=now, minutes=15, share=0).granted
        assert store.team.take_lease("T-002", "bob", now=now, minutes=15, share=0).holders == [
            "ann"
        ]


def test_a_session_quitting_frees_its_own_leases_only(team_db: Path) -> None:
    now = now_iso()
    with Store(team_db) as store:
        store.team.take_lease("T-000", "ann", now=now, minutes=15, share=0, session="terminal")
        store.team.take_lease("T-001", "ann", now=now, minutes=15, share=0, session="browser")
        store.labels.add_review("T-000#1", "ann", "stated")
        assert store.team.release_leases("ann", session="terminal") == (1, 0, 0)
        assert [r["answer_id"] for r in store.team.live_leases(now)] == ["T-001"]


def _race(path: str, name: str, start, out) -> None:  # a process: take the first free answers
    with Store(path) as store:
        start.wait()
        got = []
        for i in range(20):
            lease = store.team.take_lease(f"T-{i:03}", name, now=now_iso(), minutes=15, share=0)
            if lease.granted:
                got.append(f"T-{i:03}")
        out.put((name, got))


@pytest.mark.slow
def test_reviewers_starting_at_once_never_get_the_same_answer(team_db: Path) -> None:
    """Four real processes on one file race through the same answers in the same order."""
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Barrier(4), ctx.Queue()
    procs = [
        ctx.Process(target=_race, args=(str(team_db), n, start, out))
        for n in ("ann", "bob", "cy", "dee")
    ]
    for p in procs:
        p.start()
    results = dict(out.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(timeout=60)
    taken = [a for got in results.values() for a in got]
    assert sorted(taken) == [f"T-{i:03}" for i in range(20)]  # each once, none twice
    with Store(team_db) as store:
        assert store.scalar("select count(*) from leases") == 20


def test_an_adjudication_outranks_reviewers_and_is_what_the_judge_is_compared_with(
    team_db: Path,
) -> None:
    with Store(team_db) as store:
        store.settings.set("overlap", "1")
        store.labels.add_review("T-000#2", "ann", "stated", at=T0)
        store.labels.add_review("T-000#2", "bob", "partial", "bridging_inference", at=T0)
        before = compute(store)
        assert before["overlap"]["disagreements"] == 1
        # judge absent vs the latest reviewer (bob, partial: the later id at the same instant)
        assert before["agreement"]["judge_vs_reviewer"]["n"] == 1
        store.team.add_adjudication("T-000#2", "lead", "absent", "confident_generalisation")
        label = store.query("select * from claim_labels where claim_id = 'T-000#2'")[0]
        assert (label["label"], label["label_kind"], label["reviewer_verdict"]) == (
            "absent",
            "confident_generalisation",
            "partial",
        )
        after = compute(store)
        assert after["overlap"]["adjudicated"] == 1
        jvr = after["agreement"]["judge_vs_reviewer"]
        assert (jvr["n"], jvr["raw"], jvr["kappa"]) == (1, 1.0, None)
        assert jvr["confusion"]["absent"]["absent"] == 1  # the adjudication, not bob's partial
        assert (
            after["agreement"]["reviewer_vs_reviewer"]
            == before["agreement"]["reviewer_vs_reviewer"]
        )
        row = next(r for r in exports.rows(store) if r["claim_id"] == "T-000#2")
        assert (row["adjudicator"], row["adjudicated_verdict"], row["label"]) == (
            "lead",
            "absent",
            "absent",
        )
        assert [r["reviewer"] for r in row["reviewers"]] == ["ann", "bob"]
        # Withdrawn (an undo): the latest reviewer's label is the effective one again.
        store.team.add_adjudication("T-000#2", "lead", None)
        assert (
            store.scalar("select label from claim_labels where claim_id = 'T-000#2'") == "partial"
        )
        assert compute(store)["overlap"]["adjudicated"] == 0


def test_the_counts_after_adjudications_equal_a_recount(team_db: Path) -> None:
    from groundtui.report.cubes import full_cubes, read_cubes

    with Store(team_db) as store:
        for i in range(6):
            store.labels.add_review(f"T-{i:03}#1", "ann", "stated")
            store.labels.add_review(f"T-{i:03}#1", "bob", "absent", "plausible_specifics")
            if i % 2:
                store.team.add_adjudication(f"T-{i:03}#1", "lead", "partial", "bridging_inference")
        store.team.add_adjudication("T-001#1", "lead", None)
        assert read_cubes(store.db.conn).normalised() == full_cubes(store.db.conn).normalised()


def test_leases_command_lists_and_releases(team_db: Path) -> None:
    with Store(team_db) as store:
        store.team.take_lease("T-000", "ann", now=now_iso(), minutes=15, share=0)
        store.team.take_lease("T-003", "bob", now=now_iso(), minutes=15, share=0)
    listed = CliRunner().invoke(cli, ["leases", "--db", str(team_db)])
    assert listed.exit_code == 0
    assert [line.split("\t")[:2] for line in listed.output.splitlines()] == [
        ["ann", "T-000"],
        ["bob", "T-003"],
    ]
    released = CliRunner().invoke(cli, ["leases", "--release", "ANN", "--db", str(team_db)])
    assert released.output == "Freed 1 answer ann held: 0 labelled in part, 1 untouched.\n"
    assert "ann" not in CliRunner().invoke(cli, ["leases", "--db", str(team_db)]).output


def test_team_settings_and_the_guidelines_text(team_db: Path, tmp_path: Path) -> None:
    guide = tmp_path / "guide.md"
    guide.write_text("# Guidelines\n\n*absent* means the source never says it.\n", "utf-8")
    run = CliRunner().invoke
    assert run(cli, ["config", "overlap", "0.1", "--db", str(team_db)]).output == "overlap 0.1\n"
    assert run(cli, ["config", "lease_minutes", "30", "--db", str(team_db)]).exit_code == 0
    assert run(cli, ["config", "guidelines", str(guide), "--db", str(team_db)]).exit_code == 0
    for bad, said in [
        (["overlap", "2"], "overlap: 2 is not between 0 and 1"),
        (["lease_minutes", "0"], "lease_minutes: 0 is not a whole number from 1 to 10,080"),
        (["guidelines", str(tmp_path / "nope.md")], "guidelines: no file at"),
    ]:
        result = run(cli, ["config", *bad, "--db", str(team_db)])
        assert result.exit_code == 2 and said in result.output
    guide.unlink()  # the text is in the database, wherever the file went
    with Store(team_db) as store:
        assert store.settings.all()["lease_minutes"] == 30
        assert "*absent* means" in (store.settings.content("guidelines") or "")
    assert (
        json.loads(run(cli, ["report", "--json", "--db", str(team_db)]).output)["overlap"]["share"]
        == 0.1
    )


def test_a_name_with_spaces_around_it_is_the_same_reviewer(
    db_path, tmp_path, monkeypatch, a_terminal: None
):
    """'DANA ' (a spreadsheet's trailing space) was a second person beside 'Dana': her two
    labels on one claim counted as two reviewers agreeing or not."""
    review = {"verdict": "stated", "at": T0}
    record = make_answer(
        "A-1",
        claims=[
            {
                "text": "Sofas can be returned within 14 days.",
                "citation": 1,
                "reviews": [
                    {**review, "reviewer": "Dana"},
                    {**review, "reviewer": " DANA ", "verdict": "absent"},
                ],
            },
        ],
    )
    with Store(db_path) as store:
        result = import_files(store, [str(write_jsonl(tmp_path / "a.jsonl", [record]))])
        assert not result.bad
        report = compute(store)
    assert list(report["reviewers"]) == ["Dana"]
    assert report["agreement"]["reviewer_vs_reviewer"]["n"] == 0

    made: dict = {}

    class NoUI:
        unsaved: tuple = ()

        def run(self) -> None:
            pass

        def close_session(self) -> None:
            pass

    monkeypatch.setattr(
        "groundtui.tui.app.make_app", lambda path, name, *a, **k: made.update(name=name) or NoUI()
    )
    reviewed = CliRunner().invoke(cli, ["review", "--db", str(db_path), "--reviewer", " dana "])
    assert reviewed.exit_code == 0, reviewed.output
    assert made["name"] == "dana"


def _label(session: ReviewSession, claim_id: str, verdict: str) -> None:
    """``session``'s reviewer labels ``claim_id`` as the review UI's key would."""
    with Store(session.db_path) as store:
        outcome = session.apply(store, SetVerdict(claim_id.split("#")[0], claim_id, verdict))
    assert outcome.saved, outcome.message


def test_reviewers_kappa_counts_the_labels_made_before_seeing_the_others(team_db: Path) -> None:
    """ann, then bob, review T-017 and T-019 (the overlap at 0.3) in review sessions, which
    hide each one's labels from the other until they label; ann changes her label on
    T-019#1 once she has seen bob's. On T-000, outside the overlap, both labelled too (as
    an import brings them): it counts in no overlap number.

    By hand, the labels each made before seeing the other's (ann's row first):
    T-017#1 (stated, stated), T-017#2 (absent, absent), T-019#1 (stated, absent: her later
    absent is after the reveal), T-019#2 (partial, stated). n = 4, agreeing 2: p_o = 1/2.
    ann's rows: stated 2, absent 1, partial 1; bob's columns: stated 2, absent 2. Chance:
    p_e = (2·2 + 1·2 + 1·0) / 16 = 6/16. kappa = (1/2 - 6/16) / (1 - 6/16) = 2/10 = 0.2.
    (The latest labels over every answer, the figure before: (s,s), (a,a), (a,a), (p,s),
    and T-000's (s,a), (a,a): p_o = 4/6, p_e = (2·2 + 3·4)/36, kappa 0.4.)
    """
    with Store(team_db) as store:
        store.settings.set("overlap", "0.3")
        store.labels.add_review("T-000#1", "ann", "stated", at=T0)
        store.labels.add_review("T-000#1", "bob", "absent", "plausible_specifics", at=T0)
        store.labels.add_review("T-000#2", "ann", "absent", "confident_generalisation", at=T0)
        store.labels.add_review("T-000#2", "bob", "absent", "confident_generalisation", at=T0)
    ann = ReviewSession(str(team_db), "ann", share=0.3)
    bob = ReviewSession(str(team_db), "bob", share=0.3)
    for claim, verdict in (
        ("T-017#1", "stated"),
        ("T-017#2", "absent"),
        ("T-019#1", "stated"),
        ("T-019#2", "partial"),
    ):
        _label(ann, claim, verdict)
    for claim, verdict in (
        ("T-017#1", "stated"),
        ("T-017#2", "absent"),
        ("T-019#1", "absent"),
        ("T-019#2", "stated"),
    ):
        _label(bob, claim, verdict)
    _label(ann, "T-019#1", "absent")  # she has seen bob's absent
    with Store(team_db) as store:
        flags = store.query(
            "select reviewer, verdict, independent from reviews where claim_id = 'T-019#1'"
            " order by id"
        )
        assert [tuple(r.values()) for r in flags] == [
            ("ann", "stated", 1),
            ("bob", "absent", 1),
            ("ann", "absent", 0),
        ]
        report = compute(store)
        agreement = report["agreement"]
        rvr = agreement["reviewer_vs_reviewer"]
        assert (rvr["n"], rvr["raw"], rvr["kappa"]) == (4, 0.5, pytest.approx(0.2))
        assert agreement["reviewer_pairs"] == [
            {
                "reviewers": ["ann", "bob"],
                "n": 4,
                "raw": 0.5,
                "kappa": pytest.approx(0.2),
                "ci": ANY,
            }
        ]
        assert agreement["reviewer_vs_reviewer_by_origin"] == {
            "help-centre": {"n": 4, "raw": 0.5, "kappa": pytest.approx(0.2), "ci": ANY}
        }
        # The overlap line: T-017 and T-019 alone; their latest labels differ on T-019#2.
        assert report["overlap"] == {
            "share": 0.3,
            "answers": 2,
            "double_reviewed_claims": 4,
            "disagreements": 1,
            "adjudicated": 0,
        }
        store.team.add_adjudication("T-019#2", "lead", "stated")
        store.team.add_adjudication("T-000#1", "lead", "absent")
        report = compute(store)
    assert report["overlap"]["adjudicated"] == 1  # T-000#1 is outside the overlap
    # Each reviewer's label when the lead decided, against the decision. ann: (partial,
    # stated) on T-019#2, (stated, absent) on T-000#1: p_o = 0; her rows partial 1, stated
    # 1, the decisions' columns stated 1, absent 1: p_e = (0 + 1·1)/4 = 1/4; kappa
    # (0 - 1/4)/(1 - 1/4) = -1/3. bob: (stated, stated), (absent, absent): kappa 1.
    adjudicated = report["agreement"]["reviewer_vs_adjudicated"]
    assert adjudicated == {
        "ann": {"n": 2, "raw": 0.0, "kappa": pytest.approx(-1 / 3), "ci": ANY},
        "bob": {"n": 2, "raw": 1.0, "kappa": 1.0, "ci": [1.0, 1.0]},
    }
    shown = CliRunner().invoke(cli, ["report", "--db", str(team_db)], env={"COLUMNS": "200"})
    assert "ann & bob" in shown.output and "Each reviewer against the adjudicated" in shown.output


def test_a_lead_adjudicates_no_dispute_they_were_party_to_unless_the_only_lead(
    team_db: Path,
) -> None:
    """ann and bob disagree on T-017#1 (in the overlap). ann, the only lead, adjudicates
    it and her decision records that she was party to it; once boss is a lead too, a
    dispute ann is party to is his, not hers."""
    with Store(team_db) as store:
        store.settings.set("overlap", "0.3")
        for claim in ("T-017#1", "T-019#1"):
            store.labels.add_review(claim, "ann", "stated")
            store.labels.add_review(claim, "bob", "absent", "plausible_specifics")
        store.labels.add_review("T-017#2", "bob", "stated")
        store.labels.add_review("T-017#2", "cy", "absent", "plausible_specifics")
    lead = ReviewSession(str(team_db), "ann", adjudicate=True, share=0.3)

    def disputes() -> list[str]:
        with Store(team_db) as store:
            page = queue.queue_page(store, queue.QueueFilter(), team=lead.team)
            return sorted(r.answer_id for r in page.rows)

    assert disputes() == ["T-017", "T-019"]
    _label(lead, "T-017#1", "stated")
    with Store(team_db) as store:
        assert store.scalar("select party from adjudications where claim_id = 'T-017#1'") == 1
        store.reviewers.add("boss", lead=True)
        assert queue.team_line(store, lead.team) == "1 of 1 disputed claims left to adjudicate"
    assert disputes() == ["T-017"]  # T-017#2 (bob and cy's) is still hers
    with Store(team_db) as store:
        refused = lead.apply(store, SetVerdict("T-019", "T-019#1", "absent"))
    assert not refused.saved
    assert refused.message.startswith("NOT SAVED: you were party to this dispute")
    _label(lead, "T-017#2", "absent")
    with Store(team_db) as store:
        assert store.scalar("select party from adjudications where claim_id = 'T-017#2'") == 0


def _label_at_once(path: str, name: str, start, out) -> None:  # a process: one key, at once
    session = ReviewSession(path, name, share=1.0)
    with Store(path) as store:
        assert not session.take(store, "T-000")  # both hold a slot of the overlap answer
    start.wait()
    with Store(path) as store:
        outcome = session.apply(store, SetVerdict("T-000", "T-000#2", "stated"))
    out.put((name, outcome.saved, outcome.message))


@pytest.mark.slow
def test_two_processes_labelling_a_claim_at_once_give_it_no_more_reviewers_than_it_needs(
    team_db: Path,
) -> None:
    """In the overlap (every answer: share 1), dana labelled T-000#2 and left. ann and bob,
    two real processes on the file, both take T-000 and label #2 at the same instant: one
    label is the second reviewer it needs, the other is refused, nothing of it written,
    saying so without naming the others (independent review hides them)."""
    with Store(team_db) as store:
        store.labels.add_review("T-000#2", "dana", "absent", "plausible_specifics", at=T0)
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Barrier(2), ctx.Queue()
    procs = [
        ctx.Process(target=_label_at_once, args=(str(team_db), n, start, out))
        for n in ("ann", "bob")
    ]
    for p in procs:
        p.start()
    results = sorted(out.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(timeout=60)
    saved = [name for name, ok, _ in results if ok]
    refused = [message for _, ok, message in results if not ok]
    assert len(saved) == 1
    assert refused == ["NOT SAVED: T-000 #2 has the two reviewers it needs."]
    with Store(team_db) as store:
        rows = store.query("select reviewer from reviews where claim_id = 'T-000#2' order by id")
        live = store.query("select reviewer from agg_reviewer_claims where claim_id = 'T-000#2'")
    assert [r["reviewer"] for r in rows] == ["dana", *saved]
    assert sorted(r["reviewer"] for r in live) == sorted(["dana", *saved])


def test_a_label_on_a_claim_others_gave_its_reviewers_is_refused_unless_it_is_ones_own(
    team_db: Path,
) -> None:
    """Outside the overlap one reviewer is enough. ann labels T-000#1 and quits, T-000
    labelled in part; bob takes it, and his label on her claim is refused, naming her;
    ann, back, changes her own label freely; bob's note without a label is kept; once ann
    withdraws hers, bob's label is the one the claim needs."""
    ann = ReviewSession(str(team_db), "ann")
    bob = ReviewSession(str(team_db), "BOB")
    _label(ann, "T-000#1", "stated")
    assert ann.close(1) == []
    ann = ReviewSession(str(team_db), "ann")
    with Store(team_db) as store:
        outcome = bob.apply(store, SetVerdict("T-000", "T-000#1", "absent"))
        assert (outcome.saved, outcome.message) == (
            False,
            "NOT SAVED: T-000 #1 has the reviewers it needs (ann).",
        )
        with pytest.raises(ClaimFilled):
            store.team.add_review("T-000#1", "bob", "absent", share=0)
        assert store.team.add_review("T-000#1", "bob", None, share=0, note="see the FAQ")
    bob.close(1)
    _label(ann, "T-000#1", "absent")  # her own label, changed
    with Store(team_db) as store:
        store.team.add_review("T-000#1", "ann", None, share=0)  # withdrawn
    ann.close(1)
    _label(ReviewSession(str(team_db), "bob"), "T-000#1", "partial")
    with Store(team_db) as store:
        live = store.query("select reviewer from agg_reviewer_claims")
    assert live == [{"reviewer": "BOB"}]  # his name as first written
