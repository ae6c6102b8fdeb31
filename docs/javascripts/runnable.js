// Every pycon example of the docs runs in the reader's browser: Run, Edit and Stop under
// each block, the output shown below it.  Python (Pyodide, in a Web Worker) loads when a
// reader first presses Run, never on a page view; a page's examples share one namespace,
// in page order, as its doctest runs them.  Stop ends the worker: a search that Python is
// running cannot read a flag the page sets (the page and the worker share no memory on a
// host that does not isolate the site), and ending the worker also frees what the search
// held.  Python then starts afresh on the next Run.  window.pearlsRuntime serves the
// playground too.
(function () {
  "use strict";
  const root = new URL("../", document.currentScript.src);
  let manifest = null;

  // What runnable.json says: where Pyodide and the wheels are, or why nothing runs.
  function runtime() {
    if (!manifest) {
      manifest = fetch(new URL("runnable.json", root), { cache: "no-cache" })
        .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
        .catch((why) => ({ available: false, why: `no runnable.json (${why})` }));
    }
    return manifest;
  }

  class Stopped extends Error {}

  // One worker, made on the first call; calls answered in order.
  class Python {
    constructor(onLoaded) {
      this.worker = null;
      this.calls = new Map();
      this.next = 1;
      this.onLoaded = onLoaded || (() => {});
      this.loadSeconds = null;
      this.broken = false;
    }

    get loaded() {
      return this.loadSeconds !== null;
    }

    // Ask pearls.web (module "web", the playground) or the docs' pycon ("pycon", examples).
    async call(module, request, onProgress) {
      const found = await runtime();
      if (!found.available) throw new Error(found.why);
      if (this.broken) this.stop();
      if (!this.worker) this.start(found);
      const id = this.next++;
      return new Promise((resolve, reject) => {
        this.calls.set(id, { resolve, reject, onProgress });
        this.worker.postMessage({ id, module, message: JSON.stringify(request) });
      });
    }

    start(found) {
      this.broken = false;
      this.worker = new Worker(new URL("javascripts/pearls-worker.js", root), { type: "module" });
      this.worker.onmessage = (event) => this.receive(event.data);
      this.worker.onerror = (event) => this.failAll(`the Python worker failed: ${event.message}`);
      this.worker.postMessage({ load: { root: root.href, manifest: found } });
    }

    receive(data) {
      if (data.loaded) {
        this.loadSeconds = data.seconds;
        this.onLoaded(data.seconds);
        return;
      }
      if (data.id === 0) {
        this.failAll(data.failure);
        return;
      }
      const call = this.calls.get(data.id);
      if (!call) return;
      if (data.progress !== undefined) {
        if (call.onProgress) call.onProgress(JSON.parse(data.progress));
        return;
      }
      this.calls.delete(data.id);
      if (data.failure !== undefined) {
        this.broken = true;  // Python answers every request; a failure is Pyodide's own
        call.reject(new Error(data.failure));
      } else {
        call.resolve(JSON.parse(data.answer));
      }
    }

    // The worker failed (it did not load, or ran out of memory): every call waiting
    // fails, and the next call starts a new worker.
    failAll(why) {
      this.broken = true;
      for (const call of this.calls.values()) call.reject(new Error(why));
      this.calls.clear();
    }

    stop() {
      if (this.worker) this.worker.terminate();
      this.worker = null;
      this.loadSeconds = null;
      for (const call of this.calls.values()) call.reject(new Stopped("stopped"));
      this.calls.clear();
    }
  }

  function element(tag, attributes, ...children) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === "text") made.textContent = value;
      else if (name.startsWith("on")) made.addEventListener(name.slice(2), value);
      else made.setAttribute(name, value);
    }
    made.append(...children);
    return made;
  }

  window.pearlsRuntime = { root, runtime, Python, Stopped, element };

  // A pycon block: its highlighted view, an editor, its buttons and its output.
  class Block {
    constructor(page, view, index) {
      this.page = page;
      this.view = view;
      this.index = index;
      this.original = view.querySelector("code").textContent.replace(/\n+$/, "\n");
      this.editor = null;
      this.ran = false;
      this.run = element("button", { type: "button", class: "pearls-run", text: "Run",
        title: "run this example in your browser (and the page's examples above it, once)",
        onclick: () => page.runUpTo(this) });
      this.edit = element("button", { type: "button", class: "pearls-edit", text: "Edit",
        onclick: () => this.toggleEditor() });
      this.stop = element("button", { type: "button", class: "pearls-stop", text: "Stop",
        hidden: "", onclick: () => page.stop() });
      this.status = element("span", { class: "pearls-status", "aria-live": "polite" });
      this.output = element("div", { class: "pearls-output", hidden: "" });
      const bar = element("div", { class: "pearls-bar" }, this.run, this.edit, this.stop, this.status);
      view.after(bar, this.output);
    }

    text() {
      return this.editor ? this.editor.value : this.original;
    }

    toggleEditor() {
      if (this.editor) {
        this.editor.remove();
        this.editor = null;
        this.view.hidden = false;
        this.edit.textContent = "Edit";
        return;
      }
      this.editor = element("textarea", { class: "pearls-editor", spellcheck: "false",
        "aria-label": "the example's code, editable" });
      this.editor.value = this.original;
      this.editor.rows = Math.min(30, this.original.split("\n").length + 1);
      this.editor.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) this.page.runUpTo(this);
      });
      this.view.hidden = true;
      this.view.after(this.editor);
      this.edit.textContent = "Reset";
      this.editor.focus();
    }

    show(results) {
      const checked = results.filter((r) => r.ok !== null);
      const agrees = checked.every((r) => r.ok);
      const heading = !checked.length ? "Output"
        : agrees ? "Output, as the doctest expects ✓" : "Output, not what the doctest expects ✗";
      const examples = results.map((r) => {
        const source = r.source.split("\n").map((line, i) => (i ? "... " : ">>> ") + line).join("\n");
        return element("div", { class: "pearls-example", "data-ok": String(r.ok) },
          element("pre", { class: "pearls-source", text: source }),
          r.got ? element("pre", { class: "pearls-got", text: r.got }) : "");
      });
      this.output.replaceChildren(element("p", { class: "pearls-heading", text: heading }), ...examples);
      this.output.dataset.status = !checked.length ? "plain" : agrees ? "match" : "differs";
      this.output.hidden = false;
    }
  }

  // The page's blocks, its worker, and the order its examples run in.
  class Page {
    constructor(views) {
      this.python = new Python((seconds) => this.say(`Python loaded in ${seconds.toFixed(1)} s`));
      this.blocks = views.map((view, i) => new Block(this, view, i));
      this.busy = false;
      this.current = null;
    }

    say(text) {
      if (this.current) this.current.status.textContent = text;
    }

    async runUpTo(block) {
      if (this.busy) return;
      const order = this.blocks.slice(0, block.index).filter((b) => !b.ran);
      this.setBusy(true);
      try {
        for (const each of [...order, block]) {
          this.current = each;
          each.stop.hidden = false;
          this.say(this.python.loaded ? "running…" : "loading Python (some seconds, the first time)…");
          const answer = await this.python.call("pycon", { text: each.text() });
          if (answer.status !== "ok") throw new Error(answer.outcome);
          each.show(answer.results);
          each.ran = true;
          each.stop.hidden = true;
          this.say("");
        }
      } catch (error) {
        this.say(error instanceof Stopped ? "stopped: Python starts afresh on the next Run"
          : `could not run: ${error.message}`);
      } finally {
        for (const each of this.blocks) each.stop.hidden = true;
        this.setBusy(false);
      }
    }

    stop() {
      this.python.stop();
      for (const each of this.blocks) each.ran = false;
    }

    setBusy(busy) {
      this.busy = busy;
      for (const each of this.blocks) each.run.disabled = busy;
    }
  }

  async function enhance() {
    const views = [...document.querySelectorAll("div.language-pycon")];
    if (!views.length) return;
    const found = await runtime();
    if (found.available) new Page(views);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhance);
  else enhance();
})();
