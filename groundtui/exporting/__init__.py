"""Files out: the labels of every claim (``labels``: JSON Lines and CSV), as Parquet
(``parquet``), as a Hugging Face folder (``hf``), and a database's work as answer records
(``answers``) to import elsewhere (docs/export.md)."""
