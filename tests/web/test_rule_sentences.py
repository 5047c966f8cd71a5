"""The rules' refusals in each language (issue 19): a sample of every kind, said by the app
in the reader's language with the players' names and numbers in their places, while
`str(error)` stays the English sentence. Expected sentences are the catalogs' as a reader
would read them, written out here."""

from __future__ import annotations

import re

import pytest

from companion.i18n import sentence
from companion.rules import GAMES, RuleError

from .conftest import parse, version

SAMPLES = {
    "skyjo score": ("skyjo", ["Ann", "Ben"], [
        {"finisher": "Ann", "hands": {"Ann": {"score": 999}, "Ben": {"score": 1}}}]),
    "skyjo grid": ("skyjo", ["Ann", "Ben"], [
        {"finisher": "Ann", "hands": {"Ann": {"grid": [12] * 12}, "Ben": {"score": 1}}}]),
    # a count with Polish "many" and Latvian "zero" forms (12), then "few"/"other" (24)
    "skull bid, 3 players": ("skull", ["Ann", "Ben", "Cid"], [
        {"challenger": "Ann", "bid": 99, "outcome": "success"}]),
    "skull bid, 6 players": ("skull", ["Ann", "Ben", "Cid", "Dora", "Eve", "Finn"], [
        {"challenger": "Ann", "bid": 99, "outcome": "success"}]),
    "skull setup": ("skull", ["Ann", "Ben"], []),
    "dice poker score": ("dice_poker", ["Ann", "Ben"], [
        {"player": "Ann", "row": "1", "score": 7}]),
    "cards points": ("cards_500", ["Ann", "Ben", "Cid", "Dora"], [
        {"out": "Ann", "hands": {"Ben": {"points": 3}, "Cid": {"points": 5},
                                 "Dora": {"points": 5}}}]),
    # a list of players joined with the language's "and"
    "cards jokers": ("cards_500", ["Ann", "Ben", "Cid", "Dora"], [
        {"out": "Ann", "hands": {"Ben": {"jokers": 5}, "Cid": {"jokers": 5},
                                 "Dora": {"points": 5}}}]),
    "any game missing": ("any_game", ["Ann", "Ben"], [{"scores": {"Ann": 1}}]),
}

SAID = {
    "skyjo score": {
        "en": "Ann's score of 999 is more than a Skyjo hand can hold (140 at most).",
        "et": "Ann: 999 punkti on rohkem, kui Skyjo käsi saab anda (kõige rohkem 140).",
        "pl": "Wynik gracza Ann (999) jest wyższy, niż pozwala wystawa Skyjo (najwyżej 140).",
        "lv": "Spēlētāja Ann punkti (999) ir lielāki, nekā Skyjo iespējams (ne vairāk kā 140).",
    },
    "skyjo grid": {
        "en": "Ann's grid holds 12 cards of 12; the deck has 10.",
        "et": "Mängija Ann ruudustikus on 12 kaarti väärtusega 12; pakis on neid 10.",
        "pl": "Wystawa gracza Ann ma 12 kart o wartości 12; w talii jest ich 10.",
        "lv": "Spēlētāja Ann režģī ir 12 kārtis ar 12; kavā tādu ir 10.",
    },
    "skull bid, 3 players": {
        "en": "A bid of 99 is more than the 12 cards on the mats.",
        "et": "Panus 99 on suurem kui mattidel olevad 12 kaarti.",
        "pl": "Zakład 99 przekracza liczbę kart na podkładkach (12).",
        "lv": "Likme 99 pārsniedz 12 kārtis uz paliktņiem.",
    },
    "skull bid, 6 players": {
        "en": "A bid of 99 is more than the 24 cards on the mats.",
        "et": "Panus 99 on suurem kui mattidel olevad 24 kaarti.",
        "pl": "Zakład 99 przekracza liczbę kart na podkładkach (24).",
        "lv": "Likme 99 pārsniedz 24 kārtis uz paliktņiem.",
    },
    "skull setup": {
        "en": "Skull needs 3 to 6 players, not 2.",
        "et": "Kolju vajab 3 kuni 6 mängijat, mitte 2.",
        "pl": "Skull: potrzeba od 3 do 6 graczy, a nie 2.",
        "lv": "Spēlei Skull vajadzīgi 3–6 spēlētāji, nevis 2.",
    },
    "dice poker score": {
        "en": "Ann cannot score 7 in row 1: it takes -3, -2, -1, 0, 1 or 2.",
        "et": "Ann: rida 1 ei saa anda 7 punkti: võimalik on -3, -2, -1, 0, 1 või 2.",
        "pl": "Ann: wiersz 1 nie może dać 7 pkt, tylko -3, -2, -1, 0, 1 lub 2.",
        "lv": "Ann nevar iegūt 7 rindā „Vieninieki”: iespējams tikai -3, -2, -1, 0, 1 vai 2.",
    },
    "cards points": {
        "en": "Ben cannot score 3: a hand still holding cards scores at least 5.",
        "et": "Ben ei saa saada 3 punkti: käsi, milles on veel kaarte, annab vähemalt 5.",
        "pl": "Ben nie może mieć 3 pkt: ręka z kartami to co najmniej 5.",
        "lv": "Ben nevar iegūt 3: ja rokā vēl ir kārtis, punktu ir vismaz 5.",
    },
    "cards jokers": {
        "en": "Ben and Cid hold 10 jokers between them; four decks have 8.",
        "et": "Ben ja Cid hoiavad kokku 10 jokkerit; neljas pakis on neid 8.",
        "pl": "Ben i Cid mają razem jokery: 10; cztery talie mają ich 8.",
        "lv": "Spēlētājiem Ben un Cid kopā ir 10 džokeri; četrās kavās tādu ir 8.",
    },
    "any game missing": {
        "en": "Ben's points are missing from this round.",
        "et": "Mängija Ben punktid puuduvad selles voorus.",
        "pl": "W tej rundzie brakuje punktów gracza Ben.",
        "lv": "Šajā kārtā trūkst spēlētāja Ben punktu.",
    },
}


def refusal(sample):
    kind, players, entries = SAMPLES[sample]
    with pytest.raises(RuleError) as caught:
        GAMES[kind].replay(players, {}, entries)
    return caught.value


@pytest.mark.parametrize("lang", ["en", "et", "pl", "lv"])
@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_a_refusal_is_said_in_the_reader_s_language(app, sample, lang):
    error = refusal(sample)
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert sentence(error) == SAID[sample][lang]
    # the rules themselves keep their English sentence
    assert str(error) == SAID[sample]["en"]


@pytest.mark.parametrize("lang, said", [
    ("et", "Ann: 999 punkti on rohkem, kui Skyjo käsi saab anda (kõige rohkem 140)."),
    ("pl", "Wynik gracza Ann (999) jest wyższy, niż pozwala wystawa Skyjo (najwyżej 140)."),
    ("lv", "Spēlētāja Ann punkti (999) ir lielāki, nekā Skyjo iespējams (ne vairāk kā 140)."),
])
def test_the_pad_shows_the_refusal_beside_its_field_in_the_phone_s_language(
        client, start_game, lang, said):
    game = start_game("skyjo", ["Ann", "Ben"])
    client.set_cookie("lang", lang)
    answer = client.post(f"/games/{game}/entries", data={
        "version": version(client, game), "finisher": "Ann", "score_0": "999",
        "score_1": "1"})
    assert answer.status_code == 422
    page = parse(answer)
    assert page.one("html").get("lang") == lang
    assert said in re.sub(r"\s+", " ", page.text)
    # what was typed comes back
    assert page.one('input[name="score_0"]').get("value") == "999"
