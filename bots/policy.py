"""What a computer player is: a policy that buries from the dealer's 45 cards and plays from what its seat knows.

A policy is any object with these two methods (and a ``name``); huolong-solve's
own are named (:data:`NAMES`), a bot author's is given as ``module:attr`` —
a class (called with no arguments) or an instance::

    class MyBot:
        name = "mine"
        sees_all = False

        def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand:
            ...  # six cards of the dealer's hand and kitty

        def play(self, knowledge: Knowledge, rng: random.Random) -> Play:
            ...  # a legal play for knowledge.seat

What a fair policy may read of its ``Knowledge``: ``seat``, its own hand
(``knowledge.position.hands[knowledge.seat]``), the public position (level,
trump, rules, dealer, points, the trick and the history, every hand's size,
``legal_plays()``), the cards still out together (``out()``), the voids
shown (``voids``, ``not_held``), the bottom when it is the dealer, and
samples of the hidden hands (``sample(rng)``). The other hands are in
``knowledge.position`` only so that the cards still out can be counted; a
policy that reads them is not fair, and says so with ``sees_all = True``.
The tests check the fair ones by dealing the hidden cards differently: the
decision must not change.

>>> policy_of("fair").name, policy_of("bot").sees_all
('fair', True)
>>> [p.name for p in policies_of("S=advise,E=fair,N=advise,W=fair")]
['advise', 'fair', 'advise', 'fair']
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol, runtime_checkable

from huolong.engine import Hand, Play, parse_seat
from huolong.engine.sampling import Knowledge
from huolong.engine.errors import excerpt
from huolong.i18n import _, join


class PolicyError(ValueError):
    """A policy that cannot be found or made."""


@runtime_checkable
class Policy(Protocol):
    name: str
    sees_all: bool

    def bury(self, knowledge: Knowledge, rng: random.Random) -> Hand: ...

    def play(self, knowledge: Knowledge, rng: random.Random) -> Play: ...


#: huolong-solve's own policies, by name: what each sees.
NAMES = ("advise", "fair", "bot", "random")


def policy_of(spec: str) -> Policy:
    """The policy a name or ``module:attr`` gives (``advise:samples=48`` sets an option of a named one)."""
    text = spec.strip()
    name, _colon, options = text.partition(":") if text.split(":")[0] in NAMES else (text, "", "")
    if name in NAMES:
        return _named(name, _options(options, spec))
    module_name, colon, attr = text.partition(":")
    if not colon or not module_name or not attr:
        raise PolicyError(_("unknown policy {spec!r}: use {names} or module:attr").format(
            spec=excerpt(spec), names=join(NAMES)))
    try:
        found = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as e:
        raise PolicyError(_("policy {spec!r} cannot be loaded: {error}").format(spec=spec, error=e)) from None
    policy = found() if isinstance(found, type) else found
    if not isinstance(policy, Policy):
        raise PolicyError(_("policy {spec!r} has no name, sees_all, bury and play").format(spec=spec))
    return policy


def _options(text: str, spec: str) -> dict[str, int]:
    options = {}
    for word in filter(None, text.split(",")):
        key, eq, value = word.partition("=")
        if not eq or not value.isdigit():
            raise PolicyError(_("policy {spec!r}: options are name=number, not {word!r}").format(spec=spec, word=word))
        options[key] = int(value)
    return options


def _named(name: str, options: dict[str, int]) -> Policy:
    from .allseeing import BotPolicy, RandomPolicy
    from .fair import FairPolicy
    from .single_dummy import AdvisePolicy

    kinds = {"advise": AdvisePolicy, "fair": FairPolicy, "bot": BotPolicy, "random": RandomPolicy}
    try:
        return kinds[name](**options)
    except TypeError:
        raise PolicyError(_("policy {name!r} has no option {options}").format(
            name=name, options=", ".join(options))) from None


def policies_of(spec: str) -> list[Policy]:
    """Four policies, S E N W: one spec for every seat, or ``S=advise,E=fair,…`` (unnamed seats: advise)."""
    if "=" not in spec.split(":")[0]:
        return [policy_of(spec)] * 4
    chosen: dict[int, str] = {}
    for part in spec.split(","):
        seat, eq, name = part.partition("=")
        if not eq:
            raise PolicyError(_("--policy {spec!r}: expected SEAT=POLICY,…").format(spec=spec))
        chosen[parse_seat(seat)] = name
    return [policy_of(chosen.get(s, "advise")) for s in range(4)]
