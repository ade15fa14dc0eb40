"""``groundtui import``: answers into the store, all or nothing (README "Input").

``files`` reads the inputs, validates each record and writes the rows; ``claims`` reads an
answer's claims into the rows the store writes.
"""

from groundtui.formats import InputError
from groundtui.importer.files import BadLine, ImportResult, import_files, parse_line, parse_record

__all__ = ["BadLine", "ImportResult", "InputError", "import_files", "parse_line", "parse_record"]
