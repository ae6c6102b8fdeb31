// The playground (docs/playground.md): every puzzle of the registry, from the catalogue
// that the site's build writes (pearls.web.catalogue), so no puzzle has code of its own
// here.  The page's state lives in its address: puzzle, example or board, method, the
// puzzle's options by name, max_states and timeout; run=1 solves on load, analyze=1
// analyses, watch=1 solves on load and steps through the search (the trace that
// pearls.web sends with "watch": true).  Python loads on the first Solve or Analyze
// (window.pearlsRuntime).
(function () {
  "use strict";
  const OWN = "";  // the Board picker's value for a board of the reader's own

  function start() {
    const box = document.getElementById("pearls-playground");
    if (!box || !window.pearlsRuntime) return;
    const { root, runtime, Python, Stopped, element } = window.pearlsRuntime;
    const $ = (id) => document.getElementById(id);
    const form = $("pg-form");
    const note = $("pg-note");
    const fields = {
      puzzle: $("pg-puzzle"), example: $("pg-example"), method: $("pg-method"),
      board: $("pg-board"), maxStates: $("pg-max-states"), timeout: $("pg-timeout"),
      watch: $("pg-watch"),
    };
    const outcome = $("outcome");
    const progress = $("progress");
    const result = $("pg-result");
    let puzzles = new Map();
    let limits = {};
    let python = null;
    let busy = false;

    function loaded(seconds) {
      box.dataset.loadSeconds = seconds.toFixed(2);
      progress.textContent = `Python loaded in ${seconds.toFixed(1)} s`;
    }

    function current() {
      return puzzles.get(fields.puzzle.value);
    }

    function allOptions(puzzle) {
      const seen = new Map();
      for (const command of ["solve", "analyze"]) {
        for (const option of puzzle.options[command]) seen.set(option.name, option);
      }
      return [...seen.values()];
    }

    function fill(select, entries, chosen) {
      select.replaceChildren(...entries.map(([value, label, title]) =>
        element("option", { value, text: label, ...(title ? { title } : {}) })));
      if (entries.some(([value]) => value === chosen)) select.value = chosen;
    }

    // The pickers and fields for a puzzle, set from the address's parameters.
    function choosePuzzle(puzzle, params) {
      const examples = Object.keys(puzzle.examples).map((name) => [name, name]);
      const usual = puzzle.usual !== null ? [["usual", "the usual start"]] : [];
      fill(fields.example, [...usual, ...examples, [OWN, "your own board"]],
        params.has("board") ? OWN : params.get("example") || puzzle.default);
      const methods = puzzle.methods.map((m) =>
        [m.name, m.every ? `${m.name} (every solution)` : m.name, m.about]);
      fill(fields.method, methods, params.get("method") || methods[0][0]);
      $("pg-title").textContent = puzzle.title;
      $("pg-text-form").textContent = puzzle.text_form;
      const options = $("pg-options");
      options.replaceChildren(...allOptions(puzzle).map((option) => {
        const value = params.get(option.name) ?? option.default;
        const input = option.choices.length
          ? element("select", { "data-option": option.name, title: option.help },
            ...option.choices.map((choice) => element("option", { value: choice, text: choice })))
          : element("input", { "data-option": option.name, title: option.help, size: "8",
            placeholder: option.default });
        input.value = value;
        input.addEventListener("change", changed);
        return element("label", { "data-serves": option.methods.join(" ") }, `${option.name} `, input);
      }));
      fields.board.value = params.has("board") ? params.get("board") : boardOf(puzzle, fields.example.value);
      fields.maxStates.value = params.get("max_states") || "";
      fields.timeout.value = params.get("timeout") || "";
      fields.timeout.placeholder = limits.timeout;
      preview();
      describeMethod();
    }

    function boardOf(puzzle, example) {
      if (example === "usual") return "";
      return puzzle.examples[example] ?? "";
    }

    // An option that leads some methods only (the 15 puzzle's heuristic) is shown, and
    // sent, with those methods alone, as the command line takes it.
    function serves(option) {
      return !option.methods.length || option.methods.includes(fields.method.value);
    }

    function describeMethod() {
      const puzzle = current();
      const method = puzzle.methods.find((m) => m.name === fields.method.value);
      $("pg-about").textContent = method ? method.about : "";
      // A method whose memory is its depth has no bound on states unless one is given.
      fields.maxStates.placeholder = method && method.deepening ? "none" : limits.max_states;
      for (const label of document.querySelectorAll("#pg-options label[data-serves]")) {
        const names = label.dataset.serves.split(" ").filter(Boolean);
        label.hidden = names.length > 0 && !names.includes(fields.method.value);
      }
    }

    function preview() {
      const puzzle = current();
      const drawing = puzzle.drawings[fields.example.value];
      const frame = $("pg-preview");
      if (drawing) frame.innerHTML = drawing;
      else frame.replaceChildren();
      fields.board.placeholder = puzzle.usual !== null
        ? `the usual start for the options, e.g.\n${puzzle.usual}` : "";
    }

    // A board of the reader's own, drawn once Python is there (never loading it for this).
    async function drawOwn() {
      if (busy || !python || !python.loaded || fields.example.value !== OWN) return;
      const answer = await python.call("web", request("draw")).catch(() => null);
      if (answer && fields.example.value === OWN) {
        if (answer.drawing) $("pg-preview").innerHTML = answer.drawing;
        else $("pg-preview").replaceChildren();
      }
    }

    // The request and the address for what the form shows: a request sends the options
    // its command takes (a drawing, those of solve; every option, by name, for the
    // address), as the command line refuses one it does not take.
    function options(op) {
      const chosen = {};
      const command = op === "draw" ? "solve" : op;
      const offered = command ? current().options[command] : allOptions(current());
      const known = new Map(offered.map((option) => [option.name, option]));
      for (const input of document.querySelectorAll("#pg-options [data-option]")) {
        const option = known.get(input.dataset.option);
        if (input.value !== "" && option && serves(option)) chosen[option.name] = input.value;
      }
      return chosen;
    }

    function request(op) {
      const asked = { op, puzzle: fields.puzzle.value, method: fields.method.value, options: options(op) };
      const example = fields.example.value;
      if (example === OWN) asked.board = fields.board.value;
      else if (example !== "usual") asked.example = example;
      if (fields.maxStates.value.trim()) asked.max_states = fields.maxStates.value.trim();
      if (fields.timeout.value.trim()) asked.timeout = fields.timeout.value.trim();
      if (op === "solve" && fields.watch.checked) asked.watch = true;
      return asked;
    }

    function address(extra) {
      const puzzle = current();
      const params = new URLSearchParams({ puzzle: puzzle.name });
      const example = fields.example.value;
      if (example === OWN) params.set("board", fields.board.value);
      else if (example !== "usual") params.set("example", example);
      params.set("method", fields.method.value);
      for (const option of allOptions(puzzle)) {
        const value = options()[option.name];
        if (value !== undefined && value !== option.default) params.set(option.name, value);
      }
      if (fields.maxStates.value.trim()) params.set("max_states", fields.maxStates.value.trim());
      if (fields.timeout.value.trim()) params.set("timeout", fields.timeout.value.trim());
      if (fields.watch.checked) params.set("watch", "1");
      for (const [name, value] of Object.entries(extra || {})) params.set(name, value);
      return `${location.pathname}?${params}`;
    }

    function changed() {
      history.replaceState(null, "", address());
      $("pg-link").href = address({ run: "1" });
    }

    // Running: progress while it searches, then the outcome and what it found.
    function setBusy(now) {
      busy = now;
      $("pg-solve").disabled = $("pg-analyze").disabled = now;
      $("pg-stop").hidden = !now;
    }

    // A link that runs on load (run=1) brings its outcome into view, once it is shown.
    let reveal = false;

    async function work(op) {
      if (busy) return;
      const asked = request(op);
      setBusy(true);
      outcome.textContent = "";
      outcome.dataset.status = "running";
      result.replaceChildren();
      if (!python) python = new Python(loaded);
      progress.textContent = python.loaded ? "" : "loading Python (some seconds, the first time)…";
      const label = op === "solve" ? `searching (${asked.method})` : "analysing";
      let last = null;
      try {
        const answer = await python.call("web", asked, (stats) => {
          last = stats;
          const rate = stats.seconds > 0 ? Math.round(stats.expanded / stats.seconds) : 0;
          progress.textContent = `${label}: ${stats.expanded.toLocaleString("en")} states expanded, ` +
            `${stats.generated.toLocaleString("en")} generated, ${rate.toLocaleString("en")}/s, ` +
            `${stats.seconds.toFixed(1)} s`;
        });
        if (python.loaded) progress.textContent = `Python loaded in ${python.loadSeconds.toFixed(1)} s`;
        show(op, answer);
      } catch (error) {
        outcome.dataset.status = error instanceof Stopped ? "stopped" : "error";
        outcome.textContent = error instanceof Stopped
          ? `stopped by you${last ? ` after ${last.expanded.toLocaleString("en")} states expanded in ${last.seconds.toFixed(1)} s` : ""}`
          : `could not run: ${error.message}`;
        progress.textContent = error instanceof Stopped ? "Python starts afresh on the next search" : "";
      } finally {
        setBusy(false);
      }
    }

    function show(op, answer) {
      outcome.textContent = answer.outcome;
      outcome.dataset.status = answer.status;
      if (reveal) {
        reveal = false;
        outcome.scrollIntoView({ block: "start" });
      }
      if (answer.status === "limit" && answer.trace) {
        result.replaceChildren(watcher(answer.trace, null));
        return;
      }
      if (answer.status === "error" || answer.status === "limit") return;
      if (op === "analyze") showSurvey(answer);
      else showSolution(answer);
    }

    function stats(json) {
      if (!json || !json.stats) return "";
      return `${json.stats.expanded.toLocaleString("en")} states expanded in ${json.stats.seconds} s`;
    }

    function showSolution(answer) {
      const parts = [element("p", { class: "pg-stats", text: stats(answer.json) })];
      if (answer.trace) parts.push(watcher(answer.trace, answer.frames ? answer.frames[0] : null));
      let go = null;
      if (answer.frames && answer.frames.length) {
        const viewer = stepper(answer.frames, answer.captions);
        go = viewer.go;
        parts.push(viewer.nav);
      } else if (answer.text) {
        parts.push(element("pre", { class: "pg-text", text: answer.text.join("\n") }));
      }
      if (answer.captions && answer.captions.length > 1) {
        const list = element("ol", { class: "pg-moves" }, ...answer.captions.slice(1).map((caption, i) =>
          element("li", {}, element("button", { type: "button", class: "pg-move",
            text: caption.replace(/^move \d+: /, ""), "data-frame": String(i + 1) }))));
        if (go) {
          list.addEventListener("click", (event) => {
            const move = event.target.closest(".pg-move");
            if (move) go(Number(move.dataset.frame));
          });
        }
        parts.push(element("details", { class: "pg-words", open: "" },
          element("summary", { text: `The moves in words (${answer.captions.length - 1})` }), list));
      }
      result.replaceChildren(...parts);
    }

    // One position at a time, as `pearls solve --svg DIR` writes its index.html.
    function stepper(frames, captions) {
      const picture = element("div", { class: "pg-frame" });
      const caption = element("p", { class: "pg-caption", "aria-live": "polite" });
      const counter = element("span", { class: "pg-counter" });
      const last = frames.length - 1;
      let at = 0;
      const go = (i) => {
        at = Math.max(0, Math.min(last, i));
        picture.innerHTML = frames[at];
        caption.textContent = captions[at];
        counter.textContent = `move ${at} of ${last}`;
        first.disabled = previous.disabled = at === 0;
        next.disabled = end.disabled = at === last;
      };
      const button = (text, title, to) =>
        element("button", { type: "button", class: "md-button", text, title, onclick: () => go(to()) });
      const first = button("« First", "first (Home)", () => 0);
      const previous = button("◀ Previous", "previous (left arrow)", () => at - 1);
      const next = button("Next ▶", "next (right arrow)", () => at + 1);
      const end = button("Last »", "last (End)", () => last);
      const nav = element("div", { class: "pg-stepper", tabindex: "0", "aria-label": "the solution, a position at a time" },
        element("div", { class: "pg-nav" }, first, previous, counter, next, end), picture, caption);
      nav.addEventListener("keydown", (event) => {
        const steps = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last };
        if (event.key in steps) {
          event.preventDefault();
          go(steps[event.key]);
        }
      });
      go(0);
      return { nav, go };
    }

    // Watching the search: one event of the trace at a time, the position last
    // expanded drawn (the start before any), its depth, the counts so far, the plan
    // being followed, and the states expanded at each depth as a growing chart.
    function watcher(trace, startDrawing) {
      const total = trace.length;
      const status = element("p", { id: "watch", class: "pg-watch-step", "aria-live": "polite" });
      const counts = element("p", { class: "pg-watch-counts" });
      const said = element("div", { class: "pg-watch-event" });
      const picture = element("div", { class: "pg-frame pg-watch-frame" });
      const chart = element("div", { class: "pg-watch-chart", "aria-label": "states expanded at each depth" });
      const speed = element("select", { class: "pg-watch-speed", title: "steps a second" },
        ...[1, 4, 16, 64, 256].map((n) => element("option", { value: String(n), text: `${n} a second` })));
      speed.value = "4";
      let at = 0;
      let timer = null;
      // What the trace says up to step k: expansions, the last one, its depth, levels.
      const upTo = (k) => {
        let expanded = 0, last = null, drawing = startDrawing, reached = 0, bound = null;
        const levels = [];
        for (let i = 0; i < k; i += 1) {
          const e = trace[i];
          if (e.event === "expand") {
            expanded += 1;
            last = e;
            reached = e.reached;
            levels[e.depth] = (levels[e.depth] || 0) + 1;
            if (e.drawing) drawing = e.drawing;
            else drawing = null;
          } else if (e.event === "count") {
            expanded += e.expanded;
          } else if (e.event === "bound") {
            bound = e.bound;
          } else if (e.event === "plan") {
            drawing = e.drawing || null;  // the position the plan is made at
          }
        }
        return { expanded, last, drawing, reached, bound, levels };
      };
      const spell = (plan) => plan.length ? plan.join(", ") : "(nothing left: the goal is reached)";
      const describe = (e) => {
        if (e.event === "expand") {
          const led = e.h !== undefined ? ` · h ${e.h} · f = g + h = ${e.f}` : "";
          return [element("p", { text: `expanded a position at depth ${e.depth}${led}` })];
        }
        if (e.event === "plan" && e.by === "goalmoves") {
          return [element("p", { text: `goal moves proposed (goalmoves) for the position drawn: ${spell(e.plans[0])}` })];
        }
        if (e.event === "plan") {
          const goal = e.given.length ? e.given[e.given.length - 1] : null;
          return [
            element("p", { text: "planned at the position drawn" }),
            element("p", { text: `the plan followed: ${spell(e.given)}` +
              (goal ? ` (the goal move last, ${goal}; the premoves before it make room)` : "") }),
            element("p", { text: `new plans whose first move is legal now (newplans): ${e.plans.length}` }),
            element("ol", { class: "pg-watch-plans" }, ...e.plans.slice(0, 6).map((plan) =>
              element("li", { text: spell(plan) }))),
          ];
        }
        if (e.event === "bound") return [element("p", { text: `a new round, bound ${e.bound}` })];
        if (e.event === "backtrack") return [element("p", { text: `backed up from a position at depth ${e.depth}: its moves all tried` })];
        if (e.event === "count") return [element("p", { text: `${e.expanded} states expanded, none to show` })];
        return [element("p", { text: `recording stopped after ${e.after.toLocaleString("en")} events; the search went on` })];
      };
      const bars = (levels) => {
        const most = Math.max(1, ...levels.map((n) => n || 0));
        const width = Math.max(1, levels.length) * 14;
        const rects = levels.map((n, depth) => `<rect class="bar" x="${depth * 14 + 2}" ` +
          `y="${60 - Math.round(56 * (n || 0) / most)}" width="10" height="${Math.round(56 * (n || 0) / most)}">` +
          `<title>depth ${depth}: ${n || 0}</title></rect>`).join("");
        return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 62" width="${width * 2}" height="124" ` +
          `role="img"><title>states expanded at each depth</title>${rects}</svg>`;
      };
      const go = (k) => {
        at = Math.max(1, Math.min(total, k));
        const seen = upTo(at);
        status.textContent = `step ${at} of ${total}`;
        const depth = seen.last ? ` · depth ${seen.last.depth}` : "";
        const bound = seen.bound !== null ? ` · bound ${seen.bound}` : "";
        counts.textContent = `expanded ${seen.expanded.toLocaleString("en")} · reached ` +
          `${seen.reached.toLocaleString("en")} · waiting ${Math.max(0, seen.reached - seen.expanded).toLocaleString("en")}` +
          `${depth}${bound}`;
        said.replaceChildren(...describe(trace[at - 1]));
        if (seen.drawing) picture.innerHTML = seen.drawing;
        else picture.replaceChildren(element("pre", { text: seen.last ? JSON.stringify(seen.last.state) : "" }));
        chart.innerHTML = bars(seen.levels);
        back.disabled = at === 1;
        step.disabled = at === total;
        if (at === total) pause();
      };
      const pause = () => {
        clearInterval(timer);
        timer = null;
        play.textContent = "Play ▶";
      };
      const toggle = () => {
        if (timer) { pause(); return; }
        if (at === total) go(1);
        play.textContent = "Pause ❚❚";
        timer = setInterval(() => go(at + 1), 1000 / Number(speed.value));
      };
      const button = (text, title, onclick) =>
        element("button", { type: "button", class: "md-button", text, title, onclick });
      const back = button("◀ Back", "one step back", () => { pause(); go(at - 1); });
      const play = button("Play ▶", "play or pause", toggle);
      const step = button("Step ▶", "one step forward", () => { pause(); go(at + 1); });
      speed.addEventListener("change", () => { if (timer) { pause(); toggle(); } });
      const nav = element("div", { class: "pg-nav pg-watch-nav" }, back, play, step, speed, status);
      go(1);
      return element("section", { class: "pg-watcher", "aria-label": "the search, a step at a time" },
        element("h3", { text: "Watching the search" }), nav, counts, said,
        element("div", { class: "pg-watch-view" }, picture,
          element("figure", { class: "pg-watch-levels" }, chart,
            element("figcaption", { text: "states expanded at each depth, from 0" }))));
    }

    function showSurvey(answer) {
      const farthest = answer.pictures.map((picture, i) => element("figure", { class: "pg-farthest" },
        answer.drawn[i] ? svgOf(answer.drawn[i]) : element("pre", { text: picture }),
        element("figcaption", { text: `farthest ${i + 1} of ${answer.json.farthest.length}` })));
      const table = element("details", { class: "pg-histogram" },
        element("summary", { text: "The histogram as numbers" }),
        element("pre", { text: answer.text.slice(2, 3 + answer.json.histogram.length).join("\n") }));
      result.replaceChildren(
        element("p", { class: "pg-stats", text: stats(answer.json) }),
        svgOf(answer.chart, "pg-chart"),
        table,
        element("div", { class: "pg-gallery" }, ...farthest));
    }

    function svgOf(markup, className) {
      const holder = element("div", { class: className || "pg-drawing" });
      holder.innerHTML = markup;
      return holder;
    }

    async function open() {
      const found = await runtime();
      if (!found.catalogue) {
        note.textContent = found.why || "This build of the site has no playground.";
        return;
      }
      const response = await fetch(new URL(found.catalogue, root));
      const catalogue = await response.json();
      puzzles = new Map(catalogue.puzzles.map((p) => [p.name, p]));
      limits = catalogue.limits;
      fill(fields.puzzle, catalogue.puzzles.map((p) => [p.name, p.name, p.title]), null);
      const params = new URLSearchParams(location.search);
      if (puzzles.has(params.get("puzzle"))) fields.puzzle.value = params.get("puzzle");
      choosePuzzle(current(), params);
      fields.watch.checked = params.get("watch") === "1";
      fields.watch.addEventListener("change", changed);
      if (found.available) note.remove();
      else note.textContent = found.why;
      form.hidden = false;
      changed();
      fields.puzzle.addEventListener("change", () => { choosePuzzle(current(), new URLSearchParams()); changed(); });
      fields.example.addEventListener("change", () => {
        if (fields.example.value !== OWN) fields.board.value = boardOf(current(), fields.example.value);
        preview();
        changed();
      });
      fields.method.addEventListener("change", () => { describeMethod(); changed(); });
      let redraw = null;
      fields.board.addEventListener("input", () => {
        fields.example.value = OWN;
        preview();
        changed();
        clearTimeout(redraw);
        redraw = setTimeout(drawOwn, 400);
      });
      for (const input of [fields.maxStates, fields.timeout]) input.addEventListener("change", changed);
      form.addEventListener("submit", (event) => { event.preventDefault(); work("solve"); });
      $("pg-analyze").addEventListener("click", () => work("analyze"));
      $("pg-stop").addEventListener("click", () => { if (python) python.stop(); });
      if (!found.available) {
        $("pg-solve").disabled = $("pg-analyze").disabled = true;
      } else if (params.get("run") === "1" || params.get("watch") === "1") {
        reveal = params.get("run") === "1";
        work("solve");
      } else if (params.get("analyze") === "1") {
        work("analyze");
      }
    }

    open().catch((error) => { note.textContent = `The playground did not load: ${error}`; });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
