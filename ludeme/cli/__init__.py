"""The ``ludeme`` command. Each ``cmd_*.py`` module adds its commands to the group."""
