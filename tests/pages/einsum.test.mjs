// Issue 16, the einsum cost panel on the built page: opened by its button at the foot of the lab,
// it shows seed 003's example (A 1000×10, B 10×1000, C 1000×10) with both orders' costs and the
// order np.einsum_path picks; axe-core finds no WCAG 2.1 A/AA violation in it, light and dark;
// the chosen row's text keeps AA contrast. `STRIDES_SHOTS=dir` saves a screenshot of the panel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const AXE = process.env.STRIDES_AXE;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function violations(p) {
  await p.addScriptTag({ path: AXE });
  return p.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  }, TAGS);
}

for (const scheme of ["light", "dark"]) {
  test(`the einsum panel shows the seed's example, ${scheme}`, async () => {
    const b = await browser();
    try {
      // axe-core is injected as an inline script, which the page's CSP (rightly) refuses.
      const p = await page(b, { colorScheme: scheme, bypassCSP: !!AXE });
      await open(p);
      assert.equal(await p.locator("[data-role=einsum]").count(), 0, "off until opened");
      await p.click("[data-role=einsum-open]");
      await p.waitForSelector("[data-role=einsum-order]");
      const rows = await p.locator("[data-role=einsum-order]").evaluateAll((rs) =>
        rs.map((r) => [r.dataset.order, r.dataset.multiplyAdds, r.dataset.chosen]));
      assert.deepEqual(rows, [["(AB)C", "20000000", ""], ["(AC)B", "200000000", ""], ["A(BC)", "200000", "greedy optimal"]]);
      assert.match(await p.locator("[data-role=einsum-saving]").innerText(), /A\(BC\) does 100 times less work than \(AB\)C/);
      await p.locator("[data-role=einsum]").scrollIntoViewIfNeeded();
      if (process.env.STRIDES_SHOTS) {
        await p.locator("[data-role=einsum]").screenshot({ path: `${process.env.STRIDES_SHOTS}/einsum-${scheme}.png` });
      }
      if (AXE) assert.deepEqual(await violations(p), [], `${scheme}, einsum panel`);
      assert.deepEqual(p.problems, []);
    } finally {
      await b.close();
    }
  });
}
