"""Playing one game with people at the keyboard: seating people and agents, the turn
loop with its commands, and the terminal it is played on."""

from ludeme.play.session import Seat, Session, assign_seats, seat_players, with_deadline
from ludeme.play.terminal import PlainTerminal, RichTerminal, Terminal

__all__ = ["PlainTerminal", "RichTerminal", "Seat", "Session", "Terminal", "assign_seats",
           "seat_players", "with_deadline"]
