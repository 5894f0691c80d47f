"""``python -m bbscore``: the same as the ``bbscore`` command."""

from bbscore.cli import run

if __name__ == "__main__":
    run()
