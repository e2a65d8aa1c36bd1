// Issue 24 on a phone (390 × 844): no state of the page is wider than the screen (every quiz
// question with its hint and worked answer open, the einsum panel), the reading order keeps its
// current step in view and says it, the array and its memory come before the controls, the
// chain of a tapped cell shows from its start, and "Open in the lab" lands on the array.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };

/** How much wider than the screen the page is, and what sticks out the most. */
async function overflow(p) {
  return p.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let worst = null;
    for (const el of document.querySelectorAll(".strides-lab *")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 0.5 && (!worst || r.right > worst.right)) {
        // Inside a box that scrolls on its own, sticking out is that box's business.
        let scroller = el.parentElement;
        let scrolls = false;
        while (scroller && scroller !== document.body) {
          const o = getComputedStyle(scroller).overflowX;
          if (o === "auto" || o === "scroll" || o === "hidden") { scrolls = true; break; }
          scroller = scroller.parentElement;
        }
        if (!scrolls) worst = { right: Math.round(r.right), what: `${el.tagName.toLowerCase()}.${el.className}` };
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, worst };
  });
}

test("no quiz question and no einsum table makes the page wider than a phone", async () => {
  const b = await browser();
  try {
    const p = await page(b, PHONE);
    await open(p, "?lang=en");
    await p.waitForSelector(".qnav");
    const count = await p.locator(".qnav").count();
    assert.ok(count >= 40, `${count} questions`);
    const wide = [];
    for (let k = 0; k < count; k++) {
      await p.locator(".qnav").nth(k).click();
      await p.waitForSelector("[data-role=check]");
      for (const role of ["hint", "worked"]) {
        const button = p.locator(`[data-role=${role}]`);
        if (await button.count()) await button.click();
      }
      const o = await overflow(p);
      if (o.scrollWidth > 390 || o.worst) wide.push(`question ${k + 1}: ${JSON.stringify(o)}`);
    }
    await p.click("[data-role=einsum-open]");
    await p.waitForSelector("[data-role=einsum-order]");
    const o = await overflow(p);
    if (o.scrollWidth > 390 || o.worst) wide.push(`einsum panel: ${JSON.stringify(o)}`);
    // The subscripts stay one word: 'ij->il' never breaks at its arrow.
    const arrows = await p.locator("[data-role=einsum] code").evaluateAll((cs) =>
      cs.filter((c) => c.textContent.includes("->") && c.getClientRects().length > 1).map((c) => c.textContent));
    assert.deepEqual(arrows, [], "subscripts broken over lines");
    assert.deepEqual(wide, []);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("the reading order keeps its current step in view and says it", async () => {
  const b = await browser();
  try {
    const p = await page(b, PHONE);
    await open(p, "?lang=en&expr=" + encodeURIComponent("x = np.arange(12).reshape(3, 4)\nx[1:, 1:]"));
    await p.click("[data-role=walk-open]");
    for (let k = 0; k < 4; k++) await p.click("[data-role=step-next]");
    // x[1:, 1:] reads 5, 6, 7, 9, 10, 11: the fourth step is 9 → 10.
    const step = p.locator("[data-role=walk] .step.current");
    assert.equal(await step.getAttribute("data-from"), "9");
    assert.equal(await step.getAttribute("data-to"), "10");
    const box = await step.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the step is at ${JSON.stringify(box)}`);
    const said = p.locator("[data-role=walk-said]");
    assert.ok(await said.isVisible(), "the step's sentence shows");
    assert.match(await said.innerText(), /4.*5.*9.*10/s);
    const box2 = await said.boundingBox();
    assert.ok(box2.width > 100 && box2.height > 10, `the sentence is visible: ${JSON.stringify(box2)}`);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("on a phone the array and its memory come first, the quiz close after", async () => {
  const b = await browser();
  try {
    const p = await page(b, PHONE);
    await open(p, "?lang=en");
    const top = (sel) => p.locator(sel).first().evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    // The grid's first row is on the first screen, above the program box.
    const grid = await top(".array-view .grid");
    assert.ok(grid < 844 - 100, `the grid starts at ${grid}`);
    assert.ok(grid < (await top("[data-role=expression]")), "the array before the program box");
    assert.ok((await top(".memory")) < (await top("[data-role=expression]")), "the memory before the program box");
    // The quiz comes before the broadcasting and einsum panels.
    const quiz = await top("[data-role=quiz]");
    assert.ok(quiz < (await top("[data-role=broadcast]")), `the quiz at ${quiz} is under broadcasting`);
    assert.ok(quiz < (await top("[data-role=einsum-open]")), "the quiz is under the einsum button");
    // A tapped cell's chain shows from its start: x.T[1, 2] jumps 1·1 then 2·4 from 0.
    await p.locator(".preset", { hasText: /^x\.T$/ }).first().click();
    await p.waitForFunction(() => document.querySelector(".array-view h2")?.textContent === "x.T");
    await p.locator('[data-index="1,2"]').tap();
    await p.waitForSelector("[data-role=jump]", { state: "attached" });
    await p.waitForTimeout(200);
    // Cells 0 to 9 are wider than the phone: the chain shows from its start, the i hop (0 → 1)
    // and the first j hop (1 → 5) with it (the highlight alone scrolled to 9, leaving "j +4").
    const row = await p.locator(".memory-view .memory").boundingBox();
    const start = await p.locator('.memory [data-addr="0"]').boundingBox();
    const hop = await p.locator('.memory [data-addr="5"]').boundingBox();
    assert.ok(start.x >= row.x - 1 && hop.x + hop.width <= row.x + row.width + 1,
      `cells 0 to 5 in the row: ${JSON.stringify({ row, start, hop })}`);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("'Open in the lab' lands on the array it opens", async () => {
  const b = await browser();
  try {
    const p = await page(b, PHONE);
    await open(p, "?lang=en&question=u1-strides-xT");
    await p.waitForSelector("[data-role=answer]");
    await p.fill("[data-role=answer]", "(1, 1)");
    await p.click("[data-role=check]");
    await p.click("[data-role=open]");
    await p.waitForFunction(() => document.querySelector(".array-view h2")?.textContent.includes("x.T"));
    await p.waitForTimeout(300);
    const grid = await p.locator(".array-view .grid").boundingBox();
    assert.ok(grid.y >= -5 && grid.y < 844 - 100, `the grid is on screen at ${grid.y}`);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("a large 3-D array's blocks start at the left, and long numbers keep clear of their borders", async () => {
  const b = await browser();
  try {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE.viewport]) {
      const p = await page(b, { viewport });
      await open(p, "?lang=en&expr=" + encodeURIComponent("x = np.arange(1200.0).reshape(4, 3, 100) * 10\nx"));
      const grid = await p.locator(".array-view .grid").boundingBox();
      const first = await p.locator(".array-view .block").first().boundingBox();
      assert.ok(first.x - grid.x < 12, `block [0, :, :] starts at ${first.x - grid.x} px into the grid`);
      // "11990.0" and its cell: room on both sides.
      const room = await p.locator(".array-view .cell[data-flat]").evaluateAll((cells) => {
        let least = Infinity;
        for (const c of cells) {
          const range = document.createRange();
          range.selectNodeContents(c);
          const t = range.getBoundingClientRect();
          const r = c.getBoundingClientRect();
          least = Math.min(least, t.left - r.left, r.right - t.right);
        }
        return least;
      });
      assert.ok(room >= 3, `a number ${room} px from its border`);
      // Every block can be reached: none is cut off without a way to scroll to it.
      const reach = await p.locator(".array-view .grid").evaluate((g) => {
        const blocks = [...g.querySelectorAll(".block")];
        const last = blocks[blocks.length - 1].getBoundingClientRect();
        const box = g.getBoundingClientRect();
        return { lastRight: last.right - box.left + g.scrollLeft, scrollWidth: g.scrollWidth, lastBottom: last.bottom - box.top + g.scrollTop, scrollHeight: g.scrollHeight };
      });
      assert.ok(reach.lastRight <= reach.scrollWidth + 1 && reach.lastBottom <= reach.scrollHeight + 1, JSON.stringify(reach));
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});
