// The Python of the docs site: Pyodide in a Web Worker, so the page stays responsive.
// The page sends {load: {root, manifest}} once, then {id, message} (a JSON request for
// pearls.web.handle); the worker answers {id, answer} (JSON), {id, progress} (JSON, while
// a search runs) or {id, failure} (a line), and {loaded, seconds} when Python is ready.
// A page's pycon examples share one session, as its doctest shares one namespace.
let ready = null;

async function load(root, manifest) {
  const began = performance.now();
  const indexURL = new URL(manifest.pyodide, root).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  const wheels = manifest.wheels.map((wheel) => new URL(wheel, root).href);
  await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  const web = pyodide.pyimport("pearls.web");
  const session = web.Session();
  postMessage({ loaded: true, seconds: (performance.now() - began) / 1000 });
  return { web, session };
}

self.onmessage = async (event) => {
  const data = event.data;
  if (data.load) {
    ready = load(data.load.root, data.load.manifest);
    ready.catch((error) => postMessage({ id: 0, failure: `Python did not load: ${error}` }));
    return;
  }
  try {
    const { web, session } = await ready;
    const post = (text) => postMessage({ id: data.id, progress: text });
    postMessage({ id: data.id, answer: web.handle(data.message, session, post) });
  } catch (error) {
    postMessage({ id: data.id, failure: String((error && error.message) || error) });
  }
};
