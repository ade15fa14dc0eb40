"""The review screen and its modals: help, note editor, filter."""
