// The desk's page: follows the event file (server-sent events say a new version is there;
// the page then fetches its own view again and puts it in place, without reloading),
// takes dropped files, and on the wall pages through the standings by itself.
(() => {
  const main = document.getElementById("desk");
  let busy = false, again = false;
  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const reply = await fetch(location.pathname + location.search,
                                {headers: {"X-Desk-Fragment": "1"}, cache: "no-store"});
      if (reply.ok) {
        main.innerHTML = await reply.text();
        if (typeof drawReport === "function") drawReport(main);  // a player's section
        main.dataset.version = reply.headers.get("X-Desk-Version") || main.dataset.version;
        wall.show();
      }
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }
  if (main.dataset.stream) {
    const stream = new EventSource(main.dataset.stream);
    stream.onmessage = (e) => { if (e.data !== main.dataset.version) refresh(); };
  }

  // Dropped or chosen files are kept by the desk, one after another, and opened: events,
  // rating lists, rating systems (.toml), final orders or prize tables.  The first the desk refuses (past
  // its bounds) stops the rest, and its reason is shown; else the page goes to the last
  // event opened.
  const message = document.getElementById("drop-message");
  const eventFile = /\.(trf|csv|xlsx?|pgn|html?)$/i;
  const kindOf = (file) => /prize|giai.?thuong/i.test(file.name) ? "prizes"
    : /\.toml$/i.test(file.name) ? "system"
    : /order/i.test(file.name) && !eventFile.test(file.name) ? "order"
    : /list|rating/i.test(file.name) ? "ratings" : "event";
  async function send(files, kind) {
    let url = "";
    for (const file of files) {
      const reply = await fetch("/open?kind=" + (kind || kindOf(file)) + "&event=" +
                                main.dataset.event + "&name=" + encodeURIComponent(file.name),
                                {method: "POST", body: file});
      const answer = (reply.headers.get("content-type") || "").includes("json")
        ? await reply.json() : {error: await reply.text()};
      if (!answer.url) { message.textContent = answer.error; return; }
      url = answer.url;
    }
    if (url) location.assign(url);
  }
  if (message) {
    for (const input of document.querySelectorAll("input[type=file]")) {
      input.addEventListener("change", () => send(input.files, input.dataset.kind));
    }
    document.addEventListener("dragover", (e) => {
      e.preventDefault(); document.body.classList.add("dragging");
    });
    document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
    document.addEventListener("drop", (e) => {
      e.preventDefault(); document.body.classList.remove("dragging");
      if (e.dataTransfer) send(e.dataTransfer.files, "");
    });
  }

  // The wall: as many rows as the screen holds, the next page every few seconds.
  const every = Number(new URLSearchParams(location.search).get("every") || 10);
  const wall = {
    page: 0,
    show() {
      const rows = [...main.querySelectorAll("table.wall tbody tr")];
      if (!rows.length) return;
      rows.forEach((r) => r.classList.remove("away"));
      const top = rows[0].getBoundingClientRect().top;
      const tall = rows[0].getBoundingClientRect().height || 1;
      const fit = Math.max(1, Math.floor((innerHeight - top - 2 * tall) / tall));
      const pages = Math.ceil(rows.length / fit);
      this.page %= pages;
      rows.forEach((r, i) => r.classList.toggle("away", Math.floor(i / fit) !== this.page));
      document.body.dataset.page = String(this.page + 1);
      const label = main.querySelector(".wall-page");
      if (label) label.textContent = pages > 1 ? (this.page + 1) + " / " + pages : "";
    },
  };
  if (document.body.classList.contains("view-wall")) {
    wall.show();
    setInterval(() => { wall.page += 1; wall.show(); }, every * 1000);
  }
})();
