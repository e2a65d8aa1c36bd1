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
