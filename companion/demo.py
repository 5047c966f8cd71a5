"""Sample data for trying the app: months of game nights with a dozen regular players.

Every game is played move by move through its rules (see demo_play), replayed once
more for what it means (companion/outcome.py, as every change to a game), and written in
bulk, a batch of nights per transaction, so `--nights 5000` (about 20,000 games) takes a
minute or two.
"""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta, timezone
from . import records, services
from .services import groups
from .services.roster import recount_nights
from .restore import is_empty
from .demo_play import options_for, play
from .extensions import db
from .models import ABANDONED, IN_PROGRESS, Entry, Game, Night, Seat, night_players
from .outcome import derive
from .rules import GAMES

PLAYERS = ["Marta", "Tomasz", "Ben", "Chloé", "Sam", "Priya",
           "Jonas", "Lucía", "Olek", "Hannah", "Kenji", "Siobhán O'Neill"]
# how often each player comes: the regulars first
TURNOUT = [9, 9, 8, 7, 6, 6, 5, 4, 4, 3, 2, 2]
TITLES = ["At Marta's", "Friday games", "Skyjo rematch", "Birthday night", "Rainy Sunday",
          "Cabin weekend", "After work", "Board & cards", "New Year's warm-up", "At Ben's",
          "Quiet one", "Cards & curry"]
BATCH = 250


# the group the sample data goes into, a new one each time
DEMO_GROUP = "Demo game nights"


class DemoError(Exception):
    pass


def generate(nights: int = 40, seed: int | None = None, today: date | None = None,
             group_id: int | None = None) -> dict:
    """Fill a new group (or `group_id`, which must be empty); the newest night is today,
    with a game still going."""
    if group_id is None:
        group_id = groups.new_group(DEMO_GROUP).id
    elif not is_empty(group_id):
        raise DemoError("That group is not empty: the demo only fills an empty one.")
    rng = random.Random(seed)
    today = today or date.today()
    players = [services.get_or_create_player(group_id, name) for name in PLAYERS]
    ids = {p.name: p.id for p in players}
    db.session.commit()
    days = night_dates(nights, today, rng)
    games = 0
    for start in range(0, nights, BATCH):
        games += write_batch([plan_night(day, rng, last=(n == nights - 1))
                              for n, day in enumerate(days[start:start + BATCH], start)],
                             ids, group_id)
        db.session.commit()
    records.rebuild_all(group_id)
    recount_nights(group_id)
    db.session.commit()
    return {"group": group_id, "players": len(players), "nights": nights, "games": games}


def night_dates(count: int, today: date, rng: random.Random) -> list[date]:
    """Oldest first, ending today: a night every few days, several a day for big runs."""
    span = max(180, min(count * 4, 3650))
    gap = span / max(count, 1)
    days, day = [], today
    for _ in range(count):
        days.append(day)
        day -= timedelta(days=round(rng.uniform(0.4, 1.6) * gap))
    return days[::-1]


def plan_night(day: date, rng: random.Random, last: bool) -> dict:
    came = sorted(set(rng.choices(PLAYERS, weights=TURNOUT, k=rng.randint(5, 9))),
                  key=PLAYERS.index)
    while len(came) < 4:
        came.append(next(p for p in PLAYERS if p not in came))
    count = rng.randint(2, 6)
    games = [plan_game(came, rng, going=last and n == count - 1) for n in range(count)]
    title = rng.choice(TITLES) if rng.random() < 0.6 else None
    return {"date": day, "title": title, "came": came, "games": games}


def plan_game(came: list[str], rng: random.Random, going: bool) -> dict:
    kind = rng.choice([k for k, rules in GAMES.items() if rules.min_players <= len(came)])
    rules = GAMES[kind]
    count = rng.randint(rules.min_players, min(rules.max_players, len(came)))
    options = {**rules.default_options, **options_for(kind, count, rng)}
    low, high = rules.player_range(options)
    seated = rng.sample(came, max(low, min(high, count)))
    abandoned = not going and rng.random() < 0.05
    stop = rng.randint(1, 4) if going or abandoned else None
    entries = play(kind, seated, options, rng, stop_after=stop)
    # the rules check the whole game once more, as the app does when it loads a sheet
    sheet = GAMES[kind].replay(seated, options, entries)
    if stop is not None and sheet.finished:
        # it ended before the stop: one entry less leaves it unfinished
        sheet = GAMES[kind].replay(seated, options, entries[:-1])
        entries.pop()
    outcome = derive(sheet, ABANDONED if abandoned and not sheet.finished else IN_PROGRESS)
    return {"kind": kind, "options": options, "players": seated,
            # stored as the app stores them: naming seats
            "entries": [GAMES[kind].relabel(doc, {name: str(seat) for seat, name in
                                                  enumerate(seated)}) for doc in entries],
            "outcome": outcome}


def write_batch(planned: list[dict], ids: dict[str, int], group_id: int) -> int:
    """Insert a batch of planned nights with one statement per table."""
    evenings = [datetime.combine(n["date"], time(19, 0), tzinfo=timezone.utc) for n in planned]
    night_ids = db.session.scalars(
        db.insert(Night).returning(Night.id, sort_by_parameter_order=True),
        [{"group_id": group_id, "date": n["date"], "title": n["title"], "created_at": at}
         for n, at in zip(planned, evenings)]).all()
    db.session.execute(night_players.insert(), [
        {"night_id": nid, "player_id": ids[name]}
        for nid, n in zip(night_ids, planned) for name in n["came"]])
    rows, stamps = [], []
    for nid, n, evening in zip(night_ids, planned, evenings):
        for number, g in enumerate(n["games"]):
            began = evening + timedelta(minutes=40 * number)
            stamps.append(began)
            outcome = g["outcome"]
            rows.append({"night_id": nid, "kind": g["kind"], "options": g["options"],
                         "group_key": GAMES[g["kind"]].group(g["options"]),
                         "status": outcome.status, "summary": outcome.summary,
                         "entry_count": outcome.entry_count, "created_at": began})
    game_ids = db.session.scalars(
        db.insert(Game).returning(Game.id, sort_by_parameter_order=True), rows).all()
    games = [g for n in planned for g in n["games"]]
    db.session.execute(db.insert(Seat), [
        {"game_id": gid, "seat": seat, "player_id": ids[name], "total": total, "won": won}
        for gid, g in zip(game_ids, games)
        for seat, (name, (total, won)) in enumerate(zip(g["players"], g["outcome"].seats))])
    entries = [{"game_id": gid, "position": i, "doc": doc, "created_at": at}
               for gid, g, at in zip(game_ids, games, stamps) for i, doc in enumerate(g["entries"])]
    if entries:
        db.session.execute(db.insert(Entry), entries)
    return len(games)
