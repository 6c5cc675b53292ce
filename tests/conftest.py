import pytest

from grognard import load_game


@pytest.fixture
def duel():
    return load_game("tests.fixtures.duel")
