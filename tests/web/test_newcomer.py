"""What a new player meets in a game against the computer (round 7): whose move it is, said at the top of the
panel; the choices numbered and played by keys; the map's legend; the computer's moves in plain words, their
places lit on the map."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from tests.web.conftest import DOCS
from tests.web.test_play import computer, start, wait_turn

TURNS = """() => {  // every text the turn banner shows, kept for the test
  window.turns = [];
  new MutationObserver(() => window.turns.push(document.querySelector('#turn').textContent))
    .observe(document.querySelector('#turn'), {childList: true, characterData: true, subtree: true});
}"""


def key_of(page: Page, label: str) -> str | None:
    """The key that plays the choice ``label``, if it has one."""
    b = page.locator("#buttons button[data-key]", has_text=label)
    return b.first.get_attribute("data-key") if b.count() else None


def test_your_move_is_said_and_the_keys_play_the_numbered_choices(page: Page) -> None:
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=4)
    wait_turn(page, None)
    expect(page.locator("#turn")).to_have_class("mine")
    expect(page.locator("#turn")).to_contain_text("Your move")
    assert page.get_attribute("body", "class") == "my-turn"
    keys = page.locator("#buttons button[data-key]")
    assert [keys.nth(i).get_attribute("data-key") for i in range(min(9, keys.count()))] == \
        [str(i + 1) for i in range(min(9, keys.count()))]
    # the key's digit is drawn before the label, not part of it: the labels read as before
    assert keys.first.inner_text() == page.locator("#buttons button[data-index='0']").inner_text()
    prompt = page.inner_text("#prompt")
    page.keyboard.press("1")
    page.wait_for_function("p => document.querySelector('#prompt').innerText !== p", arg=prompt)
    # hovering a choice lights its place on the map (where is the force to activate?)
    lit = page.locator("#map .zone.flash")
    for b in page.locator("#buttons > button[data-index]").all():
        b.hover()
        if lit.count():
            break
    assert lit.count() >= 1, page.locator("#buttons").inner_text()
    page.mouse.move(5, 500)
    expect(lit).to_have_count(0)
    if page.locator("#undo").count():  # U undoes within one's own turn
        before = page.get_attribute("body", "data-version")
        page.keyboard.press("u")
        page.wait_for_function("b => document.body.dataset.version !== b", arg=before)
        expect(page.locator("#prompt")).to_have_text(prompt)


def test_the_legend_explains_the_counters_and_symbols(page: Page) -> None:
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=4)
    wait_turn(page, None)
    legend = page.locator("#legend")
    expect(legend).to_be_hidden()
    page.keyboard.press("l")
    expect(legend).to_be_visible()
    for words in ("combat value", "fog of war", "fortress", "key zone", "depot", "A river", "Lit in orange", "undo"):
        expect(legend).to_contain_text(words)
    assert legend.locator("svg .stack rect.counter").count() >= 4  # drawn with the map's own classes
    page.screenshot(path=str(DOCS / "web-legend.png"))
    # the grand campaigns' Foreign Wars and Corsairs boxes are not drawn in 1815, where nothing goes in them
    expect(page.locator("#map rect.off-map").first).to_be_hidden()
    page.keyboard.press("Escape")
    expect(legend).to_be_hidden()
    page.click("#legend-btn")
    expect(legend).to_be_visible()


def test_the_computer_moves_in_plain_words_and_its_places_light_on_the_map(page: Page) -> None:
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=4)
    wait_turn(page, None)
    page.evaluate(TURNS)
    for _ in range(40):  # the Empire passes (by its key) until the computer has moved
        if page.locator("#ai-feed .ai-move .zname").count():
            break
        before = page.get_attribute("body", "data-version")
        page.keyboard.press(key_of(page, "Pass") or "1")
        wait_turn(page, before)
    turns = page.evaluate("window.turns")
    assert any(t.startswith("The computer is playing the Coalition") for t in turns), turns
    expect(page.locator("#turn")).to_contain_text("Your move")
    feed = page.locator("#ai-feed")
    expect(feed.locator("summary")).to_contain_text("The computer")
    assert "expected score" not in feed.inner_text()
    line = feed.locator(".ai-move", has=page.locator(".zname")).last
    line.click()
    expect(page.locator("#map .zone.flash").first).to_be_attached()
    page.screenshot(path=str(DOCS / "web-computer-moves.png"))


def test_a_rule_number_in_the_log_names_its_rulebook_section(page: Page) -> None:
    page.goto("/")
    start(page, {"empire": "me", "coalition": computer(page)}, seed=4)
    wait_turn(page, None)
    page.click("#tabs button[data-tab=log]")
    tags = page.locator("#tab-log .log-entry .rule[title]")
    expect(tags.first).to_be_attached()
    titles = tags.evaluate_all("ts => ts.map(t => [t.textContent, t.title])")
    assert titles and all(title.startswith(num.split(".")[0]) and " " in title for num, title in titles), titles
    assert titles[0] == ["20.1", "20.1 1815, the Hundred Days — chapter 20 Scenarios"]  # the set-up's line


def test_a_move_overtaken_by_another_is_explained_in_plain_words(page: Page, server: str) -> None:
    page.route("**/events*", lambda route: route.abort())  # no push: the page keeps its view while the game moves
    page.goto("/")
    start(page, {"empire": "hotseat", "coalition": "hotseat"}, seed=5)
    wait_turn(page, None)
    gid = page.url.rsplit("/", 1)[1]
    v = httpx.get(f"{server}/api/games/{gid}/view", params={"side": "empire"}).json()
    moved = httpx.post(f"{server}/api/games/{gid}/actions",
                       json={"side": "empire", "version": v["version"], "action": v["legal"][-1]})
    assert moved.status_code == 200
    page.keyboard.press("1")
    expect(page.locator("#status")).to_contain_text("The game moved on before your choice arrived")
    assert "Stale" not in page.inner_text("#status") and "version" not in page.inner_text("#status")
