// Open edX's JSInput problem type, for embed.html: the functions it calls on the iframe's window,
//
//   getGrade()        a JSON string: {questionId, variant, response, correct, answered, diagnosis}
//                     for the problem's question (embed.html?question=ID, else the last one
//                     answered): its last checked answer, whether it was right, how many answers
//                     were checked, and the diagnosis of the last one checked on this visit;
//   getState()        a JSON string of the lab's state (getState() of the lab, "Save and resume");
//   setState(state)   that string (or the object) back, before or after the lab has started;
//
// on `window` directly (JSInput with the iframe on the course's origin), and through JSChannel's
// messages (JSInput with sop="false", the lab on another origin): a "JSInput::__ready" ping
// answered with a pong, and requests {id, method: "JSInput::getGrade" | "getState" | "setState",
// params} answered with {id, result}, or {id, error, message}.
//
// The strings never hold "%" (it is written \u0025, which JSON reads back the same): JSInput
// passes getState's string through unescape(), and through decodeURI() over JSChannel, which would
// change or refuse it.

const SCOPE = "JSInput";

/** JSON text without a literal "%" (only strings can hold one, where \u0025 means the same). */
function json(value) {
  return JSON.stringify(value).replaceAll("%", "\\u0025");
}

/**
 * Puts getGrade, getState and setState on `win` for the lab `ready` resolves to (mount()'s
 * handle), whose element is `root` and options `options`, and answers JSChannel's messages.
 */
export function expose(win, root, ready, options) {
  let handle = null;
  let pending = null;
  let lastAnswered = null;
  const heard = {};
  root.addEventListener("strides-lab:answered", (event) => {
    lastAnswered = event.detail.questionId;
    heard[lastAnswered] = event.detail;
  });
  ready.then((h) => {
    handle = h;
    if (pending !== null) h.setState(pending);
    pending = null;
  });

  const state = () => handle?.getState() ?? pending;

  win.getGrade = () => {
    const id = options.question ?? lastAnswered;
    const now = state();
    const answer = id ? now?.answers?.[id] : undefined;
    return json({
      questionId: id ?? null,
      variant: id ? (heard[id]?.variant ?? now?.variants?.[id] ?? 0) : null,
      response: answer?.last ?? "",
      correct: answer?.correct === true,
      answered: answer?.answered ?? 0,
      diagnosis: heard[id]?.diagnosis ?? null,
    });
  };
  win.getState = () => json(state());
  win.setState = (given) => {
    const value = typeof given === "string" ? JSON.parse(given) : given;
    // Nothing saved yet (JSInput stores what getState gave, "null" before the lab had started).
    if (value === null || value === undefined) return;
    if (handle) handle.setState(value);
    else pending = value;
  };

  const methods = {
    getGrade: () => win.getGrade(),
    getState: () => win.getState(),
    setState: (params) => win.setState(params),
  };
  win.addEventListener("message", (event) => {
    if (event.source !== win.parent || typeof event.data !== "string") return;
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message === null || typeof message !== "object" || typeof message.method !== "string") return;
    const [scope, method] = message.method.split("::");
    if (scope !== SCOPE) return;
    const reply = (m) => event.source.postMessage(JSON.stringify(m), event.origin === "null" ? "*" : event.origin);
    if (method === "__ready") {
      if (message.params === "ping") reply({ method: `${SCOPE}::__ready`, params: "pong" });
      return;
    }
    if (message.id === undefined || !Object.hasOwn(methods, method)) return;
    try {
      const result = methods[method](message.params);
      reply(result === undefined ? { id: message.id } : { id: message.id, result });
    } catch (error) {
      reply({ id: message.id, error: "runtime_error", message: String(error?.message ?? error) });
    }
  });
  if (win.parent !== win) {
    win.parent.postMessage(JSON.stringify({ method: `${SCOPE}::__ready`, params: "ping" }), "*");
  }
}
