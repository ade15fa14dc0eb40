"""Write promptfoo fixtures: ``promptfoo eval -o`` of the 20 answers, as JSON, JSON Lines, CSV.

The eval is promptfoo's own (the npm package, run with node): one prompt, the
``openai:chat:gpt-4o-mini`` provider with ``apiBaseUrl`` pointed at
``local_openai.LocalOpenAI``, and one test an answer: ``description`` the ticket id,
``vars`` the ``question`` and the ``context`` (the answer's source texts, in order, joined
by a blank line: promptfoo turns a var holding a list of strings into one test per item,
so a RAG test's context is one string), ``metadata.ticket_id``, and a ``contains "[1]"``
assertion. Run with any Python 3.11 (only the standard library) and node 20::

    npm install --prefix /tmp/pf promptfoo@0.121.20
    python3 tests/data/producers/make_promptfoo.py /tmp/pf/node_modules/.bin/promptfoo

It runs ``promptfoo eval -c promptfooconfig.yaml -o results.json -o results.jsonl -o
results.csv --no-cache`` in a temporary folder (``PROMPTFOO_CONFIG_DIR`` there too, so its
database is thrown away) and keeps the three files as promptfoo wrote them. Writes
``promptfoo/`` (see ``promptfoo/EXPECTED.md``): ``results.json``, ``results.jsonl``,
``results.csv``, ``promptfooconfig.yaml`` (the config the eval ran, its ``apiBaseUrl``
the local server's) and ``VERSIONS``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from local_openai import LocalOpenAI
from support_bot import answers

OUT = Path(__file__).parent / "promptfoo"
PROMPT = (
    "Answer from these sources only; cite them as [n].\n\n{{context}}\n\nQuestion: {{question}}"
)


def config(llm_url: str) -> str:
    """The eval's promptfooconfig.yaml (JSON is YAML, and keeps the texts exact)."""
    value = {
        "description": "support-bot answers",
        "prompts": [PROMPT],
        "providers": [
            {
                "id": "openai:chat:gpt-4o-mini",
                "config": {"apiBaseUrl": llm_url, "apiKey": "local", "temperature": 0},
            }
        ],
        "tests": [
            {
                "description": a["id"],
                "vars": {
                    "question": a["question"],
                    "context": "\n\n".join(s["text"] for s in a["sources"]),
                },
                "metadata": {"ticket_id": a["id"]},
                "assert": [{"type": "contains", "value": "[1]"}],
            }
            for a in answers()
        ],
    }
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def main() -> None:
    promptfoo = str(Path(sys.argv[1]).resolve())
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, LocalOpenAI() as llm:
        work = Path(tmp)
        (work / "promptfooconfig.yaml").write_text(config(llm.url), encoding="utf-8")
        env = {
            **os.environ,
            "PROMPTFOO_CONFIG_DIR": str(work / "home"),
            "PROMPTFOO_DISABLE_TELEMETRY": "1",
            "PROMPTFOO_DISABLE_UPDATE": "1",
            "OPENAI_API_KEY": "local",
        }
        outputs = ("results.json", "results.jsonl", "results.csv")
        subprocess.run(
            [promptfoo, "eval", "-c", "promptfooconfig.yaml", "--no-cache"]
            + [arg for name in outputs for arg in ("-o", name)],
            cwd=work,
            env=env,
            check=True,
        )
        for name in (*outputs, "promptfooconfig.yaml"):
            shutil.copyfile(work / name, OUT / name)
        found = subprocess.run(
            [promptfoo, "--version"], env=env, capture_output=True, text=True, check=True
        )
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True)
    (OUT / "VERSIONS").write_text(
        f"promptfoo {found.stdout.strip().splitlines()[-1]} (npm)\n"
        f"node {node.stdout.strip().removeprefix('v')}\n"
    )


if __name__ == "__main__":
    main()
