// The lab's engine in a dedicated module Worker, one per page, shared by every lab on it
// (src/engine/worker.rs starts it). The page's first message says where the engine's module is
// ({start: {glue, wasm}}: URLs the page resolved, beside its own module or blob: URLs in a
// notebook), so this script imports nothing by a relative path and works from any URL. Then each
// message is a request's envelope {id, body}, answered in order by the engine's `answer` with the
// reply's {id, body}, and the engine's memory in bytes beside them (the page replaces a worker
// whose memory grew past its threshold, which gives the memory back). Before answering, the
// worker says {began: id}, from which the page counts the request's time limit.
//
// Messages the page receives: {ready, memory} once the engine is loaded; {began: id};
// {id, body, memory} a reply; {id, failed} when the engine stopped on a request (a bug: the page
// starts a new worker); {failed} when the engine could not load.
let engine = null;

async function start({ glue, wasm }) {
  try {
    const module = await import(glue);
    const exports = await module.default({ module_or_path: wasm });
    engine = { answer: module.answer, memory: exports.memory };
    self.strideslabEngine = "ready"; // for tests that look inside the worker
    self.postMessage({ ready: true, memory: engine.memory.buffer.byteLength });
  } catch (error) {
    self.postMessage({ failed: String(error?.message ?? error) });
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message?.start) {
    start(message.start);
    return;
  }
  if (engine === null) return; // the page sends requests only after {ready}
  self.postMessage({ began: message.id });
  let reply;
  try {
    reply = engine.answer(message);
  } catch (error) {
    self.postMessage({ id: message.id, failed: String(error?.message ?? error) });
    return;
  }
  reply.memory = engine.memory.buffer.byteLength;
  self.postMessage(reply);
};
