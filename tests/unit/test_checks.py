"""The mechanical check (docs/check.md): what it flags, what it must not, and where."""

from __future__ import annotations

import json

import pytest

from groundtui.checks import SourceIndex, Specific, find_specifics, unsourced_specifics
from groundtui.checks.names import name_key

P = pytest.param

# (response, sources, the texts that must be flagged, in order). Each id names the rule.
# fmt: off
CASES = [
    # --- figures: thousands separators, decimals, whole values ---------------------------
    P("We ship 1,200 units [1].", ["Up to 1200 units."], [], id="comma-vs-plain"),
    P("We ship 1200 units [1].", ["Up to 1,200 units."], [], id="plain-vs-comma"),
    P("We ship 1 200 units [1].", ["Up to 1,200 units."], [], id="space-thousands"),
    P("We ship 1\u2009200 units [1].", ["Up to 1200 units."], [], id="thin-space-thousands"),
    P("We ship 1\u00a0200 units [1].", ["Up to 1,200 units."], [], id="nbsp-thousands"),
    P("We ship 1\u202f200 units [1].", ["Up to 1200 units."], [], id="narrow-nbsp-thousands"),
    P("We ship 1,300 units [1].", ["Up to 1,200 units."], ["1,300"], id="other-thousands"),
    P("It weighs 2.50 kg [1].", ["Weight: 2.5 kg."], [], id="trailing-zero-decimal"),
    P("It weighs 2.5 kg [1].", ["Weight: 2.50 kg."], [], id="decimal-vs-trailing-zero"),
    P("Take 5 items [1].", ["Each bag holds 5.5 kg."], ["5"], id="5-not-in-5.5"),
    P("It weighs 5.5 kg [1].", ["It weighs 5 kg."], ["5.5"], id="5.5-not-5"),
    P("It lasts 3 days [1].", ["Founded in 2023."], ["3"], id="3-not-in-2023"),
    P("It lasts 12 months [1].", ["It lasts 120 months."], ["12"], id="12-not-in-120"),
    P("It lasts 20 days [1].", ["Within 20 days."], [], id="same-integer"),
    # --- currencies and percentages -------------------------------------------------------
    P("It costs $49.99 [1].", ["Price: 49.99 USD."], [], id="dollar-vs-usd-code"),
    P("It costs 49.99 USD [1].", ["Price: $49.99."], [], id="usd-code-vs-dollar"),
    P("It costs €20 [1].", ["Price: EUR 20."], [], id="euro-sign-vs-code-before"),
    P("It costs £15 [1].", ["Price: £16."], ["£15"], id="other-pound-price"),
    P("Sales hit $1.5 million [1].", ["Sales: 1,500,000 dollars."], [], id="million-scale"),
    P("Sales hit $2 million [1].", ["Sales: $1.5 million."], ["$2 million"], id="other-scale"),
    P("We have 10k users [1].", ["We have 10,000 users."], [], id="k-suffix"),
    P("A fee of 15% applies [1].", ["A 15 percent fee."], [], id="percent-sign-vs-word"),
    P("A fee of 30 percent applies [1].", ["A 30% fee."], [], id="percent-word-vs-sign"),
    P("A fee of 25 per cent applies [1].", ["A 25% fee."], [], id="per-cent"),
    P("A fee of 20% applies [1].", ["A 15% fee."], ["20%"], id="other-percent"),
    # --- number words and ordinals --------------------------------------------------------
    P("Returns within thirty days [1].", ["Returns within 30 days."], [], id="thirty-vs-30"),
    P("Returns within 30 days [1].", ["Returns within thirty days."], [], id="30-vs-thirty"),
    P("It holds twenty-five items [1].", ["It holds 25 items."], [], id="hyphenated-words"),
    P("Returns within forty days [1].", ["Returns within 30 days."], ["forty"], id="other-words"),
    P("Up to ninety-nine seats [1].", ["Up to 99 seats."], [], id="ninety-nine"),
    P("Up to two hundred and fifty seats [1].", ["Up to 250 seats."], [], id="hundred-and"),
    P("We ship one thousand two hundred units [1].", ["Up to 1,200 units."], [],
      id="thousand-compound"),
    P("It is one of our stores [1].", ["We have stores."], [], id="one-of-is-no-figure"),
    P("We have a hundred stores [1].", ["We have 100 stores."], [], id="a-hundred"),
    P("Paid on the 1st of each month [1].", ["Paid on the first of each month."], [],
      id="1st-vs-first"),
    P("Your first order is free [1].", ["Order 1 is free."], [], id="first-vs-1"),
    P("Your third order is free [1].", ["Your 2nd order is free."], ["third"],
      id="other-ordinal"),
    P("First, log in to your account [1].", ["Log in."], [], id="discourse-first"),
    P("We first inspect the item [1].", ["We inspect it."], [], id="adverb-first-after-a-subject"),
    P("Every claim is first assessed [1].", ["Claims are assessed."], [],
      id="adverb-first-before-a-participle"),
    P("The first attempt is free [1].", ["Attempts are free."], ["first"],
      id="ordinal-first-after-a-determiner"),
    P("Your order is first in the queue [1].", ["Orders queue."], ["first"],
      id="ordinal-first-after-an-auxiliary"),
    P("You must first contact support [1].", ["Contact support."], [],
      id="adverb-first-after-a-modal"),
    # --- ranges: one specific, sourced when both ends are ---------------------------------
    P("Refunds take 3–5 business days [1].", ["Refunds take 3-5 business days."], [],
      id="en-dash-vs-hyphen"),
    P("Refunds take 3-5 days [1].", ["Refunds take 3 to 5 days."], [], id="hyphen-vs-to"),
    P("Refunds take 3 to 5 days [1].", ["Between 3 and 5 days."], [], id="range-by-ends"),
    P("Refunds take 3–7 days [1].", ["Refunds take 3–5 days."], ["3–7"], id="other-range"),
    P("Sales grew 15% to 1,200 units [1].", ["Up 15%, to 1,300 units."], ["1,200"],
      id="percent-to-is-no-range"),
    # --- times ----------------------------------------------------------------------------
    P("Open until 6 pm [1].", ["Open until 18:00."], [], id="6pm-vs-18:00"),
    P("Open until 18:00 [1].", ["Open until 6 pm."], [], id="18:00-vs-6pm"),
    P("Open until 6:30pm [1].", ["Open until 18:30."], [], id="6:30pm-vs-18:30"),
    P("Open until 7 pm [1].", ["Open until 6 pm."], ["7 pm"], id="other-time"),
    P("Open from 9 am [1].", ["Open from 09:00."], [], id="9am-vs-09:00"),
    P("Doors open at 6.30 pM [1].", ["Open at 18:30."], [], id="decimal-time-capital-m"),
    # --- digit groups (phones) and versions -----------------------------------------------
    P("Call 0800 123 4567 [1].", ["Phone: 0800-123-4567."], [], id="phone-dashes"),
    P("Call 0800 123 4567 [1].", ["Phone: 08001234567."], [], id="phone-digits-only"),
    P("Call 0800 123 4568 [1].", ["Phone: 0800 123 4567."], ["0800 123 4568"],
      id="other-phone"),
    P("Call +44 20 7946 0958 [1].", ["Phone: 020 7946 0958."], [], id="phone-country-code"),
    P("Call 800 555 0199 [1].", ["Phone: 800-555-0199."], [], id="phone-3-3-4-not-thousands"),
    P("Call 1 800 555 0199 [1].", ["Phone: 1-800-555-0199."], [], id="phone-1-3-3-4"),
    P("Call 800 555 0198 [1].", ["Phone: 800-555-0199."], ["800 555 0198"],
      id="other-phone-3-3-4"),
    P("Over 12 000 5-star reviews [1].", ["Over 12,000 5-star reviews."], [],
      id="space-thousands-before-another-number"),
    P("Over 12,000 reviews [1].", ["Over 12 000 5-star reviews."], [],
      id="source-space-thousands-before-another-number"),
    P("Dial 555 now [1].", ["Call (555) 123-4567."], ["555"], id="area-code-is-no-value"),
    P("Dial 555 now [1].", ["Dial 555 for help (555)."], [], id="parenthesised-value"),
    P("It is 12 now [1].", ["See note [12] below."], ["12"], id="marker-digits-no-value"),
    P("Update to version 2.4.1 [1].", ["Install v2.4.1 now."], [], id="version-v-prefix"),
    P("Update to version 2.4.1 [1].", ["Install 2.4.10 now."], ["2.4.1"], id="other-version"),
    # --- dates ----------------------------------------------------------------------------
    P("It took effect on 2024-03-05 [1].", ["Effective March 5, 2024."], [], id="iso-vs-long"),
    P("It took effect on March 5, 2024 [1].", ["Effective 2024-03-05."], [], id="long-vs-iso"),
    P("It took effect on 5 March 2024 [1].", ["Effective March 5, 2024."], [],
      id="day-first-vs-month-first"),
    P("It took effect on Mar 5, 2024 [1].", ["Effective 5 Mar 2024."], [], id="abbreviated"),
    P("It took effect in March 2024 [1].", ["Effective March 5, 2024."], [], id="month-year"),
    P("It took effect in April 2024 [1].", ["Effective March 2024."], ["April 2024"],
      id="other-month-year"),
    P("It took effect on March 6, 2024 [1].", ["Effective March 5, 2024."],
      ["March 6, 2024"], id="other-day"),
    P("It took effect in 2025 [1].", ["Effective in 2024."], ["2025"], id="other-year"),
    P("It took effect in 2024 [1].", ["Effective 2024-03-05."], [], id="year-of-a-date"),
    P("It took effect on 03/05/2024 [1].", ["Effective March 5, 2024."], [], id="slashed"),
    P("It applies from 2024 [1].", ["Valid from 5/3/24 on."], [], id="year-of-two-digits"),
    P("Refunds after 30 days [1].", ["Updated 30 January 2025. Refunds are assessed."],
      ["30"], id="a-date-s-day-is-no-number"),
    P("Refunds after 30 days [1].", ["Updated January 30, 2025."], ["30"],
      id="a-date-s-day-after-the-month-is-no-number"),
    P("Refunds after thirty days [1].", ["Updated 2025-01-30."], ["thirty"],
      id="an-iso-date-s-day-is-no-number"),
    P("Refunds after 30 days [1].", ["Updated 30 Jan 2025: refunds after 30 days."], [],
      id="the-number-beside-a-date-s-day"),
    P("Paid on the 30th [1].", ["Paid on 30 January."], [], id="a-date-s-day-is-an-ordinal"),
    P("Refunds after 30 days [1].", ["For purchases made November 1–30."], ["30"],
      id="a-range-of-days-is-no-number"),
    P("Refunds after 30 days [1].", ["Closed 29, 30 and 31 January."], ["30"],
      id="a-list-of-days-is-no-number"),
    P("We ship 10 items [1].", ["On March 5, 10 items ship."], [],
      id="a-number-after-a-date-s-comma"),
    P("We close on March 5 and 6 [1].", ["Closed March 5 and March 6."], [],
      id="a-day-listed-after-a-date"),
    P("We close on 5 and 6 March [1].", ["Closed 5 March and 6 March."], [],
      id="a-day-listed-before-a-date"),
    P("We close on March 5 and 7 [1].", ["Closed March 5 and March 6."], ["7"],
      id="other-day-listed-after-a-date"),
    P("Refunds after 30 days [1].", ["Closed 24–30 January."], ["30"],
      id="a-range-of-days-before-a-month-is-no-number"),
    P("Orders ship in 3-5 days [1].", ["Closed January 3–5."], ["3-5"],
      id="a-range-of-days-after-a-month-is-no-range-of-numbers"),
    P("Orders ship in 3–5 days [1].", ["Closed 3–5 January."], ["3–5"],
      id="a-range-of-days-before-a-month-is-no-range-of-numbers"),
    P("Orders ship in 3 to 5 days [1].", ["Closed January 3 to 5."], ["3 to 5"],
      id="a-range-of-days-in-words-is-no-range-of-numbers"),
    P("Orders ship in 3-5 days [1].", ["Sale Jan. 3–5 here."], ["3-5"],
      id="a-range-of-days-after-an-abbreviated-month"),
    P("Orders ship in 3-5 days [1].", ["Ships in 3–5 days, or by January 9."], [],
      id="a-range-of-numbers-beside-a-date"),
    P("We close January 3–5 [1].", ["Closed January 3–5."], [],
      id="a-range-of-days-sources-itself"),
    P("Closed 24–26 December [1].", ["Closed 24 December to 26 December."], [],
      id="a-range-of-days-sourced-by-two-dates"),
    P("Closed 24–26 December [1].", ["Delivery in 24–26 hours. Closed 27 December."],
      ["24–26", "26 December"], id="a-range-of-days-not-sourced-by-numbers"),
    P("We close on 25 December [1].", ["Closed 25 and 26 December."], [],
      id="a-date-from-a-source-s-list-of-days"),
    P("Closed 24, 25 and 26 December [1].", ["Closed 26 December. Ships in 24 hours."],
      ["24", "25"], id="listed-days-not-sourced-by-numbers"),
    P("Allow 30 days [1].", ["Closed January 29th and 30th."], ["30"],
      id="listed-ordinal-days-are-no-numbers"),
    P("The sale runs November 1–30 [1].", ["The sale runs November 1–15."], ["30"],
      id="the-end-of-a-range-of-days-after-a-date"),
    P("Closed December 24 to 31 [1].", ["Closed 24 December to 31 December."], [],
      id="the-end-of-a-range-of-days-sourced-by-a-date"),
    P("Paid on the fifth [1].", ["Paid on 5 January."], [], id="a-date-s-day-is-a-word-ordinal"),
    P("Paid on the 6th [1].", ["Paid on 5 January."], ["6th"], id="other-day-ordinal"),
    # --- names ----------------------------------------------------------------------------
    P("Ask Harbor Home Goods for help [1].", ["harbor home goods helps."], [],
      id="name-case-insensitive"),
    P("Ask Harbor Home Goods for help [1].", ["Ask Harbor\nHome  Goods."], [],
      id="name-whitespace-normalised"),
    P("North Ridge Warehouse ships it [1].", ["From the North Ridge Warehouse."], [],
      id="name-opening-a-sentence"),
    P("South Ridge Warehouse ships it [1].", ["From the North Ridge Warehouse."],
      ["South Ridge Warehouse"], id="other-name-opening-a-sentence"),
    P("It ships from Harbor Home Goods [1].", ["It ships from Harbor Home."],
      ["Harbor Home Goods"], id="whole-name-only"),
    P("It ships with Acme [1].", ["It ships with a courier."], ["Acme"], id="single-name"),
    P("It ships with Acme [1].", ["Acme couriers."], [], id="single-name-sourced"),
    P("Returns are easy [1].", ["Nothing here."], [], id="first-word-is-no-name"),
    P("Acme FAQ pages help [1].", ["Nothing here."], [], id="first-word-alone-after-a-cut"),
    P("COVID-19 rules apply [1].", ["Nothing here."], [], id="code-opening-a-sentence"),
    P("Contact Harbor for help [1].", ["Harbor helps."], [], id="common-word-then-name"),
    P("Recently Harbor Home changed it [1].", ["Ask Harbor Home."], [],
      id="sentence-s-first-word-then-a-sourced-name"),
    P("Most of the Harbor Home stores open [1].", ["Contact Harbor Home."], [],
      id="first-word-and-connector-then-a-sourced-name"),
    P("Recently Harbor Home changed it [1].", ["From North Harbor Home."],
      ["Recently Harbor Home"], id="rest-only-inside-a-longer-name"),
    P("Recently Harbor Home changed it [1].", ["From North-Ridge Harbor Home."],
      ["Recently Harbor Home"], id="rest-only-inside-a-hyphenated-name"),
    P("Aria Sofa ships free [1].", ["The sofa ships free."], ["Aria Sofa"],
      id="a-name-s-first-word-is-kept-unless-ordinary"),
    P("Emily Watson will call [1].", ["Ms. Watson will call."], ["Emily Watson"],
      id="a-first-name-ending-in-ly-is-kept"),
    P("Elm & Ivy sells sofas [1].", ["Oak & Ivy sells sofas."], ["Elm & Ivy"],
      id="ampersand-name-opening-a-sentence"),
    P("We answer on Monday [1].", ["Nothing here."], [], id="weekday-is-no-name"),
    P("Note: Returns are free [1].", ["Nothing here."], [], id="word-after-colon"),
    P("I can help [1].", ["Nothing here."], [], id="pronoun-i"),
    P("Ask Dr. Smith for help [1].", ["Ask our doctor."], ["Smith"], id="title-abbreviation"),
    P("Ask Harbor's team [1].", ["The Harbor team."], [], id="possessive"),
    P("It has a 5-year warranty [1].", ["A 5-year warranty."], [], id="figure-joined-to-word"),
    P("It has a 6-year warranty [1].", ["A 5-year warranty."], ["6"],
      id="figure-joined-to-word-flagged"),
    P("It runs on the Galaxy S24 [1].", ["Runs on the Galaxy S23."], ["Galaxy S24"],
      id="model-number-in-name"),
    # --- markers, list numbering, links ---------------------------------------------------
    P("Returns within 30 days [1].", ["Within 30 days."], [], id="marker-is-no-figure"),
    P("1. Pack the box.\n2. Ship it within 30 days [1].", ["Within 30 days."], [],
      id="list-numbering"),
    P("Steps:\n3) Ship it [1].", ["Ship it."], [], id="list-numbering-paren"),
    P("Ship it.\n12. Pack it.\n13.** Wait [1].", ["Pack it."], [], id="list-numbers-past-nine"),
    P("**1.** Log in.\n### 2. Ship it [1].", ["Ship it."], [], id="list-numbering-bold-heading"),
    P("(1) Log in; (2) ship it [1].", ["Ship it."], [], id="list-numbering-parenthesised"),
    P("Returns within (45) days [1].", ["Within 30 days."], ["45"],
      id="parenthesised-figure-mid-sentence"),
    P("See https://example.com/p/2024 for 30 days [1].", ["Within 30 days."], [],
      id="digits-in-a-link"),
    P("See www.shop.example/returns-March 30 days on [1].",
      ["See www.shop.example/returns-March 30 days on."], [],
      id="a-month-in-a-link-makes-no-date-in-a-source"),
    P("See www.shop.example/news/January 3–5 days on [1].",
      ["See www.shop.example/news/January 3–5 days on."], [],
      id="a-month-in-a-link-makes-no-range-of-days-in-a-source"),
    P("Write to 2–5ann@shop.example today [1].", ["Write to 2–5ann@shop.example today."],
      [], id="a-range-ending-in-a-link-is-no-range-of-days"),
    # --- citation scoping -----------------------------------------------------------------
    P("Returns within 30 days [1].", ["Returns policy.", "Within 30 days."], ["30"],
      id="in-source-2-but-cites-1"),
    P("Returns within 30 days [2].", ["Returns policy.", "Within 30 days."], [],
      id="cites-the-right-source"),
    P("Returns within 30 days.", ["Returns policy.", "Within 30 days."], [],
      id="no-marker-any-source"),
    P("Returns within 30 days [1][2].", ["Returns policy.", "Within 30 days."], [],
      id="adjacent-markers"),
    P("Returns within 30 days [1, 2].", ["Returns policy.", "Within 30 days."], [],
      id="comma-marker"),
    P("Returns within 30 days [1-2].", ["Returns policy.", "Within 30 days."], [],
      id="range-marker"),
    P("Returns within 30 days [1; 2].", ["Returns policy.", "Within 30 days."], [],
      id="semicolon-marker"),
    P("Returns within 30 days [ 2 ].", ["Within 30 days.", "Returns policy."], ["30"],
      id="spaced-marker-scopes-and-is-no-figure"),
    P("Returns within 30 days.[2] A fee of 5% applies [1].", ["A 5% fee.", "30 days."], [],
      id="marker-after-period-belongs-before"),
    P("Returns within 30 days. [2] A fee of 5% applies [1].", ["A 5% fee.", "30 days."],
      [], id="marker-after-period-and-space"),
    P("Returns within 30 days [1]. A fee of 5% applies.", ["30 days."], ["5%"],
      id="uncited-sentence-checks-all-sources"),
    P("Returns within 30 days [3].", ["Within 30 days.", "Within 30 days."], ["30"],
      id="dangling-marker"),
    P("Returns within 30 days [1][3].", ["Within 30 days."], [], id="dangling-and-valid"),
    P("Returns within 30 days.", [], ["30"], id="no-sources"),
]
# fmt: on


@pytest.mark.parametrize(("response", "sources", "flagged"), CASES)
def test_unsourced_specifics(response: str, sources: list[str], flagged: list[str]) -> None:
    assert [s.text for s in unsourced_specifics(response, sources)] == flagged


def test_table_is_large_and_goes_both_ways() -> None:
    assert len(CASES) >= 60
    assert sum(1 for case in CASES if case.values[2]) >= 20
    assert sum(1 for case in CASES if not case.values[2]) >= 40


RESPONSES = [
    "It costs $49.99 and ships on March 5, 2024 from Harbor Home Goods [2].",
    "1. Pack it.\n2. Call 0800 123 4567 between 9 am and 6:30pm [1][2].",
    "Sales grew fifteen percent, to 1\u202f200 units in 2023; see version 2.4.1 [3].",
    "Refunds take 3–5 days.[1] The Galaxy S24 ships from North Ridge Warehouse [2].",
]


@pytest.mark.parametrize("response", RESPONSES)
def test_offsets_are_exact(response: str) -> None:
    found = find_specifics(response)
    assert found
    for s in found:
        assert response[s.start : s.end] == s.text
    assert [s.start for s in found] == sorted(s.start for s in found)


def test_kinds() -> None:
    found = find_specifics("Ask Harbor Home Goods: it costs $5 on March 5, 2024 or in 2025.")
    assert [(s.text, s.kind) for s in found] == [
        ("Harbor Home Goods", "name"),
        ("$5", "figure"),
        ("March 5, 2024", "date"),
        ("2025", "date"),
    ]


def test_markers_and_list_numbers_are_not_specifics() -> None:
    response = "1. Returns [1][2].\n2) Exchanges [1, 3] and refunds [2-4]."
    assert find_specifics(response) == []


def test_integers_ending_a_clause_or_meeting_a_marker() -> None:
    response = "Up to 12, then 2024.\n3. In 2025 [1]. Max 5[2]. Year 1999.[1] Then 7, 8.5 and 9."
    found = find_specifics(response)
    assert [(s.text, s.kind, s.sources) for s in found] == [
        ("12", "figure", ()),
        ("2024", "date", ()),
        ("2025", "date", (1,)),
        ("5", "figure", (2,)),
        ("1999", "date", (1,)),
        ("7", "figure", ()),
        ("8.5", "figure", ()),
        ("9", "figure", ()),
    ]
    sources = ["In 2025, up to 12. Max 5."]  # "[2]" cites no source
    assert [s.text for s in unsourced_specifics(response, sources)] == [
        "2024", "5", "1999", "7", "8.5", "9",
    ]  # fmt: skip
    assert SourceIndex("Years 2024, 1999. Then 7.").keys >= {"n2024", "n1999", "n7", "d7"}


def test_grouped_decimal_and_range_figures_before_a_word() -> None:
    response = (
        "Ship 1,200 units for $49.99 each in 3–5 days, 2019-2021 prices, v2.4 builds, "
        "1,200.50 kg, 6.30 pm or 6.30 amazing, 1,2345 more."
    )
    found = find_specifics(response)
    assert [(s.text, s.kind) for s in found] == [
        ("1,200", "figure"),
        ("$49.99", "figure"),
        ("3–5", "figure"),
        ("2019-2021", "date"),
        ("2.4", "figure"),
        ("1,200.50", "figure"),
        ("6.30 pm", "figure"),
        ("6.30", "figure"),
        ("1", "figure"),
        ("2345", "figure"),
    ]
    source = "Ship 1200 units for 49.99 USD in 3 to 5 days; 2019 to 2021; 2.4; 18:30."
    assert [s.text for s in unsourced_specifics(response, [source])] == [
        "1,200.50", "6.30", "1", "2345",
    ]  # fmt: skip
    keys = SourceIndex("1,200 units, $49.99 each, 3–5 days.").keys
    assert keys >= {"n1200", "d1200", "n49.99", "d49", "n3", "n5"}


def test_one_of_is_no_figure_before_any_punctuation_or_the_end() -> None:
    for text in ["Pick one of: a or b.", "Pick one of, say, these.", "It is the best one of"]:
        assert find_specifics(text) == [], text
    assert [s.text for s in find_specifics("Pick one offer.")] == ["one"]


def test_find_specifics_reports_the_sentence_citations_as_written() -> None:
    found = find_specifics("It takes 30 days [1][4]. It costs $5.")
    assert [(s.text, s.sources) for s in found] == [("30", (1, 4)), ("$5", ())]


def test_sources_searched_are_reported() -> None:
    sources = ["Nothing.", "Nothing either."]
    cited, dangling, uncited = unsourced_specifics("30 days [2]. 40 days [7]. 50 days.", sources)
    assert (cited.text, cited.sources) == ("30", (2,))
    assert (dangling.text, dangling.sources) == ("40", ())
    assert (uncited.text, uncited.sources) == ("50", (1, 2))


def test_a_single_claim_against_a_single_source() -> None:
    assert unsourced_specifics("The fee is fifteen percent.", ["Fees: 15%."]) == []
    [found] = unsourced_specifics("The fee is 20%.", ["Fees: 15%."])
    assert (found.text, found.kind, found.sources) == ("20%", "figure", (1,))


def test_a_source_in_decomposed_unicode_still_sources_the_name() -> None:
    """A PDF or macOS export writes 'é' as 'e' and a combining accent (NFD); the name the
    answer writes composed (NFC) is the same name, not an unsourced one."""
    decomposed = "Visit Cafe\u0301 Rouge or Zoe\u0308's for 30 days."
    assert unsourced_specifics("Ask at Café Rouge or Zoë's [1].", [decomposed]) == []
    assert unsourced_specifics("Ask at Café Rouge [1].", [SourceIndex(decomposed)]) == []


def test_an_answer_in_decomposed_unicode_is_read_as_written() -> None:
    """An answer written decomposed (NFD) is checked as its composed self: a name is not
    cut at its first accent ("Jose"), and each specific keeps its offsets and text as
    written in the answer."""
    response = "Ask Jose\u0301 A\u0301lvarez in Ma\u0301laga [1]. Zoe\u0308 Brandt paid 30 [1]."
    source = "José Álvarez lives in Málaga."
    found = unsourced_specifics(response, [source])
    assert [(s.text, s.kind) for s in found] == [("Zoe\u0308 Brandt", "name"), ("30", "figure")]
    assert all(response[s.start : s.end] == s.text for s in found)
    written = find_specifics(response)
    assert [s.text for s in written] == [
        "Jose\u0301 A\u0301lvarez",
        "Ma\u0301laga",
        "Zoe\u0308 Brandt",
        "30",
    ]
    assert all(response[s.start : s.end] == s.text for s in written)
    assert unsourced_specifics(response, [SourceIndex(source)]) == found


def test_prebuilt_indexes_give_the_same_answer() -> None:
    response = "Returns within thirty days [1]; the fee is $4.99 [2]. Ask Harbor [1]."
    sources = ["Within 30 days, says Harbor.", "Fee: 4.50 USD."]
    indexes = [SourceIndex(text) for text in sources]
    expected = unsourced_specifics(response, sources)
    assert [s.text for s in expected] == ["$4.99"]
    assert unsourced_specifics(response, indexes) == expected
    assert unsourced_specifics(response, indexes) == expected  # reused: same answer


def test_source_index_keys_are_normalised_values() -> None:
    index = SourceIndex("Up to 1,200 units by March 5, 2024, open till 6 pm, thirty days.")
    assert {"n1200", "D2024-3-5", "Y2024-3", "t18:00", "n30"} <= index.keys
    assert index.has_name_key(name_key("MARCH")) is True  # as a word, case-insensitively
    assert SourceIndex("Harbor Home").has_name_key(name_key("Harbor Home Goods")) is False


def test_specific_round_trips_through_json() -> None:
    [found] = unsourced_specifics("It costs $5 [1].", ["Free."])
    data = json.loads(json.dumps(found.to_dict()))
    assert data == {"text": "$5", "start": 9, "end": 11, "kind": "figure", "sources": [1]}
    assert Specific.from_dict(data) == found


def test_inputs_are_not_changed() -> None:
    sources = ["Within 30 days."]
    unsourced_specifics("Returns within 40 days [1].", sources)
    assert sources == ["Within 30 days."]


@pytest.mark.parametrize(
    "response",
    [
        "9" * 5000 + " units [1].",  # int() refuses strings this long
        " ".join(["123"] * 2000) + "4 [1].",
        "[" + "1" * 5000 + "] and [99999] and [0].",
        "",
        "\n\n\n",
        "İstanbul office, 5 İ units.",  # lowers to a longer string
    ],
    ids=["huge-number", "long-thousands", "odd-markers", "empty", "blank", "growing-lower"],
)
def test_odd_input_never_raises(response: str) -> None:
    found = unsourced_specifics(response, ["Nothing here.", ""])
    for s in found:
        assert response[s.start : s.end] == s.text


@pytest.mark.parametrize(
    ("response", "source", "flagged"),
    [
        ("Open until 21:00.", "We close at 9 pm.", []),
        ("Open until 9 pm.", "We close at 21:00.", []),
        ("Open until 9pm.", "We close at 9.00 pm on weekdays; 30 days apply.", []),
        ("Open until 6:30.", "We close at 18:30.", []),
        ("Open until 9 pm.", "We close at 8 pm; 30 days apply.", ["9 pm"]),
        ("Open until 21:00.", "Returns within 30 days, fee 15%.", ["21:00"]),
        ("Open until 7 pm.", "Price $19.99; open 9 am to 6 pm.", ["7 pm"]),
        ("Open until 7 pm.", "Opens at 7:00 sharp.", []),
        ("Open until 7 pm.", "Opens at 7.05 and 19.99 USD.", ["7 pm"]),
    ],
)
def test_times_are_proved_absent_only_when_no_hour_could_read_as_them(
    response: str, source: str, flagged: list[str]
) -> None:
    assert [s.text for s in unsourced_specifics(response, [source])] == flagged


@pytest.mark.parametrize(
    ("response", "source", "flagged"),
    [
        # held by the index though not written as a whole run: it must still be found
        ("Fee: 5 dollars.", "The fee is 5.00 USD.", []),
        ("Fee: 5 dollars.", "The fee is $0005 today.", []),
        ("Within 7 days.", "Within seven days.", []),
        ("Within 500 units.", "Within 0.5k units.", []),
        ("On 5 March 2024.", "Dated 2024-03-05.", []),
        ("On 5 March 2024.", "Dated 05/03/2024.", []),
        ("On March 5.", "Dated 5th of March, 2024.", []),
        ("Up to 3 items.", "Between 3–5 items.", []),
        # only inside longer numbers: proved absent without reading the source's values
        ("Within 45 days.", "Call 0800 145 9999, price 145.99, code 4512.", ["45"]),
        ("On 6 March 2024.", "Dated March 16, 2024, at 16:00.", ["6 March 2024"]),
        ("Within 45 days.", "Code ٤٥٠, or 1450 units.", ["45"]),  # ٤٥٠ is 450
        ("Within 45 days.", "Code ٤٥, or 1450 units.", []),  # Arabic-Indic ٤٥ is 45
        ("Within 45 days.", "Code ٤٥, or 45² units.", []),
        ("Up to 200 units.", "Code x1,200² units.", []),  # "²" is a digit, not a decimal
    ],
)
def test_small_numbers_and_days_are_sourced_only_as_whole_runs(
    response: str, source: str, flagged: list[str]
) -> None:
    assert [s.text for s in unsourced_specifics(response, [source])] == flagged
    index = SourceIndex(source)
    assert [s.text for s in unsourced_specifics(response, [index])] == flagged
    if flagged and source.isascii():
        assert index._digits is None  # proved absent without building the digit index


@pytest.mark.parametrize(
    ("source", "flagged"),
    [
        ("Harbor Home Goods ships 30 units.", []),  # in the order written
        ("We ship 30 units. Harbor Home Goods ships.", []),  # the second one earlier
        ("We ship 30 units. Harbor Home Goods, code 1305.", []),  # later only inside 1305
        ("Harbor Home Goods, code 1305.", ["30"]),
    ],
)
def test_a_sentence_s_specifics_are_found_in_any_order_in_its_source(
    source: str, flagged: list[str]
) -> None:
    response = "Harbor Home Goods ships 30 units [1]."
    assert [s.text for s in unsourced_specifics(response, [source])] == flagged


@pytest.mark.slow
def test_fuzzed_texts_hold_the_check_s_invariants() -> None:
    # Seeded random text from the pieces the check reads (figures, dates, names, markers,
    # separators, non-ASCII digits): it never raises, offsets are exact, every unsourced
    # specific is one find_specifics reads, an answer's own text sources all of it (alone
    # or inside a longer text), and indexes (fresh or reused) give the same answer as texts.
    import random

    pieces = [
        *"0123456789", "12", "200", "2024", "0800", "4567", "1,200", "49.99", "2.4.1", "3–5",
        "3-5", "18:00", "6:30", " pm", " am", "%", " percent", "$", "€", "USD ", " million",
        "k", " to ", " and ", "thirty", "-five", " hundred", "first", " one", "March ",
        " May ", "Jan", "Harbor", " Home", " Goods", "The ", "'s", "[1]", "[2]", "[1, 3]",
        "[9]", ". ", ", ", "\n", "\n2. ", " ", "\u00a0", "\u2009", "٣", "²", "Dr. ", "(", ")",
        " a.m.", "Bank of the West", "COVID-19", "05/03/2024", "5-3-24", "+44 ", "[1-2]", "[0]",
        "www.x.com/a1", "O'Neil", "1st", "Sept. ", "a hundred", "one of", "bn", " thousand",
        "January 30", " through ", "The ", "Recently ", "'s ", " & ", "**", "(2) ", "; ",
        "[ 1 ]", "[1; 2]", "800 555 0199", "12 000", " first ", " is ", "ed ", "30th",
        "January 3–5", "Jan. 3-5", "3–5 May", " 3 to 5 ", "ann@b.com", "http://y.org/p",
    ]  # fmt: skip
    rng = random.Random(7)

    def text(n: int) -> str:
        return "".join(rng.choice(pieces) for _ in range(n))

    for _ in range(1500):
        response = text(rng.randint(1, 40))
        sources = [text(rng.randint(0, 40)) for _ in range(rng.randint(0, 3))]
        found = unsourced_specifics(response, sources)
        read = {(s.start, s.end, s.kind) for s in find_specifics(response)}
        for s in found:
            assert response[s.start : s.end] == s.text
            assert (s.start, s.end, s.kind) in read
        indexes = [SourceIndex(source) for source in sources]
        assert unsourced_specifics(response, indexes) == found
        assert unsourced_specifics(response, indexes) == found
        if "[" not in response:  # no marker to scope it: the response sources itself
            assert unsourced_specifics(response, [response]) == []
            assert unsourced_specifics(response, [f"Intro text. {response} Outro."]) == []


@pytest.mark.slow
def test_where_a_search_resumes_never_changes_what_is_found(monkeypatch) -> None:
    # In a long text each sentence's search as written resumes where the last specific in
    # the same sources was found (across sentences and, through a SourceIndex, calls)
    # instead of at the sentence's start. On seeded text built to repeat values (inside
    # longer numbers too: "18" in "5018", more often than the whole-token search tries),
    # resuming in every text, from any place and with any budget left for looks at a
    # value's first occurrence, gives what searching from each sentence's start gives.
    import random

    from groundtui.checks import resume

    pieces = [
        "18", "5018", "18 ", "30", " 30 days", "2024", "2025", "52025 ", "1,200", "1200",
        "3–5", "3 to 5", "January 30", "March 30, 2025", "Harbor Home", "Harbor Home Goods",
        "thirty", "[12]", "(12) ", "example.com/p/18", "6 pm", "18:00", ". ", "; ", " [1]",
        " [2]", " [1, 2]", " [12]", " ", " ", "\n", "days ", "The ", "since ", "5018 " * 30,
        "52025 " * 30, "Harbor Homes " * 25,
    ]  # fmt: skip
    rng = random.Random(17)

    def text(n: int) -> str:
        return "".join(rng.choice(pieces) for _ in range(n))

    cases = []
    for _ in range(700):
        response = text(rng.randint(1, 40))
        sources = [text(rng.randint(0, 60)) for _ in range(rng.randint(1, 2))]
        cases.append((response, sources, unsourced_specifics(response, sources)))
    monkeypatch.setattr(resume, "RESUME_FROM", 0)
    for response, sources, expected in cases:
        shared = [SourceIndex(source) for source in sources]
        for _ in range(3):
            indexes = [SourceIndex(source) for source in sources]
            for index in indexes:
                index.place = resume.ResumePoint(index.text)
                index.place.at = rng.choice([0, len(index.text), rng.randint(0, len(index.text))])
                index.place.budget = rng.choice([0, 10, len(index.text) * 2])
            assert unsourced_specifics(response, indexes) == expected, (response, sources)
            assert unsourced_specifics(response, shared) == expected, (response, sources)


def test_a_resumed_search_finds_no_more_than_the_search_from_the_sentence_s_start() -> None:
    # From the sentence's start, "2025" is tried in its first 24 occurrences (all inside
    # "52025"), then left to the index, which reads the source's year as part of a date:
    # flagged. Resumed after "49", the search would find the date's "2025" as a whole
    # token; it is taken only when the search from the start would take it.
    source = "Codes " + "52025 " * 30 + "Price 49 in March 30, 2025. " + "Filler. " * 5000
    for response in ("Price 49 [1]. Since 2025 [1].", "Since 2025 [1]."):
        assert [s.text for s in unsourced_specifics(response, [source])] == ["2025"]
    assert unsourced_specifics("Price 49 and since 2025 [1].", [source]) == []


def test_the_search_resumes_where_the_last_specific_in_the_same_source_was_found() -> None:
    source = "Sofas ship in 3 days. Rugs ship in 5 days. Lamps ship in 7 days. " * 1000
    index = SourceIndex(source)
    # the second sentence resumes where the first sentence's "5" was found; the third,
    # citing two sources, has its own place: the first source's is unchanged
    response = "Rugs take 5 days [1]. Lamps take 7 days [1]. Both take 7 days [1, 2]."
    assert unsourced_specifics(response, [index, SourceIndex("Lamps: 7 days.")]) == []
    assert index.place is not None and index.place.at == source.index("7") + 1
    # the next call quoting the source resumes there (the next "3" is further on)
    assert unsourced_specifics("Sofas take 3 days [1].", [index]) == []
    assert index.place.at == source.index("3", source.index("7")) + 1
    assert [s.text for s in unsourced_specifics("Beds take 9 days [1].", [index])] == ["9"]


def test_number_words_are_read_only_as_whole_words() -> None:
    # Seeded pieces that put number words beside every boundary the reader knows: each
    # word read starts after a space, a bracket, a quote, a hyphen or emphasis, and no
    # letter a-z follows it ("ten" is never read in "often").
    import random

    from groundtui.checks.number_words import word_items

    pieces = [
        "twenty", "-five", " five", "'five", "\nfive", "(thirty", "“one", "‘two", "/two/",
        "*first*", "[nine]", "_ten_", "\u00a0hundred", " and ", " and\u2009", "often", "ten",
        "twentyfive", "sixty-six", " a hundred", " one of", "x", " ", "é", ". ", "3",
    ]  # fmt: skip
    rng = random.Random(11)
    read = 0
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 20)))
        for item in word_items(text):
            read += 1
            before = text[item.start - 1] if item.start else " "
            # (or a thin space inside a run of words: "one and\u2009ten")
            assert before in " \t\n\u00a0\u2009(\"'“‘/*[_-", text
            after = text[item.end : item.end + 1].lower()
            assert not ("a" <= after <= "z"), text
    assert read > 1000


def test_control_characters_are_no_figures() -> None:
    # The digit pattern once held two control characters in its first class, for speed:
    # they must never start a figure.
    assert find_specifics("\x00 days, \x02 items.") == []
    assert [s.text for s in find_specifics("Ship \x005 days, \x02 7 items.")] == ["5", "7"]


@pytest.mark.slow
def test_a_name_read_once_and_kept_reads_as_it_does_where_it_stands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A run of capitalised words that is no usual name ("Bank of the West", "Harbor's
    # Home Goods") is read word by word once per distinct text and kept: on seeded text it
    # gives the items that reading it where it stands gives, opening a sentence or not,
    # whatever was read before it.
    import random

    from groundtui.checks import names
    from groundtui.checks.sentences import sentences

    pieces = [
        "Bank", " of", " the", " West", " de", " la", " Rosa", " &", " Ivy", "Harbor",
        " Home", "'s", "’s", " Goods", "The ", "Most", "Recently", "Members", "Contact",
        " Sofa", "Aria", " I", " FAQ", "COVID-19", " S24", "\u00a0Bay", " Van", " der",
        " Berg", ". ", ", ", ": ", "\n", " ", "[1] ", "March 5", " is open", "-Ridge",
        "O'Neil", " Émile", " Zola", "AT&T", "www.Harbor.com", " a", " B",
    ]  # fmt: skip
    rng = random.Random(5)
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 30))) for _ in range(3000)]

    def read_all() -> list[list]:
        out: list[list] = []
        for text in texts:
            covered = bytearray(len(text))
            _, initial, _ = sentences(text, covered)
            out.append(find_specifics(text))
            out.append([tuple(i) for i in names.name_items(text, covered, initial)])
        return out

    names._read_alone.cache_clear()
    kept = read_all()
    assert names._read_alone.cache_info().hits > 100  # the kept readings were used
    assert read_all() == kept  # read again, all from what was kept
    monkeypatch.setattr(names, "_reads_alone", lambda text, s, e: False)
    assert read_all() == kept  # every run read word by word where it stands


def test_value_edges_reads_a_space_beside_a_value_as_its_rules_do() -> None:
    # ``value_edges`` tries a space beside the value first (the common case); on seeded
    # text it agrees with its rules applied one by one, in the order the docstring gives.
    import random

    from groundtui.checks.values import is_day, is_day_range, value_edges

    def by_the_rules(text: str, i: int, j: int) -> bool:
        joiners, spaces, n = ".,:/-–", " \u00a0\u2009\u202f", len(text)
        if i:
            c = text[i - 1]
            if c.isalnum() or c == "_" or (c == "[" and text[i].isdigit()):
                return False
            if i >= 2 and c in joiners and text[i - 2].isalnum():
                return False
            if i >= 2 and c in spaces and text[i - 2].isdigit():
                return False
        if j < n:
            c = text[j]
            if c.isalnum() or c == "_":
                return False
            if j + 1 < n and (c in joiners or c in spaces) and text[j + 1].isdigit():
                return False
            if (
                c == ")"
                and text[j + 1 : j + 2] in (" ", "-", "\u00a0")
                and text[j + 2 : j + 3].isdigit()
            ):
                return False
            if c in "-–" and j + 1 < n and text[j + 1].isalpha() and text[j - 1].isalpha():
                return False
        if j - i <= 2:
            return not is_day(text, i, j)
        return j - i > 12 or not is_day_range(text, i, j)

    pieces = [*"0123456789 ", " ", "  ", "a", "Jan", " January", "-", "–", ".", ",", ":", "/",
              "(", ")", "[", "]", "_", "\u00a0", "\u2009", " and ", " to ", "5-7", "٣"]  # fmt: skip
    rng = random.Random(3)
    compared = 0
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 25)))
        for i in range(len(text)):
            for j in range(i + 1, min(len(text), i + 6) + 1):
                assert value_edges(text, i, j) == by_the_rules(text, i, j), (text, i, j)
                compared += 1
    assert compared > 50_000


def test_a_year_no_date_could_write_with_two_digits_is_proved_absent_unread() -> None:
    # "20" and "24" written elsewhere ("20 stores", "24 hours") write no 2024; only a date
    # with two digits of year ("5/3/24") does, after its "/" or "-".
    index = SourceIndex("Founded in 2021 with 20 stores, open 24 hours a day.")
    assert not index.has_keys((("n2024",),))
    assert index._digits is None  # proved absent: the source's figures were not read
    for text in ("Due 5/3/24.", "Due 5-3-24.", "Since 2024.", "After 2,024 days.", "In 2024-25."):
        assert SourceIndex(text).has_keys((("n2024",),)), text
    response = "Open since 2024 [1]."
    assert [s.text for s in unsourced_specifics(response, ["Open since 5/3/24."])] == []
    assert [s.text for s in unsourced_specifics(response, ["Open 24 hours, 20 stores."])] == [
        "2024"
    ]


def test_a_date_in_a_month_never_named_and_digits_a_scale_cannot_give_are_proved_absent() -> None:
    # A date's month is named in the source (by its first three letters) or the source
    # writes a date in digits; a scale ("1.5 billion") adds no digits but trailing zeros.
    index = SourceIndex("Founded on 14 May 2021 with 2,300 staff; 1.5 billion raised.")
    assert not index.has_keys((("M3-14",),))
    assert not index.has_keys((("D2021-3-14",),))
    assert not index.has_keys((("n2013",),))
    assert index._digits is None  # proved absent: the source's figures were not read
    held = [
        ("Due 2024-03-14.", "M3-14"), ("Due 14/3/24.", "M3-14"), ("On Mar 14.", "M3-14"),
        ("Since March 2024.", "m3"), ("Raised 1.2 thousand.", "n1200"),
        ("Raised 2.013 thousand.", "n2013"), ("Twelve hundred staff.", "n1200"),
        ("Two thousand and thirteen.", "n2013"), ("Ninety-nine.", "n99"),
    ]  # fmt: skip
    for text, key in held:
        assert SourceIndex(text).has_keys(((key,),)), text
        assert SourceIndex(text).has_keys(((key,),), spelled=True), text


def test_a_value_spelled_in_the_response_is_looked_for_in_the_source_s_words_first() -> None:
    index = SourceIndex("The first phase costs 1.5 billion, from 1 March.")
    assert index.has_keys((("n1",),), spelled=True)
    assert index._digits is None  # found among its numbers in words, its figures unread
    assert [s.text for s in unsourced_specifics("It mirrors one plan.", [index.text])] == []


def test_digit_runs_prove_absent_only_what_a_search_does_not_find() -> None:
    # On seeded text of digits, separators and words, ``DigitRuns.has`` answers exactly as
    # ``in`` does, and ``may_have`` is False only for spellings not in the text.
    import random

    from groundtui.checks.digit_runs import DigitRuns

    pieces = [*"0123456789", "1234567", " ", ", ", "-", "/", " March ", "٣", ".", "\n", "a"]
    rng = random.Random(23)
    proved = 0
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 200)))
        runs = DigitRuns(text)
        for _ in range(50):
            a = rng.randrange(len(text) + 1)
            probe = text[a : a + rng.randint(1, 12)] if rng.random() < 0.5 else ""
            probe = probe or "".join(rng.choice(pieces) for _ in range(rng.randint(1, 5)))
            digits = "".join(c for c in probe if c in "0123456789")
            if digits:
                assert runs.has(digits) == (digits in text), (text, digits)
            if not runs.may_have(probe):
                proved += 1
                assert probe not in text, (text, probe)
    assert proved > 1000


def test_the_sentence_scope_looks_for_a_figure_beside_its_sentence_s_other_words() -> None:
    """``scope="sentence"`` (off by default, docs/check.md): "26 weeks" said of the birth is
    not sourced by a source whose 26 weeks are of service, two sentences from the birth."""
    source = (
        "To qualify you need 26 weeks of continuous service by the 15th week before the due "
        "date. Shared parental leave must be taken within 52 weeks of the birth."
    )
    response = (
        "It must be taken within 26 weeks of the birth [1]. You need 26 weeks of service [1]."
    )
    assert unsourced_specifics(response, [source]) == []
    [flag] = unsourced_specifics(response, [source], scope="sentence")
    assert (flag.text, flag.start, flag.sources) == ("26", response.index("26"), (1,))
    assert unsourced_specifics(response, [SourceIndex(source)], scope="sentence") == [flag]
