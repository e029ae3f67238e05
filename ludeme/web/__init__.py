"""``ludeme serve``: a local web app to play, edit and analyse games in a browser.

A front end over ``Game`` and ``State`` like the CLI: the board is the SVG of
``ludeme.render.svg``, bots are ``ludeme.agents``, records ``ludeme.records``, the
analysis ``ludeme.sim``. Nothing here knows the rules of any game.
"""
