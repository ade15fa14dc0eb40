"""groundtui: check that answers say only what their cited sources say."""

__version__ = "0.1.0"
