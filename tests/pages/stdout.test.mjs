// Issue 14, item 2: what the program prints shows under the program box, in index.html with its
// real CSS: below the box, scrolling inside itself when long, gone when nothing is printed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const LONG = Array.from({ length: 40 }, (_, i) => `print(${i})`).join("\n") + "\nnp.arange(3)";

test("print output sits under the program box and scrolls when long", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p, `?expr=${encodeURIComponent(LONG)}`);
    const box = await p.locator("[data-role=expression]").boundingBox();
    const out = p.locator("[data-role=stdout]");
    const shown = await out.boundingBox();
    assert.ok(shown.y >= box.y + box.height, "the output is below the program box");
    const { scroll, client } = await out.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    assert.ok(scroll > client, `40 lines scroll inside the output (${scroll} > ${client})`);
    assert.ok(client < 400, `the output box stays short (${client}px)`);
    assert.equal((await out.textContent()).split("\n").length, 40);
    // A program that prints nothing shows no output box.
    await p.fill("[data-role=expression]", "np.arange(4)");
    await p.focus("[data-role=expression]");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => document.querySelector("[data-role=shape]")?.textContent === "(4,)");
    assert.equal(await p.locator("[data-role=stdout]").count(), 0);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
