// Two of these pages, in two browsers, open an RTCDataChannel to each
// other. The test calls start(); the page reports through
// <html data-rtc="..."> (done or error) and window.rtcResult.
//
//   ?role=offer&room=R   creates the offer and the channel, then pings
//   ?role=answer&room=R  answers, echoes pings
//
// With &gap=MS the offerer waits that long between pings, and with
// &size=N the answerer pads each pong to N bytes: an app's traffic (a
// small intent now and then, a larger state back) rather than a flood.
//
// Signaling is non-trickle: each side waits for ICE gathering to finish
// and sends one description through the test's /signal/R/KIND mailbox.
"use strict";

const params = new URLSearchParams(location.search);
const role = params.get("role");
const room = params.get("room");
const pings = Number(params.get("pings") || 50);
const gap = Number(params.get("gap") || 0);
const size = Number(params.get("size") || 0);

window.rtcResult = { role };

function setState(s) {
  document.documentElement.dataset.rtc = s;
  document.getElementById("state").textContent = s;
}

function log(msg) {
  document.getElementById("log").textContent += msg + "\n";
}

async function post(kind, body) {
  const r = await fetch(`/signal/${room}/${kind}`, { method: "POST", body });
  if (!r.ok) throw new Error(`POST ${kind}: ${r.status}`);
}

// get long-polls the mailbox until the other side has posted.
async function get(kind) {
  for (;;) {
    const r = await fetch(`/signal/${room}/${kind}`);
    if (r.status === 200) return r.text();
    if (r.status !== 204) throw new Error(`GET ${kind}: ${r.status}`);
  }
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") resolve();
    });
  });
}

// inbox turns a channel's messages into awaitable values.
function inbox(dc) {
  const queue = [], waiting = [];
  dc.addEventListener("message", (e) => {
    if (waiting.length) waiting.shift()(e.data);
    else queue.push(e.data);
  });
  return () => queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r));
}

function candidates(sdp) {
  return sdp.split(/\r?\n/).filter((l) => l.startsWith("a=candidate:"));
}

// selectedPair describes the ICE candidate pair in use.
async function selectedPair(pc) {
  const stats = await pc.getStats();
  let pair;
  stats.forEach((s) => {
    if (s.type === "transport" && s.selectedCandidatePairId) pair = stats.get(s.selectedCandidatePairId);
  });
  if (!pair) stats.forEach((s) => { if (s.type === "candidate-pair" && s.nominated && s.state === "succeeded") pair = s; });
  if (!pair) return null;
  const c = (id) => {
    const s = stats.get(id) || {};
    return { address: s.address, port: s.port, type: s.candidateType, protocol: s.protocol };
  };
  return { local: c(pair.localCandidateId), remote: c(pair.remoteCandidateId) };
}

function opened(dc) {
  return new Promise((resolve, reject) => {
    if (dc.readyState === "open") return resolve();
    dc.addEventListener("open", () => resolve());
    dc.addEventListener("error", (e) => reject(new Error("data channel: " + (e.error && e.error.message))));
  });
}

async function offer() {
  const t0 = performance.now();
  const pc = new RTCPeerConnection();
  pc.addEventListener("connectionstatechange", () => log("connection " + pc.connectionState));
  const dc = pc.createDataChannel("proof");
  const next = inbox(dc);
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const tGathered = performance.now();
  window.rtcResult.localCandidates = candidates(pc.localDescription.sdp);
  await post("offer", JSON.stringify(pc.localDescription));
  const answer = JSON.parse(await get("answer"));
  window.rtcResult.remoteCandidates = candidates(answer.sdp);
  const tAnswered = performance.now();
  await pc.setRemoteDescription(answer);
  await opened(dc);
  const tOpen = performance.now();
  dc.send("hello from offer");
  window.rtcResult.received = await next();
  const rtts = [];
  for (let i = 0; i < pings; i++) {
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    const t = performance.now();
    dc.send("ping " + i);
    const got = await next();
    if (!got.startsWith("pong " + i + " ") && got !== "pong " + i) throw new Error(`got ${JSON.stringify(got).slice(0, 40)}, want pong ${i}`);
    rtts.push(performance.now() - t);
  }
  Object.assign(window.rtcResult, {
    gatherMs: tGathered - t0,
    answerMs: tAnswered - t0,
    connectMs: tOpen - t0,
    iceAfterAnswerMs: tOpen - tAnswered,
    rtts,
    pair: await selectedPair(pc),
  });
  window.rtcPeer = pc;
}

async function answer() {
  const pc = new RTCPeerConnection();
  pc.addEventListener("connectionstatechange", () => log("connection " + pc.connectionState));
  const channel = new Promise((resolve) => pc.addEventListener("datachannel", (e) => resolve(e.channel)));
  const remote = JSON.parse(await get("offer"));
  window.rtcResult.remoteCandidates = candidates(remote.sdp);
  await pc.setRemoteDescription(remote);
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  window.rtcResult.localCandidates = candidates(pc.localDescription.sdp);
  await post("answer", JSON.stringify(pc.localDescription));
  const dc = await channel;
  const received = new Promise((resolve) => {
    dc.addEventListener("message", (e) => {
      if (e.data.startsWith("ping ")) {
        const pong = "pong " + e.data.slice(5);
        dc.send(size > pong.length ? pong + " " + "x".repeat(size - pong.length - 1) : pong);
      }
      else resolve(e.data);
    });
  });
  await opened(dc);
  dc.send("hello from answer");
  window.rtcResult.received = await received;
  window.rtcResult.pair = await selectedPair(pc);
  window.rtcPeer = pc;
}

window.start = () => {
  setState("running");
  (role === "offer" ? offer() : answer()).then(
    () => setState("done"),
    (e) => { window.rtcResult.error = String(e && e.stack || e); log(window.rtcResult.error); setState("error"); },
  );
};

setState("ready");
