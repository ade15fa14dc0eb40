"""Names: what a name's word looks like, the capitalised words that are no names, and the
proper names of a text as claim kinds and the heuristic judge read them.

The mechanical check reads names its own, stricter way (``groundtui.checks.names``) from
the same two facts: a name's word opens with ``CAPITAL``, and no word of ``ORDINARY``
is a name alone.
"""

from __future__ import annotations

import re

from groundtui.text.numbers import NUMBER_WORDS

CAPITAL = "[A-ZÀ-ÖØ-Þ]"
"""A capital letter that may open a name: ASCII and Latin-1 ("Émile", "Øresund")."""
ORDINARY = frozenset(
    """
    i i'm i've i'll i'd you your yours we our ours us they their them he she his her it its
    this that these those the a an my me some any all each every no not none both either
    neither other another such and or but if so yet for nor as at by in on to of from with
    without within into onto about after before between during under over per via than
    then until unless while when where what which who whom whose why how once since
    because although though however also only just even still here there yes please thanks
    thank hi hello dear regards sincerely best note important tip warning step ok okay is
    are was were be been being am do does did done have has had can could will would shall
    should may might must ask call contact visit email go see check click tap select choose
    open log sign use try send bring keep make read find get take include enter add remove
    pay order print pack drop ship book request submit complete fill follow wait let start
    view upload confirm cancel update change reply write unfortunately fortunately
    additionally finally next last otherwise instead always never usually typically
    generally currently today tomorrow yesterday now new free monday tuesday wednesday
    thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun weekend
    weekends faq faqs pdf id url urls vat sku eta pin tv usb diy asap am pm gmt utc usd eur
    gbp cad aud nzd jpy chf inr mr mrs ms dr prof sir
    """.split()
) | frozenset(NUMBER_WORDS)
"""Capitalised words that are no names: function words, the pronoun I, days (which are
not compared), modal "May", imperatives that open instructions, greetings, emphasis in
capitals, generic acronyms, currency codes, titles ("Dr. Smith" is compared as "Smith")
and number words."""


_NAME = re.compile(r"\b[A-Z](?:[^\W_]+|\.)(?:[ ](?:[A-Z](?:[^\W_]+|\.)))*(?![\w])")
_OPENS = ".!?:;\"'(“"
"""What may stand before a sentence's first word."""


def proper_names(text: str) -> list[str]:
    """Runs of capitalised words ("Jane Porter", "William O. Douglas") and acronyms.

    A single capitalised word that opens a sentence is not taken for a name.
    """
    names = []
    for match in _NAME.finditer(text):
        name = match.group()
        before = text[: match.start()].rstrip()
        initial = not before or before[-1] in _OPENS
        if " " in name or not initial or (name.isupper() and len(name) >= 2):
            names.append(name)
    return names
