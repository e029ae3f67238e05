"""The vocabulary, organised by family as Ludii's own packages are: ``moves``, ``effects``,
``regions``, ``conditions``, ``numbers``, ``equipment``, ``containers``, ``chance`` and
``rules`` (the shape of a description, turns, starting positions). Each module declares
the ludemes of one kind; importing it registers them (see ``ludeme.lang.registry``)."""

# Where several declarations share a head (``(to ...)`` as a region, a site or a move
# part), the checker tries them in the order they registered; these modules load first,
# in this order. A module not listed loads after them, by name.
LOAD_ORDER: tuple[str, ...] = (
    "effects.captures",
    "conditions.cohesion",
    "conditions.state",
    "conditions.connected",
    "effects.then",
    "equipment.boards",
    "numbers.groups",
    "containers.hands",
    "rules.heuristics",
    "moves.hop",
    "regions.incident",
    "moves.leap",
    "moves.generators",
    "moves.from_to",
    "numbers.expressions",
    "numbers.occupancy",
    "regions.paths",
    "moves.add_from_hand",
    "moves.promote",
    "conditions.owners",
    # (sites {<int> ...}) as Ludii's custom sites, before a list read as a region
    "regions.choice",
    "regions.sites",
    "moves.remove",
    "effects.score",
    "moves.select",
    "numbers.lists",
    "moves.shoot",
    "moves.slide",
    "rules.start",
    "moves.step",
    "rules.structure",
    "regions.around",
    "moves.swap",
    "rules.turns",
)
