// index.html's own header speaks the lab's language: from ?lang= on arrival, and when the learner
// switches it in the lab.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

test("index.html's header follows the lab's language, from the URL and from the menu", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p, "?lang=es");
    await p.waitForFunction(() => document.documentElement.lang === "es", null, { timeout: 5000 });
    assert.equal(await p.locator(".page-header [data-lang=es]").isVisible(), true);
    assert.equal(await p.locator(".page-header [data-lang=en]").isVisible(), false);
    await p.selectOption("[data-role=lang-choice]", "en");
    await p.waitForFunction(() => document.documentElement.lang === "en", null, { timeout: 5000 });
    assert.equal(await p.locator(".page-header [data-lang=en]").isVisible(), true);
    assert.equal(await p.locator(".page-header [data-lang=es]").isVisible(), false);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
