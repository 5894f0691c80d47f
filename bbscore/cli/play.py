"""``bbscore play``: a guided session at the table (see :func:`play`)."""


def register(app, only=None) -> None:
    """Add ``play`` to the app."""
