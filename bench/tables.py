"""The demo histories the benchmarks serve, and tonight's table set in a copy of one."""

import datetime
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from sqlalchemy import create_engine, text

from bench.load import ScoreEntry, first_group, invite_path

ROOT = Path(__file__).parents[1]
DATA = ROOT / "bench" / "data"
SIZES = {"small": 50, "large": 5000}


def build(nights):
    """The demo database with this many nights, in its one group (issue 18), made once and
    kept in bench/data."""
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"group-nights-{nights}.sqlite"
    if not path.exists():
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "COMPANION_SECRET_KEY": "bench"}
        subprocess.run([sys.executable, "-m", "flask", "--app", "app", "demo", "--nights",
                        str(nights), "--seed", "1"], cwd=ROOT, env=env, check=True)
    return path


def targets(url):
    """The history pages to measure in one database (its one group's)."""
    engine = create_engine(url)
    with engine.begin() as db:
        night = db.execute(text("select night_id from game group by night_id "
                                "order by count(*) desc, night_id desc limit 1")).scalar()
        player = db.execute(text("select player_id from seat group by player_id "
                                 "order by count(*) desc limit 1")).scalar()
        names = db.execute(text("select name from player order by id limit 4")).scalars().all()
    engine.dispose()
    pages = {"home": "/", "night": f"/nights/{night}", "history": "/history",
             "player": f"/players/{player}"}
    return pages, names


def tonight(url, names, group_id):
    """Tonight's table: a game of each kind in the registry played to mid-game (its pad's
    MID_GAME), and a game for score entry, at mid-game too (the scenario ScoreEntry plays).
    Returns the pads to measure and the score-entry game."""
    from companion import create_app, services
    from companion.demo_play import play
    from companion.extensions import db
    from companion.kinds.registry import KINDS

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    pads = {}
    with app.app_context():
        night = services.start_night(group_id, datetime.date.today(), "Benchmark table")
        players = [services.find_player(group_id, name) for name in names]
        for kind, pad in KINDS.items():
            game = services.start_game(night, kind, players, {})
            entries = play(kind, names, game.options, random.Random(1), stop_after=pad.mid_game)
            for doc in entries:
                services.add_entry(game, doc, game.version)
            pads[f"pad {kind}"] = f"/games/{game.id}"
        # the score-entry game at mid-game too, as a table has it (its pad's MID_GAME)
        scoring = services.start_game(night, ScoreEntry.KIND, players, ScoreEntry.OPTIONS)
        for doc in play(ScoreEntry.KIND, names, scoring.options, random.Random(2),
                        stop_after=KINDS[ScoreEntry.KIND].mid_game):
            services.add_entry(scoring, doc, scoring.version)
        db.session.commit()
        scoring_id = scoring.id
        db.engine.dispose()
    return pads, scoring_id


def prepare(name, nights, stack):
    """A working copy of the database of this size, with tonight's table set:
    its pages, the score-entry game, the players' names and the group's invite path."""
    work = Path(tempfile.mkdtemp(prefix=f"bench-{name}-"))
    stack.callback(shutil.rmtree, work)
    copy = work / "db.sqlite"
    shutil.copy(build(nights), copy)
    url = f"sqlite:///{copy}"
    pages, names = targets(url)
    group_id = first_group(url)
    pads, game_id = tonight(url, names, group_id)
    return url, {**pages, **pads}, game_id, names, invite_path(url, group_id)
