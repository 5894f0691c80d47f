"""The Belot family's commands: one hand (``score``, ``count``, ``melds``), the protocol (``new`` … ``show``),
sharing (``export``, ``stats``) and the guided session's questions (``play``)."""
