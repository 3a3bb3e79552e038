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
