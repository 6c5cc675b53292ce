"""The prompt/action state machine every game runs on.

A game is a set of named steps. The state holds a stack of frames (plain dicts naming their
step); the top frame decides what happens next. A *decision* step asks one side a question
and offers its legal actions; an *automatic* step runs at once (rolling dice, scoring,
pushing sub-steps). Nested procedures — a battle inside a move inside a card event — are
sub-steps pushed on the stack.

Everything in the state is plain data (ints, strings, lists, dicts with string keys), so it
serialises to canonical JSON, copies fast and digests the same on every machine.
"""

from __future__ import annotations

import hashlib
import random
import reprlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Protocol, cast

import msgspec

from grognard.core import dice
from grognard.core.errors import IllegalAction

Action = tuple[str, Any]
Frame = dict[str, Any]

_canonical = msgspec.json.Encoder(order="sorted")  # digests: independent of dict insertion order
# Saved states keep insertion order: rules iterate dicts, so a reloaded state must list its pieces in the same
# order to offer the same legal actions in the same order.
_json = msgspec.json.Encoder()
_pack = msgspec.msgpack.Encoder()
_unpack = msgspec.msgpack.Decoder()

MAX_AUTO_STEPS = 100_000  # an automatic step that never yields is a rules bug, not a long game
# Actions between two undo bases (see ``State._apply_undoable``): an undo replays at most this many more actions
# than its own run (a millisecond or two); a random game then packs its state for one action in 16, not one in 3.
UNDO_BASE_EVERY = 16


class Decision(Protocol):
    """A step where one side chooses among legal actions."""

    name: ClassVar[str]

    def actor(self, st: State, f: Frame) -> str: ...
    def prompt(self, st: State, f: Frame) -> str: ...
    def choices(self, st: State, f: Frame) -> list[Action]: ...
    def resolve(self, st: State, f: Frame, action: Action) -> None: ...


class Auto(Protocol):
    """A step that runs without a decision; it must push or pop a frame."""

    name: ClassVar[str]

    def run(self, st: State, f: Frame) -> None: ...


class Game:
    """Base class of a game: its sides, steps, scenarios, set-up and redacted view."""

    name: str = ""
    title: str = ""
    sides: tuple[str, ...] = ()
    steps: ClassVar[dict[str, Decision | Auto]] = {}
    options: ClassVar[dict[str, str]] = {}  # option name -> what it changes (all options are on/off)
    # Keys of ``st.g`` that set-up fills and nothing changes afterwards: copies share their values.
    static_keys: ClassVar[frozenset[str]] = frozenset()
    # Keys of ``st.g`` holding plain tables, dicts whose values are scalars (depth 1) or dicts of scalars (depth 2):
    # copies copy them with ``dict.copy``, several times faster than packing and unpacking them.
    table_keys: ClassVar[dict[str, int]] = {}
    # A game whose log lines may name pieces some sides may not see sets this and overrides ``log_entries``.
    redacts_log: ClassVar[bool] = False

    def scenarios(self) -> dict[str, str]:
        """Scenario id -> title."""
        raise NotImplementedError

    def setup(self, st: State, scenario: str, options: dict[str, Any]) -> None:
        """Fill ``st.g`` and push the first step."""
        raise NotImplementedError

    def public_view(self, st: State, side: str | None) -> dict[str, Any]:
        """The game part of ``view(side)``: ``st.g`` with what ``side`` may not see removed."""
        raise NotImplementedError

    def action_catalog(self, scenario: str) -> list[Action]:
        """Every action the game may ever offer in ``scenario``, in a fixed order (the action index of learning
        environments); games that support them override this."""
        raise NotImplementedError(f"{self.name} has no fixed action index")

    def resample_hidden(self, st: State, side: str, rng: random.Random) -> None:
        """Redraw in ``st`` (a copy) the game's hidden pieces ``side`` cannot see (other hands, draw piles),
        consistently with what it has seen; the core redraws the dice. Games without hidden pieces keep this."""

    def log_entries(self, st: State, entry: dict[str, Any]) -> list[dict[str, Any]]:
        """The log entries ``entry`` becomes (``redacts_log`` games only): itself, or the entry for the sides that
        may read it all (``to``) and copies with what the others may not see taken out (``not_to``: the sides that
        do not read a copy)."""
        return [entry]

    def board_hidden(self, st: State) -> bool:
        """Does ``st`` hide part of the board from the other side (an optional fog of war), not only hands and piles?
        Agents then read even the board only through ``State.determinize``."""
        return False

    def redact_text(self, st: State, text: str, side: str | None) -> str:
        """``text`` (a label or a reason naming pieces) as ``side`` (None: anyone) may read it."""
        return text

    def shown_step(self, st: State, side: str | None) -> str | None:
        """The step ``side``'s view names; a game hides from the sides not to act the steps that would tell
        what they may not see."""
        return st.step

    def describe(self, st: State, side: str | None) -> list[str]:
        """A few lines a terminal shows above the prompt (from the side's view only)."""
        return []

    def label(self, st: State, action: Action) -> str:
        """How an action reads in a menu; games override for nicer wording."""
        verb, arg = action
        return verb if arg is None else f"{verb} {arg}"

    def outcome(self, st: State) -> str:
        """Who won and why, once ``st`` is over; games override to name the condition that decided."""
        return st.prompt

    def card_text(self, name: str) -> str | None:
        """The text of the card ``name`` (an id or a title), or None if the game has no such card."""
        return None

    def why(self, st: State, target: str) -> str:
        """Why ``target`` (a place or piece the player names) is or is not among the choices now."""
        return f"{self.title} cannot explain its choices; the legal ones are listed."

    # -- construction ---------------------------------------------------------------
    def new_state(
        self,
        scenario: str,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        dice: Sequence[int] | None = None,
    ) -> State:
        if scenario not in self.scenarios():
            known = ", ".join(self.scenarios())
            raise ValueError(f"{self.name} has no scenario {scenario!r}; it has: {known}")
        unknown = sorted(set(options or {}) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise ValueError(f"{self.name} has no option {', '.join(unknown)}; it has: {known}")
        for name, value in (options or {}).items():
            if type(value) is not bool:
                raise ValueError(f"option {name} is on or off (True or False), not {_show(value)}")
        if not all(type(d) is int and 1 <= d <= 6 for d in dice or ()):
            raise ValueError(f"scripted dice are whole numbers from 1 to 6, not {_show(list(dice or ()))}")
        st = State(self)
        st.setup = {
            "game": self.name,
            "scenario": scenario,
            "seed": seed,
            "options": dict(options or {}),
            "dice": list(dice) if dice is not None else None,
        }
        st.set_core({
            "g": {},
            "stack": [],
            "rng": _seed_words(seed),
            "script": list(dice or []),
            "result": None,
            "undo_side": None,
        })
        self.setup(st, scenario, st.setup["options"])
        st._advance()
        st.undo_stack.clear()
        return st

    def load_state(self, text: str | bytes) -> State:
        """Rebuild a state from ``State.to_json``, refusing a corrupt or tampered one with a ValueError that says
        what is wrong (its shape, its steps, dice and log, then the game's own ``check_state``)."""
        try:
            saved = _saved_decoder.decode(text)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise ValueError(f"not a saved {self.name} game: {exc}") from None
        if saved.game != self.name or saved.setup.game != self.name:
            raise ValueError(f"this state is of game {_show(saved.game)}, not {self.name!r}")
        doc = msgspec.json.decode(text)  # again as plain data: dicts keep their order, ints stay ints
        st = State(self)
        st.setup, st.log = doc["setup"], doc["log"]
        st.set_core(doc["core"])
        st.actions = [(a[0], a[1]) for a in doc["actions"]]
        st.undo_stack = list(saved.undo)
        self._check_saved(st)
        for i, snapshot in enumerate(st.undo_stack):
            try:
                back = _snapshot_decoder.decode(snapshot)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise ValueError(f"saved state: undo point {i + 1} is corrupt: {exc}") from None
            if back.nlog > len(st.log) or back.nact > len(st.actions):
                raise ValueError(f"saved state: undo point {i + 1} lies after the end of the game")
            undone = State(self)
            undone.setup, undone.log = st.setup, st.log[: back.nlog]
            undone.set_core(st._with_static(_unpack.decode(snapshot)["core"]))
            undone.actions = st.actions[: back.nact]
            self._check_saved(undone, f"undo point {i + 1}: ")
        return st

    def unpack(self, data: bytes) -> State:
        """The state ``State.pack`` made, as it was (trusted: not checked, unlike ``load_state``)."""
        doc = _unpack.decode(data)
        st = State(self)
        st.setup, st.log, st.undo_stack = doc["setup"], doc["log"], doc["undo"]
        st.set_core(doc["core"])
        st.actions = [(a[0], a[1]) for a in doc["actions"]]
        st._base = None if doc["base"] is None else (doc["base"][0], doc["base"][1])
        return st

    def _check_saved(self, st: State, where: str = "") -> None:
        """The checks every game shares, then ``check_state``; a position that still fails is refused."""
        setup, core = st.setup, st.core
        if setup["scenario"] not in self.scenarios():
            raise ValueError(f"saved state: {where}{self.name} has no scenario {_show(setup['scenario'])}")
        unknown = sorted(set(setup["options"]) - set(self.options))
        if unknown:
            raise ValueError(f"saved state: {where}{self.name} has no option {_show(unknown[0])}")
        for f in core["stack"]:
            if f.get("step") not in self.steps:
                raise ValueError(f"saved state: {where}unknown step {_show(f.get('step'))}")
        if (core["result"] is None) == (not core["stack"]):
            raise ValueError(f"saved state: {where}a game goes on while it has steps, and only then")
        if core["stack"] and hasattr(self.steps[core["stack"][-1]["step"]], "run"):
            raise ValueError(f"saved state: {where}the current step {core['stack'][-1]['step']!r} asks no one")
        if len(core["rng"]) != 4 or not all(0 <= w <= dice.M32 for w in core["rng"]) or not any(core["rng"]):
            raise ValueError(f"saved state: {where}the dice generator is not four 32-bit words, not all zero")
        if not all(1 <= d <= 6 for d in core["script"]):
            raise ValueError(f"saved state: {where}a scripted die is not between 1 and 6")
        sides = (None, *self.sides)
        if core["undo_side"] not in sides or any(e.get("to") not in sides or not set(e.get("not_to", ())) <= set(sides)
                                                 for e in st.log):
            raise ValueError(f"saved state: {where}a side that is not one of {', '.join(self.sides)}")
        try:
            self.check_state(st)
            if not st.over:
                st.active, st.prompt, st.legal_actions()
        except ValueError as exc:
            raise ValueError(f"saved state: {where}{exc}") from None
        except Exception as exc:
            raise ValueError(f"saved state: {where}the position is inconsistent ({type(exc).__name__}: "
                             f"{_show(str(exc))})") from None

    def check_state(self, st: State) -> None:
        """Raise ValueError if ``st.g`` is not a position of this game (a save loaded from outside)."""

    def replay(self, record: dict[str, Any]) -> State:
        """Re-run a game record and check its digests; see ``grognard.core.record``."""
        from grognard.core.record import replay

        return replay(self, record)


def _seed_words(seed: int) -> list[int]:
    return dice.seed_rng(seed)


class _Setup(msgspec.Struct):
    game: str
    scenario: str
    seed: int
    options: dict[str, bool]
    dice: list[int] | None


class _Core(msgspec.Struct):
    g: dict[str, Any]
    stack: list[dict[str, Any]]
    rng: list[int]
    script: list[int]
    result: dict[str, Any] | None
    undo_side: str | None


class _LogEntry(msgspec.Struct):
    text: str
    to: str | None = None


class _Saved(msgspec.Struct):
    """What ``State.to_json`` writes, typed so that a save of another shape is refused before it is used."""

    game: str
    setup: _Setup
    core: _Core
    log: list[_LogEntry]
    actions: list[tuple[str, Any]]
    undo: list[bytes]


class _Snapshot(msgspec.Struct):
    core: _Core
    nlog: int
    nact: int


# Built once, at import: msgspec builds a struct's decoding information lazily on its first use, and server threads
# doing that at the same time crashed the process (SIGSEGV, 1 burst in 15 of the kill -9 test); a Decoder builds it
# here, in one thread, and is safe to share between threads.
_saved_decoder = msgspec.json.Decoder(_Saved)
_snapshot_decoder = msgspec.msgpack.Decoder(_Snapshot)


class Roll(msgspec.Struct, frozen=True):
    """One logged die roll: the dice, the modifiers, the total and the table row read."""

    dice: tuple[int, ...]
    total: int
    row: str | None
    result: Any


class State:
    """One game position. Rules code reads and writes ``st.g`` and the frame stack."""

    __slots__ = ("_base", "_legal", "_views", "actions", "core", "derived", "g", "game", "log", "search", "setup",
                 "undo_stack")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.setup: dict[str, Any] = {}
        self.core: dict[str, Any] = {}
        # The game's own data (board, hands, tracks): ``core["g"]``, kept as an attribute because rules read it at
        # every turn (a property cost 3% of a random game); ``set_core`` keeps the two together.
        self.g: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.actions: list[Action] = []
        self.undo_stack: list[bytes] = []
        # The undo base: (number of actions, snapshot) of a position this state reached through ``apply``, from
        # which replaying the actions played since rebuilds any later one (``_rebuild``).
        self._base: tuple[int, bytes] | None = None
        # The legal actions of the current position, computed once: ``apply`` checks against the list the caller
        # just got instead of generating it again. Cleared by every change made through this class.
        self._legal: list[Action] | None = None
        self.search = False  # a search copy (``copy(for_search=True)``): no undo snapshots
        # The game's caches of values derived from ``core`` (indexes, cache keys), which its rules keep right by
        # writing through the game's setters. Emptied whenever ``core`` is replaced; shared by ``copy``, so the
        # game replaces a cached value and never mutates it in place.
        self.derived: dict[str, Any] = {}
        # ``log_for`` by side: (entries read, the last of them, the side's entries), kept while the log only grows
        # (``_log_view``); a search determinizes one state many times, and a long game's log holds thousands of lines.
        self._views: dict[str | None, tuple[int, dict[str, Any] | None, list[dict[str, Any]]]] = {}

    # -- the contract -----------------------------------------------------------------
    def set_core(self, core: dict[str, Any]) -> None:
        """Replace the whole position (``core``), keeping ``g`` its game data."""
        self.core = core
        self.g = core["g"]

    @property
    def over(self) -> bool:
        return self.core["result"] is not None

    @property
    def result(self) -> dict[str, Any] | None:
        result: dict[str, Any] | None = self.core["result"]
        return result

    @property
    def active(self) -> str | None:
        if self.over:
            return None
        step, f = self._decision()
        return step.actor(self, f)

    @property
    def prompt(self) -> str:
        if self.over:
            return "The game is over: " + str(self.core["result"].get("text", ""))
        step, f = self._decision()
        return step.prompt(self, f)

    @property
    def step(self) -> str | None:
        """Name of the current step, e.g. ``"battle.losses"``."""
        stack: list[Frame] = self.core["stack"]
        return str(stack[-1]["step"]) if stack else None

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return list(self._legal_list())

    def apply(self, action: Action | Sequence[Any], *, side: str | None = None, check: bool = True) -> None:
        """Carry out ``action`` for the side to act; refuse it with a reason otherwise (the state is then unchanged).

        ``side`` is who sends the action: one that is not to act is refused and told only whom the game waits for.
        Only the side to act, or a caller naming no side (trusted to act for it), is shown the legal actions in a
        refusal. The action must equal a legal one exactly, types included: ``False`` and ``0.0`` are not ``0``.

        ``check=False`` trusts the caller that ``action`` is one of ``legal_actions()`` (a search playing moves it
        drew from that list) and skips the test; an action that is not legal then has undefined effects.
        """
        if self.over:
            raise IllegalAction(f"The game is over; {_show(action)} cannot be played.")
        step, f = self._decision()
        actor = step.actor(self, f)
        if side is not None and side != actor:
            raise IllegalAction(f"{_show(action)} is refused: the side to act is {actor}, not {_show(side)}.")
        if check:
            legal = self._legal_list()
            found = _find(action, legal)
            if found is None:
                asked = self.game.redact_text(self, step.prompt(self, f), actor)
                why = f"{_show(action)} is not legal now: {actor} is asked to {_lower_first(asked)}"
                raise IllegalAction(why, list(legal))
            act = found
        else:
            act = (action[0], action[1])
        self._legal = None
        if self.search:
            # A search copy keeps no undo and is not rolled back: a legal action never raises, and a rules bug
            # that did would only spoil a copy the search throws away. ``undo_side`` is kept as below: it is part
            # of the digest.
            self.core["undo_side"] = actor
            self.actions.append(act)
            step.resolve(self, f, act)
            self._advance()
        else:
            self._apply_undoable(step, f, act, actor)
        self._legal = None  # whatever rules code may have asked in between
        if self.active != actor:
            self.commit()  # the other side now sees the outcome

    def _apply_undoable(self, step: Decision, f: Frame, act: Action, side: str) -> None:
        """Resolve ``act`` so that it can be undone, rolling the state back if it fails half-way.

        Most undo entries keep no snapshot: a position is put back by restoring the undo base (a snapshot of an
        earlier position this state reached through ``apply``) and replaying the actions played since, which play
        out the same, dice and draws included, since the generator is part of the state (``_rebuild``). A run of
        undoable actions starts with a new base only once the last is ``UNDO_BASE_EVERY`` actions behind, which
        bounds what an undo replays; packing the whole state for every run was a tenth of a random game's time.
        """
        undo_before = list(self.undo_stack)
        undo_side_before = self.core["undo_side"]
        nact = len(self.actions)
        entry = b""
        if (not undo_before or undo_side_before != side) and (self._base is None
                                                               or nact - self._base[0] >= UNDO_BASE_EVERY):
            entry = self._snapshot()
            self._base = (nact, entry)
        try:
            if undo_side_before != side:
                self.undo_stack.clear()
                self.core["undo_side"] = side
            self.undo_stack.append(entry)
            self.actions.append(act)
            step.resolve(self, f, act)
            self._advance()
        except BaseException:
            played = self.actions[:nact]
            if entry:
                self._restore(entry)
            else:
                self._rebuild(undo_before, nact, played)
            self.undo_stack = undo_before
            self.core["undo_side"] = undo_side_before
            raise

    def _rebuild(self, entries: list[bytes], target: int, played: list[Action]) -> None:
        """Put back the position after the first ``target`` actions of ``played`` (this game's actions): the latest
        snapshot before it, among the undo ``entries`` (those of the ``len(entries)`` positions ending just
        before ``target``) or else the undo base, then the actions from there on, replayed as ``apply`` played
        them."""
        start = target - len(entries)
        at, snapshot = next(((start + i, e) for i, e in reversed(list(enumerate(entries))) if e), (-1, b""))
        if not snapshot:
            if self._base is None or self._base[0] > target:
                raise RuntimeError("undo: no snapshot of an earlier position to replay from")
            at, snapshot = self._base
        self._restore(snapshot)
        for act in played[at:target]:
            self._replay(act)

    def _replay(self, act: Action) -> None:
        """Play again an action this state played before, changing the state (the undo side included, part of the
        digest) as ``apply`` did, but not the undo entries (the caller keeps them)."""
        step, f = self._decision()
        actor = step.actor(self, f)
        self.core["undo_side"] = actor
        self.actions.append(act)
        step.resolve(self, f, act)
        self._advance()
        if self.active != actor:
            self.core["undo_side"] = None  # as ``apply``'s commit

    def _undo_points(self) -> list[bytes]:
        """The undo snapshots in full, as saved states carry them: the empty entries rebuilt on a scratch copy."""
        if all(self.undo_stack):
            return list(self.undo_stack)
        start = len(self.actions) - len(self.undo_stack)
        scratch = self.copy()
        out: list[bytes] = []
        at = -1  # the position the scratch copy stands at
        for i, entry in enumerate(self.undo_stack):
            if not entry:
                if i == 0:
                    scratch._rebuild([], start, self.actions)
                else:
                    if at != start + i - 1:
                        scratch._restore(out[-1])
                    scratch._replay(self.actions[start + i - 1])
                entry = scratch._snapshot()
                at = start + i
            out.append(entry)
        return out

    def undo(self, *, side: str | None = None) -> None:
        """Take back the active side's last action of this turn, if nothing hidden was revealed since; ``side``, as
        for ``apply``, is who asks (only the side to act may)."""
        if side is not None and side != self.active:
            raise IllegalAction(f"Undo is refused: the side to act is {self.active}, not {_show(side)}.")
        if not self.undo_stack:
            raise IllegalAction(
                "Nothing to undo: the last action revealed a die roll or a card, "
                "or the other side has already seen it."
            )
        if self.undo_stack[-1]:
            self._restore(self.undo_stack.pop())
            return
        # Rebuilt on a scratch copy, which must then replay the action undone to this very state: a state changed
        # outside ``apply`` since its undo base (a test setting up a position by hand) is refused, not undone wrong.
        kept = self.undo_stack[:-1]
        target = len(self.actions) - 1
        scratch = self.copy()
        scratch._rebuild(kept, target, self.actions)
        snapshot = scratch._snapshot()
        scratch._replay(self.actions[target])
        if _pack.encode(scratch.core) != _pack.encode(self.core) or scratch.log != self.log:
            raise RuntimeError("undo: this state was changed outside apply since its undo base (a position set "
                               "up by hand), so replaying its actions does not lead back to it; nothing was undone")
        self._restore(snapshot)
        self.undo_stack = kept

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack)

    def view(self, side: str | None) -> dict[str, Any]:
        """What ``side`` may see (``None`` = spectator), JSON-able."""
        active = self.active
        if side is not None and side not in self.game.sides:
            raise ValueError(f"{self.game.name} has no side {_show(side)}; its sides: {', '.join(self.game.sides)}")
        return {
            "game": self.setup["game"],
            "scenario": self.setup["scenario"],
            "side": side,
            "active": active,
            "step": self.game.shown_step(self, side),
            "prompt": self.game.redact_text(self, self.prompt, side) if side == active or self.over
            else f"Waiting for {active}.",
            "legal": [list(a) for a in self.legal_actions()] if side == active and side is not None else [],
            "can_undo": self.can_undo and side == active,
            "over": self.over,
            "result": self.result,
            "board": self.game.public_view(self, side),
            "log": self.log_for(side),
        }

    def log_for(self, side: str | None) -> list[dict[str, Any]]:
        """The log entries ``side`` may read."""
        return list(self._log_view(side))

    def _log_view(self, side: str | None) -> list[dict[str, Any]]:
        """``log_for(side)`` as kept (never to be changed in place): the entries added since the last call are read,
        the whole log again only when it was cut back (an undo) since, which replaced the entry last read."""
        log, n = self.log, len(self.log)
        kept = self._views.get(side)
        if kept is not None and kept[0] <= n and (kept[0] == 0 or log[kept[0] - 1] is kept[1]):
            start, view = kept[0], kept[2]
            if start == n:
                return view
        else:
            start, view = 0, []
        view = view + [e for e in log[start:] if (e.get("to") is None or e.get("to") == side)
                       and side not in e.get("not_to", ())]
        self._views[side] = (n, log[-1] if log else None, view)
        return view

    def copy(self, *, for_search: bool = False) -> State:
        """An independent copy (the log is shared entry-wise: entries are never mutated).

        ``for_search=True``: a copy for an agent to play ahead on, which keeps no undo (no snapshot per action,
        ``can_undo`` False) and is not rolled back when an action fails half-way; it plays the same game, to the
        same digest, as the original would.
        """
        st = State(self.game)
        st.setup = self.setup
        st.set_core(self._copy_core())
        st.log = list(self.log)
        st._views = dict(self._views)  # the same entries: what was read of them holds for the copy
        st.actions = list(self.actions)
        st.search = for_search or self.search
        if not st.search:
            st.undo_stack = list(self.undo_stack)
            st._base = self._base
        st._legal = self._legal  # never mutated in place: shared until either state changes
        st.derived = dict(self.derived)
        return st

    def determinize(self, side: str, rng: random.Random) -> State:
        """A copy in which everything ``side`` cannot see is redrawn from ``rng``: the dice stream, the other
        hands and the draw piles (by the game), the log entries meant for others, and the undo snapshots and
        seed that would give them away. Agents search on these copies only (a search copy: no undo, see ``copy``)."""
        st = State(self.game)
        st.search = True
        st.setup = {**self.setup, "seed": None, "dice": None}
        st.set_core(self._copy_core())
        st.core["rng"] = [rng.getrandbits(32) for _ in range(4)]
        if not any(st.core["rng"]):
            st.core["rng"][0] = 1  # the all-zero state is a fixed point
        st.core["script"] = []
        st.core["undo_side"] = None
        st.log = self.log_for(side)
        st.actions = []
        self.game.resample_hidden(st, side, rng)
        return st

    def digest(self) -> str:
        """sha256 of the canonical state (set-up, game data, stack, dice, log)."""
        doc = {"setup": self.setup, "core": self.core, "log": self.log}
        return hashlib.sha256(_canonical.encode(doc)).hexdigest()

    def to_json(self) -> str:
        doc = {
            "game": self.setup["game"],
            "setup": self.setup,
            "core": self.core,
            "log": self.log,
            "actions": [list(a) for a in self.actions],
            "undo": self._undo_points(),
        }
        return _json.encode(doc).decode()

    def pack(self) -> bytes:
        """This state as compact bytes for ``Game.unpack``, to keep in memory (a server keeps many: bytes cost the
        garbage collector nothing, nested lists and dicts cost every full collection). Not a save format:
        ``to_json`` is."""
        doc = {"setup": self.setup, "core": self.core, "log": self.log, "actions": self.actions,
               "undo": self.undo_stack, "base": self._base}
        return _pack.encode(doc)

    def record(self) -> dict[str, Any]:
        """This game as a record: set-up and actions, with the final digest."""
        from grognard.core.record import make_record

        return make_record(self)

    # -- for rules code -----------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        f: Frame = self.core["stack"][-1]
        return f

    def push(self, step: str, **args: Any) -> Frame:
        """Call sub-step ``step``; it runs before the current step resumes."""
        if step not in self.game.steps:
            raise KeyError(f"unknown step {step!r}")
        f = {"step": step, **args}
        self.core["stack"].append(f)
        self._legal = None
        return f

    def pop(self, **ret: Any) -> Frame:
        """Finish the current step; keyword values are handed to the caller's frame."""
        f: Frame = self.core["stack"].pop()
        self._legal = None
        if ret and self.core["stack"]:
            self.core["stack"][-1].update(ret)
        return f

    def replace(self, step: str, **args: Any) -> Frame:
        """Finish the current step and continue with ``step`` in its place."""
        self.core["stack"].pop()
        return self.push(step, **args)

    def finish(self, winner: str | None, text: str, **extra: Any) -> None:
        """End the game: ``winner`` is a side or None for a draw."""
        self.core["result"] = {"winner": winner, "text": text, **extra}
        self.core["stack"].clear()

    def note(self, text: str, *, rule: str | None = None, to: str | None = None, **extra: Any) -> None:
        """Add a log line; ``to`` restricts it to one side (hidden information)."""
        entry: dict[str, Any] = {"text": text}
        if rule is not None:
            entry["rule"] = rule
        if to is not None:
            entry["to"] = to
        entry.update(extra)
        if self.game.redacts_log:
            self.log += self.game.log_entries(self, entry)
        else:
            self.log.append(entry)

    def roll(
        self,
        n: int,
        *,
        rule: str,
        why: str,
        mods: Iterable[tuple[str, int]] = (),
        table: Callable[[int], tuple[str, Any]] | None = None,
    ) -> Roll:
        """Roll ``n`` d6 for ``why`` under rule ``rule``, add ``mods``, read ``table``, log it all.

        ``table`` maps the modified total to (row label, result). A roll can never be undone.
        """
        rolled = tuple(dice.d6(self.core["rng"], self.core["script"]) for _ in range(n))
        mods = [(label, value) for label, value in mods if value]
        total = sum(rolled) + sum(v for _, v in mods)
        row, result = table(total) if table else (None, None)
        shown = "+".join(str(d) for d in rolled)
        mod_text = "".join(f" {v:+d} {label}" for label, v in mods)
        needs = _needs(n, total - sum(rolled), table)
        text = f"{why}{f', {needs}' if needs else ''}: rolled {shown}{mod_text} = {total}"
        text += f" → {row}" if row else ""
        self.note(text, rule=rule, dice=list(rolled), mods=[list(m) for m in mods], total=total, row=row, needs=needs)
        self.commit()
        return Roll(rolled, total, row, result)

    def randbelow(self, n: int) -> int:
        """A hidden random draw (cards, lots); it commits the turn like a die roll."""
        self.commit()
        return dice.below(self.core["rng"], n)

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle in place (Fisher-Yates on the game's generator)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def commit(self) -> None:
        """Something was revealed: undo may not go back past this point."""
        self.undo_stack.clear()
        self.core["undo_side"] = None

    # -- internals --------------------------------------------------------------------
    def _legal_list(self) -> list[Action]:
        """The cached legal list of the position (callers copy it before handing it out)."""
        if self._legal is None:
            step, f = self._decision()
            self._legal = step.choices(self, f)
        return self._legal

    def _decision(self) -> tuple[Decision, Frame]:
        # Between actions the top step is always a decision: ``_advance`` ran every automatic one.
        f: Frame = self.core["stack"][-1]
        return cast(Decision, self.game.steps[f["step"]]), f

    def _advance(self) -> None:
        """Run automatic steps until a decision is needed or the game ends."""
        for _ in range(MAX_AUTO_STEPS):
            if self.core["result"] is not None:
                return
            stack = self.core["stack"]
            if not stack:
                raise RuntimeError(f"{self.game.name}: the step stack emptied without a result")
            step = self.game.steps[stack[-1]["step"]]
            run = getattr(step, "run", None)
            if run is None:
                return
            run(self, stack[-1])
        raise RuntimeError(f"{self.game.name}: automatic steps did not stop at {self.step!r}")

    def _copy_core(self) -> dict[str, Any]:
        """A deep copy of ``core``, but for the game's static keys (shared: never changed) and its plain tables (copied
        by ``dict.copy``, several times faster than packing)."""
        core = self._with_static(_unpack.decode(_pack.encode(self._without_static(self.game.table_keys))))
        g, mine = core["g"], self.g
        for k, depth in self.game.table_keys.items():
            if k in g:
                table = mine[k]
                g[k] = table.copy() if depth == 1 else {key: row.copy() for key, row in table.items()}
        return core

    def _without_static(self, also: Iterable[str] = ()) -> dict[str, Any]:
        """``core`` with None for the game's static keys of ``g`` and ``also`` (same key order), to pack."""
        skip = self.game.static_keys.union(also)
        if not skip:
            return self.core
        g = self.core["g"]
        return {**self.core, "g": {k: None if k in skip else v for k, v in g.items()}}

    def _with_static(self, core: dict[str, Any]) -> dict[str, Any]:
        """An unpacked ``core`` given back this state's static values (shared: they never change)."""
        g, mine = core["g"], self.core["g"]
        for k in self.game.static_keys:
            if k in g:
                g[k] = mine[k]
        return core

    def _snapshot(self) -> bytes:
        # without the static keys: they never change, so ``_restore`` gives back this state's own
        return _pack.encode({"core": self._without_static(), "nlog": len(self.log), "nact": len(self.actions)})

    def _restore(self, snapshot: bytes) -> None:
        doc = _unpack.decode(snapshot)
        self.set_core(self._with_static(doc["core"]))
        self._legal = None
        self.derived = {}
        del self.log[doc["nlog"] :]
        del self.actions[doc["nact"] :]



def _find(action: object, legal: list[Action]) -> Action | None:
    """The legal action ``action`` names, compared with exact types (``True == 1`` and ``3.0 == 3`` in Python); None
    for anything else, a malformed action included."""
    for a in legal:
        if a is action:  # an action taken from the list (an agent's): found without comparing
            return a
    if not isinstance(action, (tuple, list)) or len(action) != 2 or type(action[0]) is not str:
        return None
    verb, arg = action
    kind = type(arg)
    for a in legal:
        if a[0] == verb and type(a[1]) is kind and a[1] == arg:
            return a
    return None


_short = reprlib.Repr()
_short.maxstring = _short.maxother = 60


def _show(value: object) -> str:
    """A short repr of what a caller sent, safe for any input (a huge int has no repr in Python 3.11)."""
    try:
        return _short.repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


def _needs(n: int, mod: int, table: Callable[[int], tuple[str, Any]] | None) -> str | None:
    """What a one-die roll needed, read off its own table over the six faces (so it can never disagree with the
    rule): "needs 5+ (arrives)" for a pass/fail test, the totals of each row otherwise. Totals include the
    modifiers ``mod``. Several dice (the combat table) are read by row only."""
    if table is None or n != 1:
        return None
    faces = [(d + mod, *table(d + mod)) for d in range(1, 7)]
    if all(isinstance(result, bool) for _, _, result in faces):
        wins = [total for total, _, result in faces if result]
        if not wins:
            return "no roll can succeed"
        if len(wins) == len(faces):
            return "any roll succeeds"
        row = next(r for _, r, result in faces if result)
        if wins == [x for x, _, _ in faces[-len(wins):]]:
            return f"needs {wins[0]}+ ({row})"
        if wins == [x for x, _, _ in faces[: len(wins)]]:
            return f"needs {wins[-1]} or less ({row})"
        return f"needs {', '.join(map(str, wins))} ({row})"
    spans: list[list[Any]] = []  # [first total, last total, row]
    for total, row, _ in faces:
        if spans and spans[-1][2] == row:
            spans[-1][1] = total
        else:
            spans.append([total, total, row])
    if len(spans) == 1:
        return f"any roll gives {spans[0][2]}"
    heads = {str(row).rpartition(": ")[0] for _, _, row in spans}
    head = heads.pop() if len(heads) == 1 else ""  # rows of one table column: name the column once
    cut = len(head) + 2 if head else 0
    ranges = "; ".join(f"{a}{'' if a == b else f'-{b}'} → {str(row)[cut:]}" for a, b, row in spans)
    return f"table{' ' + head if head else ''}: {ranges}"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]
