"""A local repair of almost-JSON replies, tried before paying for a second call.

Models asked for one JSON object still wrap it in prose ("Here is the result: {...}"),
leave a trailing comma, write Python's ``None``/``True``/``False``, or quote with
typographic quotes. Each of these is mended here, least invasive first; a reply that still
does not parse goes back to the model with the error (``repair_messages``), as before. A
reply cut short (at its token limit) is not closed here: closing it would keep half a
claim, or drop the claims after the cut without a word.
"""

from __future__ import annotations

import json
import re

_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_PYTHON_WORDS = re.compile(r"(?<=[:\[,\s])(None|True|False)(?=\s*[,}\]])")
_SMART_QUOTES = str.maketrans({"“": '"', "”": '"'})


def repair_json(text: str) -> object | None:
    """``text`` parsed as JSON after local repairs, or None when none makes it parse."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        return None
    trimmed = text[start : end + 1]
    mended = _PYTHON_WORDS.sub(_json_word, _TRAILING_COMMA.sub(r"\1", trimmed))
    # Typographic quotes last: a quote inside a string may rightly be one.
    for attempt in (trimmed, mended, mended.translate(_SMART_QUOTES)):
        try:
            return json.loads(attempt)
        except json.JSONDecodeError:
            continue
    return None


def _json_word(m: re.Match[str]) -> str:
    return {"None": "null", "True": "true", "False": "false"}[m[1]]
