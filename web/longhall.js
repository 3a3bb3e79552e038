// Longhall's page-side helper for the service worker. The worker fills its
// offline cache only once the app has rendered its first frame (or after a
// few seconds), because filling it during the first visit competes with
// the wasm for the device's network and CPU: measured here, it made the
// first render about 300 ms later.
window.longhallRendered = function () {
  if (!("serviceWorker" in navigator) || window.longhallToldWorker) {
    return;
  }
  window.longhallToldWorker = true;
  let tries = 0;
  const tell = () => {
    navigator.serviceWorker.getRegistration().then((reg) => {
      const workers = reg ? [reg.installing, reg.waiting, reg.active].filter(Boolean) : [];
      workers.forEach((w) => w.postMessage("longhall:rendered"));
      // go-app registers the worker itself, possibly after this first
      // frame: ask again until a worker is there to hear it.
      if (workers.length === 0 && ++tries < 50) {
        setTimeout(tell, 100);
      }
    });
  };
  tell();
};

// New versions between games. The service worker installs a new build
// and waits (sw/app-worker.js): a page keeps the build it runs, and no
// game is ever reloaded by itself. The page is told when a new build is
// ready (window.longhallUpdateReady, and a longhall-update event, which
// the app's UpdateNotice hears), and offers it where no game is in play;
// longhallUpdate, pressed there, has the waiting worker take over and
// reloads into the new build. go-app's own signal (goappOnUpdate) is not
// used: it also fires on a first visit, when the first worker takes the
// page. The page looks for a new build as it opens (the browser does),
// every hour, when it is shown again after a while, and when a room finds
// this device's app older than another's (longhallCheckUpdate).
(() => {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const hadController = !!sw.controller;
  let updating = false;
  const ready = () => {
    if (window.longhallUpdateReady) return;
    window.longhallUpdateReady = true;
    window.dispatchEvent(new Event('longhall-update'));
  };
  // A new build is ready when a worker waits behind the one that controls
  // the page, or when another page had it take over (this page runs the
  // old build still).
  const watch = (reg) => {
    const check = () => { if (reg.waiting && sw.controller) ready(); };
    const follow = (w) => w && w.addEventListener('statechange', check);
    follow(reg.installing);
    reg.addEventListener('updatefound', () => follow(reg.installing));
    check();
  };
  sw.addEventListener('controllerchange', () => { if (hadController && !updating) ready(); });
  sw.ready.then(watch).catch(() => {});
  let lastLook = Date.now();
  window.longhallCheckUpdate = () => {
    lastLook = Date.now();
    sw.getRegistration().then((reg) => reg && reg.update()).catch(() => {});
  };
  setInterval(window.longhallCheckUpdate, 60 * 60 * 1000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastLook > 10 * 60 * 1000) window.longhallCheckUpdate();
  });
  window.longhallUpdate = () => {
    updating = true;
    const reload = () => location.reload();
    sw.getRegistration().then((reg) => {
      const w = reg && reg.waiting;
      if (!w) return reload(); // another page had it take over already
      sw.addEventListener('controllerchange', reload, { once: true });
      w.postMessage('longhall:update');
      setTimeout(reload, 10000); // never stuck on the button
    }).catch(reload);
  };
})();

// Saves that stay. The first time a page saves a game or a room (the two
// halves of the app's one list of them, longhall.games and longhall.rooms),
// it asks the browser to keep the site's storage: otherwise Safari deletes it after
// seven days without a visit, and any browser may when space runs short.
// The home page says so while the browser has not promised
// (navigator.storage.persisted). Asked once a page; a browser may decide
// by itself, or ask its player.
(() => {
  const storage = navigator.storage;
  if (!storage || !storage.persist || !window.Storage) return;
  const set = Storage.prototype.setItem;
  let asked = false;
  Storage.prototype.setItem = function (key, value) {
    set.call(this, key, value);
    if (!asked && this === window.localStorage && (key === 'longhall.games' || key === 'longhall.rooms')) {
      asked = true;
      window.longhallPersist = storage.persist().catch(() => false);
    }
  };
})();

// Rooms that survive a crash. localStorage reaches the disk in batches,
// seconds after it is written: a browser killed in between (a crash, a
// phone's system) loses what it held. A guest seated just before came back
// to the room as a stranger, its seat's token gone
// (TestRoomGuestsBrowserKilledComesBackToItsSeat), and a host killed
// mid-game came back to no room at all, or to an older record of it
// (TestRoomSuccessorHostsWhenTheHostsDeviceGoesQuiet). So what rooms keep
// (the player's name, seat tokens, hosted rooms and their list, a
// successor's copy) is kept in IndexedDB too, whose writes are on disk
// when their transaction completes, and a page puts back into localStorage
// what IndexedDB holds newer before the app starts (self.longhallKept,
// which go-app's loader awaits: app/commands/loader.go). Which is newer:
// every write (a removal too) is numbered, the number kept with it in
// IndexedDB and the last one in localStorage (longhall~seq), which
// reaches the disk with the writes before it. So after a crash a page puts
// back what localStorage lost, and after a plain reload nothing (IndexedDB's
// own writes may still be on their way then, older than localStorage's).
// A game on one device (longhall.game.*, longhall.games) is left to
// localStorage alone: mirroring its saves too lost a new game's save in
// WebKit, in make test, for reasons not found.
(() => {
  if (!window.indexedDB || !window.Storage) return;
  const kept = (key) => key === 'longhall.name' || key === 'longhall.rooms' ||
    ['longhall.token.', 'longhall.room.', 'longhall.standby.'].some((p) => String(key).startsWith(p));
  const SEQ = 'longhall~seq';
  let opened = null;
  const db = () => opened || (opened = new Promise((resolve, reject) => {
    const req = indexedDB.open('longhall', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('kept');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }));
  const write = (f) => db().then((d) => f(d.transaction('kept', 'readwrite').objectStore('kept'))).catch(() => {});
  const set = Storage.prototype.setItem, remove = Storage.prototype.removeItem;
  let seq = Number(localStorage.getItem(SEQ)) || 0;
  const next = () => {
    seq++;
    set.call(localStorage, SEQ, String(seq));
    return seq;
  };
  Storage.prototype.setItem = function (key, value) {
    set.call(this, key, value);
    if (this === window.localStorage && kept(key)) {
      const s = next();
      write((st) => st.put({ v: String(value), s }, key));
    }
  };
  Storage.prototype.removeItem = function (key) {
    remove.call(this, key);
    if (this === window.localStorage && kept(key)) {
      const s = next();
      write((st) => st.put({ v: null, s }, key));
    }
  };
  self.longhallKept = db().then((d) => new Promise((resolve) => {
    const committed = Number(localStorage.getItem(SEQ)) || 0;
    let most = committed;
    const req = d.transaction('kept', 'readonly').objectStore('kept').openCursor();
    req.onsuccess = () => {
      const c = req.result;
      if (!c) {
        seq = Math.max(seq, most);
        set.call(localStorage, SEQ, String(seq));
        return resolve();
      }
      // A plain string: kept before writes were numbered.
      const e = typeof c.value === 'string' ? { v: c.value, s: 0 } : c.value;
      most = Math.max(most, e.s || 0);
      const now = localStorage.getItem(c.key);
      if (e.s > committed && e.v === null && now !== null) remove.call(localStorage, c.key);
      else if (e.v !== null && (e.s > committed || (!e.s && now === null)) && now !== e.v) set.call(localStorage, c.key, e.v);
      c.continue();
    };
    req.onerror = () => resolve();
  })).catch(() => {});
})();

// Before the app runs. What a visitor reads first is the pre-rendered page;
// go-app's loader is only a slim line along the top (longhall.css), whose
// length follows the loader's own label, or a readable error when the wasm
// could not start. On the room page a link's invitation is filled in from
// its fragment, which never reaches a server: the game, the host's name and
// the seats, read as online.ReadInvitation reads them, into the preview the
// page pre-renders (app/pages/room_join.go, invitationPreview).
(() => {
  const loading = () => {
    const loader = document.getElementById('app-wasm-loader');
    const label = document.getElementById('app-wasm-loader-label');
    if (!loader || !label) return;
    const show = () => {
      const m = /(\d+)%\s*$/.exec(label.textContent);
      if (m) loader.style.setProperty('--loaded', Math.max(3, Math.min(100, +m[1])));
      else if (label.textContent.trim() && !loader.classList.contains('failed')) {
        // Go's reason alone ("TypeError: Failed to fetch") tells a player
        // little; and the notice goes first in the page, where it pushes
        // the page down instead of covering the top bar's links.
        loader.classList.add('failed');
        const why = document.createElement('p');
        why.id = 'app-wasm-failed';
        why.textContent = 'Longhall could not start: check the connection and reload the page. The browser said:';
        loader.prepend(why);
        document.body.prepend(loader);
      }
    };
    new MutationObserver(show).observe(label, { childList: true, characterData: true, subtree: true });
    show();
  };
  // session.Clean: no control or formatting characters, trimmed, at most
  // n characters.
  const clean = (s, n) => [...s.replace(/[\n\t\r]/g, ' ').replace(/[\p{Cc}\p{Cf}]/gu, '').trim()].slice(0, n).join('').trim();
  const invitation = () => {
    const box = document.getElementById('invite-preview');
    if (!box || document.documentElement.dataset.client) return;
    const link = new URLSearchParams(location.hash.slice(1));
    const card = link.get('r') && [...box.querySelectorAll('[data-game]')].find((c) => c.dataset.game === link.get('g'));
    if (!card) return; // not a room link, or one that names no game we have
    const host = clean(link.get('h') || '', 24), seats = +link.get('n');
    // A function, not a string: a name like "$&" is a name, not a pattern.
    if (host) card.querySelector('[data-slot="who"]').textContent = box.dataset.invitesYou.replace('%s', () => host);
    if (Number.isInteger(seats) && seats >= 1 && seats <= 8) {
      const el = card.querySelector('[data-slot="seats"]');
      el.textContent = box.dataset.tableOf.replace('%d', () => seats);
      el.hidden = false;
    }
    card.hidden = false;
    box.hidden = false;
    const opening = document.getElementById('room-opening');
    if (opening) opening.hidden = true;
  };
  const start = () => { loading(); invitation(); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();

// The table in full view (app/ui/layout.go). In the frame after any change
// of the table: on a phone the sheet opens when the choice is made in it
// and folds when it is not; the board is scaled (a transform, which keeps
// clicks exact) to fit its area, no smaller than a floor past which the
// area scrolls; and at each new choice every region scrolls so that the
// choice's controls are in view, the board shrinking further if they would
// not all fit. Plain DOM work, kept out of the wasm.
(() => {
  const CONTROLS = '[data-action]:not([disabled]), [data-pick]';
  // SHEET_CONTEXT is the room a phone's sheet keeps above its choice's
  // controls, for the heading they sit under (YOUR HAND · 7 cards).
  const SHEET_CONTEXT = 48;
  // BOARD_KEEPS is the share of a phone's table the board keeps beside
  // an open sheet (sizeSheet), when the choice fits beside it.
  const BOARD_KEEPS = 0.4;
  // BOARD_PROMISED is the least share the board keeps beside a sheet
  // whose choice needs more than BOARD_KEEPS leaves it (fullview_test.go's
  // phoneBoardLeast, 0.35, and a little); BOARD_LEAST, what it keeps when
  // the bars above the board (a long menu of pairs) leave the sheet too
  // little room even so.
  const BOARD_PROMISED = 0.36;
  const BOARD_LEAST = 0.2;
  // OWN_LEAST is the least scale the viewer's own area shrinks to, to
  // show its choice.
  const OWN_LEAST = 0.55;
  const narrow = () => window.matchMedia('(max-width: 899px)').matches;
  let queued = false;
  let lastChoice = '';
  let lastControls = '';
  let lastShape = '';
  let sheet = 'closed'; // the sheet as the choice or the player left it
  let folded = false; // the own area folded to its choice (foldOwn)
  // Changes seen and the last one a fit ran after: the page is settled
  // (longhallSettled, for tests) when a fit has run since the last change,
  // and the table is what a player sees until the next one. A test waits
  // for that, however long a busy machine takes, instead of a fixed time.
  let changes = 0;
  let fitted = 0;
  window.longhallSettled = () => !queued && fitted === changes;

  // inner is the room a region has for content: its padding box, less
  // a sticky handle at its top (its scroll-padding-top).
  const inner = (el) => {
    const cs = getComputedStyle(el);
    return {
      w: el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
      h: el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom) - (parseFloat(cs.scrollPaddingTop) || 0),
    };
  };
  // scaleOf is the scale scaleTo drew content at.
  const scaleOf = (el) => parseFloat(el.dataset.scale) || 1;
  // LEAST_TEXT is the least size of any text as drawn, in CSS px.
  const LEAST_TEXT = 11;
  // floorText sets the text floor of el and of the scaled content inside
  // it, for the scales they are drawn at now.
  const floorText = (el) => {
    for (const c of [el, ...el.querySelectorAll('[data-scale]')]) {
      if (!c.dataset.scale) {
        c.style.removeProperty('--lh-least-text');
        continue;
      }
      let z = 1;
      for (let a = c; a; a = a.parentElement) if (a.dataset && a.dataset.scale) z *= parseFloat(a.dataset.scale);
      c.style.setProperty('--lh-least-text', (LEAST_TEXT / z).toFixed(2) + 'px');
    }
  };
  // scaleTo draws content at z of its size. A transform, which every
  // engine lays out, measures and hit-tests alike (CSS zoom is not: WebKit
  // before late 2025 measures a zoomed box unzoomed and does not scale rem
  // lengths in it, so Safaris differ), on content laid out 1/z as wide as
  // its region, so that it reflows as a zoomed box did; negative margins
  // give back the room the transform frees, right and below.
  //
  // Text stays legible however small its content is drawn: every font
  // size in the CSS is at least var(--lh-least-text), which is LEAST_TEXT
  // px over the scale its content is drawn at, all scales around it
  // counted (floorText). Smaller content holds larger text, and fitTo
  // measures what that costs.
  const scaleTo = (content, z) => {
    const s = content.style;
    if (z >= 1) {
      s.transform = s.transformOrigin = s.width = s.marginRight = s.marginBottom = '';
      delete content.dataset.scale;
    } else {
      content.dataset.scale = String(z);
      s.transform = 'scale(' + z + ')';
      s.transformOrigin = '0 0';
      s.width = 100 / z + '%';
      s.marginRight = 100 - 100 / z + '%';
    }
    floorText(content);
    if (z < 1) s.marginBottom = -content.offsetHeight * (1 - z) + 'px';
  };

  // For the layout test (fullview_test.go), which tries a scale and puts
  // it back.
  window.longhallScaleTo = scaleTo;
  const controlsIn = (el) => [...el.querySelectorAll(CONTROLS)].filter((c) => c.getClientRects().length);
  // The box around els, in px of the viewport.
  const around = (els) => {
    let top = Infinity, left = Infinity, bottom = -Infinity, right = -Infinity;
    for (const el of els) {
      const r = el.getBoundingClientRect();
      top = Math.min(top, r.top); left = Math.min(left, r.left);
      bottom = Math.max(bottom, r.bottom); right = Math.max(right, r.right);
    }
    return { top, left, bottom, right, h: bottom - top, w: right - left };
  };

  // fitTo scales content (scaleTo) to its scrolling region: the whole of
  // it when it can, down to floor (1: never for that alone), and the
  // choice's controls inside it whatever it takes, down to least. Content
  // that grows scales back up as the region grows (the board, when a
  // phone's sheet folds away or the screen turns); the own area does not
  // grow back: its cards would move under the player's finger.
  //
  // Content reflows with its scale (it is laid out 1/z as wide as its
  // region), so its height at one scale does not say its height at
  // another: each step measures the scale it tried, and the steps close in
  // on the largest scale seen to fit and the smallest seen not to, which
  // never swings between two sizes. (Growing only at a call's first step
  // left a board too small until the page next changed: after a phone's
  // screen changed size, a Northerners board at 0.83 where 0.93 fit.)
  const fitTo = (region, content, floor, least, grows) => {
    const avail = inner(region);
    if (avail.w <= 0 || avail.h <= 0) return;
    let z = scaleOf(content);
    // The content's height may have changed since it was scaled: the room
    // it gives back follows.
    scaleTo(content, z);
    // fits: the largest scale seen to need no less; over: the smallest
    // seen to need less (the own area: nothing above where it is).
    let fits = 0, over = grows ? Infinity : z + 0.005, want = z;
    // best: the scale at which the controls took the least height as
    // drawn. Text is never drawn smaller (floorText), so shrinking a
    // choice of words may not make it shorter; when no scale tried fits,
    // the content is drawn at this one rather than smaller for nothing.
    let best = { z, h: Infinity };
    for (let i = 0; i < 6; i++) {
      const r = content.getBoundingClientRect();
      want = Math.max(floor, Math.min(1, (z * avail.h) / Math.max(r.height, 1)));
      // Wider than its region: at most the scale at which it would fit.
      if (region.scrollWidth > region.clientWidth + 1) want = Math.min(want, (z * region.clientWidth) / region.scrollWidth);
      const controls = controlsIn(content);
      if (controls.length) {
        // The controls fit in height; and in width when they are wider than
        // the region now (controls that fill its width, such as a row of
        // bars, reflow as it grows: wider than it after growing, the
        // content is shrunk back by the check above).
        const b = around(controls);
        if (b.h < best.h - 1 || (b.h <= best.h + 1 && z > best.z)) best = { z, h: b.h };
        const across = b.w > avail.w + 1 ? (z * avail.w) / b.w : 1;
        want = Math.max(least, Math.min(want, (z * avail.h) / Math.max(b.h, 1), across));
      }
      want = Math.min(1, Math.round(want * 100) / 100);
      if (want >= z - 0.005) fits = Math.max(fits, z);
      else over = Math.min(over, z);
      if (Math.abs(want - z) < 0.02) break;
      // Between what fitted and what did not: halfway when the measure
      // points outside, where it was already proved wrong.
      let next = want;
      if (next >= over) next = fits ? (fits + over) / 2 : over - 0.02;
      if (next <= fits) break;
      next = Math.round(next * 100) / 100;
      if (Math.abs(next - z) < 0.01 || over - fits <= 0.02) break;
      z = next;
      scaleTo(content, z);
    }
    // Stopped at a scale that needs clearly less: the largest seen to fit,
    // or else the one that showed most of the choice.
    if (want < z - 0.02) scaleTo(content, fits || (best.h < Infinity ? best.z : want));
    // Drawn under floor for a choice that still does not fit: the steps
    // only ever shrank it, and at floor its words, no smaller, may take
    // no more height. Kept at floor unless that shows less of it.
    const now = scaleOf(content);
    const controls = now < floor ? controlsIn(content) : [];
    if (!controls.length) return;
    const h = around(controls).h;
    if (h <= avail.h + 1) return;
    scaleTo(content, floor);
    if (around(controlsIn(content)).h > h + 1 || region.scrollWidth > region.clientWidth + 1) scaleTo(content, now);
  };

  // fitRows draws each row that must stay one row (.lh-fitrow: a Red
  // North party, whose order is the game) whole, scaled down (scaleTo) to
  // its region's width rather than wrapped, down to ROW_LEAST.
  const ROW_LEAST = 0.5;
  const fitRows = (table) => {
    for (const row of table.querySelectorAll('.lh-fitrow')) {
      scaleTo(row, 1);
      const room = row.clientWidth, need = row.scrollWidth;
      if (room && need > room + 1) scaleTo(row, Math.max(ROW_LEAST, Math.floor((room / need) * 100) / 100));
    }
  };

  // reveal scrolls a region so that els are in view: centred when they
  // fit, their top (or left) edge first when they do not.
  const reveal = (region, els) => {
    const b = around(els), r = region.getBoundingClientRect();
    // A sticky handle at the region's top covers what is under it.
    const under = parseFloat(getComputedStyle(region).scrollPaddingTop) || 0;
    const top = r.top + region.clientTop + under, left = r.left + region.clientLeft;
    const h = region.clientHeight - under, w = region.clientWidth, pad = 6;
    if (b.top < top || b.bottom > top + h) {
      region.scrollTop += b.h + 2 * pad <= h ? b.top - top - (h - b.h) / 2 : b.top - top - pad;
    }
    if (b.left < left || b.right > left + w) {
      region.scrollLeft += b.w + 2 * pad <= w ? b.left - left - (w - b.w) / 2 : b.left - left - pad;
    }
  };
  // The regions that scroll around each control, innermost first, each
  // with the controls inside it.
  const scrollersOf = (table, controls) => {
    const found = new Map();
    for (const c of controls) {
      for (let el = c.parentElement, depth = 0; el && el !== table.parentElement; el = el.parentElement, depth++) {
        const cs = getComputedStyle(el);
        if (!/(auto|scroll)/.test(cs.overflowY + cs.overflowX)) continue;
        if (!found.has(el)) found.set(el, { els: [], depth: 0 });
        const f = found.get(el);
        f.els.push(c);
        f.depth = Math.max(f.depth, depth);
      }
    }
    return [...found.entries()].sort((a, b) => a[1].depth - b[1].depth);
  };

  // The last move, marked: the pieces (data-ref) whose text the table's
  // last change of version changed, but not a piece that holds a changed
  // piece (the card, not the whole side of the table). The marks stay
  // until the next move, and come back on a piece that is drawn anew.
  let seenVersion = null;
  let seenText = new Map();
  let lastMove = new Set();
  let seenTable = null;
  const markLastMove = (table) => {
    // A table drawn anew (another page: a replay opened from the result)
    // has had no move yet.
    if (table !== seenTable) {
      seenTable = table;
      seenVersion = null;
    }
    const pieces = [...table.querySelectorAll('[data-ref]')];
    const version = table.dataset.version;
    if (version !== seenVersion) {
      const text = new Map(pieces.map((p) => [p.dataset.ref, p.textContent]));
      const changed = seenVersion === null ? [] : pieces.filter((p) => seenText.get(p.dataset.ref) !== text.get(p.dataset.ref));
      lastMove = new Set(changed.filter((p) => !changed.some((q) => q !== p && p.contains(q))).map((p) => p.dataset.ref));
      seenVersion = version;
      seenText = text;
    }
    for (const p of pieces) {
      if (lastMove.has(p.dataset.ref)) p.setAttribute('data-last-move', '');
      else p.removeAttribute('data-last-move');
    }
  };

  const fit = () => {
    queued = false;
    fitted = changes;
    const table = document.getElementById('table');
    const area = document.getElementById('board-area');
    const side = document.getElementById('side');
    if (!table || !area || !side) {
      seenVersion = null;
      return;
    }
    markLastMove(table);
    const board = area.firstElementChild;
    const every = [...table.querySelectorAll(CONTROLS)];
    const controls = every.map((c) => (c.dataset.action || 'pick') + ':' + (c.dataset.args || c.dataset.pick || '')).join(' ');
    if (controls !== lastControls && narrow()) {
      // The sheet opens when the choice is made in it (all the way when
      // the board holds none of it), and folds when not.
      const inSide = every.some((c) => side.contains(c));
      const inMain = every.some((c) => area.contains(c));
      sheet = inSide ? (inMain ? 'open' : 'full') : 'closed';
    }
    // The page may draw the sheet anew, folded: keep it as it was left.
    if (side.dataset.sheet !== sheet) setSheet(side, sheet);
    const own = document.getElementById('own');
    if (controls !== lastControls) foldOwn(own, side);
    // The page may draw the own area anew, unfolded: keep it as it was.
    if (own && own.classList.contains('lh-folded') !== folded) own.classList.toggle('lh-folded', folded);
    lastControls = controls;
    watchBars(table, side, area);
    const all = every.filter((c) => c.getClientRects().length);
    fitRows(table);
    // The sheet is sized once the rows are fitted, on the bars' height as
    // it is then, before the board and the own area fit into what is left.
    sizeSheet(table, side);
    if (board) fitTo(area, board, narrow() ? 0.8 : 0.7, 0.45, true);
    // The viewer's own area shrinks only as far as its choice needs.
    if (own) fitTo(side, own, 1, OWN_LEAST);
    // Scroll to the choice at each new one, and again whenever the
    // regions change size or the board its scale.
    const choice = table.dataset.version + '|' + controls;
    const shape = [scaleOf(board || area), scaleOf(document.getElementById('own') || area), area.clientHeight, area.clientWidth, side.clientHeight, side.dataset.sheet].join(',');
    if (choice !== lastChoice || shape !== lastShape) {
      for (const [region, f] of scrollersOf(table, all)) reveal(region, f.els);
    }
    // Also when the page drew anew the control that had the focus.
    const lost = !document.activeElement || document.activeElement === document.body;
    if ((choice !== lastChoice || lost) && all.length) focusChoice(table, all);
    lastChoice = choice;
    lastShape = shape;
  };
  // focusChoice gives the keyboard's focus to the choice's first control
  // at each new choice, when nothing holds it (the control pressed last
  // is gone or closed, or the page has just opened): the choice comes
  // first, for the keyboard and for a screen reader. Focus anywhere else
  // (the chat, the rules, a control still there) stays where it was put.
  const focusChoice = (table, all) => {
    const a = document.activeElement;
    // What the last choice left: a control closed, or an element of the
    // board that is no control now (a card played, a space taken).
    const left = a && table.contains(a) && (a.disabled || (!a.matches(CONTROLS) && a.closest('.lh-layout') &&
      a.id !== 'board-area' && !/^(INPUT|SELECT|TEXTAREA|SUMMARY)$/.test(a.tagName)));
    if (a && a !== document.body && !left) return;
    all[0].focus({ preventScroll: true });
  };
  // The arrow keys move the focus from control to control of the table
  // (Tab passes by everything else too); Enter or Space takes the action.
  document.addEventListener('keydown', (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const table = document.getElementById('table');
    const a = document.activeElement;
    if (!step || !table || !a || !table.contains(a) || !a.matches(CONTROLS) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const all = controlsIn(table);
    const i = all.indexOf(a);
    if (i < 0) return;
    e.preventDefault();
    all[(i + step + all.length) % all.length].focus();
  });
  // foldOwn draws the viewer's own area anew at each new choice: whole
  // and unscaled, or folded (.lh-folded: each game's CSS hides what a
  // choice is not about, such as a card's rules, which a long press
  // shows) when it holds the choice in a phone's sheet, or a choice taller
  // than a desk's side column. Text is never drawn under LEAST_TEXT, so
  // shrinking a card of words gives back little room: folding does.
  const foldOwn = (own, side) => {
    folded = false;
    if (!own) return;
    own.classList.remove('lh-folded');
    scaleTo(own, 1);
    const mine = controlsIn(own);
    if (!mine.length) return;
    // A phone's sheet folds whenever it holds the choice: whole, a hand of
    // cards in 11-px text leaves the board little more than the least it
    // keeps, and whether it would fit depends on each engine's measure of
    // its words (WebKit's sheet came out 150 px taller than Chromium's).
    // A desk's side column folds when the choice is taller than it.
    folded = narrow() ? side.dataset.sheet !== 'closed' : around(mine).h > inner(side).h;
  };
  // watchBars fits again whenever a bar above the board changes size,
  // whatever changed it: sizeSheet measures the bars, and a fit must not
  // rest on a height they had before. (CI twice saw Vikings' board at 34%
  // of a phone for seconds, a card's menu open in a 180-px choice bar and
  // the sheet sized as if the bar were smaller, where the same decision
  // settles at 40%; alone it never came, and its cause is not proven.)
  // Each bar the page draws anew is watched anew.
  const bars = typeof ResizeObserver === 'function' ? new ResizeObserver(() => queue()) : null;
  const watched = new WeakSet();
  const watchBars = (table, side, area) => {
    if (!bars) return;
    for (const el of [...table.children, document.getElementById('choice')]) {
      if (el && el !== side && el !== area && !el.classList.contains('lh-layout') && !watched.has(el)) {
        watched.add(el);
        bars.observe(el);
      }
    }
  };
  // sizeSheet opens a phone's sheet only as far as its choice needs: its
  // controls, with a line of what they belong to above them (the sheet
  // scrolls to them; the rest of it, the log, is a scroll away), so that
  // the board keeps the rest of the screen. However far the choice
  // reaches, the board keeps BOARD_KEEPS of the table's height, the choice
  // all in the sheet or not: the sheet's own area then shrinks to show the
  // choice (fitTo), or scrolls to it.
  const sizeSheet = (table, side) => {
    if (!narrow() || side.dataset.sheet === 'closed') {
      side.style.maxHeight = '';
      return;
    }
    // The room the sheet has while the board keeps its share, and (when
    // the bars above take so much that the choice would not fit there)
    // while the board keeps BOARD_LEAST: the choice comes first.
    let used = 0;
    for (const el of table.children) {
      if (el !== side && !el.classList.contains('lh-layout')) used += el.offsetHeight;
    }
    const choice = document.getElementById('choice');
    if (choice) used += choice.offsetHeight;
    const H = table.clientHeight;
    const room = H - used - BOARD_KEEPS * H;
    // The most it takes: all but BOARD_PROMISED of the table, or, when
    // that leaves the sheet too little (a choice bar that takes most of
    // the screen), all but BOARD_LEAST.
    const promised = H - used - BOARD_PROMISED * H;
    const most = promised >= 140 ? promised : H - used - BOARD_LEAST * H;
    let height = Math.max(140, room);
    const mine = controlsIn(side);
    if (mine.length) {
      // The sheet's own height beyond the room it gives its content (its
      // handle, padding and border), and the controls' extent, which a
      // scroll does not change: what the choice needs as the own area is
      // drawn now, and at OWN_LEAST, the least it shrinks to (fitTo),
      // without the line above the choice: where room is that short, the
      // choice comes before what it belongs to.
      const chrome = side.offsetHeight - inner(side).h, extent = around(mine).h;
      const need = Math.max(140, chrome + extent + SHEET_CONTEXT);
      const least = Math.max(140, chrome + extent * OWN_LEAST / scaleOf(document.getElementById('own') || side));
      // As far as the choice needs; when that is past the room, the own
      // area shrinks into the room; and only past that the board gives way.
      if (need <= room) height = need;
      else if (least > room) height = Math.min(least, Math.max(140, most));
    }
    side.style.maxHeight = height + 'px';
  };
  const setSheet = (side, state) => {
    side.dataset.sheet = state;
    const handle = document.getElementById('sheet-handle');
    if (handle) handle.setAttribute('aria-expanded', state !== 'closed' ? 'true' : 'false');
  };
  const queue = () => {
    changes++;
    if (!queued) {
      queued = true;
      requestAnimationFrame(fit);
    }
  };

  document.addEventListener('click', (e) => {
    const handle = e.target.closest && e.target.closest('#sheet-handle');
    const side = document.getElementById('side');
    if (!handle || !side) return;
    sheet = side.dataset.sheet === 'closed' ? 'open' : 'closed';
    setSheet(side, sheet);
    queue();
  });
  // A long press on a card shows its whole text (data-text): a touch
  // screen has no hover to show the title. A tap anywhere hides it.
  let pressTimer = 0;
  let pressed = false;
  const hideText = () => {
    const box = document.getElementById('card-text');
    if (box) box.remove();
  };
  const showText = (el) => {
    hideText();
    const box = document.createElement('div');
    box.id = 'card-text';
    box.setAttribute('role', 'tooltip');
    box.textContent = el.dataset.text;
    document.body.appendChild(box);
    const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
    const top = r.top - b.height - 8 >= 0 ? r.top - b.height - 8 : Math.min(r.bottom + 8, window.innerHeight - b.height - 4);
    box.style.top = Math.max(4, top) + 'px';
    box.style.left = Math.max(4, Math.min(r.left + r.width / 2 - b.width / 2, window.innerWidth - b.width - 4)) + 'px';
  };
  document.addEventListener('touchstart', (e) => {
    hideText();
    pressed = false;
    const el = e.target.closest && e.target.closest('#table [data-text]');
    if (!el) return;
    pressTimer = setTimeout(() => { pressed = true; showText(el); }, 450);
  }, { passive: true });
  document.addEventListener('touchmove', () => clearTimeout(pressTimer), { passive: true });
  document.addEventListener('touchend', (e) => {
    clearTimeout(pressTimer);
    // A long press reads the card; it does not play it.
    if (pressed) e.preventDefault();
    pressed = false;
  }, { passive: false });
  // A tap on something the rules close now (data-why) says why at once:
  // it does nothing else, and a player who taps it wants to know.
  document.addEventListener('mousedown', hideText);
  document.addEventListener('click', (e) => {
    const el = e.target.closest && e.target.closest('#table [data-why][data-text]');
    if (el && !el.closest('[data-action], [data-pick], button')) showText(el);
  });
  document.addEventListener('contextmenu', (e) => {
    if (e.target.closest && e.target.closest('#table [data-text]')) e.preventDefault();
  });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideText(); });

  const watch = () => {
    new MutationObserver(queue).observe(document.body, {
      subtree: true, childList: true, characterData: true,
      attributes: true, attributeFilter: ['data-version', 'class', 'aria-pressed', 'disabled'],
    });
    window.addEventListener('resize', () => { lastChoice = ''; lastControls = '-'; queue(); });
    queue();
  };
  if (document.body) watch(); else document.addEventListener('DOMContentLoaded', watch);
})();

// Replays (app/replay_page.go, app/home.go). The keyboard steps a replay
// by pressing its bar's buttons (← and → a move, Home and End to either
// end) unless a field has the focus; a record file picked, or dropped
// anywhere on a page with the record picker, is read and handed to the
// picker as an lh-record event (its detail the text, or null for a file
// over the picker's data-max bytes); and a saved record leaves as a
// download, one action a line. Plain DOM work, kept out of the wasm.
(() => {
  const keys = { ArrowLeft: 'replay-back', ArrowRight: 'replay-forward', Home: 'replay-start', End: 'replay-end' };
  document.addEventListener('keydown', (e) => {
    const button = keys[e.key] && document.getElementById(keys[e.key]);
    if (!button || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    e.preventDefault();
    if (!button.disabled) button.click();
  });
  const picker = () => document.getElementById('open-record');
  const offer = (input, file) => {
    const done = (text) => input.dispatchEvent(new CustomEvent('lh-record', { detail: text }));
    if (file.size > +input.dataset.max) done(null);
    else file.text().then(done, () => done(''));
  };
  document.addEventListener('change', (e) => {
    const input = picker();
    if (e.target !== input || !input.files.length) return;
    offer(input, input.files[0]);
    input.value = ''; // the same file picked again is news again
  });
  document.addEventListener('dragover', (e) => { if (picker()) e.preventDefault(); });
  document.addEventListener('drop', (e) => {
    const input = picker();
    if (!input) return;
    e.preventDefault();
    if (e.dataTransfer && e.dataTransfer.files.length) offer(input, e.dataTransfer.files[0]);
  });
  window.longhallDownload = (name, json) => {
    const text = json.replace(/\},\{"seat":/g, '},\n{"seat":');
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };
})();

// A host's screen kept on, and a page back from the back-forward cache
// (issue 38). A phone dims and locks its screen after a minute or so, and
// soon freezes a page it no longer shows: for a host, that stops the room
// for everyone. While this device hosts a game in progress (the room page
// marks it with data-keep-awake), the page holds the Screen Wake Lock where
// the browser has one, asks again whenever it comes back into view (the
// browser lets the lock go when the page is hidden), and lets it go when
// the game ends or the room closes. <html data-wake-lock> says how it
// stands: held, released, refused or unsupported.
//
// A room page restored from the back-forward cache (pageshow, persisted)
// had its links closed while it was cached: it loads again, and the room
// resumes as after any reload (the host from its save, a guest with its
// seat's token).
(() => {
  let lock = null;
  let asking = false;
  let queued = false;
  const mark = (s) => { document.documentElement.dataset.wakeLock = s; };
  const hosting = () => !!document.querySelector('[data-keep-awake]');
  const sync = async () => {
    queued = false;
    const want = hosting() && document.visibilityState === 'visible';
    if (!('wakeLock' in navigator)) {
      if (want) mark('unsupported');
      return;
    }
    if (want && !lock && !asking) {
      asking = true;
      try {
        const l = await navigator.wakeLock.request('screen');
        lock = l;
        mark('held');
        l.addEventListener('release', () => {
          if (lock === l) lock = null;
          mark('released');
        });
      } catch (e) {
        mark('refused');
      } finally {
        asking = false;
      }
      if (!hosting()) sync();
    } else if (!hosting() && lock) {
      const l = lock;
      lock = null;
      l.release();
    }
  };
  const queue = () => {
    if (!queued) {
      queued = true;
      setTimeout(sync, 0);
    }
  };
  document.addEventListener('visibilitychange', queue);
  const watch = () => new MutationObserver(queue).observe(document.body, { subtree: true, childList: true });
  if (document.body) watch(); else document.addEventListener('DOMContentLoaded', watch);

  window.addEventListener('pageshow', (e) => {
    if (e.persisted && document.querySelector('.page-room')) location.reload();
  });

  // A host who chose a successor (data-successor-after, in seconds), whose
  // page was frozen or hidden that long, may have been followed: the page
  // loads again, and asks the room whether the successor hosts it now
  // before it hosts again (online.FindSuccessor).
  let away = 0;
  const leave = () => { if (!away) away = Date.now(); };
  const back = () => {
    const el = document.querySelector('[data-successor-after]');
    const gone = away ? Date.now() - away : 0;
    away = 0;
    if (el && gone >= Number(el.dataset.successorAfter) * 1000) location.reload();
  };
  document.addEventListener('freeze', leave);
  document.addEventListener('resume', back);
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? leave() : back()));
})();
