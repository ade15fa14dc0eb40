"""``groundtui check``: the mechanical check (and, with ``--judge``, the judge) over files of
answers, with no database: a gate for CI (docs/python.md "In CI").

Exit code 0 when no answer is flagged (nor, with ``--judge``, under ``--fail-under``), 1
when one is, 2 when the input is bad (each bad line named on stderr, as ``import`` names it).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from groundtui.cli.errors import UserError, user_errors
from groundtui.cli.types import FiniteFloatRange
from groundtui.importing.formats import FORMATS

if TYPE_CHECKING:
    from groundtui.checks import Specific
    from groundtui.judge.judgement import Judgement
    from groundtui.models import Answer

JUDGED_AT_ONCE = 256
"""Answers handed to the judge together: what ``check --judge`` holds in memory."""


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE…")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    help="The files' format (detected from each file when omitted).",
)
@click.option(
    "--map",
    "maps",
    multiple=True,
    metavar="FIELD=PATH",
    help="Read FIELD from PATH, as `groundtui import --map`; repeatable.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object a line.")
@click.option(
    "--judge",
    "judging",
    is_flag=True,
    help="Judge each answer too (the heuristic judge unless --model) and fail when its "
    "groundedness is under --fail-under.",
)
@click.option(
    "--model",
    metavar="M",
    envvar="GROUNDTUI_MODEL",
    help="With --judge: any litellm model string [env: GROUNDTUI_MODEL].",
)
@click.option(
    "--api-base",
    metavar="URL",
    envvar="GROUNDTUI_API_BASE",
    help="With --judge: the model's base URL [env: GROUNDTUI_API_BASE].",
)
@click.option(
    "--fail-under",
    type=FiniteFloatRange(0, 1),
    default=None,
    metavar="X",
    help="With --judge: fail when an answer's groundedness (claims stated / claims) is "
    "under X [default: 1.0].",
)
@user_errors
def check(
    files: tuple[str, ...],
    fmt: str | None,
    maps: tuple[str, ...],
    as_json: bool,
    judging: bool,
    model: str | None,
    api_base: str | None,
    fail_under: float | None,
) -> None:
    """Check the answers of FILEs ("-" reads stdin) with no database; print those flagged.

    Reads every format `groundtui import` reads. Exit code 0 when no answer is flagged,
    1 when one is (or, with --judge, one's groundedness is under --fail-under), 2 on bad
    input.
    """
    from groundtui.importing.files import ImportResult, first_of_its_id, read_answers
    from groundtui.importing.formats.fields import parse_map

    if not judging:
        # (GROUNDTUI_MODEL in the environment is for --judge when it is given, not a mistake)
        source = click.get_current_context().get_parameter_source
        given = [
            f"--{name.replace('_', '-')}"
            for name in ("model", "api_base", "fail_under")
            if source(name) is click.core.ParameterSource.COMMANDLINE
        ]
        if given:
            verb = "is" if len(given) == 1 else "are"
            raise click.UsageError(f"{' and '.join(given)} {verb} for --judge: add --judge")
    try:
        columns = parse_map(maps)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--map") from None
    gate = _Gate(as_json, fail_under if fail_under is not None else 1.0)
    result = ImportResult()
    places: dict = {}
    pending: list[Answer] = []
    for read in read_answers(list(files), result, fmt=fmt, columns=columns):
        if read.answer is None:
            gate.bad(str(read.where))
            continue
        if not first_of_its_id(read.answer, read.where, places, result):
            gate.bad(str(result.bad.pop()))
            continue
        if not judging:
            gate.checked(read.answer)
            continue
        pending.append(read.answer)
        if len(pending) >= JUDGED_AT_ONCE:
            gate.judged(pending, model, api_base)
            pending = []
    if pending:
        gate.judged(pending, model, api_base)
    gate.finish(judging)


class _Gate:
    """What ``check`` found so far, printed as it is found."""

    def __init__(self, as_json: bool, fail_under: float) -> None:
        self.as_json = as_json
        self.fail_under = fail_under
        self.answers = 0
        self.flagged = 0
        self.under = 0
        self.bad_lines = 0

    def bad(self, line: str) -> None:
        from groundtui.text.inert import shown

        self.bad_lines += 1
        click.echo(f"groundtui: {shown(line).text}", err=True)

    def checked(self, answer: Answer) -> None:
        from groundtui.scan import answer_specifics

        self.answers += 1
        specifics = answer_specifics(answer)
        if specifics:
            self.flagged += 1
            self._show(answer.id, specifics, None)

    def judged(self, answers: list[Answer], model: str | None, api_base: str | None) -> None:
        from groundtui import api
        from groundtui.judge.failures import JudgeUnavailable

        try:
            judgements = api.judge_many(answers, model=model, api_base=api_base)
        except JudgeUnavailable as exc:
            raise UserError(str(exc)) from None
        for answer, judgement in zip(answers, judgements, strict=True):
            self.answers += 1
            under = judgement.falls_short(self.fail_under)
            self.flagged += bool(judgement.specifics)
            self.under += under
            if judgement.specifics or under:
                self._show(answer.id, judgement.specifics, judgement)

    def _show(self, answer_id: str, specifics: list[Specific], judgement: Judgement | None) -> None:
        import json

        from groundtui.models import Verdict
        from groundtui.text.inert import json_inert, one_line, quoted

        if self.as_json:
            record: dict = {"id": answer_id, "specifics": [s.to_dict() for s in specifics]}
            if judgement is not None:
                record["groundedness"] = judgement.groundedness
                record["under"] = judgement.falls_short(self.fail_under)
                record["judgement"] = judgement.to_dict()
            click.echo(json_inert(json.dumps(record, ensure_ascii=False)))
            return
        parts = []
        if specifics:
            found = ", ".join(f"{quoted(s.text)} ({s.kind})" for s in specifics)
            parts.append(f"unsourced {found}")
        if judgement is not None:
            parts.append(_grounded(judgement, self.fail_under))
        click.echo(f"{one_line(answer_id, 80)}: {'; '.join(parts)}")
        for claim in judgement.claims if judgement is not None else []:
            if claim.verdict is Verdict.STATED:
                continue
            said = claim.verdict.value if claim.verdict else "failed"
            if claim.invention_kind:
                said += f" ({claim.invention_kind.value})"
            click.echo(f"  {said}: {one_line(claim.text, 100)}")

    def finish(self, judging: bool) -> None:
        from groundtui.report.render import plural

        checked = f"Checked {plural(self.answers, 'answer')}: {self.flagged:,} flagged"
        if judging:
            checked += f", {self.under:,} under {self.fail_under:g}"
        if self.bad_lines:
            checked += f"; {plural(self.bad_lines, 'bad line')}"
        click.echo(checked + ".", err=self.as_json)
        if self.bad_lines:
            sys.exit(2)
        sys.exit(1 if self.flagged or self.under else 0)


def _grounded(judgement: Judgement, fail_under: float) -> str:
    """``groundedness 0.50 (1 of 2 claims stated), under 1``, or why it has none."""
    from groundtui.text.inert import one_line

    if judgement.error is not None:
        return f"could not be judged: {one_line(judgement.error, 200)}"
    if judgement.groundedness is None:
        return "no claims"
    said = (
        f"groundedness {judgement.groundedness:.2f} ({judgement.stated} of "
        f"{len(judgement.claims)} claims stated)"
    )
    if judgement.groundedness < fail_under:
        said += f", under {fail_under:g}"
    return said
