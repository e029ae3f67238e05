"""Tree walks over the API: perft counts and uniformly random playouts.

At a chance node (a roll of the dice is due) perft splits on every roll, which is
not a ply: it counts the positions reachable by every sequence of rolls and moves.
Playouts roll the dice with their own generator."""

from __future__ import annotations

import random

from ludeme.runtime.chance import _RANDBELOW_BITS, set_dice
from ludeme.runtime.standing import next_active
from ludeme.runtime.state import State, listed_in_context


def perft(state: State, depth: int) -> int:
    """Leaf positions at exactly ``depth`` plies (a game over before then counts 0)."""
    if depth == 0:
        return 1
    if state.dice is not None and state.is_chance_node():
        return sum(perft(rolled(state, roll), depth) for roll, _ in state.chance_outcomes())
    moves = state.legal_moves()
    if state.outcome is not None:
        return 0
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        total += perft(state.child(m), depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by first move, keyed by the move's notation (by the roll, ``roll 3
    5``, at a chance node)."""
    if state.dice is not None and state.is_chance_node():
        return {"roll " + " ".join(map(str, roll)): perft(rolled(state, roll), depth)
                for roll, _ in state.chance_outcomes()}
    return {state.move_to_string(m): perft(state.child(m), depth - 1)
            for m in state.legal_moves()}


def rolled(state: State, roll: tuple[int, ...]) -> State:
    """A copy of the chance node ``state`` with the dice showing ``roll``."""
    c = state.clone()
    c.apply_chance(roll)
    return c


def random_playout(state: State, rng: random.Random, max_moves: int = 100_000) -> int:
    """Play uniformly random moves in place until the game ends; returns the moves played.
    The move is the one ``rng.choice(moves)`` draws (``moves[rng.randrange(len(moves))]``),
    so a seed replays the same game."""
    game = state.game
    # a game without dice, swap rule or record of positions: ``_plain_playout``
    # (``State.legal_moves`` inline in the loop)
    if state.dice is None and game.swap_ply < 0 and \
            state.positions is None and type(rng) is random.Random:
        return _plain_playout(state, rng, max_moves)
    dice = state.dice
    # a game whose every phase rolls the dice first with a plain ``(do (roll) next:...)``:
    # ``_dice_playout`` (the roll, the listing and the draw of a move inline in the loop)
    if dice is not None and game.swap_ply < 0 and \
            state.positions is None and type(rng) is random.Random and _RANDBELOW_BITS:
        after_roll = [getattr(ph.generate, "after_roll", None) for ph in game.phases]
        if None not in after_roll:
            return _dice_playout(state, rng, max_moves, after_roll)
    n = 0
    spec = state.game.dice
    play = state.game.play  # State.apply's work, without its call
    if type(rng) is random.Random:
        # Random.choice's draw, inlined: getrandbits of the length's bit length until the
        # number falls below the length (its _randbelow_with_getrandbits)
        bits = rng.getrandbits
    else:
        bits = None
        choice = rng.choice
    # in a game whose every phase rolls the dice first (``(do (roll) next:...)``), the
    # playout rolls as soon as a move is played, without listing the chance node's no moves
    rolls_first = dice is not None and all(
        getattr(ph.generate, "rolls_first", False) for ph in state.game.phases)
    # without dice, the listing leaves the mover's context (``State.who``, ``State.nxt``)
    # as it set it: the move played next sets its own before anything reads it
    left = dice is None
    while n < max_moves:
        moves = state._moves  # kept when the end rules listed them
        if moves is None:
            moves = listed_in_context(state) if left and state.outcome is None \
                else state.legal_moves()
        if not moves:
            # a chance node (the moves are listed: the dice say whether a roll is due)
            if dice is not None and dice.pending and state.outcome is None:
                state._roll(spec.sample(rng))
                continue
            state.is_terminal()
            break
        if bits is not None:
            k = len(moves)
            r = bits(k.bit_length())
            while r >= k:
                r = bits(k.bit_length())
            play(state, moves[r])
        else:
            play(state, choice(moves))
        n += 1
        if rolls_first and state.outcome is None:
            state._roll(spec.sample(rng))  # the chance node every move leads to
    return n


def _plain_playout(state: State, rng: random.Random, max_moves: int) -> int:
    """``random_playout`` of a game without dice, swap rule or record of positions, with
    a ``random.Random``: the same moves drawn the same way, the moves listed as
    ``State.legal_moves`` lists them, without its call."""
    game = state.game
    play = game.play
    gens = [ph.generate for ph in game.phases]
    next_of = game.next_of
    auto_pass = game.auto_pass_move
    bits = rng.getrandbits
    # every listing is followed by a move, which sets its own context: the listing does
    # not put back the mover's context
    # per phase, its generator's draw of one move (the move a uniform draw picks, the
    # same bits drawn, without listing: ``add_from_hand``'s ``drawn``), or None; None when no
    # phase has one; worked out once per game and generators (a getattr that misses
    # costs an exception)
    known = game.__dict__.get("playout_draws")
    if known is None or known[0] != gens:
        found = [getattr(gen, "drawn", None) for gen in gens]
        known = game.playout_draws = (gens, found if any(found) else None)
    draws = known[1]
    # the turn written out per game with this loop written round it (``WRITTEN_PLAYOUT``)
    written = getattr(play, "playout", None)
    if written is not None:
        return written(state, bits, max_moves, gens, draws)
    n = 0
    while n < max_moves:
        moves = state._moves  # kept when the end rules listed them
        if moves is None:
            if state.outcome is not None:
                moves = state._moves = []
            else:
                # State.legal_moves: the mover's context (not put back)
                state.who = mover = state.mover
                state.nxt = next_of[mover] if not state.inactive else next_active(state, mover)
                if draws is not None and (draw := draws[state.phase]) is not None:
                    m = draw(state, bits)  # moves[r] of the listing below, r drawn alike
                    if m is not None:
                        play(state, m)
                        n += 1
                        continue
                moves = gens[state.phase](state)
                if not moves:
                    moves = [auto_pass]  # as in Ludii, a stuck player passes
                state._moves = moves
        if not moves:
            state.is_terminal()
            break
        k = len(moves)
        b = k.bit_length()
        r = bits(b)
        while r >= k:
            r = bits(b)
        play(state, moves[r])
        n += 1
    return n


def _dice_playout(state: State, rng: random.Random, max_moves: int,
                  after_roll: list[tuple]) -> int:
    """``random_playout`` of a game whose every phase rolls first (``(do (roll)
    next:...)``, ``after_roll`` per phase: its moves once rolled, and its pass), with a
    ``random.Random``: the same rolls and moves drawn the same way, in the same order
    (a roll, then a move, ...), the roll made as ``State._roll`` makes it and the moves
    listed as ``State.legal_moves`` lists them, without their calls."""
    game = state.game
    play = game.play
    next_of = game.next_of
    dice = state.dice
    spec = game.dice
    # per phase, the moves once rolled per total the dice show, when chosen by a test
    # of the total alone (dice._picks_by_total), else None
    picks = [getattr(ph.generate, "after_roll_picks", lambda g: None)(game)
             for ph in game.phases]
    single = len(after_roll) == 1
    gen, stuck = after_roll[0]
    pick = picks[0]
    top = len(pick) if pick is not None else 0  # the totals pick has
    values, left = dice.values, dice.left  # (set_dice writes into these lists)
    rolls, count, k, shown = spec.draws()
    rolled_key = spec.zobrist_rolled
    sample = spec.sample
    bits = rng.getrandbits
    n = 0
    if max_moves <= 0:
        return 0
    while True:
        if state.outcome is not None:
            break
        if not dice.rolled:
            # the chance node every decision starts with: DiceSpec.sample and State._roll
            if dice.after or rolls is None:
                state._roll(sample(rng))  # consequences of the roll to run, or no table
            else:
                r = bits(k)
                while r >= count:
                    r = bits(k)
                roll = rolls[r]
                known = shown[r]
                before = dice.unused
                if before is None:
                    set_dice(state, roll, known)
                else:
                    # set_dice of dice not rolled for this decision, none used since
                    # the last roll (so their key is known), read here
                    values[:] = roll
                    left[:] = roll
                    dice.total = known[1]
                    dice.equal = known[2]
                    dice.unused = known
                    dice.pending = False
                    dice.rolled = True
                    state.hash ^= before[0] ^ rolled_key ^ known[0]
                dice.log = (state.ply, roll, dice.log)
                dice.count += 1
                state._moves = None
            if n >= max_moves:
                break
        # State.legal_moves once the dice are rolled: the mover's context (as
        # _dice_moves sets it; the move played sets its own, so it is not put back)
        state.who = mover = state.mover
        state.nxt = next_of[mover] if not state.inactive else next_active(state, mover)
        if not single:
            gen, stuck = after_roll[state.phase]
            pick = picks[state.phase]
            top = len(pick) if pick is not None else 0
        if pick is not None:
            t = dice.total
            moves = pick[t](state) if t < top else gen(state)
        else:
            moves = gen(state)
        if dice.pending:  # the moves asked for another roll: the general loop's way
            state._moves = []
            state._roll(sample(rng))
            continue
        if not moves:
            moves = [stuck]
        j = len(moves)
        b = j.bit_length()
        r = bits(b)
        while r >= j:
            r = bits(b)
        play(state, moves[r])
        n += 1
    return n
