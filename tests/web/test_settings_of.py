"""A new game can start from the settings of an earlier one of its kind."""

import pytest

from tests.web.conftest import form_data, parse


def setup_values(client, query=""):
    page = client.get(f"/nights/1/games/new/skyjo{query}")
    assert page.status_code == 200
    return form_data(parse(page))


def test_a_new_game_starts_from_the_settings_of_the_game_it_names(client, start_game):
    game = start_game("skyjo", ["Ann", "Ben"], target=150, double_non_positive=True)
    values = setup_values(client, f"?settings_of={game}")
    assert values["option_target"] == "150" and values["option_double_non_positive"] == "y"
    # and the seats are the night's players, as always
    assert (values["seat_0"], values["seat_1"]) == ("Ann", "Ben")


@pytest.mark.parametrize("asked", ["99", "abc", "-1", "1" * 40, "²"])
def test_a_game_that_is_not_there_or_not_a_number_leaves_the_defaults(client, start_game, asked):
    start_game("skyjo", ["Ann", "Ben"], target=150)
    assert setup_values(client, f"?settings_of={asked}")["option_target"] == "100"


def test_the_settings_of_a_game_of_another_kind_are_not_taken(client, start_game):
    other = start_game("skull", ["Ann", "Ben", "Cid"])
    assert setup_values(client, f"?settings_of={other}")["option_target"] == "100"
