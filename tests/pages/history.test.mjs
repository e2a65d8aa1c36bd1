// Issue 24 item 23: pressing an example or running a program is a history entry, and Back
// returns to the view before it, inside the lab (it used to replace the URL, so Back left the
// lab); the units and the language change the entry in place.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open, BASE } from "./browser.mjs";

const heading = (p) => p.locator(".array-view h2").innerText();

async function shows(p, text) {
  await p.waitForFunction((t) => document.querySelector(".array-view h2")?.textContent === t, text, { timeout: 5000 });
}

test("Back after examples and a program walks back through them, inside the lab", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p, "?lang=en");
    const first = await heading(p);
    await p.locator(".preset", { hasText: /^x\.T$/ }).first().click();
    await shows(p, "x.T");
    await p.locator(".preset", { hasText: /^x\[:, ::2\]$/ }).first().click();
    await shows(p, "x[:, ::2]");
    // The units change the entry in place: no entry of their own.
    await p.locator("button.units").click();
    await p.fill("[data-role=expression]", "y = np.arange(6)\ny[::-1]");
    await p.focus("[data-role=expression]");
    await p.keyboard.press("Enter");
    await shows(p, "y[::-1]");
    await p.goBack();
    await shows(p, "x[:, ::2]");
    assert.match(p.url(), /units=bytes/, "the units as they were set");
    await p.goBack();
    await shows(p, "x.T");
    await p.goForward();
    await shows(p, "x[:, ::2]");
    await p.goBack();
    await p.goBack();
    await shows(p, first);
    assert.ok(p.url().startsWith(BASE), `still in the lab: ${p.url()}`);
    assert.equal(await p.locator("[data-role=expression]").inputValue(), "x = np.arange(12.0).reshape(3, 4)\nx");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
