"""The review screen's panes. Each takes its data from the screen and posts what the
reviewer chose; none reads the database."""
