"""The review screen: the panes a reviewer decides a claim by, and one key per decision.

It composes the panes and routes what they say. Each pane reads and draws its own: the
queue its pages and progress, the report its counts, and the answer, claims and source
panes the ``OnScreen`` bound to them. A pane's own keys (``SourcePane.action_*``) are bound
here through ``pane`` so that they work wherever the focus is; they say what they did
(``Said``). The label keys go to ``Decisions``, which makes each one's intent on the
selected claim and writes it; a saved change goes to the queue and the report (``saved``).
Where a key takes the reviewer is ``review.place``'s: the screen carries its moves out and
opens answers. A key that arrives while the next answer is still being read is held and
replayed once it is shown (``held_keys``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Header

from groundtui.review.answer import AnswerDetail, ClaimView
from groundtui.review.intents import CORRECTIONS, Kind, SetVerdict, Undo
from groundtui.review.place import (
    Move,
    OpenAnswer,
    Place,
    ReadOn,
    Say,
    SelectClaim,
    reselect,
    row_of,
)
from groundtui.review.queue import QueueFilter, QueueRow
from groundtui.review.session import ReviewSession
from groundtui.store import Lease
from groundtui.text.inert import one_line
from groundtui.tui import focus, messages
from groundtui.tui.commands import ReviewCommands
from groundtui.tui.decisions import Decisions
from groundtui.tui.held_keys import on_the_answer_shown, replay_held_keys
from groundtui.tui.keys import KIND_KEYS, review_bindings
from groundtui.tui.live import LiveWatch
from groundtui.tui.on_screen import OnScreen
from groundtui.tui.reads import read
from groundtui.tui.widgets.answer import AnswerView
from groundtui.tui.widgets.bars import KeysFooter, StatusLine
from groundtui.tui.widgets.claims import COMPACT_BELOW, ClaimsPane
from groundtui.tui.widgets.queue import QueuePane
from groundtui.tui.widgets.report import ReportPane
from groundtui.tui.widgets.source import SourcePane
from groundtui.tui.widgets.too_small import TooSmall

NOTHING_LEFT = (
    "Nothing left for you to label in this queue: each answer has the labels it needs "
    "(n and N look through them)."
)
"""Said when a queue's answers hold no claim left for this reviewer."""


class ReviewScreen(Screen):
    """Everything a reviewer needs to decide a claim, and the keys to decide it."""

    BINDINGS = review_bindings()
    COMMANDS: ClassVar[set] = {ReviewCommands}
    AUTO_FOCUS = "#claims"
    ALLOW_IN_MAXIMIZED_VIEW: ClassVar[str] = "Header, Footer, #status"
    # Textual declares these "ClassVar[...] | None", which mypy reads as instance variables
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (100, "-wide")]  # type: ignore[misc]
    """Below 100 columns the queue is hidden (app.tcss)."""
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [  # type: ignore[misc]
        (0, "-short"),
        (COMPACT_BELOW, "-tall"),
    ]
    """Below ``COMPACT_BELOW`` rows the report is hidden until ``r`` and claims take a line."""

    on_screen: reactive[OnScreen] = reactive(
        lambda: OnScreen(reading=True), always_update=True, init=False
    )
    """The open answer and its selected claim, handed to the answer, claims, source and
    report panes (at first none: the first answer is being read)."""

    def __init__(self, db_path: str, session: ReviewSession, notice: str = "") -> None:
        super().__init__()
        self.db_path = db_path
        self.session = session
        self.notice = notice
        """Said on the status line as the screen opens (``demo``: where its database is)."""
        self.awaiting_answer = True
        """The answer to show (or the queue's first page) is still being read."""
        self.held_keys: deque[Callable[[], None]] = deque()
        """Key actions typed while the answer they act on was loading, in order."""
        self.place = Place()
        """Where the reviewer is in the queue, and what their last keys left pending."""
        self.moved_because = ""
        """Why the screen moved on by itself (a key refused for an answer freed from this
        reviewer): said again before what the queue then says, so that neither hides it."""
        self.reread_when_saved = False
        """The queue is to be read again once the labels on their way are saved: read
        before, it would offer the claims they label as still left."""

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        session = self.session
        yield Header(icon="⚑")
        shown = ReviewScreen.on_screen  # each pane draws it (Textual's data binding)
        with Horizontal(id="panes"):
            yield QueuePane(session, id="queue")
            with Vertical(id="middle"):
                yield AnswerView(session, id="answer").data_bind(shown)
                yield ClaimsPane(
                    self.db_path, blind=session.blind, adjudicate=session.adjudicate, id="claims"
                ).data_bind(shown)
            with Vertical(id="right"):
                yield SourcePane(id="source").data_bind(shown)
                yield ReportPane(session, id="report").data_bind(shown)
        yield TooSmall(id="too-small")
        status = StatusLine(id="status")
        yield status
        yield KeysFooter(compact=True, show_command_palette=False)
        yield LiveWatch(session)
        yield Decisions(session, status, self.place).data_bind(shown)

    def on_mount(self) -> None:
        if self.notice:
            self._status(self.notice)
        self.queue.reload()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(not self.query_one(TooSmall).fits(event.size), "-tiny")

    @property
    def index(self) -> int:
        """The open answer's row in the queue."""
        return self.place.index

    @property
    def queue(self) -> QueuePane:
        """The queue pane, which holds the rows read so far."""
        return self.query_one(QueuePane)

    @property
    def rows(self) -> list[QueueRow]:
        """The queue's rows read so far."""
        return self.queue.rows

    @property
    def detail(self) -> AnswerDetail | None:
        """The open answer."""
        return self.on_screen.detail

    @property
    def claim(self) -> int:
        """The selected claim's index in the open answer."""
        return self.on_screen.claim

    @property
    def current_claim(self) -> ClaimView | None:
        """The selected claim, if the answer has any."""
        return self.on_screen.current

    def watch_on_screen(self, on_screen: OnScreen) -> None:
        self.place.shown(on_screen.current)

    def _show(self, detail: AnswerDetail | None, claim: int, nothing: str = "") -> None:
        self.on_screen = OnScreen(detail, claim, self.session.blind, nothing=nothing)

    def _select(self, claim: int) -> None:
        self.on_screen = replace(self.on_screen, claim=claim)

    def _status(self, text: str, warning: bool = False) -> None:
        """Say ``text`` on the status line."""
        self.query_one(StatusLine).say(text, warning)

    def _say_past_saves(self, text: str, warning: bool = False) -> None:
        """Say ``text``, and again after the "Saved" of a write still on its way (the key
        that moved on here)."""
        self._status(text, warning)
        if self.decisions.in_flight:
            self.place.then_say = text

    @property
    def decisions(self) -> Decisions:
        """Where the label keys go, to be made into intents and written."""
        return self.query_one(Decisions)

    def on_read_failed(self, message: messages.ReadFailed) -> None:
        self._status(f"Could not read {message.what}: {message.error}", warning=True)

    def on_said(self, message: messages.Said) -> None:
        self._status(message.text, message.warning)

    # -- the open answer ---------------------------------------------------------------

    @on(QueuePane.Loaded)
    def _queue_loaded(self, message: QueuePane.Loaded) -> None:
        if not message.first:
            return
        because, self.moved_because = self.moved_because, ""
        if self.rows:
            # the first answer with a claim left for this reviewer, their unfinished first,
            # on its first claim left for them
            self.place.pick_unlabelled = message.start is not None
            self._open(OpenAnswer(message.start or 0))
            if message.start is None and not self.session.adjudicate:
                self._say_moved(because, NOTHING_LEFT)
            return
        self.awaiting_answer = False
        self._show(None, 0, message.empty)
        if not message.failed:
            self._say_moved(because, message.empty)
        replay_held_keys(self)

    def _say_moved(self, because: str, text: str) -> None:
        """Say ``text``, after ``because``, why the screen moved on by itself, when it did
        (a refusal: a warning)."""
        self._say_past_saves(f"{because} · {text}" if because else text, bool(because))

    def _open(self, move: OpenAnswer, claim_id: str | None = None) -> None:
        self.place.opened(move)
        self.awaiting_answer = True
        self.queue.highlight(move.index)
        self.query_one(AnswerView).open(self.rows[move.index].answer_id, claim_id)
        self.queue.prefetch(move.index)

    def _go(self, move: Move | None) -> None:
        """Carry out a move ``self.place`` chose."""
        if not self.rows and self.on_screen.nothing:
            self._status(self.on_screen.nothing)  # nowhere to move: say why
            return
        match move:
            case SelectClaim(index=index):
                self._select(index)
            case OpenAnswer():
                self._open(move)
            case ReadOn(at_the_end=at_the_end, saving=saving):
                # nothing further in the queue read so far: read its next page, or say so
                if self.queue.load_more():
                    self._status("Loading more answers…")
                    return
                self._status(at_the_end)
                if saving:  # after the "Saved" of the key that got here
                    self.place.then_say = at_the_end
            case Say(text=text):
                self._status(text)

    @on(AnswerView.Loaded)
    def _answer_loaded(self, message: AnswerView.Loaded) -> None:
        detail = message.detail
        if detail is not None and detail.held_by and not self.queue.filter.everyone:
            # Taken by someone else since the queue page was read: go on past it.
            self._pass(f"{detail.id} is {', '.join(detail.held_by)}'s now: skipped.")
            return
        claim = self.place.claim_on_open(detail, message.claim_id)
        if claim is None:
            # Moving on reached an answer with nothing left for this reviewer (others
            # finished it since the page was read, or it was freed half done): pass it.
            self._pass("")
            return
        self.awaiting_answer = False
        self.moved_because = ""  # moved on to an answer: the refusal's sentence stays said
        self._show(detail, claim)
        self.queue.recount()  # after the first answer is drawn, not before it
        self.query_one(ReportPane).recount()
        replay_held_keys(self)

    def _pass(self, said: str) -> None:
        """Go on past the open answer, the way the reviewer moved; past the rows read, read
        the queue again as it is now (its first answer with a claim left for this reviewer,
        or why there is none): never stay on it."""
        if said:
            self._say_past_saves(said)
        if (past := self.place.past_taken(self.rows)) is not None:
            self._open(past)
        elif self.decisions.in_flight:
            self.reread_when_saved = True  # awaiting_answer stays: keys are held
        else:
            self._reload(self.queue.filter)

    def on_screen_resume(self) -> None:
        replay_held_keys(self)  # keys held behind a note or the filter go on

    # -- other people's changes ----------------------------------------------------------

    def on_database_changed(self, _: messages.DatabaseChanged) -> None:
        if self.detail is not None and not self.awaiting_answer:
            self.query_one(AnswerView).reread_claims(self.detail.id)
        self.query_one(ReportPane).recount()
        self.queue.recount()
        self.queue.look_for_arrivals()

    @on(QueuePane.Arrived)
    def _arrived(self, message: QueuePane.Arrived) -> None:
        # Answers stored as the reviewer works (``groundtui collect``, an import) join the
        # queue after the open one; into an empty queue, the queue is read again and opens.
        if not self.rows:
            self.queue.reload()
        else:
            self.queue.place(message.rows, self.index)

    @on(AnswerView.ClaimsRead)
    def _claims_read(self, message: AnswerView.ClaimsRead) -> None:
        detail = self.detail
        # A change elsewhere (a teammate's label on another answer) leaves these claims as
        # they are: nothing to redraw.
        if (
            detail is not None
            and detail.id == message.answer_id
            and message.claims != detail.claims
        ):
            self._claims_now(detail, message.claims, None)

    def _claims_now(
        self, detail: AnswerDetail, claims: list[ClaimView], select: str | None
    ) -> None:
        """Show the open answer's claims as read back (``place.reselect``)."""
        index = reselect(claims, self.current_claim, self.claim, select)
        self._show(replace(detail, claims=claims), index)

    # -- the keys ------------------------------------------------------------------------

    def _advance(self) -> None:
        """Advance on decide: the next claim or answer to label (``place.advance``)."""
        if self.detail is not None:
            self._go(self.place.advance(self.detail.claims, self.claim, self.rows))

    @on_the_answer_shown
    def action_claim(self, step: int) -> None:
        """Select the next (1) or previous (-1) claim."""
        claims = self.detail.claims if self.detail else []
        self._go(self.place.claim_step(claims, self.claim, step))

    @on_the_answer_shown(moves=True)
    def action_answer(self, step: int) -> None:
        """Open the next (1) or previous (-1) answer of the queue."""
        self._go(self.place.answer_step(step, len(self.rows)))

    @on_the_answer_shown
    def action_next_unlabelled(self) -> None:
        """Select the next claim not labelled anywhere in the queue, from here on."""
        claims = self.detail.claims if self.detail else []
        self._go(self.place.next_unlabelled(claims, self.claim, self.rows))

    @on_the_answer_shown
    def action_confirm(self) -> None:
        """Confirm the judge's verdict and kind; after ``c``/``a``/``p``, keep the kind."""
        if self.decisions.confirm():
            self._advance()

    @on_the_answer_shown
    def action_verdict(self, verdict: str) -> None:
        """Set this reviewer's verdict on the claim."""
        if self.decisions.label(lambda a, c: SetVerdict(a, c, verdict)):
            self._advance()

    @on_the_answer_shown
    def action_kind(self, key: str) -> None:
        """Set (1-4) or clear (0) the invention kind."""
        if self.decisions.label(lambda a, c: Kind(a, c, KIND_KEYS[key])):
            self._advance()

    @on_the_answer_shown
    def action_mark(self) -> None:
        """Cycle the answer's correctness."""
        self.decisions.mark()

    @on_the_answer_shown
    def action_undo(self) -> None:
        """Undo this session's last change."""
        self.decisions.undo()

    @on_the_answer_shown
    def action_correct(self, what: str) -> None:
        """Write a note (``e``), edit (``E``), split (``S``) or add (``A``) a claim."""
        self.decisions.correct(what)

    @on_the_answer_shown
    def action_dismiss_claim(self) -> None:
        """Dismiss the selected "claim" that is not one (a hedge, an offer to help)."""
        self.decisions.dismiss_claim()

    @on_the_answer_shown
    def action_filter(self) -> None:
        """Open the queue filter."""
        self.queue.choose_filter()

    @on(QueuePane.FilterChosen)
    def _filter_chosen(self, message: QueuePane.FilterChosen) -> None:
        self._status("")
        self._reload(message.filter)

    @on_the_answer_shown(moves=True)
    def open_answer_id(self, answer_id: str) -> None:
        """Open the answer ``answer_id`` (the palette's jump), unless another reviewer holds
        it: then say whose it is and stay (``_jump``)."""
        session = self.session
        if session.adjudicate or session.readonly or self.queue.filter.everyone:
            self._jump(answer_id, None)  # no lease to take: it opens whoever holds it
        else:
            self._check_jump(answer_id)

    @work(thread=True, exclusive=True, group="jump", exit_on_error=False)
    def _check_jump(self, answer_id: str) -> None:
        session = self.session
        lease = read(
            self,
            session,
            "the answer",
            lambda store: store.team.may_take(
                answer_id, session.reviewer, now=session.now(), share=session.share
            ),
        )
        self.app.call_from_thread(self._jump, answer_id, lease)

    def _jump(self, answer_id: str, lease: Lease | None) -> None:
        """Open ``answer_id``: in the queue if loaded, else the queue filtered by that id;
        held by others (``lease`` refused), say whose it is and stay."""
        if lease is not None and not lease.granted and lease.holders:
            here = f": you stay on {self.detail.id}" if self.detail is not None else ""
            self._status(f"{answer_id} is {', '.join(lease.holders)}'s to review{here}.")
            return
        where = row_of(self.rows, answer_id)
        if where is not None:
            self._open(OpenAnswer(where))
            return
        self._status(
            f"{answer_id} is not in the queue read so far: filtering it by that id "
            "(/ changes the filter)."
        )
        self._reload(replace(self.queue.filter, text=answer_id))

    def _reload(self, filt: QueueFilter) -> None:
        self.awaiting_answer = True
        self.queue.reload(filt)

    def action_free_answers(self) -> None:
        """A lead's: choose a reviewer whose answers go back to the queue (``FreeScreen``)."""
        if self.session.readonly:
            self._status("The database is read-only: nothing can be freed.", warning=True)
            return
        self._read_holding()

    @work(thread=True, exclusive=True, group="free", exit_on_error=False)
    def _read_holding(self) -> None:
        holding = read(self, self.session, "the leases", self.session.holding)
        self.app.call_from_thread(self._choose_whom, holding)

    def _choose_whom(self, holding: dict[str, int] | None) -> None:
        from groundtui.tui.screens.free import FreeScreen

        if holding is None:
            self._status(
                "Only a lead frees another reviewer's answers "
                "(groundtui reviewers add NAME --lead, or review --adjudicate)."
            )
        elif not holding:
            self._status("No other reviewer holds an answer now.")
        else:
            self.app.push_screen(FreeScreen(holding), self._free)

    def _free(self, name: str | None) -> None:
        if name is not None:
            self._release(name)

    @work(thread=True, exclusive=True, group="free", exit_on_error=False)
    def _release(self, name: str) -> None:
        released = read(self, self.session, "the leases", lambda s: s.team.release_leases(name))
        if released is not None:
            said = released.sentence(one_line(name, 40))
            self.app.call_from_thread(self._freed, said)

    def _freed(self, said: str) -> None:
        self._status(said)
        self.queue.recount()

    def action_toggle_pane(self, pane: str) -> None:
        """Show or hide the pane ``pane`` (the queue, the report)."""
        widget = self.query_one(f"#{pane}")
        widget.display = not widget.display

    @on_the_answer_shown
    def action_quit(self) -> None:
        """Quit once every decision is committed (at once, unless one waits for the lock)."""
        self.decisions.quit()

    @on(QueuePane.AnswerChosen)
    @on_the_answer_shown(moves=True)
    def _answer_clicked(self, message: QueuePane.AnswerChosen) -> None:
        if 0 <= message.index < len(self.rows) and message.index != self.index:
            self._open(OpenAnswer(message.index))

    @on(ClaimsPane.ClaimChosen)
    @on_the_answer_shown
    def _claim_clicked(self, message: ClaimsPane.ClaimChosen) -> None:
        if self.detail and 0 <= message.index < len(self.detail.claims):
            self._select(message.index)

    # -- the panes' own keys ----------------------------------------------------------------

    def action_pane(self, pane: str, action: str, *args: object) -> None:
        """Run the pane ``pane``'s own ``action`` wherever the focus is (the source pane's
        ``w``, ``[``, ``]``, ``ctrl+f``)."""
        getattr(self.query_one(f"#{pane}"), f"action_{action}")(*args)

    def action_scroll_pane(self, how: str) -> None:
        """Scroll the focused pane (``focus.scroll``)."""
        focus.scroll(self, how)

    def action_zoom(self) -> None:
        """Zoom the focused pane to the whole screen, or back."""
        focus.zoom(self)

    # -- what a write did ----------------------------------------------------------------

    def on_change_applied(self, message: messages.ChangeApplied) -> None:
        outcome = message.outcome
        if self.detail is not None and self.detail.id == outcome.answer_id and outcome.claims:
            # the open answer's claims as this write left them, shown below: a re-read
            # begun before it holds older ones
            self.query_one(AnswerView).written()
        saved = self.decisions.landed(outcome)
        if self.reread_when_saved and not self.decisions.in_flight:
            self.reread_when_saved = False
            self._reload(self.queue.filter)
        if not saved:
            detail = self.detail
            if (
                outcome.passed
                and detail is not None
                and detail.id == outcome.answer_id
                and not self.awaiting_answer
                and not self.queue.filter.everyone
            ):
                # not this reviewer's any more (freed from them, someone else's): move on,
                # to an answer with a claim left for them; the refusal stays said
                self.place.pick_unlabelled = True
                self.moved_because = outcome.message
                self._pass("")
            elif outcome.claims and detail is not None and detail.id == outcome.answer_id:
                # others gave the claim the reviewers it needs first: show it so, and if
                # it is still selected move on to a claim left for this reviewer
                still = self.current_claim is not None and self.current_claim.id == (
                    outcome.claim_id
                )
                self._claims_now(detail, outcome.claims, None)
                if still:
                    self._advance()
            return
        self.query_one(ReportPane).saved(outcome)
        self.queue.saved(outcome)
        detail = self.detail
        if detail is not None and detail.id == outcome.answer_id:
            moved = isinstance(outcome.intent, (Undo, *CORRECTIONS))
            self._claims_now(
                replace(detail, correct=outcome.correct),
                outcome.claims,
                outcome.claim_id if moved else None,
            )
        elif isinstance(outcome.intent, Undo):
            where = row_of(self.rows, outcome.answer_id)
            if where is not None:
                self._open(OpenAnswer(where), outcome.claim_id or None)
        self.decisions.say(self.place.saved(outcome))
