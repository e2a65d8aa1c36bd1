// Issue 24's quiz items, as a learner, an author and a keyboard user meet them in the release
// bundle: two labs of one page asking one file (§4), an iframe asking a file on another site
// (§5), an author's mistakes in a file said in the lab's language (§6; §8: a setup that raises,
// viewed in Spanish), no internal "seed 00x" words (§20), and the question buttons as one Tab
// stop (§21).
//
// The keys are NumPy 2.4.6's:
//   np.zeros((2, 3, 4), dtype=np.int16).transpose(2, 0, 1).strides == (2, 24, 8)
//   np.zeros((2, 3, 4), dtype=np.int32).transpose(2, 0, 1).strides == (4, 48, 16)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { browser, page, open, BASE } from "./browser.mjs";

const COURSE = readFileSync(new URL("../../questions/examples/course.json", import.meta.url), "utf8");
const KEYS = { 0: "(2, 24, 8)", 1: "(4, 48, 16)" };

const TWO = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Two labs</title>
  <script type="module" src="dist/web/strides-lab.js"></script>
  <script type="module" src="two.js"></script>
</head>
<body>
  <strides-lab id="element" panels="quiz" questions="questions.json" question="c1-strides-bytes"></strides-lab>
  <div id="api"></div>
</body>
</html>`;

const TWO_JS = `
import { mount } from "./dist/web/strides-lab.js";
await mount(document.getElementById("api"), { questions: "questions.json", panels: "quiz", question: "c1-strides-bytes" });`;

/** Serves `files` at /two/, with the bundle at /two/dist/. */
async function serve(p, files) {
  const base = new URL(BASE);
  await p.route(`${base.origin}/two/dist/**`, (route) => {
    const url = new URL(route.request().url());
    route.continue({ url: new URL(url.pathname.replace("/two/dist/", "/") + url.search, base).href });
  });
  for (const [name, [type, body]] of Object.entries(files)) {
    await p.route(`${base.origin}/two/${name}`, (route) => route.fulfill({ contentType: type, body }));
  }
}

/** The variant and the seed each lab's card shows. */
async function variants(p) {
  const out = {};
  for (const id of ["element", "api"]) {
    const card = p.locator(`#${id} .quiz-card[data-question="c1-strides-bytes"]`);
    await card.waitFor({ timeout: 20000 });
    out[id] = { variant: await card.getAttribute("data-variant"), said: await card.locator("[data-role=variant]").innerText() };
  }
  return out;
}

async function check(p, id, typed) {
  const lab = p.locator(`#${id}`);
  await lab.locator(".quiz-card [data-role=answer]").fill(typed);
  await lab.locator(".quiz-card [data-role=check]").click();
  await new Promise((r) => setTimeout(r, 150));
  const feedback = lab.locator(".quiz-card [data-role=feedback]");
  await feedback.waitFor();
  return feedback.getAttribute("data-correct");
}

test("two labs of one page asking one file show the same variant, now and after a reload, and share valid answers", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await serve(p, { "page.html": ["text/html", TWO], "two.js": ["text/javascript", TWO_JS],
      "questions.json": ["application/json", COURSE] });
    // A first visit: no seed kept yet.
    await p.goto(new URL("/two/page.html", BASE).href);
    await p.evaluate(() => localStorage.clear());
    await p.reload();
    const first = await variants(p);
    assert.deepEqual(first.element, first.api, "both labs draw one seed");
    await p.reload();
    const again = await variants(p);
    assert.deepEqual(again, first, "the same numbers on the next visit, in both labs");
    // An answer given in one lab is an answer to the other's numbers.
    const key = KEYS[first.element.variant];
    assert.equal(await check(p, "element", key), "true");
    await p.reload();
    await variants(p);
    assert.equal(await p.locator('#api .quiz-nav [data-question="c1-strides-bytes"]').getAttribute("data-state"), "right");
    assert.equal(await check(p, "api", key), "true");
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("the iframe asks a question file on another site, and says in Spanish when it cannot", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    const far = "https://curso.example.org/leccion2/";
    await p.route(`${far}preguntas.json`, (route) => route.fulfill({ contentType: "application/json", body: COURSE,
      headers: { "Access-Control-Allow-Origin": "*" } }));
    // What a browser makes of a site that sends no CORS header, or cannot be reached: fetch
    // rejects with "Failed to fetch" (Playwright's fulfilled responses skip the CORS check, so the
    // refusal is made here).
    await p.route(`${far}sin-cors.json`, (route) => route.abort("accessdenied"));
    const frame = async (file) => {
      await p.goto(new URL(`embed.html?panels=quiz&lang=es&questions=${encodeURIComponent(far + file)}`, BASE).href);
      await p.waitForSelector(".quiz-card, [data-role=question-problems]", { timeout: 20000 });
    };
    await frame("preguntas.json");
    assert.equal(await p.locator(".quiz-nav [data-question]").count(), 11);
    assert.equal(await p.locator("[data-role=question-problems]").count(), 0);
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
    // Without CORS the browser refuses to hand the file over: said in the lab's language, with
    // what the author's site must send, and no "1 / 0" to step through.
    await frame("sin-cors.json");
    const said = await p.locator("[data-role=question-problems] li").allInnerTexts();
    assert.equal(said.length, 1, said.join("\n"));
    assert.match(said[0], /sin-cors\.json: no se ha podido descargar\. .*Access-Control-Allow-Origin/);
    assert.doesNotMatch(said[0], /Failed to fetch/);
    assert.equal(await p.locator(".quiz-step").count(), 0);
    assert.doesNotMatch(await p.locator("[data-role=quiz]").innerText(), /1 \/ 0/);
  } finally {
    await b.close();
  }
});

test("an unknown field and a field of the wrong kind are named, with their path, in the lab's language", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const said = await p.evaluate(async () => {
      const { mount } = await import("./web/strides-lab.js");
      const file = {
        format: "strides-lab/questions@1",
        questions: [
          { id: "m9-unit", ask: "position", unit: "bytes", setup: "x = np.zeros((3, 5))", of: "x", index: [2, 3],
            prompt: { en: "Where, in bytes?", es: "¿Dónde, en bytes?" } },
          { id: "m9-hint", ask: "shape", setup: "x = np.zeros((3, 5))", of: "x", hint: "Count the columns",
            prompt: { en: "Shape?", es: "¿Shape?" } },
          { id: "m9-ok", ask: "shape", setup: "x = np.zeros((3, 5))", of: "x", prompt: { en: "Shape?", es: "¿Shape?" } },
        ],
      };
      const out = {};
      for (const lang of ["en", "es"]) {
        const el = document.createElement("div");
        document.body.append(el);
        await mount(el, { questions: file, panels: "quiz", lang });
        for (let i = 0; i < 100 && !el.querySelector("[data-role=question-problems] li"); i++) await new Promise((r) => setTimeout(r, 50));
        out[lang] = {
          problems: [...el.querySelectorAll("[data-role=question-problems] li")].map((li) => li.textContent),
          asked: [...el.querySelectorAll(".quiz-nav [data-question]")].map((q) => q.dataset.question),
        };
      }
      return out;
    });
    assert.deepEqual(said.en.asked, ["m9-ok"]);
    assert.deepEqual(said.en.problems, [
      'the questions given to mount(): question m9-unit, unit: unknown field "unit": the closest known one is "units"',
      'the questions given to mount(): question m9-hint, hint: needs a text in each language, {"en": "...", "es": "..."}, not a text',
    ]);
    assert.deepEqual(said.es.problems, [
      'las preguntas dadas a mount(): pregunta m9-unit, unit: campo desconocido "unit": el conocido más parecido es "units"',
      'las preguntas dadas a mount(): pregunta m9-hint, hint: necesita un texto en cada idioma, {"en": "...", "es": "..."}, no un texto',
    ]);
    for (const line of [...said.en.problems, ...said.es.problems]) assert.doesNotMatch(line, /Langs|invalid type|, :/);
  } finally {
    await b.close();
  }
});

test("the question buttons are one Tab stop; arrows, Home and End move among them", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    await p.waitForSelector(".quiz-nav [data-question]", { timeout: 20000 });
    const buttons = await p.locator(".quiz-nav [data-question]").count();
    assert.ok(buttons > 40, `${buttons} questions`);
    assert.equal(await p.locator(".quiz-nav [data-question][tabindex='0']").count(), 1);
    assert.equal(await p.locator(".quiz-nav [role=toolbar]").count(), 1);
    const focused = () => p.evaluate(() => document.activeElement?.dataset.question ?? `not a question: ${document.activeElement?.tagName}`);
    const ids = await p.locator(".quiz-nav [data-question]").evaluateAll((bs) => bs.map((b) => b.dataset.question));
    await p.focus(".quiz-nav [data-question][tabindex='0']");
    assert.equal(await focused(), ids[0]);
    await p.keyboard.press("ArrowRight");
    assert.equal(await focused(), ids[1]);
    await p.keyboard.press("End");
    assert.equal(await focused(), ids[ids.length - 1]);
    await p.keyboard.press("ArrowRight");
    assert.equal(await focused(), ids[0], "wraps around");
    await p.keyboard.press("ArrowLeft");
    assert.equal(await focused(), ids[ids.length - 1]);
    // A question with no code box: the next Tab stop after the buttons is then a plain field. (A
    // code question's box becomes the code editor when focused, whose Shift+Tab dedents, as its
    // help says: Esc, then Tab, leaves it.)
    const plain = ids.findIndex((id, k) => k >= 2 && !/code/.test(id));
    assert.ok(plain >= 2, ids.join(" "));
    await p.keyboard.press("Home");
    for (let k = 0; k < plain; k++) await p.keyboard.press("ArrowDown");
    await p.keyboard.press("Enter");
    assert.equal(await p.locator(".quiz-card").getAttribute("data-question"), ids[plain]);
    // One Tab leaves the buttons: the next stop is outside them.
    await p.keyboard.press("Tab");
    assert.match(await focused(), /^not a question/);
    assert.equal(await p.evaluate(() => !!document.activeElement.closest(".quiz-nav")), false);
    // Shift+Tab comes back to the button last focused.
    await p.keyboard.press("Shift+Tab");
    assert.equal(await focused(), ids[plain]);
    assert.deepEqual(p.problems, []);
  } finally {
    await b.close();
  }
});

test("no learner-visible text calls an example group by its seed number", async () => {
  const b = await browser();
  try {
    const p = await page(b);
    for (const lang of ["en", "es"]) {
      await open(p, `?lang=${lang}`);
      await p.locator(".examples details.more summary").click();
      const titles = await p.locator(".preset-group .group-title").allInnerTexts();
      assert.equal(titles.length, 6);
      for (const t of titles) assert.doesNotMatch(t, /seeds? \d{3}|§/, t);
      assert.doesNotMatch(await p.locator("body").innerText(), /seeds? 00\d/);
    }
  } finally {
    await b.close();
  }
});

test("a question file whose setup raises, viewed in Spanish, is said in Spanish with NumPy's own words", async () => {
  // NumPy 2.4.6: np.zeros(6).reshape(4) raises
  //   ValueError: cannot reshape array of size 6 into shape (4,)
  const reshape = "ValueError: cannot reshape array of size 6 into shape (4,)";
  const b = await browser();
  try {
    const p = await page(b);
    await open(p);
    const said = await p.evaluate(async () => {
      const { mount } = await import("./web/strides-lab.js");
      const prompt = { en: "Shape?", es: "¿Shape?" };
      const file = {
        format: "strides-lab/questions@1",
        questions: [
          { id: "m8-setup", ask: "shape", setup: "x = np.zeros(6).reshape(4)", of: "x", prompt },
          { id: "m8-not-yet", ask: "shape", setup: "x = np.polyfit(np.arange(3), np.arange(3), 1)", of: "x", prompt },
          { id: "m8-index", ask: "position", setup: "x = np.zeros((2, 3))", of: "x", index: [0, "{i}"], params: { i: ["a"] }, prompt },
          { id: "m8-claim", ask: "choice", setup: "x = np.zeros(6)", prompt,
            choices: [{ label: { en: "A", es: "A" }, code: "x.reshape(4).ndim == 1", claim: "true" }] },
          { id: "m8-ok", ask: "shape", setup: "x = np.zeros((3, 5))", of: "x", prompt },
        ],
      };
      const out = {};
      for (const lang of ["en", "es"]) {
        const el = document.createElement("div");
        document.body.append(el);
        await mount(el, { questions: file, panels: "quiz", lang });
        for (let i = 0; i < 100 && !el.querySelector("[data-role=question-problems] li"); i++) await new Promise((r) => setTimeout(r, 50));
        out[lang] = [...el.querySelectorAll("[data-role=question-problems] li")].map((li) => li.textContent);
      }
      return out;
    });
    const where = "the questions given to mount(): ";
    assert.deepEqual(said.en, [
      `${where}question m8-setup, setup: raises ${reshape}`,
      `${where}question m8-not-yet, setup: np.polyfit is part of NumPy, but this lab does not run it yet`,
      `${where}question m8-index, index[1]: 'a' is not an integer`,
      `${where}question m8-claim, choices[0].code: raises ${reshape}`,
    ]);
    const donde = "las preguntas dadas a mount(): ";
    assert.deepEqual(said.es, [
      `${donde}pregunta m8-setup, setup: lanza ${reshape}`,
      `${donde}pregunta m8-not-yet, setup: np.polyfit es parte de NumPy, pero este laboratorio aún no lo ejecuta`,
      `${donde}pregunta m8-index, index[1]: 'a' no es un número entero`,
      `${donde}pregunta m8-claim, choices[0].code: lanza ${reshape}`,
    ]);
    // Outside NumPy's own message, the author's quoted text and the field names: no English.
    const ENGLISH = /\b(the|this|that|does|which|what|when|yet|would|is|not|an|raises|lab|but|run|integer|question)\b/i;
    for (const line of said.es) {
      const prose = line.replace(reshape, " ").replace(/'[^']*'/g, " ").replace(/[\w.]*[._(\[][\w.()\[\], :'"-]*/g, " ");
      assert.doesNotMatch(prose, ENGLISH, line);
    }
  } finally {
    await b.close();
  }
});
