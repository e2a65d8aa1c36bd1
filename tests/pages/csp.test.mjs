// Every page of the bundle runs under the strict Content-Security-Policy its <meta> declares
// (default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'): no inline
// script or style is needed, nothing is blocked, and nothing fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

for (const path of ["", "demo.html", "embed.html?expr=x%20%3D%20np.arange(6)%0Ax%5B%3A%3A2%5D&lang=es"]) {
  test(`${path || "index.html"} runs under the strict CSP`, async () => {
    const b = await browser();
    try {
      const p = await page(b);
      await open(p, path);
      const csp = await p.$eval("meta[http-equiv=Content-Security-Policy]", (m) => m.content);
      assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
      assert.match(csp, /style-src 'self'/);
      await p.hover(".grid [data-index]");
      await p.waitForTimeout(100);
      assert.deepEqual(await p.evaluate(() => window.__violations), []);
      assert.deepEqual(p.problems, []);
      assert.equal(await p.locator("[style]").count(), path === "demo.html" ? await p.locator("iframe[style]").count() : 0);
    } finally {
      await b.close();
    }
  });
}
