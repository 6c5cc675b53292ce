"""Self-play win rates with Wilson intervals, tournaments with Bradley-Terry ratings, local processes and Ray."""

import json
import os

import pytest
from typer.testing import CliRunner

from grognard.cli import app
from grognard.ratings import Game, bradley_terry, wilson
from grognard.selfplay import Match, play_match, run, selfplay, tournament

runner = CliRunner()


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = wilson(81, 263)  # Wilson (1927) as worked in Newcombe (1998), case 1: 0.2553 to 0.3662
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_bradley_terry_orders_agents_and_finds_the_seat_advantage():
    games = []
    for _ in range(30):
        games += [Game("strong", "weak", 1.0), Game("weak", "strong", 0.0)]
        games += [Game("strong", "mid", 1.0), Game("mid", "strong", 0.0)]
        games += [Game("mid", "weak", 1.0), Game("weak", "mid", 1.0)]  # mid wins as first, loses as second
    ratings, advantage = bradley_terry(["weak", "mid", "strong"], games)
    assert [r.name for r in ratings] == ["strong", "mid", "weak"]
    assert advantage > 100
    assert abs(sum(r.elo for r in ratings)) < 1e-6
    assert all(r.low < r.elo < r.high for r in ratings)


def test_selfplay_summary_has_rates_and_intervals():
    s = selfplay("nae", "1815", 3, 1, {"empire": "heuristic", "coalition": "random"})
    assert s["games"] == 3 and sum(s["results"].values()) == 3
    assert set(s["win_rate"]) == set(s["ci95"]) == {"empire", "coalition", "draw"}
    for k, (lo, hi) in s["ci95"].items():
        assert lo <= s["win_rate"][k] <= hi


def test_tournament_cli_prints_ratings_and_json():
    res = runner.invoke(app, ["tournament", "nae", "1815", "--agents", "random,heuristic", "--games", "2", "--json"])
    assert res.exit_code == 0, res.output
    t = json.loads(res.stdout.strip().splitlines()[-1])
    assert t["games"] == 4 and {r["agent"] for r in t["ratings"]} == {"random", "heuristic"}
    assert set(t["pairings"]) == {"random (empire) vs heuristic (coalition)",
                                  "heuristic (empire) vs random (coalition)"}
    res = runner.invoke(app, ["tournament", "nae", "1815", "--agents", "random,heuristic", "--games", "1"])
    assert res.exit_code == 0 and "Bradley-Terry" in res.output


@pytest.mark.parametrize("agents", ["random", "random,random", "random,wizard"])
def test_tournament_refuses_bad_agent_lists(agents):
    res = runner.invoke(app, ["tournament", "nae", "1815", "--agents", agents])
    assert res.exit_code == 2 and ("unknown agent" in res.output or "two different agents" in res.output)


def test_selfplay_cli_prints_rates_with_intervals():
    res = runner.invoke(app, ["selfplay", "nae", "1815", "--games", "2", "--empire", "heuristic"])
    assert res.exit_code == 0 and "95% interval" in res.output


def test_tournament_is_the_same_in_local_processes():
    one = tournament("nae", "1815", ["random", "heuristic"], 1, 5)
    two = tournament("nae", "1815", ["random", "heuristic"], 1, 5, jobs=2)
    assert one == two


@pytest.fixture(scope="module")
def ray_cluster():
    os.environ["RAY_AUTH_MODE"] = "disabled"
    import ray

    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=200 * 1024 * 1024, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_games_on_a_ray_cluster_are_the_games_played_here(ray_cluster):
    matches = [Match("nae", "1815", seed, {"empire": "heuristic", "coalition": "random"}) for seed in (1, 2, 3)]
    here = [o.record["digest"] for o in map(play_match, matches)]
    there = [o.record["digest"] for o in run(matches, ray="local")]
    assert here == there
    assert ray_cluster.is_initialized()  # a cluster already up is used and left running
