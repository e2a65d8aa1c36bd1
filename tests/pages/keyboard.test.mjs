// Issue 19, defect 4, with the real keyboard: how many Tabs it takes to reach the array, the skip
// link, the examples toolbar, and the code answer box (Escape then Tab moves on, Ctrl+Enter checks).
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open, focusEditor } from "./browser.mjs";

/**
 * Presses Tab from the top of the page until a grid cell has the focus; the stops on the way. In
 * the program box, which becomes the code editor when it is focused, Tab indents: Escape, then
 * Tab, moves on.
 */
async function tabsToGrid(p) {
  const stops = [];
  for (let k = 0; k < 40; k++) {
    if (await p.evaluate(() => document.activeElement?.matches("[data-role=expression], .expression .cm-editor *"))) {
      await focusEditor(p);
      await p.keyboard.press("Escape");
    }
    await p.keyboard.press("Tab");
    const here = await p.evaluate(() => {
      const el = document.activeElement;
      return el?.matches(".grid [data-index]") ? null : `${el?.tagName.toLowerCase()} ${el?.textContent.trim().slice(0, 24)}`;
    });
    if (here === null) return stops;
    stops.push(here);
  }
  throw new Error(`the grid was not reached in 40 Tabs: ${stops.join(" | ")}`);
}

test("the array is a few Tabs away, and the first one offers to skip there", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const stops = await tabsToGrid(p);
    // The skip link, the examples (one stop), the program, Run, units, dtype, language.
    assert.ok(stops.length + 1 <= 8, `${stops.length + 1} Tabs to the grid: ${stops.join(" | ")}`);
    assert.equal(stops.filter((s) => s.startsWith("button") && /^button (x|np\.)/.test(s)).length, 1, stops.join(" | "));
    // From the top again: Tab, Enter.
    await p.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
    await p.reload();
    await p.waitForSelector(".grid [data-index]");
    await p.keyboard.press("Tab");
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.role), "skip");
    assert.equal(await p.locator("[data-role=skip]").isVisible(), true);
    await p.keyboard.press("Enter");
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.index), "0,0");
    // Arrow keys move along the examples; Enter presses one.
    await p.focus(".examples [tabindex='0']");
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("Enter");
    assert.equal(await p.locator("[data-role=strides]").innerText(), "(1, 4)");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("in the code answer box Tab indents, Escape then Tab moves on, Ctrl+Enter checks", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await p.click(".quiz-nav [data-question='u1-code-contiguous-strides']");
    const box = ".quiz-card [data-role=code-answer]";
    // The box becomes the code editor when it is focused; the textarea keeps its answer.
    const inBox = () => p.evaluate(() => !!document.activeElement?.closest(".quiz-card .cm-editor"));
    await focusEditor(p, box);
    await p.keyboard.type("strides = [step] + strides");
    await p.keyboard.press("Tab");
    assert.equal(await inBox(), true);
    assert.equal(await p.inputValue(box), "strides = [step] + strides  ", "spaces to the next indent stop");
    await p.keyboard.press("Escape");
    await p.keyboard.press("Tab");
    assert.equal(await p.evaluate(() => document.activeElement?.dataset.role), "check");
    await p.keyboard.press("Shift+Tab");
    assert.equal(await inBox(), true);
    await p.keyboard.press("Control+a");
    await p.keyboard.type("strides = [step] + strides; step = step * size");
    await p.keyboard.press("Control+Enter");
    await p.waitForSelector("[data-role=feedback]");
    assert.equal(await p.locator("[data-role=feedback]").getAttribute("data-correct"), "true");
    assert.match(await p.locator(".quiz-card .code-answer").innerText(), /Ctrl\+Enter/);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});
