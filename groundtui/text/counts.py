"""A count written with its noun, as every command's output writes one."""


def plural(n: int, word: str) -> str:
    """``1 claim``, ``2 claims``, ``1,204 answers``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"
