// Strides Lab in an LMS: the bridge between the lab's quiz and the LMS's SCORM API, written into
// each package by `strides quiz scorm` beside its launch page (strides-scorm.html).
//
// It finds the LMS's API object as SCORM specifies (window, its parents, then window.opener and
// its parents: `API` for SCORM 1.2, `API_1484_11` for 2004, as the launch page's data-scorm
// says), initializes it, mounts the lab's quiz on the package's question file, and after each
// answer the lab checks (its `strides-lab:answered` event) reports:
//
// - the score, 0 to 100: the questions of the file whose last answer is right, over all the
//   file's questions, rounded (cmi.core.score.raw, min 0, max 100; 2004: cmi.score.*, and
//   cmi.score.scaled from 0 to 1);
// - the status: `incomplete` until every question has been answered once, then `completed`, and
//   `passed` as soon as the score reaches the mastery score (data-mastery, 100 unless the package
//   was made with --mastery). It follows the answers both ways: a right answer turned wrong
//   lowers the score and may take `passed` back to `completed`. (2004: cmi.completion_status is
//   incomplete/completed, cmi.success_status passed or unknown.) The lab never says `failed`:
//   a learner may answer again;
// - the learner's progress, the lab's getState() made compact (below), in cmi.suspend_data, and
//   LMSCommit. On the next launch it is given back to the lab with setState(), so the answers,
//   the variant seed and the variants come back.
//
// When the page goes (pagehide), it reports once more, sets cmi.core.exit to `suspend` (so the
// LMS keeps the progress for the next launch), the session time, commits and calls LMSFinish
// (2004: Terminate).
//
// The LMS is where the progress is kept: the lab's own copy in the browser (localStorage) is
// cleared at launch, so that two learners of the same computer, or two courses of the same LMS,
// never mix their answers.
//
// suspend_data: SCORM 1.2 keeps at most 4096 characters (2004: 64 000). The state is stored as
// {"v":1,"s":seed,"n":{id:variant},"a":{id:[answers,right(1|0),"last answer"]}} with only the
// file's questions. When it is longer than the limit, it is shortened in steps until it fits:
// first the variants go (the seed picks the same ones again), then the last answers' texts
// (the lab then shows each question's verdict without the learner's text), then whole
// questions, wrong ones first, from the end of the file, then right ones. The score the LMS
// holds is reported apart and is not touched; a question left out comes back unanswered on the
// next launch, and the next report counts it so.
// A 1.2 package of about 140 questions with ids of 20 characters fits whole without texts.
//
// Without an LMS (the page opened on its own) the quiz works and says that nothing is reported.

import { mount } from "./web/strides-lab.js";

/** What differs between SCORM 1.2 and 2004. */
export const VERSIONS = {
  "1.2": {
    api: "API", initialize: "LMSInitialize", terminate: "LMSFinish", get: "LMSGetValue",
    set: "LMSSetValue", commit: "LMSCommit", error: "LMSGetLastError", limit: 4096,
    raw: "cmi.core.score.raw", min: "cmi.core.score.min", max: "cmi.core.score.max",
    status: "cmi.core.lesson_status", exit: "cmi.core.exit", time: "cmi.core.session_time",
  },
  "2004": {
    api: "API_1484_11", initialize: "Initialize", terminate: "Terminate", get: "GetValue",
    set: "SetValue", commit: "Commit", error: "GetLastError", limit: 64000,
    raw: "cmi.score.raw", min: "cmi.score.min", max: "cmi.score.max", scaled: "cmi.score.scaled",
    completion: "cmi.completion_status", success: "cmi.success_status",
    exit: "cmi.exit", time: "cmi.session_time",
  },
};

/** The lab's own stores, cleared at launch (see the header). */
const LAB_STORAGE = ["strides-lab.progress", "strides-lab.variant-seed"];

const SAID = {
  en: {
    none: "No LMS was found around this page: the quiz works, but no score or progress is reported.",
    refused: "The LMS did not accept the start of this session: the quiz works, but no score or progress is reported.",
  },
  es: {
    none: "No se ha encontrado ningún LMS alrededor de esta página: el cuestionario funciona, pero no se envía ninguna nota ni progreso.",
    refused: "El LMS no ha aceptado el inicio de esta sesión: el cuestionario funciona, pero no se envía ninguna nota ni progreso.",
  },
};

/**
 * The LMS's API object named `name`: on `from`, its parents, then its opener and the opener's
 * parents (SCORM 1.2 RTE 3.3.6.1, and 2004's API_1484_11 the same way); null when there is none.
 * A window of another origin ends the search along its line.
 */
export function findApi(name, from = window) {
  const along = (start) => {
    let win = start;
    for (let hops = 0; win && hops < 500; hops++) {
      try {
        if (win[name]) return win[name];
        if (win.parent === win) return null;
        win = win.parent;
      } catch {
        return null;
      }
    }
    return null;
  };
  let opener = null;
  try { opener = from.opener; } catch { opener = null; }
  return along(from) ?? (opener ? along(opener) : null);
}

/** Each question of `ids`: [answers, 1 if the last was right else 0, last answer]. */
function entries(state, ids) {
  const out = [];
  for (const id of ids) {
    const a = state?.answers?.[id];
    if (a && Number.isInteger(a.answered) && a.answered > 0) {
      out.push([id, [a.answered, a.correct ? 1 : 0, String(a.last ?? "")]]);
    }
  }
  return out;
}

/**
 * `state` (getState()'s) as suspend_data of at most `limit` characters, with only the questions
 * `ids`: {text, shortened} where `shortened` names the steps taken ("variants", "texts", and
 * "questions: N" for N questions left out).
 */
export function compact(state, ids, limit) {
  const seed = Number.isInteger(state?.seed) ? state.seed : null;
  const variants = {};
  for (const id of ids) {
    const n = state?.variants?.[id];
    if (Number.isInteger(n)) variants[id] = n;
  }
  let kept = entries(state, ids);
  const write = (withVariants, withTexts) => JSON.stringify({
    v: 1, s: seed, ...(withVariants ? { n: variants } : {}),
    a: Object.fromEntries(kept.map(([id, [n, right, last]]) => [id, withTexts ? [n, right, last] : [n, right]])),
  });
  let text = write(true, true);
  if (text.length <= limit) return { text, shortened: [] };
  text = write(false, true);
  if (text.length <= limit) return { text, shortened: ["variants"] };
  text = write(false, false);
  if (text.length <= limit) return { text, shortened: ["variants", "texts"] };
  // Wrong ones first, from the end of the file; then right ones, from the end.
  const order = [...kept.filter(([, e]) => !e[1]).reverse(), ...kept.filter(([, e]) => e[1]).reverse()];
  let dropped = 0;
  for (const [id] of order) {
    kept = kept.filter(([k]) => k !== id);
    dropped += 1;
    text = write(false, false);
    if (text.length <= limit) break;
  }
  return { text, shortened: ["variants", "texts", `questions: ${dropped}`] };
}

/** suspend_data back as a state setState() takes; null when it is not ours. */
export function expand(text) {
  let data;
  try { data = JSON.parse(text); } catch { return null; }
  if (data === null || typeof data !== "object" || data.v !== 1 || typeof data.a !== "object" || data.a === null) return null;
  const answers = {};
  for (const [id, e] of Object.entries(data.a)) {
    if (!Array.isArray(e) || !Number.isInteger(e[0])) continue;
    answers[id] = { answered: e[0], correct: e[1] === 1, last: typeof e[2] === "string" ? e[2] : "" };
  }
  const state = { format: "strides-lab/state@1", answers, variants: data.n ?? {} };
  if (Number.isInteger(data.s)) state.seed = data.s;
  return state;
}

/** {right, total, raw}: the questions of `ids` whose last answer is right, and the score 0–100. */
export function score(state, ids) {
  const right = ids.filter((id) => state?.answers?.[id]?.correct === true).length;
  const total = ids.length;
  return { right, total, raw: total === 0 ? 0 : Math.round((100 * right) / total) };
}

/** `incomplete`, `completed` (every question answered) or `passed` (the score reaches `mastery`). */
export function status(state, ids, mastery) {
  if (ids.length > 0 && score(state, ids).raw >= mastery) return "passed";
  const all = ids.every((id) => (state?.answers?.[id]?.answered ?? 0) > 0);
  return all ? "completed" : "incomplete";
}

/** `seconds` as SCORM 1.2's CMITimespan (HHHH:MM:SS.SS) or 2004's ISO 8601 duration. */
export function duration(seconds, version) {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = (s % 60).toFixed(2);
  if (version === "2004") return `PT${h}H${m}M${rest}S`;
  return `${String(h).padStart(4, "0")}:${String(m).padStart(2, "0")}:${rest.padStart(5, "0")}`;
}

/** A session with the LMS: get/set/commit/finish over the API of `version`. */
function session(api, version) {
  const names = VERSIONS[version];
  // An API that throws is treated as one that refuses: the quiz must work whatever the LMS does.
  const call = (fn, ...args) => {
    try { return String(api[names[fn]](...args)); } catch { return "false"; }
  };
  return {
    names,
    start: () => call("initialize", "") === "true",
    get: (key) => call("get", key),
    set: (key, value) => call("set", key, String(value)) === "true",
    commit: () => call("commit", ""),
    finish: () => call("terminate", ""),
  };
}

function notice(text) {
  const p = document.getElementById("strides-scorm-notice");
  if (p) {
    p.textContent = text;
    p.hidden = false;
  }
}

async function start() {
  const config = document.body.dataset;
  const version = config.scorm === "2004" ? "2004" : "1.2";
  const mastery = Number(config.mastery ?? 100);
  const lang = config.lang || null;
  const said = SAID[lang ?? document.documentElement.lang] ?? SAID.en;
  const started = performance.now();

  const api = findApi(VERSIONS[version].api);
  let lms = api ? session(api, version) : null;
  if (!api) notice(said.none);
  else if (!lms.start()) {
    notice(said.refused);
    lms = null;
  }
  const n = lms?.names;
  let saved = null;
  if (lms) {
    if (version === "1.2") {
      const now = lms.get(n.status);
      if (now === "" || now === "not attempted") lms.set(n.status, "incomplete");
    } else {
      const now = lms.get(n.completion);
      if (now === "" || now === "unknown" || now === "not attempted") lms.set(n.completion, "incomplete");
    }
    saved = expand(lms.get("cmi.suspend_data"));
    lms.commit();
  }
  for (const key of LAB_STORAGE) {
    try { localStorage.removeItem(key); } catch { /* no storage here */ }
  }

  // The file is read once here: its questions are what the score counts, and the lab takes it
  // already parsed. If it cannot be read, the lab is given its URL and says what is wrong.
  let file = config.questions;
  let ids = [];
  try {
    const response = await fetch(config.questions);
    if (response.ok) {
      file = await response.json();
      ids = (file.questions ?? []).map((q) => q.id).filter((id) => typeof id === "string");
    }
  } catch { /* the lab reports it */ }

  const root = document.getElementById("lab");
  const options = { questions: file, panels: "quiz" };
  if (lang) options.lang = lang;
  const lab = await mount(root, options);
  if (saved) lab.setState(saved);

  const report = () => {
    const state = lab.getState();
    if (!lms || !state) return;
    const { raw } = score(state, ids);
    lms.set(n.min, 0);
    lms.set(n.max, 100);
    lms.set(n.raw, raw);
    const now = status(state, ids, mastery);
    if (version === "1.2") {
      lms.set(n.status, now);
    } else {
      lms.set(n.scaled, raw / 100);
      lms.set(n.completion, now === "incomplete" ? "incomplete" : "completed");
      lms.set(n.success, now === "passed" ? "passed" : "unknown");
    }
    lms.set("cmi.suspend_data", compact(state, ids, n.limit).text);
    lms.commit();
  };
  // Reported only once something was answered in this session: before that, the lab may not
  // have taken the saved state yet, and the LMS already holds what it should.
  let answered = false;
  const onAnswered = () => {
    answered = true;
    report();
  };
  root.addEventListener("strides-lab:answered", onAnswered);

  let finished = false;
  const finish = () => {
    if (finished || !lms) return;
    finished = true;
    root.removeEventListener("strides-lab:answered", onAnswered);
    if (answered) report();
    lms.set(n.exit, "suspend");
    lms.set(n.time, duration((performance.now() - started) / 1000, version));
    lms.commit();
    lms.finish();
  };
  window.addEventListener("pagehide", finish);
  window.addEventListener("beforeunload", finish);
  // For tests and for an author who wants to end the session from the page.
  window.stridesScorm = { lab, ids, version, finish };
}

if (document.body?.dataset.scorm) start();
