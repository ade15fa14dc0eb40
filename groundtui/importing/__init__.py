"""Files in: ``groundtui import`` (``files``: every record read in its format, checked,
then written all or nothing), the input formats and their detection (``formats``), an
answer's claims as rows (``claims``), and answer records merged into a database
(``answer_records``, ``merge``): docs/formats.md.

Nothing is imported here, so that reading a format (``scan-table``'s workers) does not load
the store.
"""
