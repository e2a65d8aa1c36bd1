/*! Strides Lab's code editor. Bundles CodeMirror 6 (MIT, Marijn Haverbeke and others:
 * @codemirror/view, state, commands, language, lang-python; @lezer/common, lr, highlight, python;
 * style-mod, w3c-keyname, crelt), https://codemirror.net */
// The code editor of the lab's two code boxes (the program box, `data-role="expression"`, and a
// quiz's code answer, `data-role="code-answer"`). strides-lab.js imports this module when one of
// them is first focused; until then the plain textarea works on its own.
//
// The textarea stays the box's source of truth for the Yew component and for tests: the editor
// sits after it, the textarea is hidden but kept, and
// - each edit is written into the textarea and announced with an `input` event (the quiz card
//   keeps its answer from it; the program box reads the textarea when it runs);
// - a value the component writes into the textarea (another example, the next question) is shown
//   in the editor;
// - running is the textarea's own key: the editor presses Ctrl+Enter on it, which runs the
//   program or checks the answer;
// - focusing the textarea (its label, a script) focuses the editor, with the textarea's selection.
import { EditorState, EditorSelection, RangeSetBuilder } from "@codemirror/state";
import { EditorView, ViewPlugin, Decoration, keymap } from "@codemirror/view";
import { history, historyKeymap, defaultKeymap, insertNewlineAndIndent, indentMore, indentLess } from "@codemirror/commands";
import { syntaxHighlighting, bracketMatching, indentOnInput, indentUnit } from "@codemirror/language";
import { pythonLanguage } from "@codemirror/lang-python";
import { classHighlighter } from "@lezer/highlight";
import { StyleModule } from "style-mod";

const UNIT = 4;

// CodeMirror writes its own layout rules through style-mod, which puts them in a <style> element
// when the editor is in a document (a strict `style-src 'self'` blocks that) and in a
// constructable stylesheet in a shadow root. Documents get a constructable stylesheet here too: a
// Content-Security-Policy governs <style> elements and style attributes, not sheets built through
// the CSSOM. Browsers without constructable stylesheets keep style-mod's own way.
const sheets = new WeakMap();
const mountStyles = StyleModule.mount;
StyleModule.mount = function mount(root, modules, options) {
  const view = root.defaultView;
  if (root.nodeType !== 9 || !view || !("adoptedStyleSheets" in root) || !("replaceSync" in view.CSSStyleSheet.prototype)) {
    return mountStyles.call(this, root, modules, options);
  }
  let entry = sheets.get(root);
  if (!entry) {
    entry = { sheet: new view.CSSStyleSheet(), modules: [] };
    sheets.set(root, entry);
  }
  let changed = false;
  for (const module of Array.isArray(modules) ? modules : [modules]) {
    if (!entry.modules.includes(module)) {
      entry.modules.push(module);
      changed = true;
    }
  }
  if (changed) entry.sheet.replaceSync(entry.modules.map((m) => m.getRules()).join("\n"));
  if (!root.adoptedStyleSheets.includes(entry.sheet)) root.adoptedStyleSheets = [entry.sheet, ...root.adoptedStyleSheets];
};

/**
 * Whether a program, up to the cursor at its end, is complete: Enter then runs it, as Python's
 * prompt would. It is not while a bracket or a triple-quoted string is open, while its last line
 * ends with `:` or `\`, or while its last logical line (brackets may span lines) is indented in a
 * program of several lines (inside a block, as after `def f(x):`).
 */
export function complete(text) {
  let depth = 0;
  let quote = "";
  let last = "";
  // Where the last logical line starts (its brackets may span lines).
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (text.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = "";
      } else if (c === "\n" && quote.length === 1) quote = "";
      continue;
    }
    if (c === "#") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end - 1;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      i += quote.length - 1;
    } else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth = Math.max(0, depth - 1);
    if (c === "\n") {
      last = "";
      if (depth === 0) lineStart = i + 1;
    } else if (c.trim()) last = c;
  }
  if (quote.length === 3 || depth > 0 || last === ":" || last === "\\") return false;
  // An indented last logical line is in a block.
  const line = text.slice(lineStart);
  return !(lineStart > 0 && /^[ \t]/.test(line) && line.trim());
}

/**
 * A line too long for the box wraps one indent deeper than the line itself, so that its rest never
 * looks like a line of its own (in Python, where indentation is meaning). The style is set through
 * the CSSOM, which a strict `style-src` allows.
 */
const wrapIndent = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.decorations = this.build(view);
    }
    update(update) {
      if (update.docChanged || update.viewportChanged) this.decorations = this.build(update.view);
    }
    build(view) {
      const lines = new RangeSetBuilder();
      for (const { from, to } of view.visibleRanges) {
        for (let at = from; at <= to; ) {
          const line = view.state.doc.lineAt(at);
          const hang = /^[ \t]*/.exec(line.text)[0].replace(/\t/g, " ".repeat(UNIT)).length + UNIT;
          lines.add(line.from, line.from, Decoration.line({
            attributes: { style: `padding-inline-start: calc(.5rem + ${hang}ch); text-indent: -${hang}ch` },
          }));
          at = line.to + 1;
        }
      }
      return lines.finish();
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** Presses Ctrl+Enter on the textarea: the component runs the program or checks the answer. */
function run(box) {
  box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", code: "Enter", ctrlKey: true, bubbles: true, cancelable: true }));
  return true;
}

/**
 * Enter in the program box: at the end of a complete program it runs it; on an indented blank
 * last line it steps out of the block (one indent less); anywhere else it adds a line, indented as
 * Python wants.
 */
function enterInProgram(box) {
  return (view) => {
    const { state } = view;
    const at = state.selection.main;
    if (!at.empty || state.sliceDoc(at.head).trim()) return insertNewlineAndIndent(view);
    const line = state.doc.lineAt(at.head);
    if (line.text.length > 0 && !line.text.trim() && line.number > 1) {
      const keep = Math.max(0, Math.ceil(line.text.replace(/\t/g, " ".repeat(UNIT)).length / UNIT) - 1) * UNIT;
      view.dispatch({ changes: { from: line.from, to: state.doc.length, insert: " ".repeat(keep) }, userEvent: "delete.dedent" });
      return true;
    }
    if (complete(state.sliceDoc(0, at.head))) return run(box);
    return insertNewlineAndIndent(view);
  };
}

/** Tab: spaces to the next indent stop at the cursor, or the selected lines indented. */
function tab(view) {
  const { state } = view;
  if (state.selection.ranges.some((r) => !r.empty)) return indentMore(view);
  view.dispatch(state.changeByRange((range) => {
    const line = state.doc.lineAt(range.head);
    const spaces = " ".repeat(UNIT - ((range.head - line.from) % UNIT));
    return { changes: { from: range.head, insert: spaces }, range: EditorSelection.cursor(range.head + spaces.length) };
  }), { scrollIntoView: true, userEvent: "input.indent" });
  return true;
}

/**
 * Text typed over a selection is put in by the editor, not the browser: Chrome gives what is typed
 * the colour of the highlighted word it replaces, as an inline style, which a strict `style-src`
 * blocks and reports.
 */
function typeOverSelection(event, view) {
  if (event.inputType !== "insertText" || event.isComposing || !event.data) return false;
  if (view.state.selection.ranges.every((r) => r.empty)) return false;
  event.preventDefault();
  view.dispatch(view.state.replaceSelection(event.data), { scrollIntoView: true, userEvent: "input.type" });
  return true;
}

const valueOf = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value");
// While the editor tells the component of an edit, a value the component writes back waits for the
// editor's update to end.
let telling = false;
const editors = new Set();
let watching = false;

// An editor whose textarea left the page (the question changed kind, the lab was destroyed) goes
// with it.
function watch() {
  if (watching) return;
  watching = true;
  new MutationObserver(() => {
    for (const editor of editors) if (!editor.box.isConnected) editor.destroy();
  }).observe(document.documentElement, { childList: true, subtree: true });
}

/** The editor's stylesheet (editor.css, beside this module) in `doc`, once; resolves when loaded. */
const styled = new WeakMap();
function stylesheet(doc) {
  if (!styled.has(doc)) {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("./editor.css", import.meta.url).href;
    styled.set(doc, new Promise((done) => {
      link.addEventListener("load", done);
      link.addEventListener("error", done);
    }));
    doc.head.append(link);
  }
  return styled.get(doc);
}

/** The textarea's label's id (given one if it has none), which names the editor. */
function labelId(box) {
  const label = box.labels?.[0];
  if (!label) return null;
  if (!label.id) label.id = `${box.id || "code"}-label`;
  return label.id;
}

/**
 * Puts an editor over `box`, a code box's textarea, once its stylesheet has loaded, and resolves
 * to it (`null` when the box already has one or has left the page). The program box (`data-role="expression"`) runs with Enter when
 * the program is complete; a code answer checks with Ctrl+Enter only. In both, Shift+Enter adds a
 * line, Ctrl+Enter (⌘+Enter) runs or checks, Tab indents, Shift+Tab dedents, and Escape then Tab
 * moves the focus on.
 */
export async function attach(box) {
  await stylesheet(box.ownerDocument);
  if (!box.isConnected || box.dataset.editor === "on") return null;
  const program = box.dataset.role === "expression";
  const focused = box.ownerDocument.activeElement === box;
  const label = labelId(box);
  const view = new EditorView({
    state: EditorState.create({
      doc: box.value,
      selection: EditorSelection.single(Math.min(box.selectionStart, box.value.length), Math.min(box.selectionEnd, box.value.length)),
      extensions: [
        keymap.of([
          // Escape, then Tab within two seconds, moves the focus on; Escape also does what it does
          // after this (a selection becomes a cursor).
          { key: "Escape", run: (view) => (view.setTabFocusMode(2000), false) },
          { key: "Enter", run: program ? enterInProgram(box) : insertNewlineAndIndent, shift: insertNewlineAndIndent },
          { key: "Mod-Enter", run: () => run(box) },
          { key: "Ctrl-Enter", run: () => run(box) },
          { key: "Tab", run: tab, shift: indentLess },
        ]),
        history(),
        keymap.of([...historyKeymap, ...defaultKeymap]),
        pythonLanguage,
        indentUnit.of(" ".repeat(UNIT)),
        EditorState.tabSize.of(UNIT),
        indentOnInput(),
        bracketMatching(),
        syntaxHighlighting(classHighlighter),
        EditorView.lineWrapping,
        wrapIndent,
        EditorView.domEventHandlers({ beforeinput: typeOverSelection }),
        EditorView.contentAttributes.of({
          spellcheck: "false",
          autocapitalize: "off",
          autocorrect: "off",
          translate: "no",
          ...(label ? { "aria-labelledby": label } : {}),
          ...(box.getAttribute("aria-describedby") ? { "aria-describedby": box.getAttribute("aria-describedby") } : {}),
        }),
        EditorView.editorAttributes.of({ class: program ? "program-editor" : "answer-editor", "data-editor-of": box.dataset.role }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) {
            valueOf.set.call(box, update.state.doc.toString());
            telling = true;
            try {
              box.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText" }));
            } finally {
              telling = false;
            }
          }
          if (update.docChanged || update.selectionSet) {
            const { from, to } = update.state.selection.main;
            box.setSelectionRange(from, to);
          }
        }),
      ],
    }),
  });
  // What the component writes into the textarea shows in the editor.
  const show = () => {
    const now = valueOf.get.call(box);
    if (now !== view.state.doc.toString()) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: now }, selection: { anchor: now.length } });
    }
  };
  Object.defineProperty(box, "value", {
    configurable: true,
    get() {
      return valueOf.get.call(this);
    },
    set(text) {
      valueOf.set.call(this, text);
      if (telling) queueMicrotask(show);
      else show();
    },
  });
  // Text put into the textarea by other means (a test's fill, an extension) too.
  const typed = (event) => {
    if (event.isTrusted && box.value !== view.state.doc.toString()) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: box.value } });
    }
  };
  // The textarea's focus (its label clicked, a script) is the editor's, with its selection.
  const focus = () => {
    const anchor = Math.min(box.selectionStart, view.state.doc.length);
    const head = Math.min(box.selectionEnd, view.state.doc.length);
    const { from, to } = view.state.selection.main;
    if (anchor !== from || head !== to) view.dispatch({ selection: { anchor, head } });
    view.focus();
  };
  box.addEventListener("input", typed);
  box.addEventListener("focus", focus);
  box.after(view.dom);
  box.classList.add("editor-source");
  box.tabIndex = -1;
  box.setAttribute("aria-hidden", "true");
  box.dataset.editor = "on";
  const editor = {
    box,
    view,
    destroy() {
      editors.delete(editor);
      box.removeEventListener("input", typed);
      box.removeEventListener("focus", focus);
      delete box.value;
      view.destroy();
      view.dom.remove();
    },
  };
  editors.add(editor);
  watch();
  if (focused) view.focus();
  return editor;
}
