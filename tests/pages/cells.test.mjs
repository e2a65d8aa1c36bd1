// Every number a cell shows fits inside the cell: on a long memory row (the heads tensor's 1,280
// cells) the cells keep their width and the row scrolls, instead of squeezing "1142.0" out of its
// box into its neighbours'. Grid cells and memory cells, elements and bytes, phone and desktop.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, page, open } from "./browser.mjs";

const HEADS = "out = np.arange(1280.0).reshape(2, 4, 10, 16)\nnp.swapaxes(out, 1, 2)";
const SHELF = "a = np.arange(12, dtype=np.int32).reshape(3, 4)\na";

/** The cells whose text is wider than the cell (first few), and how many cells were measured. */
function overflowing(p) {
  return p.evaluate(() => {
    const cells = [...document.querySelectorAll(".grid [data-index], .memory [data-addr]")];
    const bad = cells
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.dataset.index ?? "mem " + el.dataset.addr}: ${el.scrollWidth} > ${el.clientWidth}`);
    return { bad, count: cells.length };
  });
}

test("no cell's number spills out of its cell", async () => {
  const b = await browser();
  try {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      for (const [expr, units] of [[HEADS, "elements"], [SHELF, "bytes"], [HEADS, "bytes"]]) {
        const p = await page(b, { viewport });
        await open(p, `?expr=${encodeURIComponent(expr)}&units=${units}`);
        const { bad, count } = await overflowing(p);
        assert.ok(count > 0, "cells were measured");
        assert.deepEqual(bad, [], `${viewport.width}px, ${units}, ${expr}`);
        assert.deepEqual(p.problems, []);
        await p.close();
      }
    }
  } finally {
    await b.close();
  }
});
