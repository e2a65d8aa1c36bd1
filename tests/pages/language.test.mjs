// Issue 24 item 7: the lab's own pages follow the browser's language when the URL names none
// (README promises it; both pages used to declare lang="en", which the lab took as the choice),
// and index.html's tab title follows the lab's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const TITLE_ES = "Strides Lab — dónde viven los números de un array";
const TITLE_EN = "Strides Lab — where the numbers of an array live";

test("a Spanish browser gets the lab in Spanish, in index.html and in embed.html", async () => {
  const b = await browser();
  try {
    const p = await page(b, { locale: "es-ES" });
    assert.equal(await p.evaluate(() => navigator.languages[0]), "es-ES");
    await open(p, "");
    await p.waitForFunction(() => document.documentElement.lang === "es", null, { timeout: 5000 });
    assert.equal(await p.locator(".strides-lab").getAttribute("lang"), "es");
    assert.equal(await p.title(), TITLE_ES);
    assert.equal(await p.locator(".page-header [data-lang=es]").isVisible(), true);
    await open(p, "embed.html");
    assert.equal(await p.locator(".strides-lab").getAttribute("lang"), "es");
    await p.waitForFunction(() => document.documentElement.lang === "es", null, { timeout: 5000 });
    // ?lang= still wins over the browser.
    await open(p, "embed.html?lang=en");
    assert.equal(await p.locator(".strides-lab").getAttribute("lang"), "en");
    await p.waitForFunction(() => document.documentElement.lang === "en", null, { timeout: 5000 });
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("an English browser gets English, and ?lang=es a Spanish tab title", async () => {
  const b = await browser();
  try {
    const p = await page(b, { locale: "en-GB" });
    await open(p, "");
    assert.equal(await p.locator(".strides-lab").getAttribute("lang"), "en");
    assert.equal(await p.title(), TITLE_EN);
    await open(p, "?lang=es");
    await p.waitForFunction((t) => document.title === t, TITLE_ES, { timeout: 5000 });
    await p.selectOption("[data-role=lang-choice]", "en");
    await p.waitForFunction((t) => document.title === t, TITLE_EN, { timeout: 5000 });
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
