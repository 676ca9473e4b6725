"""The simulation page's balance evidence (site/simulation.py evidence, site/balance.py): greedy tables are
played and summarized, and the page's rows show content text as text."""
from __future__ import annotations

from engine_tools import engine_for
from tischlein.site import balance, simulation


class Page:
    """Just enough of a page context: UI strings as 'key(params)', record names from a table."""

    def __init__(self, names: dict[str, str]):
        self.names = names

    def ui(self, key: str, **params) -> str:
        return key + "(" + ",".join(f"{k}={v}" for k, v in sorted(params.items())) + ")"

    def ui_or(self, key: str, default: str) -> str:
        return self.ui(key) if key.endswith((".end", ".rounds", ".tie_round")) else default

    def record_name(self, ref: str) -> str | None:
        return self.names.get(ref)


def test_greedy_tables_are_played_per_player_count():
    stats = simulation.run(engine_for("suppenkasper"), [3, 4], 8)
    assert set(stats.tables) == {"random", "mixed", "greedy"}
    mixed = stats.tables["mixed"]
    assert mixed["games"] == 4 and set(mixed["by_players"]) == {"3", "4"}
    greedy = mixed["by_players"]["3"]["policy_win_rate"]["greedy"]
    assert greedy["n"] == 2 and abs(greedy["fair"] - 1 / 3) < 1e-3 and len(greedy["ci95"]) == 2
    assert stats.tables["greedy"]["by_players"]["4"]["games"] == 2
    assert sum(stats.tables["random"]["endings"].values()) > 0.99


def test_a_game_with_one_player_count_still_gets_its_rows():
    stats = simulation.run(engine_for("mahlzeit"), [2], 4)
    view = balance.view(Page({}), stats)
    assert [row["table"].count("players=") for row in view["endings"]] == [1, 1]
    assert "site.simulation.ending.end()" in view["endings"][0]["endings"]
    assert view["skill"].startswith("<svg") and "tl-sim-skill" in view["skill"]


def test_ending_names_from_content_show_as_text():
    stats = simulation.run(engine_for("suppenkasper"), [3], 4)
    view = balance.view(Page({"dicker-brocken": "<b>Fat|end</b>", "suppenkasper": "<i>Thin</i>"}), stats)
    cells = " ".join(str(row["endings"]) for row in view["endings"])
    assert "<b>" not in cells and "<i>" not in cells and "|" not in cells
    assert "&lt;b&gt;Fat&#124;end&lt;/b&gt;" in cells or "&lt;i&gt;Thin&lt;/i&gt;" in cells
    seats = view["seats"][0]["seats"]
    assert seats.count("site.simulation.seat_item(") == 3 and "<br>" in seats
