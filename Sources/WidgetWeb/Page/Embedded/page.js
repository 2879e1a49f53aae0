// The widget-host home screen (docs/web.md): every instance drawn by the host's pixel renderer,
// kept current by the host's event stream, tapped by a click.
"use strict";

const query = new URLSearchParams(location.search);
const token = query.get("token");
const forcedAppearance = query.get("appearance");
const darkScheme = matchMedia("(prefers-color-scheme: dark)");
const home = document.getElementById("home");
const statusLine = document.getElementById("status");
const notice = document.getElementById("notice");
const pager = document.getElementById("pages");
const banners = document.getElementById("activities");
/** activity id → { figure, img, version } */
const activities = new Map();
/** instance id → { figure, frame, img, family, bundle, width, height, badge } */
const widgets = new Map();
let noticeTimer = 0;
/** The home-screen pages, in order, and the one shown. */
let pageNumbers = [1];
let currentPage = 0;
/** When a swipe last turned the page: the click that ends it taps nothing. */
let lastSwipe = 0;

/** `path` with the page's token, when it has one. */
function api(path) {
  if (!token) return path;
  return path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
}

function appearance() {
  if (forcedAppearance === "light" || forcedAppearance === "dark") return forcedAppearance;
  return darkScheme.matches ? "dark" : "light";
}

function scale() {
  return Math.min(3, Math.max(1, Math.round(window.devicePixelRatio || 1)));
}

function show(message) {
  notice.textContent = message;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { notice.hidden = true; }, 4000);
}

/**
 * Draws the instance's current entry: its picture fetched again and decoded, then shown in the
 * same element. Replacing the element instead could eat a click: one pressed on the old picture
 * and released on the new one has no target to go to.
 */
async function redraw(id) {
  const widget = widgets.get(id);
  if (!widget) return;
  const version = (widget.version = (widget.version || 0) + 1);
  widget.figure.dataset.requested = String(version);
  const next = new Image();
  next.src = api(`/api/picture?instance=${encodeURIComponent(id)}&appearance=${appearance()}` +
    `&scale=${scale()}&v=${version}`);
  try {
    await next.decode();
  } catch {
    return; // Nothing shown yet, or the instance went away: the next entry draws it.
  }
  if (widget.version !== version || !widget.frame.isConnected) return;
  widget.img.src = next.src;
  try {
    await widget.img.decode();
  } catch {
    return;
  }
  if (widget.version !== version) return;
  widget.figure.dataset.drawn = String(version);
}

function setBadge(widget, text, kind) {
  if (!text) {
    widget.badge?.remove();
    widget.badge = null;
    return;
  }
  if (!widget.badge) {
    widget.badge = document.createElement("span");
    widget.frame.append(widget.badge);
  }
  widget.badge.className = "badge" + (kind ? " " + kind : "");
  widget.badge.textContent = text;
}

/** The page shown: `#page=N` in the address, else the first. */
function pageInAddress() {
  const match = /^#page=(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) : 0;
}

/** Shows home-screen page `number` (one of `pageNumbers`), and marks its dot. */
function showPage(number) {
  if (!pageNumbers.includes(number)) number = pageNumbers[0];
  currentPage = number;
  for (const section of home.children) {
    section.hidden = Number(section.dataset.page) !== number;
  }
  for (const dot of pager.children) {
    if (Number(dot.dataset.page) === number) dot.setAttribute("aria-current", "page");
    else dot.removeAttribute("aria-current");
  }
  const hash = pageNumbers.length > 1 && number !== pageNumbers[0] ? `#page=${number}` : "";
  if (location.hash !== hash) {
    history.replaceState(null, "", location.pathname + location.search + hash);
  }
}

/** The page `step` pages after the one shown (-1: before), if there is one. */
function turnPage(step) {
  const next = pageNumbers[pageNumbers.indexOf(currentPage) + step];
  if (next !== undefined) showPage(next);
}

/** Lays the home screen out again from the host's list of instances: one section per page. */
async function layOut() {
  const response = await fetch(api("/api/home"), { cache: "no-store" });
  if (!response.ok) throw new Error(await response.text());
  const document_ = await response.json();
  widgets.clear();
  const sections = new Map();
  for (const instance of document_.instances) {
    const number = instance.page || 1;
    if (!sections.has(number)) {
      const section = document.createElement("section");
      section.className = "page";
      section.dataset.page = String(number);
      section.setAttribute("aria-label", `Page ${number}`);
      sections.set(number, section);
    }
    const figure = document.createElement("figure");
    figure.dataset.instance = instance.instance;
    figure.dataset.family = instance.family;
    const frame = document.createElement("div");
    frame.className = "frame" + (instance.family.startsWith("accessory") ? " accessory" : "");
    frame.style.width = instance.width + "px";
    frame.style.height = instance.height + "px";
    frame.title = `${instance.kind} (${instance.family})`;
    const img = document.createElement("img");
    img.alt = instance.kind;
    img.draggable = false;
    frame.append(img);
    const caption = document.createElement("figcaption");
    caption.textContent = instance.kind;
    figure.append(frame, caption);
    sections.get(number).append(figure);
    const widget = { ...instance, figure, frame, img, badge: null };
    widgets.set(instance.instance, widget);
    frame.addEventListener("click", (event) => tap(widget, event));
  }
  pageNumbers = [...sections.keys()].sort((a, b) => a - b);
  if (pageNumbers.length === 0) pageNumbers = [1];
  home.replaceChildren(...pageNumbers.map((number) => sections.get(number)).filter(Boolean));
  pager.replaceChildren();
  pager.hidden = pageNumbers.length < 2;
  for (const number of pageNumbers) {
    const dot = document.createElement("button");
    dot.type = "button";
    dot.dataset.page = String(number);
    dot.setAttribute("aria-label", `Page ${number}`);
    dot.addEventListener("click", () => showPage(number));
    pager.append(dot);
  }
  showPage(currentPage || pageInAddress());
}

/** A click: where on the picture, in points, is sent; the host decides what it opens. */
async function tap(widget, event) {
  if (performance.now() - lastSwipe < 400) return;
  const box = widget.frame.getBoundingClientRect();
  const x = ((event.clientX - box.left) * widget.width) / box.width;
  const y = ((event.clientY - box.top) * widget.height) / box.height;
  const response = await fetch(api("/api/tap"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ instance: widget.instance, x, y }),
  });
  const reply = await response.json().catch(() => ({}));
  if (reply.error) {
    widget.frame.classList.add("refused");
    setTimeout(() => widget.frame.classList.remove("refused"), 600);
    show(reply.error.message);
  } else if (reply.result?.url) {
    show("opened " + reply.result.url);
  } else if (reply.result?.performed) {
    show("performed " + reply.result.performed.name);
  }
}

/** Shows, redraws or removes a Live Activity's Lock Screen banner, above the home screen. */
async function showActivity(data) {
  const id = data.activity.id;
  let banner = activities.get(id);
  if (data.event === "dismissed") {
    banner?.figure.remove();
    activities.delete(id);
    banners.hidden = activities.size === 0;
    return;
  }
  if (!banner) {
    const figure = document.createElement("figure");
    figure.className = "activity";
    figure.dataset.activity = id;
    const img = document.createElement("img");
    // The system's button beside the banner, as iOS shows one: clears it from view.
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "clear";
    clear.textContent = "Clear";
    clear.addEventListener("click", () => clearActivity(id));
    figure.append(img, clear);
    banners.append(figure);
    banner = { figure, img, clear, version: 0 };
    activities.set(id, banner);
    banners.hidden = false;
  }
  banner.clear.style.color = cssColor(data.presentations?.systemActionForegroundColor) || "";
  banner.figure.dataset.status = data.activity.status;
  banner.figure.classList.toggle("ended", data.activity.status === "ended");
  banner.figure.title = `${data.activity.attributesType} (${data.activity.status})`;
  await redrawActivity(id);
}

/** The Clear button: the host ends the activity and dismisses it; the stream then says so. */
async function clearActivity(id) {
  const response = await fetch(api("/api/activity-clear"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ activity: id }),
  });
  const reply = await response.json().catch(() => ({}));
  if (reply.error) show(reply.error.message);
}

/** SwiftUI's named colours, as iOS draws them in light mode. */
const namedColors = {
  black: "#000000", white: "#ffffff", gray: "#8e8e93", red: "#ff3b30", orange: "#ff9500",
  yellow: "#ffcc00", green: "#34c759", mint: "#00c7be", teal: "#30b0c7", cyan: "#32ade6",
  blue: "#007aff", indigo: "#5856d6", purple: "#af52de", pink: "#ff2d55", brown: "#a2845e",
  clear: "transparent",
};

/** A colour of the stream (`{"name"}` or `{"red","green","blue","opacity"}`) as CSS. */
function cssColor(color) {
  if (!color) return null;
  const opacity = color.opacity ?? 1;
  if (color.red !== undefined) {
    const channel = (value) => Math.round(Math.min(1, Math.max(0, value)) * 255);
    return `rgba(${channel(color.red)}, ${channel(color.green)}, ${channel(color.blue)}, ${opacity})`;
  }
  const named = namedColors[color.name];
  if (!named) return null;
  return opacity === 1 ? named : `color-mix(in srgb, ${named} ${opacity * 100}%, transparent)`;
}

/** Fetches a banner's picture again and swaps it in once decoded. */
async function redrawActivity(id) {
  const banner = activities.get(id);
  if (!banner) return;
  const version = (banner.version += 1);
  const next = new Image();
  next.alt = banner.figure.title;
  next.draggable = false;
  next.src = api(`/api/activity-picture?activity=${encodeURIComponent(id)}` +
    `&appearance=${appearance()}&scale=${scale()}&v=${version}`);
  try {
    await next.decode();
  } catch {
    return;
  }
  if (banner.version !== version || !banner.figure.isConnected) return;
  banner.figure.replaceChild(next, banner.img);
  banner.img = next;
  banner.figure.dataset.drawn = String(version);
}

function widgetsOf(event) {
  if (event.instance) return [widgets.get(event.instance)].filter(Boolean);
  const bundle = event.data?.bundle;
  return bundle ? [...widgets.values()].filter((widget) => widget.bundle === bundle) : [];
}

async function handle(event) {
  switch (event.type) {
    case "header": // the stream (re)started: the current state follows
      activities.clear();
      banners.replaceChildren();
      banners.hidden = true;
      await layOut();
      for (const id of widgets.keys()) redraw(id);
      break;
    case "instance": // an instance was added or removed
      await layOut();
      for (const id of widgets.keys()) redraw(id);
      break;
    case "entry": {
      const widget = widgets.get(event.instance);
      if (!widget) break;
      widget.figure.dataset.seq = String(event.seq);
      const data = event.data;
      setBadge(widget, data.stale ? "stale" : data.restored ? "restored" : "", "");
      redraw(event.instance);
      break;
    }
    case "redrawn":
      if (event.activity) redrawActivity(event.activity);
      else redraw(event.instance);
      break;
    case "activity":
      await showActivity(event.data);
      break;
    case "error":
      for (const widget of widgetsOf(event)) {
        setBadge(widget, event.data.code, "error");
        widget.frame.title = event.data.message;
      }
      break;
    case "open-url":
      show("opened " + event.data.url);
      break;
    default:
      break;
  }
}

function connect() {
  const source = new EventSource(api("/api/events"));
  let queue = Promise.resolve();
  source.onopen = () => { statusLine.textContent = "live"; };
  source.onerror = () => { statusLine.textContent = "reconnecting…"; };
  source.onmessage = (message) => {
    const event = JSON.parse(message.data);
    // In order: a header lays the screen out before the entries after it are drawn.
    queue = queue.then(() => handle(event)).catch((error) => show(String(error)));
  };
}

function applyAppearance() {
  document.documentElement.dataset.appearance = appearance();
}

darkScheme.addEventListener("change", () => {
  applyAppearance();
  for (const id of widgets.keys()) redraw(id);
  for (const id of activities.keys()) redrawActivity(id);
});
// Turning pages: the dots, the arrow keys, a horizontal swipe.
addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") turnPage(1);
  else if (event.key === "ArrowLeft") turnPage(-1);
});
addEventListener("hashchange", () => showPage(pageInAddress()));
let swipeStart = null;
home.addEventListener("pointerdown", (event) => {
  swipeStart = { x: event.clientX, y: event.clientY };
});
home.addEventListener("pointerup", (event) => {
  if (!swipeStart) return;
  const dx = event.clientX - swipeStart.x;
  const dy = event.clientY - swipeStart.y;
  swipeStart = null;
  if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
  lastSwipe = performance.now();
  turnPage(dx < 0 ? 1 : -1);
});

applyAppearance();
connect();
