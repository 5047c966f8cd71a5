"""`flask restore --replace --group` while a phone saves: the save lands in the game it was
meant for or nowhere, never in a restored game that got the same id."""

import json
import os
import subprocess
import sys
import threading

from sqlalchemy import create_engine, text

from tests.conftest import GROUP
from tests.server.conftest import ROOT, Phone, Server
from tests.server.races import build_games, round_form, skyjo_round

RESTORES = 5


def only_game(url):
    """The restored game's id (SQLite gives it the old one, PostgreSQL a new one)."""
    engine = create_engine(url)
    with engine.connect() as connection:
        (game_id,) = connection.execute(text("select id from game")).scalars().all()
    engine.dispose()
    return game_id


def test_a_save_sent_during_a_restore_never_lands_in_a_restored_game(tmp_path):
    built = build_games(tmp_path, 1)
    game = built["games"][0]
    backup = tmp_path / "backup.json"
    env = {**os.environ, "DATABASE_URL": built["url"], "COMPANION_SECRET_KEY": "test"}
    flask = [sys.executable, "-m", "flask", "--app", "app"]
    # the test table's group only: its phones stay in it through the restores
    group = ["--group", str(GROUP)]
    subprocess.run([*flask, "backup", str(backup), *group], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=120)
    stored = json.loads(backup.read_text())["nights"][0]["games"][0]["entries"]
    server = Server(built["url"], workers=3).start()
    try:
        phone = Phone(server.base)
        csrf = phone.token("/nights/new")
        for attempt in range(RESTORES):
            shown = phone.http.get(f"{server.base}/games/{game['id']}/sheet.json", timeout=10)
            version = shown.json()["version"]
            go = threading.Barrier(2)
            answers = []

            def save():
                go.wait(timeout=10)
                for score in range(20):
                    answers.append(phone.post(f"/games/{game['id']}/entries", round_form(
                        game, version, skyjo_round(2, 3 + score)), csrf).status_code)

            saver = threading.Thread(target=save)
            saver.start()
            go.wait(timeout=10)
            restored = subprocess.run([*flask, "restore", "--replace", *group, str(backup)], cwd=ROOT,
                                      env=env, capture_output=True, text=True, timeout=120)
            saver.join(timeout=120)
            assert not saver.is_alive(), f"saves still going 120 s after the restore {attempt}"
            assert restored.returncode == 0, restored.stderr[-2000:]
            # every save was answered: a save that raised would leave fewer
            assert len(answers) == 20, answers
            # saved before the restore, refused after it, or its game is gone (before the
            # save read it: 404; while the save changed it: 410, "deleted on another phone")
            assert set(answers) <= {302, 404, 409, 410}, (answers, server.errors()[-4000:])
            # the game now on the server is the restored one: no save from before is in it
            game["id"] = only_game(built["url"])
            after = phone.http.get(f"{server.base}/games/{game['id']}/sheet.json", timeout=10)
            assert after.json()["entries"] == stored, attempt
    finally:
        server.kill()
