// Issue 19, defect 5: the address rule never covers the cell it describes, nor any other cell of
// the grid, on a 390×844 phone and on a desktop with a tall grid, wherever the page is scrolled.
// Boxes are measured as the learner sees them: a cell's box clipped to the grid's scroll box and to
// the window.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const HEADS = "out = np.arange(1280.0).reshape(2, 4, 10, 16)\nnp.swapaxes(out, 1, 2)";
const TALL = "np.arange(100000).reshape(1000, 100).T[::7, ::3]";

/** The cells whose visible part the address rule overlaps, and the lowest visible cell. */
function measure(p) {
  return p.evaluate(() => {
    const rule = document.querySelector("[data-role=address-rule]").getBoundingClientRect();
    const grid = document.querySelector(".grid").getBoundingClientRect();
    const clip = (r) => ({
      left: Math.max(r.left, grid.left, 0), top: Math.max(r.top, grid.top, 0),
      right: Math.min(r.right, grid.right, innerWidth), bottom: Math.min(r.bottom, grid.bottom, innerHeight),
    });
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const visible = [...document.querySelectorAll(".grid [data-index]")]
      .map((el) => [el.dataset.index, clip(el.getBoundingClientRect())])
      .filter(([, c]) => c.right - c.left > 1 && c.bottom - c.top > 1);
    const covered = visible.filter(([, c]) => overlap(c, rule)).map(([i]) => i);
    const lowest = visible.reduce((best, cell) => (!best || cell[1].bottom > best[1].bottom ? cell : best), null);
    return { covered, lowest, count: visible.length };
  });
}

/** At several scroll positions: no cell is covered, before and after pointing at the lowest one. */
async function check(p, what) {
  const height = await p.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  const grid = await p.evaluate(() => document.querySelector(".grid").getBoundingClientRect().top + scrollY);
  const stops = [0, grid - 300, grid - 100, grid, grid + 200, height / 2, height]
    .map((y) => Math.max(0, Math.min(height, Math.round(y))));
  let pointed = 0;
  for (const y of stops) {
    await p.evaluate((top) => window.scrollTo(0, top), y);
    await p.waitForTimeout(50);
    const before = await measure(p);
    assert.deepEqual(before.covered, [], `${what}, scrolled to ${y}: the rule covers cells on arrival`);
    if (!before.lowest) continue;
    // Point at the top edge of the lowest visible cell, the part a covering rule would leave free.
    const [index, box] = before.lowest;
    await p.mouse.move((box.left + box.right) / 2, box.top + 2);
    await p.waitForTimeout(50);
    const selected = await p.evaluate((i) => document.querySelector(`.grid [data-index="${i}"]`).getAttribute("aria-selected"), index);
    if (selected !== "true") continue; // the pointer landed on something drawn over the grid
    pointed += 1;
    const after = await measure(p);
    assert.deepEqual(after.covered, [], `${what}, scrolled to ${y}: pointing at ${index}, the rule covers cells`);
    const rule = await p.locator("[data-role=address-rule]").innerText();
    assert.match(rule, /= \d+$/, `${what}: the rule describes the pointed cell`);
  }
  assert.ok(pointed > 0, `${what}: some cell could be pointed at`);
}

test("on a 390×844 phone the address rule covers no cell, light or dark", async () => {
  const b = await browser();
  try {
    for (const [expr, scheme] of [[null, "light"], [HEADS, "dark"], [TALL, "light"]]) {
      const p = await page(b, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: scheme });
      await open(p, expr ? `?expr=${encodeURIComponent(expr)}` : "");
      await check(p, `phone, ${expr ?? "x"}`);
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});

test("on a desktop with a tall grid the address rule covers no cell", async () => {
  const b = await browser();
  try {
    for (const expr of [TALL, HEADS]) {
      const p = await page(b);
      await open(p, `?expr=${encodeURIComponent(expr)}`);
      await check(p, `desktop, ${expr}`);
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});
