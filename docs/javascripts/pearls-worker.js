// The Python of the docs site: Pyodide in a Web Worker, so the page stays responsive.
// The page sends {load: {root, manifest}} once, then {id, module, message}: a JSON request
// for pearls.web.handle (the playground), pycon.handle (a page's examples, all in one
// session, as its doctest shares one namespace) or figures.handle (the chapter's live
// figures); docs/pycon.py and docs/figures.py are modules of the docs, not of the wheel,
// written into Pyodide's home folder on load.  The worker answers {id, answer}
// (JSON), {id, progress} (JSON, while a search runs) or {id, failure} (a line), and
// {loaded, seconds} once Python is ready.  Each module is imported on its first request.
let ready = null;
const imported = new Map();
let session = null;

async function load(root, manifest) {
  const began = performance.now();
  const indexURL = new URL(manifest.pyodide, root).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  const wheels = manifest.wheels.map((wheel) => new URL(wheel, root).href);
  await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  for (const path of manifest.modules || []) {
    const text = await (await fetch(new URL(path, root))).text();
    pyodide.FS.writeFile(path.split("/").pop(), text);
  }
  postMessage({ loaded: true, seconds: (performance.now() - began) / 1000 });
  return pyodide;
}

function module(pyodide, name) {
  if (!imported.has(name)) imported.set(name, pyodide.pyimport(name));
  return imported.get(name);
}

function answer(pyodide, data) {
  if (data.module === "pycon") {
    const pycon = module(pyodide, "pycon");
    if (!session) session = pycon.Session();
    return pycon.handle(data.message, session);
  }
  if (data.module === "figures") return module(pyodide, "figures").handle(data.message);
  const post = (text) => postMessage({ id: data.id, progress: text });
  return module(pyodide, "pearls.web").handle(data.message, post);
}

self.onmessage = async (event) => {
  const data = event.data;
  if (data.load) {
    ready = load(data.load.root, data.load.manifest);
    ready.catch((error) => postMessage({ id: 0, failure: `Python did not load: ${error}` }));
    return;
  }
  try {
    postMessage({ id: data.id, answer: answer(await ready, data) });
  } catch (error) {
    postMessage({ id: data.id, failure: String((error && error.message) || error) });
  }
};
