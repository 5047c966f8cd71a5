"""Scripts and stylesheets are served minified, revalidated by their digest."""

from pathlib import Path

import pytest

STATIC = Path(__file__).parents[2] / "static"


@pytest.mark.parametrize("name", ["js/app.js", "js/live.js", "css/app.css"])
def test_scripts_and_stylesheets_come_without_their_comments(client, name):
    source = (STATIC / name).read_text()
    response = client.get(f"/static/{name}")
    served = response.get_data(as_text=True)
    assert response.status_code == 200 and len(served) < 0.8 * len(source)
    assert "/*" not in served and "\n  //" not in served
    assert response.mimetype == ("text/javascript" if name.endswith(".js") else "text/css")
    again = client.get(f"/static/{name}", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_what_a_script_does_is_kept(client):
    served = client.get("/static/js/live.js").get_data(as_text=True)
    assert 'headers:{"If-None-Match":' in served and "EVERY=1500" in served.replace(" ", "")


@pytest.mark.parametrize("path", ["/static/js/none.js", "/static/../companion/assets.py",
                                  "/static/%2e%2e/app.py"])
def test_no_other_file_is_served(client, path):
    assert client.get(path).status_code == 404


def test_other_static_files_are_served_as_they_are(client):
    icon = client.get("/static/icons/icon.svg")
    assert icon.status_code == 200 and icon.data == (STATIC / "icons/icon.svg").read_bytes()
