// Issue 19, defects 1 and 2, with a real mouse and keyboard on index.html: a draft in the program
// box survives the pointer crossing the grid, and an example keeps the units (in the view and in
// the URL) that the learner chose.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const HEADS = "out = np.arange(1280.0).reshape(2, 4, 10, 16); np.swapaxes(out, 1, 2)";

test("a draft in the program box survives the pointer, and Enter runs it", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p, `?expr=${encodeURIComponent(HEADS)}`);
    await p.hover("[data-index='0,1,2,3']");
    await p.click("[data-role=expression]");
    await p.keyboard.press("Control+a");
    await p.keyboard.type("y = np.arange(6)");
    // The pointer wanders over the grid while the learner types.
    for (const index of ["0,1,2,4", "0,2,2,4", "1,0,0,0"]) {
      await p.locator(`[data-index='${index}']`).scrollIntoViewIfNeeded();
      await p.hover(`[data-index='${index}']`);
    }
    await p.focus("[data-role=expression]");
    await p.keyboard.press("End");
    await p.keyboard.press("Shift+Enter");
    await p.keyboard.type("y[::2]");
    await p.hover("[data-index='1,0,0,1']");
    assert.equal(await p.inputValue("[data-role=expression]"), "y = np.arange(6)\ny[::2]");
    await p.focus("[data-role=expression]");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => document.querySelector("[data-role=shape]")?.textContent === "(3,)");
    assert.equal(new URL(p.url()).searchParams.get("expr"), "y = np.arange(6)\ny[::2]");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("an example keeps the units the learner chose, in the view and in the URL", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await p.click("[data-role=units]");
    await p.click(".examples button.preset:has-text('x.T')");
    assert.equal(await p.locator("[data-role=strides]").innerText(), "(8, 32)");
    await p.waitForFunction(() => new URL(location.href).searchParams.get("expr")?.endsWith("x.T"));
    assert.equal(new URL(p.url()).searchParams.get("units"), "bytes");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
