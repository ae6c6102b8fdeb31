// The chapter's live figures (docs/chapter.md): each figure.explore steps an equation
// group of the chapter as pearls.literal fires it, one rule a press.  The build wrote the
// equations and the Python beside them (docs/hooks/equations.py), every line marked with
// data-rules (the rules it states) and, at the head of guarded equations, data-heads.
// Python (Pyodide, in a Web Worker, window.pearlsRuntime) loads on the first Step or
// Play, never on a page view, and docs/figures.py answers each figure with its steps:
// for each pane, the rule about to fire and the variables just before it, by name.  The
// page only shows what Python computed: it highlights the lines of the rule, lists the
// variables, draws the position, and marks the graph's nodes.
(function () {
  "use strict";
  const SPEEDS = [1, 2, 4, 8, 16];  // steps a second that Play offers
  let python = null;  // one worker for every figure of the page, made on the first press

  function start() {
    const figures = [...document.querySelectorAll("figure.explore")];
    if (!figures.length || !window.pearlsRuntime) return;
    const { runtime, Python, element } = window.pearlsRuntime;
    runtime().then((found) => {
      for (const figure of figures) new Explorer(figure, found, Python, element);
    });
  }

  // One figure: its controls, its panes, and the step it shows (0 before Python ran).
  class Explorer {
    constructor(figure, found, Python, element) {
      this.figure = figure;
      this.name = figure.dataset.explore;
      this.Python = Python;
      this.element = element;
      this.panes = [...figure.querySelectorAll(".explore-pane")];
      this.note = figure.querySelector(".explore-note");
      this.data = null;
      this.at = 0;
      this.timer = null;
      this.loading = null;
      if (!found.available) {
        this.note.textContent = `The equations cannot run here: ${found.why}.`;
        return;
      }
      this.note.textContent = "Press Step or Play to fire the equations rule by rule: Python " +
        "loads from this site the first time (some seconds), then runs them in your browser.";
      this.addControls();
    }

    addControls() {
      const el = this.element;
      const button = (className, text, title, onclick) =>
        el("button", { type: "button", class: `md-button ${className}`, text, title, onclick });
      this.back = button("explore-back", "◀ Back", "one rule back (left arrow)", () => this.press(-1));
      this.play = button("explore-play", "Play ▶", "play or pause", () => this.toggle());
      this.step = button("explore-step", "Step ▶", "one rule forward (right arrow)", () => this.press(1));
      this.speed = el("select", { class: "explore-speed", title: "steps a second", "aria-label": "speed" },
        ...SPEEDS.map((n) => el("option", { value: String(n), text: `${n} a second` })));
      this.speed.value = "2";
      this.speed.addEventListener("change", () => { if (this.timer) { this.pause(); this.toggle(); } });
      this.status = el("span", { class: "explore-status", "aria-live": "polite", text: "not run yet" });
      this.verdict = el("p", { class: "explore-verdict", "aria-live": "polite", hidden: "" });
      this.back.disabled = true;
      const nav = el("div", { class: "explore-nav", tabindex: "0", "aria-label": "step the equations" },
        this.back, this.play, this.step, this.speed, this.status);
      nav.addEventListener("keydown", (event) => {
        const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
        if (by) {
          event.preventDefault();
          this.press(by);
        }
      });
      this.figure.prepend(nav);
      nav.after(this.verdict);
    }

    // The figure's steps, asked of Python once.
    load() {
      if (!this.loading) {
        if (!python) python = new this.Python();
        this.status.textContent = python.loaded ? "running the equations…"
          : "loading Python (some seconds, the first time)…";
        this.loading = python.call("figures", { figure: this.name }).then((answer) => {
          if (answer.status !== "ok") throw new Error(answer.outcome);
          this.data = answer;
          this.total = Math.max(...answer.panes.map((pane) => pane.steps.length));
          this.note.textContent = "Step, Back and Play fire the equations one rule at a time " +
            "(the arrow keys too, once the buttons have the focus).";
        }).catch((error) => {
          this.loading = null;
          this.pause();
          this.status.textContent = `could not run: ${error.message}`;
          throw error;
        });
      }
      return this.loading;
    }

    // Step or Back; the first press loads the figure (a failure is said in the status).
    async press(by) {
      this.pause();
      try {
        await this.load();
      } catch {
        return;
      }
      this.go(this.at + by);
    }

    toggle() {
      if (this.timer) {
        this.pause();
        return;
      }
      this.play.textContent = "Pause ❚❚";
      this.timer = "starting";
      this.load().then(() => {
        if (!this.timer) return;
        if (this.at === 0 || this.at >= this.total) this.go(1);
        this.timer = setInterval(() => this.go(this.at + 1), 1000 / Number(this.speed.value));
      }).catch(() => {});
    }

    pause() {
      if (this.timer && this.timer !== "starting") clearInterval(this.timer);
      this.timer = null;
      if (this.play) this.play.textContent = "Play ▶";
    }

    // Show step k (1 to total) of every pane; a pane that has ended shows its last step.
    go(k) {
      this.at = Math.max(1, Math.min(this.total, k));
      this.status.textContent = `step ${this.at} of ${this.total}`;
      this.back.disabled = this.at === 1;
      this.step.disabled = this.at === this.total;
      const shown = this.data.panes.map((pane, i) => this.show(this.panes[i], pane));
      this.compare(shown);
      if (this.at === this.total) this.pause();
    }

    show(paneElement, pane) {
      const index = Math.min(this.at, pane.steps.length) - 1;
      const step = pane.steps[index];
      const ended = this.at > pane.steps.length;
      this.highlight(paneElement, ended ? null : step.rule);
      const rule = paneElement.querySelector(".explore-rule");
      rule.textContent = step.rule ? `rule ${step.rule} of ${pane.group}: ${step.said}` : "";
      if (ended) rule.textContent = "returned";
      this.mark(paneElement, step.marks || {});
      this.draw(paneElement.querySelector(".explore-picture"), step, pane.drawn);
      const last = index === pane.steps.length - 1;
      this.list(paneElement.querySelector(".explore-vars"), step, ended, last);
      return step;
    }

    // The lines of the rule about to fire, in the Haskell and the Python; the head of a
    // guarded equation, lighter, when one of its guards fires.
    highlight(paneElement, rule) {
      const has = (line, name) => rule !== null && (line.dataset[name] || "").split(" ").includes(String(rule));
      for (const line of paneElement.querySelectorAll(".explore-line")) {
        line.classList.toggle("explore-fired", has(line, "rules"));
        line.classList.toggle("explore-guarded", has(line, "heads"));
      }
    }

    // Each node of a drawn graph, marked with where it stands (seen, head, waiting, next).
    mark(paneElement, marks) {
      for (const node of paneElement.querySelectorAll("[data-node]")) {
        node.dataset.mark = marks[node.dataset.node] || "";
      }
    }

    // The position a step draws, under its name (q, or the tracer's state).
    draw(holder, step, name) {
      const state = step.state === undefined ? null : this.data.states[step.state];
      holder.innerHTML = state ? state.drawing : "";
      holder.dataset.state = state ? state.key : "";
      if (state) holder.prepend(this.element("p", { class: "explore-picture-name", text: name }));
    }

    // The variables by their names, then what the rule works out beside them.
    list(holder, step, ended, last) {
      const el = this.element;
      const rows = step.vars.map((variable) => [
        el("dt", { text: variable.name }),
        el("dd", { "data-var": variable.name }, this.value(variable)),
      ]).flat();
      const parts = [el("dl", { class: "explore-list" }, ...rows)];
      if (step.trail && !ended) parts.push(this.trail(step.trail));
      for (const note of ended ? [] : step.notes || []) parts.push(el("p", { class: "explore-aside", text: note }));
      if (step.result && last) parts.push(el("p", { class: "explore-result", text: `returns ${step.result}` }));
      holder.replaceChildren(...parts);
    }

    value(variable) {
      const el = this.element;
      if (variable.text !== undefined) return el("span", { text: variable.text });
      const more = (variable.total || variable.items.length) - variable.items.length;
      const items = variable.items.map((item, i) =>
        el(variable.inline ? "span" : "li", { class: "explore-item", "data-state": variable.states[i], text: item }));
      if (variable.inline) {
        const joined = items.flatMap((item, i) => (i ? [", ", item] : [item]));
        return el("span", { class: "explore-inline" }, "[", ...joined, "]");
      }
      if (!items.length) return el("span", { text: "[]" });
      if (more > 0) items.push(el("li", { class: "explore-more", text: `… and ${more} more` }));
      return el("ol", { class: "explore-items" }, ...items);
    }

    trail(trail) {
      const el = this.element;
      return el("div", { class: "explore-trail" },
        el("p", { class: "explore-trail-title" }, el("code", { text: trail.title })),
        el("ol", {}, ...trail.items.map((item) => el("li", { text: item }))));
    }

    // Where a figure compares its panes: the same expansion on both sides, the same
    // position?
    compare(shown) {
      if (!this.data.compare) return;
      this.verdict.hidden = false;
      const [left, right] = shown;
      const keys = this.panes.map((pane) => pane.querySelector(".explore-picture").dataset.state);
      if (left.expansion === undefined || left.expansion !== right.expansion) {
        this.verdict.textContent = `rule ${left.rule} expands nothing; beside it, the loop's last expansion`;
        delete this.verdict.dataset.same;
        return;
      }
      const same = keys[0] !== "" && keys[0] === keys[1];
      this.verdict.dataset.same = String(same);
      this.verdict.textContent = same
        ? `expansion ${left.expansion}: the same position on both sides ✓`
        : `expansion ${left.expansion}: the positions differ ✗`;
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
