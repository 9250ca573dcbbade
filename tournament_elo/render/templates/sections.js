// The report's players' sections (with their small charts) and its rounds' pairings,
// drawn as the page opens from its one data block (layout: render/sections.py).  Each
// element marked data-draw is replaced by what it stands for, with the table head its
// <template> holds; the data block and this script then leave the page, which holds what
// it shows once, as if written so (printing, saving and links to #p-… see the same).
function drawReport(root) {
  const block = root.querySelector("script.report-data");
  if (!block) return;
  const d = JSON.parse(block.textContent);
  block.remove();
  const w = d.words;
  const marks = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"};
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => marks[c]);

  // A coordinate to a tenth without a trailing .0, rounded as Python's format does
  // (a tie to the even tenth; toFixed takes the exact value otherwise).
  function n(v) {
    let s = v.toFixed(1);
    const q = v * 4;
    if (Number.isInteger(q) && q % 2 !== 0) {
      const t = Math.floor(v * 10);
      s = ((t % 2 === 0 ? t : t + 1) / 10).toFixed(1);
    }
    return s.endsWith(".0") ? s.slice(0, -2) : s;
  }

  // The small charts: 200 × 90, the axes drawn once in the frames that each chart uses.
  const W = 200, H = 90, L = 30, B = 20, T = 8, R = 8;
  function frames() {
    const mid = T + (H - T - B) / 2;
    const frame = (kind, x, y) =>
      `<g id="frame-${kind}"><path fill="none" stroke="currentColor" d="M${L} ${T}V${H - B}H${W - R}"/>` +
      `<text x="${n(L + (W - L - R) / 2)}" y="${H - 1}" text-anchor="middle">${esc(x)}</text>` +
      `<text x="4" y="${n(mid)}" text-anchor="middle" transform="rotate(-90 4 ${n(mid)})" dy="4">${esc(y)}</text></g>`;
    return '<svg class="chart-frames" width="0" height="0" aria-hidden="true" style="position:absolute"><defs>' +
      frame("score", w.round, w.points) + frame("rating", w.game, w.rating) + "</defs></svg>";
  }
  function chart(kind, points, xMax, low, high, label, summary) {
    const spanX = W - L - R, spanY = H - T - B, top = Math.max(xMax, 1);
    const x = (r) => n(L + spanX * r / top);
    const y = (v) => n(T + spanY * (1 - (v - low) / (high - low)));
    const line = points.map(([r, v]) => x(r) + "," + y(v)).join(" ");
    return `<svg xmlns="http://www.w3.org/2000/svg" class="chart ${kind}" viewBox="0 0 ${W} ${H}" ` +
      `width="${W}" height="${H}" role="img" aria-label="${esc(label)}"><title>${esc(summary)}</title>` +
      `<use href="#frame-${kind}"/><polyline class="line" points="${line}"/>` +
      `<text x="${L - 3}" y="${H - B}">${esc(low)}</text><text x="${L - 3}" y="${T + 8}">${esc(high)}</text>` +
      `<text x="${x(1)}" y="${H - 8}">1</text>` +
      (xMax > 1 ? `<text x="${x(xMax)}" y="${H - 8}">${xMax}</text>` : "") + "</svg>";
  }
  function charts(score, rating) {
    const out = [];
    if (score) {
      const [total, after] = score;
      out.push(chart("score", [[0, 0], ...after.map((v, i) => [i + 1, v])], d.top, 0, d.top,
                     w.score_by_round, w.score_by_round + ": " + total));
    }
    if (rating) {
      const [low, high, series] = rating;
      out.push(chart("rating", series.map((v, i) => [i, v]), series.length - 1, low, high,
                     w.rating_by_game, w.rating_by_game + ": " + series.map(String).join(" → ")));
    }
    return out.length ? '<div class="charts">' +
      out.map((svg) => '<figure class="chart">' + svg + "</figure>").join("") + "</div>" : "";
  }

  const named = (at, to) => {
    const [, name, anchor] = d.people[at];
    return anchor ? `<a href="${esc(to + anchor)}">${esc(name)}</a>` : esc(name);
  };

  function game(g, to) {
    const cols = d.columns.length;
    const [round, opponent] = g;
    const kind = g[2 + cols] || "", note = g[3 + cols] || "";
    let who = "";
    if (opponent >= 0) {  // linked with his number, or (a reference opponent) named only
      const [id, , anchor] = d.people[opponent];
      who = named(opponent, to) + (anchor ? ` (${esc(id)})` : "");
    }
    if (kind) who += (who ? " · " : "") + `<span class="kind">${esc(kind)}</span>`;
    const cells = d.columns.map(([cls, shows], i) => {
      const c = (cls + (shows && note ? " note" : "")).trim();
      return `<td${c ? ` class="${esc(c)}"` : ""}>${esc(shows ? note || g[2 + i] : g[2 + i])}</td>`;
    });
    return `<tr${note ? ' class="unrated"' : ""}><td>${round}</td><td>${who}</td>${cells.join("")}</tr>`;
  }

  function player(p, head, to, back) {
    const [at, title, federation, rating, rank, totals, note, games, score, line] = p;
    const [id, name, anchor] = d.people[at];
    const table = games.length
      ? `<div class="scroll"><table class="games"><thead>${head}</thead><tbody>` +
        games.map((g) => game(g, to)).join("") + "</tbody></table></div>"
      : `<p class="note">${esc(w.no_games)}</p>`;
    const figures = d.totals.map(([label, wide], i) => totals[i]
      ? `<div${wide ? ' class="wide"' : ""}><dt>${esc(label)}</dt><dd>${esc(totals[i])}</dd></div>` : "");
    return `<section class="player" id="${esc(anchor)}"><header class="head"><div><h3>` +
      (title ? `<span class="ttl">${esc(title)}</span> ` : "") + `${esc(name)}</h3>` +
      `<p class="meta">${esc(w.id)} ${esc(id)} · ${esc(rating)}` +
      (federation ? ` · ${esc(federation)}` : "") + ` · ${esc(w.rank)} ${esc(rank)}</p></div>` +
      charts(score, line) + "</header>" + table +
      (note ? `<p class="note period">${esc(note)}</p>` : "") +
      `<dl class="totals">${figures.join("")}</dl>` +
      `<p class="back"><a href="${esc(back)}">↑ ${esc(w.back_to_standings)}</a></p></section>`;
  }

  function round([r, boards, byes], head) {
    const cell = (v) => `<td>${v}</td>`;
    const side = (at) => d.people[at];
    const rows = boards.map(([white, black, result, wp, bp], i) =>
      "<tr>" + cell(i + 1) + cell(esc(side(white)[0])) + cell(named(white, "#")) +
      cell(esc(side(white)[3])) + cell(esc(wp)) + cell(esc(result)) + cell(esc(bp)) +
      cell(esc(side(black)[3])) + cell(named(black, "#")) + cell(esc(side(black)[0])) + "</tr>");
    for (const [at, points, score, kind] of byes) {
      rows.push('<tr class="bye"><td></td>' + cell(esc(side(at)[0])) + cell(named(at, "#")) +
                cell(esc(side(at)[3])) + cell(esc(points)) + cell(esc(score)) +
                `<td colspan="4" class="kind">${esc(kind)}</td></tr>`);
    }
    return `<div class="round" id="round-${r}"><h3>${esc(w.round)} ${r}</h3><div class="scroll">` +
      `<table class="pairs"><thead>${head}</thead><tbody>${rows.join("")}</tbody></table></div></div>`;
  }

  for (const place of root.querySelectorAll("[data-draw]")) {
    const head = place.querySelector("template").innerHTML;
    const {draw, to, back} = place.dataset;
    place.outerHTML = draw === "players"
      ? frames() + d.players.map((p) => player(p, head, to, back)).join("")
      : d.rounds.map((day) => round(day, head)).join("");
  }
}
drawReport(document);
document.currentScript.remove();
