"""The Belot family (Bazar-Belot in its club families, and its cousins): notation, rule sets, a hand and its checks,
the engine, the replay of a protocol, the protocol file, the working and the exports.

Each Belot-family game is a rule file (``conventions/*.toml``) read by this one package; nothing here imports
:mod:`bbscore.preferans`.
"""

KEY = "bazar-belot"  # the game value of its rule files and sheets (bbscore.games; registry.py registers it)
