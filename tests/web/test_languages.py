"""Which language a phone gets, the switch on every page, and numbers and dates in each
language (issue 19). Expected texts are written out by hand from CLDR's forms."""

from __future__ import annotations

import re
from datetime import date

import pytest

from companion import i18n

from .conftest import parse, select


def html_lang(answer):
    return parse(answer).one("html").get("lang")


@pytest.mark.parametrize("header, lang", [
    ("et-EE,et;q=0.9,en;q=0.5", "et"),
    ("pl-PL,pl;q=0.9", "pl"),
    ("lv", "lv"),
    ("de-DE,de;q=0.9", "en"),          # not one of ours: English
    ("fr;q=0.9,lv;q=0.5", "lv"),       # the best of the phone's that the app has
    ("", "en"),
])
def test_the_phone_s_languages_choose_the_page_s_language(client, header, lang):
    answer = client.get("/nights/", headers={"Accept-Language": header})
    assert answer.status_code == 200 and html_lang(answer) == lang
    assert "Accept-Language" in answer.headers["Vary"]


def test_the_switch_is_on_every_page_and_remembers_the_choice(client):
    page = client.get("/players/", headers={"Accept-Language": "et"})
    switch = {a.get("lang"): a.get("href") for a in select(page, "footer nav a[hreflang]")}
    assert set(switch) == {"en", "et", "pl", "lv"}
    # each language by its own name, marked as in that language
    names = {a.get("lang"): a.text for a in select(page, "footer nav a[hreflang]")}
    assert names == {"en": "English", "et": "Eesti", "pl": "Polski", "lv": "Latviešu"}
    current = [a.get("lang") for a in select(page, "footer nav a[aria-current]")]
    assert current == ["et"]
    moved = client.get(switch["pl"], headers={"Accept-Language": "et"})
    assert moved.status_code == 303 and moved.location == "/players/"
    cookie = moved.headers["Set-Cookie"]
    assert cookie.startswith("lang=pl;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    # the cookie outranks the phone's languages, on every later page
    for path in ("/players/", "/nights/", "/history", "/group"):
        answer = client.get(path, headers={"Accept-Language": "et"}, follow_redirects=True)
        assert html_lang(answer) == "pl", path


def test_the_switch_goes_back_to_the_page_with_its_query(client):
    answer = client.get("/language/lv?next=/history?page=2")
    assert answer.status_code == 303 and answer.location == "/history?page=2"


@pytest.mark.parametrize("target", ["https://elsewhere.example/", "//elsewhere.example/",
                                    "/\\elsewhere.example", "javascript:alert(1)", ""])
def test_the_switch_never_sends_a_phone_elsewhere(client, target):
    answer = client.get("/language/et", query_string={"next": target})
    assert answer.status_code == 303 and answer.location == "/"


@pytest.mark.parametrize("code", ["de", "EN", "e", "x" * 300, "%00"])
def test_a_language_the_app_does_not_have_is_not_found(client, code):
    answer = client.get(f"/language/{code}")
    assert answer.status_code == 404 and "Set-Cookie" not in answer.headers


def test_a_cookie_for_a_language_the_app_does_not_have_is_ignored(client):
    client.set_cookie("lang", "de")
    assert html_lang(client.get("/nights/", headers={"Accept-Language": "lv"})) == "lv"


def test_the_start_page_and_the_error_pages_take_the_language_too(app):
    stranger = app.test_client(joined=False)
    assert html_lang(stranger.get("/", headers={"Accept-Language": "et"})) == "et"
    missing = stranger.get("/nowhere", headers={"Accept-Language": "pl"})
    assert missing.status_code == 404 and html_lang(missing) == "pl"


def test_the_manifest_is_in_the_phone_s_language(client):
    english = client.get("/manifest.webmanifest").get_json()
    latvian = client.get("/manifest.webmanifest", headers={"Accept-Language": "lv"}).get_json()
    assert english["lang"] == "en" and latvian["lang"] == "lv"
    assert english["name"] == "Game-night companion"
    assert latvian["name"] != english["name"]
    assert latvian["icons"] == english["icons"] and latvian["start_url"] == "/"


def test_a_pad_cached_in_one_language_is_not_revalidated_in_another(client, start_game):
    game_id = start_game("skyjo", ["Ann", "Ben"])
    first = client.get(f"/games/{game_id}")
    tag = first.headers["ETag"]
    assert client.get(f"/games/{game_id}", headers={"If-None-Match": tag}).status_code == 304
    client.set_cookie("lang", "et")
    again = client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
    assert again.status_code == 200 and html_lang(again) == "et"


# ---- numbers, dates and lists, by hand from CLDR ----------------------------------------

DAY = date(2026, 12, 1)


@pytest.mark.parametrize("lang, long_date, weekday_date, listed, half, negative", [
    ("en", "1 Dec 2026", "Tue 1 Dec 2026", "Ann, Ben and Cid", "+12.5", "-3.5"),
    ("et", "1. detsember 2026", "1. detsember 2026", "Ann, Ben ja Cid", "+12,5", "-3,5"),
    ("pl", "1 grudnia 2026", "1 grudnia 2026", "Ann, Ben i Cid", "+12,5", "-3,5"),
    ("lv", "2026. gada 1. decembris", "2026. gada 1. decembris", "Ann, Ben un Cid", "+12,5",
     "-3,5"),
])
def test_numbers_dates_and_lists_are_written_as_each_language_writes_them(
        app, lang, long_date, weekday_date, listed, half, negative):
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert i18n.day(DAY) == long_date
        assert i18n.day(DAY, "weekday") == weekday_date
        assert i18n.and_list(["Ann", "Ben", "Cid"]) == listed
        assert i18n.signed(12.5) == half and i18n.signed(-3.5) == negative
        assert i18n.points(120) == "120" and i18n.points(1234) == "1234"
        assert i18n.signed(0) == "0"


@pytest.mark.parametrize("lang, weekday", [("et", "teisipäev"), ("pl", "wtorek"),
                                           ("lv", "otrdiena")])
def test_the_long_date_names_the_weekday(app, lang, weekday):
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert re.match(weekday, i18n.day(DAY, "long"))


@pytest.mark.parametrize("kind, label", [
    ("skyjo", "Ben, rida 1, veerg 1"),       # a card of Ben's grid
    ("skull", "☠ Mängija Ben kolju"),        # a challenge ended on Ben's skull
])
def test_a_pad_opened_in_english_first_is_all_estonian_for_an_estonian_phone(
        client, app, start_game, kind, label):
    """The pads' forms are built once per seating and language: a form built for an
    English page must not lend its English labels to an Estonian one."""
    game = start_game(kind, ["Ann", "Ben", "Cid"])
    client.get(f"/games/{game}")
    estonian = app.test_client()
    estonian.set_cookie("lang", "et")
    labels = {element.get("aria-label") for element in select(estonian.get(f"/games/{game}"),
                                                                "[aria-label]")}
    labels |= {element.text for element in select(estonian.get(f"/games/{game}"), "label")}
    assert label in labels


def test_a_template_s_messages_keep_their_markup_and_escape_their_places(app):
    # the app's own template callables (i18n.template_gettext and kin), in every form a
    # template uses: _() with a place, a {% trans %} block, ngettext, pgettext, and "%%"
    source = ('{% trans group=name %}<strong>{{ group }}</strong> (shown now){% endtrans %}|'
              '{{ _("%(page)s · Companion", page=name) }}|'
              '{{ ngettext("%(num)d night", "%(num)d nights", 2) }}|'
              '{{ pgettext("card", "Skull") }}|{{ _("100%%") }}')
    with app.test_request_context("/", headers={"Accept-Language": "et"}):
        html = app.jinja_env.from_string(source).render(name="<i>Tom & Jerry</i>")
    assert html == ("<strong>&lt;i&gt;Tom &amp; Jerry&lt;/i&gt;</strong> (praegu näidatud)|"
                    "&lt;i&gt;Tom &amp; Jerry&lt;/i&gt; · Companion|2 õhtut|Kolju|100%")


def test_a_template_s_message_may_name_its_places_as_jinja_s_own_callables_do(app):
    # a message without places keeps its markup; the places "num", "context" and
    # "string" are the template's, whatever the callables call their own parameters
    source = ('{% trans %}Ask someone in the group to open <strong>Group</strong>{% endtrans %}|'
              '{{ ngettext("%(num)s night", "%(num)s nights", 2, num="two") }}|'
              '{{ _("%(string)s!", string="<b>") }}|'
              '{{ npgettext("card", "%(num)d Skull", "%(num)d Skulls", 3) }}')
    with app.test_request_context("/"):
        html = app.jinja_env.from_string(source).render()
    assert html == ("Ask someone in the group to open <strong>Group</strong>|two nights|"
                    "&lt;b&gt;!|3 Skulls")
