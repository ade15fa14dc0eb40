"""Correcting the claims themselves (README "Reviewing"): ``E`` edit, ``S`` split, ``A`` add,
``x`` dismiss. Each opens its dialog (``correct``) where it needs one, then queues one
intent, written and undone (``u``) like a label."""

from __future__ import annotations

from groundtui.tui.claim_data import ClaimView
from groundtui.tui.screens.writing import Writing
from groundtui.tui.session import Intent


class Correcting(Writing):
    """The writes that change which claims an answer has."""

    def _claim_to_correct(self, what: str) -> ClaimView | None:
        """The selected claim, or None (said why) when there is none or no writing."""
        if self._read_only():
            return None
        claim = self.current_claim
        if claim is None or self.detail is None:
            self._status(f"This answer has no claim to {what}.")
            return None
        return claim

    def dismiss_claim(self) -> None:
        """Dismiss the selected "claim" that is not one: it leaves every count."""
        claim = self._claim_to_correct("dismiss")
        if claim is not None and self.detail is not None:
            self._send(Intent("dismiss", self.detail.id, claim.id))

    def edit_claim(self) -> None:
        """Open the editor on the selected claim's text; saved as a claim to judge again."""
        from groundtui.tui.screens.correct import EditClaimScreen

        claim = self._claim_to_correct("edit")
        if claim is None or self.detail is None:
            return
        answer_id, claim_id = self.detail.id, claim.id

        def edited(text: str | None) -> None:
            if text is not None:
                self._send(Intent("edit", answer_id, claim_id, text))

        self.app.push_screen(EditClaimScreen(claim.text), edited)

    def split_claim(self) -> None:
        """Choose where to split the selected claim in two."""
        from groundtui.tui.screens.correct import SplitClaimScreen

        claim = self._claim_to_correct("split")
        if claim is None or self.detail is None:
            return
        answer_id, claim_id = self.detail.id, claim.id

        def chosen(cut: int | None) -> None:
            if cut is not None:
                self._send(Intent("split", answer_id, claim_id, str(cut)))

        self.app.push_screen(SplitClaimScreen(claim.text), chosen)

    def add_claim(self) -> None:
        """Select a span of the answer to add as the claim the judge missed."""
        from groundtui.tui.screens.correct import AddClaimScreen

        if self._read_only() or self.detail is None:
            return
        answer_id = self.detail.id
        claimed = [c.span for c in self.detail.claims if c.span is not None]

        def chosen(span: tuple[int, int] | None) -> None:
            if span is not None:
                self._send(Intent("add", answer_id, "", f"{span[0]}:{span[1]}"))

        self.app.push_screen(AddClaimScreen(self.detail.response, claimed), chosen)
