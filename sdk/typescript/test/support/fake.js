// A scripted fetch: each call takes the next step of the script. A step is a
// response ({status, body, headers}), an Error to throw (a transport
// failure), or a function (url, init) => response | Promise | throws.
import { PersistMemory } from "../../dist/index.js";

export const KEY = "pm_live_TestKey0123456789abcdef";

export function json(status, body, headers = {}) {
  return { status, body, headers };
}

export function apiError(status, code, message, headers = {}) {
  return json(status, { error: { code, message, retryable: status === 429 || status >= 500 } }, headers);
}

function toResponse(step) {
  const headers = new Headers(step.headers ?? {});
  const text = step.raw !== undefined ? step.raw : step.body === undefined ? "" : JSON.stringify(step.body);
  return {
    status: step.status,
    headers,
    text: async () => text,
  };
}

export function fakeFetch(script) {
  const calls = [];
  const steps = [...script];
  const fetch = async (url, init) => {
    calls.push({ url, init, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    if (steps.length === 0) throw new Error(`fake fetch: no step left for call ${calls.length} (${init.method} ${url})`);
    let step = steps.shift();
    if (typeof step === "function") step = await step(url, init);
    if (step instanceof Error) throw step;
    return toResponse(step);
  };
  fetch.calls = calls;
  fetch.remaining = () => steps.length;
  return fetch;
}

/** A client on a fake fetch with sleeps recorded instead of slept. */
export function client(script, opts = {}) {
  const fetch = fakeFetch(script);
  const sleeps = [];
  const c = new PersistMemory({
    apiKey: KEY,
    baseUrl: "http://pm.test",
    fetch,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...opts,
  });
  return { client: c, fetch, calls: fetch.calls, sleeps };
}

/** A transport failure as undici reports it. */
export function refused() {
  const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
  return new TypeError("fetch failed", { cause });
}
