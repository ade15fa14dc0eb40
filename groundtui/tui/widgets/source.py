"""The cited source: title, origin, date, and its text scrolled to the highlighted evidence."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from groundtui.text.inert import one_line, shown
from groundtui.text.locate import locate
from groundtui.tui.answer_data import AnswerDetail, ClaimView, SourceInfo
from groundtui.tui.widgets.rendering import scroll_to_offset, set_text, through_word


class SourcePane(Vertical):
    """The source the selected claim cites, with the judge's evidence highlighted."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "source--evidence",
        "source--warning",
        "source--dim",
        "source--title",
    }

    def compose(self) -> ComposeResult:
        yield Static(id="source-header")
        with VerticalScroll(id="source-scroll"):
            yield Static(id="source-body")

    _shown: tuple | None = None

    def show(self, detail: AnswerDetail | None, claim: ClaimView | None, blind: bool) -> None:
        """Show what ``claim`` cites (all sources for an uncited claim)."""
        hidden = claim is not None and claim.judge_hidden(blind)
        key = (
            id(detail),
            detail and detail.id,
            claim and claim.id,
            hidden,
            claim and (claim.evidence, claim.evidence_text, claim.judge_verdict),
        )
        if key == self._shown:
            return  # a label changed nothing here: keep the scroll where the reviewer left it
        self._shown = key
        header = self.query_one("#source-header", Static)
        body = self.query_one("#source-body", Static)
        dim = self.get_component_rich_style("source--dim", partial=True)
        warning = self.get_component_rich_style("source--warning", partial=True)
        if detail is None:
            self._before = None
            set_text(header, Text(""))
            set_text(body, Text(""))
            return
        evidence = None if claim is None or hidden else claim
        if claim is not None and claim.dangling:
            self.border_title = Text(f"Source [{claim.citation}]")
            set_text(
                header,
                Text(
                    f"dangling citation: [{claim.citation}] names no source of this answer "
                    f"(it has {len(detail.sources)})",
                    style=warning,
                ),
            )
            set_text(body, Text(""))
            return
        if claim is None or claim.uncited:
            self.border_title = "Sources"
            note = (
                "uncited — checked against all sources"
                if claim is not None
                else "this answer has no claims"
            )
            set_text(header, Text(note, style=warning if claim is not None else dim))
            text, first = Text(), None
            for source in detail.sources:
                text.append(self._title(source))
                text.append("\n")
                span = self._span(source, evidence) if evidence is not None else None
                found = self._append_text(text, source, span)
                first = first if first is not None else found
                text.append("\n\n")
            if not detail.sources:
                text.append("This answer carries no sources.", style=dim)
            set_text(body, text)
            self._scroll(text, first)
            return
        cited = next((s for s in detail.sources if s.number == claim.citation), None)
        if cited is None:
            set_text(header, Text("source missing", style=warning))
            set_text(body, Text(""))
            return
        self.border_title = Text(f"Source [{claim.citation}]")
        head = self._title(cited)
        if len(claim.citations) > 1:
            others = "".join(f"[{n}]" for n in claim.citations[1:])
            head.append(f"\nalso cites {others}: verified against them joined", style=dim)
        span = None if hidden else self._span(cited, claim)
        if hidden:
            head.append("\nevidence hidden until you label (blind review)", style=dim)
        elif claim.judge_verdict is not None and not span:
            head.append("\nno evidence span from the judge", style=dim)
        set_text(header, head)
        text = Text()
        found = self._append_text(text, cited, span)
        set_text(body, text)
        self._scroll(text, found)

    def _title(self, source: SourceInfo) -> Text:
        dim = self.get_component_rich_style("source--dim", partial=True)
        text = Text(f"[{source.number}] ", style=dim)
        text.append(
            one_line(source.title or source.source_id, 80),
            style=self.get_component_rich_style("source--title", partial=True),
        )
        text.append(f"\n{one_line(source.origin, 30)}", style=dim)
        text.append(f" · updated {one_line(source.updated_at, 30) or 'unknown'}", style=dim)
        text.append(f" · {one_line(source.source_id, 40)}", style=dim)
        return text

    @staticmethod
    def _span(source: SourceInfo, claim: ClaimView) -> tuple[int, int] | None:
        # An uncited claim was checked against all sources joined: its offsets are not into
        # any one of them, so only its quoted evidence can be placed.
        if (
            not claim.uncited
            and claim.evidence
            and 0 <= claim.evidence[0] < claim.evidence[1] <= len(source.text)
        ):
            return claim.evidence
        if claim.evidence_text:
            found = locate(claim.evidence_text, source.text)
            if found:
                return found[0], found[1]
        return None

    def _append_text(
        self, text: Text, source: SourceInfo, span: tuple[int, int] | None
    ) -> int | None:
        """Append the source's text, highlighting ``span``; its display offset or None."""
        offset = len(text)
        body = shown(source.text)
        text.append(body.text)
        if span is None:
            return None
        a, b = body.span(*span)
        text.stylize(
            self.get_component_rich_style("source--evidence", partial=True), offset + a, offset + b
        )
        return offset + a

    def _scroll(self, text: Text, offset: int | None) -> None:
        scroll = self.query_one("#source-scroll", VerticalScroll)
        self._before = None if offset is None else through_word(text.plain, offset)
        if self._before is None:
            scroll.call_after_refresh(scroll.scroll_home, animate=False)
            return
        scroll_to_offset(scroll, self._before, margin=3)

    _before: str | None = None

    def on_resize(self) -> None:
        # The pane shrinks when the report below it fills in (or the terminal changes):
        # a scroll clamped to the taller pane would leave the evidence below the fold.
        if self._before is not None:
            scroll_to_offset(self.query_one("#source-scroll", VerticalScroll), self._before, 3)
