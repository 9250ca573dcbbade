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
  // The block's columns (render/sections.py): [width, digits] as whole numbers, and
  // [texts, width, digits] (or [texts], one text for every row) as each row's text.
  const digits = d.digits;
  const value = new Int32Array(128);
  for (let i = 0; i < digits.length; i++) value[digits.charCodeAt(i)] = i;
  function numbers([width, s]) {
    const out = new Int32Array(s.length / width);
    for (let i = 0, k = 0; i < out.length; i++) {
      let v = 0;
      for (let j = 0; j < width; j++) v = v * digits.length + value[s.charCodeAt(k++)];
      out[i] = v;
    }
    return out;
  }
  function column(c) {
    const [texts] = c;
    if (c.length === 1) return () => texts[0];
    const at = numbers(c.slice(1));
    return (i) => texts[at[i]];
  }
  // Where each row's run of a flat column starts, from the runs' lengths.
  function starts(lengths) {
    const out = new Int32Array(lengths.length + 1);
    lengths.forEach((n, i) => { out[i + 1] = out[i] + n; });
    return out;
  }
  const people = {number: d.people.number, name: d.people.name, anchor: d.people.anchor,
                  rating: column(d.people.rating)};
  const person = (at) => [people.number[at], people.name[at], people.anchor[at],
                          people.rating(at)];
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
    const [, name, anchor] = person(at);
    return anchor ? `<a href="${esc(to + anchor)}">${esc(name)}</a>` : esc(name);
  };

  const g = d.games;
  const gameRound = column(g.round), gameKind = column(g.kind), gameNote = column(g.note);
  const facing = numbers(g.opponent), gameCells = g.cells.map(column);
  function game(i, to) {
    const opponent = facing[i] - 1, kind = gameKind(i), note = gameNote(i);
    let who = "";
    if (opponent >= 0) {  // linked with his number, or (a reference opponent) named only
      const [id, , anchor] = person(opponent);
      who = named(opponent, to) + (anchor ? ` (${esc(id)})` : "");
    }
    if (kind) who += (who ? " · " : "") + `<span class="kind">${esc(kind)}</span>`;
    const cells = d.columns.map(([cls, shows], k) => {
      const c = (cls + (shows && note ? " note" : "")).trim(), text = gameCells[k](i);
      return `<td${c ? ` class="${esc(c)}"` : ""}>${esc(shows ? note || text : text)}</td>`;
    });
    return `<tr${note ? ' class="unrated"' : ""}><td>${esc(gameRound(i))}</td><td>${who}</td>${cells.join("")}</tr>`;
  }

  const p = d.players;
  const title = column(p.title), federation = column(p.federation);
  const ratingLine = column(p.rating), rank = column(p.rank), noteOf = column(p.note);
  const totals = p.totals.map(column), gamesAt = starts(numbers(p.games));
  const scoreTotal = column(p.score[0]), scoreAt = starts(numbers(p.score[1]));
  const scorePoints = column(p.score[2]);
  const low = column(p.rating_chart[0]), high = column(p.rating_chart[1]);
  const seriesAt = starts(numbers(p.rating_chart[2])), seriesPoints = column(p.rating_chart[3]);
  const run = (at, i, read) => {
    const out = [];
    for (let k = at[i]; k < at[i + 1]; k++) out.push(Number(read(k)));
    return out;
  };
  function player(i, head, to, back) {
    const [id, name, anchor] = person(i);
    const rows = [];
    for (let k = gamesAt[i]; k < gamesAt[i + 1]; k++) rows.push(game(k, to));
    const table = rows.length
      ? `<div class="scroll"><table class="games"><thead>${head}</thead><tbody>` +
        rows.join("") + "</tbody></table></div>"
      : `<p class="note">${esc(w.no_games)}</p>`;
    const figures = d.totals.map(([label, wide], k) => {
      const t = totals[k](i);
      return t ? `<div${wide ? ' class="wide"' : ""}><dt>${esc(label)}</dt><dd>${esc(t)}</dd></div>` : "";
    });
    const score = scoreAt[i + 1] > scoreAt[i] ? [scoreTotal(i), run(scoreAt, i, scorePoints)] : null;
    const line = seriesAt[i + 1] > seriesAt[i]
      ? [Number(low(i)), Number(high(i)), run(seriesAt, i, seriesPoints)] : null;
    const t = title(i), fed = federation(i), note = noteOf(i);
    return `<section class="player" id="${esc(anchor)}"><header class="head"><div><h3>` +
      (t ? `<span class="ttl">${esc(t)}</span> ` : "") + `${esc(name)}</h3>` +
      `<p class="meta">${esc(w.id)} ${esc(id)} · ${esc(ratingLine(i))}` +
      (fed ? ` · ${esc(fed)}` : "") + ` · ${esc(w.rank)} ${esc(rank(i))}</p></div>` +
      charts(score, line) + "</header>" + table +
      (note ? `<p class="note period">${esc(note)}</p>` : "") +
      `<dl class="totals">${figures.join("")}</dl>` +
      `<p class="back"><a href="${esc(back)}">↑ ${esc(w.back_to_standings)}</a></p></section>`;
  }

  function round([r, boards, byes], head) {
    const cell = (v) => `<td>${v}</td>`;
    const white = numbers(boards.white), black = numbers(boards.black);
    const result = column(boards.result);
    const whitePoints = column(boards.white_points), blackPoints = column(boards.black_points);
    const rows = [];
    for (let i = 0; i < white.length; i++) {
      const [wn, , , wr] = person(white[i]), [bn, , , br] = person(black[i]);
      rows.push("<tr>" + cell(i + 1) + cell(esc(wn)) + cell(named(white[i], "#")) +
        cell(esc(wr)) + cell(esc(whitePoints(i))) + cell(esc(result(i))) +
        cell(esc(blackPoints(i))) + cell(esc(br)) + cell(named(black[i], "#")) +
        cell(esc(bn)) + "</tr>");
    }
    for (const [at, points, score, kind] of byes) {
      const [number, , , rating] = person(at);
      rows.push('<tr class="bye"><td></td>' + cell(esc(number)) + cell(named(at, "#")) +
                cell(esc(rating)) + cell(esc(points)) + cell(esc(score)) +
                `<td colspan="4" class="kind">${esc(kind)}</td></tr>`);
    }
    return `<div class="round" id="round-${r}"><h3>${esc(w.round)} ${r}</h3><div class="scroll">` +
      `<table class="pairs"><thead>${head}</thead><tbody>${rows.join("")}</tbody></table></div></div>`;
  }

  for (const place of root.querySelectorAll("[data-draw]")) {
    const head = place.querySelector("template").innerHTML;
    const {draw, to, back} = place.dataset;
    place.outerHTML = draw === "players"
      ? frames() + Array.from({length: gamesAt.length - 1},
                              (_, i) => player(i, head, to, back)).join("")
      : d.rounds.map((day) => round(day, head)).join("");
  }
}
drawReport(document);
document.currentScript.remove();
