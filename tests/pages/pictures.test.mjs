// Issue 18, the lesson's pictures: axe-core finds no WCAG 2.1 A/AA violation on the lab with a
// cell selected (jumps drawn) or a memory cell selected (the rule in reverse), light and dark;
// under print media the lab prints a static picture without its controls.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const AXE = process.env.STRIDES_AXE;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The violations axe-core reports on the page, as `rule: target` lines. */
async function violations(p) {
  await p.addScriptTag({ path: AXE });
  const found = await p.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  }, TAGS);
  return found;
}

test("axe-core reports no violation with an array cell or a memory cell selected", { skip: !AXE }, async () => {
  const b = await browser();
  try {
    for (const scheme of ["light", "dark"]) {
      // axe-core is injected as an inline script, which the page's CSP (rightly) refuses.
      const p = await page(b, { colorScheme: scheme, bypassCSP: true });
      await open(p, `?expr=${encodeURIComponent("x = np.arange(12.0).reshape(3, 4)\nx.T")}`);
      await p.hover('.grid [data-index="1,2"]');
      await p.waitForSelector("[data-role=jump]", { state: "attached" });
      assert.deepEqual(await violations(p), [], `${scheme}, array cell selected`);
      await p.hover('.memory [data-addr="7"]');
      assert.match(await p.locator("[data-role=address-rule]").innerText(), /^position 7 = /);
      assert.deepEqual(await violations(p), [], `${scheme}, memory cell selected`);
      // A walk opened, and an as_strided view that reads outside its buffer.
      await p.click("[data-role=walk-open]");
      await p.click("[data-role=step-next]");
      assert.deepEqual(await violations(p), [], `${scheme}, a view's walk open`);
      await open(p, `?expr=${encodeURIComponent("a = np.arange(6.0)\nnp.lib.stride_tricks.as_strided(a, (4, 3), (16, 8))")}`);
      await p.focus('.grid [data-index="3,2"]');
      assert.deepEqual(await violations(p), [], `${scheme}, reads outside the buffer`);
      // Sliding windows with a memory cell selected (the windows reading it marked), and the walk
      // of a view that failed.
      await open(p, `?expr=${encodeURIComponent("a = np.arange(6.0)\nw = np.lib.stride_tricks.sliding_window_view(a, 3)\nw")}`);
      await p.hover('.memory [data-addr="2"]');
      await p.waitForSelector("[data-role=window].current", { state: "attached" });
      assert.deepEqual(await violations(p), [], `${scheme}, sliding windows`);
      await open(p, `?expr=${encodeURIComponent("t = torch.arange(12).reshape(3, 4)\nt.T.view(12)")}`, "[data-role=walk] [data-role=step]");
      await p.click("[data-role=step-next]");
      assert.deepEqual(await violations(p), [], `${scheme}, a failed view's walk`);
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});

test("under print media the lab is a static picture in light colours, without controls", async () => {
  const b = await browser();
  try {
    for (const scheme of ["light", "dark"]) {
      const p = await page(b, { colorScheme: scheme });
      await open(p, `?expr=${encodeURIComponent("x = np.arange(12.0).reshape(3, 4)\nx.T.reshape(2, 6)")}`);
      await p.focus('.grid [data-index="1,2"]');
      await p.waitForSelector("[data-role=jump]", { state: "attached" });
      const screen = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await p.emulateMedia({ media: "print" });
      const seen = await p.evaluate(() => {
        const shown = (sel) => [...document.querySelectorAll(sel)].some((el) => el.getClientRects().length > 0);
        return {
          controls: ["[data-role=expression]", ".examples button.preset", ".controls select", ".quiz-column",
            "[data-role=broadcast]", "[data-role=step-next]"].filter(shown),
          picture: [".grid [data-index]", ".memory [data-addr]", "[data-role=info]", "[data-role=address-rule]",
            "[data-role=walk] [data-memory=source] [data-role=step]", "[data-role=jump]"].filter((s) => document.querySelector(s)
            && (shown(s) || s === "[data-role=jump]")),
          rule: document.querySelector("[data-role=address-rule]").textContent,
          background: getComputedStyle(document.body).backgroundColor,
          text: getComputedStyle(document.querySelector(".rule")).color,
        };
      });
      assert.deepEqual(seen.controls, [], `${scheme}: controls are not printed`);
      assert.equal(seen.picture.length, 6, `${scheme}: the picture is printed: ${seen.picture}`);
      assert.match(seen.rule, /0 \+ 1·6 \+ 2·1 = 8$/, `${scheme}: the rule of the selected cell is printed: ${JSON.stringify(seen.rule)}`);
      assert.equal(seen.background, "rgb(255, 255, 255)", `${scheme}: printed on white`);
      assert.equal(seen.text, "rgb(0, 0, 0)", `${scheme}: in black`);
      if (scheme === "dark") assert.notEqual(screen, "rgb(255, 255, 255)", "dark on screen, light in print");
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});

test("the heads tensor's chain of four axes is drawn whole on the map, each label readable", async () => {
  const b = await browser();
  try {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const p = await page(b, { viewport });
      await open(p, `?expr=${encodeURIComponent("out = np.arange(1280.0).reshape(2, 4, 10, 16)\nnp.swapaxes(out, 1, 2)")}`);
      await p.hover('.grid [data-index="1,2,3,4"]');
      await p.waitForSelector(".jump-map .bar", { state: "attached" });
      const seen = await p.evaluate(() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
        const track = box(document.querySelector(".map-track"));
        const labels = [...document.querySelectorAll(".jump-map .bar-label")].map((el) => [el.textContent, box(el)]);
        return { track, labels };
      });
      // 0 + 1·640 + 2·16 + 3·160 + 4·1 = 1156: one bar per axis, i to l.
      assert.deepEqual(seen.labels.map(([t]) => t), ["i 1×(+640)", "j 2×(+16)", "k 3×(+160)", "l 4×(+1)"]);
      for (const [text, r] of seen.labels) {
        assert.ok(r.left >= seen.track.left - 1 && r.right <= seen.track.right + 1, `${viewport.width}px: ${text} leaves the map`);
      }
      const overlap = (a, c) => Math.min(a.right, c.right) - Math.max(a.left, c.left) > 0.5
        && Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top) > 0.5;
      for (let i = 0; i < seen.labels.length; i++) {
        for (let j = i + 1; j < seen.labels.length; j++) {
          assert.ok(!overlap(seen.labels[i][1], seen.labels[j][1]), `${viewport.width}px: ${seen.labels[i][0]} covers ${seen.labels[j][0]}`);
        }
      }
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});

test("sliding windows are drawn as overlapping brackets under the memory they read", async () => {
  const b = await browser();
  try {
    for (const scheme of ["light", "dark"]) {
      const p = await page(b, { colorScheme: scheme, viewport: { width: 390, height: 844 } });
      await open(p, `?expr=${encodeURIComponent("a = np.arange(6.0)\nw = np.lib.stride_tricks.sliding_window_view(a, 3)\nw")}`);
      await p.hover('.memory [data-addr="2"]');
      await p.waitForSelector("[data-role=window].current", { state: "attached" });
      const seen = await p.evaluate(() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
        const cell = (k) => box(document.querySelector(`.memory [data-addr="${k}"]`));
        const bars = [...document.querySelectorAll("[data-role=window]")].map((el) => ({ k: el.dataset.window, ...box(el) }));
        const counts = [...document.querySelectorAll(".memory .reads")].map(box);
        return { bars, cells: [0, 1, 2, 3, 4, 5].map(cell), counts, memory: box(document.querySelector(".memory")) };
      });
      const [w0, w1, w2, w3] = seen.bars;
      // Window k spans cells k to k + 2, under them, below the ×N counts.
      for (const [k, w] of seen.bars.entries()) {
        assert.ok(Math.abs(w.left - seen.cells[k].left) < 1 && Math.abs(w.right - seen.cells[k + 2].right) < 1, `${scheme}: window ${k} spans cells ${k}…${k + 2}`);
        assert.ok(seen.counts.every((c) => w.top >= c.bottom - 0.5), `${scheme}: window ${k} is under the counts`);
        assert.ok(w.bottom <= seen.memory.bottom, `${scheme}: window ${k} inside the memory row`);
      }
      // Overlapping windows in lanes of their own; window 3 overlaps none of window 0's cells.
      assert.ok(w0.top < w1.top && w1.top < w2.top, `${scheme}: overlapping windows get lanes`);
      assert.equal(w3.top, w0.top);
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});
