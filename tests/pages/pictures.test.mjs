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
      assert.deepEqual(p.problems, []);
      await p.close();
    }
  } finally {
    await b.close();
  }
});
