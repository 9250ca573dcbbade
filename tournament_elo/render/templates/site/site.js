/* The rating list's search box and sortable columns: no library, no network.
   Without JavaScript the tables read as written (the list by rating).  A page's
   columns sort its own rows; the list's search looks over the whole list. */
(function () {
  "use strict";

  /* Fold for searching and sorting, as the database folds names: lower case, no
     diacritics (NFD), Đ/đ as d (it has no decomposition), punctuation as a space. */
  function fold(text) {
    return text.replace(/[\u0110\u0111]/g, "d").normalize("NFD")
      .replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  function cellKey(cell, numeric) {
    var value = cell && cell.hasAttribute("data-v") ? cell.getAttribute("data-v")
      : (cell ? cell.textContent : "");
    if (numeric) {
      var n = parseFloat(value);
      return isNaN(n) ? -Infinity : n;
    }
    return fold(value);
  }

  function setUpSorting(table) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (row, i) { row.dataset.order = String(i); });
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, column) {
      var numeric = th.getAttribute("data-type") === "num";
      var button = document.createElement("button");
      button.type = "button";
      button.title = (table.getAttribute("data-sort-by") || "") + " " + th.textContent.trim();
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () {
        var current = th.getAttribute("aria-sort");
        var descending = current ? current === "ascending" : numeric;
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
        var keyed = Array.prototype.slice.call(body.rows).map(function (row) {
          return [cellKey(row.cells[column], numeric), Number(row.dataset.order), row];
        });
        keyed.sort(function (a, b) {
          var by = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
          return (descending ? -by : by) || a[1] - b[1];
        });
        keyed.forEach(function (k) { body.appendChild(k[2]); });
      });
    });
  }

  /* The search shards (search/*.js): scripts, as a page from file:// may not fetch
     JSON.  Each calls tournamentEloShards(keys) or tournamentEloShard(key, entries);
     an entry is [term, order, id, name, rating, change, title, federation, born, games,
     games in the period, K, FIDE id, federation id, place]: the order is the player's in
     the whole list, his place on the active players' list (a dash: inactive). */
  var shardKeys = null;
  var shards = {};
  var waiting = {};

  function load(src, name, done) {
    (waiting[name] = waiting[name] || []).push(done);
    if (waiting[name].length > 1) { return; }
    var script = document.createElement("script");
    script.src = src;
    script.onerror = function () { window.tournamentEloShard(name, []); };
    document.head.appendChild(script);
  }

  function ready(name, value) {
    var calls = waiting[name] || [];
    delete waiting[name];
    calls.forEach(function (call) { call(value); });
  }

  window.tournamentEloShards = function (keys) {
    shardKeys = keys;
    ready("", keys);
  };
  window.tournamentEloShard = function (key, entries) {
    shards[key] = entries;
    ready(key, entries);
  };

  /* A shard's file: its key's letters and digits, any other character as _<hex>_. */
  function shardFile(key) {
    return Array.from(key).map(function (c) {
      return /^[a-z0-9]$/.test(c) ? c : "_" + c.codePointAt(0).toString(16) + "_";
    }).join("") + ".js";
  }

  /* The entries whose term starts with the query, from every shard that may hold one. */
  function lookUp(base, query, done) {
    if (shardKeys === null) {
      load(base + "index.js", "", function () { lookUp(base, query, done); });
      return;
    }
    var wanted = shardKeys.filter(function (key) {
      return key.indexOf(query) === 0 || query.indexOf(key) === 0;
    });
    var left = wanted.length;
    function collect() {
      var seen = {};
      var found = [];
      wanted.forEach(function (key) {
        shards[key].forEach(function (entry) {
          if (entry[0].indexOf(query) === 0 && !seen[entry[2]]) {
            seen[entry[2]] = true;
            found.push(entry);
          }
        });
      });
      found.sort(function (a, b) { return a[1] - b[1]; });
      done(found);
    }
    if (!left) { collect(); return; }
    wanted.forEach(function (key) {
      if (shards[key]) { left -= 1; return; }
      load(base + shardFile(key), key, function () {
        left -= 1;
        if (!left) { collect(); }
      });
    });
    if (!left) { collect(); }
  }

  /* A found player's row, as the list's pages write it. */
  function listRow(entry, fedIds) {
    var row = document.createElement("tr");
    var active = /^[0-9]+$/.test(entry[14]);
    row.className = active ? "found" : "found inactive";
    var cells = [["num", entry[14], entry[1]], ["name"], ["num rtg", entry[4], entry[4]],
      ["num chg", entry[5], entry[5]], ["ttl", entry[6]], ["", entry[7]],
      ["num", entry[8], entry[8]], ["num", entry[9], entry[9]], ["num", entry[10], entry[10]],
      ["num", entry[11], entry[11]], ["id", entry[12]]];
    if (fedIds) { cells.push(["id", entry[13]]); }
    cells.forEach(function (cell, i) {
      var td = document.createElement("td");
      if (cell[0]) { td.className = cell[0]; }
      if (i === 1) {
        var link = document.createElement("a");
        link.href = "players/" + entry[2] + ".html";
        link.textContent = entry[3];
        td.appendChild(link);
      } else {
        td.textContent = String(cell[1]);
      }
      if (cell.length > 2) { td.setAttribute("data-v", String(cell[2])); }
      row.appendChild(td);
    });
    return row;
  }

  /* At most this many players found are shown. */
  var SHOWN = 1000;

  function setUpSearch(form) {
    var table = document.getElementById(form.getAttribute("data-for"));
    if (!table) { return; }
    var input = form.querySelector("input");
    var output = form.querySelector("output");
    var none = table.parentNode.parentNode.querySelector("p.none");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var base = form.getAttribute("data-shards");
    var fedIds = table.tHead.rows[0].cells.length > 11;
    var count = Number(table.getAttribute("data-count")) || rows.length;
    var asked = 0;
    /* What a row is found by: its words and ids, not its numbers. */
    var texts = rows.map(function (row) {
      return fold(Array.prototype.filter.call(row.cells, function (cell) {
        return !cell.classList.contains("num");
      }).map(function (cell) { return cell.textContent; }).join(" "));
    });
    function say(query, shown, of) {
      form.setAttribute("data-query", query);  /* the query the rows show */
      output.textContent = query ? shown + " " + table.getAttribute("data-shown") + " " +
        table.getAttribute("data-of") + " " + of : "";
      if (none) { none.hidden = !query || shown > 0; }
    }
    function clearFound() {
      Array.prototype.slice.call(table.querySelectorAll("tr.found")).forEach(function (row) {
        row.parentNode.removeChild(row);
      });
    }
    /* In this page's rows: a short query, or a table without shards (the events). */
    function filterPage(query) {
      var shown = 0;
      rows.forEach(function (row, i) {
        var hit = !query || texts[i].indexOf(query) >= 0;
        row.hidden = !hit;
        if (hit) { shown += 1; }
      });
      say(query, shown, rows.length);
    }
    function filter() {
      var query = fold(input.value);
      var ticket = ++asked;
      clearFound();
      if (!base || query.length < 2) {
        filterPage(query);
        return;
      }
      lookUp(base, query, function (found) {
        if (ticket !== asked) { return; }
        clearFound();
        rows.forEach(function (row) { row.hidden = true; });
        found.slice(0, SHOWN).forEach(function (entry) {
          body.appendChild(listRow(entry, fedIds));
        });
        say(query, Math.min(found.length, SHOWN), found.length > SHOWN ? found.length : count);
      });
    }
    input.addEventListener("input", filter);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.hidden = false;
    if (input.value) { filter(); }
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), setUpSorting);
    Array.prototype.forEach.call(document.querySelectorAll("form.search"), setUpSearch);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
