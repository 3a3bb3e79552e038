// driver.mjs runs one headless Firefox ESR for a Go test, over WebDriver
// BiDi through npm's puppeteer-core, and serves the test one JSON command a
// line on stdin, answering each with one JSON line on stdout:
//
//   {"id": 1, "op": "navigate", "url": "http://..."}        -> {"id": 1, "value": null}
//   {"id": 2, "op": "evaluate", "expr": "document.title"}   -> {"id": 2, "value": "Longhall"}
//   {"id": 3, "op": "click", "selector": "#start"}
//   {"id": 4, "op": "reload"}
//   {"id": 5, "op": "setViewport", "width": 1280, "height": 800}
//   {"id": 6, "op": "screenshot", "path": "/tmp/x.png", "full": false}
//   {"id": 7, "op": "errors"}                               -> {"id": 7, "value": ["uncaught ..."]}
//
// and {"id": N, "error": "..."} when a command fails. Its first line is
// {"ready": true, "pid": P, "version": "..."}: P is Firefox's process
// group, which puppeteer detaches from this one, so that the test can end
// it should this script die first. The page's console and errors go to
// stderr. When stdin closes (the test ended, or its binary died) the
// browser is closed and the script exits.
//
// Environment: LH_NODE_MODULES, the directory whose node_modules holds
// puppeteer-core (the test installs it there); LH_PROFILE, a fresh profile
// directory; LH_FIREFOX, the browser (default /usr/bin/firefox-esr).

import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';

// The script runs from the source tree; puppeteer-core lives in the test's
// tools directory, so resolve it from there.
const require = createRequire(path.resolve(process.env.LH_NODE_MODULES || '.', 'package.json'));
const puppeteer = require('puppeteer-core');

const width = 1280, height = 800;
const browser = await puppeteer.launch({
  browser: 'firefox',
  executablePath: process.env.LH_FIREFOX || '/usr/bin/firefox-esr',
  headless: true,
  userDataDir: process.env.LH_PROFILE,
  // Firefox ignores the default viewport for its first tab: it is set
  // below, on the page itself.
  defaultViewport: null,
});
const [page] = await browser.pages();
await page.setViewport({ width, height });
page.on('console', (m) => process.stderr.write(`console.${m.type()}: ${m.text()}\n`));
// Uncaught errors are kept for the test to ask for ("errors").
const pageErrors = [];
page.on('pageerror', (e) => {
  const msg = String(e && e.message || e);
  pageErrors.push(msg);
  process.stderr.write(`pageerror: ${msg}\n`);
});

let closing;
function close() {
  closing ??= (async () => {
    // A browser that will not close within 5 s is killed with its group.
    const timer = setTimeout(() => { try { process.kill(-browser.process().pid, 'SIGKILL'); } catch {} process.exit(1); }, 5000);
    try { await browser.close(); } catch {}
    clearTimeout(timer);
    process.exit(0);
  })();
  return closing;
}

const ops = {
  async navigate({ url }) { await page.goto(url, { waitUntil: 'load', timeout: 30000 }); return null; },
  async reload() { await page.reload({ waitUntil: 'load', timeout: 30000 }); return null; },
  // The value crosses as JSON made in the page, as chromedp's Evaluate
  // returns it by value; a promise is awaited. The newline ends a trailing
  // line comment in expr.
  async evaluate({ expr }) {
    const s = await page.evaluate(`(async () => { const v = await (${expr}\n); return v === undefined ? 'null' : JSON.stringify(v); })()`);
    return JSON.parse(s);
  },
  // A real click at the element's centre, once it is shown and still.
  async click({ selector }) { await page.locator(selector).setTimeout(10000).click(); return null; },
  async setViewport({ width, height }) { await page.setViewport({ width, height }); return null; },
  async screenshot({ path, full }) { await page.screenshot({ path, fullPage: !!full }); return null; },
  async errors() { return pageErrors; },
};

// Commands run one at a time, in order.
let queue = Promise.resolve();
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (!line.trim()) return;
  queue = queue.then(async () => {
    let cmd;
    try {
      cmd = JSON.parse(line);
      const op = ops[cmd.op];
      if (!op) throw new Error(`unknown op ${JSON.stringify(cmd.op)}`);
      const value = await op(cmd);
      process.stdout.write(JSON.stringify({ id: cmd.id, value }) + '\n');
    } catch (e) {
      process.stdout.write(JSON.stringify({ id: cmd && cmd.id, error: String(e && e.message || e) }) + '\n');
    }
  });
});
lines.on('close', close);

process.stdout.write(JSON.stringify({ ready: true, pid: browser.process().pid, version: await browser.version() }) + '\n');
