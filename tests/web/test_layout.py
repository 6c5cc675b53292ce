"""What a player reads must not be clipped, hidden or piled up (round 9): the battle forecast's chances at every
split, the panels at a phone's width, a zone's name beside its stacks, a battle's field, a link to a game that is
gone, the Start button."""

from __future__ import annotations

from fastapi import FastAPI
from playwright.sync_api import Locator, Page, expect

from grognard.agents import make_agent
from tests.web.test_play import computer, start, wait_turn

# A forecast as the server sends it (webview.annotate, forecast.as_json), with the chance of winning to vary.
FORECAST = {
    "attacker": "Wellington (Army of the Peninsula)", "defender": "Napoleon (Grande Armée)",
    "values": {"attacker": 9, "defender": 8}, "odds": "1:1", "level": "Minor battle", "destroys": None,
    "demoralized": {"attacker": 0.06, "defender": 0.0}, "destroyed": {"attacker": 0.0, "defender": 0.0},
    "losses": {"attacker": {"1": 0.5, "2": 0.5}, "defender": {"0": 0.4, "1": 0.6}},
    "mods": {"attacker": [["Wellington", 2]], "defender": [["Napoleon", 3]]}, "morale": {"attacker": 5, "defender": 5},
    "assumes": "no combat card", "sides": {"attacker": "coalition", "defender": "empire"},
}

SHOW = """async ([fc, viewer]) => {
  const { renderForecast } = await import('/static/panels.js');
  renderForecast(document.querySelector('#fc-body'), fc, viewer);
  document.querySelector('#forecast').hidden = false;
}"""


def boxes_apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or \
        a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]


def test_the_forecast_bar_labels_read_whole_at_every_split(page: Page) -> None:
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto("/")
        computer(page)  # the start screen drawn (it closes every dialog)
        for chance in (0.01, 0.001, 0.5, 0.99, 0.0):
            fc = {**FORECAST, "win": {"attacker": chance, "defender": 1 - chance}}
            page.evaluate(SHOW, [fc, "empire"])
            bar = page.locator("#fc-bar")
            expect(bar).to_contain_text("attacker wins")
            dialog = page.locator("#forecast .dialog").bounding_box()
            keys = [page.locator(f"#fc-bar .fc-key[data-role={r}]") for r in ("attacker", "defender")]
            boxes = []
            for key in keys:
                expect(key).to_be_visible()
                box = key.bounding_box()
                assert box and dialog
                assert dialog["x"] <= box["x"] and box["x"] + box["width"] <= dialog["x"] + dialog["width"]
                # the whole label is drawn: nothing of it cut off by its box
                assert key.evaluate("k => k.scrollWidth <= k.clientWidth + 1 && k.scrollHeight <= k.clientHeight + 1")
                boxes.append(box)
            assert boxes_apart(*boxes), (width, chance, boxes)
            shown = round(100 * chance, 1 if 0 < chance < 0.01 else 0)
            assert keys[0].inner_text().startswith(f"attacker wins {shown:g}%")
            # the player's side is named, and each side is drawn in its colour (the Coalition attacks here)
            expect(keys[1]).to_contain_text("(you)")
            expect(keys[0]).not_to_contain_text("(you)")
            colours = bar.locator(".bar span").evaluate_all("ss => ss.map(s => getComputedStyle(s).backgroundColor)")
            assert colours == ["rgb(181, 48, 42)", "rgb(47, 91, 183)"], colours


def in_sight(locator: Locator) -> bool:
    """Brought into view, the element is what the player sees there: not clipped away by a box too small to show
    it, nor covered by another."""
    locator.scroll_into_view_if_needed()
    return bool(locator.evaluate("""el => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + Math.min(r.height / 2, 8));
        return r.height > 0 && !!hit && (el === hit || el.contains(hit)); }"""))


def test_at_a_phone_width_every_panel_can_be_reached(page: Page) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)  # a missing icon included
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=4)
    wait_turn(page, None)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off the side
    assert in_sight(page.locator("#turn"))
    for button in page.locator("#buttons button").all():
        assert in_sight(button), button.inner_text()
    # the hand, under the map and the prompt (it had no room left at all)
    assert in_sight(page.locator("#tab-hand .cardx").first)
    assert in_sight(page.locator("#tab-hand .cardx.legal button").first)
    tab = page.locator("#tabs button[data-tab=log]")
    assert in_sight(tab)
    tab.click()
    assert in_sight(page.locator("#tab-log .log-entry").last)
    assert not errors, errors


OWN_LABEL_COVERED = """() => {  // the zones whose name lies under one of their own stacks
  const out = [];
  for (const label of document.querySelectorAll('#map .zlabel')) {
    const a = label.getBoundingClientRect();
    for (const rect of document.querySelectorAll('#map .stack rect.counter')) {
      const stack = rect.closest('.stack');
      if (stack.dataset.zone !== label.dataset.zone) continue;
      const b = rect.getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) { out.push(label.textContent); break; }
    }
  }
  return out;
}"""


def test_a_zone_holding_forces_is_still_named_on_the_map(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=4)
    wait_turn(page, None)
    assert page.locator("#map .stack").count() > 20
    for _ in range(2):  # at the opening frame, and zoomed out to the whole map
        assert page.evaluate(OWN_LABEL_COVERED) == []
        page.keyboard.press("0")


def test_a_link_to_a_game_or_replay_that_is_gone_says_so_and_leads_back(page: Page) -> None:
    for link, said in (("/#/game/no-such-game", "There is no game 'no-such-game'"),
                       ("/#/replay/no-such-replay", "There is no replay 'no-such-replay'")):
        page.goto(link)
        expect(page.locator("#prompt")).to_contain_text(said)  # where a player looks, not only in the header
        expect(page.locator("#buttons button")).to_have_count(0)
        expect(page.locator("#replay-bar")).to_be_hidden()
        page.click("#back-to-start")
        expect(page.locator("#start")).to_be_visible()


def test_the_start_button_is_in_sight_on_opening(page: Page) -> None:
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto("/")
        computer(page)
        box = page.locator("#start-game").bounding_box()  # not below seven optional rules
        assert box and box["y"] + box["height"] <= height, (width, box)
        expect(page.locator("#options-box summary")).to_contain_text("Optional rules (7)")
        expect(page.locator("input[name=opt]").first).to_be_hidden()


def test_a_game_against_the_computer_is_listed_as_yours(page: Page) -> None:
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=12)
    wait_turn(page, None)
    gid = page.url.rsplit("/", 1)[1]
    page.goto("/")
    expect(page.locator(f"#games a[href='#/game/{gid}']")).to_contain_text("Empire: you, Coalition: computer")


IN_VIEW = """zone => {  // the zone's centre lies inside the map's box on screen
  const map = document.querySelector('#map').getBoundingClientRect();
  const r = document.querySelector(`#map path.zone[data-zone="${zone}"]`).getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return x > map.left && x < map.right && y > map.top && y < map.bottom;
}"""


def test_a_battle_the_player_must_decide_in_comes_into_sight(app: FastAPI, page: Page) -> None:
    """Wellington attacks Napoléon in Reims while the player looks at the far south-east of the map: a question of
    the battle that names no place (a unit to engage) brings Reims on screen (the map used to pan only to places
    a question offers)."""
    store = app.state.service.store
    gid = store.create_game("nae", "1815", {}, {"empire": "hotseat", "coalition": "ai:easy"}, 4)
    agents = {side: make_agent("heuristic", 4 + i) for i, side in enumerate(("empire", "coalition"))}
    while True:
        st, version, _ = store.load(gid)
        if st.active == "empire" and st.step == "evade":
            break
        store.append_action(gid, version, st.active, agents[st.active].choose(st, st.active))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/#/game/{gid}")
    wait_turn(page, None)
    zone = st.frame["zone"]
    box = page.locator("#map").bounding_box()
    assert box

    def look_away() -> None:  # the whole map, then zoomed in on its far south-east corner
        page.keyboard.press("0")
        page.mouse.move(box["x"] + box["width"] - 20, box["y"] + box["height"] - 20)
        for _ in range(12):
            page.mouse.wheel(0, -200)
        page.wait_for_function(f"() => !({IN_VIEW})({zone!r})")

    places = "#map .zone.legal, #map .stack.legal, #map .sea-zone.legal"
    for _ in range(20):
        # the Empire asked within the battle, a question that names no place (a spearhead, a card)
        if page.locator("#tab-battle h3").count() and not page.locator(places).count():
            break
        look_away()
        before = page.get_attribute("body", "data-version")
        stand = page.locator("#buttons button[data-verb=stand]")
        (stand if stand.count() else page.locator("#buttons button[data-index]").last).click()  # no more, none
        if page.is_visible("#forecast"):
            page.click("#fc-go")
        wait_turn(page, before)
    else:
        raise AssertionError("the Empire was asked nothing within the battle")
    look_away()  # then the next question within the battle: it names no place, yet the battle is brought in sight
    before = page.get_attribute("body", "data-version")
    page.locator("#buttons button[data-index]").last.click()
    wait_turn(page, before)
    expect(page.locator("#tab-battle h3")).to_contain_text("Battle in")
    assert page.evaluate(IN_VIEW, zone), zone
